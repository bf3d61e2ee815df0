"""The home page's tables (hooks/home_tables.py) are drawn from the engine's positions."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pirate_rules.cards import Card
from pirate_rules.marvin import MarvinGame
from pirate_rules.pirate import PirateGame
from pirate_rules.web.marvin_table import table_json

# The hook, imported as MkDocs imports it: from its folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hooks"))
import home_tables as home

needs_cards = pytest.mark.skipif(not home.CARD_FILE.is_file(), reason="no node_modules (npm ci)")


def drawn_cards(svg: str) -> list[str]:
    """The cards a picture's markup draws, whole or as corners, in order."""
    return re.findall(r'data-card="([^"]+)"', svg)


def test_the_marvin_picture_shows_the_engines_table() -> None:
    game = home.marvin_position()
    table = table_json(game)
    svg = home.marvin_picture(game).svg()
    whole = [c["card"] for c in (table["drawn"], table["discard_top"]) if c]
    assert drawn_cards(svg) == ["back", *whole]
    for seat, side in enumerate(table["sides"]):
        for pirate in side["pirates"]:
            place = f'data-pirate="p{seat}-{pirate["position"]}"'
            found = re.search(rf'{place} data-hp="(\d)" data-shield="(\w+)"', svg)
            assert found, place
            assert (int(found[1]), found[2]) == (pirate["hp"], str(pirate["shield"]).lower())
            tile = svg.split(place)[1].split("</g>")[0]
            assert tile.count('class="ht-heart') == (0 if pirate["fainted"] else 4)
            assert tile.count("ht-heart--lost") == (0 if pirate["fainted"] else 4 - pirate["hp"])
            assert ('href="#hf-shield"' in tile) == pirate["shield"]
    for prize in table["bank"]:
        assert f'href="#hf-{prize}"' in svg


@pytest.mark.parametrize("top", ["8S 5H", "3D 7C"])
def test_a_stacked_marvin_game_is_drawn_with_its_own_cards(top: str) -> None:
    game = MarvinGame.stacked(top, players=("Ann", "Ben"))
    picture = home.marvin_picture(game)
    first = top.split()[0]
    assert picture.cards == [first]
    assert f'data-card="{first}"' in picture.svg()
    assert f"the {Card.parse(first).name}" in picture.words
    assert "Ann:" in picture.words and "Ben:" in picture.words


def test_the_pirate_picture_shows_the_engines_ships_and_wastes() -> None:
    game = home.pirate_position()
    view = home.pirate_view(game)
    picture = home.pirate_picture(game)
    on_ships = [slot["card"] for ship in view["ships"] for slot in ship["slots"] if slot]
    assert picture.corners == on_ships
    assert len(on_ships) >= 8  # a table well under way, not an empty one
    tops = [seat["top"]["card"] for seat in view["seats"] if seat["top"]]
    assert picture.cards == tops
    assert all(card[0] in "23456789T" for card in tops)  # the light cards, as promised
    for seat in view["seats"]:
        assert f"{seat['stock']} in stock" in picture.svg()


def test_a_pirate_game_of_known_stocks_is_drawn_with_its_own_ships() -> None:
    game = PirateGame(stocks=("AH 2H 3C AC", "KH QH 4S KS"), players=("Ann", "Ben"), complete=False)
    game.apply_moments("TT PP TT PP TT")
    picture = home.pirate_picture(game)
    assert sorted(picture.corners) == ["2H", "AH", "KH", "QH"]
    assert picture.cards == ["3C", "4S"]
    assert "Ann's half A-2" in picture.words and "Ben's half K-Q" in picture.words


@needs_cards
def test_the_defs_hold_everything_the_pictures_use_and_stay_small() -> None:
    pictures = home.pictures()
    defs = home.defs(pictures.values())
    markup = defs + "".join(p.figure_html() for p in pictures.values())
    ids = set(re.findall(r'\sid="([^"]+)"', markup))
    used = set(re.findall(r'href="#([^"]+)"', markup))
    assert used <= ids, sorted(used - ids)
    assert len(re.findall(r'\sid="([^"]+)"', markup)) == len(ids)  # no id twice
    assert "svg-cards.svg" not in markup  # the card file itself is never loaded
    assert len(markup.encode()) < 80_000, len(markup.encode())


@needs_cards
def test_a_corner_keeps_the_rank_and_suit_and_leaves_the_figure_out() -> None:
    art = home.CardArt()
    corner = art.cut([], ["KH"])
    whole = art.cut(["KH"])
    assert 'id="hc-heart_king-corner"' in corner
    assert "#hc-king_2" in whole and "#hc-king_2" not in corner  # the figure: whole card only
    assert "#hc-king" in corner and "#hc-heart" in corner  # the K and the suit's sign
    assert len(corner) < len(whole) / 5


def test_figures_come_from_the_play_pages_drawings() -> None:
    drawings = home.figures()
    source = home.ICONS_FILE.read_text(encoding="utf-8")
    for name in ("pirate", "shield", "cave", "ship", "fort", "heart", "ko"):
        assert f'id="icon-{name}"' in source
        assert f'id="hf-{name}"' in drawings


@needs_cards
def test_the_hook_fills_the_markers_and_leaves_other_pages_alone() -> None:
    plain = "<h1>Rules</h1><p>No table here.</p>"
    assert home.on_page_content(plain, page=None) == plain
    page = home.on_page_content("<p>a</p><!-- table: marvin --><!-- table: pirate -->", page=None)
    assert page.startswith('<svg class="home-defs" aria-hidden="true"')
    assert page.count('role="img"') == 2 and "<!--" not in page
    assert 'data-game="marvin"' in page and 'data-game="pirate"' in page
