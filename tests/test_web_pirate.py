"""The Pirate page's entry points: moments from both seats, computers on beats, stretches,
games started from records, and endings explained."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError, RecordError, ReplayError
from pirate_rules.pirate import PirateGame
from pirate_rules.pirate.bots import play_game
from pirate_rules.pirate.record import replay, to_record
from pirate_rules.pirate.speed import MOMENT_MS
from pirate_rules.web.pirate import BEAT_MS
from pirate_rules.web.pirate_view import ending
from pirate_rules.web.sessions import find_session

STACKED = Path(__file__).parent / "data" / "pirate-sink-and-clash.json"


def stacked() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(STACKED.read_text(encoding="utf-8"))
    return data


def letters(moment: str) -> list[str | None]:
    return [None if action == "W" else action for action in moment]


def test_two_people_play_a_stacked_deal_to_its_end_with_both_ties() -> None:
    record = stacked()
    view = web.pirate_new({"seats": ["person", "person"], "record": record})
    assert view["players"] == ["Ann", "Ben"] and view["moment"] == 0
    kinds = []
    for moment in record["moments"]:
        view = web.pirate_moment(view["id"], letters(moment))
        assert view["last"]["refused"] == [], view["last"]
        kinds += [event["kind"] for event in view["last"]["events"]]
    # A double completion sinks spades (P7); the owner's play beats a claim, and sinks (P9).
    assert kinds.count("sink") == 2 and kinds.count("clash") == 1 and "claim" in kinds
    assert view["outcome"]["rule"] == "P10" and view["outcome"]["kind"] == "four"
    assert view["outcome"]["why"] == (
        "Ben captured 4 ships, and once a ship has sunk, four are enough (P10)."
    )
    assert [ship["name"] for ship in view["sunk"]] == [
        "the spades ship (ship 1)",
        "the hearts ship (ship 2)",
    ]
    assert [ship["moment"] for ship in view["sunk"]] == [14, 112]
    assert len(view["seats"][1]["captured"]) == 4
    saved = web.record(view["id"])["record"]
    assert saved["moments"] == record["moments"]
    assert replay(saved).outcome() == find_session(view["id"]).game.outcome()


def test_a_refused_action_is_named_and_costs_only_that_seat_its_moment() -> None:
    view = web.pirate_new({"seats": ["person", "person"], "record": stacked()})
    view = web.pirate_moment(view["id"], ["T", "T"])
    view = web.pirate_moment(view["id"], ["C", "P"])
    (refused,) = view["last"]["refused"]
    assert refused["seat"] == 0 and refused["action"] == "C" and refused["rule"] == "P9"
    assert refused["message"].startswith("Ann cannot claim")
    assert view["last"]["actions"] == ["W", "P"]
    king = view["ships"][0]["slots"][12]
    assert (king["name"], king["half"], king["owner"]) == ("King of spades", 1, 1)


def test_a_computer_counts_its_reaction_in_beats_however_fast_people_play() -> None:
    # The person turns one card per beat in one game and three in the other; the
    # computer, which looks once per beat, does exactly the same in both.
    games = []
    for per_beat in (1, 3):
        view = web.pirate_new({"seed": 8, "seats": ["person", "child"]})
        seen = []
        for _ in range(60):
            for step in range(per_beat):
                view = web.pirate_moment(view["id"], ["T", None], [1] if step == 0 else [])
            seen.append((view["seats"][1]["stock"], view["seats"][1]["waste"], view["score"]))
        games.append(seen)
    assert games[0] == games[1]
    assert games[0][-1][0] < 52, "the computer turned no card"


def test_a_computer_reacts_in_its_levels_milliseconds_at_one_look_a_beat() -> None:
    # A beat is a tenth of a second, whatever the level: the Expert takes from 0.15 s to
    # 0.45 s over its first turned card, the Toddler from 1 s to 3 s (0.05 s either way
    # for rounding to whole beats).
    assert BEAT_MS == MOMENT_MS == 100
    for level, (low, high) in {"expert": (150, 450), "toddler": (1000, 3000)}.items():
        view = web.pirate_new({"seed": 5, "seats": ["person", level]})
        assert view["beat_ms"] == 100
        view = web.pirate_moment(view["id"], [None, None], [1])
        assert view["last"]["actions"] == ["W", "T"]  # an empty waste: it turns at once
        beats = 0
        while True:
            view = web.pirate_moment(view["id"], [None, None], [1])
            if view["last"]["actions"][1] != "W":
                break
            beats += 1
        assert low - 50 <= beats * BEAT_MS <= high + 50, (level, beats)


def test_a_player_out_of_cards_is_told_what_to_do_in_words_that_stay_true() -> None:
    record = first_stretch(1)
    view = web.pirate_new({"seats": ["person", "casual"], "record": record, "resume": True})
    assert view["seats"][0]["watching"] == (
        "Out of cards: claim Computer 2's newly turned cards that fit your ships."
        " Computer 2 plays faster while there is nothing to claim."
    )
    assert view["seats"][1]["watching"] is None
    # The same table in the record viewer speaks of each seat in the third person.
    opened = web.viewer_open(json.dumps(web.record(view["id"])["record"]))
    last = web.viewer_step(opened["id"], opened["steps"])
    assert last["view"]["seats"][0]["watching"] == (
        "Out of cards: watching Computer 2's newly turned cards, to claim one that fits."
    )


def test_a_computer_that_does_not_look_waits() -> None:
    view = web.pirate_new({"seed": 8, "seats": ["person", "expert"]})
    view = web.pirate_moment(view["id"], [None, None], [])
    assert view["last"]["actions"] == ["W", "W"]
    view = web.pirate_moment(view["id"], ["T", "P"], [1])  # a computer's seat ignores letters
    assert view["last"]["actions"] == ["T", "T"]


def test_watching_two_computers_equals_the_command_line_even_with_skips() -> None:
    seed, bots = 1, ("fast", "casual")
    view = web.pirate_new({"seed": seed, "seats": list(bots)})
    skipped = 0
    while not view["outcome"]:
        if view["stretch"] and view["stretch"]["fast"]:
            view = web.pirate_skip(view["id"])
            skipped += view["last"]["skipped"]
        else:
            view = web.pirate_tick(view["id"])
    assert skipped > 100
    ours = web.record(view["id"])["record"]
    theirs = to_record(play_game(bots, seed))
    assert ours["moments"] == theirs["moments"] and ours["result"] == theirs["result"]


def first_stretch(seed: int) -> dict[str, Any]:
    """The record of fast against casual up to the first moment when fast can do nothing."""
    view = web.pirate_new({"seed": seed, "seats": ["fast", "casual"]})
    while not view["stretch"]:
        view = web.pirate_tick(view["id"])
    return dict(web.record(view["id"])["record"])


def test_skip_plays_until_the_idle_person_can_act_again() -> None:
    record = first_stretch(1)
    view = web.pirate_new({"seats": ["person", "casual"], "record": record, "resume": True})
    assert view["moment"] == len(record["moments"])
    assert view["stretch"] == {
        "active": 1,
        "idle": 0,
        "fast": True,
        "text": "Computer 1 has nothing to turn, play or claim for now: Computer 2 plays on,"
        " faster.",
    }
    assert [seat["can_act"] for seat in view["seats"]] == [False, True]
    view = web.pirate_skip(view["id"])
    assert view["last"]["skipped"] > 0
    assert view["outcome"] or view["seats"][0]["can_act"]
    if not view["outcome"]:
        assert view["seats"][0]["claims"] and view["stretch"] is None
        again = web.pirate_skip(view["id"])
        assert again["moment"] == view["moment"] and again["last"] is None


def test_a_person_playing_on_alone_is_not_fast_forwarded() -> None:
    record = first_stretch(1)
    view = web.pirate_new({"seats": ["casual", "person"], "record": record, "resume": True})
    assert view["stretch"]["active"] == 1 and not view["stretch"]["fast"]
    assert web.pirate_skip(view["id"])["moment"] == view["moment"]


def test_a_game_from_a_record_starts_from_its_deal_or_continues_it() -> None:
    record = stacked()
    fresh = web.pirate_new({"seats": ["person", "expert"], "record": json.dumps(record)})
    assert fresh["moment"] == 0 and fresh["outcome"] is None
    cut = {**record, "moments": record["moments"][:20]}
    del cut["result"]
    resumed = web.pirate_new({"seats": ["person", "person"], "record": cut, "resume": True})
    assert resumed["moment"] == 20 and len(resumed["sunk"]) == 1


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"game": "marvins-pirates-go"}, RecordError, "a Pirate record .* but its 'game'"),
        ({"low": 2}, RecordError, "'low' must be 0 or 1"),
        ({"moments": ["PP"]}, ReplayError, "moment 1: Ann cannot play"),
    ],
)
def test_a_record_that_cannot_be_used_is_refused_in_one_line(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    record = {**stacked(), **change}
    record.pop("result")
    with pytest.raises(error, match=message) as caught:
        web.pirate_new({"record": record, "resume": True})
    assert "\n" not in str(caught.value)
    answer = json.loads(web.call_json("pirate_new", json.dumps([{"record": "{oops"}])))
    assert answer["error"]["kind"] == "RecordError"


def test_bad_seats_and_actions_are_named() -> None:
    with pytest.raises(PirateRulesError, match="unknown player 'warp'"):
        web.pirate_new({"seats": ["person", "warp"]})
    with pytest.raises(PirateRulesError, match="seats must name two players"):
        web.pirate_new({"seats": ["person"]})
    view = web.pirate_new({"seed": 2, "seats": ["person", "person"]})
    with pytest.raises(PirateRulesError, match="one action per seat"):
        web.pirate_moment(view["id"], "TT")
    with pytest.raises(PirateRulesError, match="not an action: 'X'"):
        web.pirate_moment(view["id"], ["X", None])
    assert web.pirate_view(view["id"])["moment"] == 0


@pytest.mark.parametrize(
    ("seed", "rule", "kind"),  # expert against expert
    [(2, "P10", "five"), (3, "P10", "four"), (43, "P11", "blocked"), (0, "P11", "draw")],
)
def test_every_ending_is_named_with_its_rule(seed: int, rule: str, kind: str) -> None:
    game = play_game(("expert", "expert"), seed)
    end = ending(game)
    assert end is not None and (end["rule"], end["kind"]) == (rule, kind)
    assert end["why"].endswith(".") and f"({rule})" in end["why"]
    if rule == "P11":
        assert len(end["details"]) == 4
        for suit in end["details"]:
            for half in suit["halves"]:
                # With whole decks every needed card is somewhere: on a ship, captured or sunk.
                name = game.players[half["player"]]
                assert half["where"].startswith(f"{name}'s copy "), half
                assert "not in play" not in half["where"], half
    else:
        assert end["details"] == []


def test_blocked_details_say_where_the_needed_cards_went() -> None:
    stocks = ("AS 2S 3S 4S 5S 6S 7S", "KS QS JS TS 9S 8S 7S")
    game = PirateGame(stocks=stocks, players=("Ann", "Ben"), complete=False)
    game.apply_moments("TT PP " * 7)
    end = ending(game)
    assert end is not None and (end["rule"], end["kind"]) == ("P11", "draw")
    assert end["why"] == (
        "No card left in a stock or waste fits any half, so none can ever be placed (P11);"
        " with 0 ships each, it is a draw."
    )
    spades, hearts = end["details"][0]["halves"], end["details"][1]["halves"]
    # Both players are observers, so either copy of the card would do.
    assert spades[0] == {
        "player": 0,
        "card": "KS",
        "where": "Ann's copy is not in play; Ben's copy sank with ship 1",
    }
    assert hearts[1]["card"] == "KH" and hearts[1]["where"].startswith("Ben's copy is not in play")


def test_the_roles_line_names_the_swapped_ships() -> None:
    record = stacked()
    view = web.pirate_new({"seats": ["person", "person"], "record": record})
    assert "Swapped" not in view["roles"]
    for moment in record["moments"][:14]:
        view = web.pirate_moment(view["id"], letters(moment))
    assert view["roles"].endswith("Swapped now: spades (Ann from the King, Ben from the Ace).")
    assert view["ships"][0]["swapped"] and view["ships"][0]["halves"][0]["keel"] == "KS"


def play_on(view: dict[str, Any], moments: int) -> dict[str, Any]:
    """A person turning or playing, and the computer looking on every third moment."""
    for number in range(moments):
        if view["outcome"]:
            break
        seat = view["seats"][0]
        action = "P" if seat["fits"] else "T"
        view = web.pirate_moment(view["id"], [action, None], [1] if number % 3 == 0 else [])
    return view


def test_a_kept_game_is_the_same_game_at_the_same_point_and_goes_on_the_same() -> None:
    view = play_on(web.pirate_new({"seed": 11, "seats": ["person", "casual"]}), 150)
    keep = view["keep"]
    assert len(keep["moves"]) == 150 and "w" in "".join(keep["moves"])
    again = web.pirate_new(json.loads(json.dumps(keep)))  # as the page stores it
    for key in ("text", "seats", "ships", "score", "keep", "log"):
        assert again[key] == view[key], key
    # The computer was left where it was: both games go on the same, skips included.
    first, second = play_on(view, 60), play_on(again, 60)
    assert first["text"] == second["text"]
    first, second = web.pirate_skip(first["id"]), web.pirate_skip(second["id"])
    assert first["keep"]["moves"] == second["keep"]["moves"]
    kept = web.record(first["id"])["record"]
    assert kept["moments"] == [moment.upper() for moment in first["keep"]["moves"]]


def test_a_game_dealt_from_a_record_is_kept_with_its_deal() -> None:
    record = stacked()
    cut = {**record, "moments": record["moments"][:20]}
    view = web.pirate_new({"seed": 5, "seats": ["person", "person"], "record": cut, "resume": True})
    for moment in record["moments"][20:30]:
        view = web.pirate_moment(view["id"], letters(moment))
    keep = view["keep"]
    assert keep["resume"] and keep["record"]["moments"] == record["moments"][:20]
    assert "result" not in keep["record"] and keep["moves"] == record["moments"][20:30]
    again = web.pirate_new(keep)
    assert again["moment"] == 30 and again["text"] == view["text"]
    assert again["players"] == ["Ann", "Ben"]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["TT", "PP"], r"moment 2 of 2, 'PP' cannot be played: .*\(P6\)"),
        (["TTT"], "moment 1 of 1, 'TTT': a moment is two letters"),
        (["TX"], "not an action: 'X'"),
        ("TT", "moves must be a list of moments"),
    ],
)
def test_a_keep_that_cannot_be_played_is_refused_in_one_line(moves: Any, message: str) -> None:
    with pytest.raises(PirateRulesError, match=message) as caught:
        web.pirate_new({"seed": 3, "seats": ["person", "person"], "moves": moves})
    assert "\n" not in str(caught.value)


def test_a_kept_computer_that_would_now_choose_otherwise_is_named() -> None:
    view = web.pirate_new({"seed": 3, "seats": ["person", "expert"]})
    view = web.pirate_moment(view["id"], ["T", None], [1])
    keep = {**view["keep"], "moves": ["TW"]}  # the expert turned, not waited
    with pytest.raises(PirateRulesError, match="the computer now chooses 'T' there"):
        web.pirate_new(keep)
