"""Disagreements between the learner's engine and the real one, said in words, naming a rule.

Two kinds of disagreement can come up at a decision point of a game:

* the legal moves differ (:func:`moves_difference`): the first move one engine allows
  and the other does not, with the reason the real engine gives (its refusal) or the
  reason the move is legal;
* the tables differ after a move (:func:`table_difference`): the first part of the
  table that differs, and the rule that the move just made was about.

    >>> from pirate_rules.course.real import RealGame
    >>> real = RealGame(1)
    >>> real.push("draw")
    >>> real.legal()
    ['GL', 'GR']
    >>> wrong = moves_difference(real.game, {"GL", "GR", "CL"}, set(real.legal()))
    >>> print(wrong.message, wrong.rule)
    your engine let Marvin hit Mum's CL while Mum's GL still stood M16
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pirate_rules.cards import Card
from pirate_rules.course.checking import Wrong, card_difference, describe_pirate
from pirate_rules.course.table import PLAYERS, POSITIONS, PRIZES, CrewView, TableView, real_view
from pirate_rules.course.table import same_swaps as _same_swaps
from pirate_rules.errors import InvalidMoveError
from pirate_rules.marvin import MarvinGame, Move, card_effect
from pirate_rules.marvin.refusals import refusal

__all__ = [
    "EFFECT_RULES",
    "Context",
    "after_hits",
    "moves_difference",
    "strike_rule",
    "table_difference",
]

EFFECT_RULES: Final = {
    "hit": "M10",
    "shield": "M11",
    "kill": "M12",
    "slash": "M13",
    "take": "M14",
    "lost": "M15",
}
"""The rule of each card's effect."""

_VERB: Final = {"hit": "hit", "slash": "slash", "kill": "knock out"}
_PRIZE: Final = {"cave": "the Cave", "ship": "the Ship", "fort": "the Fort"}
NOTATION: Final = (
    "'draw', 'ship GL CR', 'cave CL', 'fort GR', a position such as 'GL', or 'take cave'"
)


def effect_of(card: str | None) -> str | None:
    """The effect of a card given as text, or None."""
    return None if card is None else card_effect(Card.parse(card))


# -- legal moves -----------------------------------------------------------------------


def moves_difference(
    game: MarvinGame, mine: set[str], real: set[str], view: TableView | None = None
) -> Wrong | None:
    """The first move on which the learner's legal moves ``mine`` and the real ones differ.

    ``game`` is the real game at that decision point, and ``view`` its picture.
    """
    if mine == real:
        return None
    view = view or real_view(game)
    own = view.crews[view.to_move]
    mine, real = _same_swaps(mine, own), _same_swaps(real, own)
    extra = sorted(mine - real, key=_order)
    if extra:
        return _why_not(game, view, extra[0])
    missing = sorted(real - mine, key=_order)
    if missing:
        return _why_legal(view, missing[0])
    return None


def _order(move: str) -> tuple[int, str]:
    return (POSITIONS.index(move) if move in POSITIONS else 9, move)


def _names(view: TableView) -> tuple[str, str]:
    return PLAYERS[view.to_move], PLAYERS[1 - view.to_move]


def _why_not(game: MarvinGame, view: TableView, text: str) -> Wrong:
    name, other = _names(view)
    effect = effect_of(view.drawn)
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return Wrong(
            f"your engine offers {text!r}, which is no move: moves are written {NOTATION}",
            rule="M16" if effect in _VERB else "M5",
        )
    error = refusal(game, move)
    reason = str(error).removesuffix(f" ({error.rule})")
    if effect in _VERB and move.kind == "target" and move.position is not None:
        target = f"{name} {_VERB[effect]} {other}'s {move.position}"
        guard = "G" + move.position[1]
        if error.rule == "M16":
            return Wrong(f"your engine let {target} while {other}'s {guard} still stood", "M16")
        if error.rule == "M7":
            return Wrong(f"your engine let {target}, hidden in the Cave", "M7")
        if error.rule == "M17":
            return Wrong(f"your engine let {target}, where nobody stands", "M17")
    return Wrong(f"your engine let {name} play {text!r}, but {reason}", error.rule)


