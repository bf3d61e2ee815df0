"""Family words: the short sentences the play pages write for a family, and a voice says.

The engine's own sentences are exact and made for readers of the rules ("Turn 4:
Computer draws 5H and hits Blue crew's GL: GL 4 -> 3 HP"). A child at the table needs
fewer words: "The computer hit your guard!", then "Your turn: draw a card." This module
is the one place those words are made, so that whatever the page writes (its log, its
captions, its prompts) and whatever a voice reads out are the very same text.

Who is spoken to is an `Audience`: the players' names and which seats the computer
plays. Against the computer, the one person at the table is "you" and the computer is
"the computer"; two people on one device, or two computers, are called by their names.

    >>> from pirate_rules.marvin import MarvinGame
    >>> game = MarvinGame.stacked("5H 7C", players=("Blue crew", "Computer"))
    >>> game.play("GL")
    >>> you = Audience(game.players, computer=(False, True))
    >>> event_words(game, game._events[0], you)
    "You hit the computer's guard!"
    >>> game.play("GR")
    >>> event_words(game, game._events[-1], you)
    'The computer hit your guard!'
    >>> draw_prompt(you, game.to_move)
    'Your turn: draw a card.'
    >>> prompt(game, you)
    "You drew the Ace of spades: hit one of the computer's pirates."
    >>> draw_prompt(Audience(game.players, computer=(False, False)), game.to_move)
    'Blue crew, your turn: draw a card.'

The computer's levels have family names too (`LEVELS`); the cheating oracle has none,
since the pages never offer it.

Every sentence here is built from the game's stored events and its state: nothing is
worked out again, so the family words can never disagree with the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pirate_rules.cards import SUIT_NAMES, Card
from pirate_rules.marvin.display import EV_CARD, EV_POWER, EV_RESHUFFLE, EV_RETURN, EV_WIN
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.marvin.moves import Move
from pirate_rules.marvin.table import (
    E_HIT,
    E_KILL,
    E_SHIELD,
    E_SLASH,
    E_TAKE,
    EFFECT_OF_RANK,
    POSITIONS,
    card_effect,
)
from pirate_rules.pirate.game import Event, PirateGame

__all__ = [
    "LEVELS",
    "Audience",
    "draw_prompt",
    "draw_words",
    "event_words",
    "hint_words",
    "join",
    "level_name",
    "levels",
    "paused",
    "pick_prompt",
    "pirate_claim_words",
    "pirate_end_words",
    "pirate_event_words",
    "pirate_moment_words",
    "pirate_out_words",
    "pirate_prompt",
    "playing",
    "prompt",
    "start_words",
    "taken_back",
]

LEVELS: Final = {"random": "Easy", "sensible": "Medium", "expert": "Hard"}
"""The computer's levels as a family reads them, by bot name, easiest first."""

_LEVEL_WORDS: Final = {
    "random": "plays any move it may, at random",
    "sensible": "plays sensibly: finishes weak pirates, shields the one at risk",
    "expert": "plays each move out many times before it chooses",
}


def level_name(bot: str | None) -> str | None:
    """A bot's level as the page names it: ``Easy``, ``Medium``, ``Hard``; any other bot
    by its name (a reader's own ``module:Class`` by its class).

    Example:
        >>> level_name("sensible"), level_name("search"), level_name("lab:Finisher")
        ('Medium', 'search', 'Finisher')
    """
    if bot is None:
        return None
    return LEVELS.get(bot, bot.rpartition(":")[2])


def levels() -> list[dict[str, str]]:
    """The levels a play page offers, easiest first: bot name, level name, a few words.

    Example:
        >>> [(level["bot"], level["name"]) for level in levels()]
        [('random', 'Easy'), ('sensible', 'Medium'), ('expert', 'Hard')]
    """
    return [{"bot": bot, "name": name, "about": _LEVEL_WORDS[bot]} for bot, name in LEVELS.items()]


