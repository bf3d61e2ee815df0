"""Faulty bots are reported in one line, never crashed on: simulate and play, both games.

Each file in ``tests/bots/`` holds one bot with one fault (``*_hostile.py`` and
``*_sneaky.py`` hold several). Every fault must come out as one line on standard error
that names the bot, its seat, the game's seed and turn or moment when a game had
started, what went wrong, the file and line of the bot's code, the rule id for an
illegal move, and how many games were kept; exit status 1; ``--traceback`` adds the
traceback. A bot that changes the game it is shown is caught in any game, whatever it
changes; the records written are exactly the games before the first fault, in seed
order, the same for one process or two.
"""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest

from pirate_rules.bots import bot_class, bot_names
from pirate_rules.cli import main
from pirate_rules.errors import BotError
from pirate_rules.referee import is_trusted, play_refereed
from pirate_rules.simulate import Task, play_batch, play_match, run_games
from pirate_rules.terminal import play

ROOT = Path(__file__).resolve().parent.parent
BOTS = Path("tests/bots")

# fault: (what the message says, line of the bot's file, when: in a game, before one, or "")
FAULTS = {
    "syntax": ("cannot be imported: SyntaxError: invalid syntax", 6, ""),
    "import_fails": ("cannot be imported: KeyError: 'CL'", 5, ""),
    "bad_init": ("cannot be created: TypeError: ", 7, "before"),
    "no_choose": ("Faulty has no choose(game, player) method", 6, ""),
    "raises": ("choose() raised KeyError: 'hits'", 10, "game"),
    "illegal": ("an illegal ", None, "game"),
    "malformed": ("which is not a", 7, "game"),
    "mutates": ("choose() changed the game it was shown", None, "game"),
}
RULES = {"marvin": "M", "pirate": "P"}
OTHER = {"marvin": "random", "pirate": "fast"}
SEAT = {"marvin": 1, "pirate": 0}
"""The faulty bot sits in seat 1 for Marvin and seat 0 for Pirate, so both are checked."""


@pytest.fixture(autouse=True)
def in_the_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def faulty(game: str, fault: str) -> str:
    return f"{BOTS / f'{game}_{fault}.py'}:Faulty"


def bots_for(game: str, fault: str) -> str:
    pair = [OTHER[game], OTHER[game]]
    pair[SEAT[game]] = faulty(game, fault)
    return ",".join(pair)


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_simulate_reports_a_faulty_bot_in_one_line(
    capsys: pytest.CaptureFixture[str], game: str, fault: str, jobs: str
) -> None:
    argv = ["simulate", game, "--bots", bots_for(game, fault), "--seed", "3", "--games", "6"]
    status = main([*argv, "--jobs", jobs])
    err = one_line(capsys)
    assert status == 1
    words, line, when = FAULTS[fault]
    assert err.startswith(f"pirate-rules: error: bot '{faulty(game, fault)}' in seat {SEAT[game]}")
    assert words in err
    if line is not None:
        assert f"({BOTS / f'{game}_{fault}.py'}:{line}" in err
    else:
        assert f"({BOTS / f'{game}_{fault}.py'}:" in err
    if when == "game":
        assert ", game seed 3, " + ("turn " if game == "marvin" else "moment ") in err
    elif when == "before":
        assert ", game seed 3, before the game: " in err
    else:
        assert f"in seat {SEAT[game]}: " in err
    if fault == "illegal":
        assert f", {RULES[game]}" in err and ")" in err.split(f", {RULES[game]}")[1]
    if when:  # the run had begun: it says how much of it was kept
        assert err.rstrip().endswith("no game was played before it")


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_traceback_shows_the_bots_own_line(capsys: pytest.CaptureFixture[str], game: str) -> None:
    argv = ["simulate", game, "--bots", bots_for(game, "raises"), "--traceback", "--jobs", "2"]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert f'{game}_raises.py", line 10, in choose' in err
    assert err.splitlines()[-1].startswith("pirate-rules: error: bot ")


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_play_tells_a_hostile_bot_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    answers = iter(["1", "t"] * 100)
    for hostile, words in (("BadRepr", "its __repr__ raised"), ("BadReason", "its reason raised"),
                           ("Sleeps", "took longer than 0.3 s")):  # fmt: skip
        if game == "pirate" and hostile == "BadReason":
            continue  # the Pirate table does not show the bot's reasons
        record = tmp_path / f"{hostile}.json"
        bot = f"{BOTS / f'{game}_hostile.py'}:{hostile}"
        argv = ["play", game, "--bot", bot, "--seed", "4", "--record", str(record),
                "--move-time", "0.3"]  # fmt: skip
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("builtins.input", lambda _prompt: next(answers))
            status = main(argv)
        out, err = capsys.readouterr()
        assert status == 1, err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert f"bot '{bot}' in seat 1, game seed 4, " in err and words in err
        assert f"Record saved to {record}." in out
        assert main(["replay", str(record)]) == 0
        capsys.readouterr()


