"""Faulty bots are reported in one line, never crashed on: simulate and play, both games.

Each file in ``tests/bots/`` holds one bot with one fault. Every fault must come out as
one line on standard error that names the bot, its seat, the game's seed and turn or
moment when a game had started, what went wrong, the file and line of the bot's code,
and the rule id for an illegal move; exit status 1; ``--traceback`` adds the traceback.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pirate_rules.cli import main
from pirate_rules.errors import BotError
from pirate_rules.referee import play_refereed
from pirate_rules.simulate import play_match, run_games
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
        assert err.rstrip().endswith(")") and f", {RULES[game]}" in err


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_traceback_shows_the_bots_own_line(capsys: pytest.CaptureFixture[str], game: str) -> None:
    argv = ["simulate", game, "--bots", bots_for(game, "raises"), "--traceback", "--jobs", "2"]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert f'{game}_raises.py", line 10, in choose' in err
    assert err.splitlines()[-1].startswith("pirate-rules: error: bot ")


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
    # It changes nothing a move would change, only the history: the thorough check of
    # the first game sees it, with one process or two.
    for jobs in ("1", "2"):
        argv = ["simulate", "pirate", "--bots", f"fast,{faulty('pirate', 'tampers')}"]
        assert main([*argv, "--seed", "9", "--jobs", jobs]) == 1
        err = one_line(capsys)
        assert "in seat 1, game seed 9, moment 2: choose() changed the game" in err


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
