"""Differential tests: each engine shortcut plays thousands of games exactly like the plain
code beside it, compared state by state.

* Shuffling and seeding: `pirate_rules.cards.shuffle` draws exactly as
  ``random.Random.shuffle``, and `pirate_rules.cards.seeded_generator` makes a
  generator in exactly the state of ``random.Random(seed)``.
* *Pirate*: `PirateGame.apply_moment` takes shortcuts for moments of turns and waits
  and for moments with plays or a claim (`PirateGame._at_once`), and `play_game`'s loop
  (`pirate_rules.pirate.playout.play_out`, whose plain form is `PirateGame._play_out`)
  writes out the moment where both turn and the ``fast``
  bot's choices (`pirate_rules.pirate.shortcuts`; all switched off by
  ``_FAST_PATHS``); `PirateGame.from_seed` lays out the dealt decks without checking
  them again, and the ``fast`` bot's `quickest` reads the game's fields instead of
  calling `can_play`, `can_claim` and `can_turn`; the ``fast`` bot makes its
  generator only when asked for it.
* *Marvin's Pirates Go!*: `MarvinGame.push` plays the steps of a turn written out in
  one function (`pirate_rules.marvin.shortcuts.play_on`) instead of through
  `MarvinGame._push_plain` and the steps it calls, `play_game`'s loop
  (`pirate_rules.marvin.playout.play_out`, whose plain form is `MarvinGame._play_out`)
  writes out the ``random`` bot's choices (both switched off
  by ``_FAST_PATHS``), the ``random`` bot reads the game's fields instead of its
  properties, and the search bots play on
  `MarvinGame._fork` copies instead of `MarvinGame.copy`. The game keeps one record
  of its turns, the log, and reads the turns (``_history``), this turn's power and
  reshuffle from it: the turns read are the turns played.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import pirate_rules.marvin.game as marvin_game
import pirate_rules.pirate.game as pirate_game
from pirate_rules.bots import Bot, make_bot
from pirate_rules.cards import seeded_generator, shuffle
from pirate_rules.errors import IllegalMoveError
from pirate_rules.marvin import DRAW, MarvinGame, Move, RandomBot
from pirate_rules.marvin import play_game as play_marvin
from pirate_rules.pirate import Action, PirateGame, Ship
from pirate_rules.pirate.bots import FastBot, play_game, quickest

SEEDS = range(2000)


def test_shuffle_draws_exactly_like_random_shuffle() -> None:
    for seed in SEEDS:
        for size in (0, 1, 2, 3, 7, 52, 54, 104, 300):
            ours, theirs = random.Random(seed), random.Random(seed)
            cards, expected = list(range(size)), list(range(size))
            shuffle(cards, ours)  # type: ignore[arg-type]
            theirs.shuffle(expected)
            assert cards == expected
            assert ours.getstate() == theirs.getstate()


def test_a_seeded_generator_is_in_the_state_of_random_random() -> None:
    seeds = [*range(-100, 3000), 2**31, 2**32 - 1, 2**32, 2**64 + 7, -(2**70), 10**30]
    for seed in seeds:
        ours, theirs = seeded_generator(seed), random.Random(seed)
        assert type(ours) is random.Random
        assert ours.getstate() == theirs.getstate()
        draws = [(rng.random(), rng.gauss(0, 1), rng.getrandbits(70)) for rng in (ours, theirs)]
        assert draws[0] == draws[1]
    for other in (None, "seven", 7.5, b"7"):
        assert type(seeded_generator(other)) is random.Random
    assert seeded_generator("seven").getstate() == random.Random("seven").getstate()


def ship_state(ship: Ship) -> tuple[object, ...]:
    return (ship.suit, ship.number, ship.halves, ship.needs, ship.ranks)


def pirate_state(game: PirateGame) -> tuple[object, ...]:
    return (
        game.moment, tuple(game.history), game._stocks, game._wastes, game._fresh,
        game._held, [ship_state(ship) for ship in game._ships],
        [[ship_state(ship) for ship in ships] for ships in game.captured],
        [ship_state(ship) for ship in game.sunk], game.events, game._outcome,
    )  # fmt: skip


def plain_quickest(game: PirateGame, player: int) -> Action:
    """The ``fast`` bot's rule with the game's public checks."""
    if game.can_play(player):
        return Action.PLAY
    if game.can_claim(player):
        return Action.CLAIM
    if game.can_turn(player):
        return Action.TURN
    return Action.WAIT


def test_pirate_shortcuts_play_every_moment_like_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """About 20 s in the whole suite: every moment of all the seeds' games is played by
    the shortcuts and by the plain code, and the two states compared."""
    mixed = random.Random(0)
    for seed in SEEDS:
        fast, plain = PirateGame.from_seed(seed), PirateGame.from_seed(seed)
        bots = (FastBot(seed=1), FastBot(seed=2))
        while not fast.is_terminal():
            pair = []
            for player in (0, 1):
                action = quickest(bots[player], fast, player)
                assert action == plain_quickest(fast, player)
                if seed % 4 == 0 and mixed.random() < 0.2:  # some waits and turns too
                    action = mixed.choice(fast.legal_actions(player))
                pair.append(action)
            fast.apply_moment(*pair)
            with monkeypatch.context() as plain_code:
                plain_code.setattr(pirate_game, "_FAST_PATHS", False)
                plain.apply_moment(*pair)
            assert pirate_state(fast) == pirate_state(plain)
        assert plain.is_terminal()


def both_ways(game: PirateGame, moment: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What ``moment`` does to copies of ``game`` with the shortcuts and without them:
    the error's message, or the state after it."""
    answers = []
    for fast_paths in (True, False):
        monkeypatch.setattr(pirate_game, "_FAST_PATHS", fast_paths)
        trial = game.copy()
        try:
            trial.apply_moment(moment)
        except ValueError as error:
            answers.append(str(error))
        else:
            answers.append(repr(pirate_state(trial)))
    return answers


