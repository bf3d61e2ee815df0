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
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from pirate_rules.cards import Card
from pirate_rules.course.checking import (
    Bench,
    Wrong,
    card_difference,
    describe_crew,
    describe_pirate,
)
from pirate_rules.course.learner import Called, Fault, Made, Ref, Refused
from pirate_rules.course.real import PlayedGame, RealGame, choose
from pirate_rules.course.table import (
    PLAYERS,
    POSITIONS,
    CrewView,
    TableView,
    crew_of,
    game_of,
    positions,
)
from pirate_rules.course.words import (
    EFFECT_RULES,
    Context,
    effect_of,
    moves_difference,
    strike_rule,
    table_difference,
)

__all__ = [
    "Disagreement",
    "Feeder",
    "Lockstep",
    "Mirror",
    "Plan",
    "Step",
    "judge_beside",
    "mirror_for",
    "plan_beside",
    "play_beside",
]

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
    """The learner's ``shuffle`` for one step: it gives the real engine's reshuffle, and
    the checks judge what it was given.

    Args:
        order: The real new draw pile (top first), or None if the real engine did not
            reshuffle in this step: the shuffle then refuses, and ends the call.
        discard: The real discard pile that was shuffled.
        pile: How many cards the real draw pile held before the step.
    """

    def __init__(self, order: tuple[str, ...] | None, discard: tuple[str, ...], pile: int) -> None:
        self.order = order
        self.discard = discard
        self.pile = pile

    def made(self) -> Made:
        """The shuffle to hand the learner's code, made by the agent."""
        return Made.of("shuffle", order=self.arm()[0], refuse=self.arm()[1])

    def arm(self) -> tuple[list[str] | None, bool]:
        """``(order, refuse)`` for a shuffle the learner's game already holds."""
        return (None if self.order is None else list(self.order)), self.order is None

    def judge(self, calls: list[list[str]]) -> None:
        """Raise :class:`Wrong` unless the shuffle was used as the real engine's was."""
        if self.order is None and calls and not self.pile:
            raise Wrong(
                "your engine drew again, and shuffled the discard pile for it, where the"
                " real engine drew no more",
                "M9",
            )
        if self.order is None and calls:
            raise Wrong(
                f"your engine shuffled the discard pile while the draw pile still held"
                f" {self.pile} card{'s' * (self.pile != 1)}: it is shuffled only when the draw"
                " pile is empty",
                "M9",
            )
        if len(calls) > 1:
            raise Wrong("your engine shuffled twice in one draw", "M9")
        if self.order is not None and not calls:
            raise Wrong(
                "the draw pile was empty, but your engine did not shuffle the discard pile"
                " (with its shuffle) into a new draw pile",
                "M9",
            )
        if calls and Counter(calls[0]) != Counter(self.discard):
            raise Wrong(
                f"your engine shuffled {len(calls[0])} cards into the new draw pile, but the"
                f" discard pile held {len(self.discard)}: the shuffle"
                f" {card_difference(calls[0], self.discard)}",
                "M9",
            )


NEVER: Final = Made.of("shuffle", refuse=True)
"""A shuffle for a step that draws nothing: the learner's code may not call it."""


class Slot:
    """The agent's answer to one message of a :class:`Plan`, once the plan has run."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.answer: Any = None

    def get(self) -> Called:
        """The call's answer; the fault of the learner's code if it (or one before) failed."""
        if isinstance(self.answer, Fault):
            raise self.answer
        if self.answer is None:
            raise self.plan.fault or Fault("your code stopped before it answered")
        return self.plan.learner.told_of(self.answer)

    def data(self) -> Any:
        """The answer as it came, for a message that is not a call (``Plan.read``)."""
        if isinstance(self.answer, Fault):
            raise self.answer
        if self.answer is None:
            raise self.plan.fault or Fault("your code stopped before it answered")
        return self.answer


class Plan:
    """The calls of one game, sent to the agent in one message, and the judgements of their
    answers, made in order once they are back.

    The moves of a real game do not depend on the learner's answers, so a whole game's
    calls can be known before any is made: the learner's code then runs a game in one go,
    and the checks hold its answers to the real engine's afterwards, step by step.
    """

    def __init__(self, bench: Bench) -> None:
        self.bench = bench
        self.learner = bench.learner
        self.messages: list[dict[str, Any]] = []
        self.slots: list[Slot] = []
        self.judges: list[tuple[int, Callable[[], None]]] = []
        self.turn = 0
        self.fault: Fault | None = None

    def call(self, name: str, *args: Any, **more: Any) -> Slot:
        """Plan a call of the learner's ``name`` (see `Learner.called`)."""
        contract = self.bench.contracts.get(name) or name
        self.messages.append(self.learner.call_message(contract, *args, **more))
        slot = Slot(self)
        self.slots.append(slot)
        return slot

    def read(self, name: str, kind: str) -> Slot:
        """Plan the reading of the object the agent keeps under ``name``, as ``kind``."""
        self.messages.append({"do": "read", "r": name, "as": kind})
        slot = Slot(self)
        self.slots.append(slot)
        return slot

    def then(self, turn: int, judge: Callable[[], None]) -> None:
        """Judge answers once they are back; ``turn`` is where the judgement is about."""
        self.judges.append((turn, judge))

    def run(self, label: str) -> None:
        """Send the planned calls, then judge: the first judgement that fails raises."""
        answers = self.learner.batch(self.messages, label) if self.messages else []
        for slot, answer in zip(self.slots, answers, strict=False):
            slot.answer = answer
            if isinstance(answer, Fault):
                self.fault = answer
        for turn, judge in self.judges:
            self.turn = turn
            judge()


