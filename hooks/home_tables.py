"""MkDocs hook: the home page shows each game's table, drawn from a real position.

At every build this hook plays a seeded game of each kind between two of the engine's
bots, stops it part way, and draws the table as it stands: the very JSON the play pages
draw (:func:`pirate_rules.web.marvin_table.table_json` and
:func:`pirate_rules.web.pirate_view.table_view`), with the same card art (SVG-cards, as
``docs/assets/play/cards.mjs`` shows it) and Marvin's figures (the drawings of
``docs/assets/play/icons.mjs``). Each picture is one inline ``<svg>`` with a text
alternative that says the same table in words, put where the home page has a marker::

    <!-- table: marvin -->
    <!-- table: pirate -->

The home page must stay light, so it never loads the card file (962 KB): only the few
cards a picture needs are cut from it, once each, into one hidden ``<defs>`` block. A card
on a Pirate ship shows only its corner (its rank and suit), as overlapping cards do; the
corner is cut with just the parts that lie in it, so a King's corner costs a few hundred
bytes, not the King's whole figure (a face card's figure reaches into its corner by a few
pixels at most: tests/browser/test_home.py measures it). The positions are picked so that
every card shown whole is a number card, the lightest to draw.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from pirate_rules.marvin.bots import play_game as play_marvin
from pirate_rules.marvin.game import MarvinGame
from pirate_rules.pirate import PirateGame
from pirate_rules.pirate import play_game as play_pirate
from pirate_rules.web.marvin_table import table_json
from pirate_rules.web.pirate_view import table_view
from pirate_rules.web.sessions import JSON

ROOT: Final = Path(__file__).resolve().parents[1]
CARD_FILE: Final = ROOT / "node_modules" / "svg-cards" / "svg-cards.svg"
ICONS_FILE: Final = ROOT / "docs" / "assets" / "play" / "icons.mjs"

CARD_W: Final = 169.075
CARD_H: Final = 244.64
CORNER: Final = (25.0, 57.0)
"""The corner of a card (width, height in the card's units) that holds its rank and suit."""

MARVIN: Final = {"bots": ("expert", "sensible"), "seed": 7, "turn": 14}
PIRATE: Final = {"bots": ("expert", "expert"), "seed": 3, "moment": 150, "ship_cards": 10}
"""Which games are drawn: their bots, seed, and the turn or moment from which to look for
a position whose whole cards are number cards (and, in Pirate, with ``ship_cards`` cards
on the ships at least, and cards left in both stocks: a table well under way)."""

MARVIN_PLAYERS: Final = ("Blue crew", "Red crew")
PIRATE_PLAYERS: Final = ("Ann", "Ben")

_GAME_NAMES: Final = {"marvin": "Marvin's Pirates Go!", "pirate": "Pirate"}
"""Each picture's game, as its link names it."""

_SVG_NS: Final = "{http://www.w3.org/2000/svg}"
_XLINK: Final = "{http://www.w3.org/1999/xlink}href"
_PREFIX: Final = "hc-"
_FIGURE_PREFIX: Final = "hf-"
_MARKER: Final = re.compile(r"<!--\s*table:\s*(marvin|pirate)\s*-->")
_SUIT_PICTURES: Final = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_RANK_PICTURES: Final = {"A": "1", "J": "jack", "Q": "queen", "K": "king", "T": "10"}
_SUIT_SIGNS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_PIPS: Final = frozenset("23456789T")


def card_picture(card: str) -> str:
    """The name of a card's picture in the card file, as cards.mjs names it.

    Example:
        >>> card_picture("8S"), card_picture("TH"), card_picture("KC"), card_picture("JK")
        ('spade_8', 'heart_10', 'club_king', 'joker_red')
    """
    if card == "JK":
        return "joker_red"
    return f"{_SUIT_PICTURES[card[-1]]}_{_RANK_PICTURES.get(card[0], card[0])}"


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class CardArt:
    """The card file, from which single cards and card corners are cut."""

    def __init__(self, path: Path = CARD_FILE) -> None:
        if not path.is_file():
            raise FileNotFoundError(f"no card pictures at {path}: run `npm ci` (or `make setup`)")
        self._ids = {node.get("id"): node for node in ET.parse(path).iter() if node.get("id")}

    def cut(self, cards: Iterable[str], corners: Iterable[str] = ()) -> str:
        """``<defs>`` content for the whole ``cards`` and the ``corners``, with what they use.

        Cards are named by their notation (``"8S"``) or ``"back"``.

        Every id is prefixed (``hc-``) so that nothing clashes with the page's own ids;
        a card is drawn with ``<use href="#hc-spade_8">``, a corner with
        ``<use href="#hc-spade_8-corner">``.
        """
        parts: dict[str, str] = {}
        todo = ["back" if card == "back" else card_picture(card) for card in cards]
        for card in corners:
            name = card_picture(card)
            corner = self._corner(name)
            parts[f"{name}-corner"] = "".join(_serialise(corner, f"{name}-corner"))
            todo += self._references(corner)
        while todo:
            name = todo.pop()
            if name in parts:
                continue
            node = self._ids[name]
            parts[name] = "".join(_serialise(node, name))
            todo += self._references(node)
        return "".join(parts[name] for name in sorted(parts))

    def _corner(self, name: str) -> ET.Element:
        """A copy of a card with only the outline and the parts drawn in its corner."""
        card = self._ids[name]
        dx, dy = _translation(card.get("transform", ""))
        corner = ET.Element(card.tag, {"transform": card.get("transform", "")})
        for child in card:
            href = child.get(_XLINK) or child.get("href") or ""
            if child.tag != f"{_SVG_NS}use":
                continue
            if href == "#base":
                corner.append(child)
                continue
            x, y = _anchor(child)
            if 0 <= x + dx <= CORNER[0] and 0 <= y + dy <= CORNER[1]:
                corner.append(child)
        return corner

    @staticmethod
    def _references(node: ET.Element) -> list[str]:
        found = []
        for part in node.iter():
            for key, value in part.attrib.items():
                if key in (_XLINK, "href") and value.startswith("#"):
                    found.append(value[1:])
                found += re.findall(r"url\(#([^)]+)\)", value)
        return found


def _translation(transform: str) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)", transform.strip())
    return (float(match[1]), float(match[2])) if match else (0.0, 0.0)


