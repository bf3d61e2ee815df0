"""The Pirate play page's entry points: start a game, play a moment, skip a stretch, view it.

The page turns real time into moments (see the "Real time as moments" page): it gathers
what both seats did inside one short tie window and sends it as one moment to
:func:`pirate_moment`. A person's action is a letter; a computer is asked for its action
only on the beats of the page's clock (``looks``), one every :data:`BEAT_MS` (0.1 s, the
time a moment stands for between bots). So a computer's level is a reaction time in
milliseconds, however fast the people play.

    >>> view = pirate_new({"seed": 3, "seats": ["person", "person"]})
    >>> view = pirate_moment(view["id"], ["T", "T"])
    >>> view["moment"], [seat["waste"] for seat in view["seats"]]
    (1, [1, 1])
    >>> view = pirate_moment(view["id"], ["P", None])
    >>> view["last"]["refused"][0]["rule"], view["last"]["actions"]
    ('P6', ['W', 'W'])

Every view carries the game's ``keep``: how it started (seed, who plays, names, or the
record it was dealt from) and its moments so far, which the page saves after every moment
and puts in share links. :func:`pirate_new` given a keep plays those moments again, so a
reload or a link opens the same game at the same point. A computer's letter is upper case
when it looked at the table in that moment and ``w`` when it did not, so that it looks
again exactly as often and its own generator ends where it was:

    >>> view = pirate_new({"seed": 4, "seats": ["person", "expert"]})
    >>> view = pirate_moment(view["id"], ["T", None], [1])
    >>> view = pirate_moment(view["id"], ["T", None])
    >>> view["keep"]["seats"], view["keep"]["moves"]
    (['person', 'expert'], ['TT', 'Tw'])
    >>> again = pirate_new(view["keep"])
    >>> again["text"] == view["text"], again["keep"] == view["keep"]
    (True, True)
"""

from __future__ import annotations

from typing import Any, Final, cast

from pirate_rules.bots import Bot, bot_seed, make_bot
from pirate_rules.errors import PirateRulesError, RecordError
from pirate_rules.pirate.actions import Action, parse_action
from pirate_rules.pirate.game import PirateGame
from pirate_rules.pirate.record import replay
from pirate_rules.pirate.speed import MOMENT_MS, speed_levels
from pirate_rules.pirate.table import describe_event, describe_outcome
from pirate_rules.records import PIRATE, load_record
from pirate_rules.web import family
from pirate_rules.web.family import Audience
from pirate_rules.web.pirate_view import stretch, table_view
from pirate_rules.web.sessions import (
    JSON,
    Session,
    find_session,
    offered_bots,
    read_names,
    read_seed,
    store,
)

__all__ = [
    "BEAT_MS",
    "DEFAULT_LEVEL",
    "MAX_MOVES",
    "MAX_SKIP",
    "PERSON",
    "PIRATE_LEVELS",
    "pirate_moment",
    "pirate_new",
    "pirate_skip",
    "pirate_tick",
    "pirate_view",
]

PIRATE_LEVELS: Final = tuple(
    {"id": name, "label": label, "reaction": reaction} for name, label, reaction in speed_levels()
)
"""The Pirate computer's speeds, slowest first: each a speed-level bot with its mean
reaction time in milliseconds (see `pirate_rules.pirate.speed`)."""

BEAT_MS: Final = MOMENT_MS
"""How often a computer looks at the table, in milliseconds of real time: once a beat.
Each beat is one moment of the computer's own time, so its reaction times are those it
has against another bot. (Two computers may be watched faster or slower: the page then
shortens or lengthens the beat, and the game stays the same.)"""

DEFAULT_LEVEL: Final = "child"
"""The speed offered first: gentle enough for a small child to win."""

PERSON: Final = "person"
"""What a seat played by a person is called in ``seats``."""

MAX_SKIP: Final = 20_000
""":func:`pirate_skip` plays at most this many moments at once."""

MAX_MOVES: Final = 100_000
"""A kept game holds at most this many moments."""

