"""Lessons of Pirate: a few moments of a stacked deal, each lesson teaching one idea.

*Pirate* is played in real time, but a lesson is not: the computer waits for the child.
Each tap of the child's is one moment (P4), in which the computer does what the lesson
has it do (``computer``: often nothing), and after which it may play a few moments on
its own (``reply``), which the page shows slowly, one by one. So each point can be seen:
a keel at each end of a ship, a card that joins two halves, two cards at once that sink
a ship, a card claimed as it is turned.

Each `PirateLesson` is a deal (`PirateGame` with ``stocks``, the child's first), the
moments played before the child takes over (``prelude``) and the child's taps
(`Tap`): the action that reaches the lesson's goal, and a friendly nudge for any other.
The child's table offers every legal action, as in a game; an action that misses the
goal is refused with its nudge, and the game is left as it was.

    >>> view = pirate_lesson_start("keel")
    >>> view["legal"]
    ['T', 'P']
    >>> wrong = pirate_lesson_tap(view["id"], "T")
    >>> wrong["refused"], wrong["nudge"]
    (True, 'Keep your Ace! Tap Play to lay it on its ship: it is the keel.')
    >>> right = pirate_lesson_tap(view["id"], "P")
    >>> right["done"], right["stars"], right["steps"][0]["family"]
    (True, 2, 'You laid the Ace of spades: it starts your half of the spades ship. The \
computer turned the King of spades.')

Each view says, in ``say``, what a voice reads out when the page comes to rest, in
family words (`pirate_rules.web.family`): what happened since the last tap, then the
prompt (or, at the end, the praise).

    >>> pirate_lesson_start("turn")["say"]
    'Tap Turn to turn your cards over, one by one, until an Ace shows. Tap Turn to turn \
your next card.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from pirate_rules.cards import Card
from pirate_rules.errors import PirateRulesError
from pirate_rules.pirate.actions import Action, parse_action
from pirate_rules.pirate.game import PirateGame
from pirate_rules.web import family
from pirate_rules.web.lessons import AUDIENCE, NAMES, YOU, listing, refusal, view_of
from pirate_rules.web.pirate import _moves as moves_of
from pirate_rules.web.pirate import _new_events as new_events
from pirate_rules.web.pirate_view import table_view
from pirate_rules.web.sessions import JSON, Session, card_json, find_session, store

__all__ = [
    "PIRATE_LESSONS",
    "PirateLesson",
    "Tap",
    "pirate_lesson_start",
    "pirate_lesson_tap",
    "pirate_lessons_list",
]

PLAYS: Final = ("person", "lesson")
"""How the table names who plays each seat: the child, and the lesson's computer."""


@dataclass(frozen=True)
class Tap:
    """One tap of the child's: the action that reaches the goal (``answer``), the nudge
    for any other (``nudges`` for a particular one), what the computer does in the same
    moment (``computer``) and the moments it then plays alone (``reply``)."""

    answer: str
    nudge: str
    nudges: Mapping[str, str] = field(default_factory=dict)
    computer: str = "W"
    reply: tuple[str, ...] = ()


@dataclass(frozen=True)
class PirateLesson:
    """One lesson: its name, its goal in words and as a picture, its deal and its taps.

    ``picture`` lists what the goal shows, left to right (a card, an arrow, a button, a
    ship); ``goal`` says the same in words. ``stocks`` are the child's and the
    computer's, top card first (part of one deck each); the child is the low player.
    ``reached`` tells from the game that the goal is reached.
    """

    key: str
    title: str
    goal: str
    picture: tuple[Mapping[str, object], ...]
    stocks: tuple[str, str]
    prelude: str
    taps: tuple[Tap, ...]
    reached: Callable[[PirateGame], bool]
    praise: str


def _card(card: str) -> Mapping[str, object]:
    return {"card": card_json(Card.parse(card))}


def _half(game: PirateGame, suit: str, seat: int = YOU) -> int:
    """How many cards ``seat``'s half of the ``suit`` ship holds."""
    return len(game.ship(suit).halves[seat])


_TO: Final = {"sign": "to"}
_SHIP: Final = {"prize": "ship"}
_SUNK: Final = {"sign": "sink"}


def _button(action: str) -> Mapping[str, object]:
    return {"action": action}


_UP_TO_SEVEN: Final = "AH 2H 3H 4H 5H 6H 7H 9S 4C"
_DOWN_TO_EIGHT: Final = "KH QH JH TH 9H 8H 4D KC"

