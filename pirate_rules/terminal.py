"""Play either game against a bot in a terminal (``pirate-rules play marvin|pirate``).

Marvin's Pirates Go! is turn based: the table is drawn, your legal moves are listed
with numbers, and you answer with a number or the move's notation. Pirate runs in
moments (P4); a terminal cannot react in real time, so each moment waits for your
letter: ``T`` turn, ``P`` play, ``C`` claim, ``W`` wait (Enter turns). The bot picks
its action from the same moment, so the moment is still applied to both at once. So
that a game is not hundreds of prompts, ``a`` (or ``--auto``) turns for you whenever
nothing of yours fits, and ``f`` plays on for you until the next ship is captured or
sunk (``f 20``: twenty moments). ``?`` shows the help in either game.

Typing ``q`` or ending the input stops the game. With ``--record`` the record is saved
whatever happens, finished or not: at the end, on ``q``, on Ctrl-C, when the terminal
closes, and when the bot fails; nothing is lost. The path is checked before the game.
A record replaces only a file (with ``--force``): it is written next to it and renamed,
so that no half record is ever left, or written straight into a device or a named pipe;
a symbolic link keeps pointing at the record. New files get the user's umask.

The bot is refereed as in ``simulate``. Your own bot (a file, or a module outside the
engine) plays in a process of its own, on the game as its player knows it, asked move by
move (`pirate_rules.lockstep.Asked`); the true game stays here and each move is checked on
it. With ``--in-process``, or for the engine's own bots, it plays in this process, watched
(`pirate_rules.referee`). Either way its time per move is bounded (``move_time``), a fault
is told in one line naming the bot, and whatever it prints goes to standard error, not
among the game's own lines.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from pirate_rules.bots import bot_names, describe_exception, fault_location
from pirate_rules.errors import PirateRulesError, one_line
from pirate_rules.referee import (
    Seat,
    bot_label,
    bot_output_to_stderr,
    choose_action,
    choose_move,
    load_bot,
    play_moment,
    push_move,
    seat_bot,
)

__all__ = ["check_record_path", "default_bot", "play"]

HUMAN = 0
BOT = 1
QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"?", "h", "help"})


class _Quit(Exception):
    """The player asked to stop, or the input ended."""


class _HangUp(BaseException):
    """The terminal closed, or the process was asked to stop (SIGHUP, SIGTERM)."""


class _PipeReader:
    """Reads answers from a pipe or a file, waking up often enough to act on signals.

    ``input()`` blocks in one system call: Ctrl-C (or the terminal closing) just before
    that call would wait for the next line. This reader waits in short slices instead,
    so the record is saved at once whenever the signal comes.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""

    def __call__(self, prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    if not self.pending:
                        raise EOFError
                    break
                self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode("utf-8", errors="replace").rstrip("\r")


def _default_reader() -> Callable[[str], str]:
    """``input()`` on a terminal (with line editing), a :class:`_PipeReader` otherwise."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return input
    if os.name != "posix" or sys.stdin.isatty():
        return input
    return _PipeReader(fd)


class _Console:
    """Reads answers and writes lines; both streams can be replaced for tests."""

    def __init__(self, read: Callable[[str], str], out: TextIO) -> None:
        self._read = read
        self.out = out

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        try:
            answer = self._read(prompt).strip()
        except EOFError:
            self.say()
            raise _Quit from None
        if answer.lower() in QUIT:
            raise _Quit
        return answer


def default_bot(game: str) -> str:
    """The opponent when none is chosen: a gentle but sensible one."""
    names = bot_names(game)
    preferred = "slow" if game == "pirate" else names[min(1, len(names) - 1)]
    return preferred if preferred in names else names[0]


def check_record_path(record: str, *, force: bool = False) -> Path:
    """Check, before a game starts, that its record can be saved at ``record``.

    A device or a named pipe is written straight into; a symbolic link is followed (the
    record is saved where it points, and the link stays).

    Raises:
        ValueError: saying why not: standard output (which shows the game), a folder, a
            missing folder, a file already there (unless ``force``), a folder that
            cannot be written, or a name the system refuses (such as one too long).
    """
    if record == "-":
        raise ValueError("standard output shows the game: give a file name such as game.json")
    path = Path(record)
    shown = one_line(record, 200)
    try:
        kind = _kind(path)
        if kind == "folder":
            raise ValueError(f"{shown} is a folder; give a file name such as game.json")
        if kind in ("device", "pipe"):
            return path
        if kind == "other":
            raise ValueError(f"{shown} is neither a file, a device nor a named pipe")
        target = Path(os.path.realpath(path))
        folder = target.parent
        if not folder.is_dir():
            raise ValueError(f"there is no folder {one_line(str(folder), 200)!r} to save it in")
        if kind == "file" and not force:
            raise ValueError(f"{shown} already exists (add --force to replace it)")
        if not os.access(folder, os.W_OK):
            raise ValueError(f"cannot write in the folder {one_line(str(folder), 200)!r}")
        if kind is None:
            _fits(target)
    except OSError as exc:
        raise ValueError(f"cannot save {shown!r}: {exc.strerror or exc}") from None
    return path


def _fits(path: Path) -> None:
    """Raise the system's own error if no file could ever be named ``path`` (a name too
    long): asked of the system, without creating anything."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return


