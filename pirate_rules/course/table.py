"""One plain picture of a *Marvin's Pirates Go!* table, from the real engine or the learner's.

The checks compare two engines by comparing pictures (:class:`TableView`): the piles,
both crews, who holds each prize, whose turn it is, the card waiting for its move, the
turns played and the winner. :func:`real_view` takes the picture of the real game;
:class:`Reader` takes it of the learner's objects, and makes the learner's objects
from a picture, so their functions can be given a table the real engine reached.
Whatever shape the learner's objects have, reading them never raises anything but a
:class:`~pirate_rules.course.learner.Fault` that says what is wrong with them.

    >>> from pirate_rules.marvin import MarvinGame
    >>> view = real_view(MarvinGame.stacked("9C", players=("Marvin", "Mum")))
    >>> view.drawn, view.to_move, view.crews[1].pirates[0]
    ('9C', 0, ('GL', 4, False))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from pirate_rules.cards import JOKER, Card, standard_deck
from pirate_rules.course.learner import Fault, Learner
from pirate_rules.marvin import MarvinGame, Side

__all__ = [
    "PLAYERS",
    "POSITIONS",
    "PRIZES",
    "CrewView",
    "Reader",
    "TableView",
    "positions",
    "real_view",
    "same_swaps",
]

POSITIONS: Final = ("GL", "GR", "CL", "CR")
PRIZES: Final = ("cave", "ship", "fort")
PLAYERS: Final = ("Marvin", "Mum")
"""The names the checks give the two players, as the rules pages do."""


class CrewView(NamedTuple):
    """A crew: ``(position, hit points, shield)`` of each pirate, in position order, and
    the hidden captain's position."""

    pirates: tuple[tuple[str, int, bool], ...]
    hidden: str | None = None

    def at(self, position: str) -> tuple[int, bool] | None:
        """The hit points and shield of the pirate at ``position``, or None if empty."""
        for where, hit_points, shield in self.pirates:
            if where == position:
                return hit_points, shield
        return None


FULL_CREW: Final = CrewView(tuple((position, 4, False) for position in POSITIONS))
TEXT: Final[dict[Card, str]] = {card: str(card) for card in [*standard_deck(), JOKER]}
"""Each card's notation, written once: views are taken at every step of every game."""


class TableView(NamedTuple):
    """The whole table, as plain values; two engines agree when their views are equal."""

    draw: tuple[str, ...]
    discard: tuple[str, ...]
    crews: tuple[CrewView, CrewView]
    holders: tuple[int | None, int | None, int | None]
    to_move: int
    drawn: str | None
    turn: int
    winner: int | None

    def holder(self, prize: str) -> int | None:
        return self.holders[PRIZES.index(prize)]

    def held(self, player: int) -> list[str]:
        return [prize for prize in PRIZES if self.holder(prize) == player]


def _real_crew(side: Side) -> CrewView:
    pirates = []
    for position in POSITIONS:
        pirate = side[position]
        if pirate is not None:
            pirates.append((position, pirate.hit_points, pirate.shield))
    return CrewView(tuple(pirates), side.hidden)


def real_view(game: MarvinGame) -> TableView:
    """The picture of a real game."""
    return TableView(
        draw=tuple(map(TEXT.__getitem__, game.draw_pile)),
        discard=tuple(map(TEXT.__getitem__, game.discard_pile)),
        crews=(_real_crew(game.sides[0]), _real_crew(game.sides[1])),
        holders=tuple(game.holder(prize) for prize in PRIZES),  # type: ignore[arg-type]
        to_move=game.to_move,
        drawn=None if game.drawn is None else TEXT[game.drawn],
        turn=game.turn,
        winner=game.winner,
    )


