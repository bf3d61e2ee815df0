"""A tournament between bots: every pair plays the same deals from both seats.

For ``N`` deals, each pair of bots plays deal ``S + i`` twice, once from each seat, so
that neither luck of the cards nor the seat favours one of them. The league table gives,
for each pair, the first bot's score (a win 1, a draw 1/2) with its 95% interval
(Wilson), and each bot a Bradley-Terry rating fitted by maximum likelihood on all the
games, on the Elo scale (400 points: ten to one odds), with a 95% interval from a
bootstrap over the deal pairs.

Your own bots play in hosts of their own, as in ``simulate``. A bot that faults shows in
the table with its fault; its games before the fault count, and the rest of the
tournament goes on without it. A bot marked ``fair = False`` (it reads hidden cards)
enters only when allowed, and the table flags it.

The table can be worked out again from the records alone (:func:`from_records`), and is
the same:

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> table = run_tournament("pirate", ["fast", "slow"], games=3, records=folder)
    >>> table.as_json() == from_records(folder).as_json()
    True
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pirate_rules.errors import BotError, PirateRulesError, one_line
from pirate_rules.stats import wilson_interval

__all__ = ["Entry", "Pairing", "Table", "bradley_terry", "from_records", "run_tournament"]

FORMATS = ("table", "markdown", "csv", "json")
BOOTSTRAP = 200
"""Bootstrap samples for the ratings' intervals."""


@dataclass
class Entry:
    """A bot in the tournament: its name, whether it plays fair, and its fault if any."""

    name: str
    fair: bool = True
    fault: str = ""


