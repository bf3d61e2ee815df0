"""What many games between two bots add up to: one result per game, totalled as they come.

A :class:`GameResult` is what a summary needs of one finished game; a :class:`Tally`
adds results one at a time, so that a run of ten million games holds no more than a run
of ten; its :meth:`Tally.summary` is a :class:`Summary`, which prints itself.

    >>> tally = Tally("marvin")
    >>> tally.add(GameResult("marvin", seed=0, winner=1, length=40))
    >>> tally.add(GameResult("marvin", seed=1, winner=0, length=60, reshuffles=1))
    >>> summary = tally.summary()
    >>> summary.games, summary.wins, summary.mean_length, summary.reshuffled
    (2, (1, 1), 50.0, 1)

This module plays nothing and needs nothing but the standard library, so the browser
uses it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pirate_rules import record_format
from pirate_rules.stats import format_share

__all__ = ["ENDINGS", "RECORD_GAMES", "GameResult", "Summary", "Tally", "result_of"]

RECORD_GAMES: Final = {"marvin": "marvins-pirates-go", "pirate": "pirate"}
"""Each game's name in records and JSON summaries."""

TITLES: Final = {game: record_format.TITLES[name] for game, name in RECORD_GAMES.items()}
"""Each game's title, for people."""

ENDINGS: Final = {
    "all_fainted": "all pirates fainted (M18)",
    "P10": "ships captured (P10)",
    "P11": "no card could be placed (P11)",
    "unfinished": "stopped unfinished at the move limit",
}
"""How each way a game ends reads in a summary."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a summary needs to know of one finished game.

    Attributes:
        game: ``"marvin"`` or ``"pirate"``.
        seed: The seed the game was dealt from.
        winner: The winning seat, or ``None`` for a draw.
        length: Turns (Marvin) or moments (Pirate) played.
        reshuffles: How often the draw pile was refilled (Marvin).
        ships: Ships captured by each seat (Pirate).
        sunk: Ships sunk (Pirate).
        ended_by: How the game ended, such as ``"all_fainted"`` or ``"P11"``.
        record: The game record, when asked for.
        record_text: The record as compact JSON text, when asked for that instead.
    """

    game: str
    seed: int
    winner: int | None
    length: int
    reshuffles: int = 0
    ships: tuple[int, int] = (0, 0)
    sunk: int = 0
    ended_by: str = ""
    record: dict[str, Any] | None = field(default=None, compare=False)
    record_text: str | None = field(default=None, compare=False)


def result_of(game: str, state: Any, seed: int, *, with_record: bool = False) -> GameResult:
    """Summarise one game object as a :class:`GameResult`.

    A game that stopped at a bot runner's safety limit without ending counts as a draw
    that ended ``"unfinished"``, so that a summary never hides it.
    """
    outcome = state.outcome()
    winner = outcome.winner if outcome else None
    ended_by = outcome.termination.value if outcome else "unfinished"
    if game == "marvin":
        from pirate_rules.marvin.record import to_record as marvin_record

        return GameResult(
            game=game,
            seed=seed,
            winner=winner,
            length=state.turn,
            reshuffles=state.reshuffles,
            ended_by=ended_by,
            record=marvin_record(state) | {"seed": seed} if with_record else None,
        )
    from pirate_rules.pirate.record import to_record as pirate_record

    ships = state.score
    return GameResult(
        game=game,
        seed=seed,
        winner=winner,
        length=state.moment,
        ships=(ships[0], ships[1]),
        sunk=len(state.sunk),
        ended_by=ended_by,
        record=pirate_record(state) | {"seed": seed} if with_record else None,
    )


