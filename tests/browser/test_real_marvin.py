"""Marvin's Pirates Go! with real cards: whole games entered by taps on a phone, upright
and on its side, from a stacked deck the engine also plays; refusals, a Joker, the
reshuffle, take-back, a reload in mid game, the record and the viewer, the layout at
every size, axe, and the page offline after one visit."""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urljoin

import pytest
from playpage import games_asked, wait_for_game
from playwright.sync_api import Browser, Locator, Page, expect
from realpage import (
    ENTRIES,
    NAMES,
    REFUSALS,
    TABLE,
    TableTurn,
    choice_place,
    expected_table,
    power_places,
    settle_layout,
    table_game,
)
from siteserver import SITE, ensure_site_built, serve_site
from speech import speech, spoken
from test_pirate import replay_with_the_command_line

from conftest import (
    axe_problems,
    booted_page,
    read_download,
    wait_until_kept,
    wait_until_ready,
    watched_context,
)
from pirate_rules import web
from pirate_rules.cards import Card
from pirate_rules.marvin import card_effect, to_record

pytestmark = pytest.mark.browser

EXACT_SEED = 23
"""A game of 44 turns from a stacked deck: two Jokers, every prize power, a captain who
comes back from the Cave; it ends before the draw pile runs out."""
KINDS_SEED = 10
"""A game of 57 turns: the draw pile runs out after 54 cards and is shuffled."""


def fresh_game(page: Page, exact: bool) -> None:
    """Set up a new game of Ann and Ben, Ann first, 2 jokers, from the setup dialog."""
    asked = games_asked(page)
    if not page.locator("#options").evaluate("dialog => dialog.open"):
        page.locator("#new-game").click()
    page.locator("[name=name0]").fill(NAMES[0])
    page.locator("[name=name1]").fill(NAMES[1])
    page.locator("[name=first]").select_option("0")
    page.locator("[name=jokers]").select_option("2")
    page.locator("#options button[type=submit]").click()
    wait_for_game(page, asked)
    if (page.locator("#exact").get_attribute("aria-pressed") == "true") != exact:
        page.locator("#exact").click()
    settle_layout(page)  # back up to the table from the switches below it


def tap(page: Page, place: str | Locator) -> None:
    """A finger on the middle of ``place`` (a selector or a locator), as a player taps:
    a touch through the DevTools protocol, without waiting for the place to hold still
    (nothing on this table moves while a player may tap)."""
    box = (page.locator(place) if isinstance(place, str) else place).bounding_box()
    assert box is not None, f"{place} is not shown"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    size = page.viewport_size
    assert size and 0 < x < size["width"] and 0 < y < size["height"], f"{place} is out of sight"
    page.touchscreen.tap(x, y)


def entered(page: Page, count: int) -> None:
    page.wait_for_function(f"{ENTRIES} >= {count}")


def enter_turn(page: Page, turn: TableTurn, seat: int, exact: bool) -> int:
    """Tap one turn in as a player would; return how many taps it took."""
    done = int(page.evaluate(ENTRIES))
    taps = 0
    if turn.power:
        first, second = power_places(turn.power, seat)
        tap(page, f"#{first}")
        taps += 1
        picked = f"document.getElementById('{first}').getAttribute('aria-pressed') === 'true'"
        page.wait_for_function(f"{ENTRIES} > {done} || {picked}")
        if page.evaluate(ENTRIES) == done:  # two places name it: the second tap plays it
            tap(page, f"#{second}")
            taps += 1
        done += 1
        entered(page, done)
    kind = card_effect(Card.parse(turn.card))
    tap(page, f"#kinds [data-kind={kind}]")
    taps += 1
    if exact and kind != "lost":
        tap(page, f"#grid-cards button[data-card='{turn.card}']")
        taps += 1
    done += 1
    entered(page, done)
    if turn.choice:
        tap(page, f"#{choice_place(turn.choice, turn.card, seat)}")
        taps += 1
        done += 1
        entered(page, done)
    return taps