def _anchor(use: ET.Element) -> tuple[float, float]:
    """Where a ``<use>`` puts the origin of what it draws, in its parent's units."""
    x, y = float(use.get("x", 0)), float(use.get("y", 0))
    transform = use.get("transform", "").strip()
    if match := re.fullmatch(r"matrix\(([^)]*)\)", transform):
        a, b, c, d, e, f = (float(v) for v in re.split(r"[ ,]+", match[1].strip()))
        return a * x + c * y + e, b * x + d * y + f
    if match := re.fullmatch(r"scale\(([-\d.e]+)(?:[ ,]+([-\d.e]+))?\)", transform):
        sx = float(match[1])
        sy = float(match[2]) if match[2] else sx
        return sx * x, sy * y
    return x, y


def _serialise(node: ET.Element, name: str | None = None) -> Iterator[str]:
    """An element as inline-SVG markup: plain ``href``, prefixed ids, no other namespaces."""
    tag = node.tag.removeprefix(_SVG_NS)
    attributes = []
    if name is not None:
        attributes.append(f'id="{_PREFIX}{name}"')
    for key, value in node.attrib.items():
        if key == "id" or (key.startswith("{") and key != _XLINK):
            continue
        if key in (_XLINK, "href"):
            key, value = "href", f"#{_PREFIX}{value[1:]}" if value.startswith("#") else value
        value = re.sub(r"url\(#([^)]+)\)", rf"url(#{_PREFIX}\1)", value)
        attributes.append(f'{key}="{html.escape(value)}"')
    yield f"<{' '.join([tag, *attributes])}>"
    if node.text and node.text.strip():
        yield html.escape(node.text.strip())
    for child in node:
        yield from _serialise(child)
        if child.tail and child.tail.strip():
            yield html.escape(child.tail.strip())
    yield f"</{tag}>"


