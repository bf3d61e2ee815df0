"""What the play pages say and the coach's hints, in CPython: the words a voice reads
out are lines of the log, each piece of Pirate news is told once, and a hint is kept
with its game (reload, take-back) and in its record, which replays."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import replay
from pirate_rules.web.coach import NOTE
from pirate_rules.web.sessions import find_session

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from piratepage import eager


def test_pirate_news_is_said_as_written_and_told_once() -> None:
    view = web.pirate_new({"seed": 8, "seats": ["person", "person"]})
    game = find_session(view["id"]).game
    said: list[dict[str, Any]] = []
    written: list[dict[str, Any]] = list(view["log"])
    while not game.is_terminal() and game.moment < 3000:
        view = web.pirate_moment(view["id"], [eager(game, 0), eager(game, 1)])
        written.extend(view["last"]["events"])
        if view["say"]:
            said.append(view["say"])
    kinds = [line["kind"] for line in written]
    # A player who runs out is told so once, and the end once.
    outs = [line["player"] for line in written if line["kind"] == "out"]
    assert outs and len(outs) == len(set(outs)) and kinds.count("end") == 1
    assert kinds.count("claimable") >= 1
    for text in (say["text"] for say in said):
        assert text in " ".join(line["family"] for line in written)
    assert all(not line["said"] for line in written if line["kind"] == "restock")
    claims = [say for say in said if "tap Claim!" in say["text"]]
    assert claims and all(say["urgent"] for say in claims)
    assert said[-1]["urgent"] and said[-1]["text"].endswith(written[-1]["family"])


def test_a_kept_pirate_game_opens_quietly() -> None:
    view = web.pirate_new({"seed": 8, "seats": ["person", "person"]})
    assert view["say"] is not None  # who is low
    view = web.pirate_moment(view["id"], ["T", "T"])
    again = web.pirate_new(view["keep"])
    assert again["say"] is None


def test_a_hint_is_kept_with_the_game_through_a_reload_and_a_take_back() -> None:
    view = web.marvin_new({"seed": 1, "mode": "computer", "bot": "random"})
    hint = web.marvin_hint(view["id"])
    assert web.marvin_hint(view["id"])["note"] == hint["note"]  # asked twice: noted once
    assert hint["keep"]["notes"] == {"0": NOTE + hint["text"]}
    view = web.marvin_move(view["id"], hint["move"])
    while view["computer_to_move"]:
        view = web.marvin_bot_move(view["id"])
    again = web.marvin_new(view["keep"])
    data = web.record(again["id"])["record"]
    assert data["turns"][0]["note"] == NOTE + hint["text"]
    assert replay(json.dumps(data)).turn >= 1  # the record replays, its note ignored
    assert web.viewer_open(json.dumps(data))["error"] is None
    back = web.marvin_undo(again["id"])  # the hinted choice is taken back, and its hint
    assert "notes" not in back["keep"]
    assert all("note" not in turn for turn in web.record(back["id"])["record"]["turns"])


def test_no_hint_for_the_computer_nor_after_the_end() -> None:
    view = web.marvin_new({"seed": 4, "mode": "computer", "bot": "random"})
    assert view["computer_to_move"]
    with pytest.raises(PirateRulesError, match="computer's turn"):
        web.marvin_hint(view["id"])
    with pytest.raises(PirateRulesError, match="notes must map"):
        web.marvin_new({"seed": 4, "mode": "two", "notes": ["a hint"]})


def test_a_reloaded_pirate_game_has_the_same_log_news_included() -> None:
    """A kept game played again tells its news moment by moment, as the game did."""
    view = web.pirate_new({"seed": 8, "seats": ["person", "person"]})
    game = find_session(view["id"]).game
    while game.moment < 400 and not game.is_terminal():
        view = web.pirate_moment(view["id"], [eager(game, 0), eager(game, 1)])
    assert {"out", "claimable"} <= {line["kind"] for line in view["log"]}
    assert web.pirate_new(view["keep"])["log"] == view["log"]