def test_a_refused_moment_is_refused_the_same_way_with_the_shortcuts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = PirateGame(stocks=("AH", "KS"), players=("Ann", "Ben"), complete=False)
    game.apply_moment("TT")
    game.apply_moment("PW")  # Ann has no card left: she may only claim or wait (P9)
    for moment in ("TT", "CT", "TC", "WC", "PP", "PT", "TP", "PW", "WP", "TW"):
        fast, plain = both_ways(game, moment, monkeypatch)
        assert fast == plain, moment


def test_a_refused_play_is_refused_the_same_way_with_the_shortcuts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = PirateGame(stocks=("AH 5C", "KS 2D"), players=("Ann", "Ben"), complete=False)
    game.apply_moments("TT TT")  # 5C and 2D on top of the wastes: neither fits
    for moment in ("PT", "TP", "PW", "WP", "PP", "WW", "TT"):
        fast, plain = both_ways(game, moment, monkeypatch)
        assert fast == plain, moment
        assert moment in ("WW", "TT") or "(P6)" in fast


def test_every_moment_with_a_claim_is_played_or_refused_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Wherever a player is an observer (P9) in games between fast bots, every moment
    # with a claim, allowed or not, does the same with the shortcuts and without.
    claims = [a + b for a in "TPCW" for b in "TPCW" if "C" in a + b]
    tried = played = 0
    for seed in range(300):
        game = PirateGame.from_seed(seed)
        bots = (FastBot(), FastBot())
        while not game.is_terminal():
            if game.is_observer(0) or game.is_observer(1):
                for moment in claims:
                    fast, plain = both_ways(game, moment, monkeypatch)
                    assert fast == plain, (seed, game.moment, moment)
                    tried += 1
                    played += fast.startswith("(")  # a state, not an error
            monkeypatch.setattr(pirate_game, "_FAST_PATHS", True)
            game.apply_moment(quickest(bots[0], game, 0), quickest(bots[1], game, 1))
    assert tried > 10_000 and 0 < played < tried


