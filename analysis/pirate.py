"""The *Pirate* studies: the games to play, what to count, and the page.

Four kinds of match are played:

* a **mirror** match for every registered bot (the bot against itself): sinkings and
  how games end;
* a **ladder**: every pair of different registered bots, in both seat orders;
* a **speed grid**: two ``"slow"`` bots whose mean reaction delays differ, for every
  pair of delays in `Sizes.delays`, to see how much quickness decides the winner;
* the **levels against scripted players** (`pirate_rules.pirate.speed.scripted`) who
  react to every card in exactly the times of `SCRIPTED`: the Expert must beat the
  quicker one, and the Toddler lose to the slower one.

Everything needed is in `pirate_rules.simulate.GameResult`: the winner (or a draw),
the ships sunk and the rule that ended the game (P10 or P11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations, product
from typing import Any, Final

from analysis import charts
from analysis.pages import (
    interval,
    markdown_table,
    percent,
    rate,
    round_robin,
    share_with_interval,
)
from analysis.sim import Runner, Sizes
from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.pirate.bots import play_game as play_pirate
from pirate_rules.pirate.speed import SPEEDS, scripted
from pirate_rules.simulate import GameResult, result_of
from pirate_rules.stats import wilson_interval

__all__ = ["SCRIPTED", "collect", "render", "scripted_result", "tally"]

SUNK_GROUPS: Final = 3
"""Sinkings per game are counted 0, 1, ..., the last group meaning "this many or more"."""

SCRIPTED: Final = (400, 1500)
"""The reaction times, in milliseconds, of the scripted players every level plays."""


def scripted_result(job: tuple[int, str, int, int]) -> GameResult:
    """One game ``(seed, level, scripted player's reaction in ms, the level's seat)``.

    Both players are seeded as in every other simulation (`pirate_rules.simulate.bot_seed`).
    """
    seed, level, reaction, seat = job
    bots = [
        make_bot("pirate", level, seed=bot_seed(seed, k))
        if k == seat
        else scripted(reaction, seed=bot_seed(seed, k))
        for k in (0, 1)
    ]
    return result_of("pirate", play_pirate(bots, seed), seed)


def _keep(result: GameResult) -> GameResult:
    return result


def tally(games: Iterable[GameResult]) -> dict[str, Any]:
    """The counts of one match that the page reads, ready for JSON."""
    games = list(games)
    sunk = Counter(min(game.sunk, SUNK_GROUPS) for game in games)
    return {
        "games": len(games),
        "wins": [sum(game.winner == seat for game in games) for seat in (0, 1)],
        "draws": sum(game.winner is None for game in games),
        "p11": sum(game.ended_by == "P11" for game in games),
        "p11_after_sinking": sum(game.ended_by == "P11" and game.sunk > 0 for game in games),
        "p11_all_placed": sum(
            game.ended_by == "P11" and game.sunk == 0 and game.ships == (4, 4) for game in games
        ),
        "sunk": [sunk[count] for count in range(SUNK_GROUPS + 1)],
        "ships_sunk": sum(game.sunk for game in games),
        "moments": sum(game.length for game in games),
    }


def collect(runner: Runner, sizes: Sizes, bots: Sequence[str]) -> dict[str, Any]:
    """Play every study and return the page's data, ready for JSON."""
    mirrors = {}
    for bot in bots:
        seeds = sizes.seeds("mirror", sizes.capped(sizes.pirate_games, "pirate", [bot]))
        mirrors[bot] = tally(runner.play("pirate", (bot, bot), seeds, _keep))
    ladder = []
    for pair in permutations(bots, 2):
        seeds = sizes.seeds("ladder", sizes.capped(sizes.pirate_ladder_games, "pirate", pair))
        ladder.append({"bots": list(pair), **tally(runner.play("pirate", pair, seeds, _keep))})
    speed = []
    for first, second in product(sizes.delays, repeat=2):
        games = runner.play_delays((first, second), sizes.seeds("speed", sizes.speed_games))
        speed.append({"delays": [first, second], **tally(games)})
    return {
        "game": "pirate",
        "bots": list(bots),
        "mirrors": mirrors,
        "ladder": ladder,
        "speed": speed,
        "scripted": [
            _scripted_match(runner, sizes, level, reaction)
            for level in SPEEDS
            for reaction in SCRIPTED
        ],
    }