def _why_legal(view: TableView, text: str) -> Wrong:
    name, other = _names(view)
    effect = effect_of(view.drawn)
    words = text.split()
    kind = words[0] if len(words) > 1 else "target" if text in POSITIONS else text
    if kind == "target" and effect in _VERB:
        why = "a guard" if text in ("GL", "GR") else "whose guard position in front is empty"
        return Wrong(
            f"your engine did not let {name} {_VERB[effect]} {other}'s {text}, {why} (the"
            f" {view.drawn} may aim at any pirate in the guard row, and at a captain with"
            " nobody in front)",
            "M16",
        )
    if kind == "target":
        return Wrong(
            f"your engine did not let {name} shield {name}'s {text} with the {view.drawn}:"
            " it stands on the board without a shield",
            "M11",
        )
    if kind == "take":
        holder = view.holder(words[1])
        source = "from the bank" if holder is None else f"from {PLAYERS[holder]}"
        return Wrong(
            f"your engine did not let {name} take {_PRIZE[words[1]]} {source} with the"
            f" {view.drawn}: a J, Q or K takes any prize its player does not hold",
            "M14",
        )
    if kind == "ship":
        crew = view.crews[view.to_move]
        what = "a swap" if crew.at(words[2]) else f"a move into the empty {words[2]}"
        return Wrong(f"your engine did not offer {name} the Ship's {text!r} ({what})", "M6")
    if kind == "cave":
        return Wrong(
            f"your engine did not offer {name} {text!r}: {name} holds the Cave, both captains"
            " stand and none is hidden",
            "M7",
        )
    if kind == "fort":
        return Wrong(
            f"your engine did not offer {name} {text!r}: {name} holds the Fort, both guards"
            f" stand and {words[1]} has no shield",
            "M8",
        )
    return Wrong(
        f"your engine did not offer {name} {text!r}: before the draw, a player may always go"
        " on to the draw without a prize power",
        "M5",
    )


# -- the table after a move ------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """What the step just played was, to tell which rule a difference is about.

    Attributes:
        player: Who moved.
        move: The move, or None at the start of the game.
        card: The card drawn or played in this step, if any.
        chosen: Whether the move was the card's choice (a target or a prize), rather
            than a prize power or ``draw`` followed by the draw.
        reshuffled: Whether the draw pile was refilled in this step.
        aimed: The crew a hit card of this step aimed at, as it was before the hit.
    """

    player: int
    move: str | None = None
    card: str | None = None
    chosen: bool = False
    reshuffled: bool = False
    aimed: CrewView | None = None

    @property
    def effect(self) -> str | None:
        return effect_of(self.card)

    @property
    def power(self) -> str | None:
        """The prize power used in this step, if any."""
        if self.move is None or self.chosen or self.move == "draw":
            return None
        return self.move

    def doing(self) -> str:
        """The step in words, such as ``"after Marvin's 9C on Mum's GL"``."""
        name = PLAYERS[self.player]
        if self.move is None:
            return "at the start of the game"
        if self.chosen and self.move in POSITIONS:
            whose = PLAYERS[self.player if self.effect == "shield" else 1 - self.player]
            return f"after {name}'s {self.card} on {whose}'s {self.move}"
        if self.chosen:
            return f"after {name}'s {self.card} and {self.move!r}"
        if self.power:
            return f"after {name}'s {self.power!r} and the draw of the {self.card}"
        return f"after {name} drew the {self.card}"


def table_difference(mine: TableView, real: TableView, context: Context) -> Wrong | None:
    """The first difference between the learner's table and the real one, in words."""
    doing = context.doing()
    effect = context.effect
    if mine.winner != real.winner:
        return _winner(mine, real, doing)
    # The crews and the prizes first: a turn plays on by itself while nobody has a choice,
    # so a wrong crew often leads to a wrong card drawn or pile in the same move.
    for player in (0, 1):
        if mine.crews[player] != real.crews[player]:
            return _crew(player, mine.crews[player], real.crews[player], context, doing)
    if mine.holders != real.holders:
        prize = next(
            p for p, a, b in zip(PRIZES, mine.holders, real.holders, strict=True) if a != b
        )
        rule = "M3" if context.move is None or context.power else "M14"
        return Wrong(
            f"{doing}, your engine has {_PRIZE[prize]} {_held(mine.holder(prize))}; the real"
            f" one has it {_held(real.holder(prize))}",
            rule,
        )
    if mine.drawn != real.drawn:
        return _drawn(mine, real, context, doing)
    if (mine.draw, mine.discard) != (real.draw, real.discard):
        return _piles(mine, real, context, doing)
    if (mine.to_move, mine.turn) != (real.to_move, real.turn):
        turn_rule = "M4" if context.move is None else "M15" if effect == "lost" else None
        if mine.to_move != real.to_move:
            return Wrong(
                f"{doing}, your engine gives the next move to {PLAYERS[mine.to_move]}; it is"
                f" {PLAYERS[real.to_move]}'s",
                turn_rule,
            )
        return Wrong(
            f"{doing}, your engine counts {mine.turn} turns played; the real one {real.turn}:"
            " a turn counts once its card is done and discarded",
            turn_rule,
        )
    return None


