"""Speed levels for *Pirate* bots, from a toddler to an expert (P4, P7, P9, P10).

In Pirate the quicker player wins most games, so the computer's strength is its speed.
A level is a reaction time in milliseconds: whenever the card a bot watches changes,
the bot takes that long, on average, to take it in before it plays, turns or claims.
Each time is drawn from the bot's own generator, evenly from half to one and a half
times the level's mean, so it varies from card to card. Younger players also overlook
some cards that fit: such a card stays overlooked until it changes, and the bot turns
past it. The times come from published measurements of human reaction times; the
"Real time as moments" page gives them and their sources.

* ``toddler``, "Toddler": 2 s on average, overlooks 1 card in 3;
* ``child``, "Small child": 1.2 s, overlooks 1 card in 6;
* ``casual``, "Casual player": 0.75 s, overlooks 1 card in 20;
* ``quick``, "Quick player": 0.5 s, overlooks nothing, thinks;
* ``expert``, "Expert": 0.3 s, overlooks nothing, thinks.

Bots count time in moments. Between bots, as on the play page's clock, a moment stands
for :data:`MOMENT_MS` (a tenth of a second): a reaction time is rounded to whole
moments, and a bot is asked for one action a moment.

A level that *thinks* does not hand a ship over (P7): if its card would leave a ship one
card short while the opponent can put that last card on it in the same moment, it waits
(for :attr:`SpeedBot.patience` at most) for the opponent to play first, then completes
the ship itself. Playing at once would sink the ship, or let the opponent capture it. It
plays at once only if sinking the ship would win the game (P10).

As an observer (P9), a bot watches the opponent's newly turned card and claims it as soon
as it sees that it fits, with the same reaction time. A claim still succeeds in the
moment the owner turns again, but against a quick owner that is the only moment it has.
It also claims a card that would complete a ship when the owner can play that card too:
the owner's play stands, but the ship sinks, where waiting would let the owner capture
it. A bot made with ``spoils=False`` lets such a ship go instead. :func:`claim_chances`
counts, after a game, how an observer used its chances.

:func:`scripted` makes the yardstick the levels are judged by: a player who reacts to
every card in exactly the same time, and plays whatever fits.

    >>> speed_levels()[1]
    ('child', 'Small child', 1200)
    >>> SPEEDS["expert"]
    Speed(name='expert', label='Expert', reaction=300, overlook=0.0, thinks=True)
"""

from __future__ import annotations

from typing import ClassVar, Final, NamedTuple

from pirate_rules.bots import Bot
from pirate_rules.cards import SUIT_NAMES, Card, standard_deck
from pirate_rules.pirate.actions import Action
from pirate_rules.pirate.game import PirateGame
from pirate_rules.pirate.ships import ALL_RANKS, SUIT_INDEX

__all__ = [
    "MOMENT_MS",
    "SPEEDS",
    "ClaimTally",
    "Speed",
    "SpeedBot",
    "claim_chances",
    "hands_over",
    "scripted",
    "speed_levels",
]

MOMENT_MS: Final = 100
"""How long a moment stands for when bots play, in milliseconds: the play page's tie
window, and the time between a computer's looks at its table."""


class Speed(NamedTuple):
    """One speed level of the Pirate computer.

    Attributes:
        name: The registered bot name, such as ``"child"``.
        label: A label for menus, such as ``"Small child"``.
        reaction: The mean reaction time in milliseconds: each new card takes from
            half to one and a half times this long to take in.
        overlook: The chance of overlooking a card that fits, until it changes.
        thinks: Whether the bot avoids handing a ship over (see above).
    """

    name: str
    label: str
    reaction: int
    overlook: float
    thinks: bool


SPEEDS: Final = {
    speed.name: speed
    for speed in (
        Speed("toddler", "Toddler", 2000, 1 / 3, False),
        Speed("child", "Small child", 1200, 1 / 6, False),
        Speed("casual", "Casual player", 750, 1 / 20, False),
        Speed("quick", "Quick player", 500, 0.0, True),
        Speed("expert", "Expert", 300, 0.0, True),
    )
}
"""The speed levels by name, slowest first; each one is a bot registered under its name."""