def _scripted_match(runner: Runner, sizes: Sizes, level: str, reaction: int) -> dict[str, Any]:
    """A level against a scripted player: ``pirate_games`` games, half in each seat order,
    on the ladder's deals; the counts are the level's."""
    seeds = sizes.seeds("ladder", max(1, sizes.pirate_games // 2))
    jobs = [(seed, level, reaction, seat) for seat in (0, 1) for seed in seeds]
    label = f"pirate: {level} v scripted {reaction} ms"
    results = runner.map(scripted_result, jobs, label)
    won = sum(game.winner == job[3] for job, game in zip(jobs, results, strict=True))
    draws = sum(game.winner is None for game in results)
    return {
        "level": level,
        "reaction": reaction,
        "games": len(results),
        "won": won,
        "draws": draws,
        "lost": len(results) - won - draws,
        "moments": sum(game.length for game in results),
    }


# The page.


def _gaps(speed: Sequence[Mapping[str, Any]]) -> dict[int, list[int]]:
    """By gap between the two delays: games, quicker player's wins, slower's wins, draws,
    games with a sinking."""
    gaps: dict[int, list[int]] = {}
    for cell in speed:
        quick, slow = cell["delays"]
        gap = abs(quick - slow)
        quicker = 0 if quick <= slow else 1
        totals = gaps.setdefault(gap, [0, 0, 0, 0, 0])
        totals[0] += cell["games"]
        totals[1] += cell["wins"][quicker]
        totals[2] += cell["wins"][1 - quicker]
        totals[3] += cell["draws"]
        totals[4] += cell["games"] - cell["sunk"][0]
    return dict(sorted(gaps.items()))


def render(data: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The page's placeholder values and its charts (file name to SVG text)."""
    bots: list[str] = data["bots"]
    mirrors: dict[str, Any] = data["mirrors"]
    values: dict[str, str] = {}
    svgs: dict[str, str] = {}
    values["bots"] = ", ".join(f"`{bot}`" for bot in bots)
    values["mirror_sizes"] = "; ".join(f"`{bot}`: {mirrors[bot]['games']:,} games" for bot in bots)

    # How often do ships sink?
    shares, whiskers_list, rows = [], [], []
    for bot in bots:
        match = mirrors[bot]
        games = match["games"]
        sank = games - match["sunk"][0]
        shares.append(rate(sank, games))
        whiskers_list.append(wilson_interval(sank, games))
        rows.append(
            [
                f"`{bot}`",
                f"{games:,}",
                share_with_interval(sank, games),
                f"{match['ships_sunk'] / games:.2f}",
                f"{match['moments'] / games:.0f}",
            ]
        )
    values["sunk_table"] = markdown_table(
        [
            "both players",
            "games",
            "at least one ship sunk (95% CI)",
            "ships sunk per game",
            "moments per game",
        ],
        rows,
    )
    svgs["pirate-sunk.svg"] = charts.bar_chart(
        "Games in which at least one ship sank",
        bots,
        shares,
        intervals=whiskers_list,
        unit="%",
        x_label="bot playing both sides",
        y_label="share of games (95% interval)",
        top=1.0,
    )
    totals = _sum(mirrors[bot] for bot in bots)
    values["all_mirror_games"] = f"{totals['games']:,}"
    values["sunk_share"] = percent(totals["games"] - totals["sunk"][0], totals["games"])
    values["sunk_per_game"] = f"{totals['ships_sunk'] / totals['games']:.2f}"
    sinking = {
        bot: rate(mirrors[bot]["games"] - mirrors[bot]["sunk"][0], mirrors[bot]["games"])
        for bot in bots
    }
    values["sunk_most"] = f"`{max(bots, key=lambda bot: sinking[bot])}`"
    values["sunk_least"] = f"`{min(bots, key=lambda bot: sinking[bot])}`"

    # How much does speed decide the winner?
    speed = data["speed"]
    delays = sorted({cell["delays"][0] for cell in speed})
    values["delays"] = ", ".join(str(delay) for delay in delays)
    values["speed_games"] = f"{speed[0]['games']:,}"
    values["speed_cells"] = str(len(speed))
    values["speed_total"] = f"{sum(cell['games'] for cell in speed):,}"
    gaps = _gaps(speed)
    shown = [gap for gap in gaps if gap > 0]
    names = ("quicker player wins", "slower player wins", "draw")
    series = {
        name: [rate(gaps[gap][k + 1], gaps[gap][0]) for gap in shown]
        for k, name in enumerate(names)
    }
    whiskers: dict[str, list[tuple[float, float] | None]] = {
        names[0]: [wilson_interval(gaps[gap][1], gaps[gap][0]) for gap in shown]
    }
    svgs["pirate-speed.svg"] = charts.grouped_bar_chart(
        "Who wins when one player reacts faster",
        [f"{gap} moment{'s' if gap > 1 else ''}" for gap in shown],
        series,
        intervals=whiskers,
        unit="%",
        x_label="difference in mean reaction delay",
        y_label="share of games",
        top=1.0,
        reference=0.5,
    )
    rows = []
    for gap, (games, quick, slow, draws, sunk) in gaps.items():
        rows.append(
            [
                "same speed" if gap == 0 else f"{gap} moment{'s' if gap > 1 else ''}",
                f"{games:,}",
                "-" if gap == 0 else share_with_interval(quick, games),
                "-" if gap == 0 else share_with_interval(slow, games),
                share_with_interval(draws, games),
                share_with_interval(sunk, games),
            ]
        )
    values["speed_table"] = markdown_table(
        [
            "reaction gap",
            "games",
            "quicker player won",
            "slower player won",
            "draw",
            "a ship sank",
        ],
        rows,
    )
    one = gaps.get(1, [0, 0, 0, 0, 0])
    widest = max(shown) if shown else 0
    far = gaps.get(widest, [0, 0, 0, 0, 0])
    values["speed_verdict"] = _edge(one[1], one[0])
    values["speed_one"] = percent(one[1], one[0])
    values["speed_one_interval"] = interval(one[1], one[0])
    values["speed_widest"] = str(widest)
    values["speed_widest_share"] = percent(far[1], far[0])
    even = gaps.get(0, [0, 0, 0, 0, 0])
    values["sunk_even"] = percent(even[4], even[0])
    values["sunk_widest"] = percent(far[4], far[0])
    grid: list[list[float | None]] = []
    notes: list[list[str]] = []
    cells = {tuple(cell["delays"]): cell for cell in speed}
    for row in delays:
        grid.append([])
        notes.append([])
        for column in delays:
            there, back = cells[(row, column)], cells[(column, row)]
            wins = there["wins"][0] + back["wins"][1]
            games = there["games"] + back["games"]
            grid[-1].append(rate(wins, games))
            notes[-1].append(f"draws {percent(there['draws'] + back['draws'], games)}")
    quickest, slowest = delays[:2], delays[-2:]
    values["speed_quick_pair"] = _beat(quickest, grid, delays)
    values["speed_slow_pair"] = _beat(slowest, grid, delays)
    svgs["pirate-delays.svg"] = charts.heatmap(
        "How often a player with the row's delay beats the column's",
        [f"delay {delay}" for delay in delays],
        [f"delay {delay}" for delay in delays],
        grid,
        notes=notes,
        x_label="opponent's mean reaction delay (moments)",
        y_label="player",
    )

    # How often does a game end by P11?
    shares, whiskers_list, rows = [], [], []
    for bot in bots:
        match = mirrors[bot]
        shares.append(rate(match["p11"], match["games"]))
        whiskers_list.append(wilson_interval(match["p11"], match["games"]))
        rows.append(
            [
                f"`{bot}`",
                f"{match['games']:,}",
                share_with_interval(match["p11"], match["games"]),
                share_with_interval(match["p11_after_sinking"], match["p11"]),
                share_with_interval(match["draws"], match["games"]),
            ]
        )
    values["p11_table"] = markdown_table(
        [
            "both players",
            "games",
            "ended by P11",
            "of those, after a sinking",
            "drawn",
        ],
        rows,
    )
    svgs["pirate-p11.svg"] = charts.bar_chart(
        "Games that end because no card can be placed (P11)",
        bots,
        shares,
        intervals=whiskers_list,
        unit="%",
        x_label="bot playing both sides",
        y_label="share of games (95% interval)",
        top=1.0,
    )
    values["p11_share"] = percent(totals["p11"], totals["games"])
    values["p11_after_sinking"] = percent(totals["p11_after_sinking"], totals["p11"])
    no_sinking = totals["games"] - totals["sunk"][0]
    values["p11_given_sinking"] = percent(totals["p11_after_sinking"], no_sinking)
    values["p11_without_sinking"] = percent(
        totals["p11"] - totals["p11_after_sinking"], totals["sunk"][0]
    )
    values["draw_share"] = percent(totals["draws"], totals["games"])
    values["p11_all_placed"] = percent(
        totals["p11_all_placed"], totals["p11"] - totals["p11_after_sinking"]
    )

    # The ladder, and the levels against scripted players.
    _ladder(data, values, svgs)
    _scripted(data, values, svgs)
    return values, svgs


def _seconds(milliseconds: int) -> str:
    """A reaction time for people to read: ``0.4 s``, ``1.5 s``."""
    return f"{milliseconds / 1000:g} s"


def _scripted(data: Mapping[str, Any], values: dict[str, str], svgs: dict[str, str]) -> None:
    """The levels against the scripted players: a table, a chart and the verdicts."""
    matches = data["scripted"]
    reactions = sorted({match["reaction"] for match in matches})
    levels = list(dict.fromkeys(match["level"] for match in matches))
    cells = {(match["level"], match["reaction"]): match for match in matches}
    rows = []
    for level in levels:
        row = [f"`{level}`", _seconds(SPEEDS[level].reaction) if level in SPEEDS else "-"]
        for reaction in reactions:
            match = cells[(level, reaction)]
            row.append(
                f"{share_with_interval(match['won'], match['games'])} won,"
                f" {percent(match['lost'], match['games'])} lost"
            )
        rows.append(row)
    values["scripted_games"] = f"{matches[0]['games']:,}" if matches else "0"
    values["scripted_reactions"] = " and ".join(_seconds(reaction) for reaction in reactions)
    values["scripted_table"] = markdown_table(
        [
            "level",
            "its mean reaction",
            *[f"against a player reacting in {_seconds(r)}" for r in reactions],
        ],
        rows,
    )
    series = {
        f"against {_seconds(reaction)}": [
            rate(cells[(level, reaction)]["won"], cells[(level, reaction)]["games"])
            for level in levels
        ]
        for reaction in reactions
    }
    whiskers: dict[str, list[tuple[float, float] | None]] = {
        f"against {_seconds(reaction)}": [
            wilson_interval(cells[(level, reaction)]["won"], cells[(level, reaction)]["games"])
            for level in levels
        ]
        for reaction in reactions
    }
    svgs["pirate-levels.svg"] = charts.grouped_bar_chart(
        "How often each level beats a scripted player",
        levels,
        series,
        intervals=whiskers,
        unit="%",
        x_label="the computer's level",
        y_label="games won (95% interval)",
        top=1.0,
        reference=0.5,
    )
    quick, slow = reactions[0], reactions[-1]
    values["scripted_quick"], values["scripted_slow"] = _seconds(quick), _seconds(slow)
    expert, toddler = cells.get(("expert", quick)), cells.get(("toddler", slow))
    values["scripted_expert"] = _verdict(expert, "beat", quick)
    values["scripted_toddler"] = _verdict(toddler, "lost to", slow)


def _verdict(match: Mapping[str, Any] | None, did: str, reaction: int) -> str:
    """One level's result against one scripted player, in words, with its interval."""
    if match is None:
        return "was not played"
    share = match["won"] if did == "beat" else match["lost"]
    return (
        f"{did} the player reacting in {_seconds(reaction)} in"
        f" {share_with_interval(share, match['games'])} of {match['games']:,} games"
    )


def _beat(pair: Sequence[int], grid: Sequence[Sequence[float | None]], delays: list[int]) -> str:
    """How often the first delay of ``pair`` beat the second, in words, from the grid."""
    share = grid[delays.index(pair[0])][delays.index(pair[1])]
    return f"delay {pair[0]} beat delay {pair[1]} in {100 * (share or 0):.1f}% of games"


def _edge(wins: int, games: int) -> str:
    """Plain words for how big an edge a win share shows."""
    low, high = wilson_interval(wins, games)
    if low <= 0.5 <= high:
        return "no edge that these games can measure"
    share = wins / games
    if share > 0.5:
        return "a big edge" if share >= 0.8 else "a clear edge" if share >= 0.6 else "a small edge"
    return "a disadvantage, surprisingly"


def _sum(matches: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Several matches' counts added together."""
    total: dict[str, Any] = {}
    for match in matches:
        for key, value in match.items():
            if isinstance(value, list):
                old = total.get(key, [0] * len(value))
                total[key] = [a + b for a, b in zip(old, value, strict=True)]
            elif isinstance(value, int):
                total[key] = total.get(key, 0) + value
    return total


def _ladder_total(
    cells: Mapping[tuple[str, str], list[int]], bots: Sequence[str], bot: str
) -> tuple[int, int]:
    """A bot's ladder wins and games against all the others."""
    others = [other for other in bots if other != bot]
    return (
        sum(cells[(bot, other)][0] for other in others),
        sum(cells[(bot, other)][2] for other in others),
    )


def _ladder(data: Mapping[str, Any], values: dict[str, str], svgs: dict[str, str]) -> None:
    bots: list[str] = data["bots"]
    cells: dict[tuple[str, str], list[int]] = {}
    for match in data["ladder"]:
        seat0, seat1 = match["bots"]
        for seat, pair in enumerate(((seat0, seat1), (seat1, seat0))):
            cell = cells.setdefault(pair, [0, 0, 0])
            cell[0] += match["wins"][seat]
            cell[1] += match["draws"]
            cell[2] += match["games"]
    per_order = sorted({match["games"] for match in data["ladder"]})
    values["ladder_games"] = " or ".join(f"{games:,}" for games in per_order) or "0"
    rows, grid, notes = round_robin(
        bots,
        lambda bot, other: (cells[(bot, other)][0], cells[(bot, other)][2]),
        lambda bot, other: f"draws {percent(cells[(bot, other)][1], cells[(bot, other)][2])}",
    )
    values["ladder_table"] = markdown_table(
        ["bot (row) against", *[f"`{bot}`" for bot in bots]], rows
    )
    rows = []
    for bot in bots:
        wins = sum(cells[(bot, other)][0] for other in bots if other != bot)
        draws = sum(cells[(bot, other)][1] for other in bots if other != bot)
        games = sum(cells[(bot, other)][2] for other in bots if other != bot)
        rows.append(
            [
                f"`{bot}`",
                f"{games:,}",
                share_with_interval(wins, games),
                share_with_interval(draws, games),
                share_with_interval(games - wins - draws, games),
            ]
        )
    order = sorted(bots, key=lambda bot: -rate(*_ladder_total(cells, bots, bot)))
    values["ladder_ranking"] = ", ".join(
        f"`{bot}` ({percent(*_ladder_total(cells, bots, bot))})" for bot in order
    )
    values["ladder_summary"] = markdown_table(["bot", "ladder games", "won", "drawn", "lost"], rows)
    svgs["pirate-ladder.svg"] = charts.heatmap(
        "Pirate bots: how often the row bot beats the column bot",
        bots,
        bots,
        grid,
        notes=notes,
        x_label="opponent",
        y_label="bot",
    )
