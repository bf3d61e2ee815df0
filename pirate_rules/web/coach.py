"""A coach during a real game of Marvin's Pirates Go!: which move the expert would make,
and why, in family words.

A person to move may ask for a hint. The expert (`pirate_rules.marvin.expert.ExpertBot`,
the play page's hardest level) chooses as it would in that seat, and the sentence of the
puzzles (`pirate_rules.marvin.puzzles.explain`) says why its move beats the next best
one, from what the two moves do on the table. The expert here has its own generator,
seeded from the game's seed and the number of moves played, so a hint never changes the
computer opponent's choices, and the same position always gets the same hint:

    >>> from pirate_rules.web import marvin_move, marvin_new, record
    >>> view = marvin_new({"seed": 1, "mode": "computer", "bot": "random"})
    >>> print(view["headline"])
    You drew the Three of spades: hit one of the computer's pirates.
    >>> hint = marvin_hint(view["id"])
    >>> hint["move"], hint["marks"]
    ('GR', ['p1-GR'])
    >>> print(hint["text"])
    The expert would choose “Hit Computer's guard right (GR)”. Hitting Computer's guard
    right does more for you than hitting Computer's guard left.

A hint used goes into the game's record as the turn's ``note`` (RECORDS.md lets a writer
add one), and into the game's ``keep``, so that a reload or a shared link keeps it:

    >>> view = marvin_move(view["id"], "GR")
    >>> turn = record(view["id"])["record"]["turns"][0]
    >>> turn["target"], turn["note"] == "Hint: " + hint["text"]
    ('GR', True)
    >>> view["keep"]["notes"] == {"0": turn["note"]}
    True
"""

from __future__ import annotations

from typing import Final

from pirate_rules.bots import bot_seed
from pirate_rules.errors import PirateRulesError
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin.display import describe_move
from pirate_rules.marvin.expert import ExpertBot
from pirate_rules.marvin.puzzles import explain
from pirate_rules.web import family
from pirate_rules.web.marvin import keep_of, marks_of
from pirate_rules.web.notes import add_notes, read_notes
from pirate_rules.web.sessions import JSON, find_session

__all__ = ["NOTE", "add_notes", "marvin_hint", "read_notes"]

NOTE: Final = "Hint: "
"""How a hint's note starts in the record."""

_COACH_SEAT: Final = 2
"""The coach's generator is seeded as a third seat's bot would be (`bot_seed`)."""


def advice(game: MarvinGame, seed: int) -> tuple[str, str, float | None]:
    """The expert's move for the player to move, the hint in family words, and the
    move's chance to win as the expert measured it (None when it is the only move).

    Example:
        >>> game = MarvinGame.stacked("8S 7C 2H", players=("Blue crew", "Red crew"))
        >>> game.play("GL", "GR")  # Blue knocks out Red's GL; Red hits Blue's GR
        >>> move, text, chance = advice(game, seed=1)
        >>> print(move, text)
        GR The expert would choose “Shield your guard right (GR)”: Red crew can hit it, and
        it has 3 hit points, but they cannot reach your captain right (CR).
    """
    player = game.to_move
    bot = ExpertBot(seed=seed)
    move = bot.choose(game, player)
    label = describe_move(game, move)
    if not bot.ranked:
        return str(move), family.hint_words(label, None), None
    other = bot.ranked[1][0]
    return str(move), family.hint_words(label, explain(game, move, other)), bot.ranked[0][1]


def marvin_hint(game_id: str) -> JSON:
    """A hint for the person to move in game ``game_id``; it is noted in the game.

    The answer has the expert's ``move`` (one of the view's ``legal``), the places it
    names (``marks``), the hint's ``text``, the ``note`` the record keeps and the game's
    new ``keep``.

    Raises:
        PirateRulesError: if the game is over or the computer is to move.
    """
    session = find_session(game_id, "marvin")
    game: MarvinGame = session.game
    if game.is_game_over():
        raise PirateRulesError("the game is over")
    if session.bots[game.to_move] is not None:
        raise PirateRulesError("it is the computer's turn")
    move, text, chance = advice(game, bot_seed(session.seed, _COACH_SEAT) + len(session.moves))
    note = NOTE + text
    notes: dict[int, str] = session.options.setdefault("notes", {})
    turn = len(game._history)  # the record's entry of the turn in play
    if note not in notes.get(turn, ""):
        notes[turn] = f"{notes[turn]} {note}" if turn in notes else note
    return {
        "move": move,
        "marks": marks_of(game, move),
        "text": text,
        "chance": chance,
        "note": note,
        "keep": keep_of(session),
    }
