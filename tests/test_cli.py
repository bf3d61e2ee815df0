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

from pirate_rules.cli import main
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.records import MAX_RECORD_BYTES
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
    assert "4/4 games" in err


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
        (["simulate", "marvin", "--bots", "random"], "two bot names"),
        (["simulate", "marvin", "--bots", "random,nobody"], "unknown marvin bot 'nobody'"),
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
    status, _, err = run(capsys, "simulate", "marvin", "--bots", "my_bots:Nobody,random")
    assert status == 2 and "is not a bot class" in err


def test_simulate_jobs_zero_uses_every_core(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "marvin", "--games", "4", "--jobs", "0", "--json")
    assert status == 0, err
    assert json.loads(out)["games"] == 4
