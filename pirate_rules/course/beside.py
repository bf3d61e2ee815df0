"""The adapter: the learner's engine played beside the real one, game after seeded game.

A differential run plays real games from seeds 0, 1, 2... with the choices fixed by each
seed (:func:`pirate_rules.course.real.choose`), and at every step holds the learner's
code to what the real engine did:

* in chapters 1 to 4 a :class:`Mirror` gives the learner's functions of the chapter the
  table the real engine had reached (made with their own classes), wherever those
  functions apply: every draw (chapter 1), every card that hits (2), every hit, shield
  and faint (3), every prize phase, power and prize taken (4);
* in chapter 5 the learner's whole engine plays its own game beside the real one
  (:class:`Lockstep`): the same deck, the very same reshuffles (its ``shuffle`` is given
  the real engine's order), the same moves; after every move the legal moves and the
  tables are compared.

The first disagreement ends the run, told in words with its game, seed and turn. Here
a learner's ``draw`` takes the bottom card of the pile:

    >>> from pirate_rules.course import bench_for
    >>> source = (
    ...     "from dataclasses import dataclass, field\\n\\n"
    ...     "@dataclass\\nclass Piles:\\n    draw: list\\n"
    ...     "    discard: list = field(default_factory=list)\\n\\n"
    ...     "def rank(card):\\n"
    ...     "    return 0 if card == 'JK' else 'A23456789TJQK'.index(card[0]) + 1\\n\\n"
    ...     "def draw(piles, shuffle):\\n    return piles.draw.pop()\\n"
    ... )
    >>> found = play_beside(bench_for(1, source), 1, seed=0)
    >>> print(found.text, found.rule)
    turn 1: your draw() gave 'QH', but the card to draw was 4D M9
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from pirate_rules.cards import Card
from pirate_rules.course.checking import (
    Bench,
    Wrong,
    card_difference,
    describe_crew,
    describe_pirate,
)
from pirate_rules.course.learner import Fault
from pirate_rules.course.real import PlayedGame, RealGame, choose
from pirate_rules.course.table import (
    PLAYERS,
    POSITIONS,
    CrewView,
    TableView,
)
from pirate_rules.course.words import (
    EFFECT_RULES,
    Context,
    effect_of,
    moves_difference,
    strike_rule,
    table_difference,
)

__all__ = ["Disagreement", "Feeder", "Lockstep", "Mirror", "Step", "mirror_for", "play_beside"]

MAX_TURNS: Final = 2000
"""A learner's game that lasts this long does not end: no real game comes near it."""


