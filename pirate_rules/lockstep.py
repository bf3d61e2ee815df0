"""Games against hosted bots, played in lockstep: a batch of games moves together, so that
one message to a bot's host carries a choice for every game that waits on it.

The referee holds every true game. Your own bots play in hosts (:mod:`pirate_rules.host`),
each on its own view of each game; the engine's own bots play here, on the true game,
as in :mod:`pirate_rules.referee`. Each round, every game is played on with the engine's
bots until it waits on a hosted bot; then each host is sent, for every game waiting on
it, only what changed since its bot's last choice there (the moves, and the cards they
revealed); the answers come back in the records' notation, and each is checked against
the true game.

In *Marvin's Pirates Go!* both players see every card drawn and every move, so when
both seats are the same bot of yours, one host plays both seats, on one view of each
game (see :class:`Hosts`): each seat still has its own instance of the bot, made with
its own seed, and is asked only at its own turns, with its own seat. Every move of such
a game is that host's own answer, so it is sent the cards drawn alone, and its view
plays the answer it gave.

The fault rules are those of :func:`pirate_rules.simulate.in_seed_order`: the games
before the first fault (in seed order) are kept, every one of them finished, and nothing
after it is. A host that fails (it was late, or ended) is blamed for the game it was
answering; the games before it that it was still playing are played again from their
start in a new host.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from typing import Any, Final

from pirate_rules import process
from pirate_rules.errors import BotError, IllegalMoveError, PirateRulesError
from pirate_rules.host import (
    COLLECTOR,
    BotHost,
    HostFault,
    fault_words,
    hosted_seed,
    new_key,
    settle,
    view_seed,
)
from pirate_rules.marvin.display import EV_CARD
from pirate_rules.marvin.moves import CARD
from pirate_rules.marvin.view import CARDS, Draws, move_of
from pirate_rules.referee import (
    MAX_TURNS,
    Seat,
    choose_action,
    choose_move,
    load_bot,
    push_move,
    seat_bot,
    shown,
)
from pirate_rules.summary import GameResult, result_of

__all__ = ["Asked", "Hosts", "play_lockstep"]

BATCH_LIMIT: Final = 200
"""The most games played in lockstep at once."""


TEXTS: Final = {card: text for text, card in CARDS.items()}
"""Each card's notation, by card (cards are shared instances)."""

_CHOOSE_AT: dict[str, str] = {}
"""Where each hosted bot's ``choose`` is defined (its host says), for messages."""


