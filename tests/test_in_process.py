"""``--in-process``: a bot you trust runs in the referee's own process, and can break it.

The referee cannot stop such a bot from changing its code (the help says so), but a run
it breaks is still told in one line that names the bot and the way out, never as a
Python traceback that looks like the referee's own bug.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pirate_rules.cli import main

BOT = Path(__file__).parent / "bots" / "fair" / "breaks_referee.py"
OTHER = {"marvin": "random", "pirate": "fast"}


@pytest.fixture(autouse=True)
def referee_mended(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the bot replaces in this process is put back after each test, so that the
    tests run after these in the same process have the referee's own code."""
    from pirate_rules import simulate

    monkeypatch.setattr(simulate, "result_of", simulate.result_of)


@pytest.mark.parametrize("game", ["marvin", "pirate"])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_referee_broken_by_a_bot_in_process_is_told_in_one_line(
    capsys: pytest.CaptureFixture[str], game: str, command: str
) -> None:
    bot = f"{BOT}:{game.capitalize()}"
    if command == "simulate":
        argv = ["simulate", game, "--bots", f"{bot},{OTHER[game]}", "--games", "2"]
    else:
        argv = ["tournament", game, bot, OTHER[game], "--games", "2"]
    assert main([*argv, "--in-process"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert err.startswith("pirate-rules: error: the run broke inside the referee (")
    assert f"with your bot {bot} in its process (--in-process)" in err
    assert "run it without --in-process" in err


def test_the_traceback_is_there_when_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"{BOT}:Marvin"
    argv = ["simulate", "marvin", "--bots", f"{bot},random", "--games", "2", "--in-process"]
    assert main([*argv, "--traceback"]) == 1
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err
    assert err.splitlines()[-1].startswith("pirate-rules: error: the run broke inside the referee")
    assert "--traceback shows" not in err


def test_an_engine_fault_with_no_bot_of_yours_in_process_is_not_blamed_on_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pirate_rules import simulate

    monkeypatch.setattr(simulate, "result_of", lambda *args, **kwargs: 1)
    with pytest.raises(AttributeError):
        main(["simulate", "marvin", "--games", "2", "--in-process"])
