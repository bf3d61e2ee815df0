"""The Marvin's Pirates Go! play page's entry points: start, move, let a bot move, take
back, view.

A game in the browser is fully given by its start (seed, who plays, names, jokers) and
the list of moves played, in notation. Every view carries that as ``keep``, which the
page saves after each move and puts in share links; `marvin_new` with ``moves`` plays
them again through the engine, so a reload, a shared link and a take-back all reach
the very same game:

    >>> first = marvin_new({"seed": 1, "mode": "computer", "bot": "random"})
    >>> view = marvin_move(first["id"], first["legal"][0]["move"])
    >>> while view["computer_to_move"]:
    ...     view = marvin_bot_move(view["id"])
    >>> again = marvin_new(view["keep"])
    >>> again["text"] == view["text"], again["keep"] == view["keep"]
    (True, True)
    >>> marvin_undo(again["id"])["text"] == first["text"]
    True

A move list that does not fit the game gets one line naming the move and the rule:

    >>> marvin_new({"seed": 3, "mode": "two", "moves": ["take cave"]})
    Traceback (most recent call last):
    ...
    pirate_rules.errors.PirateRulesError: move 1 of 1, 'take cave', cannot be played: ...
"""

from __future__ import annotations

from typing import Any, Final

from pirate_rules.bots import bot_names, bot_seed, make_bot
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import MarvinGame, card_effect
from pirate_rules.marvin.display import describe_move
from pirate_rules.marvin.moves import Move
from pirate_rules.web import family
from pirate_rules.web.family import Audience
from pirate_rules.web.marvin_table import event_line, initial_table, steps_since, table_json
from pirate_rules.web.notes import read_notes
from pirate_rules.web.sessions import (
    JSON,
    Session,
    find_session,
    opponent_bot,
    read_names,
    read_seed,
    store,
)

__all__ = [
    "MAX_MOVES",
    "keep_of",
    "marks_of",
    "marvin_bot_move",
    "marvin_move",
    "marvin_new",
    "marvin_undo",
    "marvin_view",
    "pace_steps",
]

MAX_MOVES: Final = 5000
"""The longest move list `marvin_new` accepts (real games take a few hundred at most)."""

_MODES: Final = ("computer", "two", "watch")


def marvin_new(options: JSON | None = None) -> JSON:
    """Start a game of Marvin's Pirates Go! and return its first view.

    Args:
        options: ``seed`` (blank for a random one); ``mode``: ``"computer"`` (you in
            seat 0 against the bot ``bot``), ``"two"`` (two players on one device) or
            ``"watch"`` (the bots ``bots[0]`` and ``bots[1]``); ``players`` (two names);
            ``jokers`` (0, 1 or 2); ``moves``: notations to play at once, as in a view's
            ``keep`` (a resumed or shared game).

    Raises:
        PirateRulesError: for an option out of range, a bot that is unknown or cheats
            (`pirate_rules.web.sessions.opponent_bot`), or a move that cannot be played;
            the message names the option, the bot or the move and the rule.
    """
    options = dict(options or {})
    seed = read_seed(options.get("seed"))
    mode = options.get("mode", "computer")
    known = bot_names("marvin")
    default_bot = known[0] if known else "random"
    if mode == "computer":
        names: list[str | None] = [
            None,
            opponent_bot("marvin", str(options.get("bot") or default_bot)),
        ]
        default = ("Blue crew", "Computer")
    elif mode == "two":
        names = [None, None]
        default = ("Blue crew", "Red crew")
    elif mode == "watch":
        chosen = options.get("bots") or [default_bot, default_bot]
        if not isinstance(chosen, list) or len(chosen) != 2:
            raise PirateRulesError("watching needs two bot names")
        names = [opponent_bot("marvin", str(name)) for name in chosen]
        default = ("Computer 1", "Computer 2")
    else:
        raise PirateRulesError(f"unknown mode {mode!r} (choose from: {', '.join(_MODES)})")
    kept = "moves" in options  # a kept game (its start and moves), else a new one
    moves = options.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise PirateRulesError("moves must be a list of move notations, such as ['draw', 'GL']")
    if len(moves) > MAX_MOVES:
        raise PirateRulesError(f"too many moves: {len(moves)} (at most {MAX_MOVES})")
    shown = options.get("shown")
    if shown is not None and (not isinstance(shown, int) or isinstance(shown, bool) or shown < 0):
        raise PirateRulesError(f"shown must be a number of steps, not {shown!r}")
    jokers = options.get("jokers", 2)
    players = read_names(options.get("players"), default)
    settings = {"mode": mode, "bots": names, "jokers": jokers, "players": list(players)}
    session = store("marvin", seed, None, [None, None], settings)
    settings["notes"] = read_notes(options.get("notes"))  # the coach's hints (coach.py)
    _deal(session)
    if kept and shown is None:
        _play_again(session, moves)
        return marvin_view(session.id)
    # A new game, or one kept while a person's draw waited for their tap: the steps of
    # the deal (the first turns may have played themselves: a joker drawn first), or of
    # the last move, from the step that waits.
    last = moves[-1:] if kept else []
    _play_again(session, moves[: len(moves) - len(last)])
    before = len(session.log)  # the log's lines before the steps
    if last:
        try:
            answer = _replay_last(session, last[0])
        except PirateRulesError as exc:
            number = len(moves)
            raise PirateRulesError(
                f"move {number} of {number}, {last[0]!r}, cannot be played: {exc}"
            ) from None
    else:
        answer = marvin_view(session.id)
        answer["dealt"] = initial_table(session.game)  # the table before the first step
        steps = steps_since(session.game, answer["dealt"], 0, None, _audience(session))
        _number(steps, 1)  # line 0 is the start
        answer["steps"] = _paced(session, steps, by_hand=False)
    return _from_step(session, answer, shown, before)


