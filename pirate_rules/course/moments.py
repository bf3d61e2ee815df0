"""Chapter 6: *Pirate*'s moments in ``my_moments.py``, checked by rule and beside the real engine.

The learner writes the moments (P4), the claims (P9) and the ships completed (P7) on a
table the skeleton gives: stocks, wastes, ships, the turn of a card, the end. The checks
build small tables with the learner's own classes (``Table``, ``Ship``) and hold their
functions to one sentence each; the differential run deals real games from seeds, with
the choices fixed by the seed, and after every moment compares the legal actions and the
table (:func:`play_beside`).

    >>> view = real_view(PirateGame.from_seed(7, players=NAMES))
    >>> view.moment, len(view.stocks[0]), view.wastes
    (0, 52, ((), ()))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any, Final, NamedTuple

from pirate_rules.cards import SUITS
from pirate_rules.course.beside import Disagreement, Plan, Slot, judge_beside
from pirate_rules.course.checking import Bench, Wrong, check
from pirate_rules.course.learner import Fault, Made, Ref
from pirate_rules.course.table import TEXT
from pirate_rules.errors import IllegalMoveError
from pirate_rules.pirate import PirateGame

__all__ = ["NAMES", "PirateView", "choose_action", "plan_moments", "play_beside", "real_view"]

NAMES: Final = ("Ann", "Ben")
"""The names the checks give the two players, as the Pirate rules page does."""
RANKS: Final = "A23456789TJQK"
MAX_MOMENTS: Final = 20_000
"""A game that lasts this long does not end: real games last a few hundred moments."""

ShipView = tuple[str, int, tuple[str, ...], tuple[str, ...]]
"""A ship: its suit, its number, and each player's half, keel first."""


class PirateView(NamedTuple):
    """A *Pirate* table as plain values; two engines agree when their views are equal."""

    stocks: tuple[tuple[str, ...], tuple[str, ...]]
    wastes: tuple[tuple[str, ...], tuple[str, ...]]
    fresh: tuple[bool, bool]
    ships: tuple[ShipView, ...]
    captured: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
    sunk: tuple[tuple[str, int], ...]
    moment: int


def _named(ships: Sequence[Any]) -> tuple[tuple[str, int], ...]:
    """Captured or sunk ships as (suit, number), in suit order (two may end in one moment)."""
    named = [(ship.suit, ship.number) for ship in ships]
    return tuple(sorted(named, key=_suit_order) if len(named) > 1 else named)


def _suit_order(ship: tuple[str, int]) -> tuple[int, int]:
    return SUITS.index(ship[0]) if ship[0] in SUITS else 9, ship[1]


def real_view(game: PirateGame, kept: dict[str, Any] | None = None) -> PirateView:
    """The picture of a real game.

    ``kept`` keeps the pictures of the ships and of the captured and sunk ones from one
    moment to the next: they change only when a card reaches a ship, which most moments
    do not see, and the run beside the engine takes a picture after every moment.
    """
    kept = {} if kept is None else kept
    current = game.ships
    key = tuple((id(ship), len(ship.halves[0]), len(ship.halves[1])) for ship in current)
    if kept.get("ships key") != key:
        kept["ships key"] = key
        kept["ships"] = tuple(
            (ship.suit, ship.number, *(tuple(TEXT[p.card] for p in half) for half in ship.halves))
            for ship in current
        )
    ended = (len(game.captured[0]), len(game.captured[1]), len(game.sunk))
    if kept.get("ended key") != ended:
        kept["ended key"] = ended
        kept["ended"] = (_named(game.captured[0]), _named(game.captured[1])), _named(game.sunk)
    (captured, sunk) = kept["ended"]
    text = TEXT.__getitem__
    return PirateView(
        stocks=(tuple(map(text, game.stock(0))), tuple(map(text, game.stock(1)))),
        wastes=(tuple(map(text, game.waste(0))), tuple(map(text, game.waste(1)))),
        fresh=(game.is_fresh(0), game.is_fresh(1)),
        ships=kept["ships"],
        captured=captured,
        sunk=sunk,
        moment=game.moment,
    )