def refuse_the_captain_behind(page: Page, seat: int) -> None:
    """Tap the captain behind a standing guard: refused, naming M16, the table unchanged."""
    before = page.evaluate(TABLE), int(page.evaluate(REFUSALS))
    tap(page, f"#p{1 - seat}-CL")
    page.wait_for_function(f"{REFUSALS} > {before[1]}")
    refusal = page.locator("#refusal")
    expect(refusal).to_contain_text(f"{NAMES[1 - seat]}'s captain left can't be")
    expect(refusal).to_contain_text("the guard in front of it is still standing")
    expect(refusal.locator("a.rule-link")).to_have_text("M16")
    expect(refusal.locator("a.rule-link")).to_have_attribute(
        "href", re.compile(r"rules/marvin/#M16$")
    )
    assert page.evaluate(TABLE) == before[0]


def take_back_a_wrong_target(page: Page, turn: TableTurn, seat: int) -> bool:
    """Tap another target than the one meant, take it back, and see the table as before."""
    meant = choice_place(str(turn.choice), turn.card, seat)
    others = page.locator(f"#table .mpg-side--{1 - seat} .pirate.is-choice:not(#{meant})")
    if not others.count():
        return False
    before, done = page.evaluate(TABLE), int(page.evaluate(ENTRIES))
    tap(page, others.first)
    entered(page, done + 1)
    assert page.evaluate(TABLE) != before
    tap(page, "#undo")
    page.wait_for_function(f"{ENTRIES} === {done}")
    expect(page.locator("#notice")).to_contain_text(f"Taken back: {NAMES[seat]}'s ")
    assert page.evaluate(TABLE) == before
    return True


def play_whole_game(page: Page, seed: int, exact: bool, reload_at: int | None = None) -> Any:
    """Enter the engine's game of ``seed`` by taps, checking the table after every turn
    (and trying a refused tap and a take-back early on); returns the engine's game and
    the taps of each turn."""
    game, turns = table_game(seed)
    fresh_game(page, exact)
    taps: list[int] = []
    tried = {"refused": False, "taken back": False}
    for number, turn in enumerate(turns, 1):
        seat = (number - 1) % 2
        taps.append(enter_turn_trying(page, turn, seat, exact, tried))
        assert page.evaluate(TABLE) == expected_table(turn), f"turn {number}"
        if turn.pile == 0 and number < len(turns):
            expect(page.locator("#status")).to_contain_text("The draw pile is empty: shuffle")
        if number == reload_at:
            page.reload()
            wait_until_ready(page)
            expect(page.locator("#notice")).to_contain_text("Welcome back!")
            assert page.evaluate(TABLE) == expected_table(turn), "after the reload"
    assert all(tried.values()), tried
    return game, taps


def enter_turn_trying(
    page: Page, turn: TableTurn, seat: int, exact: bool, tried: dict[str, bool]
) -> int:
    """`enter_turn`; on the first turns whose card hits, a refused tap, then a take-back,
    are tried before the target meant."""
    hits = turn.choice and card_effect(Card.parse(turn.card)) in ("hit", "kill", "slash")
    if not hits or all(tried.values()):
        return enter_turn(page, turn, seat, exact)
    plain = TableTurn(turn.power, turn.card, None, turn.sides, turn.bank, turn.pile)
    taps = enter_turn(page, plain, seat, exact)
    guards = page.locator(f"#p{1 - seat}-GL, #p{1 - seat}-GR")
    standing = guards.evaluate_all(
        "tiles => tiles.every((t) => !t.classList.contains('pirate--fainted'))"
    )
    if not tried["refused"] and standing:
        refuse_the_captain_behind(page, seat)
        tried["refused"] = True
    elif not tried["taken back"]:
        tried["taken back"] = take_back_a_wrong_target(page, turn, seat)
    done = int(page.evaluate(ENTRIES))
    tap(page, f"#{choice_place(str(turn.choice), turn.card, seat)}")
    entered(page, done + 1)
    return taps + 1


@pytest.fixture(scope="module")
def booted(browser: Browser, site_url: str) -> Iterator[Page]:
    """One booted page on a touch screen, for the whole module (Python starts once)."""
    with booted_page(
        browser,
        f"{site_url}play/real-marvin/",
        init_script=speech(),
        has_touch=True,
        reduced_motion="reduce",
        viewport={"width": 390, "height": 844},
    ) as (page, _):
        yield page


@pytest.fixture
def phone(booted: Page, request: pytest.FixtureRequest) -> Page:
    """The page at the size ``request.param`` (width, height)."""
    width, height = request.param
    booted.set_viewport_size({"width": width, "height": height})
    return booted


