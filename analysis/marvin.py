"""The *Marvin's Pirates Go!* studies: the games to play, what to count, and the page.

Two kinds of match are played, for every registered bot:

* a **mirror** match, the bot against itself, for the big questions about the game:
  the deck running out, game length, moving first, prizes and cards;
* a **ladder**: every pair of different bots, in both seat orders, on the same deals.

Each game's record is read back (`pirate_rules.marvin.to_record`) to learn what the
game object does not summarise: who moved first, when the draw pile was refilled,
which cards each player drew and who held each prize at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from statistics import median
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
from analysis.sim import Runner, Sizes, by_bots, kept_match
from pirate_rules.cards import Card
from pirate_rules.marvin import PRIZES, card_effect
from pirate_rules.simulate import GameResult
from pirate_rules.stats import wilson_interval

__all__ = ["KINDS", "MarvinDigest", "collect", "digest", "render"]

KINDS: Final = ("kill", "slash", "hit", "shield", "take", "lost")
"""Card kinds by what they do (`pirate_rules.marvin.card_effect`), the strongest first."""

KIND_NAMES: Final = {
    "kill": "8s (one-hit kill)",
    "slash": "9s (slash)",
    "hit": "A, 3, 5, 7 (one hit)",
    "shield": "2, 4, 6, 10 (shield)",
    "take": "J, Q, K (take a prize)",
    "lost": "jokers (turn lost)",
}

LEADS: Final = (1, 2, 3)
"""How many more cards of a kind one player drew than the other; the last means "or more"."""

_EFFECTS: dict[str, int] = {}


def _kind(card: str) -> int:
    """The index in `KINDS` of the card written ``card``."""
    kind = _EFFECTS.get(card)
    if kind is None:
        kind = _EFFECTS[card] = KINDS.index(card_effect(Card.parse(card)))
    return kind


@dataclass(frozen=True, slots=True)
class MarvinDigest:
    """What the studies need to know of one finished game.

    Attributes:
        first: The player who took the first turn.
        winner: The winning player.
        length: Turns played.
        deck: Cards in the deck.
        reshuffles: The turns on which the discard pile became the draw pile.
        drawn: For each player, how many cards of each kind in `KINDS` they drew.
        holders: Who held the Cave, the Ship and the Fort at the end (``-1``: the bank).
    """

    first: int
    winner: int
    length: int
    deck: int
    reshuffles: tuple[int, ...]
    drawn: tuple[tuple[int, ...], tuple[int, ...]]
    holders: tuple[int, ...]


def digest(result: GameResult) -> MarvinDigest:
    """Read one finished game's record: first player, refills, cards drawn, prize holders."""
    record = result.record
    if record is None or result.winner is None:
        raise ValueError(f"game {result.seed}: a finished game with its record is needed")
    first = int(record["first"])
    drawn = ([0] * len(KINDS), [0] * len(KINDS))
    holders = [-1] * len(PRIZES)
    reshuffles = []
    for number, turn in enumerate(record["turns"]):
        player = first ^ (number & 1)
        drawn[player][_kind(turn["card"])] += 1
        if "reshuffle" in turn:
            reshuffles.append(number + 1)
        if "take" in turn:
            holders[PRIZES.index(turn["take"])] = player
    return MarvinDigest(
        first=first,
        winner=result.winner,
        length=result.length,
        deck=len(record["deck"]),
        reshuffles=tuple(reshuffles),
        drawn=(tuple(drawn[0]), tuple(drawn[1])),
        holders=tuple(holders),
    )


def _counts(values: Iterable[int]) -> dict[str, int]:
    """``{value: how many}`` with string keys, in order, ready for JSON."""
    return {str(value): count for value, count in sorted(Counter(values).items())}


