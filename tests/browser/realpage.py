"""Games played with real cards, planned by the engine: what a family at the table enters
on the "Play with real cards" page, turn by turn, and the table it should then see.

The engine plays a whole game of Marvin's Pirates Go! from a stacked deck, two
"sensible" bots choosing; each turn of its record becomes the entries a player makes
(the power used, the card drawn, what it does), and the engine's own table after that
turn is what the page must show. Used by the unit tests of ``pirate_rules.web.real_marvin``
and by the browser tests of the page alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

from pirate_rules.bots import bot_seed, make_bot
from pirate_rules.cards import Card
from pirate_rules.marvin import MarvinGame, card_effect, replay, to_record
from pirate_rules.web.marvin_table import table_json

NAMES = ("Ann", "Ben")


@dataclass
class TableTurn:
    """One turn at the table: its entries and the engine's table after it."""

    power: str | None
    card: str
    choice: str | None
    sides: list[dict[str, Any]]
    bank: list[str]
    pile: int
    """The draw pile's count the page shows after the turn."""

    def entries(self, exact: bool) -> list[str]:
        """What the player enters, with the exact card or only its kind."""
        card = self.card if exact or self.card == "JK" else card_effect(Card.parse(self.card))
        drawn = [f"draw {card}"]
        return [self.power] * bool(self.power) + drawn + [self.choice] * bool(self.choice)


def power_notation(prize: dict[str, str]) -> str:
    """A record's prize power as a move: ``{"power": "ship", "from": "GL", "to": "CR"}``
    is ``ship GL CR``."""
    if prize["power"] == "ship":
        return f"ship {prize['from']} {prize['to']}"
    return f"{prize['power']} {prize['hide' if prize['power'] == 'cave' else 'shield']}"


def table_game(seed: int, jokers: int = 2) -> tuple[MarvinGame, list[TableTurn]]:
    """The engine's game from a stacked deck, and each of its turns as entered at the table.

    The deck is shuffled by ``seed``. A game that ends before the draw pile runs out is
    then played again from the stacked deck of the cards it drew (the others in the
    standard order), so that its record is the very one the page keeps for it.
    """
    deck = MarvinGame.from_seed(seed, jokers=jokers).deck
    game = MarvinGame.stacked(deck, players=NAMES, jokers=jokers)
    bots = [make_bot("marvin", "sensible", seed=bot_seed(seed, seat)) for seat in (0, 1)]
    while not game.is_game_over():
        game.push(bots[game.to_move].choose(game, game.to_move))
    record = to_record(game)
    record.pop("result")
    if not game.reshuffles:
        # The cards that never came up follow in the standard order, as on the page: the
        # engine's game from the stacked deck of the cards drawn.
        drawn = [turn["card"] for turn in record["turns"]]
        record["deck"] = [str(card) for card in MarvinGame.stacked(drawn, jokers=jokers).deck]
        game = replay(record)
    size = len(deck)
    turns = []
    for number, entry in enumerate(record["turns"], 1):
        after = table_json(replay({**record, "turns": record["turns"][:number]}))
        choice = entry.get("target") or (f"take {entry['take']}" if "take" in entry else None)
        power = power_notation(entry["prize"]) if "prize" in entry else None
        pile = size - number % size if number % size else 0
        turns.append(TableTurn(power, entry["card"], choice, after["sides"], after["bank"], pile))
    return game, turns


# -- on the page --------------------------------------------------------------------------

ENTRIES = "Number(document.querySelector('#play').dataset.entries || 0)"
"""How many entries the Marvin page has had accepted (JavaScript)."""

REFUSALS = "Number(document.querySelector('#play').dataset.refusals || 0)"
"""How many entries the Marvin page has had refused (JavaScript)."""

TABLE = """() => {
  // The table as drawn: each pirate's hearts, shield, Cave and faint; the prizes; the pile.
  const side = (seat) => ["GL", "GR", "CL", "CR"].map((position) => {
    const tile = document.getElementById(`p${seat}-${position}`);
    return {
      position,
      hp: tile.querySelectorAll(".pirate__heart:not(.lost)").length,
      shield: tile.classList.contains("pirate--shield"),
      hidden: tile.classList.contains("pirate--hidden"),
      fainted: tile.classList.contains("pirate--fainted"),
    };
  });
  const prizes = (box) => [...box.querySelectorAll(".prize")].map((prize) => prize.id.slice(6));
  return {
    pirates: [side(0), side(1)],
    prizes: [0, 1].map((seat) => prizes(document.querySelector(`.mpg-side--${seat} .mpg-prizes`))),
    bank: prizes(document.querySelector(".mpg-bank__prizes")),
    pile: Number(document.getElementById("draw-pile").dataset.count),
  };
}"""
"""Read the Marvin table as the page draws it (JavaScript)."""


def settle_layout(page: Page) -> None:
    """Scroll to the top, wait until the page has drawn two frames at its new size, and
    until the transitions that a new size starts (the site's search box widens or hides
    itself) have ended: in the middle of one a box may still reach past the window."""
    page.evaluate(
        """() => new Promise((done) => {
            window.scrollTo(0, 0);
            requestAnimationFrame(() => requestAnimationFrame(done));
        })"""
    )
    page.wait_for_function(
        "document.getAnimations().every((a) => !(a instanceof CSSTransition)"
        " || a.playState !== 'running')"
    )


def expected_table(turn: TableTurn) -> dict[str, Any]:
    """The table the page must draw after ``turn``, in the shape of `TABLE`."""
    keys = ("position", "hp", "shield", "hidden", "fainted")
    return {
        "pirates": [
            [{key: pirate[key] for key in keys} for pirate in side["pirates"]]
            for side in turn.sides
        ],
        "prizes": [side["prizes"] for side in turn.sides],
        "bank": turn.bank,
        "pile": turn.pile,
    }


def power_places(power: str, seat: int) -> list[str]:
    """The places a power names on the table, in the order a player taps them."""
    kind, *positions = power.split()
    places = [f"p{seat}-{position}" for position in positions]
    return places if kind == "ship" else [*places, f"prize-{kind}"]


def choice_place(choice: str, card: str, seat: int) -> str:
    """The place a player taps for the drawn card's choice."""
    if choice.startswith("take "):
        return f"prize-{choice.split()[1]}"
    owner = seat if card_effect(Card.parse(card)) == "shield" else 1 - seat
    return f"p{owner}-{choice}"