def _kind(path: Path) -> str | None:
    """What is at ``path`` (links followed): file, folder, device, pipe, other or None."""
    import stat as stat_module

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return None
    if stat_module.S_ISREG(mode):
        return "file"
    if stat_module.S_ISDIR(mode):
        return "folder"
    if stat_module.S_ISCHR(mode):
        return "device"
    if stat_module.S_ISFIFO(mode):
        return "pipe"
    return "other"


def play(
    game: str,
    *,
    bot: str | None = None,
    seed: int | None = None,
    name: str = "Player",
    record: str | None = None,
    auto: bool = False,
    read: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    move_time: float | None = None,
    in_process: bool = False,
) -> int:
    """Play ``game`` against ``bot`` in the terminal; returns the exit status.

    0 when the game ends or you stop it, 130 after Ctrl-C, 129 when the terminal closes;
    the record (with ``record``) is saved in every case, a bot's fault included.
    ``move_time`` bounds your own bot's time per move, in seconds. Your own bot (a file,
    or a module outside the engine) plays in a process of its own, on the game as its
    player knows it, asked move by move (:class:`~pirate_rules.lockstep.Asked`); with
    ``in_process`` it plays in this one, watched, as with ``simulate --in-process``.

    Raises:
        BotError: if the bot fails (after the record is saved).
        UnknownBotError: if there is no such bot.
    """
    bot = bot or default_bot(game)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    console = _Console(read or _default_reader(), out or sys.stdout)
    label = bot_label(bot)
    bot_player = f"{label} bot" if name != f"{label} bot" else f"{label} bot 2"
    players = (name, bot_player)
    state: Any
    if game == "marvin":
        from pirate_rules.marvin import MarvinGame

        state = MarvinGame.from_seed(seed, players=players)
    else:
        from pirate_rules.pirate import PirateGame

        state = PirateGame.from_seed(seed, players=players)
    opponent = _opponent(game, bot, state, seed, move_time, in_process)
    status = 0
    ending = ""
    global _CHECKPOINT
    if record and not opponent.trusted:  # a bot of yours may end this process (os.abort)
        _CHECKPOINT = lambda: _save(state, game, record)  # noqa: E731
    try:
        console.say(f"Seed {seed}: the same seed deals the same cards again.")
        console.say("Type ? for help, q to stop.")
        with _hang_ups():
            if game == "marvin":
                _play_marvin(state, opponent, console, seed)
            else:
                _Pirate(state, opponent, console, seed, auto).run()
    except _Quit:
        ending = "Stopped; the game is unfinished."
    except KeyboardInterrupt:
        status, ending = 130, "Interrupted."
    except _HangUp:
        status, ending = 129, "The terminal closed."
    finally:
        _CHECKPOINT = None
        opponent.close()
        with contextlib.suppress(OSError, ValueError):
            if ending:
                console.say(ending)
        saved = _save(state, game, record) if record else None
        with contextlib.suppress(OSError, ValueError):
            if saved:
                console.say(f"Record saved to {saved}.")
    return status