def _replay_last(session: Session, notation: str) -> JSON:
    """Play a kept game's last move as it was first played (its bot chooses first, so
    that its generator is where it was): the answer the page was given then."""
    game: MarvinGame = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is already over")
    bot = session.bots[game.to_move]
    if bot is not None:
        bot.choose(game, game.to_move)
    return _push(session, notation)


def _from_step(session: Session, answer: JSON, shown: int | None, before: int) -> JSON:
    """The view of ``answer``'s game with its steps from number ``shown`` on: ``dealt``
    is the table before them, and ``log_shown`` the number of log lines shown before
    them (``before``: the lines before the answer). A kept game comes back at a step
    that waits for a person's tap (``shown``, as in that step's ``keep``); a new game
    shows all its steps (``shown`` is None)."""
    steps = answer["steps"]
    if shown is not None and (shown >= len(steps) or not steps[shown]["wait"]):
        raise PirateRulesError(f"step {shown} of the last move is not a draw that waits")
    shown = shown or 0
    view = marvin_view(session.id)
    view.update(steps=steps[shown:], say=answer["say"], said=answer["said"])
    view["dealt"] = steps[shown - 1]["table"] if shown else answer["dealt"]
    lines = [step["line"] for step in steps[:shown] if step["line"] is not None]
    view["log_shown"] = max(lines) + 1 if lines else before
    return view


def _deal(session: Session) -> None:
    """Deal the session's game afresh from its seed and options, with fresh bots."""
    settings = session.options
    seed = session.seed
    session.bots = [
        None if name is None else make_bot("marvin", name, seed=bot_seed(seed, seat))
        for seat, name in enumerate(settings["bots"])
    ]
    session.game = MarvinGame.from_seed(
        seed, jokers=settings["jokers"], players=settings["players"]
    )
    session.moves = []
    session.log = []
    session.seen_events = 0
    line = family.start_words(_audience(session))
    names = session.game.players
    text = f"New game, seed {seed}: {names[0]} plays at the bottom, {names[1]} at the top."
    _log(session, {"kind": "start", "text": text, "family": line, "rule": None, "href": None})
    _log_events(session)


def _audience(session: Session) -> Audience:
    """Who the family words of this game speak to."""
    return Audience(
        session.game.players, (session.bots[0] is not None, session.bots[1] is not None)
    )


def _log(session: Session, line: JSON) -> None:
    """Add one line to the game's log, numbered from 0."""
    session.log.append({"n": len(session.log), **line})


def _log_events(session: Session) -> None:
    """Log the game's events not logged yet, each in the engine's words and in family words."""
    game: MarvinGame = session.game
    audience = _audience(session)
    for event in game._events[session.seen_events :]:
        _log(session, event_line(game, event, audience))
    session.seen_events = len(game._events)


