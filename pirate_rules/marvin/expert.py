"""The expert bot: it weighs every kind of card that could come next, a few draws ahead.

Like every fair player, the expert knows which cards are still to be drawn (the whole
deck minus the discard pile and the card in hand, `pirate_rules.marvin.search.unseen_cards`)
but not their order. Each of those cards is equally likely to come next, and all cards
of one kind (say every 8) do the same thing, so the next draw has at most six outcomes:
a joker, a shield, a prize, a hit, a one-hit kill or a slash, each as likely as its
share of the unseen cards. The expert searches that tree exactly, a method known as
**expectimax**:

* at its own choices it takes the move with the best score;
* at the opponent's choices it expects the rules of thumb
  (`pirate_rules.marvin.heuristics.pick`), the way most players play; with
  ``opponent="worst"`` it expects the move that is worst for the expert instead;
* at each draw it takes the mean over the six kinds, weighted by how many cards of
  each kind are unseen at that point of the line (a card drawn on the way is no longer
  unseen);
* after ``draws`` draws it scores the table with `pirate_rules.marvin.search.value`,
  letting the player to move use the card in hand first.

Expecting the rules of thumb keeps the tree small (one branch at each of the
opponent's choices), so the expert looks three draws ahead in about the time the
worst-case tree takes for two. Against ``sensible``, over 300 seed-paired deals of
seeds kept apart from the published measurement, it scored 52.5% looking three draws
ahead and 52.0% looking two, where the worst-case tree two draws ahead scored 51.5%,
each within about 1.7 points. On the 2,000 deals of the *Luck and skill* page
(``python -m analysis --only luck``) it scored 51.4%, as the worst-case tree had
(51.3% over 1,000 deals): the game leaves a fair player little to gain over the rules
of thumb at this depth.

Inside the tree, the expert's own prize phase weighs only the rules-of-thumb power and
``draw``. When a prize phase offers more than three powers, the expert first looks one
draw less far at all of them, then fully at the best three. If a card that does nothing
(a joker) ends a turn in the tree, the turn after it draws a card from the expert's own
imagined order of the unseen cards. The expert never reads the real draw pile, the
game's generator, nor the deck's starting order.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("KS 8C", players=("Marvin", "Mum"))
    >>> bot = ExpertBot(seed=1)
    >>> bot.choose(game, 0)
    Move.parse('take fort')
    >>> print(bot.reason)
    I take the Fort from the bank: weighing every card that can come in the next 3
    draws, it gives me about ...% to win, against ...% if I take the ... from the bank.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pirate_rules.bots import Bot
from pirate_rules.cards import Card
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.heuristics import describe, only_choice, pick
from pirate_rules.marvin.moves import DRAW, Move
from pirate_rules.marvin.search import _FULL_DECKS, _imagine, _percent, unseen_cards, value
from pirate_rules.marvin.table import EFFECT_OF_RANK

__all__ = ["ExpertBot"]

_WON: Final = 100.0
_KINDS: Final = 6
"""Card kinds by effect number (`pirate_rules.marvin.table.EFFECT_OF_RANK`)."""


class ExpertBot(Bot[MarvinGame, Move]):
    """Weighs every kind of card that can come in the next draws (see the module).

    Args:
        seed: Seed of the bot's own generator (used only after a card that ends a turn
            by itself, in the tree).
        draws: How many draws the search looks ahead (1 or more). Each draw multiplies
            the time a choice takes by about 10. The default, 3, is the setting of the
            play page's hardest opponent: about 12 ms of CPU a choice in CPython (at
            most about 40 ms), and about 25 ms in the browser, where the slowest
            choices took up to 300 ms on a busy machine (``make bench-bots``).
        opponent: What the expert expects of the opponent: ``"rules"``, the rules of
            thumb (the default), or ``"worst"``, the move that is worst for the expert.
            The worst case makes the tree about ten times as big.

    Raises:
        ValueError: if ``draws`` or ``opponent`` is out of range.

    Examples:
        >>> game = MarvinGame.stacked("9C", players=("Marvin", "Mum"))
        >>> ExpertBot(seed=2).choose(game, 0) in game.legal_moves
        True
        >>> ExpertBot(draws=0)
        Traceback (most recent call last):
        ...
        ValueError: draws must be at least 1, not 0
        >>> ExpertBot(opponent="best")
        Traceback (most recent call last):
        ...
        ValueError: opponent must be 'rules' or 'worst', not 'best'
    """

    description = "the hardest: weighs every card that could come next, three draws ahead"

    def __init__(self, seed: int | None = None, draws: int = 3, opponent: str = "rules") -> None:
        super().__init__(seed)
        if draws < 1:
            raise ValueError(f"draws must be at least 1, not {draws!r}")
        if opponent not in _OPPONENTS:
            raise ValueError(f"opponent must be 'rules' or 'worst', not {opponent!r}")
        self.draws = draws
        self.opponent = opponent
        self._worst = opponent == "worst"

    def choose(self, game: MarvinGame, player: int) -> Move:
        moves = game.legal_moves
        only = only_choice(self, game, player)
        if only is not None:
            return only
        unseen = unseen_cards(game)
        self._player = player
        counts = _counts(unseen)
        self._refill = _counts(_FULL_DECKS[game.jokers])
        # Cards for turns that end by themselves in the tree, top last: the unseen ones,
        # then, should they run out, a whole deck, so that the tree never reshuffles.
        spare = list(_FULL_DECKS[game.jokers])
        self.rng.shuffle(spare)
        mine = unseen[:]
        self.rng.shuffle(mine)
        self._spare = (spare + mine)[-_SPARE:]
        draws = self.draws
        first = pick(game, player)[0]
        if draws > 1 and len(moves) > _WIDE:
            # Many prize powers: a look one draw shorter keeps the most promising few.
            rough = [self._after(game, move, counts, draws - 1) for move in moves]
            kept = sorted(range(len(moves)), key=lambda k: -rough[k])[:_WIDE]
            moves = tuple(moves[k] for k in sorted(kept))  # type: ignore[assignment]
        scores = [
            self._after(game, move, counts, draws) + (_TIE if move is first else 0.0)
            for move in moves
        ]
        order = sorted(range(len(moves)), key=lambda k: -scores[k])
        best, second = moves[order[0]], moves[order[1]]
        chance, other = _percent(scores[order[0]]), _percent(scores[order[1]])
        head = (
            f"I {describe(game, player, best)}: weighing every card that can come in the"
            f" next {self.draws} draw{'s' if self.draws != 1 else ''},"
        )
        if chance != other:
            self.reason = (
                f"{head} it gives me about {chance} to win, against {other} if I"
                f" {describe(game, player, second)}."
            )
        else:
            self.reason = f"{head} nothing else does clearly better (about {chance} to win)."
        return best

    def _after(self, sim: MarvinGame, move: Move, counts: tuple[int, ...], draws: int) -> float:
        """The score of pushing ``move`` on ``sim``: the mean over the next card's kinds
        if the push draws, with ``draws`` draws left to look at."""
        total = sum(counts)
        if not total:
            # The draw pile is empty: the next draw comes from the whole deck reshuffled.
            counts = self._refill
            total = sum(counts)
        score = 0.0
        for kind in range(_KINDS):
            count = counts[kind]
            if not count:
                continue
            card = _SAMPLE[kind]
            pile = [*self._spare, card]
            size = len(pile)
            child = _imagine(sim, pile, self.rng)
            child.push(move)
            if len(pile) == size and child._reshuffles == sim._reshuffles:
                # Nothing was drawn: the next player is in their prize phase.
                return self._node(child, counts, draws)
            left = list(counts)
            left[kind] -= 1
            score += count * self._node(child, tuple(left), draws - 1)
        return score / total

    def _node(self, sim: MarvinGame, counts: tuple[int, ...], draws: int) -> float:
        """The score for the bot's player of the decision point ``sim``."""
        player = self._player
        if sim._phase == "over":
            return _WON if sim._to_move == player else -_WON
        moves = sim._legal
        if sim._to_move != player and not self._worst and len(moves) > 1:
            moves = (pick(sim, sim._to_move)[0],)  # type: ignore[assignment]
        if draws <= 0:
            if sim._drawn is None:
                return value(sim, player)
            return self._best(sim, [self._leaf(sim, move) for move in moves])
        if sim._drawn is None and len(moves) > 1:
            first = pick(sim, sim._to_move)[0]
            moves = (first,) if first is DRAW else (first, DRAW)  # type: ignore[assignment]
        return self._best(sim, [self._after(sim, move, counts, draws) for move in moves])

    def _best(self, sim: MarvinGame, scores: list[float]) -> float:
        return max(scores) if sim._to_move == self._player else min(scores)

    def _leaf(self, sim: MarvinGame, move: Move) -> float:
        """The score after the card in hand is used, before the next draw is known."""
        child = _imagine(sim, [_LEAF_CARD], self.rng)
        child.push(move)
        if child._phase == "over":
            return _WON if child._to_move == self._player else -_WON
        return value(child, self._player)


_TIE: Final = 1e-9
_OPPONENTS: Final = ("rules", "worst")
_WIDE: Final = 3
"""With more choices than this (prize powers), only the best few of a shorter look are
looked at fully, so that a choice stays within about 50 ms in CPython."""
_SPARE: Final = 8
"""Cards kept under the searched card for turns that end by themselves (jokers)."""
_LEAF_CARD: Final = Card.parse("AS")
"""A card for the draw after the last one looked at: a hit always waits for a target."""


def _counts(cards: Iterable[Card]) -> tuple[int, ...]:
    """How many of ``cards`` are of each kind (effect number)."""
    counts = [0] * _KINDS
    for card in cards:
        counts[EFFECT_OF_RANK[card.rank]] += 1
    return tuple(counts)


_SAMPLE: Final = tuple(
    next(card for card in _FULL_DECKS[2] if EFFECT_OF_RANK[card.rank] == kind)
    for kind in range(_KINDS)
)
"""One card of each kind, to stand for any card of that kind in the search."""