def figures(path: Path = ICONS_FILE) -> str:
    """The play pages' drawings (a pirate, a shield, the prizes, hearts...) as symbols.

    They are read from icons.mjs, where the play pages keep them, and renamed ``hf-...``.
    """
    match = re.search(r"const SPRITE = `(.*?)`;", path.read_text(encoding="utf-8"), re.DOTALL)
    if match is None:
        raise ValueError(f"{path} has no SPRITE of drawings")
    return re.sub(r'id="icon-', f'id="{_FIGURE_PREFIX}', " ".join(match[1].split()))


@dataclass
class Picture:
    """One game's table as an inline SVG, with the cards it shows."""

    game: str
    title: str
    words: str
    width: float
    height: float
    body: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    corners: list[str] = field(default_factory=list)

    def card(self, card: str, x: float, y: float, width: float, label: str = "") -> None:
        """A whole card (or ``"back"``), ``width`` wide, its top left at (x, y)."""
        scale = width / CARD_W
        if card != "back":
            self.cards.append(card)
        name = "back" if card == "back" else card_picture(card)
        self.body.append(
            f'<use href="#{_PREFIX}{name}" class="ht-card" data-card="{card}"'
            f' transform="translate({_fmt(x)} {_fmt(y)}) scale({scale:.4f})"/>'
        )
        if label:
            self.text(label, x + width / 2, y + width * CARD_H / CARD_W + 9, "ht-count", "middle")

    def corner(self, card: str, x: float, y: float, height: float, frame: str) -> None:
        """A card's corner, ``height`` tall, framed in a side's colour."""
        self.corners.append(card)
        width = height * CORNER[0] / CORNER[1]
        name = card_picture(card)
        self.body.append(
            f'<svg x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(width)}" height="{_fmt(height)}"'
            f' viewBox="0 0 {_fmt(CORNER[0])} {_fmt(CORNER[1])}" class="ht-corner"'
            f' data-card="{card}"><use href="#{_PREFIX}{name}-corner"/></svg>'
            f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(width)}" height="{_fmt(height)}"'
            f' rx="1.5" class="ht-frame {frame}"/>'
        )

    def figure(self, name: str, x: float, y: float, w: float, h: float, cls: str = "") -> None:
        """One of Marvin's drawings."""
        self.body.append(
            f'<use href="#{_FIGURE_PREFIX}{name}" x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}"'
            f' height="{_fmt(h)}" class="{cls}"/>'
        )

    def text(self, words: str, x: float, y: float, cls: str, anchor: str = "start") -> None:
        """A short text on the table (hidden from screen readers with the whole drawing)."""
        self.body.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y)}" class="{cls}" text-anchor="{anchor}">'
            f"{html.escape(words)}</text>"
        )

    def box(self, x: float, y: float, w: float, h: float, cls: str, rx: float = 5) -> None:
        """A rounded rectangle: the felt, a crew's place, a pirate's tile, a ship's slot."""
        self.body.append(
            f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}"'
            f' rx="{_fmt(rx)}" class="{cls}"/>'
        )

    def figure_html(self) -> str:
        """The picture with its caption, as the home page shows it: a tap on the picture
        opens its game's play page, as its Play button does."""
        name = _GAME_NAMES[self.game]
        return (
            f'<figure class="home-table home-table--{self.game}">'
            f'<a class="home-table__play" href="play/{self.game}/" aria-label="Play {name}"'
            f' aria-describedby="home-table-{self.game}-words">'
            f"{self.svg()}</a><figcaption>{html.escape(self.title)}, drawn by the engine"
            " when this site was built.</figcaption></figure>"
        )

    def svg(self) -> str:
        """The picture: an image with a title and a description, for every reader."""
        ident = f"home-table-{self.game}"
        return (
            f'<svg class="home-table__svg" viewBox="0 0 {_fmt(self.width)} {_fmt(self.height)}"'
            f' role="img" aria-labelledby="{ident}-title {ident}-words" data-game="{self.game}">'
            f'<title id="{ident}-title">{html.escape(self.title)}</title>'
            f'<desc id="{ident}-words">{html.escape(self.words)}</desc>'
            f'<rect width="{_fmt(self.width)}" height="{_fmt(self.height)}" rx="10"'
            f' class="ht-felt"/>{"".join(self.body)}</svg>'
        )


