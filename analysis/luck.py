"""The *Luck and skill* studies: how much of each game the players' choices decide.

Every pairing is played **seed-paired**: each deal is played twice, bot A in seat 0 and
then in seat 1, with the same cards in each seat both times. A deal's score for bot A
is its mean result over the two games (a win 1, a draw one half, a loss 0), so a deal
scores 0, 1/4, 1/2, 3/4 or 1. A deal that scores one half gave **the same result to
the same seat** whoever sat there: the cards decided it, not the players. The mean
score over the deals, with a 95% interval from the spread of the deal scores, is more
precise than counting games one by one, because the luck of the deal cancels out.

* *Marvin's Pirates Go!*: the cheating oracle (`pirate_rules.marvin.oracle`) against
  each fair bot, then fair bots against each other. The cards each seat drew are the
  same in both games of a deal (every turn draws one card, whatever is chosen), so the
  deals the cards decided show which cards decide games.
* *Pirate*: speed levels with different play and claim policies
  (`pirate_rules.pirate.speed.SpeedBot`): equal reaction times with a better and a
  worse policy, and a player one moment (a tenth of a second) quicker with the worse
  policy.

    >>> paired_share({"0": 1, "2": 2, "4": 1})
    (0.5, 0.0999..., 0.9000...)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from analysis import charts
from analysis.pages import interval, markdown_table, percent, share_with_interval
from analysis.sim import Runner, Sizes, by_bots, kept_match
from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.marvin import card_effect
from pirate_rules.marvin.bots import play_game as play_marvin
from pirate_rules.pirate.bots import play_game as play_pirate
from pirate_rules.stats import Z95, wilson_interval

__all__ = ["MARVIN_PAIRS", "PIRATE_PAIRS", "collect", "paired_share", "render"]

ORACLE: Final = "cheating-oracle"

MARVIN_PAIRS: Final = (
    (ORACLE, "random"),
    (ORACLE, "sensible"),
    (ORACLE, "search"),
    (ORACLE, "expert"),
    ("expert", "sensible"),
    ("search", "sensible"),
    ("sensible", "random"),
)
"""The Marvin pairings, bot A first; those with the oracle or ``search`` are sized by
``oracle_deals``, the others by ``luck_deals``."""

KINDS: Final = ("kill", "slash", "hit", "shield", "take", "lost")
KIND_NAMES: Final = {
    "kill": "8s (one-hit kill)",
    "slash": "9s (slash)",
    "hit": "A, 3, 5, 7 (one hit)",
    "shield": "2, 4, 6, 10 (shield)",
    "take": "J, Q, K (take a prize)",
    "lost": "jokers (turn lost)",
}

Policy = tuple[str, int, bool, bool]
"""A Pirate player: (label, mean reaction in milliseconds, thinks, spoils)."""

PIRATE_POLICIES: Final[dict[str, Policy]] = {
    "careful-0": ("careful, at once", 0, True, True),
    "hasty-0": ("hasty, at once", 0, False, True),
    "careful-1": ("careful, 0.1 s", 100, True, True),
    "hasty-1": ("hasty, 0.1 s", 100, False, True),
    "careful-2": ("careful, 0.2 s", 200, True, True),
    "sporting-0": ("lets ships go, at once", 0, True, False),
    "sporting-1": ("lets ships go, 0.1 s", 100, True, False),
}
"""The Pirate players compared: *careful* does not hand a ship over and, as an observer,
claims a card to sink a ship its owner would capture; *hasty* plays every card at once;
*lets ships go* is careful but never claims to sink a ship. The number after the dash
is the mean reaction in tenths of a second, one moment each."""

PIRATE_PAIRS: Final = (
    ("careful-0", "hasty-0"),
    ("careful-1", "hasty-1"),
    ("careful-0", "sporting-0"),
    ("hasty-0", "careful-1"),
    ("hasty-1", "careful-2"),
    ("sporting-0", "careful-1"),
)
"""Equal speeds with different policies, then the quicker player with the worse policy."""


def paired_share(scores: Mapping[str, int]) -> tuple[float, float, float]:
    """Bot A's mean deal score and its 95% interval, from how many deals scored each
    quarter (``{"0": deals A lost twice, ..., "4": deals A won twice}``).

    The interval is the normal one on the deal scores, the deals being independent.
    """
    deals = sum(scores.values())
    if not deals:
        return (0.0, 0.0, 1.0)
    values = [(int(quarter) / 4, count) for quarter, count in scores.items()]
    mean = sum(value * count for value, count in values) / deals
    spread = sum(count * (value - mean) ** 2 for value, count in values)
    margin = Z95 * math.sqrt(spread / max(1, deals - 1) / deals)
    return (mean, max(0.0, mean - margin), min(1.0, mean + margin))


def _format(share: tuple[float, float, float]) -> str:
    mean, low, high = share
    return f"{100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


# Playing the deals (module functions, so that worker processes can run them).


def marvin_deal(job: tuple[int, str, str]) -> tuple[int, int, list[list[int]]]:
    """Play one Marvin deal both ways: bot A's wins (0 to 2), the seat that won the first
    game, and for each seat the cards of each kind in `KINDS` it drew in that game."""
    seed, first, second = job
    won = 0
    drawn: list[list[int]] = [[0] * len(KINDS), [0] * len(KINDS)]
    winner0 = -1
    for seat in (0, 1):
        names = (first, second) if seat == 0 else (second, first)
        bots = [make_bot("marvin", name, seed=bot_seed(seed, k)) for k, name in enumerate(names)]
        game = play_marvin(bots, seed)
        won += game.winner == seat
        if seat == 0:
            winner0 = game.winner if game.winner is not None else -1
            for turn, (_, _, card, _) in enumerate(game._history):
                drawn[game.first ^ (turn & 1)][KINDS.index(card_effect(card))] += 1
    return won, winner0, drawn


def pirate_deal(job: tuple[int, str, str]) -> int:
    """Play one Pirate deal both ways; bot A's score in quarters (a win 2, a draw 1)."""
    seed, first, second = job
    quarters = 0
    for seat in (0, 1):
        names = (first, second) if seat == 0 else (second, first)
        bots = [_pirate_bot(name, bot_seed(seed, k)) for k, name in enumerate(names)]
        outcome = play_pirate(bots, seed).outcome()
        winner = outcome.winner if outcome is not None else None
        quarters += 1 if winner is None else 2 * (winner == seat)
    return quarters