class Tally:
    """Totals of games of one kind, added one at a time; :meth:`summary` reads them.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
    """

    __slots__ = ("_ended", "_length", "draws", "game", "games", "longest", "reshuffled", "sunk",
                 "wins")  # fmt: skip

    def __init__(self, game: str) -> None:
        self.game = game
        self.games = 0
        self.wins = [0, 0]
        self.draws = 0
        self._length = 0
        self.longest = 0
        self.reshuffled = 0
        self.sunk = 0
        self._ended: dict[str, int] = {}

    def add(self, result: GameResult) -> None:
        """Count one more game."""
        if result.game != self.game:
            raise ValueError(f"a {result.game} game cannot join a tally of {self.game} games")
        self.games += 1
        if result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] += 1
        self._length += result.length
        self.longest = max(self.longest, result.length)
        self.reshuffled += result.reshuffles > 0
        self.sunk += result.sunk
        self._ended[result.ended_by] = self._ended.get(result.ended_by, 0) + 1

    def add_all(self, results: Iterable[GameResult]) -> Tally:
        """Count every game of ``results``; returns the tally."""
        for result in results:
            self.add(result)
        return self

    def merge(self, other: Tally) -> Tally:
        """Count every game of ``other`` too (such as a batch added up elsewhere); returns
        this tally. The totals are the same as if each game had been added here.

        Example:
            >>> one, two = Tally("marvin"), Tally("marvin")
            >>> one.add(GameResult("marvin", seed=0, winner=1, length=40))
            >>> two.add(GameResult("marvin", seed=1, winner=None, length=70))
            >>> one.merge(two).summary() == Tally("marvin").add_all(
            ...     [GameResult("marvin", 0, 1, 40), GameResult("marvin", 1, None, 70)]
            ... ).summary()
            True
        """
        if other.game != self.game:
            raise ValueError(f"{other.game} games cannot join a tally of {self.game} games")
        self.games += other.games
        self.wins = [self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]]
        self.draws += other.draws
        self._length += other._length
        self.longest = max(self.longest, other.longest)
        self.reshuffled += other.reshuffled
        self.sunk += other.sunk
        for how, count in other._ended.items():
            self._ended[how] = self._ended.get(how, 0) + count
        return self

    def summary(self) -> Summary:
        """The totals so far.

        Raises:
            ValueError: if no game has been counted.
        """
        if not self.games:
            raise ValueError("no games to summarise")
        return Summary(
            game=self.game,
            games=self.games,
            wins=(self.wins[0], self.wins[1]),
            draws=self.draws,
            mean_length=self._length / self.games,
            longest=self.longest,
            reshuffled=self.reshuffled,
            sunk=self.sunk,
            ended_by=dict(sorted(self._ended.items())),
        )


@dataclass(frozen=True)
class Summary:
    """Totals over many games: wins per seat with 95% intervals, lengths, and game events.

    Attributes:
        game: ``"marvin"`` or ``"pirate"``.
        games: How many games.
        wins: Games won by seat 0 and seat 1.
        draws: Drawn games.
        mean_length: Mean turns (Marvin) or moments (Pirate) per game.
        longest: The longest game's length.
        reshuffled: Marvin games in which the draw pile ran out at least once.
        sunk: Pirate ships sunk, over all games.
        ended_by: How many games ended each way.
    """

    game: str
    games: int
    wins: tuple[int, int]
    draws: int
    mean_length: float
    longest: int
    reshuffled: int
    sunk: int
    ended_by: dict[str, int]

    @classmethod
    def of(cls, results: Sequence[GameResult] | Iterable[GameResult]) -> Summary:
        """Total up ``results`` (all of one game), a list or results as they come.

        Raises:
            ValueError: if there are none.
        """
        results = iter(results)
        first = next(results, None)
        if first is None:
            raise ValueError("no games to summarise")
        tally = Tally(first.game)
        tally.add(first)
        return tally.add_all(results).summary()

    def lines(self, bots: Sequence[str] = ("", "")) -> Iterator[str]:
        """The summary as aligned text lines, for the terminal."""
        unit = "turns" if self.game == "marvin" else "moments"
        rows: list[tuple[str, str]] = []
        for seat in (0, 1):
            who = f"seat {seat}" + (f" ({bots[seat]})" if bots[seat] else "")
            rows.append((f"{who} wins", format_share(self.wins[seat], self.games)))
        if self.game == "pirate" or self.draws:
            rows.append(("draws", format_share(self.draws, self.games)))
        rows.append(("mean game", f"{self.mean_length:.1f} {unit}"))
        rows.append(("longest game", f"{self.longest} {unit if self.longest != 1 else unit[:-1]}"))
        if self.game == "marvin":
            rows.append(("needed a reshuffle", format_share(self.reshuffled, self.games)))
        else:
            rows.append(("ships sunk", f"{self.sunk} ({self.sunk / self.games:.2f} a game)"))
        for how, count in self.ended_by.items():
            rows.append((f"ended: {ENDINGS.get(how, how)}", format_share(count, self.games)))
        width = max(len(label) for label, _ in rows) + 2
        yield f"{self.games} game{'' if self.games == 1 else 's'} of {TITLES[self.game]}"
        for label, value in rows:
            yield f"  {label:<{width}}{value}"

    def as_json(self) -> dict[str, Any]:
        """The summary as a JSON-ready dictionary."""
        return {
            "game": RECORD_GAMES[self.game],
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "mean_length": round(self.mean_length, 3),
            "longest": self.longest,
            "reshuffled": self.reshuffled,
            "sunk": self.sunk,
            "ended_by": self.ended_by,
        }
