"""The Marvin's Pirates Go! table as the page draws it, and each move told as steps.

`table_json` is the table in JSON: both crews, the prizes, the piles and the card in
play. One move can play on through several turns (a joker ends a turn by itself, a
player with no usable prize draws at once), so the answer to a move also carries its
**steps**: one per thing that happened, in order, each with its sentence, its rule id,
the places on the table it touches (``marks``) and the table just after it. The page
plays the steps one by one, then draws the final view; the last step's table is the
game's own. Each step also says what happened in family words (``family``, from
`pirate_rules.web.family`), and ``status`` is what the page says meanwhile when the
computer plays the step (else ``None``):

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("9C JK 5H", players=("Marvin", "Mum"))
    >>> before, seen, drawn = table_json(game), len(game.log), game.drawn
    >>> game.play("GL")
    >>> steps = steps_since(game, before, seen, drawn)
    >>> for step in steps:
    ...     print(step["kind"], step["rule"], step["marks"], "|", step["text"])
    slash M13 ['p1-GL'] | Turn 1: Marvin draws 9C and slashes Mum's GL (2 hits): GL 4 -> 2 HP
    draw M9 ['drawn'] | Turn 2: Mum draws the Joker.
    lost M15 ['drawn'] | Turn 2: Mum draws JK and loses the rest of the turn
    draw M9 ['drawn'] | Turn 3: Marvin draws the Five of hearts.
    >>> steps[-1]["table"] == table_json(game)
    True
    >>> [step["family"] for step in steps[:3]]
    ["Marvin slashed Mum's guard: two hits!", 'Mum drew the Joker.', 'Joker! Mum misses a turn.']

The steps' tables are worked out from the game's stored events (what each card did,
with the hit points before and after), never by applying the rules a second time.
"""

from __future__ import annotations

import copy
from typing import Any, Final

from pirate_rules.cards import Card
from pirate_rules.marvin import MarvinGame, card_effect
from pirate_rules.marvin.display import (
    EV_CARD,
    EV_POWER,
    EV_RESHUFFLE,
    EV_RETURN,
    EV_WIN,
    POSITION_NAMES,
    format_event,
)
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.table import EFFECT_OF_RANK, EFFECT_RULES, EFFECTS, POSITIONS, PRIZES
from pirate_rules.web.family import Audience, draw_words, event_words, playing
from pirate_rules.web.sessions import JSON, card_json, rule_link

__all__ = ["event_line", "initial_table", "steps_since", "table_json"]

_POWER_RULES: Final = {"ship": "M6", "cave": "M7", "fort": "M8"}
_IDLE: Final = {"lost": "lost", "shield": "idle", "take": "idle"}


def _pirate(position: str, hp: int, shield: bool, hidden: bool) -> JSON:
    return {
        "position": position,
        "name": POSITION_NAMES[position],
        "hp": hp,
        "shield": shield,
        "hidden": hidden,
        "fainted": hp == 0,
    }


def _drawn(card: Card | None) -> JSON | None:
    return None if card is None else {**(card_json(card) or {}), "effect": card_effect(card)}


def table_json(game: MarvinGame) -> JSON:
    """The table now: both crews (player 0 first), the bank, the piles, the card in play.

    Example:
        >>> table = table_json(MarvinGame.stacked("8S", players=("Ann", "Ben")))
        >>> table["sides"][1]["pirates"][0], table["drawn"]["effect"], table["draw_pile"]
        ({'position': 'GL', 'name': 'guard left', 'hp': 4, 'shield': False, 'hidden': False, \
'fainted': False}, 'kill', 53)
    """
    sides = []
    for seat in (0, 1):
        side = game.sides[seat]
        pirates = []
        for position in POSITIONS:
            pirate = side[position]
            pirates.append(
                _pirate(position, 0, False, False)
                if pirate is None
                else _pirate(position, pirate.hit_points, pirate.shield, pirate.hidden)
            )
        sides.append(
            {"name": game.players[seat], "prizes": list(game.prizes(seat)), "pirates": pirates}
        )
    discard = game.discard_pile
    return {
        "sides": sides,
        "bank": list(game.bank),
        "draw_pile": len(game.draw_pile),
        "discard_pile": len(discard),
        "discard_top": card_json(discard[-1]) if discard else None,
        "drawn": _drawn(game.drawn),
    }