@dataclass(frozen=True)
class Step:
    """One move of a real game: the table before it, its legal moves, and the table after.

    Attributes:
        before: The table at the decision point.
        legal: The real legal moves there.
        move: The move chosen.
        after: The table at the next decision point.
        reshuffled: The order of the new draw pile, if the move led to a reshuffle.
    """

    before: TableView
    legal: tuple[str, ...]
    move: str
    after: TableView
    reshuffled: tuple[str, ...] | None

    @property
    def turn(self) -> int:
        """The turn under way, counted from 1."""
        return self.before.turn + 1

    @property
    def draws(self) -> bool:
        """Whether a card is drawn in this step (the move is a power or ``draw``)."""
        return self.before.drawn is None

    @property
    def card(self) -> str:
        """The card drawn or played in this step."""
        if self.before.drawn is not None:
            return self.before.drawn
        if self.after.drawn is not None:
            return self.after.drawn
        return self.after.discard[-1]

    @property
    def piles_after_draw(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The real piles just after this step's draw (before its card is discarded)."""
        if self.after.drawn is not None:
            return self.after.draw, self.after.discard
        return self.after.draw, self.after.discard[:-1]

    def context(self) -> Context:
        return Context(
            self.before.to_move,
            self.move,
            self.card,
            chosen=self.before.drawn is not None,
            reshuffled=self.reshuffled is not None,
            aimed=self.before.crews[1 - self.before.to_move],
        )


@dataclass(frozen=True)
class Disagreement:
    """The first place where the learner's code and the real engine part ways.

    Attributes:
        text: What happened, in words, starting with the turn.
        rule: The rule it is about, or None for a fault of the learner's code.
        game: The game's number in the run, from 1.
        seed: The game's seed.
        trace: A short traceback of the learner's lines, when their code raised.
        lines: The lines of their file to mark.
    """

    text: str
    rule: str | None
    game: int
    seed: int
    trace: str = ""
    lines: tuple[int, ...] = ()

    @classmethod
    def of(cls, problem: Wrong | Fault, where: str, number: int, seed: int) -> Disagreement:
        """The disagreement that ``problem`` tells, ``where`` it came up (``"turn 7"``). A
        fault of the learner's code (an exception, a loop) names no rule: it is not about one."""
        text = f"{where}: {problem.message}"
        if isinstance(problem, Fault):
            return cls(text, problem.rule, number, seed, problem.trace, problem.lines)
        return cls(text, problem.rule, number, seed)


class Feeder:
    """The learner's ``shuffle`` for one step: it gives the real engine's reshuffle.

    Args:
        order: The real new draw pile (top first), or None if the real engine did not
            reshuffle in this step.
        discard: The real discard pile that was shuffled.
        pile: How many cards the real draw pile held before the step.
    """

    def __init__(self, order: tuple[str, ...] | None, discard: tuple[str, ...], pile: int) -> None:
        self.order = order
        self.discard = discard
        self.pile = pile
        self.used = False

    def __call__(self, cards: list[str]) -> list[str]:
        if self.used:
            raise Wrong("your engine shuffled twice in one draw", "M9")
        self.used = True
        if self.order is None:
            raise Wrong(
                f"your engine shuffled the discard pile while the draw pile still held"
                f" {self.pile} card{'s' * (self.pile != 1)}: it is shuffled only when the draw"
                " pile is empty",
                "M9",
            )
        given = [str(card) for card in cards] if isinstance(cards, list | tuple) else []
        if Counter(given) != Counter(self.discard):
            raise Wrong(
                f"your engine shuffled {len(given)} cards into the new draw pile, but the"
                f" discard pile held {len(self.discard)}: the shuffle"
                f" {card_difference(given, self.discard)}",
                "M9",
            )
        return list(self.order)

    def check(self) -> None:
        """After the step: the learner's engine shuffled if the real one did."""
        if self.order is not None and not self.used:
            raise Wrong(
                "the draw pile was empty, but your engine did not shuffle the discard pile"
                " (with its shuffle) into a new draw pile",
                "M9",
            )


def _never_shuffled(cards: list[str]) -> list[str]:
    raise Wrong("your engine shuffled where no card was drawn", "M9")


class Mirror:
    """The learner's functions of one chapter, given every table where they apply.

    Subclasses define :meth:`begin` (the start of a game) and :meth:`step` (after each
    real move); either raises :class:`~pirate_rules.course.checking.Wrong` on the first
    disagreement.
    """

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.reader = bench.reader

    def begin(self, real: RealGame) -> None:
        """The start of a real game."""

    def before(self, real: RealGame, view: TableView, move: str) -> None:
        """A decision point of the real game (``view``), before ``move`` is made."""

    def step(self, step: Step) -> None:
        """The real game has made ``step.move``."""


class DrawMirror(Mirror):
    """Chapter 1: every draw of the real game, by the learner's ``draw`` (M9) and ``rank`` (M1)."""

    def step(self, step: Step) -> None:
        if not step.draws:
            return
        before = step.before
        piles = self.reader.make_piles(before.draw, before.discard)
        shuffle = Feeder(step.reshuffled, before.discard, len(before.draw))
        card = self.bench.call("draw", piles, shuffle)
        shuffle.check()
        if card != step.card:
            raise Wrong(f"your draw() gave {card!r}, but the card to draw was {step.card}", "M9")
        got = self.reader.piles(piles)
        want = step.piles_after_draw
        if got != want:
            told = "refilled the draw pile and " if step.reshuffled else ""
            raise Wrong(
                f"the real engine {told}drew {step.card}, leaving {len(want[0])} cards to draw"
                f" and {len(want[1])} discarded; after your draw() there are {len(got[0])} and"
                f" {len(got[1])}",
                "M9",
            )
        number = self.bench.ask("rank", step.card)
        if number != Card.parse(step.card).rank:
            raise Wrong(
                f"rank({step.card!r}) is {number!r}, not {Card.parse(step.card).rank}", "M1"
            )


def _crew_text(crew: CrewView) -> str:
    hidden = f" ({crew.hidden} hidden)" if crew.hidden else ""
    return describe_crew(crew) + hidden


class TargetMirror(Mirror):
    """Chapter 2: the learner's ``targets`` of every crew a hit card aims at (M16), and
    ``new_crew`` at the start (M2)."""

    def begin(self, real: RealGame) -> None:
        crew = self.reader.crew(self.bench.call("new_crew"))
        if crew != real.view().crews[0]:
            raise Wrong(f"new_crew() gives {describe_crew(crew)}", "M2")

    def step(self, step: Step) -> None:
        before = step.before
        if effect_of(before.drawn) not in ("hit", "slash", "kill"):
            return
        enemy = before.crews[1 - before.to_move]
        got = self.bench.positions("targets", self.reader.make_crew(enemy), quick=True)
        if got != set(step.legal):
            raise Wrong(
                f"{PLAYERS[before.to_move]} drew {before.drawn} against {_crew_text(enemy)};"
                f" your targets() gives {sorted(got)}, the real engine {sorted(step.legal)}",
                "M16",
            )


class HitMirror(Mirror):
    """Chapter 3: every card's effect (M10-M13), every hit, faint and shield, and every
    choice of pirates to shield (M11, M17)."""

    def step(self, step: Step) -> None:
        card = step.card
        if step.draws and Card.parse(card).rank in range(1, 11):
            got = self.bench.ask("effect", card)
            want = effect_of(card)
            if got != want:
                raise Wrong(
                    f"effect({card!r}) is {got!r}; it should be {want!r}",
                    EFFECT_RULES[want or "hit"],
                )
        before, after = step.before, step.after
        player = before.to_move
        if step.draws and step.after.drawn is None and effect_of(card) == "shield":
            self._shieldable(after.crews[player], ())  # the card had nothing to do
            return
        effect = effect_of(before.drawn)
        if effect == "shield":
            self._shieldable(before.crews[player], step.legal)
            crew = self.reader.make_crew(before.crews[player])
            self.bench.call("give_shield", crew, step.move)
            self._same(crew, after.crews[player], before.crews[player], step, "M11")
        elif effect in ("hit", "slash", "kill"):
            enemy = before.crews[1 - player]
            crew = self.reader.make_crew(enemy)
            self.bench.call("strike", crew, step.move, before.drawn)
            self._same(crew, after.crews[1 - player], enemy, step, EFFECT_RULES[effect])

    def _shieldable(self, crew: CrewView, legal: tuple[str, ...]) -> None:
        got = self.bench.positions("shieldable", self.reader.make_crew(crew), quick=True)
        if got != set(legal):
            raise Wrong(
                f"with {_crew_text(crew)}, your shieldable() gives {sorted(got)}; the real"
                f" engine lets a shield go on {sorted(legal) or 'nobody'}",
                "M11",
            )

    def _same(self, crew: Any, want: CrewView, before: CrewView, step: Step, rule: str) -> None:
        got = self.reader.crew(crew)
        if got.pirates == want.pirates:
            return
        position = next(p for p in POSITIONS if got.at(p) != want.at(p))
        effect = effect_of(step.before.drawn)
        if effect in ("hit", "slash", "kill"):
            rule = strike_rule(effect or "hit", before, step.move, got, want, position)
        elif position != step.move:
            rule = "M17"
        raise Wrong(
            f"{PLAYERS[step.before.to_move]}'s {step.card} on {step.move}: from"
            f" {describe_pirate(before, step.move)}, your engine leaves"
            f" {describe_pirate(got, position)}; the real one {describe_pirate(want, position)}",
            rule,
        )


class PrizeMirror(Mirror):
    """Chapter 4: every prize phase (M5-M8), power used (M3, M6-M8), prize taken (M14) and
    return from the Cave (M7), and ``new_bank`` at the start (M3)."""

    def begin(self, real: RealGame) -> None:
        bank = self.bench.call("new_bank")
        if bank != {"cave": None, "ship": None, "fort": None}:
            raise Wrong(f"new_bank() gives {bank!r}: every prize starts in the bank", "M3")

    def before(self, real: RealGame, view: TableView, move: str) -> None:
        effect = effect_of(view.drawn)
        if view.drawn is None:
            got = self.bench.positions("power_moves", self._game(view), quick=True)
            wrong = moves_difference(real.game, got | {"draw"}, set(real.legal()), view)
        elif effect == "take":
            got = self.bench.positions("take_moves", self._game(view), quick=True)
            wrong = moves_difference(real.game, got, set(real.legal()), view)
        else:
            return
        if wrong is not None:
            raise wrong

    def step(self, step: Step) -> None:
        before, after = step.before, step.after
        player = before.to_move
        effect = effect_of(before.drawn)
        if step.draws and step.move != "draw":
            game = self._game(before)
            self.bench.call("use_power", game, step.move)
            self._compare(
                game, after, step, {"ship": "M6", "cave": "M7", "fort": "M8"}[step.move.split()[0]]
            )
            if step.move.startswith("ship"):
                self._targets(game, after.crews[player], step)
        elif effect == "take":
            game = self._game(before)
            self.bench.call("take", game, step.move.split()[1])
            self._compare(game, after, step, "M14")
        elif effect in ("hit", "slash", "kill") and before.crews[1 - player].hidden:
            enemy = after.crews[1 - player]
            crew = self.reader.make_crew(CrewView(enemy.pirates, before.crews[1 - player].hidden))
            self.bench.call("recall", crew)
            hidden = self.reader.crew(crew).hidden
            if hidden != enemy.hidden:
                told = "comes back" if enemy.hidden is None else "stays hidden"
                raise Wrong(
                    f"{PLAYERS[player]}'s {before.drawn} on {step.move} leaves"
                    f" {PLAYERS[1 - player]} with {describe_crew(enemy)}: the hidden"
                    f" {before.crews[1 - player].hidden} {told}, but after your recall() the"
                    f" hidden captain is {hidden!r}",
                    "M7",
                )

    def _game(self, view: TableView) -> Any:
        return self.reader.make_game(view, _never_shuffled)

    def _targets(self, game: Any, crew: CrewView, step: Step) -> None:
        """After the Ship: the targets of the crew it moved, asked of the learner's own crew
        (M16: what counts is the position, whatever emptied it)."""
        got = self.bench.positions("targets", game.crews[step.before.to_move], quick=True)
        want = targetable(crew)
        if got != want:
            raise Wrong(
                f"after {PLAYERS[step.before.to_move]}'s {step.move!r}, the crew is"
                f" {_crew_text(crew)}; your targets() gives {sorted(got)}, the real engine"
                f" {sorted(want)}: what counts is the position, whatever emptied it",
                "M16",
            )

    def _compare(self, game: Any, after: TableView, step: Step, rule: str) -> None:
        mine = self.reader.game(game)
        if mine.holders != after.holders:
            raise Wrong(
                f"after {PLAYERS[step.before.to_move]}'s {step.move!r}, your engine has the"
                f" prizes held by {_holders(mine)}; the real one by {_holders(after)}",
                "M14" if rule == "M14" else "M3",
            )
        for player in (0, 1):
            if mine.crews[player] != after.crews[player]:
                got, want = mine.crews[player], after.crews[player]
                if got.hidden != want.hidden:
                    rule = "M7" if rule != "M14" else rule
                raise Wrong(
                    f"after {PLAYERS[step.before.to_move]}'s {step.move!r}, your engine has"
                    f" {PLAYERS[player]}'s crew {_crew_text(got)}; the real one"
                    f" {_crew_text(want)}",
                    rule,
                )


def targetable(crew: CrewView) -> set[str]:
    """The positions of ``crew`` a hit card may aim at (M16), from its picture."""
    on_board = {position for position, _, _ in crew.pirates}
    front = {"CL": "GL", "CR": "GR"}
    return {
        position
        for position in on_board
        if position != crew.hidden and (position in ("GL", "GR") or front[position] not in on_board)
    }


def _holders(view: TableView) -> str:
    return ", ".join(
        f"{prize}: {'bank' if view.holder(prize) is None else PLAYERS[view.holder(prize)]}"  # type: ignore[index]
        for prize in ("cave", "ship", "fort")
    )


MIRRORS: Final[dict[int, type[Mirror]]] = {
    1: DrawMirror,
    2: TargetMirror,
    3: HitMirror,
    4: PrizeMirror,
}


def mirror_for(chapter: int) -> type[Mirror]:
    """The mirror of a chapter (1 to 4)."""
    return MIRRORS[chapter]


class Lockstep:
    """Chapter 5: the learner's whole engine plays its own game beside the real one, both
    stopping only where the player to move has a choice."""

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.reader = bench.reader
        self.turn = 0

    def play(self, real: PlayedGame, rng: random.Random) -> None:
        bench = self.bench
        shuffle = _Shuffles()
        game = bench.call("new_game", list(real.deck), real.first, shuffle)
        after = real.view()
        self._compare(game, after, Context(real.first))
        while not real.over():
            before = after
            self.turn = before.turn + 1
            legal = real.legal()
            mine = bench.positions("legal_moves", game, quick=True)
            wrong = moves_difference(real.game, mine, set(legal), before)
            if wrong is not None:
                raise wrong
            move = choose(rng, legal)
            real.push(move)  # first, so that its reshuffle is known
            after = real.view()
            step = Step(before, tuple(legal), move, after, real.reshuffled)
            shuffle.now = Feeder(step.reshuffled, step.reshuffled or (), len(before.draw))
            try:
                bench.call("play", game, move)
            except Fault as fault:
                raise self._before_the_fault(game, step, fault) from None
            shuffle.now.check()
            shuffle.now = None
            self._compare(game, step.after, step.context())
            if step.after.turn > MAX_TURNS:
                raise Wrong(f"your game goes on past {MAX_TURNS} turns: no real game lasts so long")
        mine = bench.positions("legal_moves", game, quick=True)
        if mine:
            raise Wrong(
                f"the game is over, but your legal_moves() still gives {sorted(mine)}", "M18"
            )

    def _compare(self, game: Any, real: TableView, context: Context) -> None:
        if self.reader.quick_game(game) == real:
            return
        wrong = table_difference(self.reader.game(game), real, context)
        if wrong is not None:
            raise wrong

    def _before_the_fault(self, game: Any, step: Step, fault: Fault) -> Wrong | Fault:
        """What to tell when the learner's ``play`` raised: a crew, prize or winner already
        wrong where it stopped (the likely cause, named by its rule), else the fault itself.

        ``play`` plays on through turns where nobody has a choice, so its piles, card and
        turn may be further on than the real engine's: only the rest is compared.
        """
        try:
            mine = self.reader.game(game)
        except Fault:
            return _refused(fault, step.move)
        real = step.after
        told = mine._replace(
            draw=real.draw, discard=real.discard, drawn=real.drawn, turn=real.turn,
            to_move=real.to_move,
        )  # fmt: skip
        wrong = table_difference(told, real, step.context())
        if wrong is None:
            return _refused(fault, step.move)
        said = fault.message.removeprefix("your ")
        return Wrong(f"{wrong.message} (and then your {said})", wrong.rule)


def _refused(fault: Fault, move: str) -> Fault:
    """A learner's ``play`` that raised on a move both engines list: plain words, no rule."""
    if fault.message.startswith("your play() raised ValueError"):
        return Fault(
            f"your play() refused {move!r}, though your legal_moves() offers it and the real"
            f" engine plays it ({fault.message.removeprefix('your play() raised ')})",
            fault.trace,
            fault.lines,
        )
    return fault


class _Shuffles:
    """The shuffle a learner's game is made with: during a move, that move's :class:`Feeder`."""

    def __init__(self) -> None:
        self.now: Feeder | None = None

    def __call__(self, cards: list[str]) -> list[str]:
        if self.now is None:
            return _never_shuffled(cards)
        return self.now(cards)


def play_beside(
    bench: Bench, chapter: int, seed: int, *, number: int = 1, jokers: int = 2
) -> Disagreement | None:
    """Play the real game of ``seed`` with the learner's chapter beside it.

    Returns:
        The first disagreement, or None if the learner's code agreed all the way.
    """
    rng = random.Random(seed)
    lockstep = Lockstep(bench)
    turn = 0
    try:
        if chapter == 5:
            lockstep.play(PlayedGame(seed, jokers), rng)
            return None
        real = RealGame(seed, jokers)
        mirror = MIRRORS[chapter](bench)
        mirror.begin(real)
        after = real.view()
        while not real.over():
            before = after
            turn = before.turn + 1
            legal = real.legal()
            move = choose(rng, legal)
            mirror.before(real, before, move)
            real.push(move)
            after = real.view()
            mirror.step(Step(before, tuple(legal), move, after, real.reshuffled))
    except (Wrong, Fault) as problem:
        turn = max(turn, lockstep.turn)
        return Disagreement.of(problem, f"turn {turn}" if turn else "at the start", number, seed)
    return None