# -- Marvin's Pirates Go! --------------------------------------------------------------


def _shows_pips(cards: Iterable[JSON | None]) -> bool:
    return all(card is None or card["card"][0] in _PIPS for card in cards)


def marvin_position() -> MarvinGame:
    """The Marvin game drawn on the home page: the first turn from ``MARVIN["turn"]`` on
    whose card in play and top discard are number cards (or not there)."""
    bots, seed, turn = MARVIN["bots"], MARVIN["seed"], MARVIN["turn"]
    assert isinstance(seed, int) and isinstance(turn, int) and isinstance(bots, tuple)
    for turns in range(turn, turn + 40):
        game = play_marvin(list(bots), seed, max_turns=turns, players=MARVIN_PLAYERS)
        table = table_json(game)
        if not game.is_terminal() and _shows_pips([table["drawn"], table["discard_top"]]):
            return game
    raise ValueError(f"no light Marvin position in seed {seed} from turn {turn}")


_TILE: Final = (70.0, 40.0)
_POSITIONS: Final = ("GL", "GR", "CL", "CR")
_PRIZE_NAMES: Final = {"cave": "Cave", "ship": "Ship", "fort": "Fort"}


def _pirate_words(pirate: JSON) -> str:
    who = f"{pirate['name']} ({pirate['position']})"
    if pirate["fainted"]:
        return f"{who} knocked out"
    words = [f"{pirate['hp']} of 4 hit points"]
    if pirate["shield"]:
        words.append("a shield")
    if pirate["hidden"]:
        words.append("hiding in the Cave")
    return f"{who} {', '.join(words)}"


def marvin_words(table: JSON) -> str:
    """The Marvin table in words: each crew, the prizes, the card in play and the piles."""
    parts = []
    for side in (table["sides"][1], table["sides"][0]):
        pirates = "; ".join(_pirate_words(pirate) for pirate in side["pirates"])
        prizes = ", ".join(_PRIZE_NAMES[p] for p in side["prizes"]) or "no prize"
        parts.append(f"{side['name']}: {pirates}; holds {prizes}.")
    drawn = table["drawn"]
    parts.append(f"Card in play: the {drawn['name']}." if drawn else "No card in play.")
    top = table["discard_top"]
    parts.append(
        f"{table['draw_pile']} cards to draw; {table['discard_pile']} played"
        + (f", the last the {top['name']}." if top else ".")
    )
    bank = ", ".join(_PRIZE_NAMES[p] for p in table["bank"])
    parts.append(f"In the prize bank: {bank}." if bank else "The prize bank is empty.")
    return " ".join(parts)


def _draw_crew(picture: Picture, side: JSON, seat: int, top: float) -> None:
    tile_w, tile_h = _TILE
    left = (picture.width - 2 * tile_w - 6) / 2
    picture.box(left - 6, top, 2 * tile_w + 18, 2 * tile_h + 26, f"ht-side ht-side--{seat}", 7)
    picture.text(side["name"], left, top + 14, f"ht-name ht-name--{seat}")
    for index, prize in enumerate(side["prizes"]):
        picture.figure(prize, left + 2 * tile_w - 14 - 22 * index, top + 3, 20, 16.7)
    rows = [["CR", "CL"], ["GR", "GL"]] if seat == 1 else [["GL", "GR"], ["CL", "CR"]]
    pirates = {pirate["position"]: pirate for pirate in side["pirates"]}
    for row, positions in enumerate(rows):
        for column, position in enumerate(positions):
            x, y = left + column * (tile_w + 6), top + 20 + row * (tile_h + 3)
            _draw_pirate(picture, pirates[position], seat, x, y)