def view_of(read: Any) -> PirateView:
    """A table as the agent reads it (see `pirate_rules.course.agent.Agent.read_table`)."""
    stocks, wastes, fresh, ships, captured, sunk, moment = read
    named = [tuple((suit, number) for suit, number in ended) for ended in (*captured, sunk)]
    return PirateView(
        (tuple(stocks[0]), tuple(stocks[1])),
        (tuple(wastes[0]), tuple(wastes[1])),
        (fresh[0], fresh[1]),
        tuple((suit, number, tuple(h0), tuple(h1)) for suit, number, h0, h1 in ships),
        (_sorted(named[0]), _sorted(named[1])),
        _sorted(named[2]),
        moment,
    )


def _sorted(ships: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(ships, key=_suit_order)) if len(ships) > 1 else ships


class TableReader:
    """Reads the learner's ``Table`` into views, and makes their tables from views, through
    the agent that holds them."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.learner = bench.learner

    def read(self, table: Any) -> PirateView:
        return view_of(self.learner.read(table, "table"))

    @staticmethod
    def made(view: PirateView, low: int) -> Made:
        """The learner's table for ``view``, made where it is used."""
        return Made.of(
            "table",
            low=low,
            stocks=[list(view.stocks[0]), list(view.stocks[1])],
            wastes=[list(view.wastes[0]), list(view.wastes[1])],
            fresh=list(view.fresh),
            ships=[[suit, number, list(h0), list(h1)] for suit, number, h0, h1 in view.ships],
            captured=[[list(ship) for ship in ships] for ships in view.captured],
            moment=view.moment,
        )

    def make(self, view: PirateView, low: int) -> Any:
        return self.learner.make(**self.made(view, low).encoded["make"])


# -- small tables for the checks -------------------------------------------------------


def half(suit: str, span: str) -> tuple[str, ...]:
    """The cards of a half from its span, keel first: ``half("H", "K-9")`` is KH QH JH TH 9H.

    Example:
        >>> half("S", "A-3"), half("D", "K"), half("C", "")
        (('AS', '2S', '3S'), ('KD',), ())
    """
    if not span:
        return ()
    first, _, last = span.partition("-")
    a, b = RANKS.index(first), RANKS.index(last or first)
    step = 1 if b >= a else -1
    return tuple(RANKS[i] + suit for i in range(a, b + step, step))


def table_view(
    stocks: tuple[str, str] = ("", ""),
    wastes: tuple[str, str] = ("", ""),
    fresh: tuple[bool, bool] = (False, False),
    ships: dict[str, tuple[str, str]] | None = None,
) -> PirateView:
    """A table from short notation: cards top first; each ship as its two halves' spans.

    Player 0 is the low player, so the first ships' halves are built up from the Ace
    for player 0 and down from the King for player 1.
    """
    spans = ships or {}
    built = tuple(
        (
            suit,
            1,
            half(suit, spans.get(suit, ("", ""))[0]),
            half(suit, spans.get(suit, ("", ""))[1]),
        )
        for suit in SUITS
    )
    return PirateView(
        (tuple(stocks[0].split()), tuple(stocks[1].split())),
        (tuple(wastes[0].split()), tuple(wastes[1].split())),
        fresh,
        built,
        ((), ()),
        (),
        0,
    )


def _describe(view: PirateView) -> str:
    parts = []
    for player in (0, 1):
        stock, waste = view.stocks[player], view.wastes[player]
        if not stock and not waste:
            parts.append(f"{NAMES[player]} has no cards left")
        else:
            top = (
                f", {waste[0]} on top of the waste{' (just turned)' * view.fresh[player]}"
                if waste
                else ""
            )
            parts.append(f"{NAMES[player]} has {len(stock)} in stock{top}")
    for suit, _, half0, half1 in view.ships:
        if half0 or half1:
            parts.append(f"the {suit} ship is {_span(half0)} | {_span(half1)}")
    return "; ".join(parts)


def _span(cards: tuple[str, ...]) -> str:
    if not cards:
        return "-"
    return cards[0][0] if len(cards) == 1 else f"{cards[0][0]}-{cards[-1][0]}"