@dataclass
class Pairing:
    """What two bots did against each other: one list item per deal pair (seed), each
    the first bot's points from its two games (0, 1/2, 1, 3/2 or 2) and how many games."""

    first: int
    second: int
    deals: dict[int, list[float]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(len(points) for points in self.deals.values())

    @property
    def points(self) -> float:
        return sum(sum(points) for points in self.deals.values())


@dataclass
class Table:
    """The league table: the bots, their pairings, and the ratings worked out from them."""

    game: str
    entries: list[Entry]
    pairings: list[Pairing]
    seed: int = 0

    def ratings(self) -> list[tuple[float, float, float]]:
        """Each bot's rating and its 95% interval, on the Elo scale (mean 0)."""
        games = [
            (pair.first, pair.second, point)
            for pair in self.pairings
            for points in pair.deals.values()
            for point in points
        ]
        best = bradley_terry(len(self.entries), games)
        name = [entry.name for entry in self.entries]
        units = sorted(
            ((pair, seed) for pair in self.pairings for seed in pair.deals),
            key=lambda unit: (sorted((name[unit[0].first], name[unit[0].second])), unit[1]),
        )
        rng = random.Random(self.seed)
        samples: list[list[float]] = [[] for _ in self.entries]
        for _ in range(BOOTSTRAP if units else 0):
            drawn = [units[rng.randrange(len(units))] for _ in units]
            resampled = [
                (pair.first, pair.second, point)
                for pair, seed in drawn
                for point in pair.deals[seed]
            ]
            for index, rating in enumerate(bradley_terry(len(self.entries), resampled)):
                samples[index].append(rating)
        found = []
        for index, rating in enumerate(best):
            ordered = sorted(samples[index])
            if ordered:
                low = ordered[int(0.025 * (len(ordered) - 1))]
                high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
            else:
                low = high = rating
            found.append((rating, low, high))
        return found

    def as_json(self) -> dict[str, Any]:
        """The table as JSON-ready data: the bots by name, each pairing with its two bots
        in order of their names."""
        ratings = self.ratings()
        bots = [
            {
                "bot": entry.name,
                "fair": entry.fair,
                "rating": round(rating[0]),
                "interval": [round(rating[1]), round(rating[2])],
                **({"fault": entry.fault} if entry.fault else {}),
            }
            for entry, rating in zip(self.entries, ratings, strict=True)
        ]
        pairings = [_pair_json(self, pair) for pair in self.pairings]
        return {
            "game": self.game,
            "bots": sorted(bots, key=lambda bot: bot["bot"]),
            "pairings": sorted(pairings, key=lambda pair: (pair["first"], pair["second"])),
        }

    def render(self, kind: str = "table") -> str:
        """The table as ``table`` (the terminal's), ``markdown``, ``csv`` or ``json``."""
        data = self.as_json()
        if kind == "json":
            return json.dumps(data)
        rows = [["bot", "rating", "95% interval", "notes"]]
        for bot in sorted(data["bots"], key=lambda bot: -bot["rating"]):
            notes = []
            if not bot["fair"]:
                notes.append("UNFAIR: reads hidden cards")
            if "fault" in bot:
                notes.append(f"fault: {bot['fault']}")
            low, high = bot["interval"]
            rows.append([bot["bot"], f"{bot['rating']:+.0f}", f"{low:+.0f} to {high:+.0f}",
                         "; ".join(notes)])  # fmt: skip
        pairs = [["pairing", "games", "first bot's score", "95% interval"]]
        for pair in data["pairings"]:
            low, high = pair["interval"]
            score = f"{100 * pair['score']:.1f}%"
            pairs.append([f"{pair['first']} vs {pair['second']}", str(pair["games"]), score,
                          f"{100 * low:.1f}-{100 * high:.1f}%"])  # fmt: skip
        if kind == "csv":
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerows(rows)
            writer.writerow([])
            writer.writerows(pairs)
            return out.getvalue().rstrip("\n")
        if kind == "markdown":
            return _markdown(rows) + "\n\n" + _markdown(pairs)
        return _aligned(rows) + "\n\n" + _aligned(pairs)


def _pair_json(table: Table, pair: Pairing) -> dict[str, Any]:
    games = pair.games
    first, second = table.entries[pair.first].name, table.entries[pair.second].name
    points = pair.points
    if second < first:  # in order of the names
        first, second, points = second, first, games - points
    low, high = wilson_interval(points, games) if games else (0.0, 1.0)  # type: ignore[arg-type]
    return {
        "first": first,
        "second": second,
        "games": games,
        "score": round(points / games, 6) if games else 0.0,
        "interval": [round(low, 6), round(high, 6)],
    }


def _markdown(rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("---" for _ in rows[0]) + "|")
    return "\n".join(lines)


def _aligned(rows: list[list[str]]) -> str:
    widths = [max(len(row[index]) for row in rows) for index in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def bradley_terry(count: int, games: Sequence[tuple[int, int, float]]) -> list[float]:
    """Bradley-Terry strengths of ``count`` players fitted by maximum likelihood to
    ``games`` (first, second, the first's points: 1, 1/2 or 0), as Elo-scale ratings
    with mean 0 (Hunter's MM algorithm). A player who won or lost every game has no
    finite rating; a tiny prior game against a virtual equal keeps it finite.

    Example:
        >>> # 3 to 1: 95 points each way, a little less with the prior
        >>> [round(r) for r in bradley_terry(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)])]
        [92, -92]
    """
    if count == 0:
        return []
    wins = [0.1] * count  # the prior: a tenth of a game won and lost against an equal
    meetings: dict[tuple[int, int], float] = {}
    for first, second, point in games:
        wins[first] += point
        wins[second] += 1 - point
        key = (min(first, second), max(first, second))
        meetings[key] = meetings.get(key, 0) + 1
    strength = [1.0] * count
    for _ in range(10_000):
        new = []
        for player in range(count):
            total = 0.2 / (strength[player] + 1.0)  # the prior's two games against 1
            for (first, second), played in meetings.items():
                if player in (first, second):
                    other = second if player == first else first
                    total += played / (strength[player] + strength[other])
            new.append(wins[player] / total)
        scale = math.exp(sum(math.log(value) for value in new) / count)
        new = [value / scale for value in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    return [400 * math.log10(value) for value in strength]


def _folder_name(first: str, second: str) -> str:
    def safe(name: str) -> str:
        return re.sub(r"[^A-Za-z0-9._-]+", "_", name.replace("\\", "/").rsplit("/", 1)[-1])

    return f"{safe(first)}--{safe(second)}"


def run_tournament(
    game: str,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    records: str | Path | None = None,
    move_time: float | None = None,
    key: str | None = None,
    in_process: bool = False,
    allow_unfair: bool = False,
    play: Callable[..., Any] | None = None,
    on_game: Callable[[], None] | None = None,
) -> Table:
    """Play every pair of ``bots`` on deals ``seed`` to ``seed + games - 1``, each from
    both seats; return the league table.

    ``play(task, seeds)`` plays one pairing's games and yields their results in seed
    order (default :func:`~pirate_rules.simulate.iter_games`; a cluster's may be given).
    With ``records``, each game's record is written in a folder per pairing and order.

    Raises:
        PirateRulesError: a bot marked ``fair = False`` without ``allow_unfair``.
        UnknownBotError: a bot that is not one.
    """
    from pirate_rules.host import new_key
    from pirate_rules.simulate import RecordWriter, iter_games, task_of

    key = key or new_key()
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise PirateRulesError("a tournament needs two bots or more, each named once")
    entries = [Entry(name, fair=bot_is_fair(game, name, in_process)) for name in bots]
    unfair = [entry.name for entry in entries if not entry.fair]
    if unfair and not allow_unfair:
        raise PirateRulesError(
            f"{', '.join(unfair)} reads hidden cards (fair = False): add --allow-unfair to let"
            " it in, flagged in the table"
        )
    pairings = [Pairing(a, b) for a in range(len(bots)) for b in range(a + 1, len(bots))]
    table = Table(game, entries, pairings, seed)
    seeds = range(seed, seed + games)
    for pair in pairings:
        for order in ((pair.first, pair.second), (pair.second, pair.first)):
            if entries[pair.first].fault or entries[pair.second].fault:
                break
            names = (bots[order[0]], bots[order[1]])
            writer = None
            if records is not None:
                folder = Path(records) / _folder_name(*names)
                writer = RecordWriter(str(folder) + "/", game, force=True)
            try:
                task = task_of(game, names, "dict" if writer else "", move_time, key=key,
                               in_process=in_process)  # fmt: skip
                results = (play or _local)(task, seeds, iter_games)
                for result in results:
                    if writer is not None:
                        record = (result.record or {}) | {"bots": list(names)}
                        writer.write(replace(result, record=record))
                    points = 0.5 if result.winner is None else float(result.winner == 0)
                    if order[0] != pair.first:
                        points = 1 - points
                    pair.deals.setdefault(result.seed, []).append(points)
                    if on_game is not None:
                        on_game()
            except BotError as exc:
                culprit = order[exc.seat] if exc.seat in (0, 1) else _by_name(bots, exc.bot)
                if culprit is None:
                    raise
                entries[culprit].fault = one_line(str(exc), 300)
            finally:
                if writer is not None:
                    writer.close()
    # a deal counts once both of its games were played: a fault may have cut the second
    for pair in pairings:
        pair.deals = {seed: points for seed, points in pair.deals.items() if len(points) == 2}
    return table


def _local(task: Any, seeds: range, iter_games: Callable[..., Any]) -> Any:
    return iter_games(task.game, seeds, task.bots, task=task)


def _by_name(bots: Sequence[str], name: str) -> int | None:
    return bots.index(name) if name in bots else None


def bot_is_fair(game: str, name: str, in_process: bool = False) -> bool:
    """Whether bot ``name`` plays fair: not marked ``fair = False`` (your own bots are
    asked in their host)."""
    from pirate_rules.simulate import is_hosted

    if is_hosted(name) and not in_process:
        from pirate_rules.host import BotHost

        with BotHost(game, name) as host:
            return host.fair
    from pirate_rules.referee import load_bot

    return bool(getattr(load_bot(game, name, 0), "fair", True))


def from_records(folder: str | Path) -> Table:
    """The league table worked out from a tournament's records alone (as written by
    :func:`run_tournament`), each replayed and checked against its seed's deal."""
    from pirate_rules.records import replay

    root = Path(folder)
    names: list[str] = []
    played: dict[tuple[str, str], dict[int, float]] = {}
    game_kind = ""
    for sub in sorted(path for path in root.iterdir() if path.is_dir()):
        for path in sub.glob("*.json"):
            data = json.loads(path.read_text(encoding="utf-8"))
            game = replay(data)
            game_kind = "marvin" if data["game"] == "marvins-pirates-go" else "pirate"
            bots = (data["bots"][0], data["bots"][1])
            for name in bots:
                if name not in names:
                    names.append(name)
            outcome = game.outcome()
            winner = outcome.winner if outcome else None
            played.setdefault(bots, {})[data["seed"]] = (
                0.5 if winner is None else float(winner == 0)
            )
    order = {name: index for index, name in enumerate(names)}
    pairs: dict[tuple[int, int], Pairing] = {}
    for (first, second), results in played.items():
        a, b = order[first], order[second]
        low, high = min(a, b), max(a, b)
        pair = pairs.setdefault((low, high), Pairing(low, high))
        for seed, points in results.items():
            pair.deals.setdefault(seed, []).append(points if a == low else 1 - points)
    for pair in pairs.values():
        pair.deals = {seed: points for seed, points in pair.deals.items() if len(points) == 2}
    return Table(game_kind, [Entry(name) for name in names], sorted(pairs.values(),
                 key=lambda pair: (pair.first, pair.second)))  # fmt: skip