@pytest.mark.parametrize("phone", [(390, 844)], indirect=True)
def test_a_whole_game_by_exact_cards_upright_keeps_the_engines_record(phone: Page) -> None:
    """About 20 s: a whole game tapped in, card by card, on a phone, so that the downloaded
    record can be compared with the engine's whole game and the taps per turn counted
    over every turn."""
    game, taps = play_whole_game(phone, EXACT_SEED, exact=True)
    expect(phone.locator("#end-text")).to_have_text(f"{NAMES[game.outcome().winner]} won the game!")
    lines = phone.locator("#log li").all_inner_texts()
    assert sum("Joker!" in line for line in lines) == 2
    assert any("came out of the Cave" in line for line in lines)
    assert read_download(phone, "#download") == to_record(game)
    assert max(taps) <= 5 and statistics.median(taps) <= 3
    print(f"\ntaps per turn, exact cards: median {statistics.median(taps)}, most {max(taps)}")


@pytest.mark.parametrize("phone", [(844, 390)], indirect=True)
def test_a_whole_game_by_kinds_on_its_side_replays_and_opens_in_the_viewer(
    phone: Page, tmp_path: Path
) -> None:
    """About 20 s: a whole game tapped in by kinds, with a reload at turn 30, so that the
    record replays to its end on the command line and in the viewer."""
    game, taps = play_whole_game(phone, KINDS_SEED, exact=False, reload_at=30)
    expect(phone.locator("#end-text")).to_have_text(f"{NAMES[game.outcome().winner]} won the game!")
    record = read_download(phone, "#download")
    assert "won" in replay_with_the_command_line(record, tmp_path)
    assert any("reshuffle" in turn for turn in record["turns"])
    assert [card_effect(Card.parse(turn["card"])) for turn in record["turns"]] == [
        card_effect(turn[2]) for turn in game._history
    ]
    print(f"\ntaps per turn, kinds: median {statistics.median(taps)}, most {max(taps)}")
    viewer = phone.context.new_page()
    viewer.goto(str(phone.locator("#watch").evaluate("link => link.href")))
    wait_until_ready(viewer)
    expect(viewer.locator("#status")).to_contain_text("Ann against Ben")
    viewer.locator("#last").click()
    expect(viewer.locator("#summary")).to_have_text(
        f"End of the record: every move is legal; {NAMES[game.outcome().winner]} won."
    )
    viewer.close()


SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844), (844, 390), (667, 375)]

FITS = """() => {
  // What a player needs in sight: every pirate with its hearts, the prizes, the prompt and
  // the card buttons; nothing wider than the window; every control at least 44 px.
  const problems = [];
  const inside = (node, name) => {
    const r = node.getBoundingClientRect();
    const out = r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5
      || r.bottom > innerHeight + 0.5;
    if (out) problems.push(`${name} is out of the window: ${[r.left, r.top, r.right, r.bottom]}`);
    return r;
  };
  for (const tile of document.querySelectorAll("#table .pirate")) {
    const box = inside(tile, tile.id);
    for (const heart of tile.querySelectorAll(".pirate__heart")) {
      const r = heart.getBoundingClientRect();
      const cut = r.left < box.left || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
      if (r.width < 11 || cut) problems.push(`${tile.id}: a heart is cut or small (${r.width} px)`);
    }
  }
  for (const node of document.querySelectorAll("#table .prize, #status, #undo, #kinds button")) {
    inside(node, node.id || node.dataset.kind || node.className);
  }
  for (const node of document.querySelectorAll("#kinds button, #undo, #table .prize")) {
    const r = node.getBoundingClientRect();
    const name = node.id || node.dataset.kind;
    if (r.width < 43.5 || r.height < 43.5) problems.push(`${name}: ${r.width}x${r.height}`);
  }
  if (document.scrollingElement.scrollWidth > innerWidth + 1) {
    const wider = [...document.querySelectorAll("#play *")]
      .filter((n) => n.getBoundingClientRect().right > innerWidth + 1).slice(0, 3);
    problems.push(`wider than the window: ${wider.map((n) => n.id || n.className)}`);
  }
  return problems;
}"""