class Scene:
    """A small table for one check, made with the learner's own classes."""

    def __init__(self, bench: Bench, view: PirateView) -> None:
        self.bench = bench
        self.reader = TableReader(bench)
        self.view = view
        self.table = self.reader.make(view, low=0)

    def legal(self, player: int) -> set[str]:
        answer = self.bench.ask("legal_actions", self.table, player, what="the table")
        if not isinstance(answer, list | tuple) or not all(isinstance(a, str) for a in answer):
            raise Wrong(
                "legal_actions() should return a list of letters such as ['T', 'W'], not"
                f" {answer!r}"
            )
        return set(answer)

    def expect_legal(self, player: int, want: str, why: str) -> None:
        got = self.legal(player)
        if got != set(want):
            raise Wrong(
                f"when {_describe(self.view)}, your legal_actions() gives {NAMES[player]}"
                f" {sorted(got)}; it should be {list(want)}: {why}"
            )

    def play(self, actions: str) -> PirateView:
        called = self.bench.called("moment", self.table, actions, read={0: "table"})
        return view_of(called.read[0])


def _ship(view: PirateView, suit: str) -> ShipView:
    return next(ship for ship in view.ships if ship[0] == suit)


def _ship_text(ship: ShipView) -> str:
    return f"ship {ship[1]} of {ship[0]}, {_span(ship[2])} | {_span(ship[3])}"


# -- Chapter 6: the checks -------------------------------------------------------------


@check(6, "P4", "W is always legal; T while stock or waste is left; P when the top waste card fits")
def _actions(bench: Bench) -> None:
    scene = Scene(bench, table_view(stocks=("5C", "9D"), wastes=("AH", "2S"), fresh=(True, True)))
    scene.expect_legal(0, "TPW", "AH is the keel of Ann's hearts half")
    scene.expect_legal(1, "TW", "Ben's spades half begins with its keel, the King")
    scene = Scene(bench, table_view(stocks=("", "9D KS"), wastes=("7C", "")))
    scene.expect_legal(0, "TW", "the waste can always be turned over when the stock is empty")


@check(6, "P4", "both actions of a moment happen together, and the moment is counted")
def _together(bench: Bench) -> None:
    scene = Scene(bench, table_view(stocks=("5C", "9D QS"), wastes=("AH", "")))
    after = scene.play("PT")
    if _ship(after, "H")[2] != ("AH",) or after.wastes[1] != ("9D",) or after.moment != 1:
        raise Wrong(
            "in the moment 'PT', Ann plays AH onto her hearts half and Ben turns 9D onto his"
            f" waste; after your moment(): {_describe(after)}, moment {after.moment}"
        )


@check(6, "P4", "a moment with an action that is not legal raises ValueError and changes nothing")
def _refused(bench: Bench) -> None:
    scene = Scene(bench, table_view(stocks=("5C AC", "9D"), wastes=("7H", "2S")))
    for actions in ("PW", "TC", "XW"):
        before = scene.reader.read(scene.table)
        name, value_error = bench.error_of("moment", scene.table, actions)
        if not value_error:
            got = "plays it" if name is None else f"raises {name}"
            raise Wrong(
                f"moment(table, {actions!r}) {got}, but Ann cannot play 7H, Ben cannot"
                " claim (he has cards), and X is no action: it should raise ValueError"
            )
        if scene.reader.read(scene.table) != before:
            raise Wrong(f"moment(table, {actions!r}) refused the moment but changed the table")


@check(6, "P4", "once the game is over, nobody acts")
def _over(bench: Bench) -> None:
    view = table_view(stocks=("5C", "9D"), wastes=("7H", "2S"))
    scene = Scene(bench, view._replace(captured=(tuple((suit, 1) for suit in "SSHDC"), ())))
    scene.expect_legal(0, "", "Ann has captured five ships: the game is over")


@check(6, "P7", "a complete ship is captured by the one player who put a card on it")
def _capture(bench: Bench) -> None:
    scene = Scene(
        bench, table_view(stocks=("5C", "9D"), wastes=("7H", ""), ships={"H": ("A-6", "K-8")})
    )
    after = scene.play("PT")
    ship = _ship(after, "H")
    if after.captured != ((("H", 1),), ()) or ship[1:] != (2, (), ()):
        raise Wrong(
            "Ann's 7H completes the hearts ship A-6 | K-8: she captures it, and the hearts"
            f" ship 2 begins, empty. After your moment(), Ann has captured {after.captured[0]},"
            f" Ben {after.captured[1]}, and the hearts ship is {_ship_text(ship)}"
        )
    keels = bench.learner.call("new_ship", "H", 2, 0)
    if bench.learner.method(keels, "needs", 0) != 13:
        raise Wrong("in the suit's second ship the keels swap: Ann now begins with the King")