@pytest.mark.parametrize("fault", ["raises", "illegal", "malformed", "mutates", "bad_init"])
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_play_reports_a_faulty_bot_and_keeps_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, fault: str
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", game, "--bot", faulty(game, fault), "--seed", "4", "--record", str(record)]
    answers = iter(["1", "t", "1", "t"] * 50)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("builtins.input", lambda _prompt: next(answers))
        status = main(argv)
    out, err = capsys.readouterr()
    assert status == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"bot '{faulty(game, fault)}' in seat 1, game seed 4" in err
    if fault != "bad_init":
        assert f"Record saved to {record}." in out
        assert main(["replay", str(record)]) == 0


def test_a_quiet_tamperer_is_caught_in_the_first_game(capsys: pytest.CaptureFixture[str]) -> None:
    # It changes nothing a move would change, only the history.
    for jobs in ("1", "2"):
        argv = [
            "simulate",
            "pirate",
            "--in-process",
            "--bots",
            f"fast,{faulty('pirate', 'tampers')}",
        ]
        assert main([*argv, "--seed", "9", "--jobs", jobs]) == 1
        err = one_line(capsys)
        assert "in seat 1, game seed 9, moment 2: choose() changed the game" in err


SNEAKY = {
    "marvin": ["pile", "discard", "hit points", "shield", "prize", "positions", "log",
               "generator"],
    "pirate": ["stock", "waste", "ship", "captured", "history", "old history", "sealed block",
               "events", "log as list", "fresh"],
}  # fmt: skip
"""Each part of the state that ``tests/bots/*_sneaky.py`` can change (see ``TAMPER`` there)."""


@pytest.mark.parametrize(("game", "part"), [(g, p) for g in SNEAKY for p in SNEAKY[g]])
def test_a_change_to_any_part_of_the_state_is_caught(
    monkeypatch: pytest.MonkeyPatch, game: str, part: str
) -> None:
    monkeypatch.setenv("SNEAKY_PART", part)
    monkeypatch.setenv("SNEAKY_FROM", "0")
    sneaky = f"{BOTS / f'{game}_sneaky.py'}:Faulty"
    with pytest.raises(BotError, match=r"choose\(\) changed the game it was shown") as caught:
        play_refereed(game, 5, (OTHER[game], sneaky))
    assert (caught.value.seat, caught.value.seed) == (1, 5)
    assert caught.value.when.startswith("turn " if game == "marvin" else "moment ")


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("start", [0, 1, 4])
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_tamperer_from_game_n_on_leaves_only_records_that_replay(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    start: int,
    jobs: str,
) -> None:
    # From its game N on (N = 0, 1, 4), it reorders the draw pile or a stock: the first
    # game of a pairing is no different from the others.
    monkeypatch.setenv("SNEAKY_FROM", str(start))
    monkeypatch.setenv("SNEAKY_PART", "pile" if game == "marvin" else "stock")
    records = tmp_path / "games.jsonl"
    sneaky = f"{BOTS / f'{game}_sneaky.py'}:Faulty"
    argv = ["simulate", game, "--in-process", "--bots", f"{OTHER[game]},{sneaky}",
            "--games", str(start + 3)]  # fmt: skip
    assert main([*argv, "--records", str(records), "--jobs", jobs]) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and f"game seed {start}, " in err
    assert "changed the game it was shown" in err
    lines = records.read_text().splitlines()
    assert [json.loads(line)["players"][1] for line in lines] == [sneaky.rsplit("/", 1)[1]] * start
    if start:
        assert out.startswith(f"{start} game")
        seeds = "seed 0" if start == 1 else f"seeds 0 to {start - 1}"
        assert f"before it ({seeds}) are summed up above, with their records in {records}" in err
        assert main(["replay", str(records)]) == 0
    else:
        assert out == "" and err.rstrip().endswith("no game was played before it")
    capsys.readouterr()


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_every_engine_bot_plays_whole_games_watched(game: str) -> None:
    # The engine's own bots play at full speed because they never change the game they
    # are shown: here each of them plays a game watched as your own bots are, at every
    # choice, and the game is the engine's own game.
    for name in bot_names(game):
        cls = bot_class(game, name)
        assert is_trusted(cls)
        yours = type(f"Your{cls.__name__}", (cls,), {})
        assert not is_trusted(yours)
        seed = 3
        watched = play_refereed(game, seed, (yours, OTHER[game]), thorough=True)
        assert watched.log == play_match(game, seed, (name, OTHER[game])).log, name


