"""The games in progress in the browser's Python, and reading the page's options.

The play pages keep their games here, in a small table keyed by game id; a page that
asks for a game the table no longer holds gets :class:`UnknownGameError`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Final

from pirate_rules.bots import Bot, bot_class, bot_names
from pirate_rules.cards import Card
from pirate_rules.errors import PirateRulesError
from pirate_rules.rulebook import rule_page

__all__ = [
    "JSON",
    "MAX_SEED",
    "MAX_SESSIONS",
    "Session",
    "UnknownGameError",
    "card_json",
    "find_session",
    "forget",
    "offered_bots",
    "opponent_bot",
    "read_names",
    "read_seed",
    "rule_link",
    "store",
]

JSON = dict[str, Any]

MAX_SESSIONS: Final = 6
"""Games kept at once; starting another forgets the oldest."""

MAX_SEED: Final = 999_999
"""A seed left blank is drawn from 1 to this, short enough to read out and type."""


class UnknownGameError(PirateRulesError):
    """A game id that is not (or no longer) in the session table."""


@dataclass
class Session:
    """One game in progress: the game object, the bots in their seats, the log and moves."""

    id: str
    kind: str
    seed: int
    game: Any
    bots: list[Bot[Any, Any] | None]
    options: JSON
    log: list[JSON] = field(default_factory=list)
    seen_events: int = 0
    moves: list[tuple[int, str]] = field(default_factory=list)
    """The moves played so far: (player, notation), in order."""


_sessions: dict[str, Session] = {}
_counter = {"next": 1}


def store(
    kind: str, seed: int, game: Any, bots: list[Bot[Any, Any] | None], options: JSON
) -> Session:
    session = Session(f"{kind}-{_counter['next']}", kind, seed, game, bots, options)
    _counter["next"] += 1
    _sessions[session.id] = session
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[next(iter(_sessions))]
    return session


def find_session(game_id: str, kind: str | None = None) -> Session:
    session = _sessions.get(game_id)
    if session is None or (kind is not None and session.kind != kind):
        raise UnknownGameError(f"no game {game_id!r} here (start a new game)")
    return session


def forget(game_id: str) -> bool:
    """Drop a game from the session table; returns whether it was there."""
    return _sessions.pop(game_id, None) is not None


def offered_bots(game: str) -> list[str]:
    """The bots of ``game`` a page may offer: every registered bot but those that cheat
    (a bot class with ``fair = False``, such as Marvin's ``cheating-oracle``).

    Example:
        >>> "cheating-oracle" in offered_bots("marvin"), "expert" in offered_bots("marvin")
        (False, True)
    """
    return [name for name in bot_names(game) if getattr(bot_class(game, name), "fair", True)]


def opponent_bot(game: str, name: str) -> str:
    """``name``, checked as a bot that may play on a page: a fair bot of ``game``.

    A bot whose class says ``fair = False`` reads hidden cards, so it is refused even
    when a request names it directly, by its registered name or as ``module:Class``.

    Raises:
        PirateRulesError: for an unknown bot or one that cheats.

    Example:
        >>> opponent_bot("marvin", "expert")
        'expert'
        >>> opponent_bot("marvin", "cheating-oracle")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: the bot 'cheating-oracle' cheats (it reads ...
    """
    try:
        cls = bot_class(game, name)
    except ValueError as exc:
        raise PirateRulesError(str(exc)) from None
    if not getattr(cls, "fair", True):
        raise PirateRulesError(
            f"the bot {name!r} cheats (it reads hidden cards), so it never plays here"
            f" (choose from: {', '.join(offered_bots(game))})"
        )
    return name


def read_seed(value: Any) -> int:
    if value is None or value == "":
        return random.randint(1, MAX_SEED)
    try:
        seed = int(value)
    except (TypeError, ValueError):
        raise PirateRulesError(f"the seed must be a whole number, not {value!r}") from None
    if seed < 0:
        raise PirateRulesError(f"the seed must be 0 or more, not {seed}")
    return seed


def read_names(value: Any, default: tuple[str, str]) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        return default
    names = [str(name).strip()[:24] or default[seat] for seat, name in enumerate(value)]
    if names[0] == names[1]:
        names[1] += " (2)"
    return names[0], names[1]


def card_json(card: Card | None) -> JSON | None:
    """A card as the page draws it: notation, rank letter, suit, colour and name.

    Example:
        >>> card_json(Card.parse("TH"))
        {'card': 'TH', 'rank': '10', 'suit': 'H', 'red': True, 'name': 'Ten of hearts'}
    """
    if card is None:
        return None
    if card.is_joker:
        return {"card": "JK", "rank": "", "suit": "", "red": False, "name": "Joker"}
    rank = "10" if card.rank == 10 else str(card)[0]
    return {
        "card": str(card),
        "rank": rank,
        "suit": card.suit,
        "red": card.suit in "HD",
        "name": card.name,
    }


def rule_link(rule: str) -> JSON:
    """A rule id and the address of its explanation, relative to the site's root.

    Example:
        >>> rule_link("M12")
        {'rule': 'M12', 'href': 'rules/marvin/#M12'}
    """
    page, anchor = rule_page(rule).split("#")
    return {"rule": rule, "href": f"{page.removesuffix('.md')}/#{anchor}"}
