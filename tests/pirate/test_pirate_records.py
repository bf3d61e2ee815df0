"""Records: writing, replaying, and refusing bad ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pirate_rules import records
from pirate_rules.errors import RecordError, ReplayError
from pirate_rules.pirate import PirateGame
from pirate_rules.pirate.bots import play_game
from pirate_rules.pirate.record import replay, to_record


def _record(seed: int = 3, bots: tuple[str, str] = ("fast", "slow")) -> dict[str, Any]:
    return to_record(play_game(bots, seed=seed, players=("Ann", "Ben")))


@pytest.mark.parametrize("bots", [("fast", "fast"), ("fast", "slow"), ("random", "fast")])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_round_trip_through_json(seed: int, bots: tuple[str, str]) -> None:
    game = play_game(bots, seed=seed, players=("Ann", "Ben"))
    text = json.dumps(to_record(game))
    again = records.replay(text)
    assert isinstance(again, PirateGame)
    assert again.history == game.history
    assert str(again) == str(game)
    assert again.outcome() == game.outcome()
    assert to_record(again) == to_record(game)


def test_record_shape_follows_the_format() -> None:
    game = play_game(("fast", "fast"), seed=1, players=("Ann", "Ben"))
    data = to_record(game)
    assert list(data) == ["game", "format", "players", "low", "stocks", "moments", "result"]
    assert data["game"] == "pirate" and data["format"] == 1
    assert data["players"] == ["Ann", "Ben"] and data["low"] == game.low
    assert [len(stock) for stock in data["stocks"]] == [52, 52]
    assert all(len(moment) == 2 for moment in data["moments"])
    assert data["result"] == {"ships": [0, 4], "sunk": 1, "winner": 1}


def test_unfinished_game_has_no_result_and_replays() -> None:
    game = PirateGame.from_seed(4)
    game.apply_moments("TT TT TW")
    data = to_record(game)
    assert "result" not in data
    assert replay(data).history == ["TT", "TT", "TW"]


def test_draw_is_recorded_with_a_null_winner() -> None:
    game = next(
        g
        for g in (play_game(("fast", "fast"), seed=s) for s in range(20))
        if g.outcome().winner is None
    )
    data = to_record(game)
    assert data["result"]["winner"] is None
    replay(json.dumps(data))


def test_partial_games_cannot_be_recorded() -> None:
    with pytest.raises(ValueError, match="whole decks"):
        to_record(PirateGame(stocks=("AH", "KH"), complete=False))


def test_illegal_moment_names_the_moment_and_rule() -> None:
    data = _record()
    data["moments"] = ["TT", "TT", "CW"]
    with pytest.raises(ReplayError) as info:
        replay(data)
    assert info.value.where == "moment 3" and info.value.rule == "P9"
    assert str(info.value).startswith("moment 3: Ann cannot claim")


def test_moments_after_the_end_are_refused() -> None:
    data = _record(seed=1, bots=("fast", "fast"))
    data["moments"].append("TT")
    with pytest.raises(ReplayError, match=r"moment \d+: the game is over: .* \(P10\)"):
        replay(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"moments": ["TT", "TX"]}, r"moments\[1\]: 'TX' is not two letters"),
        ({"moments": ["tt"]}, r"moments\[0\]: 'tt' is not two letters"),
        ({"moments": [7]}, r"moments\[0\]: number 7 is not two letters"),
        ({"moments": "TT"}, r"'moments' must be a list"),
        ({"low": 2}, r"'low' must be 0 or 1"),
        ({"low": True}, r"'low' must be a whole number, not boolean true"),
        ({"players": ["Ann"]}, r"'players' must be two non-empty names"),
        ({"stocks": [[]]}, r"'stocks' must hold two stocks"),
        ({"stocks": [["ZZ"], []]}, r"stocks\[0\]\[0\]: not a card: 'ZZ'"),
        ({"stocks": [["AS"], ["KS"]]}, r"stocks: Ann's stock is not one 52-card deck: missing 2S"),
        ({"game": "chess"}, r"unknown game 'chess'"),
        ({"format": 2}, r"unsupported record format 2"),
    ],
)
def test_malformed_records_raise_record_error(change: dict[str, Any], message: str) -> None:
    data = {**_record(), **change}
    with pytest.raises(RecordError, match=message):
        replay(data)


def test_missing_fields_are_named() -> None:
    data = _record()
    del data["stocks"]
    with pytest.raises(RecordError, match="record: missing 'stocks'"):
        replay(data)


def test_duplicate_cards_in_a_stock_are_named() -> None:
    data = _record()
    data["stocks"][1][0] = data["stocks"][1][1]
    with pytest.raises(
        RecordError,
        match=r"stocks: Ben's stock is not one 52-card deck: missing \w\w; twice \w\w \(P1\)",
    ):
        replay(data)


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ({"ships": [1], "sunk": 0, "winner": None}, r"'ships' must be two whole numbers"),
        ({"ships": [0, 0], "sunk": "x", "winner": None}, r"'sunk' must be a whole number"),
        ({"ships": [0, 0], "sunk": 0, "winner": 3}, r"'winner' must be 0, 1 or null"),
        ({"ships": [0, 0], "sunk": 0, "winner": True}, r"'winner' must be 0, 1 or null"),
        ({"ships": [0, 0], "sunk": 0}, r"result: missing 'winner'"),
        ("done", r"'result' must be an object"),
    ],
)
def test_stated_result_is_checked(result: Any, message: str) -> None:
    data = {**_record(), "result": result}
    with pytest.raises(RecordError, match=message):
        replay(data)


def test_a_wrong_result_names_the_rule_that_ends_the_game() -> None:
    data = {**_record(), "result": {"ships": [9, 9], "sunk": 0, "winner": None}}
    with pytest.raises(ReplayError, match=r"^result: the record says ships 9-9, .* but the"):
        replay(data)
    termination = replay(_record()).outcome().termination.value
    with pytest.raises(ReplayError, match=rf"\({termination}\)$"):
        replay(data)


def test_result_on_an_unfinished_game_is_refused() -> None:
    data = _record()
    data["moments"] = data["moments"][:10]
    with pytest.raises(ReplayError, match=r"after 10 moments the game is not over.*\(P10\)$"):
        replay(data)


def test_unknown_keys_are_ignored() -> None:
    data = _record()
    data["note"] = "a friendly game"
    replay(json.dumps(data))