@check(6, "P7", "a ship that both players put a card on in the moment it is completed sinks")
def _sink(bench: Bench) -> None:
    scene = Scene(
        bench, table_view(stocks=("5C", "9D"), wastes=("6H", "7H"), ships={"H": ("A-5", "K-8")})
    )
    after = scene.play("PP")
    if after.sunk != (("H", 1),) or after.captured != ((), ()):
        raise Wrong(
            "Ann's 6H and Ben's 7H complete the hearts ship A-5 | K-8 in the same moment, so"
            f" it sinks and nobody captures it; after your moment(), sunk: {after.sunk},"
            f" captured: {after.captured}"
        )


@check(6, "P7", "a ship is complete only with every rank from Ace to King")
def _not_complete(bench: Bench) -> None:
    scene = Scene(
        bench, table_view(stocks=("5C", "9D"), wastes=("6H", ""), ships={"H": ("A-5", "K-8")})
    )
    after = scene.play("PT")
    if after.captured != ((), ()) or after.sunk or _ship(after, "H")[2] != half("H", "A-6"):
        raise Wrong(
            f"the hearts ship A-6 | K-8 still lacks its 7, so it is not complete; after"
            f" your moment(): {_ship_text(_ship(after, 'H'))}, captured {after.captured}"
        )


@check(6, "P7", "two ships completed in one moment by one player each: each captures their own")
def _two_ships(bench: Bench) -> None:
    view = table_view(
        stocks=("5C", "9D"), wastes=("7H", "7S"), ships={"H": ("A-6", "K-8"), "S": ("A-6", "K-8")}
    )
    after = Scene(bench, view).play("PP")
    if after.captured != ((("H", 1),), (("S", 1),)) or after.sunk:
        raise Wrong(
            "Ann's 7H completes the hearts ship and Ben's 7S the spades ship, in one moment:"
            f" each captures the ship they completed. After your moment(), captured:"
            f" {after.captured}, sunk: {after.sunk}"
        )


def _observer_scene(bench: Bench, fresh: bool = True, ben: str = "") -> Scene:
    """Ann has KH (fresh or not) on her waste; Ben has no cards left (his hearts half: ``ben``)."""
    return Scene(
        bench,
        table_view(
            stocks=("5C AC", ""), wastes=("KH", ""), fresh=(fresh, False), ships={"H": ("", ben)}
        ),
    )


@check(6, "P9", "an observer may only claim or wait, and claims the card just turned if it fits")
def _observer(bench: Bench) -> None:
    _observer_scene(bench).expect_legal(1, "CW", "Ben has no cards and KH fits his hearts half")
    _observer_scene(bench, fresh=False).expect_legal(1, "W", "KH was not the card Ann turned last")
    _observer_scene(bench, ben="K").expect_legal(1, "W", "Ben's hearts half needs the Q next")
    for fresh, ben, want in ((True, "", True), (False, "", False), (True, "K", False)):
        scene = _observer_scene(bench, fresh, ben)
        got = bench.ask("can_claim", scene.table, 1, what="the table")
        if got is not want:
            raise Wrong(f"when {_describe(scene.view)}, can_claim(table, 1) is {got!r}, not {want}")
    scene = Scene(bench, table_view(stocks=("5C", "9D"), wastes=("KH", "AS"), fresh=(True, True)))
    got = bench.ask("can_claim", scene.table, 0, what="the table")
    if got is not False:
        raise Wrong(
            f"when {_describe(scene.view)}, can_claim(table, 0) is {got!r}, not False: Ben's"
            " AS fits Ann's spades half, but Ann still has cards, and only an observer claims"
        )


@check(6, "P9", "a claim takes the card onto the observer's half; with the owner's turn, too")
def _claim(bench: Bench) -> None:
    for actions in ("WC", "TC"):
        after = _observer_scene(bench).play(actions)
        ship = _ship(after, "H")
        turned = ("5C",) if actions == "TC" else ()
        if ship[3] != ("KH",) or after.wastes[0] != turned or after.fresh[0] != (actions == "TC"):
            raise Wrong(
                f"in the moment {actions!r}, Ben claims the KH Ann turned last: it goes on his"
                f" hearts half{' while Ann turns 5C' if turned else ''}. After your moment():"
                f" {_describe(after)}"
            )


