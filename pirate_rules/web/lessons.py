"""Lessons of Marvin's Pirates Go!: short games on a stacked deck, each teaching one idea.

Each `Lesson` is a deal (`MarvinGame.stacked`), a few moves played before the child
takes over (``prelude``), and the child's turns (`Turn`): the moves that reach the
lesson's goal, a friendly nudge for any other move, and what the other crew answers.
The table offers every legal move, as in a game; a move that misses the goal is refused
with its nudge and the places to tap (``show``), and the game is left as it was, so that
the child simply tries again. A tap on a place that offers no move gets the same help
(`lesson_miss`). The engine decides every move and its outcome; the page only draws.

    >>> view = lesson_start("hit")
    >>> [choice["move"] for choice in view["legal"]]
    ['GL', 'GR']
    >>> wrong = lesson_tap(view["id"], "GL")
    >>> wrong["refused"], wrong["nudge"], wrong["show"]
    (True, 'That guard still has all four hearts. Find the guard with only one heart left!', \
['p1-GR'])
    >>> right = lesson_tap(view["id"], "GR")
    >>> right["done"], right["stars"], right["steps"][0]["family"]
    (True, 2, "You hit the computer's guard, and it fainted!")

Stars: three for no wrong tap, two for one, one for more (`stars`).

A voice reads out each step as it is shown, in family words (`pirate_rules.web.family`),
in its ``say``; a draw that waits for the child's tap says the prompt there, and each view
says in its ``say`` what to do once the page comes to rest:

    >>> view = lesson_start("shield")
    >>> view["steps"][0]["say"]
    'Give your guard with one heart a shield: it stops the next hit. Your turn: draw a card.'
    >>> done = lesson_tap(view["id"], "GL")
    >>> [step["say"] for step in done["steps"]]
    ['You gave your guard a shield.', 'The computer drew the Five of clubs.', \
'The computer hit your guard, but the shield stopped it!']
    >>> done["say"]
    'Well done! The shield broke, and your guard kept its heart!'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from pirate_rules.cards import Card
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin.display import EV_CARD
from pirate_rules.web import family
from pirate_rules.web.family import Audience
from pirate_rules.web.marvin import _choices as choices
from pirate_rules.web.marvin import game_move_text, pace_steps
from pirate_rules.web.marvin_table import initial_table, steps_since, table_json
from pirate_rules.web.sessions import JSON, Session, card_json, find_session, store

__all__ = [
    "LESSONS",
    "Lesson",
    "Taught",
    "Turn",
    "lesson_miss",
    "lesson_start",
    "lesson_tap",
    "lessons_list",
    "listing",
    "refusal",
    "stars",
    "view_of",
]

YOU: Final = 0
"""The child plays the crew at the bottom."""

NAMES: Final = ("Blue crew", "Computer")
AUDIENCE: Final = Audience(NAMES, (False, True))
"""Lessons speak to the child as "you"; the other crew is the computer."""


@dataclass(frozen=True)
class Turn:
    """One choice of the child's: the moves that reach the goal, the nudge for any other
    (``nudges`` for a few particular ones), and the other crew's answer (``reply``)."""

    answers: tuple[str, ...]
    nudge: str
    nudges: Mapping[str, str] = field(default_factory=dict)
    reply: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One lesson: its name, its goal in words and as a picture, its deal and its turns.

    ``picture`` is a list of the things the goal shows, left to right (a card, a pirate
    with its hearts and shield, an arrow, a knock-out, a prize); ``goal`` says the same
    in words, for whoever cannot see the picture. ``reached`` tells from the game that
    the goal is reached (the tests check it after the answers).
    """

    key: str
    title: str
    goal: str
    picture: tuple[Mapping[str, object], ...]
    deal: str
    prelude: tuple[str, ...]
    turns: tuple[Turn, ...]
    reached: Callable[[MarvinGame], bool]
    praise: str
    first: int = 0


def _hp(game: MarvinGame, seat: int, position: str) -> int:
    pirate = game.sides[seat][position]
    return 0 if pirate is None else pirate.hit_points


def _shield_stopped(game: MarvinGame, seat: int) -> bool:
    """True once a hit of the player in ``seat`` broke a shield instead of a heart (M17)."""
    return any(
        event[0] == EV_CARD and event[2] == seat and len(event) > 5 and event[5]
        for event in game._events
    )


def _card(card: str) -> Mapping[str, object]:
    return {"card": card_json(Card.parse(card))}


def _pirate(
    hp: int, *, captain: bool = False, shield: bool = False, mine: bool = False
) -> Mapping[str, object]:
    """A pirate in a goal's picture: the computer's, or the child's own (``mine``)."""
    return {"pirate": "captain" if captain else "guard", "hp": hp, "shield": shield, "mine": mine}