_CHECKPOINT: Callable[[], object] | None = None
"""Saves the record so far, before each choice of your own bot: one that ends this
process (``os.abort``) cannot take the game played so far with it."""


def _checkpoint() -> None:
    if _CHECKPOINT is not None:
        with contextlib.suppress(PirateRulesError, OSError):
            _CHECKPOINT()


@contextlib.contextmanager
def _hang_ups() -> Iterator[None]:
    """Turn SIGHUP and SIGTERM into :class:`_HangUp`, so that the record is saved."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def hang_up(_signal: int, _frame: object) -> None:
        raise _HangUp

    kinds = [getattr(signal, kind) for kind in ("SIGHUP", "SIGTERM") if hasattr(signal, kind)]
    before = {kind: signal.signal(kind, hang_up) for kind in kinds}
    try:
        yield
    finally:
        for kind, handler in before.items():
            signal.signal(kind, handler)


def _save(state: Any, game: str, record: str) -> Path:
    """Save the record: a file is written next to its place, then renamed there, so that
    no half record is ever left (nor a temporary file); a device or a named pipe is
    written straight into; a symbolic link keeps pointing at the record."""
    from pirate_rules.marvin import to_record as marvin_record
    from pirate_rules.pirate import to_record as pirate_record
    from pirate_rules.simulate import write_whole

    path = Path(record)
    data = marvin_record(state) if game == "marvin" else pirate_record(state)
    text = json.dumps(data, indent=1) + "\n"
    try:
        if _kind(path) in ("device", "pipe"):
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as stream:
                stream.write(text)
        else:
            write_whole(Path(os.path.realpath(path)), text)
    except OSError as exc:
        raise PirateRulesError(
            f"cannot save the record to {one_line(record, 200)!r}: {exc.strerror or exc};"
            " the game was not saved"
        ) from None
    return path


@contextlib.contextmanager
def _bot_output() -> Iterator[None]:
    """While the bot runs, what it prints goes to standard error, not among the game's
    lines (when standard output is a real file descriptor)."""
    try:
        sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        yield
        return
    with bot_output_to_stderr():
        yield


class _Watched:
    """The bot in this process, watched (the engine's own bots, or yours with
    ``--in-process``): the same calls as a hosted bot's (:class:`~pirate_rules.lockstep.Asked`)."""

    def __init__(self, seat: Seat, game: Any, seed: int) -> None:
        self.seat = seat
        self.game = game
        self.seed = seed
        self.trusted = seat.trusted

    def move(self) -> tuple[Any, str]:
        """Marvin: the bot's move and its reason, once the move is played on the game."""
        from pirate_rules.marvin import Move

        game, seat, seed = self.game, self.seat, self.seed
        with _bot_output():
            _checkpoint()
            move = choose_move(seat, game, seed, thorough=True)
            reason = _reason(seat, seed, game)
        try:
            listed = game.legal_moves.find(Move.parse(move) if isinstance(move, str) else move)
        except PirateRulesError:
            listed = None
        push_move(seat, game, move if listed is None else listed, seed)  # or the bot's fault
        return listed, reason

    def moved(self, move: Any) -> None:
        """Marvin: the other player's move was played (the bot sees the game itself)."""

    def action(self) -> Any:
        """Pirate: the bot's action this moment (checked by :meth:`moment`)."""
        with _bot_output():
            _checkpoint()
            return choose_action(self.seat, self.game, self.seed, thorough=True)

    def moment(self, letter: str, action: Any) -> None:
        """Pirate: play the moment of your ``letter`` (checked already) and the bot's ``action``."""
        seats: list[Seat | None] = [None, None]
        seats[self.seat.seat] = self.seat
        actions = (letter, action) if self.seat.seat == BOT else (action, letter)
        play_moment(seats, self.game, actions, self.seed)

    def close(self) -> None:
        """Nothing to end: the bot is in this process."""