PIRATE_LESSONS: Final = (
    PirateLesson(
        key="turn",
        title="Turning cards",
        goal="Tap Turn to turn your cards over, one by one, until an Ace shows.",
        picture=(_button("T"), _TO, _card("AS")),
        stocks=("8D 5C AS 9H", "KD 4S QC 7H"),
        prelude="",
        taps=(
            Tap("T", "Tap Turn!"),
            Tap("T", "Tap Turn again!", computer="T"),
            Tap("T", "One more: tap Turn!", computer="P"),
        ),
        reached=lambda game: str(game.waste_top(YOU))[0] == "A",
        praise="You found an Ace: every ship of yours starts with one!",
    ),
    PirateLesson(
        key="keel",
        title="A keel",
        goal="Lay your Ace on its ship: it is the keel, the first card of your half.",
        picture=(_card("AS"), _button("P"), _SHIP),
        stocks=("9C AS 3D 2S", "5H KS 2C QS"),
        prelude="TT TW",
        taps=(
            Tap(
                "P",
                "Tap Play to lay your Ace on its ship!",
                {"T": "Keep your Ace! Tap Play to lay it on its ship: it is the keel."},
                computer="T",
                reply=("P",),
            ),
        ),
        reached=lambda game: _half(game, "S") == 1,
        praise="Your Ace starts the spades ship, and the computer's King starts the other end!",
    ),
    PirateLesson(
        key="build",
        title="Building up and down",
        goal="Build up from your Ace: the Two, then the Three. "
        "The computer builds down from its King.",
        picture=(_card("AH"), _TO, _card("2H"), _TO, _card("3H")),
        stocks=("AH 2H 3H 8S 4H", "KH QH JH 6D TH"),
        prelude="TT PP",
        taps=(
            Tap("T", "Tap Turn to see your next card!", computer="T"),
            Tap(
                "P",
                "Your Two of hearts goes on your Ace: tap Play!",
                {"T": "Wait! Your Two of hearts goes on your Ace: tap Play!"},
                computer="P",
            ),
            Tap("T", "Tap Turn for your next card!", computer="T"),
            Tap(
                "P",
                "Your Three of hearts goes on your Two: tap Play!",
                {"T": "Wait! Your Three of hearts goes on your Two: tap Play!"},
                computer="P",
            ),
        ),
        reached=lambda game: _half(game, "H") == 3,
        praise="Up from the Ace, down from the King: the two halves grow towards each other!",
    ),
    PirateLesson(
        key="again",
        title="Going round again",
        goal="Your stock is empty: tap Turn to turn your waste over, then find your Two.",
        picture=(_button("T"), _TO, _card("2S"), _button("P")),
        stocks=("AS 2S 9D 7C 5H", "KS 8C QS 4D"),
        prelude="TT PP TW TW TW TW",
        taps=(
            Tap("T", "Tap Turn: your waste becomes your stock again!", computer="T"),
            Tap("T", "Tap Turn for your first card again!"),
            Tap(
                "P",
                "Your Two of spades goes on your Ace: tap Play!",
                {"T": "Wait! Your Two of spades goes on your Ace: tap Play!"},
            ),
        ),
        reached=lambda game: _half(game, "S") == 2,
        praise="An empty stock is not the end: turn your waste over and go round again!",
    ),
    PirateLesson(
        key="capture",
        title="A capture",
        goal="Your Seven joins the two halves of the hearts ship: play it, and the ship is yours.",
        picture=(_card("7H"), _TO, _SHIP),
        stocks=(_UP_TO_SEVEN, _DOWN_TO_EIGHT),
        prelude="TT PP " * 6 + "TW",
        taps=(
            Tap(
                "P",
                "Tap Play: your Seven of hearts fills the gap!",
                {"T": "Your Seven of hearts fills the gap between the halves: tap Play!"},
                computer="T",
            ),
        ),
        reached=lambda game: game.score[YOU] == 1,
        praise="The card that joins the two halves captures the ship: it is yours to keep!",
    ),
    PirateLesson(
        key="sink",
        title="A sinking",
        goal="Play your Seven as the computer plays its Eight: two cards at once, "
        "and the ship sinks.",
        picture=(_card("7H"), _card("8H"), _TO, _SUNK),
        stocks=(_UP_TO_SEVEN, _DOWN_TO_EIGHT),
        prelude="TT PP " * 5 + "TT PW TW",
        taps=(
            Tap(
                "P",
                "Tap Play: the computer plays its Eight at the same moment!",
                {"T": "Keep your Seven! Tap Play: the computer plays its Eight at once with it."},
                computer="P",
            ),
        ),
        reached=lambda game: len(game.sunk) == 1,
        praise="When two cards finish a ship in the same moment, it sinks!",
    ),
    PirateLesson(
        key="claim",
        title="Running out and claiming",
        goal="Play your last card. Out of cards, claim the computer's card that fits your ship.",
        picture=(_card("2S"), _TO, _card("3S"), _button("C")),
        stocks=("AS 2S", "KS 9D 3S QS 5C"),
        prelude="TT PP TW",
        taps=(
            Tap(
                "P",
                "Play your Two of spades: it goes on your Ace!",
                {"T": "Play your Two of spades first: it goes on your Ace!"},
                reply=("T", "T"),
            ),
            Tap("C", "Tap Claim to take the computer's Three of spades!"),
        ),
        reached=lambda game: _half(game, "S") == 3,
        praise="Out of cards, you can still claim a card the computer turns, if it fits your ship!",
    ),
)

