"""Helpers shared by the Marvin's Pirates Go! tests."""

from __future__ import annotations

import json

import pytest

from pirate_rules.errors import IllegalMoveError
from pirate_rules.marvin import MarvinGame, Move, to_record


def snapshot(game: MarvinGame) -> tuple[object, ...]:
    """Everything observable and internal about a game, to check it did not change."""
    return (
        game._state(),
        str(game),
        repr(game),
        json.dumps(to_record(game, events=True)),
        game._rng.getstate(),
        tuple(game.log),
        tuple(game.legal_moves),
    )


def refused(game: MarvinGame, move: Move | str, rule: str) -> str:
    """Push ``move``: expect it refused under ``rule``, the game unchanged; return the reason."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as caught:
        game.push(move)
    assert caught.value.rule == rule, str(caught.value)
    assert str(caught.value).endswith(f"({rule})")
    assert snapshot(game) == before
    return caught.value.reason


def game(top: str = "", **options: object) -> MarvinGame:
    """A game between Marvin (player 0, first) and Mum whose draw pile starts with ``top``."""
    options.setdefault("players", ("Marvin", "Mum"))
    return MarvinGame.stacked(top, **options)  # type: ignore[arg-type]