def _pirate_bot(policy: str, seed: int) -> Any:
    _, reaction, thinks, spoils = PIRATE_POLICIES[policy]
    return make_bot("pirate", "expert", seed=seed, reaction=reaction, thinks=thinks, spoils=spoils)


def collect(
    runner: Runner,
    sizes: Sizes,
    bots: Sequence[str],
    previous: Mapping[str, Any] | None = None,
    redo: Sequence[str] = (),
) -> dict[str, Any]:
    """Play every pairing and return the page's data, ready for JSON.

    With ``previous`` (the page's data from a run of the same sizes), only the Marvin
    pairings with a bot of ``redo`` are played again: the other pairings, Pirate's
    included, are taken from ``previous`` as they are.
    """
    marvin = []
    earlier = by_bots(previous["marvin"]) if previous is not None else None
    for first, second in MARVIN_PAIRS:
        slow = ORACLE in (first, second) or "search" in (first, second)
        count = sizes.oracle_deals if slow else sizes.luck_deals
        seeds = sizes.seeds("luck", sizes.capped(count, "marvin", (first, second)))
        kept = kept_match(earlier, redo, (first, second), "deals", len(seeds))
        if kept is not None:
            marvin.append(kept)
            continue
        label = f"luck: marvin {first} v {second}, both ways"
        deals = runner.map(marvin_deal, [(seed, first, second) for seed in seeds], label, keep=True)
        scores = [0, 0, 0]
        cards = {kind: [0, 0, 0] for kind in KINDS}
        for won, winner0, drawn in deals:
            scores[won] += 1
            if won == 1 and winner0 >= 0:
                # The cards decided: compare what the winning seat drew with the other.
                for k, kind in enumerate(KINDS):
                    mine, theirs = drawn[winner0][k], drawn[1 - winner0][k]
                    cards[kind][0 if mine > theirs else 1 if mine == theirs else 2] += 1
        marvin.append(
            {
                "bots": [first, second],
                "deals": len(deals),
                "scores": {str(2 * won): count for won, count in enumerate(scores) if count},
                "decided_cards": cards,
            }
        )
    pirate = list(previous["pirate"]) if previous is not None else collect_pirate(runner, sizes)
    names = sorted({bot for pair in MARVIN_PAIRS for bot in pair}, key=list(bots).index)
    return {
        "game": "luck",
        "bots": names,
        "marvin": marvin,
        "pirate": pirate,
        "pirate_policies": {key: list(value) for key, value in PIRATE_POLICIES.items()},
        "descriptions": {bot: make_bot("marvin", bot).description for bot in names},
    }


def collect_pirate(runner: Runner, sizes: Sizes) -> list[dict[str, Any]]:
    """Play the Pirate pairings of `PIRATE_PAIRS` and return their part of the data."""
    pirate = []
    for first, second in PIRATE_PAIRS:
        seeds = sizes.seeds("luck", sizes.pirate_luck_deals)
        label = f"luck: pirate {first} v {second}, both ways"
        quarters = runner.map(
            pirate_deal, [(seed, first, second) for seed in seeds], label, keep=True
        )
        counts: dict[str, int] = {}
        for value in quarters:
            counts[str(value)] = counts.get(str(value), 0) + 1
        pirate.append(
            {
                "bots": [first, second],
                "deals": len(quarters),
                "scores": dict(sorted(counts.items())),
            }
        )
    return pirate