class _Hosted:
    """Your own bot, in a process of its own, asked move by move."""

    trusted = False

    def __init__(self, asked: Any) -> None:
        self.asked = asked

    def move(self) -> tuple[Any, str]:
        _checkpoint()  # a bot may still end this process from outside (SIGKILL)
        move, reason = self.asked.move()
        return move, one_line(reason, 300)

    def moved(self, move: Any) -> None:
        self.asked.moved(move)

    def action(self) -> Any:
        _checkpoint()
        return self.asked.action()

    def moment(self, letter: str, action: Any) -> None:
        self.asked.moment(letter, action)

    def close(self) -> None:
        self.asked.close()


def _opponent(
    game: str, bot: str, state: Any, seed: int, move_time: float | None, in_process: bool
) -> _Watched | _Hosted:
    """The bot in its seat: your own in a host of its own, unless ``in_process`` (or no
    process can start here); the engine's in this process.

    Raises:
        BotError: the bot cannot be loaded or created.
        UnknownBotError: there is no such bot.
    """
    from pirate_rules.simulate import can_start_processes, is_hosted

    if not in_process and can_start_processes() and is_hosted(bot):
        from pirate_rules.lockstep import Asked

        return _Hosted(Asked(state, game, bot, BOT, seed, move_time))
    with _bot_output():
        cls = load_bot(game, bot, BOT)
        return _Watched(seat_bot(bot, cls, BOT, seed, move_time=move_time), state, seed)


def _reason(seat: Seat, seed: int, game: Any) -> str:
    """What the bot says of its last move, in one line; its failing is its fault."""
    try:
        reason = getattr(seat.bot, "reason", "")
        return one_line(reason if type(reason) is str else str(reason), 300) if reason else ""
    except Exception as exc:
        raise seat.fault(
            f"its reason raised {describe_exception(exc)}",
            game,
            seed,
            location=fault_location(exc, type(seat.bot)),
        ) from None