class Hosts:
    """The hosts of a run's hosted bots, one per seat, started when first needed and
    started again after a fault.

    In Marvin, where both players know the same things, a bot of yours in both seats
    has one host for both (:attr:`shared`): the host makes an instance of the bot for
    each seat of each game, with that seat's own seed, and one view of the game for
    both; each instance is asked only at its own seat's turns. It halves the hosts'
    work. The two instances then share a process (as the games of a batch do): what
    one keeps outside itself, the other can read, and a view that one spoils is the
    other's too; a fault of the process names the seat whose choice it was making.

    Args:
        game: ``"marvin"`` or ``"pirate"``.
        bots: The two bots' names.
        hosted: For each seat, whether its bot plays in a host.
        move_time: The time limit of a move.
    """

    def __init__(
        self,
        game: str,
        bots: Sequence[str],
        hosted: Sequence[bool],
        move_time: float | None,
        shipped: Any = (),
    ) -> None:
        self.shipped = shipped
        self.game = game
        self.bots = tuple(bots)
        self.hosted = tuple(hosted)
        self.move_time = move_time
        self.shared = game == "marvin" and self.hosted == (True, True) and bots[0] == bots[1]
        """Whether one host plays both seats (Marvin, the same bot of yours in both)."""
        self._hosts: list[BotHost | None] = [None, None]
        self.asked = 0
        """The seat whose choice a shared host made last (for a fault between choices)."""
        self.ended = ""
        """Why these hosts were ended from outside (:meth:`end`), if they were."""

    def host(self, seat: int) -> BotHost:
        """The live host of ``seat``'s bot (a new one if the last failed).

        Raises:
            BotError: if its bot cannot be loaded, or these hosts were ended (:meth:`end`).
        """
        slot = 0 if self.shared else seat
        host = self._hosts[slot]
        if host is None or host.child.fault is not None or host.child.returncode is not None:
            if host is not None:
                code = host.child.returncode or 0  # before close, which kills it
                host.close()
                if not host.told and not self.ended:
                    # it ended after its last answer (its bot signalled the referee late,
                    # or ended its process): told now, never started again unsaid
                    host.told = True
                    fault = host.child.fault or (
                        process.Fault("signal", signal=-code)
                        if code < 0
                        else process.Fault("exit", status=code)
                    )
                    problem = fault_words(fault, "its last move", self.move_time)
                    blamed = self.asked if self.shared else seat
                    raise BotError(problem, bot=self.bots[blamed], seat=blamed)
            try:
                self._refuse_if_ended(seat)
                source = next((item for item in self.shipped if item[0] == self.bots[seat]), None)
                host = BotHost(self.game, self.bots[seat], self.move_time, source)
                self._hosts[slot] = host
                self._refuse_if_ended(seat)  # ended while it started
            except BotError as exc:
                raise exc.placed(seat=seat) from None
            _CHOOSE_AT[self.bots[seat]] = host.choose_at
        return host

    def _refuse_if_ended(self, seat: int) -> None:
        if self.ended:
            self.close()
            raise BotError(f"was stopped: {self.ended}", bot=self.bots[seat])

    def end(self, why: str) -> None:
        """End every host now, from any thread (the games waiting on one stop with a
        fault), and start no other: for a run that was stopped from outside."""
        self.ended = why
        for host in list(self._hosts):
            if host is not None:
                host.child.end(why)

    def close(self) -> None:
        for host in self._hosts:
            if host is not None:
                host.close()
        self._hosts = [None, None]

    def __enter__(self) -> Hosts:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _Play:
    """One game of the batch: the true game, its seats, and what each hosted bot has been told."""

    __slots__ = (
        "cards",
        "done",
        "engine",
        "game",
        "hosted",
        "news",
        "pending",
        "seats",
        "seed",
        "told",
    )  # fmt: skip

    def __init__(self, seed: int, game: Any, seats: list[Seat | None]) -> None:
        self.seed = seed
        self.game = game
        self.seats = seats  # the engine's bots; None for a hosted seat
        self.hosted = [seat for seat in (0, 1) if seats[seat] is None]
        self.engine = len(self.hosted) < 2  # whether an engine's bot plays here
        self.cards: list[str] = []  # Marvin: the cards drawn before the first choice
        # what happened, as both players saw it: Marvin's moves (the cards they drew
        # are read from the game's log), Pirate's moments; and, per seat, how much its
        # bot has been told: the moves, the log's events, and whether the card drawn
        # last, still awaiting its choice, was told
        self.news: list[str] = []
        self.told: list[tuple[int, int, bool]] = [(0, 0, False), (0, 0, False)]
        self.done = False
        self.pending: list[Any] = [None, None]  # Pirate: the hosted bots' answers this moment

    def dealt(self) -> None:
        """Marvin: note the cards drawn before the first choice (told at the start)."""
        game = self.game
        self.cards = [TEXTS[card] for card in Draws().since(game)]
        waiting = game._phase == CARD
        self.told = [(0, len(game._events), waiting), (0, len(game._events), waiting)]


def play_lockstep(
    task: Any,
    seeds: Sequence[int],
    hosts: Hosts,
    *,
    finish: Callable[[Any, int], GameResult] | None = None,
) -> tuple[list[GameResult], BotError | None]:
    """Play the games of ``seeds`` in lockstep; return the games before the first fault
    (in seed order, every one finished) and that fault, or None.

    ``task`` is a :class:`~pirate_rules.simulate.Task` (its ``key`` seeds the hosted
    bots, see :func:`~pirate_rules.host.hosted_seed`).
    """
    finish = finish or (
        lambda game, seed: result_of(task.game, game, seed, with_record=bool(task.records))
    )
    before = gc.get_threshold()
    gc.set_threshold(*COLLECTOR)
    try:
        return _play_lockstep(task, seeds, hosts, finish)
    finally:
        gc.set_threshold(*before)