def _draw_pirate(picture: Picture, pirate: JSON, seat: int, x: float, y: float) -> None:
    state = "fainted" if pirate["fainted"] else "hidden" if pirate["hidden"] else "up"
    picture.body.append(
        f'<g class="ht-pirate ht-pirate--{state}" data-pirate="p{seat}-{pirate["position"]}"'
        f' data-hp="{pirate["hp"]}" data-shield="{str(pirate["shield"]).lower()}">'
    )
    picture.box(x, y, *_TILE, "ht-tile", 6)
    if pirate["hidden"]:
        picture.figure("cave", x + 1, y + 2, 36, 30)
        picture.figure("pirate", x + 10, y + 14, 18, 21.6, f"ht-body ht-body--{seat}")
    elif pirate["fainted"]:
        picture.figure("pirate", x + 5, y + 10, 26, 31.2, f"ht-body ht-body--{seat}")
        picture.figure("ko", x + 3, y + 2, 30, 15)
    else:
        picture.figure("pirate", x + 4, y + 3, 28, 33.6, f"ht-body ht-body--{seat}")
    if pirate["shield"]:
        picture.figure("shield", x + 1, y + 17, 17, 19, "ht-shield")
    for index in range(4 if not pirate["fainted"] else 0):
        lost = " ht-heart--lost" if index >= pirate["hp"] else ""
        hx, hy = x + 36 + (index % 2) * 15, y + 12 + (index // 2) * 13
        picture.figure("heart", hx, hy, 13, 11.7, f"ht-heart{lost}")
    picture.text(pirate["position"], x + _TILE[0] - 4, y + 10, "ht-pos", "end")
    picture.body.append("</g>")


def marvin_picture(game: MarvinGame) -> Picture:
    """The table of a Marvin game, drawn as the play page draws it, from its table JSON."""
    table = table_json(game)
    turn = game.turn + 1
    picture = Picture(
        "marvin",
        f"Marvin's Pirates Go! at turn {turn} of a game between two computer players",
        marvin_words(table),
        320,
        322,
    )
    _draw_crew(picture, table["sides"][1], 1, 6)
    middle = 124
    card_w = 48.0
    pile = "back" if table["draw_pile"] else None
    if pile:
        picture.card(pile, 14, middle, card_w, f"{table['draw_pile']} to draw")
    drawn, top = table["drawn"], table["discard_top"]
    for x, card, empty in ((72, drawn, "Card drawn"), (130, top, "Played")):
        if card:
            picture.card(card["card"], x, middle, card_w, "Card drawn" if card is drawn else "")
        else:
            picture.box(x, middle, card_w, card_w * CARD_H / CARD_W, "ht-slot", 4)
            picture.text(empty, x + card_w / 2, middle + 40, "ht-count", "middle")
    if top:
        picture.text(f"{table['discard_pile']} played", 154, middle + 79, "ht-count", "middle")
    bank_x = 251 - (len(table["bank"]) * 42 - 4) / 2
    for index, prize in enumerate(table["bank"]):
        spot = bank_x + index * 42
        picture.box(spot, middle + 18, 38, 38, "ht-tile", 6)
        picture.figure(prize, spot + 4, middle + 21, 30, 25)
        picture.text(_PRIZE_NAMES[prize], spot + 19, middle + 53, "ht-count", "middle")
    picture.text(
        "Prize bank" if table["bank"] else "Prize bank: empty",
        251,
        middle + 70,
        "ht-count",
        "middle",
    )
    _draw_crew(picture, table["sides"][0], 0, 214)
    return picture


# -- Pirate ------------------------------------------------------------------------------


def pirate_position() -> PirateGame:
    """The Pirate game drawn on the home page: the first moment from ``PIRATE["moment"]``
    on with ``PIRATE["ship_cards"]`` cards on the ships, cards in both stocks, and number
    cards (or nothing) on top of the wastes."""
    bots, seed, moment = PIRATE["bots"], PIRATE["seed"], PIRATE["moment"]
    least = PIRATE["ship_cards"]
    assert isinstance(seed, int) and isinstance(moment, int) and isinstance(bots, tuple)
    assert isinstance(least, int)
    for moments in range(moment, moment + 300):
        game = play_pirate(list(bots), seed, max_moments=moments, players=PIRATE_PLAYERS)
        view = pirate_view(game)
        on_ships = sum(slot is not None for ship in view["ships"] for slot in ship["slots"])
        if (
            not game.is_terminal()
            and on_ships >= least
            and all(seat["stock"] for seat in view["seats"])
            and _shows_pips(seat["top"] for seat in view["seats"])
        ):
            return game
    raise ValueError(f"no Pirate position to draw in seed {seed} from moment {moment}")


def pirate_view(game: PirateGame) -> JSON:
    """The view the Pirate play page draws, for a game between two people."""
    return table_view(game, [None, None], ["person", "person"])


def pirate_words(view: JSON) -> str:
    """The Pirate table in words: each seat's piles, then each ship's two halves."""
    parts = []
    for seat in view["seats"]:
        top = seat["top"]
        waste = f"{seat['waste']} on the waste" + (
            f", the top one the {top['name']}" if top else ""
        )
        captured = len(seat["captured"])
        ships = f"; {captured} ship{'s' if captured != 1 else ''} captured" if captured else ""
        parts.append(f"{seat['name']}: {seat['stock']} cards in stock, {waste}{ships}.")
    players = view["players"]
    for ship in view["ships"]:
        halves = [
            f"{players[i]}'s half {half['describe']}"
            for i, half in enumerate(ship["halves"])
            if half["cards"]
        ]
        parts.append(
            f"The {ship['name']} ship: " + (", ".join(halves) if halves else "not begun") + "."
        )
    return " ".join(parts)


def pirate_picture(game: PirateGame) -> Picture:
    """The table of a Pirate game, drawn from the view its play page draws."""
    view = pirate_view(game)
    picture = Picture(
        "pirate",
        f"Pirate at moment {view['moment']} of a game between two computer players",
        pirate_words(view),
        320,
        286,
    )
    card_w = 46.0
    for index, seat in enumerate(view["seats"]):
        left = 8 + index * 158
        picture.box(left, 6, 146, 100, f"ht-side ht-side--{index}", 7)
        picture.text(seat["name"], left + 8, 20, f"ht-name ht-name--{index}")
        picture.text(f"{seat['role']}", left + 138, 20, "ht-count", "end")
        if seat["stock"]:
            picture.card("back", left + 18, 26, card_w, f"{seat['stock']} in stock")
        top = seat["top"]
        if top:
            picture.card(top["card"], left + 82, 26, card_w, f"{seat['waste']} on waste")
        else:
            picture.box(left + 82, 26, card_w, card_w * CARD_H / CARD_W, "ht-slot", 4)
    slot_w, slot_h, pitch = 19.5, 38.0, 22.0
    for row, ship in enumerate(view["ships"]):
        y = 118 + row * 42
        red = " ht-suit--red" if ship["suit"] in "HD" else ""
        picture.text(_SUIT_SIGNS[ship["suit"]], 14, y + 25, f"ht-suit{red}", "middle")
        for column, slot in enumerate(ship["slots"]):
            x = 26 + column * pitch
            if slot is None:
                picture.box(x, y, slot_w, slot_h, "ht-slot", 3)
                picture.text(_RANKS[column], x + slot_w / 2, y + 23, "ht-rank", "middle")
            else:
                claimed = " ht-frame--claimed" if slot["owner"] != slot["half"] else ""
                picture.corner(slot["card"], x, y, slot_h, f"ht-frame--{slot['half']}{claimed}")
    return picture


# -- The hook ------------------------------------------------------------------------------


def pictures() -> dict[str, Picture]:
    """Both games' pictures, drawn from their positions."""
    return {
        "marvin": marvin_picture(marvin_position()),
        "pirate": pirate_picture(pirate_position()),
    }


def defs(drawn: Iterable[Picture], art: CardArt | None = None) -> str:
    """One hidden block with every card, corner and figure the pictures use."""
    art = art or CardArt()
    cards: set[str] = {"back"}
    corners: set[str] = set()
    for picture in drawn:
        cards |= set(picture.cards)
        corners |= set(picture.corners)
    return (
        '<svg class="home-defs" aria-hidden="true" focusable="false" width="0" height="0">'
        f"<defs>{figures()}{art.cut(sorted(cards), sorted(corners))}</defs></svg>"
    )


def on_page_content(html_text: str, page: Any, **_: Any) -> str:
    """Put the tables where the home page has its markers (other pages are left alone)."""
    if not _MARKER.search(html_text):
        return html_text
    drawn = pictures()
    html_text = _MARKER.sub(lambda match: drawn[match[1]].figure_html(), html_text)
    return defs(drawn.values()) + html_text
