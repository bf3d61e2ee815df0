"""JSON entry points for the play pages.

The browser runs this module in Python (Pyodide) inside a web worker. The page sends a
request naming one entry point of :data:`ENTRY_POINTS` with a JSON list of arguments,
and draws the JSON answer: a *view* holding everything it shows (both tables, the legal
choices with their labels, the log, the outcome). All rules stay in Python; the page
only draws views and sends back the notation of the choice the player clicked.

Games live in a small table of sessions keyed by game id, inside the worker's Python.

    >>> view = pirate_new({"seed": 7, "mode": "watch", "level": "expert"})
    >>> view["id"].startswith("pirate-"), view["moment"], view["seed"]
    (True, 0, 7)
    >>> view = pirate_tick(view["id"], "W")
    >>> view["moment"], [seat["waste"] for seat in view["seats"]]
    (1, [1, 1])

The Marvin page also resumes a game from its moves (``marvin_new`` with ``moves``) and
takes back a choice (``marvin_undo``); the Pirate page resumes one from its moments
(``pirate_new`` with ``moves``); the record viewer replays records of both games step by
step (``viewer_open``, ``viewer_step``). The lessons of each game start and take the
child's taps through their own entry points (``lesson_start`` and ``lesson_tap``;
``pirate_lesson_start`` and ``pirate_lesson_tap``).

Every entry point is also reachable as JSON text through :func:`call_json`, which is all
the worker calls:

    >>> import json
    >>> json.loads(call_json("info", "[]"))["result"]["games"]
    ['marvin', 'pirate']
    >>> json.loads(call_json("pirate_tick", '["pirate-404", "T"]'))["error"]["kind"]
    'UnknownGame'

The worker itself also calls :func:`prepare_snapshot` before it makes a memory snapshot
of a freshly started Python, and :func:`after_restore` in a Python restored from one
(see "How the engine is built", "Starting quickly"). They are not entry points: a page
cannot call them.
"""

from __future__ import annotations

import gc
import json
import linecache
import random
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any, Final

from pirate_rules import __version__
from pirate_rules.bots import bot_class
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate.record import to_record as pirate_record
from pirate_rules.simulate import play_match
from pirate_rules.web.botlab import lab_load, lab_next, lab_stop, lab_tournament
from pirate_rules.web.coach import add_notes, marvin_hint
from pirate_rules.web.course import (
    course_agent,
    course_answer,
    course_check,
    course_compare,
    course_next,
    course_sizes,
    course_speed,
    course_stop,
)
from pirate_rules.web.family import levels
from pirate_rules.web.lessons import lesson_miss, lesson_start, lesson_tap, lessons_list
from pirate_rules.web.live import live_run
from pirate_rules.web.marvin import (
    marvin_bot_move,
    marvin_move,
    marvin_new,
    marvin_undo,
    marvin_view,
)
from pirate_rules.web.pirate import (
    DEFAULT_LEVEL,
    PIRATE_LEVELS,
    pirate_moment,
    pirate_new,
    pirate_skip,
    pirate_tick,
    pirate_view,
)
from pirate_rules.web.pirate_lessons import (
    pirate_lesson_start,
    pirate_lesson_tap,
    pirate_lessons_list,
)
from pirate_rules.web.real_marvin import (
    real_marvin_new,
    real_marvin_play,
    real_marvin_record,
    real_marvin_undo,
    real_marvin_view,
)
from pirate_rules.web.real_pirate import (
    real_pirate_end,
    real_pirate_moment,
    real_pirate_new,
    real_pirate_undo,
    real_pirate_view,
)
from pirate_rules.web.sessions import (
    JSON,
    MAX_SEED,
    UnknownGameError,
    card_json,
    find_session,
    forget,
    offered_bots,
)
from pirate_rules.web.viewer import viewer_open, viewer_step