def speed_levels() -> list[tuple[str, str, int]]:
    """The speed levels for a menu, slowest first: (bot name, label, mean reaction in ms).

    Example:
        >>> from pirate_rules.bots import make_bot
        >>> name, label, reaction = speed_levels()[-1]
        >>> label, reaction, make_bot("pirate", name, seed=1)
        ('Expert', 300, <ExpertBot 'expert'>)
    """
    return [(speed.name, speed.label, speed.reaction) for speed in SPEEDS.values()]


def hands_over(game: PirateGame, player: int, card: Card) -> bool:
    """Whether playing ``card`` now would hand its ship to the opponent (P7).

    That is, the ship would then lack one card only, and the opponent's top waste card
    is that very card, which the opponent can play this moment. If both play at once the
    ship sinks; if ``player`` plays first, the opponent completes it and captures it.

    Example:
        >>> game = PirateGame(stocks=("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H"),
        ...     players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PP " * 5 + "TT WP WT")
        >>> game.waste_top(0), game.waste_top(1), game.ship("H")
        (Card.parse('6H'), Card.parse('7H'), <Ship H1: A-5 | K-8>)
        >>> hands_over(game, 0, Card.parse("6H"))
        True
    """
    other = 1 - player
    ship = game.ship(card.suit)
    need = ship.needs[other]
    if ALL_RANKS & ~ship.ranks & ~(1 << card.rank) != 1 << need:
        return False
    top = game.waste_top(other)
    return top is not None and top.suit == card.suit and top.rank == need


def _completes(game: PirateGame, owner: int, card: Card) -> bool:
    """Whether ``owner`` can play ``card`` now and it would complete its ship (P6, P7)."""
    ship = game.ship(card.suit)
    return ship.needs[owner] == card.rank and ALL_RANKS & ~ship.ranks == 1 << card.rank


def _sinking_wins(game: PirateGame, player: int) -> bool:
    """Whether a ship sunk now would end the game with ``player`` ahead (P10)."""
    mine, theirs = len(game.captured[player]), len(game.captured[1 - player])
    return not game.sunk and mine >= 4 and mine > theirs


def _reasons(template: str) -> dict[Card, str]:
    """One reason per card, written in advance, so that choosing builds no strings."""
    return {
        card: template.format(card=card, suit=SUIT_NAMES[card.suit]) for card in standard_deck()
    }


PLAY_REASONS: Final = _reasons("{card} fits my {suit} half, so I play it.")
"""Why a bot that acts at once plays its top card, by card."""
CLAIM_REASONS: Final = _reasons("{card} was just turned and fits my {suit} half, so I claim it.")
"""Why an observer claims the opponent's newly turned card, by card."""
_SAW = _reasons("I saw {card} fits my {suit} half, so I play it.")
_LOOKING = _reasons("Still looking at my {card}...")
_WATCHING = _reasons("Still looking at the {card} just turned...")
_NO_FIT = _reasons("{card} does not fit, so I turn.")
_OVERLOOKED = _reasons("I did not spot that {card} fits, so I turn.")
_HOLDING = _reasons("If I play {card} now, my opponent completes the ship, so I wait.")
_SINK_WINS = _reasons("Sinking the {suit} ship wins me the game, so I play {card}.")
_LET_GO = _reasons("The owner of {card} can complete that ship with it, so I let it go.")
_NOTHING_TO_CLAIM = "Nothing to claim yet, so I wait."
_EMPTY_WASTE = "My waste is empty, so I turn a card."