def _number(text: str, limit: int = 1_000_000) -> int | None:
    """``text`` as a whole number from 0 to ``limit`` written with the digits 0-9, or None.

    Example:
        >>> _number("12"), _number("²"), _number("9" * 5000)
        (12, None, None)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(limit)):
        return None
    value = int(text)
    return value if value <= limit else None


def _new_lines(state: Any, console: _Console, shown: int) -> int:
    log = state.log
    for line in log[shown:]:
        console.say(f"  {one_line(line, 500)}")
    return len(log)


def _play_marvin(game: Any, opponent: _Watched | _Hosted, console: _Console, seed: int) -> None:
    from pirate_rules.marvin import Move
    from pirate_rules.marvin.display import describe_move

    shown = _new_lines(game, console, 0)
    draw = True
    while not game.is_game_over():
        if game.to_move == BOT:
            before = game.copy()
            move, reason = opponent.move()
            move = before.legal_moves.find(move) or move
            console.say(f"{game.players[BOT]}: {describe_move(before, move, own='its')}.")
            if reason:
                console.say(f"  ({reason})")
            draw = True
            shown = _new_lines(game, console, shown)
            continue
        moves = list(game.legal_moves)
        if draw:
            console.say()
            console.say(str(game))
            _list_moves(game, moves, console)
            draw = False
        answer = console.ask("Your move (number or notation; ? for help): ")
        if answer.lower() in HELP:
            console.say("Answer with the number of a move, or its notation in brackets;")
            console.say("q stops the game. Your moves now:")
            _list_moves(game, moves, console)
            continue
        chosen: Any = answer
        if answer.isdigit() or answer.isdecimal():
            number = _number(answer)
            if number is None or not 1 <= number <= len(moves):
                console.say(f"Not that: choose 1 to {len(moves)}.")
                continue
            chosen = moves[number - 1]
        elif not answer:
            console.say(f"Not that: choose 1 to {len(moves)}, or ? for help.")
            continue
        try:
            if isinstance(chosen, str):
                chosen = Move.parse(chosen)
            game.push(chosen)
        except PirateRulesError as exc:
            console.say(f"Not that: {exc}")
            continue
        opponent.moved(chosen)
        draw = True
        shown = _new_lines(game, console, shown)
    console.say()
    console.say(str(game))
    console.say(_marvin_result(game))


def _list_moves(game: Any, moves: list[Any], console: _Console) -> None:
    from pirate_rules.marvin.display import describe_move

    for number, move in enumerate(moves, 1):
        console.say(f"  {number:>2}. {describe_move(game, move)}   [{move}]")


def _marvin_result(game: Any) -> str:
    winner = game.winner
    if winner == HUMAN:
        return f"You win after {game.turn} turns!"
    return f"The {game.players[winner]} wins after {game.turn} turns."


_LETTERS = {"": "T", "t": "T", "p": "P", "c": "C", "w": "W"}

_PIRATE_HELP = """\
Each moment you and the bot act at once:
  T (or Enter) turn your next card   P play your top card onto your half
  C claim (once your cards are gone)  W wait
  a  auto-turn on or off: turn for you whenever nothing of yours fits
  f  fast-forward: play for you until the next ship is captured or sunk
  f 20  fast-forward twenty moments
  q  stop (the record is saved with --record)"""


class _Pirate:
    """One game of Pirate in the terminal, with auto-turn and fast-forward."""

    def __init__(
        self, game: Any, opponent: _Watched | _Hosted, console: _Console, seed: int, auto: bool
    ):
        from pirate_rules.bots import make_bot

        self.game = game
        self.opponent = opponent
        self.console = console
        self.seed = seed
        self.auto = auto
        self.forward = 0
        self.until_ship = False
        self.helper = make_bot("pirate", "fast")
        self.shown = 0

    def run(self) -> None:
        game, console = self.game, self.console
        console.say("Each moment: T turn, P play, C claim, W wait; Enter turns; ? for help.")
        self.shown = _new_lines(game, console, 0)
        draw = True
        while not game.is_terminal():
            letter = self.automatic()
            if letter is None:
                if draw:
                    console.say()
                    console.say(str(game))
                    draw = False
                letter = self.ask()
                if letter is None:
                    continue
            ships = len(game.sunk) + sum(game.score)
            self.opponent.moment(letter, self.opponent.action())
            self.shown = _new_lines(game, console, self.shown)
            if self.until_ship and len(game.sunk) + sum(game.score) > ships:
                self.until_ship = False
            self.forward = max(0, self.forward - 1)
            draw = True
        console.say()
        console.say(str(game))

    def automatic(self) -> str | None:
        """The action played for you this moment, or None to ask you."""
        game = self.game
        if self.forward or self.until_ship:
            from pirate_rules.pirate.bots import quickest

            return str(quickest(self.helper, game, HUMAN))
        if self.auto and not (game.can_play(HUMAN) or game.can_claim(HUMAN)):
            return "T" if game.can_turn(HUMAN) else "W"
        return None

    def ask(self) -> str | None:
        """Your action, or None after a command (help, auto, fast-forward) or a refusal."""
        game, console = self.game, self.console
        legal = "/".join(str(action) for action in game.legal_actions(HUMAN))
        mode = ", auto-turn on" if self.auto else ""
        answer = console.ask(f"Moment {game.moment + 1}{mode}, your action ({legal}): ")
        words = answer.lower().split()
        if answer.lower() in HELP:
            console.say(_PIRATE_HELP)
            return None
        if answer.lower() == "a":
            self.auto = not self.auto
            console.say(f"Auto-turn is {'on' if self.auto else 'off'}.")
            return None
        if words and words[0] == "f":
            if len(words) == 1:
                self.until_ship = True
            elif len(words) == 2 and (_number(words[1], 100_000) or 0) > 0:
                self.forward = _number(words[1], 100_000) or 0
            else:
                console.say("Not that: f, or f and a number of moments such as f 20.")
            return None
        letter = _LETTERS.get(answer.lower(), answer.upper())
        try:
            game.check_action(HUMAN, letter)
        except PirateRulesError as exc:
            console.say(f"Not that: {exc}")
            return None
        return letter