_TO: Final = {"sign": "to"}
_KO: Final = {"sign": "ko"}

LESSONS: Final = (
    Lesson(
        key="hit",
        title="A hit",
        goal="Hit the computer's guard that has one heart left, so that it faints.",
        picture=(_card("5H"), _TO, _pirate(1), _KO),
        deal="9S JK 3S JK 5H",
        prelude=("GR", "GR"),
        turns=(
            Turn(
                ("GR",),
                "Find the guard with only one heart left!",
                {
                    "GL": (
                        "That guard still has all four hearts. "
                        "Find the guard with only one heart left!"
                    )
                },
            ),
        ),
        reached=lambda game: _hp(game, 1, "GR") == 0,
        praise="One hit, one heart: the guard fainted!",
    ),
    Lesson(
        key="shield",
        title="A shield",
        goal="Give your guard with one heart a shield: it stops the next hit.",
        picture=(_card("2H"), _TO, _pirate(1, shield=True, mine=True)),
        deal="9C JK 3C 2H 5C AS",
        first=1,
        prelude=("GL", "GL"),
        turns=(
            Turn(
                ("GL",),
                "Your guard with one heart needs the shield most: one more hit and it faints!",
                reply=("GL",),
            ),
        ),
        reached=lambda game: _hp(game, 0, "GL") == 1 and _shield_stopped(game, 1),
        praise="The shield broke, and your guard kept its heart!",
    ),
    Lesson(
        key="eight",
        title="The 8 knocks out",
        goal="With the 8, knock out the computer's guard with the shield.",
        picture=(_card("8H"), _TO, _pirate(4, shield=True), _KO),
        deal="3S 2C 8H",
        prelude=("GR", "GL"),
        turns=(
            Turn(
                ("GL",),
                "Look for the guard with the shield!",
                {
                    "GR": (
                        "An 8 knocks out any pirate, even one with a shield. "
                        "Try the guard with the shield!"
                    )
                },
            ),
        ),
        reached=lambda game: _hp(game, 1, "GL") == 0,
        praise="An 8 goes straight through a shield!",
    ),
    Lesson(
        key="nine",
        title="The 9 slashes",
        goal="A 9 is two hits: slash the computer's guard with two hearts.",
        picture=(_card("9H"), _TO, _pirate(2), _KO),
        deal="9S JK 9H",
        prelude=("GL",),
        turns=(
            Turn(
                ("GL",),
                "Find the guard with two hearts!",
                {"GR": "A 9 takes two hearts, and that guard has four. Find the guard with two!"},
            ),
        ),
        reached=lambda game: _hp(game, 1, "GL") == 0,
        praise="Two hits at once: the guard fainted!",
    ),
    Lesson(
        key="captain",
        title="The guard protects the captain",
        goal="Hit the computer's captain who has no guard in front any more.",
        picture=(_card("5H"), _TO, _pirate(4, captain=True)),
        deal="8S JK 5H",
        prelude=("GL",),
        turns=(
            Turn(
                ("CL",),
                "Find the captain with no guard in front!",
                {
                    "GR": (
                        "That is a guard. The captain behind the empty place has no guard "
                        "now: hit it!"
                    )
                },
            ),
        ),
        reached=lambda game: _hp(game, 1, "CL") == 3,
        praise="No guard in front, so the captain could be hit!",
    ),
    Lesson(
        key="cave",
        title="The Cave",
        goal="Hide one of your captains in the Cave, where no card can reach it.",
        picture=(_pirate(4, captain=True, mine=True), _TO, {"prize": "cave"}),
        deal="KS JK",
        prelude=("take cave",),
        turns=(
            Turn(
                ("cave CL", "cave CR"),
                "Use your prize first: tap one of your captains to hide it in the Cave.",
            ),
        ),
        reached=lambda game: any(
            pirate is not None and pirate.hidden
            for pirate in (game.sides[0]["CL"], game.sides[0]["CR"])
        ),
        praise="Your captain is safe in the Cave!",
    ),
    Lesson(
        key="ship",
        title="The Ship",
        goal="Use the Ship: swap your guard with one heart with a captain, out of reach.",
        picture=(_pirate(1, mine=True), {"prize": "ship"}, _pirate(4, captain=True, mine=True)),
        deal="QS 9C JK 3C",
        prelude=("take ship", "GL", "draw", "GL"),
        turns=(
            Turn(
                ("ship GL CL", "ship GL CR"),
                "Move your guard with one heart to the back: tap it, then a captain.",
                {"draw": "Use the Ship first: tap your guard with one heart, then a captain."},
            ),
        ),
        reached=lambda game: _hp(game, 0, "GL") == 4,
        praise="Your weak pirate is at the back now, where it cannot be hit!",
    ),
    Lesson(
        key="fort",
        title="The Fort",
        goal="Use the Fort: give your guard that was hit a shield.",
        picture=(_pirate(3, mine=True), {"prize": "fort"}, _pirate(3, shield=True, mine=True)),
        deal="JS 7C",
        prelude=("take fort", "GR"),
        turns=(
            Turn(
                ("fort GR",),
                "Give the Fort's shield to your guard that was hit: tap it.",
                {
                    "fort GL": "That guard has all four hearts. Shield the guard that was hit!",
                    "draw": "Use the Fort first: tap your guard that was hit.",
                },
            ),
        ),
        reached=lambda game: bool(game.sides[0]["GR"] and game.sides[0]["GR"].shield),
        praise="The Fort gave your guard a shield, and the card is still to come!",
    ),
    Lesson(
        key="joker",
        title="The Joker",
        goal="Draw: a Joker makes you miss a turn. Then knock out the guard with one heart.",
        picture=(_card("JK"), _TO, _pirate(1), _KO),
        deal="9S 5C 3S 7C JK JK 5H",
        prelude=("GL", "GL", "GL", "GR"),
        turns=(
            Turn(
                ("GL",),
                "Find the guard with only one heart left!",
                {"GR": "That guard has four hearts. Finish the guard with one heart!"},
            ),
        ),
        reached=lambda game: _hp(game, 1, "GL") == 0,
        praise="A Joker for each crew, and then your hit!",
    ),
    Lesson(
        key="win",
        title="Winning",
        goal="The computer has one pirate left: draw, and knock it out to win!",
        picture=(_card("9H"), _TO, _pirate(2, captain=True), _KO),
        deal="8S 5C 8H 7C 8D 3C 9S AC QS 5D 9H",
        prelude=("GL", "GL", "GR", "GR", "CR", "GL", "CL", "GR", "take ship", "GL"),
        turns=(
            Turn(
                ("draw",),
                "You can win now: tap the pile to draw a card!",
                {},
            ),
            Turn(("CL",), "Knock out their last pirate!"),
        ),
        reached=lambda game: game.winner == YOU,
        praise="All of their pirates fainted: you won!",
    ),
)

