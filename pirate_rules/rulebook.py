"""The rule ids of both games, each with a one-line summary.

Rule ids are stable: errors name them (``IllegalMoveError.rule``), the rules pages use
them as anchors (``rules/marvin.md#M7``), and the tests check that every one has an
executable example. ``M`` rules are *Marvin's Pirates Go!*, ``P`` rules are *Pirate*.

    >>> RULES["M15"]
    'Joker: the rest of the turn is lost.'
    >>> rule_page("P9")
    'rules/pirate.md#P9'
    >>> len(MARVIN_RULES), len(PIRATE_RULES)
    (18, 11)
"""

from __future__ import annotations

from typing import Final

__all__ = ["MARVIN_RULES", "PIRATE_RULES", "RULES", "rule_page"]

MARVIN_RULES: Final[dict[str, str]] = {
    "M1": "The deck: 52 cards and 0, 1 or 2 jokers (2 unless chosen otherwise); an Ace is 1.",
    "M2": "Four pirates a side, 4 hit points each, at GL, GR (guards) and CL, CR (captains).",
    "M3": "The Cave, the Ship and the Fort start in the prize bank.",
    "M4": "Who moves first is chosen at setup, or drawn from the seed.",
    "M5": "At the start of a turn, one held prize's power may be used; a new prize waits a turn.",
    "M6": "Ship: swap two of your pirates, or move one into an empty position.",
    "M7": "Cave: hide one captain while both captains stand and none is hidden; it comes back"
    " when no other pirate of yours is in the captain row, or when you lose the Cave.",
    "M8": "Fort: shield an unshielded guard, while both guard positions hold pirates.",
    "M9": "Draw the top card; an empty draw pile is first refilled by shuffling the discards.",
    "M10": "A, 3, 5, 7: one hit to one targetable opposing pirate.",
    "M11": "2, 4, 6, 10: a shield for one of your unshielded pirates on the board, if any.",
    "M12": "8: one targetable opposing pirate faints at once, shield or not.",
    "M13": "9: two hits to one targetable opposing pirate.",
    "M14": "J, Q, K: take one prize from the bank or the opponent, unless you hold all three.",
    "M15": "Joker: the rest of the turn is lost.",
    "M16": "Targetable pirates: the guard row, and a captain whose guard position is empty;"
    " never a hidden pirate.",
    "M17": "A hit takes the shield if there is one, else one hit point; at 0 the pirate faints.",
    "M18": "A player whose four pirates have all fainted loses at once.",
}

PIRATE_RULES: Final[dict[str, str]] = {
    "P1": "Each player has a 52-card deck, and every card remembers whose deck it is from.",
    "P2": "The cut decides the low and the high player; equal ranks cut again.",
    "P3": "Each player has a face-down stock and a face-up waste; only the waste's top plays.",
    "P4": "Real time is a series of moments: both players choose, then both actions happen.",
    "P5": "Turn: the top stock card goes onto the waste; an empty stock takes the waste back.",
    "P6": "Play: the top waste card goes on your own half of its suit's ship, if it fits.",
    "P7": "A ship holding Ace to King is captured by the one player who completed it, or sunk"
    " if both placed a card on it in that moment.",
    "P8": "A suit's next ship is started with the keels swapped.",
    "P9": "A player with no stock and no waste observes, and may claim a just-turned card.",
    "P10": "Five captured ships win, or four once any ship has sunk.",
    "P11": "When no card can ever be placed again, the game ends: more ships wins.",
}

RULES: Final[dict[str, str]] = {**MARVIN_RULES, **PIRATE_RULES}
"""Every rule id of both games, with its summary."""


def rule_page(rule: str) -> str:
    """The site page and anchor that explain ``rule``, relative to the docs root.

    Raises:
        KeyError: if ``rule`` is not a rule id.
    """
    if rule not in RULES:
        raise KeyError(rule)
    page = "marvin" if rule.startswith("M") else "pirate"
    return f"rules/{page}.md#{rule}"
