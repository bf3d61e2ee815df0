"""Helpers shared by the Pirate tests."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from pirate_rules.pirate import PirateGame


def small(ann: str, ben: str, *, low: int = 0) -> PirateGame:
    """A game between Ann and Ben with short stocks (top card first)."""
    return PirateGame(stocks=(ann, ben), low=low, players=("Ann", "Ben"), complete=False)


def snapshot(game: PirateGame) -> bytes:
    """The whole state of ``game``, for exact before/after comparison."""
    return pickle.dumps(game)


@pytest.fixture(name="small")
def small_fixture() -> Callable[..., PirateGame]:
    return small


@pytest.fixture(name="snapshot")
def snapshot_fixture() -> Callable[[PirateGame], bytes]:
    return snapshot