__all__ = [
    "ENTRY_POINTS",
    "MAX_SEED",
    "PIRATE_LEVELS",
    "UnknownGameError",
    "after_restore",
    "call_json",
    "card_json",
    "course_agent",
    "course_answer",
    "course_check",
    "course_compare",
    "course_next",
    "course_sizes",
    "course_speed",
    "course_stop",
    "forget",
    "info",
    "lab_load",
    "lab_next",
    "lab_stop",
    "lab_tournament",
    "lesson_miss",
    "lesson_start",
    "lesson_tap",
    "lessons_list",
    "live_run",
    "marvin_bot_move",
    "marvin_hint",
    "marvin_move",
    "marvin_new",
    "marvin_undo",
    "marvin_view",
    "offered_bots",
    "pace",
    "pirate_lesson_start",
    "pirate_lesson_tap",
    "pirate_lessons_list",
    "pirate_moment",
    "pirate_new",
    "pirate_skip",
    "pirate_tick",
    "pirate_view",
    "prepare_snapshot",
    "real_marvin_new",
    "real_marvin_play",
    "real_marvin_record",
    "real_marvin_undo",
    "real_marvin_view",
    "real_pirate_end",
    "real_pirate_moment",
    "real_pirate_new",
    "real_pirate_undo",
    "real_pirate_view",
    "record",
    "viewer_open",
    "viewer_step",
]


_STARTED: Final[dict[str, Any]] = {"id": secrets.token_hex(8), "at": time.time()}
"""This Python's start: a random id and the time, made once when the engine is imported.
A Python restored from a memory snapshot keeps the start of the Python the snapshot was
made of (``snapshot``, the build key it was kept for, is added by :func:`prepare_snapshot`)."""


def info() -> JSON:
    """What the pages offer: the engine's version, the bots of each game, the Marvin
    page's levels (`pirate_rules.web.family.levels`), Pirate's speeds, and when this
    Python started (``python``: see :data:`_STARTED`).

    Example:
        >>> "fast" in info()["bots"]["pirate"]
        True
        >>> info()["bot_descriptions"]["marvin"]["random"]
        'picks any legal move, at random'
        >>> [level["name"] for level in info()["marvin_levels"]]
        ['Easy', 'Medium', 'Hard']
        >>> sorted(info()["python"])
        ['at', 'id']
    """
    games = ("marvin", "pirate")
    return {
        "version": __version__,
        "python": {"id": _STARTED["id"], "at": _STARTED["at"]},
        "games": list(games),
        "bots": {game: offered_bots(game) for game in games},
        "bot_descriptions": {
            game: {name: bot_class(game, name).description for name in offered_bots(game)}  # type: ignore[attr-defined]
            for game in games
        },
        "marvin_levels": levels(),
        "pirate_levels": list(PIRATE_LEVELS),
        "pirate_default_level": DEFAULT_LEVEL,
    }


PACE_GAMES: Final = 100
"""Games of Marvin's Pirates Go! that :func:`pace` times."""


def pace() -> float:
    """Seconds this Python takes for a fixed piece of the engine's work: :data:`PACE_GAMES`
    games between the sensible and the random bot, from the same seeds each time (after
    one game that is not timed, so that no module's first import is counted).

    The pages measure it once in each Python they start: a request's time limit
    (``assets/live/engine.mjs``) grows by as many times as this device, or this busy
    moment, is slower than usual, so that a request that is only slow is not stopped
    as if it were stuck.

    Example:
        >>> 0 < pace() < 10
        True
    """
    bots = ("sensible", "random")
    play_match("marvin", PACE_GAMES, bots)
    started = time.perf_counter()
    for seed in range(PACE_GAMES):
        play_match("marvin", seed, bots)
    return time.perf_counter() - started


def prepare_snapshot(key: str) -> None:
    """Make this freshly started Python ready to be kept as the memory snapshot of ``key``.

    The worker calls this once, before any request, then makes the snapshot; ``key``
    names the build (the runtime's version and the engine's hash), so that a Python
    restored from it can tell it is the right one (:func:`after_restore`).

    Example:
        >>> prepare_snapshot("pyodide 0.0; engine test")
        >>> _STARTED["snapshot"]
        'pyodide 0.0; engine test'
    """
    _STARTED["snapshot"] = key
    gc.collect()  # the snapshot holds less garbage


def after_restore(key: str) -> JSON:
    """Set up a Python just restored from a memory snapshot, and say when it first started.

    The snapshot must have been made for the build ``key``. A restored Python would draw
    the same "random" numbers on every visit, so its generator is seeded afresh; and the
    engine's files, unpacked again, are looked up afresh.

    Raises:
        PirateRulesError: for a snapshot of another build (the worker then starts Python
            as usual).

    Example:
        >>> prepare_snapshot("engine 1")
        >>> after_restore("engine 1")["id"] == info()["python"]["id"]
        True
        >>> after_restore("engine 2")
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: this Python was kept for 'engine 1', not 'engine 2'
    """
    kept = _STARTED.get("snapshot")
    if kept != key:
        raise PirateRulesError(f"this Python was kept for {kept!r}, not {key!r}")
    random.seed()
    # Each path entry's finder forgets the files it listed (they were unpacked again).
    # Not importlib.invalidate_caches(): it also imports importlib.metadata, which costs
    # a restored Python more than all the rest of its start.
    for finder in list(sys.path_importer_cache.values()):
        forget = getattr(finder, "invalidate_caches", None)
        if forget is not None:
            forget()
    linecache.clearcache()
    python: JSON = info()["python"]
    return python