_MODES: Final = ("computer", "watch", "two")
_NOT_LOOKED: Final = "w"
"""A computer's letter in a kept moment when it did not look at the table."""


class _Beats:
    """The game as a computer sees it in the browser: its own count of beats as the moment.

    A speed-level bot counts its reaction time in moments, and counts on being asked
    once a moment. In the browser it is asked once per beat of the page's clock
    (:data:`BEAT_MS`), while people may play many moments in between; so it reads its
    own beat count where it would read the moment number, and everything else from the
    game itself.
    """

    def __init__(self, game: PirateGame, beat: int) -> None:
        self._game = game
        self.moment = beat

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _read_plays(options: JSON) -> list[str]:
    """Each seat's player: ``"person"`` or a bot name, from ``seats`` or ``mode``."""
    known = offered_bots("pirate")
    seats = options.get("seats")
    if seats is None:
        mode = options.get("mode", "computer")
        level = options.get("level", DEFAULT_LEVEL)
        if mode not in _MODES:
            raise PirateRulesError(f"unknown mode {mode!r} (choose from: {', '.join(_MODES)})")
        seats = {"computer": [PERSON, level], "watch": [level, level], "two": [PERSON, PERSON]}[
            mode
        ]
    if not isinstance(seats, list) or len(seats) != 2:
        raise PirateRulesError(f"seats must name two players, not {seats!r}")
    for plays in seats:
        if plays != PERSON and plays not in known:
            choices = ", ".join([PERSON, *known])
            raise PirateRulesError(f"unknown player {plays!r} (choose from: {choices})")
    return [str(plays) for plays in seats]


def _default_names(plays: list[str]) -> tuple[str, str]:
    if plays.count(PERSON) == 2:
        return ("Blue crew", "Red crew")
    if PERSON not in plays:
        return ("Computer 1", "Computer 2")
    return ("Blue crew", "Computer") if plays[0] == PERSON else ("Computer", "Blue crew")


def _from_record(source: Any, resume: bool) -> tuple[PirateGame, JSON]:
    """The deal of a Pirate record; with ``resume``, its moments played as well (checked).

    Returns the game and the record as used (without its result), for the game's keep.
    """
    data = load_record(source)
    if data["game"] != PIRATE:
        raise RecordError(f"not a Pirate record: game {data['game']!r}")
    deal = {key: value for key, value in data.items() if key != "result"}
    if not resume:
        deal["moments"] = []
    return replay(deal), deal


def _read_moves(moves: Any) -> list[str]:
    """The kept moments to play again: a list of two-letter moments."""
    if moves is None:
        return []
    if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
        raise PirateRulesError("moves must be a list of moments, such as ['TT', 'PW']")
    if len(moves) > MAX_MOVES:
        raise PirateRulesError(f"too many moments: {len(moves)} (at most {MAX_MOVES})")
    return moves


def pirate_new(options: JSON | None = None) -> JSON:
    """Start a game of Pirate and return its first view.

    Args:
        options: ``seats`` (two entries, each ``"person"`` or the name of a Pirate
            bot, such as a speed level id of :data:`PIRATE_LEVELS`), or as a shorthand
            ``mode`` (``"computer"``: a person in seat 0 against the computer;
            ``"watch"``: two computers; ``"two"``: two people) with ``level``;
            ``players`` (two names); ``seed`` (blank for a random one); ``record``: a
            Pirate game record whose deal is played (its stocks, low player and names),
            and with ``resume`` true, continued after its last moment.

    Raises:
        PirateRulesError: naming the bad option; RecordError or ReplayError for a record
            that cannot be used.
    """
    options = dict(options or {})
    seed = read_seed(options.get("seed"))
    plays = _read_plays(options)
    moves = _read_moves(options.get("moves"))
    record = options.get("record")
    start: JSON = {"seed": seed, "seats": plays}
    if record is not None:
        resume = bool(options.get("resume"))
        game, deal = _from_record(record, resume)
        start.update(record=deal, resume=resume)
    else:
        names = read_names(options.get("players"), _default_names(plays))
        game = PirateGame.from_seed(seed, players=names)
        start["players"] = list(names)
    bots: list[Bot[Any, Any] | None] = [
        None if kind == PERSON else make_bot("pirate", kind, seed=bot_seed(seed, seat))
        for seat, kind in enumerate(plays)
    ]
    settings = {"plays": plays, "beats": [game.moment] * 2, "start": start, "moves": []}
    session = store("pirate", seed, game, bots, settings)
    first = _new_events(session)
    _play_again(session, moves)
    view = pirate_view(session.id)
    view["say"] = None if moves else _say(first)  # a kept game opens quietly
    return view