@pytest.mark.parametrize("moment", ["CW", "CT", "WP"])
def test_a_completed_ship_that_ends_the_game_ends_it_with_the_shortcuts(
    moment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ann has played all her hearts and watches (P9); Ben turned 7H, the last card of
    # the hearts ship, and still holds the Ace that begins his half of the next one.
    # Ann has three ships and one was sunk, so a fourth ends the game (P10).
    game = PirateGame(
        stocks=("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H AH"),
        players=("Ann", "Ben"),
        complete=False,
    )
    game.apply_moments("TT PP " * 6 + "WT")
    game.captured[0].extend(Ship(suit, 1, 0) for suit in "SDC")
    game.sunk.append(Ship("S", 2, 0))
    if moment == "WP":  # Ben plays 7H himself: his fourth ship, not hers
        game.captured[1].extend(game.captured[0])
        game.captured[0].clear()
    fast, plain = both_ways(game, moment, monkeypatch)
    assert fast == plain
    assert "Termination.CAPTURES" in fast


def test_a_dealt_game_is_the_game_of_its_stocks() -> None:
    for seed in range(200):
        dealt = PirateGame.from_seed(seed)
        given = PirateGame((dealt.stock(0), dealt.stock(1)), low=dealt.low)
        assert pirate_state(dealt)[:-2] == pirate_state(given)[:-2]
        assert (dealt.start, dealt._outcome) == (given.start, given._outcome)


def test_the_fast_bot_makes_its_seeded_generator_when_asked() -> None:
    bot = FastBot(seed=5)
    assert bot._rng is None
    assert bot.rng.random() == random.Random(5).random()
    assert bot.rng is bot.rng
    bot.rng = random.Random(1)
    assert bot.rng.getstate() == random.Random(1).getstate()


def frozen_state(game: PirateGame, events_seen: int = 0) -> tuple[object, ...]:
    """The state of `pirate_state`, as a value that later moments do not change: of the
    history its last moment, of the events those after the first ``events_seen`` (the
    logs only grow, and the whole of both is compared at the end of each game)."""
    ships = tuple(
        (ship.suit, ship.number, *map(tuple, ship.halves), tuple(ship.needs), ship.ranks)
        for ship in game._ships
    )
    history, events = game.history, game.events
    return (
        game.moment, len(history), history[-1] if history else None,
        *map(tuple, game._stocks), *map(tuple, game._wastes), tuple(game._fresh),
        *map(tuple, game._held), ships, tuple(map(len, game.captured)), len(game.sunk),
        len(events), tuple(events[index] for index in range(events_seen, len(events))),
        game._outcome,
    )  # fmt: skip


class Watcher(Bot[PirateGame, Action]):
    """Plays as the ``fast`` bot, or now and then (``mixed``) any legal action, and notes
    the state of the game before each choice: every moment, as it chooses every moment.
    Its letters are plain text when ``letters``, as a bot may give them."""

    def __init__(self, seed: int, mixed: bool, letters: bool = False) -> None:
        super().__init__(seed)
        self.mixed, self.letters = mixed, letters
        self.states: list[tuple[object, ...]] = []
        self.events_seen = 0

    def choose(self, game: PirateGame, player: int) -> Action:
        self.states.append(frozen_state(game, self.events_seen))
        self.events_seen = len(game.events)
        action = quickest(self, game, player)
        if self.mixed and self.rng.random() < 0.2:
            action = self.rng.choice(game.legal_actions(player))
        return str(action) if self.letters else action  # type: ignore[return-value]


def loop_both_ways(
    seed: int, make: Callable[[], list[Bot[PirateGame, Action]]], monkeypatch: pytest.MonkeyPatch
) -> list[tuple[PirateGame, list[Bot[PirateGame, Action]]]]:
    """The game of ``seed`` played by the bots ``make()`` gives, through `play_game`'s
    loop with the shortcuts and without them, each with its bots."""
    games = []
    for fast_paths in (True, False):
        monkeypatch.setattr(pirate_game, "_FAST_PATHS", fast_paths)
        bots = make()
        games.append((play_game(bots, seed), bots))
    return games


def test_the_game_loop_plays_every_moment_like_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """About 40 s in the whole suite: every seed's whole game is played twice, by the fast
    loop and by the plain code, with a watcher that compares every state; fewer games would
    leave moments untried."""
    # A fast bot, whose choices the loop writes out, against a watcher that notes every
    # state, in either seat; in some games the watcher also waits, turns or claims when
    # the fast bot would not, in others it gives its choices as letters.
    for seed in SEEDS:
        watcher_seat = seed % 2

        def make(seed: int = seed, seat: int = watcher_seat) -> list[Bot[PirateGame, Action]]:
            bots: list[Bot[PirateGame, Action]] = [FastBot(seed=7), FastBot(seed=8)]
            bots[seat] = Watcher(seed, mixed=seed % 3 > 0, letters=seed % 5 == 0)
            return bots

        (fast, fast_bots), (plain, plain_bots) = loop_both_ways(seed, make, monkeypatch)
        watched = [bots[watcher_seat] for bots in (fast_bots, plain_bots)]
        assert isinstance(watched[0], Watcher) and isinstance(watched[1], Watcher)
        assert watched[0].states == watched[1].states
        assert pirate_state(fast) == pirate_state(plain)
        assert [bot.reason for bot in fast_bots] == [bot.reason for bot in plain_bots]
        assert plain.is_terminal()


def test_games_between_fast_bots_end_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seed in SEEDS:
        (fast, fast_bots), (plain, plain_bots) = loop_both_ways(
            seed, lambda: [FastBot(seed=1), FastBot(seed=2)], monkeypatch
        )
        assert pirate_state(fast) == pirate_state(plain)
        assert [bot.reason for bot in fast_bots] == [bot.reason for bot in plain_bots]
    # A game cut short keeps what the fast bots said last, too.
    for moments in (0, 1, 2, 37):
        said = []
        for fast_paths in (True, False):
            monkeypatch.setattr(pirate_game, "_FAST_PATHS", fast_paths)
            bots = [FastBot(), FastBot()]
            game = play_game(bots, 11, max_moments=moments)
            said.append((game.history, [bot.reason for bot in bots]))
        assert said[0] == said[1]


def test_only_bots_that_choose_with_quickest_have_their_choices_written_out() -> None:
    class Picky(FastBot):
        def choose(self, game: PirateGame, player: int) -> Action:
            return Action.WAIT if game.moment < 3 else quickest(self, game, player)

    game = play_game([Picky(), FastBot()], 4, max_moments=5)
    assert game.history[:3] == ["WT", "WT", "WT"]
    assert game.moment == 5


def test_a_bot_refused_in_the_loop_is_refused_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Cheat(FastBot):
        def choose(self, game: PirateGame, player: int) -> Action:
            if game.waste_top(player) is not None and not game.can_play(player):
                return Action.PLAY  # a card that does not fit
            return quickest(self, game, player)

    errors = []
    for fast_paths in (True, False):
        monkeypatch.setattr(pirate_game, "_FAST_PATHS", fast_paths)
        with pytest.raises(IllegalMoveError) as error:
            play_game([FastBot(), Cheat()], 3)
        errors.append(str(error.value))
    assert errors[0] == errors[1]
    assert "(P6)" in errors[0]


class PlainRandomBot(Bot[MarvinGame, Move]):
    """The ``random`` bot's rule through the game's public properties."""

    def choose(self, game: MarvinGame, player: int) -> Move:
        moves = game.legal_moves
        assert player == game.to_move and moves
        return moves[int(self.rng.random() * len(moves))]


def test_marvin_shortcut_plays_every_move_like_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seed in SEEDS:
        jokers = (2, 1, 0)[seed % 3]  # a joker is a card that does nothing (M15)
        fast = MarvinGame.from_seed(seed, jokers=jokers)
        plain = MarvinGame.from_seed(seed, jokers=jokers)
        # Every fifth game a player who plays by rules of thumb, on purpose, against one
        # who plays at random.
        bots = [RandomBot(seed=seed), make_bot("marvin", "sensible", seed=seed)]
        if seed % 5:
            bots[1] = bots[0]
        while not fast.is_game_over():
            move = bots[fast.to_move].choose(fast, fast.to_move)
            fast.push(move)
            with monkeypatch.context() as plain_code:
                plain_code.setattr(marvin_game, "_FAST_PATHS", False)
                plain.push(move)
            assert fast._state() == plain._state()
            assert fast._rng.getstate() == plain._rng.getstate()
        assert plain.is_game_over() and fast.log == plain.log


def test_marvin_random_games_are_the_same_through_the_public_properties() -> None:
    for seed in SEEDS:
        fast = play_marvin([RandomBot(seed=2 * seed), RandomBot(seed=2 * seed + 1)], seed)
        plain = MarvinGame.from_seed(seed)
        bots = (PlainRandomBot(seed=2 * seed), PlainRandomBot(seed=2 * seed + 1))
        while not plain.is_game_over():
            plain.push(bots[plain.to_move].choose(plain, plain.to_move))
        assert fast._state() == plain._state()


def test_a_fork_plays_like_a_copy() -> None:
    for seed in range(300):
        game = MarvinGame.from_seed(seed)
        bot = RandomBot(seed=seed)
        while not game.is_game_over():
            copy = game.copy()
            fork = game._fork(game._pile[:], random.Random(0))
            copy._rng = random.Random(0)
            move = bot.choose(game, game.to_move)
            for played in (game, copy, fork):
                played.push(move)
            assert fork.legal_moves == copy.legal_moves and fork.phase == copy.phase
            assert [s._state() for s in fork.sides] == [s._state() for s in copy.sides]
            assert (fork.drawn, fork.to_move, fork.turn) == (copy.drawn, copy.to_move, copy.turn)
            assert fork._holder == copy._holder and fork._discard == copy._discard


def test_marvin_turns_read_from_the_log_are_the_turns_played() -> None:
    for seed in range(600):
        game = MarvinGame.from_seed(seed, jokers=(2, 1, 0)[seed % 3])
        bot = RandomBot(seed=seed)
        powers: dict[int, Move] = {}
        choices: dict[int, Move] = {}
        while not game.is_game_over():
            move = bot.choose(game, game.to_move)
            number = game.turn + 1
            if game.phase == "prize":
                if move is not DRAW:
                    powers[number] = move
            else:
                assert game._power == powers.get(number)
                choices[number] = move
            game.push(move)
            if game.turn + 1 == number:  # the turn goes on: its power is known
                assert game._power == powers.get(number)
            elif game.phase != "over":
                assert game._power is None
        turns = game._history
        assert len(turns) == game.turn
        assert {n: t[0] for n, t in enumerate(turns, 1) if t[0]} == powers
        assert all(t[3] is choices.get(n) for n, t in enumerate(turns, 1))
        # The cards drawn are the deck's, then each reshuffled pile's, in order; a
        # reshuffle is recorded with the turn that draws its first card.
        drawn = [t[2] for t in turns]
        order = list(game.deck)
        for number, turn in enumerate(turns, 1):
            if turn[1] is not None:
                assert len(order) == number - 1 and turn[1][0] == turn[2]
                order += turn[1]
        assert drawn == order[: len(drawn)]
        assert sum(t[1] is not None for t in turns) == game.reshuffles


class MarvinWatcher(Bot[MarvinGame, Move]):
    """Plays at random, or now and then (``mixed``) by the rules of thumb, and notes the
    state of the game before each choice; its moves are notation when ``letters``."""

    def __init__(self, seed: int, mixed: bool, letters: bool = False) -> None:
        super().__init__(seed)
        self.mixed, self.letters = mixed, letters
        self.sensible = make_bot("marvin", "sensible", seed=seed)
        self.states: list[tuple[object, ...]] = []

    def choose(self, game: MarvinGame, player: int) -> Move:
        self.states.append((game._state(), game._rng.getstate()))
        moves = game.legal_moves
        move = moves[int(self.rng.random() * len(moves))]
        if self.mixed and self.rng.random() < 0.3:
            move = self.sensible.choose(game, player)
        return str(move) if self.letters else move  # type: ignore[return-value]


def marvin_loop_both_ways(
    seed: int,
    make: Callable[[], list[Bot[MarvinGame, Move]]],
    monkeypatch: pytest.MonkeyPatch,
    **options: int,
) -> list[tuple[MarvinGame, list[Bot[MarvinGame, Move]]]]:
    """The game of ``seed`` played by the bots ``make()`` gives, through `play_game`'s
    loop with the shortcuts and without them, each with its bots."""
    games = []
    for fast_paths in (True, False):
        monkeypatch.setattr(marvin_game, "_FAST_PATHS", fast_paths)
        bots = make()
        games.append((play_marvin(bots, seed, **options), bots))
    return games


def marvin_ends(game: MarvinGame, bots: list[Bot[MarvinGame, Move]]) -> tuple[object, ...]:
    """Everything a game between bots leaves: the game, its generator, the bots' own
    generators and what they said last."""
    return (
        game._state(), game._rng.getstate(), [bot.rng.getstate() for bot in bots],
        [bot.reason for bot in bots],
    )  # fmt: skip


def test_marvin_game_loop_plays_every_move_like_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A random bot, whose choices the loop writes out, against a watcher that notes every
    # state it is shown, in either seat, with 2, 1 or no jokers; in some games the
    # watcher also plays by the rules of thumb, in others it gives its moves as notation.
    for seed in SEEDS:
        seat = seed % 2

        def make(seed: int = seed, seat: int = seat) -> list[Bot[MarvinGame, Move]]:
            bots: list[Bot[MarvinGame, Move]] = [RandomBot(seed=7), RandomBot(seed=8)]
            bots[seat] = MarvinWatcher(seed, mixed=seed % 3 > 0, letters=seed % 5 == 0)
            return bots

        jokers = (2, 1, 0)[seed // 2 % 3]
        both = marvin_loop_both_ways(seed, make, monkeypatch, jokers=jokers)
        (fast, fast_bots), (plain, plain_bots) = both
        watched = [bots[seat] for bots in (fast_bots, plain_bots)]
        assert isinstance(watched[0], MarvinWatcher) and isinstance(watched[1], MarvinWatcher)
        assert watched[0].states == watched[1].states
        assert marvin_ends(fast, fast_bots) == marvin_ends(plain, plain_bots)
        assert plain.is_game_over()


def test_marvin_games_between_random_bots_end_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seed in SEEDS:
        jokers = (2, 1, 0)[seed % 3]
        both = marvin_loop_both_ways(
            seed, lambda: [RandomBot(seed=1), RandomBot(seed=2)], monkeypatch, jokers=jokers
        )
        (fast, fast_bots), (plain, plain_bots) = both
        assert marvin_ends(fast, fast_bots) == marvin_ends(plain, plain_bots)
    # A game cut short keeps what the bots said last, too.
    for turns in (0, 1, 2, 17):
        cut = marvin_loop_both_ways(
            11, lambda: [RandomBot(seed=1), RandomBot(seed=2)], monkeypatch, max_turns=turns
        )
        assert marvin_ends(*cut[0]) == marvin_ends(*cut[1])
        assert cut[0][0].turn in (turns, turns + 1)


def test_only_bots_that_choose_as_the_random_bot_have_their_choices_written_out() -> None:
    class Drawer(RandomBot):
        def choose(self, game: MarvinGame, player: int) -> Move:
            return DRAW if game.phase == "prize" else super().choose(game, player)

    game = play_marvin([Drawer(seed=1), RandomBot(seed=2)], 4)
    powers_used = [turn[0] for turn in game._history[game.first :: 2] if turn[0]]
    assert not powers_used and any(game._history[1 - game.first :: 2][k][0] for k in range(40))


def test_a_bot_refused_in_the_marvin_loop_is_refused_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Cheat(RandomBot):
        def choose(self, game: MarvinGame, player: int) -> Move:
            if game.phase == "card" and game.turn > 20:
                return Move.parse("take cave") if game.legal_moves[0].kind == "target" else "GL"
            return super().choose(game, player)

    errors = []
    for fast_paths in (True, False):
        monkeypatch.setattr(marvin_game, "_FAST_PATHS", fast_paths)
        bots = [RandomBot(seed=5), Cheat(seed=6)]
        with pytest.raises(IllegalMoveError) as error:
            play_marvin(bots, 3)
        # The random bot, whose choices were written out, still says what it chose last.
        errors.append((str(error.value), bots[0].reason, bots[0].rng.getstate()))
    assert errors[0] == errors[1]
    assert "(M" in errors[0][0] and errors[0][1]


def test_a_bot_that_plays_on_the_game_it_was_shown_is_refused_as_in_the_plain_code(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Unrefereed too: its move, already played on the game, is not legal any more."""

    class PlaysOnTheGame(RandomBot):
        def choose(self, game: MarvinGame, player: int) -> Move:
            move = super().choose(game, player)
            if game.turn > 10:
                game.push(move)  # should have been game.copy().push(move)
            return move

    for seed in range(20):
        errors = []
        for fast_paths in (True, False):
            monkeypatch.setattr(marvin_game, "_FAST_PATHS", fast_paths)
            with pytest.raises(IllegalMoveError) as error:
                play_marvin([RandomBot(seed=seed), PlaysOnTheGame(seed=seed + 1)], seed)
            errors.append(str(error.value))
        assert errors[0] == errors[1]


def test_one_random_bot_in_both_seats_says_what_it_chose_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = []
    for fast_paths in (True, False):
        monkeypatch.setattr(marvin_game, "_FAST_PATHS", fast_paths)
        reasons = []
        for seed in range(200):
            bot = RandomBot(seed=seed)
            play_marvin([bot, bot], seed, max_turns=seed % 30)
            reasons.append(bot.reason)
        said.append(reasons)
    assert said[0] == said[1]
