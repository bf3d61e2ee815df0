"""Every script in ``examples/`` runs, says something meaningful, and refuses bad input.

Each script runs as its own process, as a reader would run it, with small arguments.
`RUNS` lists the scripts and what their output must show; a script added to the
folder without an entry there fails `test_every_example_is_run`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pirate_rules.marvin import play_game
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate import play_game as play_pirate
from pirate_rules.pirate import to_record as pirate_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PERCENT = re.compile(r"\d+\.\d% \(\d+\.\d-\d+\.\d\)")
"""A share with its 95% interval, as ``format_share`` writes it: ``55.0% (48.1-61.7)``."""

RUNS: dict[str, tuple[list[str], list[str]]] = {
    "tournament.py": (["--games", "2"], ["Round robin", "Standings"]),
    "replay_record.py": ([], ["every move is legal", "Turn 1:", "wins after"]),
    "custom_bot.py": (["--games", "20"], ["finisher overall", "weakest pirate in reach"]),
    "pirate_race.py": (["--games", "3"], ["Ann is the fast bot", "game over", "3 games"]),
}
"""Each script's small arguments, and words its output must contain."""


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=600,  # the tournament's searching bots take a while on a busy machine
        cwd=ROOT,
        check=False,
    )


def test_every_example_is_run() -> None:
    assert {path.name for path in EXAMPLES.glob("*.py")} == set(RUNS)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_example_runs(script: str) -> None:
    args, expected = RUNS[script]
    done = run(script, *args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    for words in expected:
        assert words in done.stdout


@pytest.mark.parametrize("script", sorted(RUNS))
def test_example_has_docstring_and_main_guard(script: str) -> None:
    text = (EXAMPLES / script).read_text(encoding="utf-8")
    assert text.startswith('"""')
    assert '\nif __name__ == "__main__":\n' in text


def registered_marvin_bots() -> list[str]:
    """The engine's own Marvin bots, asked of a fresh process as the scripts see them.

    This process may know more: a documentation page registers a bot of its own.
    """
    code = "from pirate_rules.bots import bot_names; print(*bot_names('marvin'))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.split()


@pytest.fixture(scope="module")
def one_game_tournament() -> subprocess.CompletedProcess[str]:
    """``tournament.py --games 1 --seed 0``, run once for the tests that read its output
    (a round robin of the searching bots costs some 5 s of CPU)."""
    return run("tournament.py", "--games", "1", "--seed", "0")


def test_tournament_names_every_bot_with_a_share(
    one_game_tournament: subprocess.CompletedProcess[str],
) -> None:
    done = one_game_tournament
    assert done.returncode == 0, done.stderr
    standings = done.stdout.split("Standings", 1)[1].splitlines()[1:]
    assert sorted(line.split()[0] for line in standings) == sorted(registered_marvin_bots())
    assert all(PERCENT.search(line) for line in standings)


def test_custom_bot_prints_shares() -> None:
    done = run("custom_bot.py", "--games", "10")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("finisher vs random, 20 games")
    assert len(PERCENT.findall(done.stdout)) == 3


def test_replay_tells_a_marvin_record_file(tmp_path: Path) -> None:
    game = play_game(["random", "random"], seed=4, players=("Marvin", "Mum"))
    path = tmp_path / "marvin.json"
    path.write_text(json.dumps(marvin_record(game)), encoding="utf-8")
    done = run("replay_record.py", str(path))
    assert done.returncode == 0, done.stderr
    winner = game.players[game.winner]
    assert done.stdout.splitlines()[-1] == f"{winner} wins after {game.turn} turns."
    assert done.stdout.count("\nTurn ") >= game.turn


def test_replay_tells_a_pirate_record_file(tmp_path: Path) -> None:
    game = play_pirate(["fast", "slow"], seed=2, players=("Ann", "Ben"))
    path = tmp_path / "pirate.json"
    path.write_text(json.dumps(pirate_record(game)), encoding="utf-8")
    done = run("replay_record.py", str(path))
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith(f"Game over after {game.moment} moments: ")
    assert "Ann wins" in last or "Ben wins" in last or "a draw" in last
    assert " plays " in done.stdout


def test_replay_simulates_pirate_when_no_file_is_given() -> None:
    done = run("replay_record.py", "--game", "pirate", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("No record given: simulating one game of pirate, seed 3.")
    assert "Game over after" in done.stdout


def one_line_error(done: subprocess.CompletedProcess[str], status: int) -> str:
    assert done.returncode == status
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


def test_replay_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-game.json"
    line = one_line_error(run("replay_record.py", str(missing)), status=1)
    assert "cannot read" in line and "no-such-game.json" in line


def test_replay_of_a_broken_record_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "pirate"', encoding="utf-8")
    line = one_line_error(run("replay_record.py", str(path)), status=1)
    assert "not valid JSON" in line


def test_replay_of_an_illegal_record_names_the_rule(tmp_path: Path) -> None:
    data = pirate_record(play_pirate(["fast", "fast"], seed=1))
    data["moments"][0] = "PT"
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = one_line_error(run("replay_record.py", str(path)), status=1)
    assert "moment 1" in line and "(P6)" in line


@pytest.mark.parametrize(
    ("script", "args", "words"),
    [
        ("tournament.py", ["--games", "0"], "at least 1"),
        ("custom_bot.py", ["--games", "many"], "argument --games: not a whole number: 'many'"),
        ("pirate_race.py", ["--bots", "fast,nobody"], "no Pirate bot 'nobody'"),
        ("pirate_race.py", ["--games", "-2"], "argument --games: must be at least 0, not -2"),
        ("replay_record.py", ["--seed", "x"], "argument --seed: not a whole number: 'x'"),
    ],
)
def test_bad_command_line_is_one_line(script: str, args: list[str], words: str) -> None:
    assert words in one_line_error(run(script, *args), status=2)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_example_stops_quietly_when_its_output_closes(script: str) -> None:
    args, _ = RUNS[script]
    process = subprocess.Popen(
        [sys.executable, str(EXAMPLES / script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # as `| head -0` would
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141
    assert err == ""


def test_make_examples_runs_every_script() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = makefile.split("\nexamples:", 1)[1].split("\n\n", 1)[0]
    assert {path.name for path in EXAMPLES.glob("*.py")} <= set(
        re.findall(r"examples/(\w+\.py)", target)
    )


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_replay_prints_any_name_safely(tmp_path: Path, game: str) -> None:
    # A record comes from anyone: a name must not clear the screen, set the window's
    # title, or stop the script because it cannot be encoded (a lone surrogate).
    names = ("Ann\x1b]0;owned\x07\x1b[2J", "Ben\udc80")
    if game == "marvin":
        data = marvin_record(play_game(["random", "random"], seed=4, players=names))
    else:
        data = pirate_record(play_pirate(["fast", "slow"], seed=4, players=names))
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # JSON escapes the surrogate
    done = run("replay_record.py", str(path))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "Ann\\x1b]0;owned\\x07\\x1b[2J" in done.stdout and "Ben\\udc80" in done.stdout


def test_tournament_says_what_the_cards_decided(
    one_game_tournament: subprocess.CompletedProcess[str],
) -> None:
    done = one_game_tournament
    assert done.returncode == 0, done.stderr
    matches = [line for line in done.stdout.splitlines() if " vs " in line]
    assert len(matches) == 10
    assert all("the cards decided" in line for line in matches)
    assert "tells nothing of who plays better" in done.stdout