def tally(games: Sequence[MarvinDigest]) -> dict[str, Any]:
    """The counts of a mirror match that the page reads, ready for JSON."""
    prizes = {name: {"winner": 0, "loser": 0, "bank": 0} for name in PRIZES}
    ahead = {kind: {str(lead): [0, 0] for lead in LEADS} for kind in [*KINDS, "prizes"]}
    for game in games:
        for name, holder in zip(PRIZES, game.holders, strict=True):
            where = "bank" if holder < 0 else "winner" if holder == game.winner else "loser"
            prizes[name][where] += 1
        held = [sum(holder == player for holder in game.holders) for player in (0, 1)]
        pairs = [(kind, game.drawn[0][k], game.drawn[1][k]) for k, kind in enumerate(KINDS)]
        for kind, mine, theirs in [*pairs, ("prizes", held[0], held[1])]:
            if mine != theirs:
                leader = 0 if mine > theirs else 1
                cell = ahead[kind][str(min(abs(mine - theirs), LEADS[-1]))]
                cell[0] += 1
                cell[1] += leader == game.winner
    return {
        "games": len(games),
        "deck": games[0].deck if games else 0,
        "first_wins": sum(game.first == game.winner for game in games),
        "lengths": _counts(game.length for game in games),
        "reshuffles": _counts(len(game.reshuffles) for game in games),
        "reshuffle_turns": _counts(turn for game in games for turn in game.reshuffles),
        "prizes": prizes,
        "ahead": ahead,
    }


def collect(
    runner: Runner,
    sizes: Sizes,
    bots: Sequence[str],
    previous: Mapping[str, Any] | None = None,
    redo: Sequence[str] = (),
) -> dict[str, Any]:
    """Play every study and return the page's data, ready for JSON.

    With ``previous`` (the page's data from a run of the same sizes), only the mirror
    matches and ladder matches with a bot of ``redo`` are played again: the others are
    taken from ``previous`` as they are.
    """
    mirrors: dict[str, Any] = {}
    earlier: Mapping[tuple[str, ...], Mapping[str, Any]] | None = None
    if previous is not None:
        earlier = {(bot, bot): match for bot, match in previous["mirrors"].items()}
    for bot in bots:
        seeds = sizes.seeds("mirror", sizes.capped(sizes.games, "marvin", [bot]))
        kept = kept_match(earlier, redo, (bot, bot), "games", len(seeds))
        mirrors[bot] = (
            kept
            if kept is not None
            else tally(runner.play("marvin", (bot, bot), seeds, digest, records=True))
        )
    ladder = []
    earlier = by_bots(previous["ladder"]) if previous is not None else None
    for seat0, seat1 in permutations(bots, 2):
        seeds = sizes.seeds("ladder", sizes.capped(sizes.ladder_games, "marvin", [seat0, seat1]))
        kept = kept_match(earlier, redo, (seat0, seat1), "games", len(seeds))
        if kept is not None:
            ladder.append(kept)
            continue
        games = runner.play("marvin", (seat0, seat1), seeds, digest, records=True)
        ladder.append(
            {
                "bots": [seat0, seat1],
                "games": len(games),
                "wins": [sum(game.winner == seat for game in games) for seat in (0, 1)],
                "reshuffled": sum(bool(game.reshuffles) for game in games),
                "turns": sum(game.length for game in games),
            }
        )
    return {"game": "marvin", "bots": list(bots), "mirrors": mirrors, "ladder": ladder}


# The page.


def _lengths(match: Mapping[str, Any]) -> Counter[int]:
    return Counter({int(length): count for length, count in match["lengths"].items()})


def _quantile(lengths: Counter[int], share: float) -> int:
    """The smallest length that at least ``share`` of the games do not exceed."""
    total = sum(lengths.values())
    seen = 0
    for length in sorted(lengths):
        seen += lengths[length]
        if seen >= share * total:
            return length
    raise ValueError("no games")


def _interval_of(successes: int, trials: int) -> tuple[float, float]:
    return wilson_interval(successes, trials)