def initial_table(game: MarvinGame) -> JSON:
    """The table as dealt, before the first draw: what the page shows as a game starts.

    Example:
        >>> game = MarvinGame.stacked("JK 8S")
        >>> initial_table(game)["draw_pile"], table_json(game)["draw_pile"]
        (54, 52)
    """
    return {
        "sides": [
            {
                "name": name,
                "prizes": [],
                "pirates": [_pirate(position, 4, False, False) for position in POSITIONS],
            }
            for name in game.players
        ],
        "bank": list(PRIZES),
        "draw_pile": len(game.deck),
        "discard_pile": 0,
        "discard_top": None,
        "drawn": None,
    }


def _everyone(game: MarvinGame) -> Audience:
    """Words for a game watched from outside: every player by name."""
    return Audience(game.players, (False, False))


def event_line(
    game: MarvinGame, event: tuple[object, ...], audience: Audience | None = None
) -> JSON:
    """One stored event as a log line: its sentence, the same in family words
    (`pirate_rules.web.family.event_words`), its rule id and the rule's page."""
    family = event_words(game, event, audience or _everyone(game))
    rule = _event_rule(event)
    return {"kind": "event", "text": format_event(game, event), "family": family, **rule_link(rule)}


def _event_rule(event: tuple[object, ...]) -> str:
    kind = event[0]
    if kind == EV_POWER:
        move = event[3]
        assert isinstance(move, Move)
        return _POWER_RULES[move.kind]
    if kind == EV_RESHUFFLE:
        return "M9"
    if kind == EV_RETURN:
        return "M7"
    if kind == EV_WIN:
        return "M18"
    card = event[3]
    assert isinstance(card, Card)
    return EFFECT_RULES[EFFECT_OF_RANK[card.rank]]


def steps_since(
    game: MarvinGame,
    before: JSON,
    events_from: int,
    drawn_before: Card | None,
    audience: Audience | None = None,
) -> list[JSON]:
    """What happened since the table was ``before``, as steps (see the module's description).

    Args:
        game: The game now.
        before: `table_json` of the game before the move.
        events_from: How many events the game had stored before the move.
        drawn_before: The card that was waiting for its choice before the move, if any.
        audience: Who the family words speak to; by default, every player by name.
    """
    audience = audience or _everyone(game)
    table = copy.deepcopy(before)
    pending = drawn_before
    steps: list[JSON] = []
    for event in game._events[events_from:]:
        if event[0] == EV_CARD:
            card = event[3]
            assert isinstance(card, Card)
            if pending is None:
                steps.append(_draw_step(game, table, card, event[2], event[1]))
            pending = None
        steps.append(_event_step(game, table, event))
        steps[-1]["family"] = event_words(game, event, audience)
    if game.drawn is not None and pending is None:
        steps.append(_draw_step(game, table, game.drawn, game.to_move, game.turn + 1))
    for step in steps:
        if step["kind"] == "draw":
            step["family"] = draw_words(audience, step["seat"], Card.parse(step["card"]["card"]))
        seat = step["seat"]
        step["status"] = (
            playing(audience, seat) if seat is not None and audience.computer[seat] else None
        )
    return steps


def _draw_step(game: MarvinGame, table: JSON, card: Card, player: Any, turn: Any) -> JSON:
    """M9: the top card of the draw pile comes into view."""
    table["drawn"] = _drawn(card)
    table["draw_pile"] -= 1
    name = game.players[player]
    text = f"Turn {turn}: {name} draws the {card.name}."
    return _step("draw", player, text, "M9", ["drawn"], table, card=card_json(card))