_BY_KEY: Final = {lesson.key: lesson for lesson in PIRATE_LESSONS}


def pirate_lessons_list() -> JSON:
    """The Pirate lessons in order, each with its key, title, goal and goal picture.

    Example:
        >>> [lesson["key"] for lesson in pirate_lessons_list()["lessons"]]
        ['turn', 'keel', 'build', 'again', 'capture', 'sink', 'claim']
    """
    return listing(PIRATE_LESSONS)


def _lesson(session: Session) -> PirateLesson:
    lesson: PirateLesson = _BY_KEY[session.options["lesson"]]
    return lesson


def _table(session: Session, last: JSON | None = None) -> JSON:
    """The table as the play page's table draws it (`table_view`), with the lesson's id."""
    table = table_view(session.game, [None, None], PLAYS)
    table.update(id=session.id, last=last)
    return table


def _moment(session: Session, child: Action, computer: Action) -> JSON:
    """Play one moment of the lesson and return it as a step: its table and its words."""
    game: PirateGame = session.game
    moves = moves_of(game, [child, computer])
    seen = len(game.events)
    game.apply_moment(child, computer)
    events = game.events[seen:]
    last = {
        "moment": game.moment,
        "actions": [str(child), str(computer)],
        "moves": moves,
        "refused": [],
        "events": new_events(session),
        "skipped": 0,
    }
    seat = YOU if child is not Action.WAIT else 1
    words = family.pirate_moment_words(game, moves, events, AUDIENCE)
    return {"seat": seat, "family": words, "table": _table(session, last)}


def pirate_lesson_start(key: str) -> JSON:
    """Deal Pirate lesson ``key``, play its prelude, and return its first view.

    Raises:
        PirateRulesError: for a lesson that does not exist.
    """
    lesson = _BY_KEY.get(key)
    if lesson is None:
        raise PirateRulesError(f"no lesson {key!r} (choose from: {', '.join(_BY_KEY)})")
    game = PirateGame(stocks=lesson.stocks, players=NAMES, complete=False)
    if lesson.prelude:
        game.apply_moments(lesson.prelude)
    session = store("pirate-lesson", 0, game, [None, None], {"lesson": key, "tap": 0, "misses": 0})
    session.seen_events = len(game.events)
    view = _view(session)
    view["say"] = family.join(lesson.goal, view["headline"])
    return view


def pirate_lesson_tap(lesson_id: str, letter: str) -> JSON:
    """The child tapped the button of action ``letter`` in lesson ``lesson_id``.

    The lesson's answer is played with the computer's action of that moment, then the
    computer's moments alone; any other action is refused with the tap's nudge
    (``refused``, ``nudge``) and the game stays as it was.

    Raises:
        IllegalMoveError: for an action the rules forbid now (the game is unchanged).
        InvalidMoveError: for a letter that is no action.
        PirateRulesError: once the lesson is finished.
    """
    session = find_session(lesson_id, "pirate-lesson")
    lesson, game = _lesson(session), session.game
    options = session.options
    if options["tap"] >= len(lesson.taps):
        raise PirateRulesError("this lesson is finished")
    tap = lesson.taps[options["tap"]]
    action = parse_action(letter)
    game.check_action(YOU, action)  # an action the rules forbid is refused here, with its rule
    if action != tap.answer:
        return refusal(session, _view(session), tap.nudges.get(str(action), tap.nudge))
    steps = [_moment(session, action, parse_action(tap.computer))]
    for reply in tap.reply:
        steps.append(_moment(session, Action.WAIT, parse_action(reply)))
    options["tap"] += 1
    view = _view(session)
    said = [step["family"] for step in steps]
    if view["done"]:
        view["say"] = family.join("Well done!", *said, lesson.praise)
    else:
        view["say"] = family.join(*said, view["headline"])
    view["steps"] = steps
    return view


def _view(session: Session) -> JSON:
    """What the lessons page draws: the lesson, the table, the child's legal actions."""
    lesson, game = _lesson(session), session.game
    options = session.options
    done = options["tap"] >= len(lesson.taps)
    legal = [str(action) for action in game.legal_actions(YOU) if action is not Action.WAIT]
    view = view_of(session, lesson, done)
    view.update(
        players=list(NAMES),
        headline=lesson.praise if done else family.pirate_prompt(game, AUDIENCE, YOU),
        table=_table(session),
        legal=[] if done else legal,
    )
    return view
