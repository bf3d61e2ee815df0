"""The lessons of Marvin's Pirates Go!: each stacked deal teaches its idea."""

from __future__ import annotations

import pytest

from pirate_rules.errors import IllegalMoveError, PirateRulesError
from pirate_rules.web import call_json, lessons
from pirate_rules.web.lessons import LESSONS, Lesson, lesson_start, lesson_tap
from pirate_rules.web.sessions import find_session


def test_there_are_six_to_ten_lessons_each_with_its_own_key_and_goal() -> None:
    assert 6 <= len(LESSONS) <= 10
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS)
    assert all(lesson.goal and lesson.picture for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_the_shortest_way_reaches_the_goal_with_three_stars(lesson: Lesson) -> None:
    view = lesson_start(lesson.key)
    game = find_session(view["id"]).game
    assert not lesson.reached(game), "the goal must not be reached before the child plays"
    for turn in lesson.turns:
        legal = [choice["move"] for choice in view["legal"]]
        assert turn.answers[0] in legal
        view = lesson_tap(view["id"], turn.answers[0])
        assert not view["refused"]
    assert view["done"] and view["stars"] == 3 and view["legal"] == []
    assert lesson.reached(game)
    assert view["headline"] == lesson.praise


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_a_wrong_tap_gets_the_nudge_and_leaves_the_lesson_as_it_was(lesson: Lesson) -> None:
    view = lesson_start(lesson.key)
    misses = 0
    for turn in lesson.turns:
        wrong = [c["move"] for c in view["legal"] if c["move"] not in turn.answers]
        if wrong:
            refused = lesson_tap(view["id"], wrong[0])
            assert refused["refused"] and refused["nudge"] == turn.nudges.get(wrong[0], turn.nudge)
            assert refused["table"] == view["table"] and refused["legal"] == view["legal"]
            assert refused["misses"] == misses + 1
            misses += 1
        view = lesson_tap(view["id"], turn.answers[0])
    assert misses >= 1, "every lesson offers at least one move that misses its goal"
    assert view["done"] and view["stars"] == lessons.stars(misses)


def test_stars_count_the_wrong_taps() -> None:
    view = lesson_start("fort")
    for move in ("fort GL", "draw"):
        assert lesson_tap(view["id"], move)["refused"]
    assert lesson_tap(view["id"], "fort GR")["stars"] == 1


def test_a_draw_the_child_did_not_make_waits_for_their_tap() -> None:
    view = lesson_start("joker")
    kinds = [(step["kind"], step["seat"], step["wait"]) for step in view["steps"]]
    assert kinds == [("draw", 0, True), ("lost", 0, False), ("draw", 1, False),
                     ("lost", 1, False), ("draw", 0, True)]  # fmt: skip
    assert view["steps"][1]["hold"] and view["steps"][0]["prompt"] == "Your turn: draw a card."


def test_a_finished_lesson_ends_before_the_childs_next_draw() -> None:
    view = lesson_start("shield")
    done = lesson_tap(view["id"], "GL")
    assert [step["kind"] for step in done["steps"]] == ["shield", "draw", "hit"]
    assert done["steps"][-1]["family"] == "The computer hit your guard, but the shield stopped it!"
    assert done["table"]["drawn"] is None


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_lesson_ends_on_a_settled_table_and_its_words_ask_for_its_taps(
    lesson: Lesson,
) -> None:
    """No card is left drawn and unplayed at the end (the computer's turn half done), and
    a nudge asks for as many taps as its answer takes: "tap it, then the Fort" is two."""
    view = lesson_start(lesson.key)
    for turn in lesson.turns:
        answer = next(c for c in view["legal"] if c["move"] == turn.answers[0])
        taps = 1 if answer["element"] else 2
        for nudge in (turn.nudge, *turn.nudges.values()):
            if " tap " in f" {nudge.lower()} " and turn.answers[0] != "draw":
                assert 1 + nudge.count(", then ") == taps, (nudge, taps)
        view = lesson_tap(view["id"], turn.answers[0])
    assert view["done"] and view["table"]["drawn"] is None
    assert not view["steps"] or view["steps"][-1]["kind"] != "draw"
    assert view["steps"] == [] or view["steps"][-1]["table"] == view["table"]


def test_help_shows_where_to_tap_after_a_wrong_tap_and_a_tap_on_nothing() -> None:
    view = lesson_start("fort")
    wrong = lesson_tap(view["id"], "draw")
    assert wrong["show"] == ["p0-GR"] and wrong["misses"] == 1
    stray = lessons.lesson_miss(view["id"], "p1-GL")  # a place that offers no move
    fort = next(lesson for lesson in LESSONS if lesson.key == "fort")
    assert stray["nudge"] == fort.turns[0].nudge and stray["say"] == stray["nudge"]
    assert stray["show"] == ["p0-GR"] and stray["misses"] == 1  # not counted as a wrong tap


def test_moves_the_rules_forbid_and_unknown_lessons_are_refused() -> None:
    view = lesson_start("captain")
    with pytest.raises(IllegalMoveError, match="M16"):
        lesson_tap(view["id"], "CR")  # behind its guard
    with pytest.raises(PirateRulesError, match="no lesson 'chess'"):
        lesson_start("chess")
    lesson_tap(view["id"], "CL")
    with pytest.raises(PirateRulesError, match="finished"):
        lesson_tap(view["id"], "GR")


def test_the_page_reaches_the_lessons_through_the_worker_entry_points() -> None:
    import json

    listed = json.loads(call_json("lessons_list", "[]"))["result"]["lessons"]
    assert [lesson["key"] for lesson in listed] == [lesson.key for lesson in LESSONS]
    view = json.loads(call_json("lesson_start", '["hit"]'))["result"]
    answer = json.loads(call_json("lesson_tap", json.dumps([view["id"], "GR"])))["result"]
    assert answer["done"]