def _held(holder: int | None) -> str:
    return "in the bank" if holder is None else f"with {PLAYERS[holder]}"


def _winner(mine: TableView, real: TableView, doing: str) -> Wrong:
    if real.winner is not None and mine.winner is None:
        loser = PLAYERS[1 - real.winner]
        return Wrong(
            f"{doing}, all of {loser}'s pirates have fainted, but your engine did not end the"
            f" game: {PLAYERS[real.winner]} wins at once",
            "M18",
        )
    if mine.winner is not None and real.winner is None:
        other = 1 - mine.winner
        return Wrong(
            f"{doing}, your engine ended the game, but {PLAYERS[other]} still has pirates:"
            f" {_standing(real.crews[other])}",
            "M18",
        )
    return Wrong(f"{doing}, your engine names the wrong winner", "M18")


def _standing(crew: CrewView) -> str:
    return ", ".join(describe_pirate(crew, position) for position, _, _ in crew.pirates)


def _drawn(mine: TableView, real: TableView, context: Context, doing: str) -> Wrong:
    name = PLAYERS[context.player]
    if context.effect == "lost" and mine.drawn is not None:
        return Wrong(
            f"{doing}, your engine has {mine.drawn} drawn; a joker loses the rest of the"
            f" turn, so {name}'s turn is over",
            "M15",
        )
    waits = (mine.to_move, mine.turn, len(mine.draw)) == (
        real.to_move,
        real.turn,
        len(real.draw) + 1,
    )
    if real.drawn is not None and mine.drawn is None and waits:
        return Wrong(
            f"{doing}, your engine waits before the draw, but"
            f" {PLAYERS[real.to_move]} has no prize power to use: the turn goes straight to"
            f" the draw, and the {real.drawn} waits for its move",
            "M5",
        )
    if real.drawn is not None and mine.drawn is None:
        effect = effect_of(real.drawn)
        return Wrong(
            f"{doing}, your engine did not wait for a move for the {real.drawn}: it has"
            f" {_options(effect)} to choose from",
            EFFECT_RULES.get(effect or "", "M5"),
        )
    if mine.drawn is not None and real.drawn is None:
        effect = effect_of(mine.drawn)
        if real.turn > mine.turn or real.to_move != mine.to_move:
            return Wrong(
                f"{doing}, your engine waits for a move for the {mine.drawn}, but it has"
                f" nothing to do: the real engine ends the turn at once",
                EFFECT_RULES.get(effect or "", "M5"),
            )
        return Wrong(f"{doing}, your engine has {mine.drawn} drawn; the real one has no card", "M9")
    return Wrong(f"{doing}, your engine drew {mine.drawn}; the real one drew {real.drawn}", "M9")


def _options(effect: str | None) -> str:
    return {
        "hit": "targets",
        "slash": "targets",
        "kill": "targets",
        "shield": "pirates to shield",
        "take": "prizes",
    }.get(effect or "", "moves")


def _piles(mine: TableView, real: TableView, context: Context, doing: str) -> Wrong:
    rule = "M4" if context.move is None else "M15" if context.effect == "lost" else "M9"
    if mine.draw == real.draw:
        rule = "M9"  # the card of a turn is discarded when the turn is done
    if mine.draw != real.draw:
        size = (len(mine.draw), len(real.draw))
        if size[0] != size[1]:
            told = f"{size[0]} cards in its draw pile; the real one has {size[1]}"
        elif sorted(mine.draw) != sorted(real.draw):
            told = f"a draw pile that {card_difference(mine.draw, real.draw)}"
        else:
            first = next(
                i for i, (a, b) in enumerate(zip(mine.draw, real.draw, strict=True)) if a != b
            )
            told = (
                f"the draw pile in another order: card {first + 1} from the top is"
                f" {mine.draw[first]}, not {real.draw[first]}"
            )
        if context.move is None:
            return Wrong(
                f"{doing}, your engine has {told}: the deck given is the draw pile, as it is",
                rule,
            )
        return Wrong(f"{doing}, your engine has {told}", rule)
    return Wrong(
        f"{doing}, your discard pile is {' '.join(mine.discard[-5:]) or 'empty'}"
        f"{' (the last five)' if len(mine.discard) > 5 else ''}; the real one is"
        f" {' '.join(real.discard[-5:]) or 'empty'}: the card of each turn goes on the discard"
        " pile when the turn is done",
        rule,
    )