@dataclass(frozen=True)
class Audience:
    """Who the words speak to: the players' names and the seats the computer plays.

    Example:
        >>> Audience(("Ann", "Computer"), (False, True)).you
        0
        >>> Audience(("Ann", "Ben"), (False, False)).you is None
        True
    """

    names: tuple[str, str]
    computer: tuple[bool, bool]

    @property
    def you(self) -> int | None:
        """The seat spoken to as "you": the one person playing against the computer."""
        people = [seat for seat in (0, 1) if not self.computer[seat]]
        return people[0] if len(people) == 1 else None

    def who(self, seat: int) -> str:
        """The player as the subject of a sentence: "You", "The computer", or the name."""
        if seat == self.you:
            return "You"
        if self.you is not None:
            return "The computer"
        return self.names[seat]

    def whom(self, seat: int) -> str:
        """The player later in a sentence: "you", "the computer", or the name."""
        who = self.who(seat)
        return who if seat != self.you and self.you is None else who.lower()

    def whose(self, seat: int) -> str:
        """The player's, later in a sentence: "your", "the computer's", "Ann's"."""
        return "your" if seat == self.you else f"{self.whom(seat)}'s"

    def own(self, seat: int) -> str:
        """The player's, after the player was named: "your", "its" or "their"."""
        if seat == self.you:
            return "your"
        return "its" if self.you is not None else "their"

    def they(self, seat: int) -> str:
        """The player again, after being named: "you", "it", or the name."""
        if seat == self.you:
            return "you"
        return "it" if self.you is not None else self.names[seat]

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` as the player does it: "miss" for you, "misses" for the others."""
        return verb if seat == self.you else _third(verb)

    def does(self, seat: int, verb: str) -> str:
        """``verb`` said of the player named before: "you miss", "it misses", "Ann misses"."""
        return f"{self.they(seat)} {self.verb(seat, verb)}"

    def to(self, seat: int) -> str:
        """How a prompt starts for the player: "Your turn" or "Ann, your turn"."""
        return "Your turn" if seat == self.you else f"{self.names[seat]}, your turn"


def _third(verb: str) -> str:
    """The verb after "it" or a name: "miss" becomes "misses", "have" becomes "has"."""
    if verb == "have":
        return "has"
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def _rank(position: str) -> str:
    """A pirate as a child names it: "guard" or "captain"."""
    return "guard" if position[0] == "G" else "captain"


def _pair(a: str, b: str) -> str:
    """Two pirates of one crew: "two guards", "guard and captain"."""
    if _rank(a) == _rank(b):
        return f"two {_rank(a)}s"
    return f"{_rank(a)} and {_rank(b)}"


def start_words(audience: Audience) -> str:
    """The first line of a game: who sits where.

    Example:
        >>> start_words(Audience(("Ann", "Computer"), (False, True)))
        'New game! Your crew is at the bottom, the computer is at the top.'
        >>> start_words(Audience(("Ann", "Ben"), (False, False)))
        'New game! Ann is at the bottom, Ben is at the top.'
    """
    if audience.you == 0:
        return "New game! Your crew is at the bottom, the computer is at the top."
    return f"New game! {audience.names[0]} is at the bottom, {audience.names[1]} is at the top."


def draw_words(audience: Audience, seat: int, card: Card) -> str:
    """The card a player turns over from the draw pile (M9).

    Example:
        >>> from pirate_rules.cards import SUIT_NAMES, Card
        >>> draw_words(Audience(("Ann", "Computer"), (False, True)), 1, Card.parse("9C"))
        'The computer drew the Nine of clubs.'
    """
    return f"{audience.who(seat)} drew the {card.name}."


def event_words(game: MarvinGame, event: tuple[object, ...], audience: Audience) -> str:
    """One stored event of ``game`` in family words (the engine's is `format_event`).

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("9C JK 8H", players=("Ann", "Computer"))
        >>> game.play("GL")
        >>> you = Audience(game.players, (False, True))
        >>> [event_words(game, event, you) for event in game._events]
        ["You slashed the computer's guard: two hits!", 'Joker! The computer misses a turn.']
    """
    kind = event[0]
    if kind == EV_RESHUFFLE:
        return "The draw pile ran out, so the played cards were shuffled into a new pile."
    seat = event[2]
    assert isinstance(seat, int)
    if kind == EV_RETURN:
        position = event[3]
        assert isinstance(position, int)
        return f"{_cap(audience.whose(seat))} {_rank(POSITIONS[position])} came out of the Cave."
    if kind == EV_WIN:
        if seat == audience.you:
            return f"You won! All of {audience.whose(1 - seat)} pirates fainted."
        if audience.you is not None:
            return "The computer won this time: all of your pirates fainted."
        return f"{audience.names[seat]} won! All of {audience.whose(1 - seat)} pirates fainted."
    if kind == EV_POWER:
        return _power_words(event, audience, seat)
    assert kind == EV_CARD
    return _card_words(event, audience, seat)


def taken_back(game: MarvinGame, notation: str, audience: Audience) -> str:
    """What a take-back says: the choice of the player to move in ``game`` that was
    taken back (``notation``), in family words, as it played.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("5H 7C", players=("Blue crew", "Computer"))
        >>> you = Audience(game.players, computer=(False, True))
        >>> taken_back(game, "GL", you)
        "Taken back: you hit the computer's guard! Choose again."
        >>> game = MarvinGame.stacked("QH 5C 7H", players=("Blue crew", "Computer"))
        >>> game.play("take cave", "GL")
        >>> taken_back(game, "cave CL", you)
        'Taken back: you hid your captain in the Cave. Choose again.'
        >>> taken_back(game, "draw", you)
        'Taken back: you drew the Seven of hearts. Choose again.'
    """
    trial = game.copy()
    seat, seen = trial.to_move, len(trial._events)
    trial.push(notation)
    if notation.strip().lower() == "draw":
        cards = [event[3] for event in trial._events[seen:] if event[0] == EV_CARD]
        card = trial.drawn if trial.drawn is not None else cards[0]
        assert isinstance(card, Card)
        words = draw_words(audience, seat, card)
    else:
        words = event_words(trial, trial._events[seen], audience)
    if words.startswith("You "):
        words = "you " + words[4:]
    return f"Taken back: {words} Choose again."


def join(*sentences: str | None) -> str:
    """Sentences said one after the other, leaving out those that are missing.

    Example:
        >>> join("You hit the computer's guard!", None, "Your turn: draw a card.")
        "You hit the computer's guard! Your turn: draw a card."
    """
    return " ".join(sentence for sentence in sentences if sentence)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _power_words(event: tuple[object, ...], audience: Audience, seat: int) -> str:
    """A prize power used at the start of a turn (M6 the Ship, M7 the Cave, M8 the Fort)."""
    move = event[3]
    assert isinstance(move, Move) and move.position is not None
    who, own = audience.who(seat), audience.own(seat)
    if move.kind == "ship":
        assert move.to is not None
        if event[4]:
            return f"{who} used the Ship: {own} {_pair(move.position, move.to)} swapped places."
        return f"{who} used the Ship: {own} {_rank(move.position)} moved to an empty place."
    if move.kind == "cave":
        return f"{who} hid {own} {_rank(move.position)} in the Cave."
    return f"{who} used the Fort: {own} {_rank(move.position)} got a shield."


def _card_words(event: tuple[object, ...], audience: Audience, seat: int) -> str:
    """What a drawn card did (M10 to M15)."""
    card, move = event[3], event[4]
    assert isinstance(card, Card)
    effect = EFFECT_OF_RANK[card.rank]
    who = audience.who(seat)
    if move is None:
        if effect == E_SHIELD:
            return f"{who} cannot use the shield: all of {audience.own(seat)} pirates have one."
        if effect == E_TAKE:
            have = audience.does(seat, "have")
            return f"{who} cannot take a prize: {have} all three already."
        return f"Joker! {audience.who(seat)} {audience.verb(seat, 'miss')} a turn."
    assert isinstance(move, Move)
    if effect == E_SHIELD:
        assert move.position is not None
        return f"{who} gave {audience.own(seat)} {_rank(move.position)} a shield."
    if effect == E_TAKE:
        source = event[5]
        assert isinstance(source, int) and move.prize is not None
        prize = move.prize.title()
        if source < 0:
            return f"{who} took the {prize}!"
        return f"{who} took the {prize} from {audience.whom(source)}!"
    assert move.position is not None
    pirate = f"{audience.whose(1 - seat)} {_rank(move.position)}"
    shield_lost, before, after = event[5], event[6], event[7]
    if effect == E_KILL:
        return f"{who} knocked out {pirate}!"
    verb = "hit" if effect == E_HIT else "slashed"
    if after == before:
        return f"{who} {verb} {pirate}, but the shield stopped it!"
    if after == 0:
        return f"{who} {verb} {pirate}, and it fainted!"
    if shield_lost:
        return f"{who} {verb} {pirate}: the shield broke!"
    return f"{who} {verb} {pirate}" + (": two hits!" if effect == E_SLASH else "!")


_ASK: Final = {
    "hit": "hit one of {other} pirates",
    "slash": "slash one of {other} pirates (two hits)",
    "kill": "knock out one of {other} pirates",
    "shield": "give one of your pirates a shield",
    "take": "take a prize",
}


def prompt(game: MarvinGame, audience: Audience) -> str:
    """What the player to move is asked now, or who won; the computer's turn is `playing`.

    Example:
        >>> from pirate_rules.marvin import MarvinGame
        >>> game = MarvinGame.stacked("9C", players=("Ann", "Computer"))
        >>> prompt(game, Audience(game.players, (False, True)))
        "You drew the Nine of clubs: slash one of the computer's pirates (two hits)."
    """
    outcome = game.outcome()
    if outcome is not None:
        winner = outcome.winner
        if winner == audience.you:
            return "You won the game!"
        if audience.you is not None:
            return "The computer won the game."
        return f"{audience.names[winner]} won the game!"
    seat = game.to_move
    if audience.computer[seat]:
        return playing(audience, seat)
    if game.drawn is None:
        return f"{audience.to(seat)}: use a prize, or draw a card."
    ask = _ASK[card_effect(game.drawn)].format(other=audience.whose(1 - seat))
    if seat == audience.you:
        return f"You drew the {game.drawn.name}: {ask}."
    return f"{audience.names[seat]}, you drew the {game.drawn.name}: {ask}."


def draw_prompt(audience: Audience, seat: int) -> str:
    """The prompt when a player's turn starts with the draw: the page waits for the tap.

    Example:
        >>> draw_prompt(Audience(("Ann", "Ben"), (False, False)), 1)
        'Ben, your turn: draw a card.'
    """
    return f"{audience.to(seat)}: draw a card."


def playing(audience: Audience, seat: int) -> str:
    """What the page says while the computer in ``seat`` plays.

    Example:
        >>> playing(Audience(("Ann", "Computer"), (False, True)), 1)
        'The computer is playing…'
    """
    return f"{audience.who(seat)} is playing…"


def paused(audience: Audience) -> str:
    """What the page says while the computer's turn is paused.

    Example:
        >>> paused(Audience(("Ann", "Computer"), (False, True)))
        'Paused. Tap “Go on” to let the computer play, or “Step” for one step.'
    """
    if audience.you is not None:
        return "Paused. Tap “Go on” to let the computer play, or “Step” for one step."
    return "Paused. Tap “Go on” to play on, or “Step” for one step."


def pick_prompt() -> str:
    """What the page says once a pirate (or a prize) is picked as the first of two taps:
    the Ship names two places, the Cave and the Fort a pirate and the prize.

    Example:
        >>> pick_prompt()
        'Now tap the other pirate or place, or the prize to use. Tap the first one again to let go.'
    """
    return (
        "Now tap the other pirate or place, or the prize to use. Tap the first one again to let go."
    )


def hint_words(label: str, why: str | None) -> str:
    """The coach's hint: the choice the expert would make, by its button's ``label``,
    and why; ``why`` is None when there is nothing else to choose. A reason that starts
    by naming the choice again (``"Take the Fort: ..."``) is not read out twice.

    Example:
        >>> hint_words("Slash Mum's guard left (GL)", "The 2 hits make it faint at once.")
        "The expert would choose “Slash Mum's guard left (GL)”. The 2 hits make it faint at once."
        >>> hint_words("Take the Fort from the bank", "Take the Fort: it gives a free shield.")
        'The expert would choose “Take the Fort from the bank”: it gives a free shield.'
        >>> hint_words("Draw a card", None)
        'There is only one thing to do: “Draw a card”.'
    """
    if why is None:
        return f"There is only one thing to do: “{label}”."
    named, colon, reason = why.partition(": ")
    if colon and label.startswith(named):
        return f"The expert would choose “{label}”: {reason}"
    return f"The expert would choose “{label}”. {why}"


# -- Pirate -----------------------------------------------------------------------------


def pirate_moment_words(
    game: PirateGame, moves: list[dict[str, object]], events: list[Event], audience: Audience
) -> str:
    """One moment of Pirate in family words: what each player did, then what it made.

    ``moves`` are the moment's moves as the play page reads them before the moment
    (`pirate_rules.web.pirate`: each a ``seat``, a ``kind``, ``turn``, ``restock``,
    ``play`` or ``claim``, and its ``card``); ``events`` the game's events of that moment.

    Example:
        >>> game = PirateGame(stocks=("AH 2H", "KH"), players=("Ann", "Computer"),
        ...                   complete=False)
        >>> game.apply_moment("TT")
        >>> you = Audience(game.players, (False, True))
        >>> moves = [{"seat": 0, "kind": "play", "card": "AH"},
        ...          {"seat": 1, "kind": "play", "card": "KH"}]
        >>> game.apply_moment("PP")
        >>> pirate_moment_words(game, moves, [], you)
        'You laid the Ace of hearts: it starts your half of the hearts ship. The computer \
laid the King of hearts: it starts its half of the hearts ship.'
    """
    sentences = []
    for move in moves:
        seat = move["seat"]
        assert isinstance(seat, int)
        who = audience.who(seat)
        card = Card.parse(str(move["card"])) if move.get("card") else None
        kind = move["kind"]
        if kind == "restock":
            sentences.append(f"{who} turned {audience.own(seat)} waste over: a new stock!")
        elif card is None:
            continue
        elif kind == "turn":
            sentences.append(f"{who} turned the {card.name}.")
        elif kind == "claim":
            owner = audience.whose(1 - seat)
            sentences.append(f"{who} claimed {owner} {card.name} for {audience.own(seat)} ship!")
        elif card.rank in (1, 13) and _laid_keel(game, card, seat):
            half = f"{audience.own(seat)} half of the {SUIT_NAMES[card.suit]} ship"
            sentences.append(f"{who} laid the {card.name}: it starts {half}.")
        else:
            sentences.append(f"{who} put the {card.name} on {audience.own(seat)} ship.")
    for event in events:
        ship = f"the {SUIT_NAMES.get(event.suit, '')} ship"
        if event.kind == "capture" and event.player is not None:
            sentences.append(f"{audience.who(event.player)} captured {ship}!")
        elif event.kind == "sink":
            sentences.append(f"Both at once: {ship} sank, and nobody gets it!")
    return " ".join(sentences)


def _laid_keel(game: PirateGame, card: Card, seat: int) -> bool:
    """Whether ``card``, just placed by ``seat``, was a keel (P6): the first card of a half."""
    ship = game.ship(card.suit)
    placed = [placed.card for placed in ship.halves[seat]]
    return placed[:1] == [card]


def pirate_prompt(game: PirateGame, audience: Audience, seat: int) -> str:
    """What a Pirate player may do now, in family words, naming the buttons (P5, P6, P9).

    Example:
        >>> game = PirateGame(stocks=("AH 2H", "KH"), players=("Ann", "Computer"),
        ...                   complete=False)
        >>> you = Audience(game.players, (False, True))
        >>> pirate_prompt(game, you, 0)
        'Tap Turn to turn your next card.'
        >>> game.apply_moment("TW")
        >>> pirate_prompt(game, you, 0)
        'Your Ace of hearts fits your ship: tap Play, or Turn for the next card.'
    """
    top = game.waste_top(seat)
    if game.can_claim(seat):
        card = game.waste_top(1 - seat)
        assert card is not None
        return f"{_cap(audience.whose(1 - seat))} {card.name} fits your ship: tap Claim!"
    if game.is_observer(seat):
        return f"Out of cards: watch {audience.whose(1 - seat)} cards, to claim one that fits."
    if top is not None and game.can_play(seat):
        return f"Your {top.name} fits your ship: tap Play, or Turn for the next card."
    if not game.stock(seat):
        return "Your stock is empty: tap Turn to turn your waste over."
    return "Tap Turn to turn your next card."


def pirate_event_words(game: PirateGame, event: Event, audience: Audience) -> str:
    """One event of ``game`` in family words, as the play page's log writes it and its
    voice says it: a capture, a sinking, a claim and a turned waste in the very words of
    `pirate_moment_words`; the cut and a claim too late (P7) in words of their own.

    Example:
        >>> stocks = ("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H")
        >>> game = PirateGame(stocks=stocks, players=("Ann", "Computer"), complete=False)
        >>> game.apply_moments("TT PP " * 6 + "WT WP")
        >>> you = Audience(game.players, (False, True))
        >>> [pirate_event_words(game, event, you) for event in game.events]
        ['The computer captured the hearts ship!']
        >>> pirate_event_words(game, game.events[0], Audience(game.players, (False, False)))
        'Computer captured the hearts ship!'
    """
    kind, seat = event.kind, event.player
    if kind in ("capture", "sink"):
        return pirate_moment_words(game, [], [event], audience)
    if seat is None:
        return "You both cut the same rank: cut again."
    if kind in ("claim", "restock"):
        card = str(event.cards[0]) if kind == "claim" and event.cards else None
        return pirate_moment_words(game, [{"seat": seat, "kind": kind, "card": card}], [], audience)
    if kind == "cut":
        if seat == audience.you:
            return "You are low: your first ships start from the Ace."
        return f"{audience.who(seat)} is low: {audience.own(seat)} first ships start from the Ace."
    whose, whom = _cap(audience.whose(1 - seat)), audience.whom(seat)  # a clash (P7)
    return f"{whose} card went on the ship before {whom} could claim it."


def pirate_out_words(game: PirateGame, audience: Audience, seat: int) -> str:
    """A player has no cards left to turn (P9): from now on they may only claim. A
    person is told what to do (`pirate_prompt`).

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C"), players=("Ann", "Computer"),
        ...                   complete=False)
        >>> game.apply_moments("TT PW CT")
        >>> you = Audience(game.players, (False, True))
        >>> print(pirate_out_words(game, you, 0))
        Out of cards: watch the computer's cards, to claim one that fits.
        >>> print(pirate_out_words(game, Audience(game.players, (False, False)), 0))
        Ann is out of cards and can only claim Computer's cards now.
    """
    if seat == audience.you:
        return pirate_prompt(game, audience, seat)
    theirs = "yours" if audience.you is not None else f"{audience.whose(1 - seat)} cards"
    return f"{audience.who(seat)} is out of cards and can only claim {theirs} now."


def pirate_claim_words(game: PirateGame, audience: Audience, seat: int) -> str:
    """A person out of cards may claim the card just turned (P9): said at once, in the
    words of `pirate_prompt`, after the person's name when two people play.

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PW")
        >>> you, two = Audience(game.players, (False, True)), Audience(game.players, (False, False))
        >>> game.can_claim(0), pirate_claim_words(game, you, 0)
        (True, "The computer's Two of hearts fits your ship: tap Claim!")
        >>> pirate_claim_words(game, two, 0)
        "Ann, Ben's Two of hearts fits your ship: tap Claim!"
    """
    words = pirate_prompt(game, audience, seat)
    return words if seat == audience.you else f"{audience.names[seat]}, {words}"


def pirate_end_words(audience: Audience, winner: int | None, ships: tuple[int, int]) -> str:
    """The end of a game of Pirate: who won, with how many ships (P10, P11).

    Example:
        >>> you = Audience(("Ann", "Computer"), (False, True))
        >>> pirate_end_words(you, 0, (5, 2)), pirate_end_words(you, 1, (2, 4))
        ('You won the game, with 5 ships!', 'The computer won the game, with 4 ships.')
        >>> pirate_end_words(you, None, (3, 3))
        "It's a draw!"
    """
    if winner is None:
        return "It's a draw!"
    count = ships[winner]
    with_ships = f"with {count} ship" + ("" if count == 1 else "s")
    if winner == audience.you:
        return f"You won the game, {with_ships}!"
    if audience.you is not None:
        return f"The computer won the game, {with_ships}."
    return f"{audience.names[winner]} won the game, {with_ships}!"