def _play_again(session: Session, moves: list[str]) -> None:
    """Play kept moments again; each computer looks where it looked, so that it is left
    just as it was (its generator, its count of beats, its reason), and the log tells
    each moment's events and news as the game did."""
    game: PirateGame = session.game
    for number, moment in enumerate(moves, 1):
        where = f"moment {number} of {len(moves)}, {moment!r}"
        if len(moment) != 2:
            raise PirateRulesError(f"{where}: a moment is two letters, such as 'TW'")
        choices = []
        for seat, letter in enumerate(moment):
            if session.bots[seat] is None or letter == _NOT_LOOKED:
                choices.append(parse_action(letter.upper()))
                continue
            choice = _look(session, seat)
            if choice != parse_action(letter):
                raise PirateRulesError(
                    f"{where}: the computer now chooses {str(choice)!r} there"
                    " (the game was kept by another version)"
                )
            choices.append(choice)
        try:
            game.apply_moment(choices[0], choices[1])
        except PirateRulesError as exc:
            raise PirateRulesError(f"{where} cannot be played: {exc}") from None
        session.options["moves"].append(moment)
        _new_events(session)


def _kept(session: Session, choices: list[Action], looked: set[int]) -> str:
    """The moment just played as the keep writes it: ``w`` for a computer that did not look."""
    return "".join(
        _NOT_LOOKED if session.bots[seat] is not None and seat not in looked else str(action)
        for seat, action in enumerate(choices)
    )


def _read_actions(actions: Any) -> list[str | None]:
    if actions is None:
        return [None, None]
    if not isinstance(actions, list) or len(actions) != 2:
        raise PirateRulesError(f"give one action per seat (a letter or null), not {actions!r}")
    return [None if action is None else str(action) for action in actions]


def _look(session: Session, seat: int) -> Action:
    """The computer in ``seat`` looks at the table on one beat of the clock and acts."""
    beats: list[int] = session.options["beats"]
    bot = session.bots[seat]
    assert bot is not None
    action: Action = bot.choose(cast(PirateGame, _Beats(session.game, beats[seat])), seat)
    beats[seat] += 1
    return action


def pirate_moment(game_id: str, actions: Any = None, looks: Any = ()) -> JSON:
    """Play one moment and return the new view (P4).

    Args:
        game_id: The game.
        actions: One entry per seat: a person's action letter (``T P C W``), or null
            for a seat whose person did nothing in this moment.
        looks: The seats whose computer looks at the table on this moment (one beat of
            the clock each); a computer that does not look waits.

    A person's action that the rules refuse this moment becomes a wait: the view's
    ``last.refused`` names the seat, the action and the rule, as the engine words it.
    Both seats' actions take effect together, so ties are settled by the rules (P7, P9).
    """
    session = find_session(game_id, "pirate")
    game: PirateGame = session.game
    wanted = _read_actions(actions)
    looking = {int(seat) for seat in looks or ()}
    if game.is_terminal():
        return pirate_view(game_id)
    choices: list[Action] = []
    refused = []
    for seat, bot in enumerate(session.bots):
        if bot is not None:
            choices.append(_look(session, seat) if seat in looking else Action.WAIT)
            continue
        action = Action.WAIT if wanted[seat] is None else parse_action(str(wanted[seat]))
        try:
            game.check_action(seat, action)
        except PirateRulesError as exc:
            refused.append(
                {
                    "seat": seat,
                    "action": str(action),
                    "rule": getattr(exc, "rule", None),
                    "message": str(exc),
                }
            )
            action = Action.WAIT
        choices.append(action)
    moves = _moves(game, choices)
    game.apply_moment(choices[0], choices[1])
    session.options["moves"].append(_kept(session, choices, looking))
    last = {
        "moment": game.moment,
        "actions": [str(action) for action in choices],
        "moves": moves,
        "refused": refused,
        "events": (events := _new_events(session)),
        "skipped": 0,
    }
    view = pirate_view(game_id, last)
    view["say"] = _say(events)
    return view