def record(game_id: str) -> JSON:
    """The game record (format 1) of game ``game_id`` and a file name for it."""
    session = find_session(game_id)
    if session.kind == "real_marvin":  # a game at a real table (real_marvin.py)
        return real_marvin_record(game_id)
    write = marvin_record if session.kind == "marvin" else pirate_record
    data = write(session.game)
    if session.kind == "marvin":
        add_notes(session, data)  # the coach's hints (coach.py)
    return {"filename": f"{session.kind}-{session.seed}.json", "record": data}


_TABLE: Final[dict[str, Callable[..., Any]]] = {
    "info": info,
    "pace": pace,
    "marvin_new": marvin_new,
    "marvin_view": marvin_view,
    "marvin_move": marvin_move,
    "marvin_bot_move": marvin_bot_move,
    "marvin_undo": marvin_undo,
    "marvin_hint": marvin_hint,
    "pirate_new": pirate_new,
    "pirate_moment": pirate_moment,
    "pirate_tick": pirate_tick,
    "pirate_skip": pirate_skip,
    "pirate_view": pirate_view,
    "record": record,
    "forget": forget,
    "viewer_open": viewer_open,
    "viewer_step": viewer_step,
    # playing with real cards (real_marvin.py, real_pirate.py)
    "real_marvin_new": real_marvin_new,
    "real_marvin_play": real_marvin_play,
    "real_marvin_undo": real_marvin_undo,
    "real_marvin_view": real_marvin_view,
    "real_marvin_record": real_marvin_record,
    "real_pirate_new": real_pirate_new,
    "real_pirate_moment": real_pirate_moment,
    "real_pirate_undo": real_pirate_undo,
    "real_pirate_end": real_pirate_end,
    "real_pirate_view": real_pirate_view,
    # the lessons (lessons.py, pirate_lessons.py)
    "lessons_list": lessons_list,
    "lesson_miss": lesson_miss,
    "lesson_start": lesson_start,
    "lesson_tap": lesson_tap,
    "pirate_lessons_list": pirate_lessons_list,
    "pirate_lesson_start": pirate_lesson_start,
    "pirate_lesson_tap": pirate_lesson_tap,
    # the live examples and the bot lab (live.py, botlab.py)
    "live_run": live_run,
    "lab_load": lab_load,
    "lab_tournament": lab_tournament,
    "lab_next": lab_next,
    "lab_stop": lab_stop,
    # the chapters of "Build it yourself" (course.py)
    "course_check": course_check,
    "course_answer": course_answer,
    "course_agent": course_agent,
    "course_compare": course_compare,
    "course_next": course_next,
    "course_stop": course_stop,
    "course_speed": course_speed,
    "course_sizes": course_sizes,
}

ENTRY_POINTS: Final = tuple(_TABLE)
"""The names a page may call through :func:`call_json`."""


def call_json(name: str, args_json: str) -> str:
    """Call entry point ``name`` with the JSON list ``args_json``; answer in JSON text.

    The answer is ``{"result": ...}`` or ``{"error": {"kind": ..., "message": ...}}``;
    this function never raises.
    """
    function = _TABLE.get(name)
    if function is None:
        return _error("UnknownCall", f"unknown request {name!r}")
    try:
        args = json.loads(args_json)
    except ValueError as exc:
        return _error("BadRequest", f"arguments are not JSON: {exc}")
    if not isinstance(args, list):
        return _error("BadRequest", "arguments must be a JSON list")
    try:
        return json.dumps({"result": function(*args)}, separators=(",", ":"))
    except UnknownGameError as exc:
        return _error("UnknownGame", str(exc))
    except Exception as exc:  # every failure goes back to the page as data
        return _error(type(exc).__name__, str(exc))


def _error(kind: str, message: str) -> str:
    return json.dumps({"error": {"kind": kind, "message": message}})