# The page.


def _decided(scores: Mapping[str, int]) -> tuple[int, int]:
    """Deals that scored one half (the same seat won, or both drew), and all deals."""
    return scores.get("2", 0), sum(scores.values())


def render(data: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The page's placeholder values and its charts (file name to SVG text)."""
    values: dict[str, str] = {}
    svgs: dict[str, str] = {}
    pairs = {tuple(match["bots"]): match for match in data["marvin"]}
    rows = []
    for match in data["marvin"]:
        first, second = match["bots"]
        decided, deals = _decided(match["scores"])
        rows.append(
            [
                f"`{first}`",
                f"`{second}`",
                f"{deals:,}",
                _format(paired_share(match["scores"])),
                share_with_interval(decided, deals),
            ]
        )
    values["marvin_table"] = markdown_table(
        ["bot A", "bot B", "deals (games)", "A's score (95% CI)", "decided by the cards"],
        [[*row[:2], f"{row[2]} ({2 * int(row[2].replace(',', '')):,})", *row[3:]] for row in rows],
        left=(0, 1),
    )
    oracle = [match for match in data["marvin"] if match["bots"][0] == ORACLE]
    opponents = [match["bots"][1] for match in oracle]
    shares = [paired_share(match["scores"]) for match in oracle]
    svgs["luck-oracle.svg"] = charts.bar_chart(
        "The cheating oracle's score against each fair bot",
        opponents,
        [share[0] for share in shares],
        intervals=[share[1:] for share in shares],
        unit="%",
        x_label="the oracle's opponent (each deal played both ways)",
        y_label="oracle's score (95% interval)",
        top=1.0,
        reference=0.5,
    )
    counted = [_decided(match["scores"]) for match in data["marvin"]]
    labels = [_short(match["bots"]) for match in data["marvin"]]
    svgs["luck-decided.svg"] = charts.bar_chart(
        "Deals the cards decided, whoever played them",
        labels,
        [count / deals if deals else 0.0 for count, deals in counted],
        intervals=[wilson_interval(count, deals) for count, deals in counted],
        unit="%",
        x_label="pairing (O cheating oracle, rand random, sens sensible, srch search)",
        y_label="same seat won both games (95% interval)",
        top=1.0,
    )
    random_deals = pairs.get((ORACLE, "random"))
    if random_deals is not None:
        count, deals = _decided(random_deals["scores"])
        values["decided_random"] = percent(count, deals)
        values["decided_random_interval"] = interval(count, deals)
    else:  # pragma: no cover - the pairing is always played
        values["decided_random"] = values["decided_random_interval"] = "-"
    versus = pairs[(ORACLE, "sensible")]
    count, deals = _decided(versus["scores"])
    values["decided_sensible"] = percent(count, deals)
    values["oracle_vs_sensible"] = _format(paired_share(versus["scores"]))
    values["oracle_verdict"] = _oracle_verdict(paired_share(versus["scores"]))
    if random_deals is not None:
        values["luck_verdict"] = _luck_verdict(*_decided(random_deals["scores"]))

    # How much of the oracle's edge each fair bot captures, against `sensible`.
    ceiling = paired_share(versus["scores"])[0] - 0.5
    rows, bars, names = [], [], []
    for bot in ("random", "search", "expert"):
        match = pairs.get((bot, "sensible")) or pairs.get(("sensible", bot))
        if match is None:
            continue
        mean, low, high = paired_share(match["scores"])
        if match["bots"][0] != bot:
            mean, low, high = 1 - mean, 1 - high, 1 - low
        edge = mean - 0.5
        captured = edge / ceiling if ceiling > 0 else 0.0
        rows.append(
            [
                f"`{bot}`",
                f"{100 * mean:.1f}% ({100 * low:.1f}-{100 * high:.1f})",
                f"{100 * edge:+.1f} points",
                f"{100 * captured:.0f}%" if captured > 0 else "none",
            ]
        )
        bars.append(max(0.0, captured))  # a bot that loses to `sensible` captures none
        names.append(bot)
    rows.append(
        [
            f"`{ORACLE}`",
            _format(paired_share(versus["scores"])),
            f"{100 * ceiling:+.1f} points",
            "100%",
        ]
    )
    values["edge_table"] = markdown_table(
        ["bot", "score against `sensible`", "edge over one half", "share of the oracle's edge"],
        rows,
    )
    svgs["luck-edge.svg"] = charts.bar_chart(
        "How much of the cheating oracle's edge each fair bot captures",
        names,
        bars,
        unit="%",
        x_label="fair bot, scored against sensible",
        y_label="share of the oracle's edge",
        top=1.0,
    )
    expert = pairs[("expert", "sensible")]
    values["expert_vs_sensible"] = _format(paired_share(expert["scores"]))
    values["expert_games"] = f"{2 * expert['deals']:,}"
    values["expert_low"] = f"{100 * paired_share(expert['scores'])[1]:.1f}%"

    # Which cards decide games.
    cards = versus["decided_cards"]
    rows = []
    for kind in KINDS:
        more, same, fewer = cards[kind]
        total = more + same + fewer
        rows.append(
            [KIND_NAMES[kind], percent(more, total), percent(same, total), percent(fewer, total)]
        )
    values["cards_table"] = markdown_table(
        ["cards", "winning seat drew more", "as many", "fewer"], rows, left=(0,)
    )
    more, same, fewer = cards["kill"]
    values["eights_more"] = percent(more, more + same + fewer)
    values["eights_fewer"] = percent(fewer, more + same + fewer)
    values["cards_deals"] = f"{more + same + fewer:,}"
    lead = {kind: (cards[kind][0] - cards[kind][2]) / max(1, sum(cards[kind])) for kind in KINDS}
    values["deciding_kind"] = KIND_NAMES[max(KINDS, key=lambda kind: lead[kind])]

    _pirate(data, values, svgs)
    values["bot_names"] = ", ".join(f"`{bot}`" for bot in data["bots"])
    return values, svgs


_SHORT: Final = {ORACLE: "O", "random": "rand", "sensible": "sens", "search": "srch"}


def _short(bots: Sequence[str]) -> str:
    """A pairing's label under a bar, short enough to fit: ``O v sens``."""
    return " v ".join(_SHORT.get(bot, bot) for bot in bots)


def _pirate(data: Mapping[str, Any], values: dict[str, str], svgs: dict[str, str]) -> None:
    policies = data["pirate_policies"]
    rows, labels, shares = [], [], []
    for match in data["pirate"]:
        first, second = match["bots"]
        decided, deals = _decided(match["scores"])
        share = paired_share(match["scores"])
        rows.append(
            [
                policies[first][0],
                policies[second][0],
                f"{deals:,} ({2 * deals:,})",
                _format(share),
                share_with_interval(decided, deals),
            ]
        )
        labels.append(f"{first} v {second}".replace("careful", "C").replace("hasty", "H"))
        shares.append(share)
    values["pirate_table"] = markdown_table(
        ["player A", "player B", "deals (games)", "A's score (95% CI)", "same result both ways"],
        rows,
        left=(0, 1),
    )
    svgs["luck-pirate.svg"] = charts.bar_chart(
        "Pirate: speed against policy",
        [label.replace("sporting", "S") for label in labels],
        [share[0] for share in shares],
        intervals=[share[1:] for share in shares],
        unit="%",
        x_label="player A v player B (C careful, H hasty, S lets ships go; -N: N × 0.1 s)",
        y_label="player A's score (95% interval)",
        top=1.0,
        reference=0.5,
    )
    by_pair = {tuple(match["bots"]): paired_share(match["scores"]) for match in data["pirate"]}
    values["pirate_policy_even"] = _format(by_pair[("careful-0", "hasty-0")])
    values["pirate_quicker_worse"] = _format(by_pair[("hasty-0", "careful-1")])
    values["pirate_verdict"] = _pirate_verdict(by_pair[("hasty-0", "careful-1")])


def _oracle_verdict(share: tuple[float, float, float]) -> str:
    """Plain words for how much knowing every card helps, from the oracle's score."""
    mean, low, _ = share
    if low <= 0.5:
        return "with this many deals, knowing the cards made no difference we can measure"
    if mean < 0.55:
        return "knowing every card helps only a little"
    if mean < 0.7:
        return "knowing every card helps, but far less than one might think"
    return "knowing every card is a big advantage"


def _luck_verdict(decided: int, deals: int) -> str:
    """Plain words for what the share of deals the cards decide says about the game."""
    share = decided / deals if deals else 0.0
    if share >= 0.5:
        return (
            "So the cards decide most deals: anyone can win, which is part of the game's "
            "charm for young players. The choices matter in the deals that are close."
        )
    return "So the players' choices decide most deals: skill pays."


def _pirate_verdict(share: tuple[float, float, float]) -> str:
    """Plain words for a quicker player with the worse policy against a slower careful one."""
    _, low, high = share
    if low > 0.5:
        return "in *Pirate*, a tenth of a second of speed is worth more than good sense"
    if high < 0.5:
        return "in *Pirate*, good sense is worth more than a tenth of a second of speed"
    return "a tenth of a second of speed and good sense are worth about the same"