def pirate_tick(game_id: str, action: str = "W") -> JSON:
    """One beat of the clock: every person seat does ``action``, every computer looks."""
    session = find_session(game_id, "pirate")
    people = [action if bot is None else None for bot in session.bots]
    computers = [seat for seat, bot in enumerate(session.bots) if bot is not None]
    return pirate_moment(game_id, people, computers)


def pirate_skip(game_id: str) -> JSON:
    """Play out a stretch in which only a computer can still act, and return the view.

    The computers look once a moment, as on the clock's beats, and people wait; the
    stretch ends when the other side can act again or the game is over. Without such a
    stretch nothing is played.
    """
    session = find_session(game_id, "pirate")
    game: PirateGame = session.game
    computers = [bot is not None for bot in session.bots]
    now = stretch(game, computers)
    if now is None or not now["fast"]:
        return pirate_view(game_id)
    start = game.moment
    while game.moment - start < MAX_SKIP:
        choices = [
            Action.WAIT if bot is None else _look(session, seat)
            for seat, bot in enumerate(session.bots)
        ]
        game.apply_moment(choices[0], choices[1])
        session.options["moves"].append(_kept(session, choices, {0, 1}))
        after = stretch(game, computers)
        if game.is_terminal() or after is None or after["active"] != now["active"]:
            break
    last = {
        "moment": game.moment,
        "actions": None,
        "moves": [],
        "refused": [],
        "events": (events := _new_events(session)),
        "skipped": game.moment - start,
    }
    view = pirate_view(game_id, last)
    view["say"] = _say(events)
    return view


def _moves(game: PirateGame, choices: list[Action]) -> list[JSON]:
    """What each action moves, read before the moment: for the page's animations."""
    moves = []
    for seat, action in enumerate(choices):
        if action is Action.TURN:
            stock = game.stock(seat)
            card = str(stock[0]) if stock else None
            moves.append({"seat": seat, "kind": "turn" if card else "restock", "card": card})
        elif action is Action.PLAY:
            moves.append({"seat": seat, "kind": "play", "card": str(game.waste_top(seat))})
        elif action is Action.CLAIM:
            claimed = str(game.waste_top(1 - seat))
            moves.append({"seat": seat, "kind": "claim", "card": claimed, "from": 1 - seat})
    return moves


def _audience(session: Session) -> Audience:
    """Who the family words of this game speak to (`pirate_rules.web.family`)."""
    game: PirateGame = session.game
    return Audience(game.players, (session.bots[0] is not None, session.bots[1] is not None))


_UNSAID: Final = ("restock",)
"""Events the voice leaves to the log: a child needs to hear of them no more than of a card."""