HOSTILE = {
    # class: (what the message says, when)
    "BadRepr": ("returned a value of type Unshowable (its __repr__ raised RuntimeError", "game"),
    "Interrupts": ("choose() raised KeyboardInterrupt", "game"),
    "Exits": ("choose() called os._exit(7), which would end the run", "game"),
    "Sleeps": ("choose() took longer than 0.3 s, the time limit of a move", "game"),
    "Loops": ("choose() took longer than 0.3 s, the time limit of a move", "game"),
}


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("hostile", sorted(HOSTILE))
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_hostile_bot_is_one_line_too(
    capsys: pytest.CaptureFixture[str], game: str, hostile: str, jobs: str
) -> None:
    bot = f"{BOTS / f'{game}_hostile.py'}:{hostile}"
    argv = ["simulate", game, "--bots", f"{OTHER[game]},{bot}", "--games", "3", "--seed", "2"]
    status = main([*argv, "--jobs", jobs, "--move-time", "0.3"])
    err = one_line(capsys)
    assert status == 1
    words, _ = HOSTILE[hostile]
    assert err.startswith(f"pirate-rules: error: bot '{bot}' in seat 1, game seed 2, ")
    assert words in err and f"({BOTS / f'{game}_hostile.py'}:" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_bot_that_ends_its_worker_process_is_found_and_the_games_before_kept(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    jobs: str,
) -> None:
    # os.abort cannot be stopped: with --in-process the worker process ends (with one job
    # too, your own bots then play in a worker process). Its batch is played again, one
    # game at a time, to find the game that ended it; the games before it are kept, and
    # this process speaks. (In a host of its own, the bot could not tell its game's seed.)
    monkeypatch.setenv("HOSTILE_FROM", "2")
    records = tmp_path / "games.jsonl"
    bot = f"{BOTS / f'{game}_hostile.py'}:Aborts"
    argv = ["simulate", game, "--in-process", "--bots", f"{bot},{OTHER[game]}", "--games", "4",
            "--jobs", jobs]  # fmt: skip
    assert main([*argv, "--records", str(records)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") == 1, err
    ended = "the process playing this game ended (killed by SIGABRT)"
    assert f"bot '{bot}', game seed 2: {ended}" in err
    assert "the 2 games before it (seeds 0 to 1) are summed up above" in err
    assert out.startswith("2 games of ")
    before = tmp_path / "before.jsonl"  # the same two games, played where none ends
    assert main([*argv[:-4], "--games", "2", "--records", str(before)]) == 0
    assert records.read_text() == before.read_text() != ""


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_time_limit_holds_in_a_thread_too(game: str) -> None:
    # A cluster runs tasks in threads, where no signal arrives: a loop is stopped by an
    # exception sent to the thread, a sleep is left behind, and the batch returns.
    results = {}

    def run(bot: str) -> None:
        task = Task(game, (OTHER[game], f"{BOTS / f'{game}_hostile.py'}:{bot}"),
                    ("a", "b"), move_time=0.2)  # fmt: skip
        results[bot] = play_batch(task, [1, 2])

    with pytest.MonkeyPatch.context() as patch:
        # Longer than the second after which a call past its time is told again.
        patch.setattr("pirate_rules.simulate.LEFT_BEHIND_AFTER", 1.2)
        threads = [threading.Thread(target=run, args=(bot,)) for bot in ("Loops", "Sleeps")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    for bot in ("Loops", "Sleeps"):
        batch = results[bot]
        assert batch.results == [] and batch.fault is not None
        assert "took longer than 0.2 s" in str(batch.fault), str(batch.fault)
        assert (batch.fault.seat, batch.fault.seed) == (1, 1)
        assert f"{game}_hostile.py:" in str(batch.fault)
    assert "could not be stopped" in str(results["Sleeps"].fault)


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_what_a_bot_prints_stays_off_standard_output(
    capfd: pytest.CaptureFixture[str], game: str, jobs: str
) -> None:
    bot = f"{BOTS / f'{game}_hostile.py'}:Prints"
    argv = ["simulate", game, "--bots", f"{bot},{OTHER[game]}", "--games", "2", "--json"]
    assert main([*argv, "--jobs", jobs]) == 0
    out, err = capfd.readouterr()
    assert json.loads(out)["games"] == 2  # JSON, and nothing else
    assert "thinking about" in err and "written straight to descriptor 1" in err


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_the_records_after_a_fault_are_the_same_for_any_jobs(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
) -> None:
    monkeypatch.setenv("FAIL_AT", "30")
    bot = f"{BOTS / f'{game}_hostile.py'}:FailsAt"
    texts = []
    for jobs in ("1", "2"):
        records = tmp_path / f"games-{jobs}.jsonl"
        # --in-process: a hosted bot cannot tell its game's seed, so cannot fail at one
        argv = ["simulate", game, "--in-process", "--bots", f"{bot},{OTHER[game]}", "--games", "60"]
        assert main([*argv, "--jobs", jobs, "--records", str(records)]) == 1
        out, err = capsys.readouterr()
        assert out.startswith("30 games of ") and err.count("\n") == 1
        assert "game seed 30, " in err and "planned to fail here" in err
        assert "the 30 games before it (seeds 0 to 29) are summed up above" in err
        assert f"with their records in {records}" in err
        texts.append(records.read_text())
        players = [json.loads(line)["players"][0] for line in texts[-1].splitlines()]
        assert players == [f"{game}_hostile.py:FailsAt"] * 30
    assert texts[0] == texts[1]


def test_refereed_games_are_the_engines_games() -> None:
    for game, bots in (("marvin", ("random", "sensible")), ("pirate", ("slow", "fast"))):
        for seed in range(5):
            refereed = play_refereed(game, seed, bots, thorough=seed % 2 == 0)
            assert refereed.log == play_match(game, seed, bots).log


def test_run_games_raises_the_fault_after_the_good_games() -> None:
    with pytest.raises(BotError) as caught:
        run_games("marvin", range(3), [faulty("marvin", "illegal"), "random"], jobs=2)
    assert caught.value.seat == 0 and caught.value.rule and caught.value.rule.startswith("M")


def test_a_bot_class_object_plays_and_faults_like_a_named_one() -> None:
    from pirate_rules.bots import Bot

    class Sulky(Bot):  # type: ignore[type-arg]
        def choose(self, game: object, player: int) -> object:
            raise RuntimeError("not playing")

    with pytest.raises(BotError, match=r"^bot 'Sulky' in seat 0, game seed 0, moment 1: "):
        play_refereed("pirate", 0, (Sulky, "fast"))


def test_a_faulty_terminal_game_still_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = io.StringIO()
    with pytest.raises(BotError):
        play("pirate", bot=faulty("pirate", "illegal"), seed=1, record=str(record),
             read=lambda _: "t", out=out)  # fmt: skip
    assert json.loads(record.read_text())["moments"] == []
