"""Helpers for the tests of the Pirate page (and of its entry points in CPython)."""

from __future__ import annotations

from pirate_rules.pirate import PirateGame


def eager(game: PirateGame, seat: int) -> str:
    """The action of a player who claims when they may, else plays a card that fits,
    else turns one: what a quick, careful child would press (a letter of P4)."""
    if game.can_claim(seat):
        return "C"
    if game.can_turn(seat):
        return "P" if game.can_play(seat) else "T"
    return "W"