def _run_out(count: int, games: int) -> str:
    """Plain words for whether the deck runs out, given how many games it did."""
    share = rate(count, games)
    if count == 0:
        return "not in these games"
    if share < 0.05:
        return "it can, but rarely"
    if share < 0.25:
        return "it does run out, now and then"
    return "it does run out, and often"


def _how_often(count: int, games: int) -> str:
    """Plain words for how often something happened: ``'in about 5 games out of 10'``."""
    share = rate(count, games)
    if count == 0:
        return "never"
    if share < 0.005:
        return "almost never"
    if share < 0.095:
        return f"in about 1 game out of {round(1 / share)}"
    if share > 0.995:
        return "almost always"
    return f"in about {round(10 * share)} games out of 10"


def direction(wins: int, games: int) -> str:
    """Whether a win share is above or below one half, beyond chance, in words."""
    low, high = wilson_interval(wins, games)
    if low > 0.5:
        return "more often than not"
    if high < 0.5:
        return "less often than not"
    return "about as often as not"


def _matters(wins: int, games: int) -> str:
    """Plain words for how much a win share says the better strategy helps."""
    low, _ = wilson_interval(wins, games)
    share = rate(wins, games)
    if low <= 0.5:
        return "with these bots, strategy made no difference we can measure"
    if share >= 0.75:
        return "strategy matters a lot"
    if share >= 0.6:
        return "strategy clearly matters, though luck still wins many games"
    return "strategy matters a little; luck decides most games"


def _first_verdict(wins: int, games: int) -> str:
    low, high = wilson_interval(wins, games)
    if low > 0.5:
        return "a small but real edge for the player who starts"
    if high < 0.5:
        return "a small but real edge for the player who goes second"
    return "no edge we can measure either way"


def _ladder_cells(data: Mapping[str, Any]) -> dict[tuple[str, str], tuple[int, int]]:
    """For each ordered pair (row bot, column bot): the row bot's wins and the games played,
    both seat orders together."""
    cells: dict[tuple[str, str], tuple[int, int]] = {}
    for match in data["ladder"]:
        seat0, seat1 = match["bots"]
        for seat, pair in enumerate(((seat0, seat1), (seat1, seat0))):
            wins, games = cells.get(pair, (0, 0))
            cells[pair] = (wins + match["wins"][seat], games + match["games"])
    return cells