class SpeedBot(Bot[PirateGame, Action]):
    """A bot with a reaction time, which may overlook cards and may think (see above).

    Each level's subclass sets :attr:`speed`; the options override parts of it.

    Args:
        seed: Seed of the bot's generator, its only source of chance.
        reaction: Mean reaction time in milliseconds (default: the level's).
        spread: How far one reaction time strays from the mean, as a share of it: each
            is drawn evenly within ``reaction * (1 - spread)`` and ``reaction * (1 +
            spread)`` (default 0.5; 0 reacts in exactly ``reaction`` every time).
        overlook: Chance of overlooking a card that fits (default: the level's).
        thinks: Whether to avoid handing a ship over (default: the level's).
        spoils: Whether, as an observer, to claim a card that would complete a ship its
            owner can play at once, so that the ship sinks (default: yes).

    Example:
        >>> bot = SpeedBot(seed=1, reaction=300, spread=0.0)  # 300 ms for every card
        >>> game = PirateGame(stocks=("AH", "KS"), players=("Ann", "Ben"), complete=False)
        >>> bot.choose(game, 0), bot.reason
        (Action.TURN, 'My waste is empty, so I turn a card.')
        >>> game.apply_moment("TW")
        >>> waited = 0
        >>> while bot.choose(game, 0) is Action.WAIT:  # 'Still looking at my AH...'
        ...     game.apply_moment("WW")
        ...     waited += 1
        >>> waited * MOMENT_MS, bot.reason
        (300, 'I saw AH fits my hearts half, so I play it.')
    """

    speed: ClassVar[Speed] = SPEEDS["expert"]
    patience: ClassVar[int] = 1500
    """The longest a thinking bot waits for the opponent to play first, in milliseconds."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        reaction: int | None = None,
        spread: float = 0.5,
        overlook: float | None = None,
        thinks: bool | None = None,
        spoils: bool = True,
    ) -> None:
        super().__init__(seed)
        self.spoils = spoils
        self.reaction = self.speed.reaction if reaction is None else reaction
        self.spread = spread
        self.overlook = self.speed.overlook if overlook is None else overlook
        self.thinks = self.speed.thinks if thinks is None else thinks
        if isinstance(self.reaction, bool) or not isinstance(self.reaction, int):
            raise ValueError(f"reaction must be whole milliseconds, not {self.reaction!r}")
        if self.reaction < 0:
            raise ValueError(f"reaction must be at least 0 ms, not {self.reaction!r}")
        if not 0 <= self.spread <= 1:
            raise ValueError(f"spread must be from 0 to 1, not {self.spread!r}")
        if not 0 <= self.overlook < 1:
            raise ValueError(f"overlook must be at least 0 and below 1, not {self.overlook!r}")
        low = round(self.reaction * (1 - self.spread))
        self._range = (low, round(self.reaction * (1 + self.spread)) - low)
        self._sight: tuple[int, Card, int] | None = None
        self._last = -2
        self._ready_at = 0
        self._seen = True
        self._held = 0

    def reaction_moments(self) -> int:
        """Draw one reaction time and round it to whole moments (each :data:`MOMENT_MS`).

        Example:
            >>> bot = SpeedBot(seed=3, reaction=400, spread=0.0)
            >>> bot.reaction_moments(), bot.reaction_moments()
            (4, 4)
        """
        low, width = self._range
        drawn = low + self.rng.randint(0, width) if width else low
        return (drawn + MOMENT_MS // 2) // MOMENT_MS

    def _look(self, game: PirateGame, owner: int, card: Card) -> None:
        """Look at ``card``, the top waste card of ``owner``, in this moment.

        The same card seen in the moment before (with the same ship of its suit) is the
        same sight. Anything else is new: draw how long it takes to take in, and whether
        it is seen at all. A card turned again after a restock is new, so an overlooked
        card gets another chance.
        """
        sight = (owner, card, game.ship(card.suit).number)
        if sight != self._sight or game.moment != self._last + 1:
            self._sight = sight
            self._held = 0
            self._ready_at = game.moment
            if self.reaction:
                self._ready_at += self.reaction_moments()
            self._seen = not self.overlook or self.rng.random() >= self.overlook
        self._last = game.moment

    def choose(self, game: PirateGame, player: int) -> Action:
        # Most moments of a slow level go on looking at the same card of its own: that
        # is told first, reading the game's fields at once (the same checks as `_look`
        # finding the same sight, then the wait), since bots play millions of moments.
        moment, sight = game.moment, self._sight
        if sight is not None and sight[0] == player and self._last + 1 == moment < self._ready_at:
            waste, seen = game._wastes[player], sight[1]
            if (
                waste
                and waste[-1] is seen
                and game._ships[SUIT_INDEX[seen.suit]].number == sight[2]
            ):
                self._last = moment
                self.reason = _LOOKING[seen]
                return Action.WAIT
        if game.is_observer(player):
            return self._observe(game, player)
        card = game.waste_top(player)
        if card is None:
            self.reason = _EMPTY_WASTE
            return Action.TURN
        self._look(game, player, card)
        if game.moment < self._ready_at:
            self.reason = _LOOKING[card]
            return Action.WAIT
        if not game.can_play(player):
            self.reason = _NO_FIT[card]
            return Action.TURN
        if not self._seen:
            self.reason = _OVERLOOKED[card]
            return Action.TURN
        if (
            self.thinks
            and self._held * MOMENT_MS < self.patience
            and hands_over(game, player, card)
        ):
            if _sinking_wins(game, player):
                self.reason = _SINK_WINS[card]
                return Action.PLAY
            self._held += 1
            self.reason = _HOLDING[card]
            return Action.WAIT
        self.reason = _SAW[card]
        return Action.PLAY

    def _observe(self, game: PirateGame, player: int) -> Action:
        """P9: claim the opponent's newly turned card once it is seen to fit."""
        if not game.can_claim(player):
            self.reason = _NOTHING_TO_CLAIM
            return Action.WAIT
        card = game.waste_top(1 - player)
        assert card is not None
        self._look(game, 1 - player, card)
        if game.moment < self._ready_at or not self._seen:
            self.reason = _WATCHING[card]
            return Action.WAIT
        if not self.spoils and _completes(game, 1 - player, card):
            self.reason = _LET_GO[card]
            return Action.WAIT
        self.reason = CLAIM_REASONS[card]
        return Action.CLAIM


