"""The lessons of Pirate: each stacked deal teaches its idea, while the computer waits."""

from __future__ import annotations

import pytest

from pirate_rules.errors import IllegalMoveError, InvalidMoveError, PirateRulesError
from pirate_rules.web import call_json, family
from pirate_rules.web.lessons import stars
from pirate_rules.web.pirate_lessons import (
    AUDIENCE,
    PIRATE_LESSONS,
    YOU,
    PirateLesson,
    pirate_lesson_start,
    pirate_lesson_tap,
)
from pirate_rules.web.sessions import find_session

IDEAS = ["turn", "keel", "build", "again", "capture", "sink", "claim"]
"""What the lessons teach, in order: turning cards, a keel, building up and down, turning
the waste over, a capture, a sinking (both at once), running out and claiming."""


def test_the_lessons_teach_each_idea_in_order() -> None:
    assert [lesson.key for lesson in PIRATE_LESSONS] == IDEAS
    assert all(lesson.goal and lesson.picture and lesson.praise for lesson in PIRATE_LESSONS)


@pytest.mark.parametrize("lesson", PIRATE_LESSONS, ids=lambda lesson: lesson.key)
def test_the_shortest_way_reaches_the_goal_with_three_stars(lesson: PirateLesson) -> None:
    view = pirate_lesson_start(lesson.key)
    game = find_session(view["id"]).game
    assert not lesson.reached(game), "the goal must not be reached before the child plays"
    for tap in lesson.taps:
        assert view["legal"] == [str(a) for a in game.legal_actions(YOU) if a != "W"]
        assert tap.answer in view["legal"]
        view = pirate_lesson_tap(view["id"], tap.answer)
        assert not view["refused"]
        assert len(view["steps"]) == 1 + len(tap.reply)
    assert view["done"] and view["stars"] == 3 and view["legal"] == []
    assert lesson.reached(game)
    assert game.outcome() is None, "a lesson ends with the game still going on"
    assert view["say"].startswith("Well done!") and view["say"].endswith(lesson.praise)


@pytest.mark.parametrize("lesson", PIRATE_LESSONS, ids=lambda lesson: lesson.key)
def test_a_wrong_tap_gets_the_nudge_and_leaves_the_lesson_as_it_was(
    lesson: PirateLesson,
) -> None:
    view = pirate_lesson_start(lesson.key)
    misses = 0
    for tap in lesson.taps:
        for wrong in [action for action in view["legal"] if action != tap.answer]:
            refused = pirate_lesson_tap(view["id"], wrong)
            assert refused["refused"] and refused["nudge"] == tap.nudges.get(wrong, tap.nudge)
            assert refused["say"] == refused["nudge"]
            assert refused["table"] == view["table"] and refused["legal"] == view["legal"]
            misses += 1
            assert refused["misses"] == misses
        view = pirate_lesson_tap(view["id"], tap.answer)
    assert view["done"] and view["stars"] == stars(misses)


def test_most_lessons_offer_an_action_that_misses_the_goal() -> None:
    offered = set()
    for lesson in PIRATE_LESSONS:
        view = pirate_lesson_start(lesson.key)
        for tap in lesson.taps:
            if any(action != tap.answer for action in view["legal"]):
                offered.add(lesson.key)
            view = pirate_lesson_tap(view["id"], tap.answer)
    assert offered == {"keel", "build", "again", "capture", "sink", "claim"}


def test_an_action_the_rules_forbid_is_refused_with_its_rule_and_changes_nothing() -> None:
    view = pirate_lesson_start("turn")
    with pytest.raises(IllegalMoveError, match="P6"):
        pirate_lesson_tap(view["id"], "P")
    with pytest.raises(InvalidMoveError):
        pirate_lesson_tap(view["id"], "X")
    assert find_session(view["id"]).options["misses"] == 0
    assert find_session(view["id"]).game.moment == 0


def test_a_finished_lesson_takes_no_more_taps_and_an_unknown_one_is_named() -> None:
    view = pirate_lesson_start("capture")
    pirate_lesson_tap(view["id"], "P")
    with pytest.raises(PirateRulesError, match="finished"):
        pirate_lesson_tap(view["id"], "T")
    with pytest.raises(PirateRulesError, match="choose from: turn, keel"):
        pirate_lesson_start("nope")


def test_a_capture_is_the_childs_and_a_sinking_is_nobodys() -> None:
    view = pirate_lesson_start("capture")
    done = pirate_lesson_tap(view["id"], "P")
    game = find_session(view["id"]).game
    assert game.score == (1, 0) and not game.sunk
    assert [event["kind"] for event in done["steps"][0]["table"]["last"]["events"]] == ["capture"]
    view = pirate_lesson_start("sink")
    done = pirate_lesson_tap(view["id"], "P")
    game = find_session(view["id"]).game
    assert game.score == (0, 0) and len(game.sunk) == 1
    assert done["steps"][0]["table"]["last"]["actions"] == ["P", "P"]  # both at once (P7)
    assert "sank, and nobody gets it" in done["steps"][0]["family"]


def test_out_of_cards_the_child_waits_while_the_computer_turns_then_claims() -> None:
    view = pirate_lesson_start("claim")
    after = pirate_lesson_tap(view["id"], "P")
    assert [step["seat"] for step in after["steps"]] == [0, 1, 1]  # the computer, slowly
    assert after["steps"][1]["family"] == "The computer turned the Nine of diamonds."
    assert after["legal"] == ["C"]
    assert after["headline"] == "The computer's Three of spades fits your ship: tap Claim!"
    assert after["table"]["seats"][0]["observer"]
    done = pirate_lesson_tap(view["id"], "C")
    assert done["steps"][0]["family"] == (
        "You claimed the computer's Three of spades for your ship!"
    )


def test_the_voice_says_the_goal_then_the_family_words_of_each_moment_then_the_prompt() -> None:
    view = pirate_lesson_start("build")
    assert view["say"] == family.join(view["goal"], view["headline"])
    after = pirate_lesson_tap(view["id"], "T")
    game = find_session(view["id"]).game
    assert after["say"] == (
        "You turned the Two of hearts. The computer turned the Queen of hearts. "
        + family.pirate_prompt(game, AUDIENCE, YOU)
    )


def test_an_empty_stock_turns_the_waste_over_with_its_first_turned_card_on_top() -> None:
    view = pirate_lesson_start("again")
    assert view["headline"] == "Your stock is empty: tap Turn to turn your waste over."
    after = pirate_lesson_tap(view["id"], "T")
    assert after["steps"][0]["family"].startswith("You turned your waste over: a new stock!")
    assert after["table"]["seats"][0]["stock"] == 4 and after["table"]["seats"][0]["waste"] == 0
    after = pirate_lesson_tap(view["id"], "T")
    assert after["table"]["seats"][0]["top"]["card"] == "2S"  # P5: the first turned comes first


def test_the_pages_reach_the_lessons_through_the_engine_table() -> None:
    listed = call_json("pirate_lessons_list", "[]")
    assert '"key":"turn"' in listed
    started = call_json("pirate_lesson_start", '["keel"]')
    assert '"legal":["T","P"]' in started