def _cards(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise Fault(f"{what} should be a list of cards such as '7H', not {_shown(value)}")
    for card in value:
        if not isinstance(card, str):
            raise Fault(f"{what} should hold cards written as text, such as '7H', not {card!r}")
    return tuple(value)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"a {type(value).__name__}"


class Reader:
    """Reads the learner's objects into views, and makes their objects from views.

    Args:
        learner: The learner's module, whose ``Piles``, ``Pirate``, ``Crew`` and
            ``Game`` classes make the objects.
    """

    def __init__(self, learner: Learner) -> None:
        self.learner = learner

    # -- reading ------------------------------------------------------------------------

    def piles(self, piles: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The draw and discard piles of the learner's ``Piles``."""
        for name in ("draw", "discard"):
            if not hasattr(piles, name):
                raise Fault(f"the piles should have '{name}', as the skeleton's Piles has")
        return (
            _cards(piles.draw, "the draw pile"),
            _cards(piles.discard, "the discard pile"),
        )

    def crew(self, crew: object, whose: str = "the crew") -> CrewView:
        """The learner's ``Crew`` as a view."""
        pirates = getattr(crew, "pirates", None)
        if not isinstance(pirates, Mapping):
            raise Fault(
                f"{whose} should keep its pirates in a dict 'pirates' from positions to"
                f" Pirates, not {_shown(pirates)}"
            )
        found = []
        for position, pirate in pirates.items():
            if position not in POSITIONS:
                raise Fault(f"{whose} has a pirate at {position!r}, which is no position")
            hit_points = getattr(pirate, "hit_points", None)
            shield = getattr(pirate, "shield", None)
            if isinstance(hit_points, bool) or not isinstance(hit_points, int):
                raise Fault(
                    f"the pirate at {position} should have whole 'hit_points', not"
                    f" {_shown(hit_points)}"
                )
            if not isinstance(shield, bool):
                raise Fault(f"the pirate at {position} should have 'shield' True or False")
            found.append((position, hit_points, shield))
        hidden = getattr(crew, "hidden", None)
        if hidden is not None and hidden not in POSITIONS:
            raise Fault(f"{whose}'s hidden captain should be a position or None, not {hidden!r}")
        found.sort(key=lambda pirate: POSITIONS.index(pirate[0]))
        return CrewView(tuple(found), hidden)

    def holders(self, holders: object) -> tuple[int | None, int | None, int | None]:
        """Who holds each prize, from the learner's ``holders`` dict."""
        if not isinstance(holders, Mapping) or set(holders) != set(PRIZES):
            raise Fault(
                "the holders should be a dict with the keys 'cave', 'ship' and 'fort', not"
                f" {_shown(holders)}"
            )
        cave, ship, fort = (holders[prize] for prize in PRIZES)
        for value in (cave, ship, fort):
            if value not in (0, 1, None) or isinstance(value, bool):
                raise Fault(f"a prize is held by player 0, player 1 or None, not {value!r}")
        return cave, ship, fort

    def quick_game(self, game: Any) -> TableView | None:
        """The learner's ``Game`` as a view, quickly: no questions asked of its shape.

        None if it cannot be read so; :meth:`game` then says what is wrong with it. The
        differential runs compare the quick view first, at every step.
        """
        try:
            crews = []
            for crew in game.crews:
                pirates = crew.pirates
                crews.append(CrewView(tuple(
                    (position, pirates[position].hit_points, pirates[position].shield)
                    for position in POSITIONS if position in pirates
                ), crew.hidden))  # fmt: skip
            holders = game.holders
            piles = game.piles
            return TableView(
                tuple(piles.draw),
                tuple(piles.discard),
                (crews[0], crews[1]),
                (holders["cave"], holders["ship"], holders["fort"]),
                game.to_move,
                game.drawn,
                game.turn,
                game.winner,
            )
        except Exception:
            return None

    def game(self, game: Any) -> TableView:
        """The learner's ``Game`` as a view."""
        if game is None:
            raise Fault("new_game() returned None: did you forget to return the game?")
        for name in ("piles", "crews", "holders", "to_move", "drawn", "turn", "winner"):
            if not hasattr(game, name):
                raise Fault(f"the game should have '{name}', as the skeleton's Game has")
        draw, discard = self.piles(game.piles)
        crews = game.crews
        if not isinstance(crews, list | tuple) or len(crews) != 2:
            raise Fault(f"the game's crews should be a list of two crews, not {_shown(crews)}")
        drawn = game.drawn
        if drawn is not None and not isinstance(drawn, str):
            raise Fault(f"the drawn card should be a card such as '7H' or None, not {drawn!r}")
        numbers = {name: getattr(game, name) for name in ("to_move", "turn")}
        for name, value in numbers.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise Fault(f"the game's {name} should be a whole number, not {value!r}")
        winner = game.winner
        if winner not in (None, 0, 1) or isinstance(winner, bool):
            raise Fault(f"the winner should be 0, 1 or None, not {winner!r}")
        return TableView(
            draw,
            discard,
            (self.crew(crews[0], "Marvin's crew"), self.crew(crews[1], "Mum's crew")),
            self.holders(game.holders),
            numbers["to_move"],
            drawn,
            numbers["turn"],
            winner,
        )

    # -- making -------------------------------------------------------------------------

    def _make(self, name: str, **fields: Any) -> Any:
        cls = self.learner.get(name)
        shown = ", ".join(f"{key}=..." for key in fields)
        try:
            return self.learner.run(name, cls, **fields)
        except Fault as fault:
            raise Fault(
                f"{name}({shown}) cannot be made as the skeleton makes it: {fault.message}."
                f" Keep the skeleton's {name} as it is",
                fault.trace,
                fault.lines,
            ) from None

    def make_piles(self, draw: tuple[str, ...], discard: tuple[str, ...]) -> Any:
        return self._make("Piles", draw=list(draw), discard=list(discard))

    def make_crew(self, view: CrewView) -> Any:
        pirates = {
            position: self._make("Pirate", hit_points=hit_points, shield=shield)
            for position, hit_points, shield in view.pirates
        }
        return self._make("Crew", pirates=pirates, hidden=view.hidden)

    def make_game(self, view: TableView, shuffle: Any) -> Any:
        return self._make(
            "Game",
            piles=self.make_piles(view.draw, view.discard),
            crews=[self.make_crew(view.crews[0]), self.make_crew(view.crews[1])],
            holders=dict(zip(PRIZES, view.holders, strict=True)),
            to_move=view.to_move,
            drawn=view.drawn,
            turn=view.turn,
            winner=view.winner,
            shuffle=shuffle,
        )


def positions(value: object, what: str) -> set[str]:
    """A learner's answer that lists positions (or moves), read as a set of text."""
    if value is None:
        raise Fault(f"{what} returned None: did you forget to return the list?")
    if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
        raise Fault(
            f"{what} should return a list of text such as ['GL', 'GR'], not {_shown(value)}"
        )
    for item in value:
        if not isinstance(item, str):
            raise Fault(f"{what} should list text such as 'GL', not {item!r}")
    return set(value)


def same_swaps(moves: set[str], crew: CrewView) -> set[str]:
    """``moves`` with each Ship swap written one way: a swap of two standing pirates is the
    same move either way round (a move into an empty position is not).

    Example:
        >>> sorted(same_swaps({"ship CR GL", "ship GL CL"}, CrewView((("GL", 4, False),
        ...     ("CR", 4, False)))))
        ['ship GL CL', 'ship GL CR']
    """
    found = set()
    for move in moves:
        words = move.split()
        if len(words) == 3 and words[0] == "ship" and all(w in POSITIONS for w in words[1:]):
            a, b = words[1], words[2]
            if crew.at(a) and crew.at(b) and POSITIONS.index(a) > POSITIONS.index(b):
                move = f"ship {b} {a}"
        found.add(move)
    return found
