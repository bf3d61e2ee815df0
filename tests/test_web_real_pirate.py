"""Pirate with real cards (pirate_rules.web.real_pirate): the tie judge and scorer's moments,
the window for a late tap, take-back, keeping a game over a reload, and bad input."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError
from pirate_rules.web.real_pirate import LATE_MS, MAX_MOMENTS


def new(*moves: str, **options: Any) -> dict[str, Any]:
    """A game of Ann (low) and Ben with the kept ``moves``."""
    view: dict[str, Any] = web.real_pirate_new(
        {"players": ["Ann", "Ben"], "low": 0, "moves": list(moves), **options}
    )
    return view


def families(view: dict[str, Any]) -> list[str]:
    return [line["family"] for line in view["said"]]


def test_a_tie_sinks_one_tap_captures_and_two_suits_are_two_captures() -> None:
    view = new()
    view = web.real_pirate_moment(view["id"], ["C", "C"], 1_000)
    assert view["sunk"] == [{"suit": "C", "number": 1}] and view["score"] == [0, 0]
    assert view["to_win"] == 4
    view = web.real_pirate_moment(view["id"], [None, "H"], 5_000)
    assert families(view) == ["Ben captured the hearts ship!"]
    view = web.real_pirate_moment(view["id"], ["S", "D"], 9_000)
    assert families(view) == ["Ann captured the spades ship!", "Ben captured the diamonds ship!"]
    assert [line["rule"] for line in view["said"]] == ["P7", "P7"]
    assert view["score"] == [1, 2]
    # P8: each suit's next ship starts with the keels swapped; Ann (low) built up first.
    keels = {suit["suit"]: (suit["number"], suit["keels"]) for suit in view["suits"]}
    assert keels == {"S": (2, [13, 1]), "H": (2, [13, 1]), "D": (2, [13, 1]), "C": (2, [13, 1])}


def test_a_tap_on_a_ship_just_settled_is_too_late_until_its_window_closes() -> None:
    view = new("S. 10000")
    late = web.real_pirate_moment(view["id"], [None, "S"], 10_000 + LATE_MS - 1)
    assert families(late) == ["Too late, Ben: Ann captured the spades ship 2.0 s before."]
    assert late["score"] == [1, 0] and late["moments"] == 2
    again = web.real_pirate_moment(view["id"], [None, "S"], 10_000 + LATE_MS + 1)
    assert families(again) == ["Ben captured the spades ship!"]
    assert again["score"] == [1, 1]


def test_p10_four_ships_win_after_a_sink_and_nothing_is_settled_after_the_end() -> None:
    view = new("HH 0", "S. 5000", "D. 10000", "C. 15000")
    assert view["score"] == [3, 0] and view["outcome"] is None
    view = web.real_pirate_moment(view["id"], ["H", None], 20_000)
    assert view["outcome"] == {
        "winner": 0,
        "text": "Ann won the game, with 4 ships!",
        "rule": "P10",
        "href": "rules/pirate/#P10",
    }
    after = web.real_pirate_moment(view["id"], [None, "S"], 30_000)
    assert after["refusal"]["words"].startswith("The game is over: Ann won")
    assert after["moments"] == view["moments"] and after["score"] == view["score"]


def test_nothing_fits_ends_the_game_by_p11_more_ships_win_or_a_draw() -> None:
    view = web.real_pirate_end(new("S. 0", ".H 5000", "D. 9000")["id"])
    assert view["outcome"]["rule"] == "P11" and view["outcome"]["winner"] == 0
    even = web.real_pirate_end(new("S. 0", ".H 5000")["id"])
    assert even["outcome"]["winner"] is None


def test_take_back_undoes_a_whole_moment_then_refuses_at_the_start() -> None:
    view = new("S. 0", "HH 5000")
    back = web.real_pirate_undo(view["id"])
    assert back["undone"] == "Both at once: the hearts ship sank, and nobody gets it!"
    assert back["sunk"] == [] and back["score"] == [1, 0] and back["to_win"] == 5
    web.real_pirate_undo(view["id"])
    with pytest.raises(PirateRulesError, match="nothing to take back"):
        web.real_pirate_undo(view["id"])


def test_a_kept_game_comes_back_the_same_after_a_reload() -> None:
    view = new()
    for taps, at in ((["H", "H"], 1_000), (["S", None], 2_000), (["D", "C"], 9_000)):
        view = web.real_pirate_moment(view["id"], taps, at)
    again = web.real_pirate_new(view["keep"])
    assert {**again, "id": view["id"], "said": view["said"]} == view


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        (["XX 5"], "moment 1 of 1: not a moment: 'XX 5' (a suit S H D C or '.' for each"),
        ([".. 5"], "moment 1 of 1: not a moment"),
        (["S. soon"], "its time must be a number"),
        (["S. 5", "end", "S. 9000"], "moment 3 of 3: the game is over"),
        (["S.5"], "such as 'H. 1712345678901', or 'end'"),
        ("S. 5", "moves must be a list"),
        (["S. 5"] * (MAX_MOMENTS + 1), f"at most {MAX_MOMENTS} moments"),
    ],
)
def test_a_kept_game_that_cannot_be_read_says_why(moves: Any, words: str) -> None:
    with pytest.raises(PirateRulesError, match=re.escape(words)):
        web.real_pirate_new({"moves": moves})


@pytest.mark.parametrize("low", [2, -1, True, "0", None])
def test_the_low_player_is_0_or_1(low: Any) -> None:
    with pytest.raises(PirateRulesError, match=r"the low player must be 0 or 1.*\(P2\)"):
        web.real_pirate_new({"low": low})


@pytest.mark.parametrize(("taps", "at"), [(["H"], 5), (["H", None], "now"), ("HH", 5)])
def test_a_moment_sent_wrong_is_an_error_that_says_why(taps: Any, at: Any) -> None:
    view = new()
    with pytest.raises(PirateRulesError, match="moment"):
        web.real_pirate_moment(view["id"], taps, at)
