"""P7 and P10 on their own: `captor` (who gets a ship completed in a moment) and
`outcome_by_ships` (the end from the ships alone), as a scorer at a real table uses them,
and as the game does."""

from __future__ import annotations

import itertools

import pytest

from pirate_rules.pirate import Outcome, Termination
from pirate_rules.pirate.bots import play_game
from pirate_rules.pirate.game import outcome_by_ships
from pirate_rules.pirate.ships import captor


def test_p7_one_placer_captures_and_two_sink_the_ship() -> None:
    assert captor(0b01) == 0
    assert captor(0b10) == 1
    assert captor(0b11) is None


@pytest.mark.parametrize("placers", [0, 4, -1, 7])
def test_p7_a_ship_needs_one_or_two_placers(placers: int) -> None:
    with pytest.raises(ValueError, match=f"not {placers}"):
        captor(placers)


def test_p10_and_p11_for_every_score() -> None:
    for ships0, ships1, sunk, blocked in itertools.product(
        range(6), range(6), range(4), (False, True)
    ):
        if ships0 + ships1 + sunk > 8 or min(ships0, ships1) >= (4 if sunk else 5):
            continue  # more ships than a game can complete, or a game that ended before
        outcome = outcome_by_ships((ships0, ships1), sunk, blocked)
        needed = 4 if sunk else 5
        leader = None if ships0 == ships1 else int(ships1 > ships0)
        if max(ships0, ships1) >= needed:
            assert outcome == Outcome(leader, Termination.CAPTURES), (ships0, ships1, sunk)
        elif blocked:
            assert outcome == Outcome(leader, Termination.BLOCKED), (ships0, ships1, sunk)
        else:
            assert outcome is None, (ships0, ships1, sunk)


def test_the_game_ends_as_outcome_by_ships_says() -> None:
    terminations = set()
    for seed in range(30):
        game = play_game(("fast", "fast"), seed=seed)
        outcome = game.outcome()
        assert outcome is not None
        blocked = outcome.termination is Termination.BLOCKED
        assert outcome_by_ships(game.score, len(game.sunk), blocked) == outcome
        if blocked:  # ended by P11: the ships alone had not ended it
            assert outcome_by_ships(game.score, len(game.sunk)) is None
        terminations.add(outcome.termination)
    assert terminations == {Termination.CAPTURES, Termination.BLOCKED}