def _log_reason(session: Session, player: int) -> list[JSON]:
    """Log why the computer in seat ``player`` chose its move (shown with the details)."""
    bot = session.bots[player]
    if bot is None or not bot.reason:
        return []
    text = f"{session.game.players[player]}: {bot.reason}"
    _log(session, {"kind": "reason", "text": text, "family": None, "seat": player})
    return [session.log[-1]]


def _play_again(session: Session, moves: list[str]) -> None:
    """Play ``moves`` through the engine; each bot also chooses in its turn, so that its
    own generator is where it was when the moves were first played, and the log is
    written line for line as it was when the moves were first played."""
    game: MarvinGame = session.game
    for number, notation in enumerate(moves, 1):
        player = game.to_move
        bot = session.bots[player]
        try:
            if game.is_game_over():
                raise PirateRulesError("the game is already over")
            if bot is not None:
                bot.choose(game, player)
            game.push(notation)
        except PirateRulesError as exc:
            raise PirateRulesError(
                f"move {number} of {len(moves)}, {notation!r}, cannot be played: {exc}"
            ) from None
        session.moves.append((player, game_move_text(notation)))
        _log_reason(session, player)
        _log_events(session)


def game_move_text(notation: str) -> str:
    """A move's notation as the engine writes it (``"ship gl cr"`` becomes ``"ship GL CR"``).

    Example:
        >>> game_move_text(" take  Cave ")
        'take cave'
    """
    return str(Move.parse(notation))


def marvin_move(game_id: str, notation: str) -> JSON:
    """Play the move ``notation`` (one of the view's ``legal``) for the human to move.

    Raises:
        IllegalMoveError: if the rules forbid it (the game is unchanged).
        PirateRulesError: if the player to move is the computer.
    """
    session = find_session(game_id, "marvin")
    game = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is over")
    if session.bots[game.to_move] is not None:
        raise PirateRulesError("it is the computer's turn")
    return _push(session, notation)


def marvin_bot_move(game_id: str) -> JSON:
    """Let the computer to move make one choice; its reason comes first in the log."""
    session = find_session(game_id, "marvin")
    game = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is over")
    player = game.to_move
    bot = session.bots[player]
    if bot is None:
        raise PirateRulesError("it is not the computer's turn")
    move = bot.choose(game, player)
    return _push(session, str(move))


def _push(session: Session, notation: str) -> JSON:
    """Play one move and answer with the new view, the steps that led to it and the
    lines it added to the log (each step names its line, ``line``)."""
    game: MarvinGame = session.game
    before, events, drawn, player = table_json(game), len(game._events), game.drawn, game.to_move
    lines = len(session.log)
    game.push(notation)
    session.moves.append((player, game_move_text(notation)))
    said = _log_reason(session, player)
    _log_events(session)
    steps = steps_since(game, before, events, drawn, _audience(session))
    _number(steps, lines + len(said))
    by_hand = session.bots[player] is None and notation.strip().lower() == "draw"
    view = marvin_view(session.id, log_from=lines)
    view["said"] = said
    view["steps"] = _paced(session, steps, by_hand)
    view["dealt"] = before
    return view


def _number(steps: list[JSON], first: int) -> None:
    """Give each step the number of its log line (``line``; ``None`` for a draw, which is
    not logged): the lines of a move's events follow one another from ``first``."""
    numbers = iter(range(first, first + len(steps)))
    for step in steps:
        step["line"] = None if step["kind"] == "draw" else next(numbers)


def _paced(session: Session, steps: list[JSON], by_hand: bool) -> list[JSON]:
    """Pace the steps of a move (`pace_steps`) for the people and the computer playing;
    a draw that waits also carries the game's ``keep`` as it stands while it waits (its
    ``shown``: the steps shown before it), which the page saves and shares then, so that
    a reload or a shared link comes back to that very draw, still waiting for its tap."""
    people = (session.bots[0] is None, session.bots[1] is None)
    pace_steps(steps, _audience(session), people, by_hand)
    keep = _keep(session)
    for index, step in enumerate(steps):
        if step["wait"]:
            step["keep"] = {**keep, "shown": index}
    return steps