_BY_KEY: Final = {lesson.key: lesson for lesson in LESSONS}


def stars(misses: int) -> int:
    """The stars for a lesson finished after ``misses`` wrong taps.

    Example:
        >>> [stars(misses) for misses in range(4)]
        [3, 2, 1, 1]
    """
    return 3 if misses == 0 else 2 if misses == 1 else 1


class Taught(Protocol):
    """What the lessons of both games share: a key, a title, a goal in words and as a
    picture, and the praise at the end (`Lesson`, `pirate_lessons.PirateLesson`)."""

    @property
    def key(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def goal(self) -> str: ...
    @property
    def picture(self) -> tuple[Mapping[str, object], ...]: ...
    @property
    def praise(self) -> str: ...


def listing(lessons: Sequence[Taught]) -> JSON:
    """``lessons`` in order, each with its key, title, goal and goal picture.

    Example:
        >>> [lesson["key"] for lesson in listing(LESSONS)["lessons"]][:3]
        ['hit', 'shield', 'eight']
    """
    return {
        "lessons": [
            {
                "key": lesson.key,
                "title": lesson.title,
                "goal": lesson.goal,
                "picture": list(lesson.picture),
            }
            for lesson in lessons
        ]
    }


def lessons_list() -> JSON:
    """The lessons in order, each with its key, title, goal and goal picture."""
    return listing(LESSONS)


def view_of(session: Session, lesson: Taught, done: bool) -> JSON:
    """What a lesson's view holds in both games: the lesson, the wrong taps, the stars.

    The game's own view adds its table, the legal moves and the ``headline``; a refused
    tap sets ``refused`` and ``nudge`` (`refusal`); ``steps`` and ``say`` are filled in
    as the lesson goes.
    """
    misses = session.options["misses"]
    return {
        "id": session.id,
        "lesson": lesson.key,
        "title": lesson.title,
        "goal": lesson.goal,
        "picture": list(lesson.picture),
        "refused": False,
        "nudge": None,
        "misses": misses,
        "done": done,
        "stars": stars(misses) if done else None,
        "steps": [],
        "say": None,
    }


def refusal(session: Session, view: JSON, nudge: str) -> JSON:
    """A tap that misses the goal: counted, and answered with ``nudge``, also said aloud."""
    view["misses"] = session.options["misses"] = session.options["misses"] + 1
    view.update(refused=True, nudge=nudge, say=nudge)
    return view


def _lesson(session: Session) -> Lesson:
    lesson: Lesson = _BY_KEY[session.options["lesson"]]
    return lesson


def _paced(steps: list[JSON], by_hand: bool) -> list[JSON]:
    """A draw the engine made for the child waits for their tap on the pile (unless the
    move was their own "draw"); a turn they lose is shown long enough to take in; a voice
    says every step (`pirate_rules.web.marvin.pace_steps`)."""
    return pace_steps(steps, AUDIENCE, (True, False), by_hand)


def _first_draw(steps: list[JSON]) -> int:
    """Where the child's own play starts: their first draw among ``steps`` (or the end)."""
    return next(
        (i for i, step in enumerate(steps) if step["kind"] == "draw" and step["seat"] == YOU),
        len(steps),
    )


def _settled(steps: list[JSON], game: MarvinGame) -> list[JSON]:
    """The steps a lesson ends with: up to the child's next turn, and without a card
    drawn and not played yet, so that the lesson ends on a settled table.

    Example:
        >>> view = lesson_start("hit")
        >>> [step["kind"] for step in lesson_tap(view["id"], "GR")["steps"]]
        ['hit']
    """
    if game.is_game_over():
        return steps
    steps = steps[: _first_draw(steps[1:]) + 1]
    while steps and steps[-1]["kind"] == "draw":
        steps = steps[:-1]
    return steps


def lesson_start(key: str) -> JSON:
    """Deal lesson ``key``, play its prelude, and return its first view.

    The view's ``dealt`` is the table as the lesson opens; its ``steps`` lead from there
    to the child's first choice (a draw waits for the child's tap on the pile).

    Raises:
        PirateRulesError: for a lesson that does not exist.
    """
    lesson = _BY_KEY.get(key)
    if lesson is None:
        raise PirateRulesError(f"no lesson {key!r} (choose from: {', '.join(_BY_KEY)})")
    game = MarvinGame.stacked(lesson.deal, first=lesson.first, players=NAMES)
    before, seen, drawn = initial_table(game), 0, None
    for index, move in enumerate(lesson.prelude):
        if index == len(lesson.prelude) - 1:
            before, seen, drawn = table_json(game), len(game._events), game.drawn
        game.push(move)
    steps = steps_since(game, before, seen, drawn, AUDIENCE)
    start = _first_draw(steps)
    dealt = steps[start - 1]["table"] if start else before
    session = store("lesson", 0, game, [None, None], {"lesson": key, "turn": 0, "misses": 0})
    view = _view(session)
    view["dealt"] = dealt
    view["steps"] = _paced(steps[start:], by_hand=False)
    if view["steps"] and view["steps"][0]["wait"]:  # the goal, then "draw a card"
        view["steps"][0]["say"] = family.join(lesson.goal, view["steps"][0]["say"])
        view["say"] = view["headline"]
    else:
        view["say"] = family.join(lesson.goal, view["headline"])
    return view


def lesson_tap(lesson_id: str, notation: str) -> JSON:
    """The child chose ``notation`` (one of the view's legal moves) in lesson ``lesson_id``.

    A move that reaches the goal is played, with the other crew's answer; any other is
    refused with the turn's nudge (``refused``, ``nudge``) and the game stays as it was.

    Raises:
        IllegalMoveError: for a move the rules forbid (the game is unchanged).
        PirateRulesError: once the lesson is finished.
    """
    session = find_session(lesson_id, "lesson")
    lesson, game = _lesson(session), session.game
    options = session.options
    if options["turn"] >= len(lesson.turns):
        raise PirateRulesError("this lesson is finished")
    turn = lesson.turns[options["turn"]]
    game.copy().push(notation)  # a move the rules forbid is refused here, with its rule
    move = game_move_text(notation)
    if move not in turn.answers:
        view = refusal(session, _view(session), turn.nudges.get(move, turn.nudge))
        view["show"] = _answer_places(game, turn)
        return view
    before, seen, drawn = table_json(game), len(game._events), game.drawn
    game.push(move)
    for reply in turn.reply:
        game.push(reply)
    options["turn"] += 1
    steps = _paced(steps_since(game, before, seen, drawn, AUDIENCE), by_hand=move == "draw")
    view = _view(session)
    if view["done"]:
        steps = _settled(steps, game)
        view["table"] = steps[-1]["table"] if steps else view["table"]
        view["say"] = family.join("Well done!", lesson.praise)
    view["steps"] = steps
    return view


def lesson_miss(lesson_id: str, place: str) -> JSON:
    """The child tapped ``place``, which offers no move now (it does not glow): the
    turn's nudge and the places to tap (``show``), as after a wrong tap, but not counted
    as one; the game stays as it was.

    Example:
        >>> view = lesson_start("ship")
        >>> help = lesson_miss(view["id"], "prize-ship")
        >>> help["nudge"], help["show"], help["misses"]
        ('Move your guard with one heart to the back: tap it, then a captain.', \
['p0-GL', 'p0-CL', 'p0-CR'], 0)

    Raises:
        PirateRulesError: once the lesson is finished.
    """
    session = find_session(lesson_id, "lesson")
    lesson, game = _lesson(session), session.game
    if session.options["turn"] >= len(lesson.turns):
        raise PirateRulesError("this lesson is finished")
    turn = lesson.turns[session.options["turn"]]
    view = _view(session)
    view.update(refused=True, nudge=turn.nudge, say=turn.nudge, place=place)
    view["show"] = _answer_places(game, turn)
    return view


def _answer_places(game: MarvinGame, turn: Turn) -> list[str]:
    """The places the child taps for the answers of ``turn``: the one place of a move
    played by one tap, else both places of it, each place once."""
    places: list[str] = []
    for choice in choices(game):
        if choice["move"] in turn.answers:
            tapped = [choice["element"]] if choice["element"] else choice["places"]
            places += [place for place in tapped if place not in places]
    return places


def _view(session: Session) -> JSON:
    """What the lessons page draws: the lesson, the table, the legal moves, the stars."""
    lesson, game = _lesson(session), session.game
    options = session.options
    done = options["turn"] >= len(lesson.turns)
    view = view_of(session, lesson, done)
    view.update(
        players=[
            {"name": NAMES[0], "computer": False, "bot": None, "level": None},
            {"name": NAMES[1], "computer": True, "bot": None, "level": None},
        ],
        to_move=None if done else game.to_move,
        headline=lesson.praise if done else family.prompt(game, AUDIENCE),
        pick=family.pick_prompt(),
        table=table_json(game),
        legal=[] if done else choices(game),
    )
    return view
