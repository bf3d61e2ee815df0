"""The search bots: they imagine the unseen cards and never peek at the real draw pile.

The no-peek tests run over every registered fair bot (a bot class with ``fair = False``,
such as the cheating oracle, is meant to peek and is left out).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NoReturn

import pytest

from pirate_rules.bots import Bot, bot_class, bot_names, make_bot
from pirate_rules.cards import seeded_generator
from pirate_rules.marvin import MarvinGame, Move, play_game
from pirate_rules.marvin.heuristics import describe, pick, play_by_thumb
from pirate_rules.marvin.oracle import future_cards
from pirate_rules.marvin.search import SearchBot, _imagine, unseen_cards, value, win_chance


def positions(seed: int, every: int = 7) -> list[MarvinGame]:
    """Copies of the decision points of a game between rules-of-thumb bots, with a choice."""
    game = MarvinGame.from_seed(seed, players=("Marvin", "Mum"))
    found = []
    while not game.is_game_over():
        if len(game.legal_moves) > 1 and game.turn % every == 0:
            found.append(game.copy())
        game.push(pick(game, game.to_move)[0])
    return found


def long_game_positions() -> list[MarvinGame]:
    """Decision points before and after the draw pile was reshuffled (M9)."""
    found = [p for seed in (0, 6) for p in positions(seed)]
    assert any(p.reshuffles for p in found) and any(not p.reshuffles for p in found)
    return found


def hide_the_order(game: MarvinGame, seed: int) -> MarvinGame:
    """The same table, as a player sees it, with the hidden cards in another order."""
    other = game.copy()
    rng = random.Random(seed)
    rng.shuffle(other._pile)
    other._rng = random.Random(seed + 1)
    other._deck = tuple(rng.sample(game.deck, len(game.deck)))
    return other


def test_unseen_cards_are_the_draw_pile_as_a_multiset() -> None:
    for game in long_game_positions():
        assert Counter(unseen_cards(game)) == Counter(game.draw_pile)


QUICK = {"search": {"samples": 6}, "expert": {"samples": 6, "turns": 2}}
"""Options that make the slower bots quicker for these tests."""

FAIR = [name for name in bot_names("marvin") if getattr(bot_class("marvin", name), "fair", True)]


def fair_bot(name: str, seed: int) -> Bot[MarvinGame, Move]:
    made: Bot[MarvinGame, Move] = make_bot("marvin", name, seed=seed, **QUICK.get(name, {}))
    return made


def test_the_fair_bots_include_the_search_bots_and_not_the_oracle() -> None:
    assert {"sensible", "search", "expert"} <= set(FAIR)
    assert "cheating-oracle" in bot_names("marvin") and "cheating-oracle" not in FAIR


@pytest.mark.parametrize("name", FAIR)
def test_the_order_of_the_hidden_cards_does_not_change_the_choice(name: str) -> None:
    changed = 0
    for game in long_game_positions():
        for seed in (1, 2):
            other = hide_the_order(game, seed)
            changed += other.draw_pile != game.draw_pile
            a, b = fair_bot(name, 9), fair_bot(name, 9)
            assert a.choose(game, game.to_move) is b.choose(other, other.to_move)
            assert a.reason == b.reason
            assert a.rng.getstate() == b.rng.getstate()
    assert changed > 10


class Tripwire(list):  # type: ignore[type-arg]
    """A draw pile that fails the test as soon as anything reads its cards."""

    def _peek(self, *args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("the bot looked at the draw pile")

    __iter__ = __getitem__ = __reversed__ = __contains__ = _peek
    copy = index = count = pop = _peek


class SilentRandom(random.Random):
    """A generator that fails the test if the bot uses it (it would know the reshuffles)."""

    def random(self) -> NoReturn:
        raise AssertionError("the bot used the game's generator")

    def getstate(self) -> NoReturn:
        raise AssertionError("the bot read the game's generator")


@pytest.mark.parametrize("name", FAIR)
def test_bots_never_read_the_draw_pile(name: str) -> None:
    bot = fair_bot(name, 3)
    for game in long_game_positions():
        wired = game.copy()
        wired._pile = Tripwire(game._pile)
        wired._rng = SilentRandom()
        wired._deck = Tripwire(game.deck)  # type: ignore[assignment]
        bot.rng.seed(3)
        expected = bot.choose(game, game.to_move)
        bot.rng.seed(3)
        assert bot.choose(wired, wired.to_move) is expected


def test_an_imagined_copy_plays_like_the_game() -> None:
    """The search plays its moves on a copy of its own making: it must follow the rules."""
    rng = random.Random(0)
    for game in long_game_positions()[:12]:
        real, sim = game.copy(), _imagine(game, game._pile[:], random.Random(1))
        real._rng = random.Random(1)
        for _ in range(30):
            if real.is_game_over():
                break
            move = real.legal_moves[rng.randrange(len(real.legal_moves))]
            real.push(move)
            sim.push(move)
            assert sim.legal_moves == real.legal_moves
            assert sim.drawn == real.drawn and sim.phase == real.phase
            assert [s._state() for s in sim.sides] == [s._state() for s in real.sides]
            assert sim._holder == real._holder and sim.discard_pile == real.discard_pile
        assert sim.winner == real.winner


def test_a_copy_given_a_seed_reshuffles_as_its_generator_would() -> None:
    """A search copy may get the seed of its reshuffling generator (the expert's do): the
    generator is made at the first reshuffle, kept, and plays as if given from the start."""
    reshuffled = []
    for seed, game in enumerate(long_game_positions()):
        lazy = game._fork(game._pile[:], 1000 + seed)
        eager = game._fork(game._pile[:], seeded_generator(1000 + seed))
        assert future_cards(lazy, 20) == future_cards(eager, 20)
        assert lazy.copy()._rng == 1000 + seed  # the copy keeps the seed, unmade
        play_by_thumb(lazy)
        play_by_thumb(eager)
        assert lazy._state() == eager._state()
        if lazy.reshuffles > game.reshuffles:
            assert isinstance(lazy._rng, random.Random)
            assert lazy._rng.getstate() == eager._rng.getstate()
            reshuffled.append(seed)
        else:
            assert lazy._rng == 1000 + seed  # never needed, never made
    assert len(reshuffled) >= 2


def test_value_and_win_chance_are_symmetric() -> None:
    for game in positions(5, every=3):
        assert value(game, 0) == pytest.approx(-value(game, 1))
        assert win_chance(game, 0) + win_chance(game, 1) == pytest.approx(1)
    game = play_game(["sensible", "sensible"], seed=5)
    winner = game.winner
    assert winner is not None
    assert value(game, winner) == 100 and value(game, 1 - winner) == -100


def test_search_finishes_a_pirate_that_one_hit_makes_faint() -> None:
    game = MarvinGame.stacked("AC", players=("Marvin", "Mum"))
    game.sides[1]._hp[1] = 1
    bot = SearchBot(seed=0)
    assert bot.choose(game, 0) == Move.parse("GR")
    assert bot.reason.startswith("I hit Mum's GR: over 32 imagined orders of the 53 cards")


def test_a_single_choice_needs_no_search() -> None:
    game = MarvinGame.stacked("KS JK QS JK JS")
    game.play("take ship", "draw", "take fort", "draw")
    bot = SearchBot(seed=0)
    state = bot.rng.getstate()
    assert bot.choose(game, 0) == Move.parse("take cave")
    assert bot.reason == "I take the Cave from the bank: it is my only choice."
    assert bot.rng.getstate() == state


def test_parameters() -> None:
    bot = SearchBot(seed=1, samples=3, depth=0, margin=0)
    assert (bot.samples, bot.depth, bot.margin) == (3, 0, 0)
    game = MarvinGame.stacked("9C")
    assert bot.choose(game, 0) in game.legal_moves
    for wrong in ({"depth": -1}, {"margin": -0.1}, {"margin": float("nan")}):
        with pytest.raises(ValueError, match="depth and margin at least 0"):
            SearchBot(**wrong)


def test_the_margin_favours_the_rule_of_thumb_move() -> None:
    """With a huge margin the search always agrees with the rules of thumb."""
    stubborn = SearchBot(seed=4, samples=4, depth=0, margin=1000)
    for game in positions(8, every=2):
        move = pick(game, game.to_move)[0]
        assert stubborn.choose(game, game.to_move) is move
        assert stubborn.reason.startswith(f"I {describe(game, game.to_move, move)}: ")
