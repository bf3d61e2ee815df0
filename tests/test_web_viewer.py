"""The record viewer's entry points: same replay, same error words as the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate.record import to_record as pirate_record
from pirate_rules.simulate import play_match

ROOT = Path(__file__).resolve().parents[1]


def cli_replay(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pirate_rules", "replay", str(path), *extra],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip


def walk(opened: dict) -> list[dict]:
    return [web.viewer_step(opened["id"], step) for step in range(opened["steps"] + 1)]


@pytest.mark.parametrize(("game", "seed", "bots"), [("marvin", 4, ("sensible", "random")),
                                                    ("pirate", 3, ("fast", "slow"))])  # fmt: skip
def test_the_last_step_is_what_the_command_line_replays(
    tmp_path: Path, game: str, seed: int, bots: tuple[str, str]
) -> None:
    played = play_match(game, seed, bots)
    record = marvin_record(played) if game == "marvin" else pirate_record(played)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    opened = web.viewer_open(path.read_text(encoding="utf-8"))
    assert opened["error"] is None and opened["game"] == game
    assert (
        opened["steps"]
        == opened["total"]
        == len(record["turns" if game == "marvin" else "moments"])
    )
    steps = walk(opened)
    assert steps[-1]["summary"] == json.loads(cli_replay(path, "--json").stdout)
    assert all(step["words"] for step in steps)
    assert all(line["href"].startswith("rules/") for step in steps for line in step["words"])
    # Backwards gives the same tables as forwards.
    back = web.viewer_step(opened["id"], 1)
    assert back["view"]["text"] == steps[1]["view"]["text"]
    assert (
        web.viewer_step(opened["id"], opened["steps"])["view"]["text"] == steps[-1]["view"]["text"]
    )


def test_a_broken_record_shows_the_command_lines_line_and_the_game_before_it(
    tmp_path: Path,
) -> None:
    record = marvin_record(play_match("marvin", 6, ("random", "random")))
    turn = 7
    record["turns"][turn - 1], record["turns"][turn] = (
        record["turns"][turn],
        record["turns"][turn - 1],
    )
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    cli = cli_replay(path)
    opened = web.viewer_open(path.read_text(encoding="utf-8"))
    assert cli.returncode == 1
    assert cli.stderr.strip() == f"pirate-rules: error: {opened['error']['message']}"
    assert opened["error"]["step"] == opened["steps"] + 1 == turn
    assert opened["error"]["message"].startswith(f"turn {turn}: ")
    assert opened["error"]["message"].endswith(f"({opened['error']['rule']})")
    last = web.viewer_step(opened["id"], opened["steps"])
    assert last["view"]["turn"] == turn


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "chess", "format": 1}', "unknown game 'chess'"),
        ('{"game": "pirate", "format": 9}', "unsupported record format 9"),
        ("[1, 2]", "a record must be a JSON object"),
    ],
)
def test_a_record_that_cannot_be_read_gets_one_line(text: str, words: str) -> None:
    opened = web.viewer_open(text)
    assert opened["id"] is None and opened["steps"] == 0
    assert words in opened["error"]["message"]


def test_a_truncated_pirate_record_shows_the_moments_before_the_cut(tmp_path: Path) -> None:
    record = pirate_record(play_match("pirate", 2, ("fast", "fast")))
    record["moments"][40] = "PP"
    opened = web.viewer_open(json.dumps(record))
    assert opened["error"]["message"].startswith("moment 41: ")
    assert opened["steps"] == 40 and opened["error"]["step"] == 41
    assert web.viewer_step(opened["id"], 40)["view"]["moment"] == 40
    with pytest.raises(PirateRulesError, match="step must be from 0 to 40"):
        web.viewer_step(opened["id"], 41)


def test_steps_outside_the_record_are_refused() -> None:
    answer = json.loads(web.call_json("viewer_step", '["marvin-0", 1]'))
    assert answer["error"]["kind"] == "UnknownGame"


def test_the_rule_id_is_given_once_beside_the_words() -> None:
    record = marvin_record(play_match("marvin", 6, ("random", "random")))
    record["turns"][3], record["turns"][4] = record["turns"][4], record["turns"][3]
    error = web.viewer_open(json.dumps(record))["error"]
    assert error["rule"] and error["message"] == f"{error['words']} ({error['rule']})"
    assert error["rule"] not in error["words"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "pirate', "not valid JSON: Unterminated string starting at line 1, column 10"),
        ('{"game": "a\x01"}', "not valid JSON: Invalid control character at line 1, column 12"),
        ('{"game" 1}', "not valid JSON: Expecting ':' delimiter at line 1, column 9"),
    ],
)
def test_a_json_error_says_where_in_plain_words(text: str, message: str) -> None:
    assert web.viewer_open(text)["error"]["message"] == message