def _play_lockstep(
    task: Any, seeds: Sequence[int], hosts: Hosts, finish: Callable[[Any, int], GameResult]
) -> tuple[list[GameResult], BotError | None]:
    results: dict[int, GameResult] = {}
    fault: BotError | None = None
    redo: list[int] = []
    for start in range(0, len(seeds), BATCH_LIMIT):
        part = list(seeds[start : start + BATCH_LIMIT])
        got, fault, again = _batch(task, part, hosts, finish)
        results.update(got)
        redo += again
        if fault is not None:
            break
    if redo:
        redo = [seed for seed in redo if fault is None or seed < (fault.seed or 0)]
        more, second = _play_lockstep(task, redo, hosts, finish)
        for result in more:
            results[result.seed] = result
        if second is not None and (fault is None or (second.seed or 0) < (fault.seed or 0)):
            fault = second
    kept = sorted(
        (result for seed, result in results.items() if fault is None or seed < (fault.seed or 0)),
        key=lambda result: result.seed,
    )
    return kept, fault


def _batch(
    task: Any, seeds: list[int], hosts: Hosts, finish: Callable[[Any, int], GameResult]
) -> tuple[dict[int, GameResult], BotError | None, list[int]]:
    marvin = task.game == "marvin"
    faults: dict[int, BotError] = {}
    results: dict[int, GameResult] = {}
    redo: list[int] = []
    plays: list[_Play] = []
    dead = [False, False]
    # this batch's hosts: one that fails stays failed for the rest of the batch
    live = [hosts.host(seat) if hosts.hosted[seat] else None for seat in (0, 1)]
    for seed in seeds:
        try:
            plays.append(_deal(task, seed, hosts, marvin))
        except BotError as exc:
            faults[seed] = exc
            break
    # the hosts make their bots and views (a shared host: both seats', one view a game)
    shared = hosts.shared
    for seat in (0, 1):
        host = live[seat]
        if host is None or (shared and seat == 1):
            continue
        seats = (0, 1) if shared else (seat,)
        entries = [
            _start_entry(task, play, each, marvin, shared) for play in plays for each in seats
        ]
        try:
            made = host.start(entries)
        except HostFault as exc:
            made = [None] * exc.answered
            at, blamed = divmod(exc.answered, len(seats))
            _host_failed(
                task, seats[blamed], plays[at:], exc, faults, redo, dead, "before the game"
            )
            if shared:
                dead[:] = [True, True]
        for number, error in enumerate(made):
            if error is not None:
                play = plays[number // len(seats)]
                faults.setdefault(
                    play.seed,
                    _error(task, seats[number % len(seats)], play, error, when="before the game"),
                )
    limit = MAX_TURNS if marvin else _max_moments()

    def first_fault() -> int:
        return min(faults) if faults else 1 << 62

    def finished(play: _Play) -> None:
        play.done = True
        results[play.seed] = finish(play.game, play.seed)

    while True:
        cutoff = first_fault()
        active = [
            p
            for p in plays
            if not p.done and p.seed < cutoff and p.seed not in faults and p.seed not in redo
        ]
        if not active:
            break
        waiting: list[list[_Play]] = [[], []]
        if marvin:
            for play in active:
                if play.engine:
                    _advance_marvin(play, faults, limit)
                    if play.seed in faults:
                        continue
                game = play.game
                if game._phase == "over" or game._turn >= limit:
                    finished(play)
                    continue
                waiting[0 if shared else game._to_move].append(play)  # shared: one list
        else:
            for play in active:
                game = play.game
                if game._outcome is not None or game.moment >= limit:
                    finished(play)
                    continue
                for seat in (0, 1):
                    if play.seats[seat] is None:
                        waiting[seat].append(play)
        _ask_hosts(task, hosts, live, waiting, faults, redo, dead, marvin)
        if not marvin:
            for play in active:
                if play.seed not in faults and play.seed not in redo and not play.done:
                    _moment(task, play, faults)
    settle()  # a signal a bot sent after its last answer ends its host now, not later
    for seat, host in enumerate(live):
        if host is None or (shared and seat == 1):
            continue
        if host.child.fault is None:
            host.end([play.seed for play in plays])
        elif not dead[seat] and plays and not hosts.ended:
            # ended after its last answer (a signal its bot sent late), unseen so far:
            # its fault is told, never lost to the next batch's new host
            last = max(plays, key=lambda play: play.seed)
            problem = fault_words(host.child.fault, "choose()", task.move_time)
            blamed = hosts.asked if shared else seat
            faults.setdefault(
                last.seed, _error(task, blamed, last, {"problem": problem}, when="after the game")
            )
            host.told = True
    fault = faults[min(faults)] if faults else None
    return results, fault, [seed for seed in redo if fault is None or seed < (fault.seed or 0)]


def _max_moments() -> int:
    from pirate_rules.pirate.bots import MAX_MOMENTS

    return MAX_MOMENTS


def _deal(task: Any, seed: int, hosts: Hosts, marvin: bool) -> _Play:
    if marvin:
        from pirate_rules.marvin import MarvinGame

        game: Any = MarvinGame.from_seed(seed, players=task.players)
    else:
        from pirate_rules.pirate import PirateGame

        game = PirateGame.from_seed(seed, players=task.players)
    seats: list[Seat | None] = [None, None]
    for seat in (0, 1):
        if not hosts.hosted[seat]:
            cls = load_bot(task.game, task.bots[seat], seat)
            seats[seat] = seat_bot(task.bots[seat], cls, seat, seed, move_time=task.move_time)
    play = _Play(seed, game, seats)
    if marvin:
        play.dealt()
    return play


def _news(play: _Play, slot: int, marvin: bool, own: bool = False) -> Any:
    """What the host's view of ``play`` has not been told yet (then it has): Marvin's
    moves, in one text with commas, and the cards they drew, in one text; Pirate's
    moments. ``slot`` is the bot's seat, or 0 for a view that both seats share; with
    ``own`` (a host that plays both seats), the cards alone: every move since was that
    host's own answer, which its view plays itself."""
    news = play.news
    moves, events, waited = play.told[slot]
    if not marvin:
        play.told[slot] = (len(news), 0, False)
        return news[moves:]
    # the cards drawn since: each turn's card event, and the card awaiting its choice
    game = play.game
    log = game._events
    cards = "".join([TEXTS[event[3]] for event in log[events:] if event[0] == EV_CARD])
    waiting = game._phase == CARD
    if cards or not waited:  # else the card told last still awaits its choice
        if waited:
            cards = cards[2:]  # that card was told already, as awaiting its choice
        if waiting:
            cards += TEXTS[game._drawn]
    play.told[slot] = (len(news), len(log), waiting)
    return cards if own else [",".join(news[moves:]), cards]


def _start_entry(
    task: Any, play: _Play, seat: int, marvin: bool, shared: bool = False
) -> dict[str, Any]:
    """What a host needs to make the bot of ``seat`` and its view of ``play``; with
    ``shared``, seat 1's instance plays on the view just made for seat 0's."""
    game = play.game
    if marvin:
        know: dict[str, Any] = {
            "first": game.first,
            "players": list(game.players),
            "jokers": game.jokers,
            "drawn": play.cards[:],
        }
    else:
        know = {
            "low": game.low,
            "players": list(game.players),
            "cuts": [[str(a), str(b)] for a, b in game.cuts],
        }
    return {
        "id": play.seed,
        "seat": seat,
        "seed": hosted_seed(task.key, play.seed, seat),
        "view_seed": view_seed(task.key, play.seed, None if shared else seat),
        "know": know,
        "same_view": shared and seat == 1,
    }


def _advance_marvin(play: _Play, faults: dict[int, BotError], limit: int) -> None:
    """Play the engine's bots' moves until a hosted bot is to move, or the end."""
    game = play.game
    while game._phase != "over" and game._turn < limit:
        seat = play.seats[game._to_move]
        if seat is None:
            return
        try:
            move = choose_move(seat, game, play.seed)
            push_move(seat, game, move, play.seed)
        except BotError as exc:
            faults[play.seed] = exc
            return
        _moved(play, str(move))


def _ask_hosts(
    task: Any,
    hosts: Hosts,
    live: list[BotHost | None],
    waiting: list[list[_Play]],
    faults: dict[int, BotError],
    redo: list[int],
    dead: list[bool],
    marvin: bool,
) -> None:
    """Ask each host for a choice in every game waiting on it; a host that plays both
    seats (:attr:`Hosts.shared`) is asked for both in one message, seat 0's games first,
    each seat's in seed order."""
    shared = hosts.shared
    if shared:  # Marvin: each game waits on the seat to move, seat 0's first
        # (the host sends its answers when the seat changes, so that the first game
        # left unanswered by a host that fails is one of the seat whose choice failed)
        by_seat: list[list[_Play]] = [[], []]
        for play in waiting[0]:
            by_seat[play.game._to_move].append(play)
        plays = by_seat[0] + by_seat[1]
        groups = [(0, plays, [0] * len(by_seat[0]) + [1] * len(by_seat[1]))]
    else:
        groups = [(seat, waiting[seat], [seat] * len(waiting[seat])) for seat in (0, 1)]
    sent: list[tuple[int, list[_Play], list[int]]] = []
    for seat, plays, seats in groups:
        if not plays:
            continue
        if dead[seat] and not hosts.ended:
            # its host failed earlier in this batch, and that game was blamed: these
            # games did nothing wrong, and are played again from their start
            redo += [play.seed for play in plays]
            continue
        host = live[seat]
        assert host is not None
        # A shared host has one view a game, and is told the cards alone (the moves were its own).
        asks = [
            (play.seed, _news(play, 0 if shared else each, marvin, own=shared), each)
            for play, each in zip(plays, seats, strict=True)
        ]
        try:
            host.send_choices(asks)
            sent.append((seat, plays, seats))
        except HostFault as exc:
            _host_failed(task, seats[0], plays, exc, faults, redo, dead, None)
            if shared:
                dead[:] = [True, True]
    for seat, plays, seats in sent:
        host = live[seat]
        assert host is not None
        try:
            answers = host.choices(len(plays))
        except HostFault as exc:
            answers = []
            if exc.answered < len(plays):
                hosts.asked = seats[exc.answered]
            _host_failed(
                task, hosts.asked if shared else seat, plays[exc.answered :], exc,
                faults, redo, dead, None,
            )  # fmt: skip
            if shared:
                dead[:] = [True, True]
        for play, each, answer in zip(plays, seats, answers, strict=False):
            if play.seed in faults:
                continue
            if isinstance(answer, dict):
                faults[play.seed] = _error(task, each, play, answer)
            elif marvin:
                _hosted_move(task, each, play, answer, faults, told=not shared)
            else:
                play.pending[each] = answer
        if answers:
            hosts.asked = seats[len(answers) - 1]


def _host_failed(
    task: Any,
    seat: int,
    plays: list[_Play],
    exc: HostFault,
    faults: dict[int, BotError],
    redo: list[int],
    dead: list[bool],
    when: str | None,
) -> None:
    """A host failed while ``plays`` waited on it: the first is its fault, the others
    are played again in a new host (those before the first fault, in the end)."""
    dead[seat] = True
    if plays:
        first = plays[0]
        what = "choose()" if when is None else "the bot's start"
        problem = fault_words(exc.fault, what, task.move_time)
        faults.setdefault(first.seed, _error(task, seat, first, {"problem": problem}, when=when))
    for play in plays[1:]:
        redo.append(play.seed)


def _error(
    task: Any, seat: int, play: _Play, fields: dict[str, Any], when: str | None = None
) -> BotError:
    game = play.game
    if when is None:
        when = f"turn {game._turn + 1}" if task.game == "marvin" else f"moment {game.moment + 1}"
    known = {
        key: fields[key] for key in ("problem", "location", "rule", "details") if fields.get(key)
    }
    if "location" not in known and _CHOOSE_AT.get(task.bots[seat]):
        known["location"] = _CHOOSE_AT[task.bots[seat]]
    return BotError(
        **known,
        bot=_name(task.bots[seat]),
        seat=seat,
        seed=play.seed,
        when=fields.get("when") or when,
    )


def _name(bot: Any) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def _hosted_move(
    task: Any, seat: int, play: _Play, text: Any, faults: dict[int, BotError], told: bool = True
) -> None:
    """Play a hosted bot's answer ``text`` on the true game, or note why it is refused
    (the game is then left as it was); with ``told``, the hosts are to be told it (a
    host that plays both seats knows its own moves)."""
    game = play.game
    if not isinstance(text, str):
        faults[play.seed] = _error(
            task, seat, play, {"problem": f"choose() returned {shown(text)}, which is not a move"}
        )
        return
    try:
        game.push(move_of(text))
    except IllegalMoveError as exc:
        problem = f"choose() returned {shown(text)}, an illegal move: {exc.reason}"
        faults[play.seed] = _error(task, seat, play, {"problem": problem, "rule": exc.rule})
        return
    except (PirateRulesError, TypeError, ValueError) as exc:
        problem = f"choose() returned {shown(text)}, which is not a move ({exc})"
        faults[play.seed] = _error(task, seat, play, {"problem": problem})
        return
    if told:
        play.news.append(text)


def _moved(play: _Play, text: str) -> None:
    """After a Marvin move: the hosted bots are to be told it (and the cards it drew,
    which :func:`_news` reads from the game's log)."""
    play.news.append(text)


_ACTIONS: dict[str, Any] = {}


def _moment(task: Any, play: _Play, faults: dict[int, BotError]) -> None:
    """Play one Pirate moment: the engine's bots choose here, the hosted ones have."""
    from pirate_rules.pirate.actions import Action
    from pirate_rules.pirate.view import seen, turning

    if not _ACTIONS:
        _ACTIONS.update({action.value: action for action in Action})
    game = play.game
    actions: list[Any] = [None, None]
    pending = play.pending
    for seat in (0, 1):
        engine = play.seats[seat]
        if engine is not None:
            try:
                actions[seat] = choose_action(engine, game, play.seed)
            except BotError as exc:
                faults[play.seed] = exc
                return
        else:
            text = pending[seat]
            pending[seat] = None
            action = _ACTIONS.get(text) if isinstance(text, str) else None
            if action is None:
                problem = f"choose() returned {shown(text)}, which is not an action (T, P, C or W)"
                faults[play.seed] = _error(task, seat, play, {"problem": problem})
                return
            actions[seat] = action
    letters = actions[0].value + actions[1].value
    before = turning(game, letters)
    try:
        game.apply_moment(actions[0], actions[1])
    except PirateRulesError:
        for seat in (0, 1):
            try:
                game.check_action(seat, actions[seat])
            except (PirateRulesError, TypeError) as why:
                engine = play.seats[seat]
                if engine is not None:
                    from pirate_rules.referee import _refused

                    faults[play.seed] = _refused(
                        engine, game, play.seed, actions[seat], "action", why
                    )
                else:
                    reason = getattr(why, "reason", str(why))
                    what = shown(actions[seat].value)
                    problem = f"choose() returned {what}, an illegal action: {reason}"
                    faults[play.seed] = _error(
                        task, seat, play, {"problem": problem, "rule": getattr(why, "rule", None)}
                    )
                return
        raise
    play.news.append(seen(game, letters, before))


class _OneGame:
    """What :class:`Asked` shares with a run's task: the game, the bots, the key."""

    def __init__(self, game: str, bot: str, key: str, move_time: float | None) -> None:
        self.game = game
        self.bots = (bot, bot)
        self.key = key
        self.move_time = move_time


class Asked:
    """Your own bot in one game played here, in a host of its own, asked move by move
    (``pirate-rules play``, where a person plays the other seat).

    The true game stays in this process; the host plays on its view of it, told only
    what changed since the bot's last choice, as in :func:`play_lockstep`. Each answer
    is checked and played here on the true game. A fault is a :class:`BotError` that
    names the bot, the game and the move; the game as played so far is kept.

    Args:
        game: The true game, just dealt (a Marvin or a Pirate game).
        name: The game's name: ``"marvin"`` or ``"pirate"``.
        bot: Your bot as the command line names it (``my_bot.py:Mine``).
        seat: The bot's seat.
        seed: The seed the game was dealt from.
        move_time: The time limit of a move, in seconds (None: no limit).

    Raises:
        BotError: the bot cannot be loaded or created (its host says why).
        UnknownBotError: there is no such bot.
    """

    def __init__(
        self, game: Any, name: str, bot: str, seat: int, seed: int, move_time: float | None
    ) -> None:
        self.task = _OneGame(name, bot, new_key(), move_time)
        self.seat = seat
        self.marvin = name == "marvin"
        self.play = _Play(seed, game, [None, None])
        self.play.hosted = [seat]
        if self.marvin:
            self.play.dealt()
        self.hosts = Hosts(name, self.task.bots, (seat == 0, seat == 1), move_time)
        self.host = self.hosts.host(seat)
        try:
            made = self.host.start([_start_entry(self.task, self.play, seat, self.marvin)])
        except HostFault as exc:
            self.close()
            raise self._failed(exc, "the bot's start", "before the game") from None
        if made[0] is not None:
            self.close()
            raise _error(self.task, seat, self.play, made[0], when="before the game")

    def _failed(self, exc: HostFault, what: str = "choose()", when: str | None = None) -> BotError:
        problem = fault_words(exc.fault, what, self.task.move_time)
        return _error(self.task, self.seat, self.play, {"problem": problem}, when=when)

    def _ask(self) -> tuple[Any, str]:
        """Tell the host what changed, and ask for the bot's choice and its reason."""
        play, seat = self.play, self.seat
        try:
            news = _news(play, seat, self.marvin)
            self.host.send_choices([(play.seed, news, seat)], reasons=True)
            answer = self.host.choices(1)[0]
        except HostFault as exc:
            raise self._failed(exc) from None
        if isinstance(answer, dict):
            raise _error(self.task, seat, play, answer)
        if not (isinstance(answer, list) and len(answer) == 2 and isinstance(answer[1], str)):
            self.host.kill("it sent what is not an answer")
            problem = f"its process sent {shown(answer)}, which is not an answer"
            raise _error(self.task, seat, play, {"problem": problem})
        return answer[0], answer[1]

    def move(self) -> tuple[Any, str]:
        """Marvin: the bot's move and its reason, once the move is played on the game.

        Raises:
            BotError: the bot failed, or its move was malformed or illegal.
        """
        text, reason = self._ask()
        faults: dict[int, BotError] = {}
        _hosted_move(self.task, self.seat, self.play, text, faults)
        if faults:
            raise faults[self.play.seed]
        return move_of(text), reason

    def moved(self, move: Any) -> None:
        """Marvin: the other player's move was just played on the game."""
        _moved(self.play, str(move))

    def action(self) -> str:
        """Pirate: the bot's action this moment, as a letter (checked by :meth:`moment`)."""
        text, _ = self._ask()
        return text  # type: ignore[no-any-return]

    def moment(self, letter: str, action: str) -> None:
        """Pirate: play the moment of the other player's ``letter`` (checked already) and
        the bot's ``action``.

        Raises:
            BotError: the bot's action was malformed or illegal.
        """
        pending = self.play.pending
        pending[self.seat], pending[1 - self.seat] = action, letter
        faults: dict[int, BotError] = {}
        _moment(self.task, self.play, faults)
        if faults:
            raise faults[self.play.seed]

    def close(self) -> None:
        """End the host and everything it started."""
        self.hosts.close()