def pace_steps(
    steps: list[JSON], audience: Audience, people: tuple[bool, bool], by_hand: bool
) -> list[JSON]:
    """Mark the steps a person takes part in, and what a voice says of each.

    A draw the engine made for a person waits for their tap (``wait``, with the
    ``prompt`` to show), unless the move itself was their "draw" (``by_hand``); a lost
    turn of theirs is shown long enough to take in (``hold``). ``say`` is what a voice
    says as the page comes to the step: every step in family words, in order, so that
    the whole turn is told; a draw that waits says its prompt, and a person's own draw
    nothing (the prompt after it names the card). With nobody at the table (``people``
    all False) nothing is said.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> from pirate_rules.web.marvin_table import steps_since, table_json
        >>> game = MarvinGame.stacked("9C 5H", players=("Ann", "Computer"))
        >>> before, drawn = table_json(game), game.drawn
        >>> you = Audience(game.players, (False, True))
        >>> game.play("GL")
        >>> steps = steps_since(game, before, 0, drawn, you)
        >>> for step in pace_steps(steps, you, (True, False), by_hand=False):
        ...     print(step["kind"], step["wait"], step["say"])
        slash False You slashed the computer's guard: two hits!
        draw False The computer drew the Five of hearts.
    """
    for index, step in enumerate(steps):
        seat = step["seat"]
        person = seat is not None and people[seat]
        step["wait"] = person and step["kind"] == "draw" and not (by_hand and index == 0)
        step["hold"] = person and step["kind"] in ("lost", "idle")
        if step["wait"]:
            step["prompt"] = family.draw_prompt(audience, seat)
        quiet = not any(people) or (person and step["kind"] == "draw")
        step["say"] = step.get("prompt") if step["wait"] else None if quiet else step["family"]
    return steps


def marvin_undo(game_id: str) -> JSON:
    """Take back the last choice of a human player, and every computer move after it.

    The game is dealt again and the moves before that choice are played again, so the
    computer's next choices are the ones it would have made then.

    Example:
        >>> view = marvin_new({"seed": 6, "mode": "two"})
        >>> after = marvin_move(view["id"], view["legal"][0]["move"])
        >>> back = marvin_undo(view["id"])
        >>> back["undone"] == view["legal"][0]["move"], back["keep"]["moves"], back["can_undo"]
        (True, [], False)
        >>> back["taken_back"]
        'Taken back: Blue crew gave their guard a shield. Choose again.'

    Raises:
        PirateRulesError: if no human player has made a choice yet.
    """
    session = find_session(game_id, "marvin")
    mine = [
        index for index, (player, _) in enumerate(session.moves) if session.bots[player] is None
    ]
    if not mine:
        raise PirateRulesError("there is no move of yours to take back yet")
    keep = [notation for _, notation in session.moves[: mine[-1]]]
    undone = session.moves[mine[-1]][1]
    _deal(session)
    _play_again(session, keep)
    turn = len(session.game._history)  # hints of the turns taken back go with them
    notes = session.options.get("notes", {})
    session.options["notes"] = {n: note for n, note in notes.items() if n < turn}
    view = marvin_view(game_id)
    view["undone"] = undone
    view["taken_back"] = family.taken_back(session.game, undone, _audience(session))
    return view


def _marvin_choice(game: Any, move: Any) -> JSON:
    """One legal move as the page offers it: notation, words, and the places it names.

    ``places`` are the places on the table that pick the move when tapped: one for a
    draw, a target or a prize to take; two for the Ship (both pirates, or a pirate and
    an empty place) and for the Cave and the Fort (the pirate and the prize).
    """
    player = game.to_move
    kind = move.kind
    if kind == "draw":
        places = ["draw-pile"]
    elif kind == "ship":
        places = [f"p{player}-{move.position}", f"p{player}-{move.to}"]
    elif kind in ("cave", "fort"):
        places = [f"p{player}-{move.position}", f"prize-{kind}"]
    elif kind == "target":
        owner = player if card_effect(game.drawn) == "shield" else 1 - player
        places = [f"p{owner}-{move.position}"]
    else:
        places = [f"prize-{move.prize}"]
    return {
        "move": str(move),
        "kind": kind,
        "label": describe_move(game, move),
        "element": places[0] if kind != "ship" else None,
        "places": places,
        "marks": places if kind == "ship" else places[:1],
    }