def replay(seed: int, moves: list[str], played: bool = False) -> Any:
    """The real game of ``seed`` after ``moves``: what a judgement of a decision point
    needs (the refusals of the real engine there), made again only when it is needed."""
    real = PlayedGame(seed) if played else RealGame(seed)
    for move in moves:
        real.push(move)
    return real.game


class Mirror:
    """The learner's functions of one chapter, given every table where they apply.

    Subclasses plan their calls with :meth:`begin` (the start of a game), :meth:`before`
    (a decision point) and :meth:`step` (after each real move), each with the judgement of
    their answers, which raises :class:`~pirate_rules.course.checking.Wrong` on the first
    disagreement.
    """

    def __init__(self, bench: Bench, plan: Plan) -> None:
        self.bench = bench
        self.reader = bench.reader
        self.plan = plan

    def begin(self, real: RealGame) -> None:
        """The start of a real game."""

    def before(self, real: RealGame, view: TableView, moves: list[str]) -> None:
        """A decision point of the real game (``view``), after ``moves``."""

    def step(self, step: Step) -> None:
        """The real game has made ``step.move``."""


class DrawMirror(Mirror):
    """Chapter 1: every draw of the real game, by the learner's ``draw`` (M9) and ``rank`` (M1)."""

    def step(self, step: Step) -> None:
        if not step.draws:
            return
        before = step.before
        piles = self.reader.piles_made(before.draw, before.discard)
        feeder = Feeder(step.reshuffled, before.discard, len(before.draw))
        drawn = self.plan.call("draw", piles, feeder.made(), read={0: "piles"})
        ranked = self.plan.call("rank", step.card, question=True)

        def judge() -> None:
            called = drawn.get()
            feeder.judge(called.shuffled[0])
            card = called.value
            if card != step.card:
                raise Wrong(
                    f"your draw() gave {card!r}, but the card to draw was {step.card}", "M9"
                )
            got = (tuple(called.read[0][0]), tuple(called.read[0][1]))
            want = step.piles_after_draw
            if got != want:
                told = "refilled the draw pile and " if step.reshuffled else ""
                raise Wrong(
                    f"the real engine {told}drew {step.card}, leaving {len(want[0])} cards to"
                    f" draw and {len(want[1])} discarded; after your draw() there are"
                    f" {len(got[0])} and {len(got[1])}",
                    "M9",
                )
            number = _answered(ranked, "rank")
            if number != Card.parse(step.card).rank:
                raise Wrong(
                    f"rank({step.card!r}) is {number!r}, not {Card.parse(step.card).rank}", "M1"
                )

        self.plan.then(step.turn, judge)


def _answered(slot: Slot, name: str, what: str = "") -> Any:
    """The answer of a question: it must leave its arguments as they were."""
    called = slot.get()
    if called.changed:
        raise Wrong(
            f"your {name}() changed {what or 'what it was given'}: a function that answers a"
            " question must leave the table as it was"
        )
    return called.value


def _crew_text(crew: CrewView) -> str:
    hidden = f" ({crew.hidden} hidden)" if crew.hidden else ""
    return describe_crew(crew) + hidden