def _new_events(session: Session) -> list[JSON]:
    """The log entries of the events since the last call, and the end once it comes.

    Each entry has the engine's sentence (``text``) and the family words (``family``);
    ``said`` marks those a voice reads out, ``urgent`` those it says at once, silencing
    any other. Entries of the game's state follow the events: a player who has just run
    out of cards, and a person who may claim the card just turned (P9).

    Example:
        >>> view = pirate_new({"seed": 3, "seats": ["person", "child"]})
        >>> [(line["kind"], line["family"]) for line in view["log"]]
        [('cut', 'The computer is low: its first ships start from the Ace.')]
        >>> view["say"]
        {'text': 'The computer is low: its first ships start from the Ace.', 'urgent': False}
    """
    game: PirateGame = session.game
    audience = _audience(session)
    fresh = [
        {
            "kind": event.kind,
            "text": describe_event(game, event),
            "family": family.pirate_event_words(game, event, audience),
            "said": event.kind not in _UNSAID,
            "urgent": False,
            "suit": event.suit,
            "number": event.number,
            "player": event.player,
        }
        for event in game.events[session.seen_events :]
    ]
    session.seen_events = len(game.events)
    outcome = game.outcome()
    if outcome is not None and not any(entry["kind"] == "end" for entry in session.log):
        words = family.pirate_end_words(audience, outcome.winner, game.score)
        fresh.append(
            {
                "kind": "end",
                "text": f"Game over: {describe_outcome(game, outcome)}.",
                "family": words,
                "said": True,
                "urgent": True,
                "suit": "",
                "number": 0,
                "player": outcome.winner,
            }
        )
    elif outcome is None:
        fresh.extend(_news(session, audience))
    session.log.extend(fresh)
    return fresh


def _news(session: Session, audience: Audience) -> list[JSON]:
    """The game's state as news, each told once: a player out of cards, and a person who
    may claim the card just turned (each such card once)."""
    game: PirateGame = session.game
    told = session.options.setdefault("told", {"out": [False, False], "claim": [None, None]})
    news = []
    for seat in (0, 1):
        card = game.waste_top(1 - seat)
        mark = None
        if session.bots[seat] is None and card is not None and game.can_claim(seat):
            mark = f"{card}/{len(game.waste(1 - seat))}"
        if game.is_observer(seat) and not told["out"][seat]:
            told["out"][seat] = True
            if mark is None or seat != audience.you:  # else "claim!" tells it all
                words = family.pirate_out_words(game, audience, seat)
                news.append(_line("out", words, seat, False))
        if mark is not None and mark != told["claim"][seat]:
            words = family.pirate_claim_words(game, audience, seat)
            news.append(_line("claimable", words, seat, True))
        told["claim"][seat] = mark
    return news


def _line(kind: str, words: str, seat: int, urgent: bool) -> JSON:
    """A line of the log that tells the game's state: the same words written and said."""
    return {"kind": kind, "text": words, "family": words, "said": True, "urgent": urgent,
            "suit": "", "number": 0, "player": seat}  # fmt: skip


def _say(lines: list[JSON]) -> JSON | None:
    """What the voice says of ``lines``: their family words marked ``said``, in order, and
    whether it says them at once (``urgent``) or once the line being said is over."""
    said = [line for line in lines if line["said"]]
    if not said:
        return None
    text = " ".join(line["family"] for line in said)
    return {"text": text, "urgent": any(line["urgent"] for line in said)}


def pirate_view(game_id: str, last: JSON | None = None) -> JSON:
    """Everything the Pirate page draws for game ``game_id``; ``last`` is the latest moment."""
    session = find_session(game_id, "pirate")
    # Who plays each seat; a game opened elsewhere (the record viewer) says it by its bots.
    plays: list[str] = session.options.get("plays") or [
        PERSON if bot is None else bot.name for bot in session.bots
    ]
    watched = session.options.get("start") is None  # opened elsewhere: the record viewer
    view = {
        "id": session.id,
        "game": "pirate",
        "seed": session.seed,
        **table_view(session.game, session.bots, plays, watched=watched),
        "log": session.log[-40:],
        "last": last,
        "say": None,
        "beat_ms": BEAT_MS,
        "keep": _keep(session),
    }
    return view


def _keep(session: Session) -> JSON | None:
    """What the page saves and shares: how the game started and its moments since."""
    start = session.options.get("start")
    if start is None:
        return None  # a game opened elsewhere (the record viewer) is not kept
    return {**start, "moves": list(session.options["moves"])}