def _crew(player: int, mine: CrewView, real: CrewView, context: Context, doing: str) -> Wrong:
    whose = f"{PLAYERS[player]}'s"
    if context.move is None:
        return Wrong(f"{doing}, {whose} crew should be four fresh pirates", "M2")
    position = next(
        p for p in POSITIONS if mine.at(p) != real.at(p) or (mine.hidden == p) != (real.hidden == p)
    )
    rule = _crew_rule(player, position, mine, real, context)
    if mine.at(position) == real.at(position) and mine.hidden != real.hidden:
        if mine.hidden == position:
            return Wrong(
                f"{doing}, your engine keeps {whose} {position} hidden in the Cave; in the real"
                " one it is back on the board: a hidden captain comes back once nobody else of"
                " its crew stands in the captain row, or its owner loses the Cave",
                rule,
            )
        return Wrong(
            f"{doing}, your engine has {whose} {position} back on the board; in the real one"
            " it is still hidden in the Cave",
            rule,
        )
    return Wrong(
        f"{doing}, your engine has {whose} {describe_pirate(mine, position)}; the real one has"
        f" {describe_pirate(real, position)}",
        rule,
    )


def _crew_rule(player: int, position: str, mine: CrewView, real: CrewView, context: Context) -> str:
    if mine.hidden != real.hidden:
        return "M14" if context.effect == "take" else "M7"
    if context.power and context.player == player:
        return {"ship": "M6", "cave": "M7", "fort": "M8"}[context.power.split()[0]]
    effect = context.effect
    if effect in _VERB and context.player != player and context.move in POSITIONS:
        before = context.aimed or real
        return strike_rule(effect or "hit", before, context.move, mine, real, position)
    if effect == "shield":
        return "M11"
    return "M5" if effect is None else EFFECT_RULES[effect]


_BEHIND: Final = {"GL": "CL", "GR": "CR"}


def after_hits(pirate: tuple[int, bool] | None, hits: int) -> tuple[int, bool] | None:
    """A pirate's ``(hit points, shield)`` after ``hits`` hits, each dealt as M17 says; None
    once it has fainted.

    Example:
        >>> after_hits((4, True), 2), after_hits((1, False), 1)
        ((3, False), None)
    """
    for _ in range(hits):
        if pirate is None:
            break
        points, shield = pirate
        pirate = (points, False) if shield else (points - 1, False) if points > 1 else None
    return pirate


def strike_rule(
    effect: str, before: CrewView, target: str, mine: CrewView, real: CrewView, position: str
) -> str:
    """The rule a hit card's wrong outcome is about: the card's own (M10 one hit, M12 faint
    at once, M13 two hits, only on the target) when the learner's crew shows the wrong
    number of hits or a slash carried on, else M17 (what one hit does, fainting, nobody
    moving up).

    Example:
        >>> crew = CrewView((("GL", 4, False), ("CL", 4, False)))
        >>> twice = CrewView((("GL", 2, False), ("CL", 4, False)))
        >>> once = CrewView((("GL", 3, False), ("CL", 4, False)))
        >>> strike_rule("hit", crew, "GL", twice, once, "GL")
        'M10'
    """
    got, had = mine.at(position), before.at(target)
    behind = _BEHIND.get(target)
    stepped_up = behind is not None and got is not None and mine.at(behind) is None
    if position == target and stepped_up and got == before.at(behind or ""):
        return "M17"  # the captain stepped forward into the fainted guard's place
    if position != target:
        carried = effect == "slash" and position == behind and mine.at(target) is None
        return "M13" if carried else "M17"
    if effect == "kill":
        return "M12"
    if got is not None and got[0] <= 0:
        return "M17"  # a pirate at 0 hit points has fainted
    if got is None and real.at(target) == (1, False):
        return "M17"  # fainted at 1 hit point
    hits = 1 if effect == "hit" else 2
    if any(after_hits(had, count) == got for count in range(5) if count != hits):
        return EFFECT_RULES[effect]
    return "M17"