class TargetMirror(Mirror):
    """Chapter 2: the learner's ``targets`` of every crew a hit card aims at (M16), and
    ``new_crew`` at the start (M2)."""

    def begin(self, real: RealGame) -> None:
        made = self.plan.call("new_crew", keep="crew")
        read = self.plan.read("crew", "crew")
        fresh = real.view().crews[0]

        def judge() -> None:
            made.get()
            crew = crew_of(read.data())
            if crew != fresh:
                raise Wrong(f"new_crew() gives {describe_crew(crew)}", "M2")

        self.plan.then(0, judge)

    def step(self, step: Step) -> None:
        before = step.before
        if effect_of(before.drawn) not in ("hit", "slash", "kill"):
            return
        enemy = before.crews[1 - before.to_move]
        aimed = self.plan.call("targets", self.reader.crew_made(enemy))

        def judge() -> None:
            got = positions(aimed.get().value, "your targets()")
            if got != set(step.legal):
                raise Wrong(
                    f"{PLAYERS[before.to_move]} drew {before.drawn} against {_crew_text(enemy)};"
                    f" your targets() gives {sorted(got)}, the real engine {sorted(step.legal)}",
                    "M16",
                )

        self.plan.then(step.turn, judge)


class HitMirror(Mirror):
    """Chapter 3: every card's effect (M10-M13), every hit, faint and shield, and every
    choice of pirates to shield (M11, M17)."""

    def step(self, step: Step) -> None:
        card = step.card
        if step.draws and Card.parse(card).rank in range(1, 11):
            told = self.plan.call("effect", card, question=True)

            def judge_effect() -> None:
                got, want = _answered(told, "effect"), effect_of(card)
                if got != want:
                    raise Wrong(
                        f"effect({card!r}) is {got!r}; it should be {want!r}",
                        EFFECT_RULES[want or "hit"],
                    )

            self.plan.then(step.turn, judge_effect)
        before, after = step.before, step.after
        player = before.to_move
        if step.draws and step.after.drawn is None and effect_of(card) == "shield":
            self._shieldable(after.crews[player], (), step)  # the card had nothing to do
            return
        effect = effect_of(before.drawn)
        if effect == "shield":
            self._shieldable(before.crews[player], step.legal, step)
            crew = self.reader.crew_made(before.crews[player])
            shielded = self.plan.call("give_shield", crew, step.move, read={0: "crew"})
            self.plan.then(step.turn, lambda: self._same(
                shielded.get().read[0], after.crews[player], before.crews[player], step, "M11"
            ))  # fmt: skip
        elif effect in ("hit", "slash", "kill"):
            enemy = before.crews[1 - player]
            crew = self.reader.crew_made(enemy)
            struck = self.plan.call("strike", crew, step.move, before.drawn, read={0: "crew"})
            self.plan.then(step.turn, lambda: self._same(
                struck.get().read[0], after.crews[1 - player], enemy, step, EFFECT_RULES[effect]
            ))  # fmt: skip

    def _shieldable(self, crew: CrewView, legal: tuple[str, ...], step: Step) -> None:
        asked = self.plan.call("shieldable", self.reader.crew_made(crew))

        def judge() -> None:
            got = positions(asked.get().value, "your shieldable()")
            if got != set(legal):
                raise Wrong(
                    f"with {_crew_text(crew)}, your shieldable() gives {sorted(got)}; the real"
                    f" engine lets a shield go on {sorted(legal) or 'nobody'}",
                    "M11",
                )

        self.plan.then(step.turn, judge)

    def _same(self, read: Any, want: CrewView, before: CrewView, step: Step, rule: str) -> None:
        got = crew_of(read)
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
    return from the Cave (M7), the targets after the Ship (M16), and ``new_bank`` (M3)."""

    def begin(self, real: RealGame) -> None:
        banked = self.plan.call("new_bank")

        def judge() -> None:
            bank = banked.get().value
            if bank != {"cave": None, "ship": None, "fort": None}:
                raise Wrong(f"new_bank() gives {bank!r}: every prize starts in the bank", "M3")

        self.plan.then(0, judge)

    def before(self, real: RealGame, view: TableView, moves: list[str]) -> None:
        effect = effect_of(view.drawn)
        legal = set(real.legal())
        if view.drawn is None:
            asked, extra = self.plan.call("power_moves", self._game(view)), {"draw"}
        elif effect == "take":
            asked, extra = self.plan.call("take_moves", self._game(view)), set()
        else:
            return
        seed = real.seed

        def judge() -> None:
            got = positions(
                asked.get().value, "your power_moves()" if extra else "your take_moves()"
            )
            if got | extra != legal:
                wrong = moves_difference(replay(seed, moves), got | extra, legal, view)
                if wrong is not None:
                    raise wrong

        self.plan.then(view.turn + 1, judge)

    def step(self, step: Step) -> None:
        before, after = step.before, step.after
        player = before.to_move
        effect = effect_of(before.drawn)
        if step.draws and step.move != "draw":
            name = f"game {step.turn}"
            game = self.reader.game_made(before, NEVER)
            game.encoded["make"]["name"] = name
            used = self.plan.call("use_power", game, step.move, read={0: "game"})
            rule = {"ship": "M6", "cave": "M7", "fort": "M8"}[step.move.split()[0]]
            self.plan.then(step.turn, lambda: self._compare(used.get().read[0], after, step, rule))
            if step.move.startswith("ship"):
                self._targets(Made.part(name, "crews", player), after.crews[player], step)
        elif effect == "take":
            taken = self.plan.call(
                "take", self._game(before), step.move.split()[1], read={0: "game"}
            )
            self.plan.then(
                step.turn, lambda: self._compare(taken.get().read[0], after, step, "M14")
            )
        elif effect in ("hit", "slash", "kill") and before.crews[1 - player].hidden:
            enemy = after.crews[1 - player]
            crew = self.reader.crew_made(CrewView(enemy.pirates, before.crews[1 - player].hidden))
            recalled = self.plan.call("recall", crew, read={0: "crew"})

            def judge() -> None:
                hidden = crew_of(recalled.get().read[0]).hidden
                if hidden != enemy.hidden:
                    told = "comes back" if enemy.hidden is None else "stays hidden"
                    raise Wrong(
                        f"{PLAYERS[player]}'s {before.drawn} on {step.move} leaves"
                        f" {PLAYERS[1 - player]} with {describe_crew(enemy)}: the hidden"
                        f" {before.crews[1 - player].hidden} {told}, but after your recall()"
                        f" the hidden captain is {hidden!r}",
                        "M7",
                    )

            self.plan.then(step.turn, judge)

    def _game(self, view: TableView) -> Made:
        return self.reader.game_made(view, NEVER)

    def _targets(self, crew: Made, after: CrewView, step: Step) -> None:
        """After the Ship: the targets of the crew it moved, asked of the learner's own crew
        (M16: what counts is the position, whatever emptied it)."""
        aimed = self.plan.call("targets", crew)

        def judge() -> None:
            got = positions(aimed.get().value, "your targets()")
            want = targetable(after)
            if got != want:
                raise Wrong(
                    f"after {PLAYERS[step.before.to_move]}'s {step.move!r}, the crew is"
                    f" {_crew_text(after)}; your targets() gives {sorted(got)}, the real engine"
                    f" {sorted(want)}: what counts is the position, whatever emptied it",
                    "M16",
                )

        self.plan.then(step.turn, judge)

    def _compare(self, read: Any, after: TableView, step: Step, rule: str) -> None:
        mine = game_of(read)
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
    stopping only where the player to move has a choice. The whole game is one plan: the
    real game first, then the learner's, move for move, then the judgement."""

    def __init__(self, bench: Bench, plan: Plan) -> None:
        self.bench = bench
        self.plan = plan

    def play(self, real: PlayedGame, rng: random.Random) -> None:
        plan = self.plan
        shuffle = Made.of("shuffle", refuse=True, name="shuffle")
        made = plan.call("new_game", list(real.deck), real.first, shuffle, keep="game", read={})
        game = Made.named("game")
        start = real.view()
        first = plan.call("legal_moves", game, read={0: "game"})
        plan.then(0, lambda: self._start(made, first, start, real.first))
        moves: list[str] = []
        listed = first
        while not real.over():
            before = real.view()
            legal = real.legal()
            move = choose(rng, legal)
            seed, so_far = real.seed, list(moves)
            plan.then(before.turn + 1, partial(self._listed, listed, before, legal, seed, so_far))
            real.push(move)
            moves.append(move)
            step = Step(before, tuple(legal), move, real.view(), real.reshuffled)
            feeder = Feeder(step.reshuffled, step.reshuffled or (), len(before.draw))
            order, refuse = feeder.arm()
            played = plan.call(
                "play", game, move, arm=[("shuffle", order, refuse)], read={0: "game"}
            )
            listed = plan.call("legal_moves", game)
            plan.then(step.turn, partial(self._played, played, step, feeder))
        plan.then(real.view().turn, lambda: self._over(listed))

    def _start(self, made: Slot, listed: Slot, real: TableView, first: int) -> None:
        value = made.get().value
        if not isinstance(value, Ref):
            self.bench.reader.game(value)  # says what is wrong with it
        self._compare(game_of(listed.get().read[0]), real, Context(first))

    def _listed(
        self, listed: Slot, before: TableView, legal: list[str], seed: int, moves: list[str]
    ) -> None:
        mine = positions(listed.get().value, "your legal_moves()")
        if mine != set(legal):
            wrong = moves_difference(replay(seed, moves, True), mine, set(legal), before)
            if wrong is not None:
                raise wrong

    def _played(self, played: Slot, step: Step, feeder: Feeder) -> None:
        try:
            called = played.get()
        except Fault as fault:
            raise self._before_the_fault(step, fault) from None
        mine = game_of(called.read[0])
        try:
            feeder.judge(called.armed[0])
            if called.value is Refused:
                raise Wrong("your engine shuffled where no card was drawn", "M9")
        except Wrong as shuffled:
            # A crew or prize already wrong makes the learner's engine play on through
            # other turns than the real one, and so draw and shuffle at other times.
            raise self._already_wrong(mine, step, shuffled) or shuffled from None
        self._compare(mine, step.after, step.context())
        if step.after.turn > MAX_TURNS:
            raise Wrong(f"your game goes on past {MAX_TURNS} turns: no real game lasts so long")

    def _over(self, listed: Slot) -> None:
        mine = positions(listed.get().value, "your legal_moves()")
        if mine:
            raise Wrong(
                f"the game is over, but your legal_moves() still gives {sorted(mine)}", "M18"
            )

    def _compare(self, mine: TableView, real: TableView, context: Context) -> None:
        if mine == real:
            return
        wrong = table_difference(mine, real, context)
        if wrong is not None:
            raise wrong

    def _before_the_fault(self, step: Step, fault: Fault) -> Wrong | Fault:
        """What to tell when the learner's ``play`` raised: a crew, prize or winner already
        wrong where it stopped (the likely cause, named by its rule), else the fault itself."""
        try:
            mine = game_of(self.bench.learner.read(Ref("game", "Game", ""), "game"))
        except Fault:
            return _refused(fault, step.move)
        return self._already_wrong(mine, step, fault) or _refused(fault, step.move)

    def _already_wrong(self, mine: TableView, step: Step, then: Wrong | Fault) -> Wrong | None:
        """A crew, prize or winner of the learner's table ``mine`` that differs from the
        real one after ``step``, told with what went wrong ``then``; None if they agree.

        ``play`` plays on through turns where nobody has a choice, so its piles, card and
        turn may be further on than the real engine's: only the rest is compared.
        """
        real = step.after
        told = mine._replace(
            draw=real.draw, discard=real.discard, drawn=real.drawn, turn=real.turn,
            to_move=real.to_move,
        )  # fmt: skip
        wrong = table_difference(told, real, step.context())
        if wrong is None:
            return None
        said = then.message.removeprefix("your ")
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


