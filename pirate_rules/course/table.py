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

from typing import Any, Final, NamedTuple

from pirate_rules.cards import JOKER, Card, standard_deck
from pirate_rules.course.learner import Fault, Learner, Made, Ref
from pirate_rules.marvin import MarvinGame, Side

__all__ = [
    "PLAYERS",
    "POSITIONS",
    "PRIZES",
    "CrewView",
    "Reader",
    "TableView",
    "crew_of",
    "game_of",
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


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"a {type(value).__name__}"


def crew_of(read: Any) -> CrewView:
    """A crew as the agent reads it (``[[[position, hit points, shield], ...], hidden]``)."""
    pirates, hidden = read
    return CrewView(tuple((p, hp, shield) for p, hp, shield in pirates), hidden)


def game_of(read: Any) -> TableView:
    """A game as the agent reads it (see `pirate_rules.course.agent.Agent.read_game`)."""
    draw, discard, crews, holders, to_move, drawn, turn, winner = read
    return TableView(
        tuple(draw),
        tuple(discard),
        (crew_of(crews[0]), crew_of(crews[1])),
        (holders[0], holders[1], holders[2]),
        to_move,
        drawn,
        turn,
        winner,
    )


class Reader:
    """Reads the learner's objects into views, and makes their objects from views, through
    the agent that holds them (:mod:`pirate_rules.course.agent`).

    Args:
        learner: The learner's module, whose ``Piles``, ``Pirate``, ``Crew`` and
            ``Game`` classes make the objects.
    """

    def __init__(self, learner: Learner) -> None:
        self.learner = learner

    # -- reading ------------------------------------------------------------------------

    def piles(self, piles: Ref) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The draw and discard piles of the learner's ``Piles``."""
        draw, discard = self.learner.read(piles, "piles")
        return tuple(draw), tuple(discard)

    def crew(self, crew: Ref, whose: str = "the crew") -> CrewView:
        """The learner's ``Crew`` as a view."""
        return crew_of(self.learner.read(crew, "crew"))

    def quick_game(self, game: Ref) -> TableView | None:
        """The learner's ``Game`` as a view, or None if it cannot be read (:meth:`game`
        then says what is wrong with it)."""
        try:
            return self.game(game)
        except Fault:
            return None

    def game(self, game: Ref) -> TableView:
        """The learner's ``Game`` as a view."""
        if not isinstance(game, Ref):
            if game is None:
                raise Fault("new_game() returned None: did you forget to return the game?")
            raise Fault(f"new_game() should return a Game, not {game!r}")
        return game_of(self.learner.read(game, "game"))

    # -- making -------------------------------------------------------------------------

    def make_piles(self, draw: tuple[str, ...], discard: tuple[str, ...]) -> Ref:
        return self.learner.make(**self.piles_made(draw, discard).encoded["make"])

    def make_crew(self, view: CrewView) -> Ref:
        return self.learner.make(**self.crew_made(view).encoded["make"])

    def make_game(self, view: TableView, shuffle: Ref | Made) -> Ref:
        return self.learner.make(**self.game_made(view, shuffle).encoded["make"])

    # The same, made by the agent where they are used, in the message of a call.

    @staticmethod
    def piles_made(draw: tuple[str, ...], discard: tuple[str, ...]) -> Made:
        return Made.of("piles", draw=list(draw), discard=list(discard))

    @staticmethod
    def crew_made(view: CrewView) -> Made:
        return Made.of("crew", pirates=[list(p) for p in view.pirates], hidden=view.hidden)

    @staticmethod
    def game_made(view: TableView, shuffle: Ref | Made) -> Made:
        return Made.of(
            "game",
            draw=list(view.draw),
            discard=list(view.discard),
            crews=[[[list(p) for p in crew.pirates], crew.hidden] for crew in view.crews],
            holders=list(view.holders),
            to_move=view.to_move,
            drawn=view.drawn,
            turn=view.turn,
            winner=view.winner,
            shuffle=Learner.encode(shuffle),
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