def _step(
    kind: str, seat: Any, text: str, rule: str, marks: list[str], table: JSON, **more: Any
) -> JSON:
    return {
        "kind": kind,
        "seat": seat,
        "text": text,
        **rule_link(rule),
        "marks": marks,
        **more,
        "table": copy.deepcopy(table),
    }


def _event_step(game: MarvinGame, table: JSON, event: tuple[object, ...]) -> JSON:
    """Apply one stored event's recorded result to ``table`` and describe it."""
    kind, text, rule = event[0], format_event(game, event), _event_rule(event)
    if kind == EV_RESHUFFLE:
        count = event[2]
        table.update(draw_pile=count, discard_pile=0, discard_top=None)
        return _step("reshuffle", None, text, rule, ["draw-pile"], table)
    player = event[2]
    assert isinstance(player, int)
    if kind == EV_WIN:
        return _step("win", player, text, rule, [], table)
    pirates = table["sides"][player]["pirates"]
    if kind == EV_RETURN:
        index = event[3]
        assert isinstance(index, int)
        pirates[index]["hidden"] = False
        return _step("return", player, text, rule, [f"p{player}-{POSITIONS[index]}"], table)
    move = event[3] if kind == EV_POWER else event[4]
    if kind == EV_POWER:
        assert isinstance(move, Move) and move.position is not None
        a = POSITIONS.index(move.position)
        marks = [f"p{player}-{move.position}"]
        if move.kind == "ship":
            assert move.to is not None
            b = POSITIONS.index(move.to)
            pirates[a], pirates[b] = (
                {**pirates[b], "position": move.position, "name": POSITION_NAMES[move.position]},
                {**pirates[a], "position": move.to, "name": POSITION_NAMES[move.to]},
            )
            marks.append(f"p{player}-{move.to}")
        else:
            pirates[a][("hidden" if move.kind == "cave" else "shield")] = True
        return _step(move.kind, player, text, rule, marks, table)
    card = event[3]
    assert isinstance(card, Card)
    effect = EFFECTS[EFFECT_OF_RANK[card.rank]]
    more: JSON = {"card": card_json(card)}
    if move is None:
        step = _step(_IDLE[effect], player, text, rule, ["drawn"], table, **more)
    elif effect == "take":
        assert isinstance(move, Move) and move.prize is not None
        source = event[5]
        assert isinstance(source, int)
        holder = table["bank"] if source < 0 else table["sides"][source]["prizes"]
        holder.remove(move.prize)
        mine = table["sides"][player]["prizes"]
        mine[:] = [prize for prize in PRIZES if prize in mine or prize == move.prize]
        step = _step("take", player, text, rule, [f"prize-{move.prize}"], table, **more)
    elif effect == "shield":
        assert isinstance(move, Move) and move.position is not None
        pirates[POSITIONS.index(move.position)]["shield"] = True
        marks = [f"p{player}-{move.position}"]
        step = _step("shield", player, text, rule, marks, table, **more)
    else:
        assert isinstance(move, Move) and move.position is not None
        shield_lost, hp_before, hp_after = event[5], event[6], event[7]
        target = table["sides"][1 - player]["pirates"]
        index = POSITIONS.index(move.position)
        target[index] = _pirate(move.position, int(hp_after), False, False)  # type: ignore[call-overload]
        marks = [f"p{1 - player}-{move.position}"]
        more.update(shield_lost=bool(shield_lost), hp_before=hp_before, hp_after=hp_after)
        step = _step(effect, player, text, rule, marks, table, **more)
    _discard(table, card)
    step["table"] = copy.deepcopy(table)
    return step


def _discard(table: JSON, card: Card) -> None:
    """The played card goes on the discard pile."""
    table.update(drawn=None, discard_top=card_json(card), discard_pile=table["discard_pile"] + 1)