def play_beside(
    bench: Bench, chapter: int, seed: int, *, number: int = 1, jokers: int = 2
) -> Disagreement | None:
    """Play the real game of ``seed`` with the learner's chapter beside it.

    Returns:
        The first disagreement, or None if the learner's code agreed all the way.
    """
    return judge_beside(plan_beside(bench, chapter, seed, jokers=jokers), seed, number)


def plan_beside(bench: Bench, chapter: int, seed: int, *, jokers: int = 2) -> Plan:
    """The real game of ``seed`` played, and the learner's calls beside it planned, with
    their judgements: nothing is asked of the learner's code yet (:func:`judge_beside`)."""
    rng = random.Random(seed)
    plan = Plan(bench)
    if chapter == 5:
        Lockstep(bench, plan).play(PlayedGame(seed, jokers), rng)
        return plan
    real = RealGame(seed, jokers)
    mirror = MIRRORS[chapter](bench, plan)
    mirror.begin(real)
    moves: list[str] = []
    while not real.over():
        before = real.view()
        legal = real.legal()
        move = choose(rng, legal)
        mirror.before(real, before, list(moves))
        real.push(move)
        moves.append(move)
        mirror.step(Step(before, tuple(legal), move, real.view(), real.reshuffled))
    return plan


def judge_beside(plan: Plan, seed: int, number: int, unit: str = "turn") -> Disagreement | None:
    """Send a planned game to the learner's code (the objects of the game before forgotten),
    then judge its answers: the first disagreement, told at its ``unit`` (turn or moment)."""
    try:
        plan.learner.forget()
        plan.run(f"your code, in game {number}")
    except (Wrong, Fault) as problem:
        turn = plan.turn
        return Disagreement.of(problem, f"{unit} {turn}" if turn else "at the start", number, seed)
    return None