@check(6, "P9", "a ship completed by a claim is the observer's")
def _claim_scores(bench: Bench) -> None:
    view = table_view(
        stocks=("5C AC", ""), wastes=("KH", ""), fresh=(True, False), ships={"H": ("A-Q", "")}
    )
    after = Scene(bench, view).play("WC")
    if after.captured != ((), (("H", 1),)):
        raise Wrong(
            "Ben claims the KH that completes the hearts ship: he captures it, though the card"
            f" came from Ann's deck. After your moment(), captured: {after.captured}"
        )


@check(
    6, "P9", "if the owner plays the card claimed, the play stands, and a ship it completes sinks"
)
def _clash(bench: Bench) -> None:
    view = table_view(
        stocks=("5C", ""), wastes=("6H", ""), fresh=(True, False), ships={"H": ("A-5", "K-7")}
    )
    after = Scene(bench, view).play("PC")
    if after.sunk != (("H", 1),) or after.captured != ((), ()):
        raise Wrong(
            "Ann plays the 6H she just turned, as Ben claims it: her play stands, and as the"
            " 6H completes the hearts ship with both hands on it, the ship sinks. After your"
            f" moment(): sunk {after.sunk}, captured {after.captured}, hearts"
            f" {_ship_text(_ship(after, 'H'))}"
        )


# -- Chapter 6: beside the real engine -------------------------------------------------


def choose_action(rng: random.Random, actions: Sequence[str]) -> str:
    """A fixed choice among ``actions``: claim or play mostly, else turn, sometimes wait."""
    if "C" in actions and rng.random() < 0.9:
        return "C"
    if "P" in actions and rng.random() < 0.8:
        return "P"
    if "T" in actions and rng.random() < 0.9:
        return "T"
    return "W"


def _actions_difference(game: PirateGame, player: int, mine: set[str], real: set[str]) -> Wrong:
    name, other = NAMES[player], NAMES[1 - player]
    extra = sorted(mine - real)
    if extra:
        action = extra[0]
        try:
            game.check_action(player, action)
        except IllegalMoveError as error:
            reason = str(error).removesuffix(f" ({error.rule})")
            return Wrong(f"your engine lets {name} choose {action!r}, but {reason}", error.rule)
        except ValueError:
            return Wrong(f"your engine lets {name} choose {action!r}, which is no action", "P4")
        return Wrong(f"your engine lets {name} choose {action!r}", "P4")
    action = sorted(real - mine)[0]
    top = game.waste_top(1 - player if action == "C" else player)
    why = {
        "T": (f"{name} still has cards to turn", "P5"),
        "P": (f"{top} fits {name}'s own half", "P6"),
        "C": (
            f"{name} has no cards left, and {top}, which {other} just turned, fits {name}'s half",
            "P9",
        ),
        "W": ("anyone may wait while the game goes on", "P4"),
    }[action]
    return Wrong(f"your engine does not let {name} choose {action!r}: {why[0]}", why[1])


def _table_difference(mine: PirateView, real: PirateView, actions: str) -> Wrong | None:
    doing = f"after the moment {actions!r}" if actions else "at the start"
    claimed = "C" in actions
    if mine.ships != real.ships:
        ship, want = next((a, b) for a, b in zip(mine.ships, real.ships, strict=True) if a != b)
        rule = (
            "P7"
            if (mine.captured, mine.sunk) != (real.captured, real.sunk)
            else "P9"
            if claimed
            else "P4"
        )
        return Wrong(
            f"{doing}, your engine has the {_ship_text(ship)}; the real one the {_ship_text(want)}",
            rule,
        )
    if (mine.captured, mine.sunk) != (real.captured, real.sunk):
        return Wrong(
            f"{doing}, your engine has captured {mine.captured} and sunk {mine.sunk}; the real"
            f" one captured {real.captured} and sunk {real.sunk}",
            "P7",
        )
    if (mine.stocks, mine.wastes) == (real.stocks, real.wastes) and mine.fresh != real.fresh:
        player = 0 if mine.fresh[0] != real.fresh[0] else 1
        top = real.wastes[player][0] if real.wastes[player] else "nothing"
        said = "counts" if mine.fresh[player] else "does not count"
        return Wrong(
            f"{doing}, your engine {said} {NAMES[player]}'s top waste card, {top}, as just"
            " turned; the real one does not agree: only the card turned last, not yet played"
            " or covered, is claimed",
            "P9",
        )
    if (mine.stocks, mine.wastes) != (real.stocks, real.wastes):
        return Wrong(
            f"{doing}, in your engine {_describe(mine)}; in the real one {_describe(real)}",
            "P9" if claimed else "P4",
        )
    if mine.moment != real.moment:
        return Wrong(
            f"{doing}, your engine counts {mine.moment} moments; the real one {real.moment}", "P4"
        )
    return None