def scripted(reaction: int, seed: int | None = None) -> SpeedBot:
    """A scripted player: takes exactly ``reaction`` ms over every new card, overlooks
    nothing, plays every card that fits at once and claims what it can (P9).

    The levels are judged against such players: the Expert must beat one reacting in
    400 ms, and the Toddler must lose to one reacting in 1.5 s.

    Example:
        >>> bot = scripted(400)
        >>> bot.reaction, bot.spread, bot.overlook, bot.thinks
        (400, 0.0, 0.0, False)
    """
    return SpeedBot(seed, reaction=reaction, spread=0.0, overlook=0.0, thinks=False)


class ClaimTally(NamedTuple):
    """How an observer used its chances to claim in one game (P9).

    Attributes:
        chances: Cards that the player, as an observer, could claim at the start of a
            moment (a card counts once while it stays claimable).
        claimed: Those it claimed, taking the card.
        clashed: Those it claimed as the owner played them: the owner's play stood, and
            the ship, which the card completed, sank.
    """

    chances: int
    claimed: int
    clashed: int

    @property
    def missed(self) -> int:
        """The chances that passed without a claim."""
        return self.chances - self.claimed - self.clashed


def claim_chances(game: PirateGame, player: int) -> ClaimTally:
    """Replay ``game`` from its start and count ``player``'s chances to claim (P9).

    Example:
        >>> game = PirateGame(stocks=("AH", "2H 9C"), players=("Ann", "Ben"), complete=False)
        >>> game.apply_moments("TT PW WT")
        >>> claim_chances(game, 0)
        ClaimTally(chances=1, claimed=0, clashed=0)
    """
    trial = PirateGame(game.start, low=game.low, players=game.players, complete=game.complete)
    chances = claimed = clashed = 0
    watched: Card | None = None
    for moment in game.history:
        if trial.can_claim(player):
            card = trial.waste_top(1 - player)
            if card is not watched:
                chances += 1
                watched = card
        else:
            watched = None
        logged = len(trial.events)
        trial.apply_moment(moment)
        for event in trial.events[logged:]:
            if event.player == player and event.kind in ("claim", "clash"):
                claimed += event.kind == "claim"
                clashed += event.kind == "clash"
                watched = None
    return ClaimTally(chances, claimed, clashed)