def render(data: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The page's placeholder values and its charts (file name to SVG text)."""
    bots: list[str] = data["bots"]
    mirrors: dict[str, Any] = data["mirrors"]
    base = mirrors[bots[0]]
    values: dict[str, str] = {}
    svgs: dict[str, str] = {}
    values["bots"] = ", ".join(f"`{bot}`" for bot in bots)
    values["bot_count"] = str(len(bots))
    values["base_bot"] = f"`{bots[0]}`"
    values["base_games"] = f"{base['games']:,}"
    values["mirror_sizes"] = "; ".join(f"`{bot}`: {mirrors[bot]['games']:,} games" for bot in bots)
    deck = base["deck"]
    values["deck"] = str(deck)
    values["first_refill_turn"] = str(deck + 1)

    # Does the deck run out?
    rows = []
    shares, whiskers = [], []
    for bot in bots:
        match = mirrors[bot]
        games = match["games"]
        never = match["reshuffles"].get("0", 0)
        more = games - never
        twice = sum(c for k, c in match["reshuffles"].items() if int(k) >= 2)
        rows.append([f"`{bot}`", f"{games:,}", share_with_interval(more, games), f"{twice:,}"])
        shares.append(rate(more, games))
        whiskers.append(_interval_of(more, games))
    values["reshuffle_table"] = markdown_table(
        ["both players", "games", "deck ran out at least once (95% CI)", "ran out twice or more"],
        rows,
    )
    base_more = base["games"] - base["reshuffles"].get("0", 0)
    values["base_reshuffle_share"] = percent(base_more, base["games"])
    values["base_reshuffle_interval"] = interval(base_more, base["games"])
    values["reshuffle_words"] = _how_often(base_more, base["games"])
    values["reshuffle_answer"] = _run_out(base_more, base["games"])
    turns = sorted(int(turn) for turn in base["reshuffle_turns"])
    values["reshuffle_turns"] = (
        ", ".join(f"turn {turn}" for turn in turns) if turns else "no turn at all"
    )
    svgs["marvin-reshuffle.svg"] = charts.bar_chart(
        "Games in which the draw pile ran out",
        bots,
        shares,
        intervals=whiskers,
        unit="%",
        x_label="bot playing both sides",
        y_label="share of games (95% interval)",
        top=1.0,
    )

    # How long do games last?
    lengths = _lengths(base)
    svgs["marvin-turns.svg"] = charts.count_histogram(
        f"Turns per game ({bots[0]} against {bots[0]})",
        lengths,
        bin_width=2,
        marks=[(deck + 1, f"turn {deck + 1}: first refill")],
        x_label="turns played (both players' turns counted)",
        y_label="games",
    )
    rows = []
    for bot in bots:
        counted = _lengths(mirrors[bot])
        total = sum(counted.values())
        mean = sum(length * count for length, count in counted.items()) / total
        rows.append(
            [
                f"`{bot}`",
                f"{mean:.1f}",
                f"{median(counted.elements()):g}",
                str(_quantile(counted, 0.9)),
                str(min(counted)),
                str(max(counted)),
            ]
        )
    values["length_table"] = markdown_table(
        ["both players", "mean turns", "median", "9 games in 10 end by", "shortest", "longest"],
        rows,
    )
    base_mean = sum(length * count for length, count in lengths.items()) / base["games"]
    values["base_mean_turns"] = f"{base_mean:.1f}"
    values["base_median_turns"] = f"{median(lengths.elements()):g}"
    values["base_longest"] = str(max(lengths))

    # Does moving first matter?
    rows, shares, whiskers = [], [], []
    for bot in bots:
        match = mirrors[bot]
        rows.append(
            [
                f"`{bot}`",
                f"{match['games']:,}",
                share_with_interval(match["first_wins"], match["games"]),
                _first_verdict(match["first_wins"], match["games"]),
            ]
        )
        shares.append(rate(match["first_wins"], match["games"]))
        whiskers.append(_interval_of(match["first_wins"], match["games"]))
    values["first_table"] = markdown_table(
        ["both players", "games", "first player won (95% CI)", "in words"], rows, left=(0, 3)
    )
    values["base_first_share"] = percent(base["first_wins"], base["games"])
    values["base_first_interval"] = interval(base["first_wins"], base["games"])
    values["base_first_verdict"] = _first_verdict(base["first_wins"], base["games"])
    svgs["marvin-first.svg"] = charts.bar_chart(
        "How often the player who starts wins",
        bots,
        shares,
        intervals=whiskers,
        unit="%",
        x_label="bot playing both sides",
        y_label="first player's wins (95% interval)",
        top=1.0,
        reference=0.5,
    )

    # How much does strategy matter?
    _ladder(data, values, svgs)

    # Which prizes and cards change who wins?
    _prizes_and_cards(bots, mirrors, values, svgs)
    return values, svgs


def _ladder(data: Mapping[str, Any], values: dict[str, str], svgs: dict[str, str]) -> None:
    bots: list[str] = data["bots"]
    cells = _ladder_cells(data)
    if len(bots) < 2:
        values["ladder_games"] = "0"
        values["ladder_table"] = "*(Only one bot is registered, so there is no ladder yet.)*"
        values["ladder_orders"] = ""
        values["ladder_ranking"] = "There is only one bot, so nothing to compare yet."
        values["ladder_chart"] = ""
        values["ladder_verdict"] = "Strategy cannot be compared until there is a second bot."
        return
    per_order = sorted({match["games"] for match in data["ladder"]})
    values["ladder_games"] = " or ".join(f"{games:,}" for games in per_order)
    totals = {
        bot: (
            sum(cells[(bot, other)][0] for other in bots if other != bot),
            sum(cells[(bot, other)][1] for other in bots if other != bot),
        )
        for bot in bots
    }
    ranked = sorted(bots, key=lambda bot: -rate(*totals[bot]))
    values["ladder_ranking"] = "; ".join(
        f"`{bot}` won {percent(*totals[bot])} of its ladder games ({interval(*totals[bot])})"
        for bot in ranked
    )
    wins, games = cells[(ranked[0], ranked[-1])]
    values["ladder_verdict"] = (
        f"the bot that won the most ladder games, `{ranked[0]}`, beat the one that won the "
        f"fewest, `{ranked[-1]}`, in "
        f"{percent(wins, games)} of their {games:,} games ({interval(wins, games)}): "
        f"{_matters(wins, games)}."
    )
    head = ["bot (row) against", *[f"`{bot}`" for bot in bots]]

    def note(bot: str, other: str) -> str:
        low, high = wilson_interval(*cells[(bot, other)])
        return f"{100 * low:.1f} to {100 * high:.1f}"

    rows, grid, notes = round_robin(bots, lambda bot, other: cells[(bot, other)], note)
    values["ladder_table"] = markdown_table(head, rows)
    rows = []
    for match in data["ladder"]:
        seat0, seat1 = match["bots"]
        rows.append(
            [
                f"`{seat0}`",
                f"`{seat1}`",
                f"{match['games']:,}",
                share_with_interval(match["wins"][0], match["games"]),
                share_with_interval(match["wins"][1], match["games"]),
                f"{match['turns'] / match['games']:.1f}",
                share_with_interval(match["reshuffled"], match["games"]),
            ]
        )
    values["ladder_orders"] = markdown_table(
        ["seat 0", "seat 1", "games", "seat 0 won", "seat 1 won", "mean turns", "deck ran out"],
        rows,
        left=(0, 1),
    )
    svgs["marvin-ladder.svg"] = charts.heatmap(
        "Bot ladder: how often the row bot beats the column bot",
        bots,
        bots,
        grid,
        notes=notes,
        x_label="opponent",
        y_label="bot",
    )
    values["ladder_chart"] = (
        "![A grid of bots against bots. Each cell gives how often the bot of its row beat "
        "the bot of its column, with the 95% interval under it; blue cells are above one "
        "half, amber cells below.](marvin-ladder.svg)"
    )


def _prizes_and_cards(
    bots: Sequence[str],
    mirrors: Mapping[str, Any],
    values: dict[str, str],
    svgs: dict[str, str],
) -> None:
    groups = [*(name.capitalize() for name in PRIZES), "more prizes"]
    series: dict[str, list[float | None]] = {}
    whiskers: dict[str, list[tuple[float, float] | None]] = {}
    rows = []
    for bot in bots:
        match = mirrors[bot]
        series[bot], whiskers[bot] = [], []
        row = [f"`{bot}`"]
        for name in PRIZES:
            won, lost = match["prizes"][name]["winner"], match["prizes"][name]["loser"]
            series[bot].append(rate(won, won + lost) if won + lost else None)
            whiskers[bot].append(_interval_of(won, won + lost) if won + lost else None)
            row.append(share_with_interval(won, won + lost))
        games, won = _ahead_total(match["ahead"]["prizes"])
        series[bot].append(rate(won, games) if games else None)
        whiskers[bot].append(_interval_of(won, games) if games else None)
        row.append(share_with_interval(won, games))
        rows.append(row)
    values["prize_table"] = markdown_table(
        [
            "both players",
            "held the Cave at the end: won",
            "held the Ship: won",
            "held the Fort: won",
            "held more prizes: won",
        ],
        rows,
    )
    base = mirrors[bots[0]]
    ranked = sorted(
        PRIZES,
        key=lambda name: -rate(base["prizes"][name]["winner"], _held(base, name)),
    )
    values["base_prize_ranking"] = ", then ".join(
        f"the {name.capitalize()} ({percent(base['prizes'][name]['winner'], _held(base, name))})"
        for name in ranked
    )
    games, won = _ahead_total(base["ahead"]["prizes"])
    values["base_more_prizes"] = percent(won, games)
    held = sum(base["prizes"][name]["winner"] + base["prizes"][name]["loser"] for name in PRIZES)
    won_held = sum(base["prizes"][name]["winner"] for name in PRIZES)
    values["base_prize_direction"] = direction(won_held, held)
    values["base_bank_share"] = percent(
        sum(base["prizes"][name]["bank"] for name in PRIZES), len(PRIZES) * base["games"]
    )
    svgs["marvin-prizes.svg"] = charts.grouped_bar_chart(
        "Win rate of the player holding each prize at the end",
        groups,
        series,
        intervals=whiskers,
        unit="%",
        x_label="prize held when the game ended",
        y_label="holder's wins (95% interval)",
        top=1.0,
        reference=0.5,
    )

    leads = [f"{lead}{'+' if lead == LEADS[-1] else ''} more" for lead in LEADS]
    series, whiskers = {}, {}
    for bot in bots:
        cells = mirrors[bot]["ahead"]["kill"]
        series[bot] = [
            rate(cells[str(lead)][1], cells[str(lead)][0]) if cells[str(lead)][0] else None
            for lead in LEADS
        ]
        whiskers[bot] = [
            _interval_of(cells[str(lead)][1], cells[str(lead)][0]) if cells[str(lead)][0] else None
            for lead in LEADS
        ]
    svgs["marvin-eights.svg"] = charts.grouped_bar_chart(
        "Win rate of the player who drew more 8s",
        leads,
        series,
        intervals=whiskers,
        unit="%",
        x_label="8s drawn, more than the opponent",
        y_label="that player's wins (95% interval)",
        top=1.0,
        reference=0.5,
    )
    base_eights = base["ahead"]["kill"]
    values["base_eights_one"] = percent(base_eights["1"][1], base_eights["1"][0])
    values["base_eights_two"] = percent(base_eights["2"][1], base_eights["2"][0])
    games, won = _ahead_total(base_eights)
    values["base_eights_any"] = percent(won, games)
    values["base_eights_games"] = f"{games:,}"

    rows = []
    for kind in KINDS:
        row = [KIND_NAMES[kind]]
        for bot in bots:
            games, won = _ahead_total(mirrors[bot]["ahead"][kind])
            row.append(share_with_interval(won, games))
        rows.append(row)
    values["kind_table"] = markdown_table(
        ["drew more of these than the opponent", *[f"`{bot}`: won" for bot in bots]], rows
    )
    strength = {kind: rate(*reversed(_ahead_total(base["ahead"][kind]))) for kind in KINDS}
    best = max(KINDS, key=lambda kind: strength[kind])
    weakest = min(KINDS, key=lambda kind: abs(strength[kind] - 0.5))
    values["base_best_kind"] = KIND_NAMES[best]
    values["base_best_kind_share"] = f"{100 * strength[best]:.1f}%"
    values["base_weakest_kind"] = KIND_NAMES[weakest]
    values["base_weakest_kind_share"] = f"{100 * strength[weakest]:.1f}%"


def _held(match: Mapping[str, Any], name: str) -> int:
    return int(match["prizes"][name]["winner"] + match["prizes"][name]["loser"])


def _ahead_total(cells: Mapping[str, list[int]]) -> tuple[int, int]:
    """Games in which one player drew more (of any lead) and how many of them that player won."""
    return sum(cell[0] for cell in cells.values()), sum(cell[1] for cell in cells.values())
