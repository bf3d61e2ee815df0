"""The play pages' JSON entry points (pirate_rules.web), run in CPython."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pirate_rules import web
from pirate_rules.bots import bot_names
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate.record import to_record as pirate_record
from pirate_rules.records import replay
from pirate_rules.simulate import play_match
from pirate_rules.web.sessions import MAX_SESSIONS, find_session


def call(name: str, *args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(web.call_json(name, json.dumps(list(args))))
    return answer


def test_every_entry_point_is_listed_and_callable() -> None:
    assert set(web.ENTRY_POINTS) == set(web._TABLE)
    assert all(callable(web._TABLE[name]) for name in web.ENTRY_POINTS)
    assert "call_json" not in web.ENTRY_POINTS


def test_call_json_never_raises_and_names_the_cause() -> None:
    assert call("exec", "print(1)")["error"]["kind"] == "UnknownCall"
    assert json.loads(web.call_json("info", "{not json"))["error"]["kind"] == "BadRequest"
    assert json.loads(web.call_json("info", '{"a": 1}'))["error"]["kind"] == "BadRequest"
    assert call("marvin_view", "marvin-999999")["error"]["kind"] == "UnknownGame"
    assert call("marvin_new", {"seed": -3})["error"]["kind"] == "PirateRulesError"
    assert call("pirate_new", {"level": "warp"})["error"]["message"].startswith("unknown player")


def test_info_lists_the_registered_bots() -> None:
    result = call("info")["result"]
    fair = [name for name in bot_names("marvin") if name != "cheating-oracle"]
    assert result["bots"]["marvin"] == fair
    assert {"slow", "fast"} <= set(result["bots"]["pirate"])
    assert [level["id"] for level in result["pirate_levels"]][-1] == "expert"


def test_a_blank_seed_is_drawn_and_shown() -> None:
    view = web.marvin_new({"seed": ""})
    assert 1 <= view["seed"] <= web.MAX_SEED


# -- Marvin's Pirates Go! ---------------------------------------------------------------


def test_marvin_view_offers_exactly_the_legal_moves() -> None:
    view = web.marvin_new({"seed": 4, "mode": "two"})
    game = find_session(view["id"]).game
    assert [choice["move"] for choice in view["legal"]] == [str(m) for m in game.legal_moves]
    kinds = ("draw", "ship", "cave", "fort", "target", "take")
    for choice in view["legal"]:
        assert choice["label"] and choice["kind"] in kinds
    pointed = [choice["element"] for choice in view["legal"] if choice["element"]]
    assert len(pointed) == len(set(pointed)), "a clickable element must mean one move"
    json.dumps(view)


def test_marvin_refuses_an_illegal_move_and_leaves_the_game_as_it_was() -> None:
    view = web.marvin_new({"seed": 4, "mode": "two"})
    legal = {choice["move"] for choice in view["legal"]}
    illegal = next(m for m in ("take cave", "GL", "CR", "draw", "fort GL") if m not in legal)
    answer = call("marvin_move", view["id"], illegal)
    assert answer["error"]["kind"] in ("IllegalMoveError", "InvalidMoveError")
    assert web.marvin_view(view["id"])["text"] == view["text"]


def test_marvin_game_against_the_computer_to_its_end_and_its_record_replays() -> None:
    view = web.marvin_new({"seed": 9, "mode": "computer", "bot": "random"})
    reasons = 0
    for _ in range(1000):
        if view["outcome"]:
            break
        if view["computer_to_move"]:
            assert call("marvin_move", view["id"], "draw").get("error")
            view = web.marvin_bot_move(view["id"])
            reasons += len(view["said"])
        else:
            assert call("marvin_bot_move", view["id"]).get("error")
            view = web.marvin_move(view["id"], view["legal"][-1]["move"])
    assert view["outcome"] and view["legal"] == [] and view["to_move"] is None
    assert view["headline"] in ("You won the game!", "The computer won the game.")
    assert reasons > 0
    saved = web.record(view["id"])
    assert saved["filename"] == "marvin-9.json"
    assert replay(saved["record"]).outcome() == find_session(view["id"]).game.outcome()


def test_marvin_computer_against_computer_equals_the_command_line() -> None:
    view = web.marvin_new({"seed": 3, "mode": "watch", "bots": ["random", "random"]})
    while not view["outcome"]:
        view = web.marvin_bot_move(view["id"])
    ours = web.record(view["id"])["record"]
    theirs = marvin_record(play_match("marvin", 3, ("random", "random")))
    for key in ("deck", "first", "turns", "result", "options"):
        assert ours[key] == theirs[key], key


# -- Pirate -----------------------------------------------------------------------------


def test_pirate_refused_action_becomes_a_wait_with_the_rule() -> None:
    view = web.pirate_new({"seed": 1, "mode": "computer", "level": "child"})
    assert view["seats"][0]["legal"] == ["T", "W"]
    view = web.pirate_tick(view["id"], "P")
    assert view["last"]["refused"][0]["rule"] == "P6"
    assert view["last"]["actions"][0] == "W"
    view = web.pirate_tick(view["id"], "T")
    assert view["last"]["refused"] == [] and view["seats"][0]["waste"] == 1
    json.dumps(view)


def test_pirate_view_draws_every_ship_with_thirteen_places() -> None:
    view = web.pirate_new({"seed": 2, "mode": "watch", "level": "expert"})
    for _ in range(80):
        view = web.pirate_tick(view["id"])
    assert [ship["suit"] for ship in view["ships"]] == ["S", "H", "D", "C"]
    placed = 0
    for ship in view["ships"]:
        assert len(ship["slots"]) == 13
        placed += sum(slot is not None for slot in ship["slots"])
        assert {half["direction"] for half in ship["halves"]} == {"up", "down"}
    assert placed > 0


def test_pirate_computer_against_computer_equals_the_command_line() -> None:
    view = web.pirate_new({"seed": 6, "mode": "watch", "level": "expert"})
    while not view["outcome"]:
        view = web.pirate_tick(view["id"])
    ours = web.record(view["id"])["record"]
    theirs = pirate_record(play_match("pirate", 6, ("expert", "expert")))
    for key in ("stocks", "low", "moments", "result"):
        assert ours[key] == theirs[key], key
    assert view["log"][-1]["kind"] == "end"
    assert web.pirate_tick(view["id"], "T")["moment"] == view["moment"]


def test_old_games_are_forgotten() -> None:
    first = web.pirate_new({"seed": 1})["id"]
    for _ in range(MAX_SESSIONS):
        web.pirate_new({"seed": 1})
    with pytest.raises(web.UnknownGameError):
        web.pirate_view(first)
    assert web.forget(web.pirate_new({"seed": 1})["id"])
