"""Game records: writing, round trips, and every kind of replay error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from marvin_helpers import game

from pirate_rules import records
from pirate_rules.errors import RecordError, ReplayError
from pirate_rules.marvin import MarvinGame, RandomBot, play_game, replay, to_record


def round_trip(game_: MarvinGame) -> MarvinGame:
    again = replay(json.loads(json.dumps(to_record(game_))))
    assert again._state() == game_._state()
    assert again.log == game_.log and str(again) == str(game_)
    assert to_record(again) == to_record(game_)
    return again


@pytest.mark.parametrize("seed", range(12))
def test_finished_games_round_trip(seed: int) -> None:
    game_ = play_game(["random", "random"], seed=seed, jokers=seed % 3)
    data = to_record(game_)
    assert data["result"] == {"winner": game_.winner}
    assert data["options"] == {"jokers": seed % 3}
    round_trip(game_)


@pytest.mark.parametrize("stop", [0, 1, 2, 5, 17, 40, 41, 60, 61, 99])
def test_unfinished_games_round_trip_at_any_point(stop: int) -> None:
    game_ = MarvinGame.from_seed(stop)
    bot = RandomBot(seed=stop)
    for _ in range(stop):
        if game_.is_game_over():
            break
        game_.push(bot.choose(game_, game_.to_move))
    data = to_record(game_)
    assert ("result" in data) == game_.is_game_over()
    again = round_trip(game_)
    while not game_.is_game_over():  # both go on the same way, until a reshuffle
        move = bot.choose(game_, game_.to_move)
        game_.push(move)
        again.push(move)
        if game_.reshuffles:
            break
        assert game_._state() == again._state()


def test_round_trip_with_reshuffles() -> None:
    games = (play_game(["random", "random"], seed=seed) for seed in range(40))
    game_ = next(g for g in games if g.reshuffles)
    data = to_record(game_)
    assert sum("reshuffle" in turn for turn in data["turns"]) == game_.reshuffles
    round_trip(game_)


def test_shared_replay_dispatches_and_reads_text() -> None:
    game_ = play_game(["random", "random"], seed=3)
    text = json.dumps(to_record(game_))
    assert records.replay(text)._state() == game_._state()
    assert replay(text)._state() == game_._state()


def test_record_shape() -> None:
    game_ = game("KS 7H JK")
    game_.play("take ship", "GL", "ship GL CR")
    data = to_record(game_, events=True)
    assert data == {
        "game": "marvins-pirates-go",
        "format": 1,
        "players": ["Marvin", "Mum"],
        "options": {"jokers": 2},
        "first": 0,
        "deck": [str(card) for card in game_.deck],
        "turns": [
            {"card": "KS", "take": "ship",
             "event": "Marvin draws KS and takes the Ship from the bank"},
            {"card": "7H", "target": "GL",
             "event": "Mum draws 7H and hits Marvin's GL: GL 4 -> 3 HP"},
            {
                "prize": {"power": "ship", "from": "GL", "to": "CR"},
                "card": "JK",
                "event": "Marvin uses the Ship: GL and CR swap places; "
                "Marvin draws JK and loses the rest of the turn",
            },
            {"card": "AS"},
        ],
    }  # fmt: skip


def _record(top: str, *moves: str) -> dict[str, Any]:
    game_ = game(top)
    game_.play(*moves)
    return to_record(game_)


def _replay_error(data: dict[str, Any]) -> str:
    with pytest.raises(ReplayError) as caught:
        replay(data)
    return str(caught.value)


def _record_error(data: Any) -> str:
    with pytest.raises(RecordError) as caught:
        replay(data)
    return str(caught.value)


def test_illegal_target_names_the_turn_and_rule() -> None:
    data = _record("9C 7H 9D", "GL", "GL", "GR")
    data["turns"][2]["target"] = "CR"
    assert _replay_error(data) == (
        "turn 3: target CR is not targetable: the guard in front of it is still standing (M16)"
    )
    with pytest.raises(ReplayError) as caught:
        replay(data)
    assert caught.value.where == "turn 3" and caught.value.rule == "M16"


def test_wrong_card_is_not_the_top_of_the_draw_pile() -> None:
    data = _record("9C 7H", "GL", "GL")
    data["turns"][1]["card"] = "7D"
    assert _replay_error(data) == (
        "turn 2: the card drawn must be the top of the draw pile, 7H, not 7D (M9)"
    )


def test_bad_card_is_a_record_error() -> None:
    data = _record("9C", "GL")
    data["turns"][0]["card"] = "ZZ"
    assert _record_error(data).startswith("turn 1: 'card': not a card: 'ZZ'")
    data["turns"][0]["card"] = 9
    assert _record_error(data) == "turn 1: 'card' must be a string, not number 9"


def test_deck_not_a_permutation() -> None:
    data = _record("9C", "GL")
    data["deck"][3] = data["deck"][4]
    message = _record_error(data)
    assert message.startswith("deck: not a deck of 52 cards and 2 jokers: missing ")
    assert ", extra " in message and message.endswith("(M1)")
    data = _record("9C", "GL")
    data["options"]["jokers"] = 1
    assert _record_error(data) == "deck: not a deck of 52 cards and 1 joker: extra JK (M1)"
    data["deck"][0] = "1S"
    assert _record_error(data).startswith("deck[0]: not a card: '1S'")


def _reshuffled_record() -> dict[str, Any]:
    games = (play_game(["random", "random"], seed=seed) for seed in range(40))
    return to_record(next(g for g in games if g.reshuffles))


def test_bad_reshuffle() -> None:
    data = _reshuffled_record()
    number, turn = next((n, t) for n, t in enumerate(data["turns"], 1) if "reshuffle" in t)
    good = list(turn["reshuffle"])
    turn["reshuffle"] = good[:-1]
    assert _replay_error(data) == (
        f"turn {number}: the reshuffle must be the {len(good)} cards of the discard pile:"
        f" missing {good[-1]} (M9)"
    )
    turn["reshuffle"] = [*good[:-1], good[0]]
    assert "extra" in _replay_error(data)
    del turn["reshuffle"]
    assert _replay_error(data) == (
        f"turn {number}: the draw pile is empty, so the turn must give the reshuffled pile (M9)"
    )
    turn["reshuffle"] = good
    data["turns"][0]["reshuffle"] = good
    assert _replay_error(data).startswith(
        "turn 1: the draw pile still holds 54 cards: the discard pile is reshuffled only when"
    )


def test_result_is_checked() -> None:
    game_ = play_game(["random", "random"], seed=5)
    data = to_record(game_)
    data["result"] = {"winner": 1 - game_.winner}  # type: ignore[operator]
    assert _replay_error(data).startswith(
        f"result: the record says the winner is player {1 - game_.winner}, "  # type: ignore[operator]
    )
    data["result"] = {"winner": "me"}
    assert _record_error(data) == "result: 'winner' must be 0 or 1, not string 'me'"
    data = _record("9C", "GL")
    data["result"] = {"winner": 0}
    assert _replay_error(data) == (
        "result: the record gives a result, but after 1 turns the game is not over (M18)"
    )


def test_turns_after_the_end_are_refused() -> None:
    data = _record("8S 2H 8H 2D 8D 2C 8C", "GL", "GR", "CL", "CR", "GR", "CR")
    data["turns"].append({"card": "AS", "target": "GL"})
    assert _replay_error(data) == "turn 8: the game is over: Marvin won on turn 7 (M18)"


def test_missing_choice_before_the_last_turn() -> None:
    data = _record("9C 7H", "GL", "GL")
    del data["turns"][0]["target"]
    assert _replay_error(data) == (
        "turn 1: the drawn 9C must be played, but the turn has no 'target' (M13)"
    )


def test_choice_for_a_card_that_does_nothing() -> None:
    data = _record("JK 7H", "GL")
    data["turns"][0]["target"] = "GL"
    assert _replay_error(data) == (
        "turn 1: the drawn JK can do nothing: a joker loses the rest of the turn,"
        " so the turn cannot have target GL (M15)"
    )


def test_prize_power_not_held() -> None:
    data = _record("9C 7H", "GL", "GL")
    data["turns"][1]["prize"] = {"power": "fort", "shield": "GL"}
    assert _replay_error(data) == "turn 2: Mum does not hold the Fort: it is in the bank (M5)"


def test_unknown_keys_and_events_are_ignored() -> None:
    data = _record("9C 7H", "GL", "GL")
    data["note"] = "hello"
    data["turns"][0]["event"] = "anything"
    data["turns"][1]["comment"] = {"x": 1}
    del data["options"]
    again = replay(data)
    assert again.turn == 2 and again.jokers == 2
    assert again.log == [
        "Turn 1: Marvin draws 9C and slashes Mum's GL (2 hits): GL 4 -> 2 HP",
        "Turn 2: Mum draws 7H and hits Marvin's GL: GL 4 -> 3 HP",
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(players=["A"]), "record: 'players' must be two non-empty names"),
        (lambda d: d.update(players="AB"), "record: 'players' must be a list, not string 'AB'"),
        (lambda d: d.update(first=2), "record: 'first' must be 0 or 1, not 2"),
        (lambda d: d.pop("deck"), "record: missing 'deck'"),
        (lambda d: d.update(turns={}), "record: 'turns' must be a list, not an object {}"),
        (lambda d: d["turns"].__setitem__(0, "GL"), "turn 1 must be an object, not string 'GL'"),
        (lambda d: d["turns"][0].pop("card"), "turn 1: missing 'card'"),
        (lambda d: d["turns"][0].update(target="XX"), "turn 1: not a position: 'XX'"),
        (lambda d: d["turns"][0].update(take="cave"), "turn 1: a turn has 'target' or 'take'"),
        (lambda d: d["turns"][0].update(prize={"power": "boat"}), "turn 1: prize: 'power' must be"),
        (lambda d: d["turns"][0].update(prize={"power": "ship", "from": "GL"}),
         "turn 1: prize: missing 'to'"),
        (lambda d: d["turns"][0].update(prize={"power": "ship", "from": "GL", "to": "GL"}),
         "turn 1: prize: not a move: 'ship GL GL'"),
        (lambda d: d["turns"][0].update(reshuffle="AS"), "turn 1: reshuffle must be a list"),
        (lambda d: d.update(options={"jokers": 3}), "deck: jokers must be 0, 1 or 2, not 3 (M1)"),
        (lambda d: d.update(game="pirate"), "this looks like a Marvin's Pirates Go! record"),
        (lambda d: d.update(format=2), "unsupported record format 2"),
    ],
)  # fmt: skip
def test_malformed_records(change: Any, message: str) -> None:
    data = _record("9C 7H", "GL", "GL")
    change(data)
    assert _record_error(data).startswith(message)


def test_not_json() -> None:
    assert _record_error("{").startswith("not valid JSON")
    assert _record_error("[]") == "a record must be a JSON object, not a list"
