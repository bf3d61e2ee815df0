"""Marvin's Pirates Go! with real cards (pirate_rules.web.real_marvin): whole games entered
at the table, stand-ins, the reshuffle, refusals, take-back and keeping a game."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import replay, to_record
from pirate_rules.web.real_marvin import RULINGS, read_entry

sys.path.insert(0, str(Path(__file__).parent / "browser"))
from realpage import NAMES, table_game

ROOT = Path(__file__).resolve().parents[1]


def new(*moves: str, **options: Any) -> dict[str, Any]:
    """A game of Ann and Ben, Ann first, with ``moves`` entered."""
    options = {"players": list(NAMES), "moves": list(moves), **options}
    view: dict[str, Any] = web.real_marvin_new(options)
    return view


def enter(view: dict[str, Any], *entries: str) -> dict[str, Any]:
    """Enter ``entries`` one by one; each must be accepted."""
    for entry in entries:
        view = web.real_marvin_play(view["id"], entry)
        assert view["refusal"] is None, (entry, view["refusal"])
    return view


@pytest.mark.parametrize(("seed", "exact"), [(23, True), (23, False), (10, True)])
def test_a_whole_game_entered_at_the_table_is_the_engines(seed: int, exact: bool) -> None:
    game, turns = table_game(seed)
    view = new()
    for number, turn in enumerate(turns, 1):
        assert view["phase"] in ("power", "draw"), number
        view = enter(view, *turn.entries(exact))
        assert view["table"]["sides"] == turn.sides, f"turn {number}"
        assert view["table"]["bank"] == turn.bank, f"turn {number}"
        assert view["pile"]["left"] == turn.pile, f"turn {number}"
    assert view["phase"] == "over"
    assert view["outcome"]["winner"] == game.outcome().winner
    record = web.real_marvin_record(view["id"])["record"]
    if exact and not game.reshuffles:
        assert record == to_record(game)  # the real cards, exactly the engine's record
    again = replay(record)
    assert again.outcome() == game.outcome()
    assert [str(turn[2]) for turn in again._history] == [
        str(turn[2]) for turn in game._history
    ] or not exact
    if game.reshuffles:
        shuffled = next(turn for turn in record["turns"] if "reshuffle" in turn)
        drawn = [turn["card"] for turn in record["turns"][record["turns"].index(shuffled) :]]
        assert shuffled["reshuffle"][: len(drawn)] == drawn  # the order they came up in
        assert shuffled["note"].startswith("shuffled at the table")


def test_the_record_of_a_game_by_kinds_holds_stand_ins_and_says_so() -> None:
    game, turns = table_game(10)
    view = new(*[entry for turn in turns for entry in turn.entries(exact=False)])
    answer = web.real_marvin_record(view["id"])
    assert answer["filename"] == "marvin-ann-ben.json"
    again = replay(json.loads(json.dumps(answer["record"])))
    assert again.outcome() == game.outcome() and again.reshuffles == 1
    notes = [turn["note"] for turn in answer["record"]["turns"] if "note" in turn]
    assert sum("stands in" in note for note in notes) == sum(turn.card != "JK" for turn in turns)
    assert sum(note.startswith("shuffled at the table") for note in notes) == 1
    assert web.record(view["id"]) == answer  # the record entry point of the play pages


def test_a_kind_stands_for_the_first_card_of_its_kind_not_yet_come_up() -> None:
    view = new("draw hit", "GL", "draw hit", "GR")
    record = web.real_marvin_record(view["id"])["record"]
    assert [turn["card"] for turn in record["turns"]] == ["AS", "3S"]
    # The very card a kind stood for comes up: the stand-in moves on to the next one.
    view = enter(view, "draw AS", "GL")
    record = web.real_marvin_record(view["id"])["record"]
    assert [turn["card"] for turn in record["turns"]] == ["3S", "5S", "AS"]
    assert record["deck"][:4] == ["3S", "5S", "AS", "2S"]
    replay(record)
    # The table shows the kind that was entered, never the stand-in's face.
    view = enter(view, "draw slash")
    assert view["table"]["drawn"] | {"card": "?"} == {
        **view["table"]["drawn"],
        "card": "?",
        "standin": True,
        "kind": "slash",
        "name": "a 9",
    }
    assert view["headline"] == "Ben, you drew a 9: slash one of Ann's pirates (two hits)."
    draw = web.real_marvin_undo(view["id"])
    assert draw["undone"] == "a 9"


def test_the_picture_grid_offers_the_cards_not_yet_come_up_and_kinds_run_out() -> None:
    view = new("draw 8S", "GL", "draw kill", "GR", "draw 8H", "GR", jokers=0)
    kinds = {kind["kind"]: kind for kind in view["kinds"]}
    assert [card["card"] for card in kinds["kill"]["cards"]] == ["8D", "8C"]
    assert (kinds["kill"]["left"], kinds["kill"]["size"], kinds["kill"]["ranks"]) == (1, 4, "8")
    assert kinds["lost"]["left"] == 0 and kinds["lost"]["cards"] == []
    assert kinds["hit"]["ranks"] == "A 3 5 7" and kinds["take"]["ranks"] == "J Q K"
    view = enter(view, "draw 8C", "GL")
    refused = web.real_marvin_play(view["id"], "draw kill")["refusal"]
    assert refused["words"] == "All 4 eights already came up since the last shuffle."
    assert refused["rule"] == "M1"
    refused = web.real_marvin_play(view["id"], "draw 8S")["refusal"]
    assert refused["words"] == "The Eight of spades already came up since the last shuffle."
    refused = web.real_marvin_play(view["id"], "draw JK")["refusal"]
    assert refused["words"] == "The deck has no joker."
    assert web.real_marvin_view(view["id"])["keep"]["moves"] == view["keep"]["moves"]


def test_refused_taps_say_why_in_family_words_and_name_their_rule() -> None:
    view = new("draw 9C")
    refused = web.real_marvin_play(view["id"], "CL")["refusal"]
    assert refused["words"] == (
        "Ben's captain left can't be slashed: the guard in front of it is still standing."
    )
    assert (refused["rule"], refused["href"]) == ("M16", "rules/marvin/#M16")
    view = enter(view, "GL", "draw 2H", "GL", "draw 4H", "GL", "draw 6H")
    refused = web.real_marvin_play(view["id"], "GL")["refusal"]
    assert refused["words"] == "Ben's guard left already has a shield, and shields do not stack."
    assert refused["rule"] == "M11"
    view = enter(view, "GR", "draw 8S", "GL", "draw 3H", "GR", "draw 7S")  # Ben's guard faints
    refused = web.real_marvin_play(view["id"], "GL")["refusal"]
    assert refused["words"] == "Ben's guard left is empty: Ben has no pirate there."
    assert refused["rule"] == "M17"
    assert web.real_marvin_play(view["id"], "CL")["refusal"] is None  # its captain is open now


def test_a_joker_loses_the_turn_and_a_prize_power_waits_for_the_card() -> None:
    view = new("draw JK")
    assert view["steps"] == [] and view["to_move"] == 1  # a resumed game tells no steps
    view = enter(new(), "draw JK")
    assert [step["kind"] for step in view["steps"]] == ["draw", "lost"]
    assert view["steps"][1]["family"] == "Joker! Ann misses a turn."
    assert (view["to_move"], view["phase"], view["turn"]) == (1, "draw", 2)
    view = enter(view, "draw KS", "take fort", "draw 2S", "GL")
    assert view["phase"] == "power"  # Ben holds the Fort, and both guards stand
    assert [choice["move"] for choice in view["legal"]] == ["fort GL", "fort GR"]
    view = enter(view, "fort GR")
    assert view["phase"] == "draw" and view["power"] == "fort GR"
    assert view["table"]["sides"][1]["pirates"][1]["shield"]  # shown before the card
    assert view["steps"][0]["family"] == "Ben used the Fort: their guard got a shield."
    refused = web.real_marvin_play(view["id"], "fort GL")["refusal"]
    assert refused["rule"] == "M5"
    back = web.real_marvin_undo(view["id"])
    assert back["undone"] == "Ben using the Fort" and back["power"] is None
    view = enter(back, "fort GR", "draw 5C", "GL")
    record = web.real_marvin_record(view["id"])["record"]
    fort = {"power": "fort", "shield": "GR"}
    assert record["turns"][-1] == {"prize": fort, "card": "5C", "target": "GL"}


def test_the_cave_hides_a_captain_until_the_other_captain_faints() -> None:
    view = new("draw QS", "take cave", "draw JK")
    assert [choice["move"] for choice in view["legal"]] == ["cave CL", "cave CR"]
    view = enter(view, "cave CL", "draw 3S", "GL", "draw 8S")
    assert view["table"]["sides"][0]["pirates"][2]["hidden"]
    refused = web.real_marvin_play(view["id"], "CL")["refusal"]
    assert refused["words"] == "Ann's captain left can't be knocked out: it is hidden in the Cave."
    assert refused["rule"] == "M7"
    view = enter(view, "GR", "draw 3H", "GL", "draw 8H", "CR")
    captain = view["table"]["sides"][0]["pirates"][2]
    assert (captain["hidden"], captain["hp"]) == (False, 4)
    assert [step["family"] for step in view["steps"]][-1] == "Ann's captain came out of the Cave."
    assert view["log"][-1]["rule"] == "M7"


def test_take_back_undoes_one_entry_at_a_time_back_to_the_start() -> None:
    view = enter(new(), "draw 5H", "GL", "draw 9D")
    words = []
    while view["can_undo"]:
        view = web.real_marvin_undo(view["id"])
        words.append(view["undone"])
    assert words == ["the Nine of diamonds", "Ann's hit on Ben's guard left", "the Five of hearts"]
    assert view["table"]["sides"][1]["pirates"][0]["hp"] == 4 and view["keep"]["moves"] == []
    with pytest.raises(PirateRulesError, match="nothing to take back"):
        web.real_marvin_undo(view["id"])


def test_a_kept_game_resumes_and_a_bad_one_names_its_entry() -> None:
    _, turns = table_game(23)
    moves = [entry for turn in turns[:20] for entry in turn.entries(exact=True)]
    view = new(*moves)
    again = web.real_marvin_new(view["keep"])
    assert again["table"] == view["table"] and again["keep"] == view["keep"]
    assert again["log"] == view["log"]
    with pytest.raises(PirateRulesError, match=r"entry 2 of 2, 'CL', cannot be played: .*\(M16\)"):
        new("draw 9C", "CL")
    with pytest.raises(PirateRulesError, match=r"entry 3 of 4, 'draw 9C', .* already came up"):
        new("draw 9C", "GL", "draw 9C", "GL")
    with pytest.raises(PirateRulesError, match="entry 1 of 1: not an entry"):
        new("draw 11X")
    with pytest.raises(PirateRulesError, match="first must be player 0 or 1"):
        new(first=2)


def test_entries_read_their_notation_and_refuse_what_is_not_one() -> None:
    assert str(read_entry("DRAW jk")) == "draw JK"
    assert read_entry("draw jk").kind == "lost"
    assert str(read_entry("draw Slash")) == "draw slash"
    with pytest.raises(PirateRulesError, match="say which card was drawn"):
        read_entry("draw")
    with pytest.raises(PirateRulesError, match="an entry is text"):
        read_entry(7)


def test_the_page_states_the_rulings_the_module_follows() -> None:
    page = (ROOT / "docs/play/real-marvin.md").read_text(encoding="utf-8")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>|\*\*", "", page))
    for ruling in RULINGS.values():
        assert ruling in text


def test_the_second_player_may_go_first_and_the_record_says_so() -> None:
    view = new(first=1)
    assert view["to_move"] == 1
    assert view["headline"] == "Ben, your turn: draw a card and tap what it is."
    view = enter(view, "draw 9C", "GL")
    assert view["log"][-1]["family"] == "Ben slashed Ann's guard: two hits!"
    assert view["to_move"] == 0
    record = web.real_marvin_record(view["id"])["record"]
    assert record["first"] == 1
    game = replay(record)
    assert game.to_move == 0 and game.turn == 1