def _choices(game: MarvinGame) -> list[JSON]:
    """The legal moves as the page offers them.

    A choice's ``element`` is the place whose one tap plays it: its first place, when no
    other choice names that place. Any other choice is picked by tapping its two
    places, one after the other, in either order.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("QH QD KH 2C", players=("Ann", "Ben"))
        >>> game.play("take ship", "take cave", "draw", "take fort", "draw", "GL")
        >>> for choice in _choices(game)[::3]:
        ...     print(choice["move"], choice["element"], choice["places"])
        ship GL GR None ['p0-GL', 'p0-GR']
        ship GR CL None ['p0-GR', 'p0-CL']
        fort GL None ['p0-GL', 'prize-fort']
        >>> _choices(game)[-1]["element"]
        'draw-pile'
    """
    choices = [_marvin_choice(game, move) for move in game.legal_moves]
    named: dict[str, int] = {}
    for choice in choices:
        for place in choice["places"]:
            named[place] = named.get(place, 0) + 1
    for choice in choices:
        if choice["element"] and named[choice["element"]] > 1:
            choice["element"] = None
    return choices


def marks_of(game: MarvinGame, notation: str) -> list[str]:
    """The places on the table that the legal move ``notation`` touches (its ``marks``).

    Example:
        >>> marks_of(MarvinGame.stacked("9C"), "GR")
        ['p1-GR']
    """
    move = game.legal_moves.find(Move.parse(notation))
    if move is None:
        raise PirateRulesError(f"{notation} is not a legal move here")
    marks: list[str] = _marvin_choice(game, move)["marks"]
    return marks


def keep_of(session: Session) -> JSON:
    """What the page saves and shares of a game (see `marvin_new`)."""
    return _keep(session)


def _keep(session: Session) -> JSON:
    """What the page saves and shares: the game's start and its moves, and the coach's
    hints (``notes``, by the record's turn entry) when there are any."""
    settings = session.options
    keep: JSON = {
        "seed": session.seed,
        "mode": settings["mode"],
        "players": settings["players"],
        "jokers": settings["jokers"],
    }
    if settings["mode"] == "computer":
        keep["bot"] = settings["bots"][1]
    elif settings["mode"] == "watch":
        keep["bots"] = settings["bots"]
    keep["moves"] = [notation for _, notation in session.moves]
    if settings.get("notes"):
        keep["notes"] = {str(turn): note for turn, note in sorted(settings["notes"].items())}
    return keep


def marvin_view(game_id: str, log_from: int = 0) -> JSON:
    """Everything the Marvin page draws for game ``game_id``, with its log from line
    ``log_from`` on.

    The ``headline`` says in family words (`pirate_rules.web.family`) what the player
    to move is asked, or who won; ``say`` is the same with what the other player just
    did before it, as a voice would say it; ``paused`` is what the page says while the
    computer's turn is paused. Each line of the ``log`` has its number ``n``, the
    engine's sentence (``text``), the family words (``family``, ``None`` for the
    computer's reasons, which the page shows only with the details) and its rule.

    Example:
        >>> view = marvin_view(marvin_new({"seed": 5, "mode": "two"})["id"])
        >>> sorted(view["table"]), view["players"][1]
        (['bank', 'discard_pile', 'discard_top', 'draw_pile', 'drawn', 'sides'], \
{'name': 'Red crew', 'computer': False, 'bot': None, 'level': None})
    """
    session = find_session(game_id, "marvin")
    game: MarvinGame = session.game
    over = game.is_game_over()
    player = game.to_move
    outcome = game.outcome()
    audience = _audience(session)
    headline = family.prompt(game, audience)
    return {
        "id": session.id,
        "game": "marvin",
        "seed": session.seed,
        "mode": session.options["mode"],
        "turn": game.turn + (0 if over else 1),
        "to_move": None if over else player,
        "computer_to_move": (not over) and session.bots[player] is not None,
        "phase": game.phase,
        "headline": headline,
        "say": headline,
        "paused": family.paused(audience),
        "pick": family.pick_prompt(),
        "players": [
            {
                "name": game.players[seat],
                "computer": bot is not None,
                "bot": bot.name if bot is not None else None,
                "level": family.level_name(bot.name) if bot is not None else None,
            }
            for seat, bot in enumerate(session.bots)
        ],
        "table": table_json(game),
        "legal": [] if over else _choices(game),
        "can_undo": any(session.bots[p] is None for p, _ in session.moves),
        "log": session.log[log_from:],
        "said": [],
        "steps": [],
        "outcome": None
        if outcome is None
        else {
            "winner": outcome.winner,
            "text": f"all of {game.players[1 - outcome.winner]}'s pirates fainted",
        },
        "keep": _keep(session),
        "text": str(game),
    }
