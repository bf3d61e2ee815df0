"""my_moments.py: Pirate's real time as moments, on a table that is given.

The last chapter of "Build it yourself" on the Pirate Rules site. The table is written
for you: two stocks and two wastes, the ship of each suit with its two halves, the
turn of a card (P5), the end of the game (P10, P11). You write the moments: what each
player may do (P4, P9), both actions at once (P4), claims (P9), and the ships that are
completed (P7). Then press "Check my code", or run
``pirate-rules learn check 6 my_moments.py``.

Cards are text, as on the site: "7H", "TS", "KD". The actions are the letters "T" turn,
"P" play, "C" claim and "W" wait. Your file must not import ``pirate_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ── Given: the table of Pirate (P1-P3, P5, P6, P8, P10, P11) ──

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def rank(card: str) -> int:
    """1 for an Ace up to 13 for a King."""
    return RANKS.index(card[0]) + 1


@dataclass
class Ship:
    """The ship of one suit being built: one half for each player (P6).

    ``steps`` gives each half's direction: +1 is built up from the Ace, -1 down from the
    King. ``halves`` holds each player's half, keel first.
    """

    suit: str
    number: int
    steps: tuple[int, int]
    halves: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))

    def needs(self, player: int) -> int:
        """The rank ``player``'s half takes next: its keel while it is empty (P6)."""
        half = self.halves[player]
        if not half:
            return 1 if self.steps[player] == 1 else 13
        return rank(half[-1]) + self.steps[player]

    def fits(self, player: int, card: str) -> bool:
        """Whether ``card`` goes on ``player``'s half now (P6)."""
        return card[1] == self.suit and rank(card) == self.needs(player)

    def is_complete(self) -> bool:
        """Whether the two halves together hold every rank, Ace to King (P7)."""
        return {rank(card) for half in self.halves for card in half} == set(range(1, 14))


def new_ship(suit: str, number: int, low: int) -> Ship:
    """A suit's ship ``number`` (1, 2, ...): in odd ships the low player builds up from the
    Ace and the high player down from the King; even ships swap the keels (P6, P8)."""
    up = low if number % 2 else 1 - low
    return Ship(suit, number, (1, -1) if up == 0 else (-1, 1))


@dataclass
class Table:
    """Both players' cards and the ships.

    ``stocks`` are face down and ``wastes`` face up, top card first: only a waste's top
    card is played (P3). ``fresh[player]`` says whether that player's top waste card is
    the one they turned last, not yet played or covered (P9). ``low`` is the low player
    (P2); ``captured`` holds each player's captured ships and ``sunk`` the sunk ones.
    """

    stocks: tuple[list[str], list[str]]
    wastes: tuple[list[str], list[str]]
    low: int
    ships: dict[str, Ship]
    fresh: list[bool] = field(default_factory=lambda: [False, False])
    captured: tuple[list[Ship], list[Ship]] = field(default_factory=lambda: ([], []))
    sunk: list[Ship] = field(default_factory=list)
    moment: int = 0


def new_table(stocks: list[list[str]], low: int) -> Table:
    """The table at the start: each player's stock, top card first, and the first ships."""
    ships = {suit: new_ship(suit, 1, low) for suit in SUITS}
    return Table((list(stocks[0]), list(stocks[1])), ([], []), low, ships)


def turn(table: Table, player: int) -> None:
    """P5: the top stock card goes face up on the waste. With an empty stock, the whole
    waste is turned over to be the stock (its first-turned card on top) instead."""
    stock, waste = table.stocks[player], table.wastes[player]
    if stock:
        waste.insert(0, stock.pop(0))
        table.fresh[player] = True
    else:
        stock[:] = waste[::-1]
        waste.clear()
        table.fresh[player] = False


def is_observer(table: Table, player: int) -> bool:
    """P9: a player with no stock and no waste left only watches, and claims."""
    return not table.stocks[player] and not table.wastes[player]


def is_over(table: Table) -> bool:
    """P10: five captured ships win, or four once a ship has sunk. P11: the game is over
    too when no card left in a stock or waste can ever be placed, by its owner or by a
    claim of an observer."""
    if max(len(ships) for ships in table.captured) >= (4 if table.sunk else 5):
        return True
    for ship in table.ships.values():
        for player in (0, 1):
            needed = RANKS[ship.needs(player) - 1] + ship.suit
            # an observer's half can only be given the other player's card, by a claim
            owner = 1 - player if is_observer(table, player) else player
            if needed in table.stocks[owner] or needed in table.wastes[owner]:
                return False
    return True


# ── Chapter 6 · Real time: Pirate's moments (P4, P7, P9) ──


def can_claim(table: Table, player: int) -> bool:
    """Whether ``player`` may claim this moment (P9): they are an observer, and the other
    player's top waste card is the one turned last and fits the observer's own half."""
    owner = 1 - player
    waste = table.wastes[owner]
    if not is_observer(table, player) or not table.fresh[owner] or not waste:
        return False
    return table.ships[waste[0][1]].fits(player, waste[0])


def legal_actions(table: Table, player: int) -> list[str]:
    """The actions ``player`` may choose this moment (P4, P9), from "T", "P", "C", "W".

    Nothing once the game is over. An observer may claim, if ``can_claim``, or wait.
    Anyone else may turn, play their top waste card if it fits their own half, or wait.
    """
    if is_over(table):
        return []
    if is_observer(table, player):
        return ["C", "W"] if can_claim(table, player) else ["W"]
    waste = table.wastes[player]
    if waste and table.ships[waste[0][1]].fits(player, waste[0]):
        return ["T", "P", "W"]
    return ["T", "W"]


def moment(table: Table, actions: str) -> None:
    """Play one moment: ``actions`` is player 0's letter then player 1's, such as "TP" (P4).

    Both actions are chosen from the table as the moment begins, and happen together;
    raise ``ValueError`` if either is not legal, and change nothing. A claim takes the
    other player's top waste card onto the observer's half first (P9), unless the owner
    plays that very card this moment: then the owner's play stands, and both count as
    having put a card on that ship. Then turns and plays; then ``complete``.
    """
    if len(actions) != 2 or any(a not in legal_actions(table, p) for p, a in enumerate(actions)):
        raise ValueError(f"not a moment that can be played now: {actions!r}")
    placed: dict[str, set[int]] = {}
    for player, action in enumerate(actions):
        if action == "C":
            owner = 1 - player
            card = table.wastes[owner][0]
            placed.setdefault(card[1], set()).add(player)
            if actions[owner] != "P":  # else the owner's play of the same card stands
                table.wastes[owner].pop(0)
                table.fresh[owner] = False
                table.ships[card[1]].halves[player].append(card)
    for player, action in enumerate(actions):
        if action == "T":
            turn(table, player)
        elif action == "P":
            card = table.wastes[player].pop(0)
            table.fresh[player] = False
            table.ships[card[1]].halves[player].append(card)
            placed.setdefault(card[1], set()).add(player)
    table.moment += 1
    complete(table, placed)


def complete(table: Table, placed: dict[str, set[int]]) -> None:
    """Capture or sink every ship completed this moment (P7).

    ``placed`` gives, for each suit whose ship had a card put on it this moment, the
    players who put one there. A complete ship is captured by its one player, or sunk
    if both did; either way the suit's next ship takes its place (``new_ship``, P8).
    """
    for suit, players in placed.items():
        ship = table.ships[suit]
        if ship.is_complete():
            if len(players) == 2:
                table.sunk.append(ship)
            else:
                table.captured[min(players)].append(ship)
            table.ships[suit] = new_ship(suit, ship.number + 1, table.low)