@pytest.mark.parametrize("phone", [(390, 844)], indirect=True)
def test_the_table_and_the_card_buttons_fit_every_size_and_axe_finds_nothing(phone: Page) -> None:
    fresh_game(phone, exact=False)
    for width, height in SIZES:
        phone.set_viewport_size({"width": width, "height": height})
        settle_layout(phone)
        assert phone.evaluate(FITS) == [], f"{width}x{height}"
    assert axe_problems(phone, "#play") == []
    phone.locator("#exact").click()
    tap(phone, "#kinds [data-kind=hit]")
    expect(phone.locator("#grid-cards .real-card")).to_have_count(16)
    assert axe_problems(phone, "#play") == []
    tap(phone, "#grid-cards button[data-card='7D']")
    entered(phone, 1)
    expect(phone.locator("#table .mpg-drawn .pcard")).to_have_attribute(
        "aria-label", "Seven of diamonds"
    )
    assert phone.evaluate(FITS) == []
    assert axe_problems(phone, "#play") == []


@pytest.mark.parametrize("phone", [(390, 844)], indirect=True)
def test_the_voice_says_what_the_engine_says_a_refusal_too(phone: Page) -> None:
    fresh_game(phone, exact=False)
    expect(phone.locator("#voice")).to_have_text("Voice: off")
    phone.locator("#voice").click()
    settle_layout(phone)
    said, refused = len(spoken(phone)), int(phone.evaluate(REFUSALS))
    tap(phone, "#kinds [data-kind=slash]")
    entered(phone, 1)
    tap(phone, "#p1-CL")
    phone.wait_for_function(f"{REFUSALS} > {refused}")
    tap(phone, "#p1-GL")
    entered(phone, 2)
    view = web.real_marvin_new({"players": list(NAMES)})
    words = [web.real_marvin_play(view["id"], entry) for entry in ("draw slash", "CL", "GL")]
    expected = [words[0]["say"], words[1]["refusal"]["words"], words[2]["say"]]
    assert (
        expected[2]
        == "Ann slashed Ben's guard: two hits! Ben, your turn: draw a card and tap what it is."
    )
    assert spoken(phone)[said:] == expected
    phone.locator("#voice").click()


def test_a_game_goes_on_offline_after_one_visit(browser: Browser) -> None:
    """About 20 s: a first visit (Python starts from the network and the runtime is kept for
    offline use), then offline a reload and a page never opened: what a first visit keeps
    is the matter, so it cannot be a later one."""
    ensure_site_built()
    context, watch = watched_context(browser, has_touch=True, reduced_motion="reduce")
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}play/real-marvin/")
            wait_until_ready(page)
            fresh_game(page, exact=False)
            tap(page, "#kinds [data-kind=slash]")
            entered(page, 1)
            tap(page, "#p1-GR")
            entered(page, 2)
            wait_until_kept(page, "ready")
        context.set_offline(True)  # the server is gone too
        page.reload()
        wait_until_ready(page)
        expect(page.locator("#notice")).to_contain_text("Welcome back!")
        assert page.evaluate(TABLE)["pirates"][1][1]["hp"] == 2
        tap(page, "#kinds [data-kind=lost]")
        entered(page, 3)
        expect(page.locator("#log li").last).to_contain_text("Joker! Ben misses a turn.")
        page.goto(f"{base}play/real-pirate/")  # never opened, but kept with the play pages
        wait_until_ready(page)
        watch.check()
    finally:
        context.close()


LEADS = {
    "index.html": {"play/real-marvin/", "play/real-pirate/"},
    "rules/marvin/index.html": {"play/real-marvin/"},
    "rules/marvin-quick/index.html": {"play/real-marvin/"},
    "rules/pirate/index.html": {"play/real-pirate/"},
    "rules/pirate-quick/index.html": {"play/real-pirate/"},
}


def test_the_home_page_and_each_rules_page_lead_to_the_real_cards_pages() -> None:
    site = ensure_site_built()
    for page, pages in LEADS.items():
        html = (site / page).read_text(encoding="utf-8")
        article = html[html.index("<article") : html.index("</article>")]  # not the menu
        base = f"http://site/{PurePosixPath(page).parent}/".replace("/./", "/")
        found = {
            urljoin(base, href).removeprefix("http://site/")
            for href in re.findall(r'<a href="([^"#]*real-[a-z]+/)"', article)
        }
        assert found == pages, page
        for target in found:
            assert (site / target / "index.html").is_file()
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Playing with real cards?" in home
