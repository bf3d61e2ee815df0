"""Play either game against a bot in a terminal (``pirate-rules play marvin|pirate``).

Marvin's Pirates Go! is turn based: the table is drawn, your legal moves are listed
with numbers, and you answer with a number or the move's notation. Pirate runs in
moments (P4); a terminal cannot react in real time, so each moment waits for your
letter: ``T`` turn, ``P`` play, ``C`` claim, ``W`` wait (Enter turns). The bot picks
its action from the same moment, so the moment is still applied to both at once.

Typing ``q`` (or ending the input) stops the game; with ``--record`` the record is
saved either way, finished or not, so nothing is lost.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from pirate_rules.bots import bot_names, bot_seed, make_bot
from pirate_rules.errors import PirateRulesError

__all__ = ["play"]

HUMAN = 0
BOT = 1
QUIT = frozenset({"q", "quit", "exit"})


class _Quit(Exception):
    """The player asked to stop, or the input ended."""


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


def play(
    game: str,
    *,
    bot: str | None = None,
    seed: int | None = None,
    name: str = "Player",
    record: str | None = None,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
) -> int:
    """Play ``game`` against ``bot`` in the terminal; returns the exit status.

    Raises:
        PirateRulesError: for an unknown bot (the command line prints it in one line).
    """
    bot = bot or default_bot(game)
    if bot not in bot_names(game):
        raise PirateRulesError(
            f"unknown {game} bot {bot!r} (choose from: {', '.join(bot_names(game))})"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    console = _Console(read, out or sys.stdout)
    opponent = make_bot(game, bot, seed=bot_seed(seed, BOT))
    players = (name, f"{bot} bot")
    console.say(f"Seed {seed}: the same seed deals the same cards again.")
    console.say("Type q to stop.")
    loop: Callable[[Any, Any, _Console], None]
    writer: Callable[[Any], dict[str, Any]]
    if game == "marvin":
        from pirate_rules.marvin import MarvinGame, to_record

        state: Any = MarvinGame.from_seed(seed, players=players)
        loop, writer = _play_marvin, to_record
    else:
        from pirate_rules.pirate import PirateGame
        from pirate_rules.pirate import to_record as pirate_record

        state = PirateGame.from_seed(seed, players=players)
        loop, writer = _play_pirate, pirate_record
    try:
        loop(state, opponent, console)
    except _Quit:
        console.say("Stopped; the game is unfinished.")
    if record:
        path = Path(record)
        try:
            path.write_text(json.dumps(writer(state), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise PirateRulesError(f"cannot write {record!r}: {exc.strerror or exc}") from None
        console.say(f"Record saved to {path}.")
    return 0


def _new_lines(state: Any, console: _Console, shown: int) -> int:
    log = state.log
    for line in log[shown:]:
        console.say(f"  {line}")
    return len(log)


def _play_marvin(game: Any, opponent: Any, console: _Console) -> None:
    from pirate_rules.marvin.display import describe_move

    shown = _new_lines(game, console, 0)
    while not game.is_game_over():
        if game.to_move == BOT:
            move = opponent.choose(game, BOT)
            console.say(f"{game.players[BOT]}: {describe_move(game, move)}.")
            if opponent.reason:
                console.say(f"  ({opponent.reason})")
            game.push(move)
        else:
            console.say()
            console.say(str(game))
            moves = list(game.legal_moves)
            for number, move in enumerate(moves, 1):
                console.say(f"  {number:>2}. {describe_move(game, move)}   [{move}]")
            answer = console.ask("Your move (number or notation): ")
            chosen: Any = answer
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                chosen = moves[int(answer) - 1]
            try:
                game.push(chosen)
            except PirateRulesError as exc:
                console.say(f"Not that: {exc}")
                continue
        shown = _new_lines(game, console, shown)
    console.say()
    console.say(str(game))
    console.say(_marvin_result(game))


def _marvin_result(game: Any) -> str:
    winner = game.winner
    if winner == HUMAN:
        return f"You win after {game.turn} turns!"
    return f"The {game.players[winner]} wins after {game.turn} turns."


_LETTERS = {"": "T", "t": "T", "p": "P", "c": "C", "w": "W"}


def _play_pirate(game: Any, opponent: Any, console: _Console) -> None:
    console.say("Each moment: T turn, P play, C claim, W wait; Enter turns.")
    shown = _new_lines(game, console, 0)
    while not game.is_terminal():
        console.say()
        console.say(str(game))
        legal = [str(action) for action in game.legal_actions(HUMAN)]
        answer = console.ask(f"Moment {game.moment + 1}, your action ({'/'.join(legal)}): ")
        letter = _LETTERS.get(answer.lower(), answer.upper())
        try:
            game.check_action(HUMAN, letter)
        except PirateRulesError as exc:
            console.say(f"Not that: {exc}")
            continue
        game.apply_moment(letter, opponent.choose(game, BOT))
        shown = _new_lines(game, console, shown)
    console.say()
    console.say(str(game))
