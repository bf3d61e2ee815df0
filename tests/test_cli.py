"""The command line: simulate, replay and play, and one-line errors for bad input."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pirate_rules.bots import bot_names
from pirate_rules.cli import main
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate import play_game as play_pirate
from pirate_rules.pirate import to_record as pirate_record
from pirate_rules.records import MAX_RECORD_BYTES, replay
from pirate_rules.simulate import play_match
from pirate_rules.terminal import play


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(path: Path, data: Any) -> str:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str], game: str) -> None:
    status, out, err = run(capsys, "simulate", game, "--games", "6", "--seed", "3")
    assert status == 0, err
    assert out.startswith("6 games of ")
    assert "seat 0" in out and "seat 1" in out and "mean game" in out and "longest game" in out
    assert ("needed a reshuffle" in out) == (game == "marvin")


def test_simulate_json_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "marvin", "--games", "8", "--json")
    summary = json.loads(out)
    assert status == 0
    assert summary["game"] == "marvins-pirates-go"
    assert sum(summary["wins"]) + summary["draws"] == 8
    assert summary["longest"] >= summary["mean_length"] > 0


def test_simulate_is_the_same_on_one_or_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = run(capsys, "simulate", "pirate", "--games", "6", "--json")
    _, two, _ = run(capsys, "simulate", "pirate", "--games", "6", "--json", "--jobs", "2")
    assert json.loads(one) == json.loads(two)


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_simulate_writes_records_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    status, _, _ = run(capsys, "simulate", game, "--games", "3", "--seed", "10", "--records",
                       str(tmp_path))  # fmt: skip
    assert status == 0
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"{game}-10.json", f"{game}-11.json", f"{game}-12.json"]
    status, out, err = run(capsys, "replay", str(files[0]), "--json")
    assert status == 0, err
    summary = json.loads(out)
    expected = play_match(game, 10)
    assert summary["winner"] == expected.outcome().winner
    if game == "marvin":
        assert set(summary) == {"game", "winner", "turns"}
        assert summary["turns"] == expected.turn
    else:
        assert set(summary) == {"game", "winner", "moments", "ships", "sunk"}
        assert summary["moments"] == expected.moment


def test_simulate_progress_bar_draws_when_forced(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "marvin", "--games", "4", "--progress")
    assert status == 0
    assert "4/4 games" in err and "games/s" in err and "done in" in err
    status, _, err = run(capsys, "simulate", "marvin", "--games", "4")
    assert status == 0 and err == ""  # standard error is not a terminal here


def test_replay_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = marvin_record(play_match("marvin", 4))
    status, out, _ = run(capsys, "replay", write(tmp_path / "r.json", record))
    assert status == 0
    assert out.startswith("Marvin's Pirates Go!: every move is legal;")
    assert "won." in out


def test_replay_names_the_turn_and_rule_of_an_illegal_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = marvin_record(play_match("marvin", 4))
    turn = next(i for i, t in enumerate(record["turns"]) if t.get("target") in ("GL", "GR"))
    record["turns"][turn]["target"] = "CL" if record["turns"][turn]["target"] == "GL" else "CR"
    status, out, err = run(capsys, "replay", write(tmp_path / "r.json", record))
    assert status == 1 and out == ""
    assert err.startswith(f"pirate-rules: error: turn {turn + 1}: ")
    assert err.rstrip().endswith(")") and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"game": "go", "format": 1}', "unknown game 'go'"),
        ('{"game": "pirate", "format": 2}', "unsupported record format 2"),
    ],
)
def test_replay_refuses_malformed_records_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    status, _, err = run(capsys, "replay", write(tmp_path / "r.json", content))
    assert status == 1
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_refuses_a_deck_that_is_not_a_permutation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = marvin_record(play_match("marvin", 2))
    record["deck"][1] = record["deck"][0]
    status, _, err = run(capsys, "replay", write(tmp_path / "r.json", record))
    assert status == 1 and err.count("\n") == 1


def test_replay_refuses_an_oversized_record_unread(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    status, _, err = run(capsys, "replay", str(path))
    assert status == 1 and "too large" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "marvin", "--bogus"], "unrecognized arguments: --bogus"),
        (["simulate", "chess"], "invalid choice: 'chess'"),
        (["simulate", "marvin", "--games", "x"], "not a whole number: 'x'"),
        (["simulate", "marvin", "--bots", "random"], "--bots: give two bots separated by"),
        (["simulate", "marvin", "--bots", "random,nobody"], "--bots: unknown marvin bot 'nobody'"),
        (["simulate", "marvin", "--bots", "random,nowhere.py:X"], "there is no file nowhere.py"),
        (["simulate", "marvin", "--bots", "random,no_such_module:X"], "no module 'no_such_module'"),
        (["simulate", "marvin", "--jobs", "-1"], "argument --jobs: must be at least 0, not -1"),
        (["simulate", "marvin", "--seed", "1.5"], "argument --seed: not a whole number: '1.5'"),
        (["play", "pirate", "--bot", "nobody"], "--bot: unknown pirate bot 'nobody'"),
        (["play", "marvin", "--name", ""], "--name: your name cannot be empty"),
        (["play", "marvin", "--name", "  "], "--name: your name cannot be empty"),
        (["play", "marvin", "--name", "a\x1bb"], "--name: your name must be printable"),
        (["play", "marvin", "--record", "no/such/folder/g.json"], "--record: there is no folder"),
        (["play", "marvin", "--record", "."], "--record: . is a folder"),
        (["bots", "chess"], "invalid choice: 'chess'"),
        (["replay"], "required: file"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_command_lines_get_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err and err.count("\n") == 1


def test_play_marvin_to_the_end_and_save_the_record(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "game.json"
    status = play("marvin", bot="random", seed=5, record=str(path), read=lambda _: "1", out=out)
    assert status == 0
    text = out.getvalue()
    assert "Seed 5" in text and ("You win" in text or "wins after" in text)
    assert main(["replay", str(path)]) == 0


def test_play_pirate_refuses_an_illegal_action_then_stops(tmp_path: Path) -> None:
    answers = iter(["p", "t", "q"])
    out = io.StringIO()
    path = tmp_path / "game.json"
    status = play("pirate", bot="fast", seed=1, record=str(path), read=lambda _: next(answers),
                  out=out)  # fmt: skip
    text = out.getvalue()
    assert status == 0
    assert "Not that:" in text and "(P6)" in text
    assert "unfinished" in text
    assert json.loads(path.read_text())["moments"][0][0] == "T"


def test_play_ends_cleanly_when_input_ends() -> None:
    def closed(_: str) -> str:
        raise EOFError

    out = io.StringIO()
    assert play("marvin", bot="random", seed=1, read=closed, out=out) == 0
    assert "unfinished" in out.getvalue()


def test_module_and_console_script_run() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "simulate", "pirate", "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "2 games of Pirate" in done.stdout
    script = shutil.which("pirate-rules", path=str(Path(sys.executable).parent))
    assert script, "the pirate-rules console script is not installed"
    done = subprocess.run([script, "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("pirate-rules ")


def test_a_game_stopped_at_a_move_limit_is_counted_as_unfinished() -> None:
    from pirate_rules.pirate import play_game
    from pirate_rules.simulate import Summary, result_of

    stopped = play_game(("fast", "fast"), 1, max_moments=10)
    result = result_of("pirate", stopped, 1)
    assert (result.winner, result.ended_by, result.length) == (None, "unfinished", 10)
    assert any("unfinished" in line for line in Summary.of([result]).lines())


def test_simulate_takes_a_bot_class_by_module_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "my_bots.py").write_text(
        "from pirate_rules.marvin.bots import RandomBot\n\nclass Mine(RandomBot):\n    pass\n"
    )
    monkeypatch.chdir(tmp_path)
    status, out, err = run(
        capsys, "simulate", "marvin", "--games", "2", "--bots", "my_bots:Mine,random"
    )
    assert status == 0, err
    assert "seat 0 (my_bots:Mine) wins" in out
    status, out, err = run(
        capsys, "simulate", "marvin", "--games", "2", "--bots", "random,my_bots.py:Mine"
    )
    assert status == 0, err
    assert "seat 1 (my_bots.py:Mine) wins" in out
    status, _, err = run(capsys, "simulate", "marvin", "--bots", "my_bots:Nobody,random")
    assert status == 2 and "--bots: bot 'my_bots:Nobody': my_bots has no 'Nobody'" in err
    (tmp_path / "not_bots.py").write_text("class Mine:\n    pass\n")
    status, _, err = run(capsys, "simulate", "marvin", "--bots", "random,not_bots:Mine")
    assert status == 1 and "in seat 1: Mine is not a bot class" in err


def test_simulate_jobs_zero_uses_every_core(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "marvin", "--games", "4", "--jobs", "0", "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 4


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_help_lists_bots_defaults_and_examples(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, out, _ = run(capsys, command, "--help")
    assert status == 0
    lines = out.splitlines()
    assert any(line.startswith(("Play ", "Play")) for line in lines[:12])  # a description
    for game in ("marvin", "pirate"):
        for name in bot_names(game):
            # each bot on a line of its own, with what it does
            assert any(line.split()[:1] == [name] and len(line.split()) > 1 for line in lines)
    assert sum(line.startswith("  pirate-rules ") for line in lines) == 2
    assert "(0)" in out or "(random)" in out  # the default seed
    assert "random,random" in out or "sensible" in out  # the default bots


def test_replay_and_bots_have_help_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("replay", "bots"):
        status, out, _ = run(capsys, command, "--help")
        assert (
            status == 0
            and sum(line.startswith("  pirate-rules ") for line in out.splitlines()) == 2
        )


def test_bots_lists_each_bot_with_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bots", "pirate")
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == bot_names("pirate")
    status, out, _ = run(capsys, "bots")
    assert status == 0 and "Marvin's Pirates Go! (marvin):" in out and "Pirate (pirate):" in out


@pytest.mark.parametrize(("game", "bots"), [("marvin", "random,sensible"), ("pirate", "fast,fast")])
def test_records_name_the_bots_as_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, bots: str
) -> None:
    path = tmp_path / "games.jsonl"
    status, _, err = run(capsys, "simulate", game, "--bots", bots, "--games", "3",
                         "--records", str(path))  # fmt: skip
    assert status == 0, err
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    players = json.loads(lines[0])["players"]
    first, second = bots.split(",")
    if first == second:
        assert players == [f"{first} (seat 0)", f"{second} (seat 1)"]
    else:
        assert players == [first, second]
    assert all(" " not in line.split('"players"')[0] for line in lines)  # compact JSON


@pytest.mark.parametrize("target", ["games.jsonl", "folder"])
def test_records_are_not_overwritten_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str
) -> None:
    where = str(tmp_path / target)
    argv = ["simulate", "pirate", "--games", "2", "--records", where]
    assert run(capsys, *argv)[0] == 0
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("pirate-rules: error: --records: ") and "--force" in err
    status, out, _ = run(capsys, *argv, "--force")
    assert status == 0 and "records written to" in out


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = json.dumps(marvin_record(play_match("marvin", 4)), indent=2)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(record.encode())))
    status, out, _ = run(capsys, "replay", "-")
    assert status == 0 and out.startswith("Marvin's Pirates Go!: every move is legal;")


def test_replay_of_a_collection_names_the_failing_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    assert run(capsys, "simulate", "marvin", "--games", "6", "--records", str(path))[0] == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    broken = json.loads(lines[3])
    broken["turns"][0]["card"] = "ZZ"
    lines[3] = json.dumps(broken)
    lines[4] = lines[4][:50]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 1
    assert out.splitlines()[0] == f"{path}: 6 records, 4 replay and 2 do not."
    assert "  line 4: turn 1: 'card': not a card: 'ZZ'" in out
    assert "  line 5: not valid JSON" in out
    assert err == "pirate-rules: error: 2 of 6 records do not replay\n"
    status, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert (status, report["records"], report["failed"]) == (1, 6, 2)
    assert [failure["line"] for failure in report["failures"]] == [4, 5]


def test_several_records_on_lines_of_any_file_are_a_collection(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = "".join(json.dumps(marvin_record(play_match("marvin", s))) + "\n" for s in range(2))
    status, out, _ = run(capsys, "replay", write(tmp_path / "two.json", text))
    assert status == 0 and "2 records, every move of every game is legal." in out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=True), "'format' must be 1, not boolean true"),
        (lambda d: d.update(first=True), "'first' must be a whole number, not boolean true"),
        (lambda d: d.update(options={"jokers": False}), "'jokers' must be a whole number"),
        (lambda d: d.update(players=["Ann", "Ann"]), "two different names, not 'Ann' twice"),
        (lambda d: d.update(game="pirate"), "this looks like a Marvin's Pirates Go! record"),
        (lambda d: d.pop("game"), "missing 'game': this looks like a Marvin's Pirates Go!"),
        (lambda d: d.clear(), "not a game record: it has no 'game' and no 'format'"),
        (lambda d: d.update(result={"winner": 1.0}), "'winner' must be 0 or 1, not number 1.0"),
    ],
)
def test_records_are_read_strictly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, message: str
) -> None:
    data = marvin_record(play_match("marvin", 4))
    change(data)
    status, _, err = run(capsys, "replay", write(tmp_path / "r.json", data))
    assert status == 1 and message in err and err.count("\n") == 1


def test_unknown_keys_travel_and_names_print_safely(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = pirate_record(play_pirate(("fast", "slow"), 3))
    winner = data["result"]["winner"]
    assert winner is not None
    data["players"][winner] = "Ann\x1b[2J"
    data["note"] = "a friendly game"
    data["result"]["by"] = "whoever"
    status, out, _ = run(capsys, "replay", write(tmp_path / "r.json", data))
    assert status == 0 and "\x1b" not in out
    assert out.rstrip().endswith("Ann\\x1b[2J won.")


def test_a_record_of_the_other_game_is_told_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = pirate_record(play_pirate(("fast", "slow"), 3))
    data["game"] = "marvins-pirates-go"
    status, _, err = run(capsys, "replay", write(tmp_path / "r.json", data))
    assert status == 1 and "this looks like a Pirate record" in err


def test_terminal_marvin_help_range_and_no_redraw(tmp_path: Path) -> None:
    answers = iter(["?", "99", "", "zz", "q"])
    out = io.StringIO()
    play("marvin", bot="random", seed=2, read=lambda _: next(answers), out=out)
    text = out.getvalue()
    assert "Answer with the number of a move" in text
    assert "Not that: choose 1 to " in text
    assert text.count("bank:") == 1  # the table is drawn once: refusals do not redraw it
    assert "Stopped; the game is unfinished." in text


def test_terminal_pirate_auto_and_fast_forward_make_a_game_short(tmp_path: Path) -> None:
    prompts = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "f" if len(prompts) % 2 else "p" if "/P" in prompt else "t"

    path = tmp_path / "game.json"
    out = io.StringIO()
    status = play("pirate", bot="slow", seed=5, record=str(path), auto=True, read=answer,
                  out=out)  # fmt: skip
    assert status == 0
    game = replay(json.loads(path.read_text()))
    assert game.is_terminal()
    assert len(prompts) < game.moment / 10  # a handful of prompts, not one per moment
    assert all(", auto-turn on" in prompt for prompt in prompts)


def test_terminal_pirate_help_and_toggle() -> None:
    answers = iter(["?", "a", "a", "f x", "q"])
    out = io.StringIO()
    play("pirate", bot="fast", seed=1, read=lambda _: next(answers), out=out)
    text = out.getvalue()
    assert "fast-forward" in text and "Auto-turn is on." in text and "Auto-turn is off." in text
    assert "Not that: f, or f and a number" in text


def test_each_games_records_import_without_the_shared_dispatcher() -> None:
    code = (
        "import sys, pirate_rules.marvin.record, pirate_rules.pirate.record;"
        "print('pirate_rules.records' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


# -- only the named file is touched --------------------------------------------------------


def test_a_record_file_name_is_not_a_folder_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "simulate", "marvin", "--games", "2", "--records", "games.json")
    assert status == 2 and "games.json is the name of one record's file" in err
    status, _, err = run(capsys, "simulate", "marvin", "--games", "2", "--records", "-", "--json")
    assert status == 2 and "--records - and --json both write to standard output" in err
    status, _, err = run(capsys, "play", "marvin", "--record", "-")
    assert status == 2 and "standard output shows the game" in err
    assert list(tmp_path.iterdir()) == []  # no folder named games.json, nor one named -


def test_records_on_standard_output(capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "pirate", "--games", "3", "--records", "-"]) == 0
    out, err = capfd.readouterr()
    assert [replay(line).is_terminal() for line in out.splitlines()] == [True] * 3
    assert err.startswith("3 games of Pirate") and "records written to standard output" in err


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_a_device_or_a_named_pipe_is_written_into_not_replaced(
    tmp_path: Path, command: str
) -> None:
    import os
    import stat
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()))
    reader.start()
    targets = [str(pipe), "/dev/null"]
    if os.geteuid() == 0:  # a device of our own, made as root: the null device
        device = tmp_path / "null"
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        targets.append(str(device))
    for target in targets:
        if command == "simulate":
            assert main(["simulate", "marvin", "--games", "2", "--records", target]) == 0
        else:
            assert play("marvin", seed=1, record=target, read=lambda _: "q",
                        out=io.StringIO()) == 0  # fmt: skip
        if target == str(pipe):
            reader.join(30)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)
    for target in targets[2:]:
        assert stat.S_ISCHR(Path(target).stat().st_mode)
    text = received[0].decode()
    if command == "simulate":
        assert len(text.splitlines()) == 2 and all(replay(line) for line in text.splitlines())
    else:
        assert replay(text).turn == 0


def test_a_symbolic_link_keeps_pointing_at_the_record(tmp_path: Path) -> None:
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    link.symlink_to(target.name)
    assert play("marvin", seed=1, record=str(link), read=lambda _: "q", out=io.StringIO()) == 0
    assert link.is_symlink() and replay(target.read_text()).turn == 0
    lines, lines_link = tmp_path / "real.jsonl", tmp_path / "link.jsonl"
    lines_link.symlink_to(lines.name)
    assert main(["simulate", "pirate", "--games", "2", "--records", str(lines_link)]) == 0
    assert lines_link.is_symlink() and len(lines.read_text().splitlines()) == 2


def test_records_get_the_users_umask(tmp_path: Path) -> None:
    import os

    before = os.umask(0o027)
    try:
        play("marvin", seed=1, record=str(tmp_path / "game.json"), read=lambda _: "q",
             out=io.StringIO())  # fmt: skip
        assert main(["simulate", "marvin", "--games", "1", "--records",
                     str(tmp_path / "games.jsonl")]) == 0  # fmt: skip
        assert main(["simulate", "marvin", "--games", "1", "--records",
                     str(tmp_path / "folder")]) == 0  # fmt: skip
    finally:
        os.umask(before)
    for name in ("game.json", "games.jsonl", "folder/marvin-0.json"):
        path = tmp_path / name
        assert path.stat().st_mode & 0o777 == 0o640, path
    assert [path.name for path in tmp_path.rglob(".*")] == []  # no temporary file left


def test_force_says_what_it_cannot_do(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    status, _, err = run(capsys, "simulate", "marvin", "--games", "1", "--records",
                         str(a_file), "--force")  # fmt: skip
    assert status == 2 and "is a file, not a folder" in err and "add --force" not in err
    status, _, err = run(capsys, "play", "marvin", "--record", str(tmp_path), "--force")
    assert status == 2 and "is a folder" in err and "add --force" not in err
    assert a_file.read_text() == "mine"


def test_force_into_a_folder_leaves_only_this_runs_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    assert run(capsys, "simulate", "marvin", "--games", "4", "--records", str(folder))[0] == 0
    assert run(capsys, "simulate", "pirate", "--games", "1", "--records", str(folder))[0] == 2
    (folder / "notes.txt").write_text("mine")
    argv = ["simulate", "pirate", "--games", "2", "--seed", "10", "--records", str(folder)]
    assert run(capsys, *argv, "--force")[0] == 0
    assert sorted(path.name for path in folder.iterdir()) == [
        "notes.txt", "pirate-10.json", "pirate-11.json"]  # fmt: skip
    status, out, _ = run(capsys, "replay", str(folder) + "/")
    assert status == 0 and out.startswith(f"{folder}/: 2 records, every move of every game")


def test_replay_reads_a_folder_of_records_naming_the_failing_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "games"
    assert run(capsys, "simulate", "marvin", "--games", "12", "--records", str(folder))[0] == 0
    (folder / "marvin-10.json").write_text("{not json")
    status, out, err = run(capsys, "replay", str(folder))
    assert status == 1 and "12 records, 11 replay and 1 does not." in out
    assert "  marvin-10.json: not valid JSON" in out
    assert err == "pirate-rules: error: 1 of 12 records does not replay\n"
    status, out, _ = run(capsys, "replay", str(folder), "--json")
    assert json.loads(out)["failures"] == [
        {"file": "marvin-10.json", "error": json.loads(out)["failures"][0]["error"]}
    ]


# -- output that tells the truth -----------------------------------------------------------


def test_an_empty_collection_has_nothing_to_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = write(tmp_path / "empty.jsonl", "")
    status, out, err = run(capsys, "replay", empty)
    assert status == 1 and out == ""
    assert err == f"pirate-rules: error: {empty} holds no record: there was nothing to check\n"


def test_counts_of_one_are_singular(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one = tmp_path / "one.jsonl"
    status, out, _ = run(capsys, "simulate", "marvin", "--games", "1", "--records", str(one))
    assert status == 0 and out.startswith("1 game of Marvin's Pirates Go!")
    status, out, _ = run(capsys, "replay", str(one))
    assert status == 0 and out.startswith(f"{one}: 1 record, every move is legal.")
    short = marvin_record(play_match("marvin", 4))
    short["turns"] = short["turns"][:1]
    del short["result"]
    status, out, _ = run(capsys, "replay", write(tmp_path / "r.json", short))
    assert status == 0 and "every move is legal; 1 turn; the game is unfinished." in out


def test_an_over_long_line_is_told_with_its_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = json.dumps(marvin_record(play_match("marvin", 4)))
    path = tmp_path / "games.jsonl"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1000) + b"\n" + good.encode() + b"\n")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 1 and "2 records, 1 replays and 1 does not." in out
    size = MAX_RECORD_BYTES + 1000
    assert f"line 1: record too large: {size:,} bytes (the limit is {MAX_RECORD_BYTES:,})" in out


class Endless(io.RawIOBase):
    """Standard input that never ends, as ``yes | tr -d '\\n'`` is; ``head`` comes first."""

    def __init__(self, head: bytes = b"") -> None:
        self.head = head

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.head:
            size = min(len(buffer), len(self.head))
            buffer[:size], self.head = self.head[:size], self.head[size:]
            return size
        buffer[:] = b"y" * len(buffer)
        return len(buffer)


@pytest.mark.parametrize("head", [b"", b"JSON LINES"])
def test_standard_input_is_limited_as_files_are(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, head: bytes
) -> None:
    if head:  # one good record on its first line: a collection, whose second line is endless
        head = json.dumps(marvin_record(play_match("marvin", 4))).encode() + b"\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(Endless(head))))
    status, out, err = run(capsys, "replay", "-")
    assert status == 1 and err.count("\n") == 1
    if head:
        assert "2 records, 1 replays and 1 does not." in out
        assert "stopped at line 2, which is over the size limit: what follows was not read" in err
    else:
        assert err == (
            f"pirate-rules: error: record too large: more than {MAX_RECORD_BYTES:,} bytes\n"
        )


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_a_deeply_nested_record_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, where: str
) -> None:
    for text in ("[" * 990 + "]" * 990, '{"game": "pirate", "moments": ' + "[" * 5000):
        path = write(tmp_path / "deep.json", text)
        if where == "stdin":
            monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
            path = "-"
        status, out, err = run(capsys, "replay", path)
        assert status == 1 and out == "" and err.count("\n") == 1
        assert "nested more than 32 deep" in err


def test_json_errors_say_the_place_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "replay", write(tmp_path / "r.json", '{"game": "pir'))
    assert status == 1 and "Unterminated string starting at line 1, column 10" in err
    assert "at at" not in err


def test_a_name_too_long_for_the_system_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    long = str(tmp_path / ("a" * 5000))
    for argv, status in (
        (["replay", long + ".json"], 1),
        (["play", "marvin", "--record", long + ".json"], 2),
        (["simulate", "marvin", "--bots", f"random,{long}.py:Mine"], 2),
        (["simulate", "marvin", "--records", long + ".jsonl"], 2),
        (["simulate", "marvin", "--records", long], 2),
    ):
        got, out, err = run(capsys, *argv)
        assert (got, out) == (status, ""), err
        assert err.count("\n") == 1 and "File name too long" in err


@pytest.mark.parametrize("answer", ["²", "٣", "9" * 5000, "0" * 4999 + "1"])
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_any_number_at_the_prompt_is_answered(game: str, answer: str) -> None:
    answers = iter([answer, f"f {answer}", "q"])
    out = io.StringIO()
    assert play(game, bot="random", seed=1, read=lambda _: next(answers), out=out) == 0
    text = out.getvalue()
    if game == "marvin":
        assert "Not that: choose 1 to " in text
    else:
        assert "Not that: f, or f and a number of moments such as f 20." in text
    assert "Stopped; the game is unfinished." in text


def test_the_bots_moves_are_told_as_its_own() -> None:
    out = io.StringIO()
    play("marvin", bot="sensible", seed=7, read=lambda _: "1", out=out)
    told = [line for line in out.getvalue().splitlines() if line.startswith("sensible bot: ")]
    assert told and not any(" your " in line for line in told)
    assert any(" its " in line or "'s " in line for line in told)


def test_jobs_are_never_more_than_processors_or_games(monkeypatch: pytest.MonkeyPatch) -> None:
    from pirate_rules import simulate

    asked: list[int] = []
    real = simulate._Pool.__init__

    def pool(self: Any, jobs: int) -> None:
        asked.append(jobs)
        real(self, jobs)

    monkeypatch.setattr(simulate._Pool, "__init__", pool)
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 2)
    assert len(list(simulate.iter_games("pirate", range(3), jobs=1000))) == 3
    assert main(["simulate", "pirate", "--games", "1", "--jobs", "1000"]) == 0
    assert asked == [2]  # and none for the one game: it is played here


def test_the_progress_bar_fits_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from pirate_rules.simulate import Progress

    class Terminal(io.StringIO):
        def fileno(self) -> int:
            return 2

    stream = Terminal()
    bar = Progress(10_000, "marvin tests/bots/my_own_bot.py:Mine vs random", stream, force=True)
    for columns in (120, 80, 40, 20):
        size = os.terminal_size((columns, 24))
        monkeypatch.setattr(os, "get_terminal_size", lambda *_, size=size: size)
        bar.done = 5000
        bar.draw(bar.started + 1)
        drawn = stream.getvalue().split("\r")[-1]
        assert len(drawn) == columns - 1 and "\n" not in drawn, (columns, drawn)
        assert "5,000/10,000 games" in drawn or columns < 40