def play_beside(bench: Bench, seed: int, *, number: int = 1) -> Disagreement | None:
    """Play the real game of ``seed`` with the learner's moments beside it.

    The whole game is one plan (`pirate_rules.course.beside.Plan`): the real game is
    played first, its moments sent to the agent in one go, and the learner's answers
    (the legal actions before each moment, the table after it) judged in order.

    Returns:
        The first disagreement, or None if the learner's code agreed all the way.
    """
    return judge_beside(plan_moments(bench, seed), seed, number, "moment")


def plan_moments(bench: Bench, seed: int) -> Plan:
    """The real game of ``seed`` played, and the learner's calls beside it planned, with
    their judgements (`pirate_rules.course.beside.judge_beside` sends and judges them)."""
    real = PirateGame.from_seed(seed, players=NAMES)
    plan = Plan(bench)
    rng = random.Random(seed)
    kept: dict[str, Any] = {}
    table = Made.named("table")
    played: list[str] = []
    stocks = [list(map(str, real.stock(0))), list(map(str, real.stock(1)))]
    made = plan.call("new_table", stocks, real.low, keep="table")
    plan.then(0, lambda: _a_table(made))
    read = plan.call("legal_actions", table, 0, read={0: "table"})
    listed = [read, plan.call("legal_actions", table, 1)]
    actions, want = "", real_view(real, kept)
    while True:
        plan.then(real.moment, partial(_same_table, read, want, actions))
        if real.is_terminal():
            break
        chosen = []
        for player in (0, 1):
            legal = [str(action) for action in real.legal_actions(player)]
            judge = _judge_actions(seed, list(played), player, listed[player], legal)
            plan.then(real.moment + 1, judge)
            chosen.append(choose_action(rng, legal))
        actions = "".join(chosen)
        real.apply_moment(actions)
        played.append(actions)
        want = real_view(real, kept)
        read = plan.call("moment", table, actions, read={0: "table"})
        listed = [plan.call("legal_actions", table, p) for p in (0, 1)]
        if real.moment > MAX_MOMENTS:
            break
    plan.then(real.moment, lambda: _no_more(listed))
    return plan


def _a_table(made: Slot) -> None:
    value = made.get().value
    if not isinstance(value, Ref):
        raise Fault(f"new_table() should return a Table, not {value!r}")


def _same_table(read: Slot, want: PirateView, actions: str) -> None:
    wrong = _table_difference(view_of(read.get().read[0]), want, actions)
    if wrong is not None:
        raise wrong


def _judge_actions(
    seed: int, moments: list[str], player: int, listed: Slot, legal: list[str]
) -> Any:
    """The judgement of a player's legal actions after ``moments`` of the real game of
    ``seed``; the real game is played again to that point only to say why they differ."""
    if not legal:
        return lambda: _no_more([listed] if player == 0 else [])

    def judge() -> None:
        mine = listed.get().value
        if not isinstance(mine, list | tuple):
            raise Wrong(f"legal_actions() should return a list of letters, not {mine!r}")
        if set(mine) != set(legal):
            real = PirateGame.from_seed(seed, players=NAMES)
            for actions in moments:
                real.apply_moment(actions)
            raise _actions_difference(real, player, set(mine), set(legal))

    return judge


def _no_more(listed: list[Slot]) -> None:
    for player, slot in enumerate(listed):
        if slot.get().value:
            raise Wrong(
                f"the game is over, but your legal_actions() still lets {NAMES[player]} act",
                "P4",
            )
