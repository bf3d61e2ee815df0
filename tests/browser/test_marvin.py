"""Marvin's Pirates Go! in the browser, on a touch screen: a whole game by taps (the Ship
too), every tap landing on what is drawn under it, the child's own draw, family words in
the log, and seed equality with the command line."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from marvinpage import CHOICES, RENDERS, keep_where, open_keep, your_turn
from playpage import wait_for_the_end
from playwright.sync_api import Browser, Page, expect

from conftest import Watch, booted_page, cli_record, read_download, set_fast, start_game

pytestmark = pytest.mark.browser

SEED = 2
TAPS_SEED = 2
"""A game against Easy in which the child, tapping what glows, takes the Ship and uses it."""
JOKER_SEED = 31
"""A game against the computer in which the child's first card is a joker."""
PACE = "20"
GLOWING = "#table .pirate.is-choice, #table .prize.is-choice, #table .mpg-pile.is-choice"

HITS = """() => {
  // Every pirate tile and prize: each visible part inside the tile's own box, and a tap
  // at its centre and at four inner points landing on it.
  const problems = [];
  const places = [...document.querySelectorAll("#table .pirate, #table .prize")];
  for (const tile of places) {
    const box = tile.getBoundingClientRect();
    for (const part of tile.querySelectorAll("*")) {
      const r = part.getBoundingClientRect();
      const style = getComputedStyle(part);
      if (!r.width || !r.height || style.visibility === "hidden") continue;
      if (r.left < box.left - 0.5 || r.top < box.top - 0.5 || r.right > box.right + 0.5
          || r.bottom > box.bottom + 0.5) {
        problems.push(`${tile.id}: ${part.tagName} ${part.getAttribute("class")} spills out`);
      }
    }
    for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]]) {
      const hit = document.elementFromPoint(box.left + fx * box.width, box.top + fy * box.height);
      const place = hit?.closest(".pirate, .prize");
      const picked = place?.id || hit?.tagName;
      if (place !== tile) problems.push(`${tile.id}: a tap at ${fx}, ${fy} picks ${picked}`);
    }
  }
  return { problems, count: places.length };
}"""

SMALL = """() => {
  // The game's controls shown now that are under 44 px either way (a checkbox by its label).
  const small = [];
  const controls = "#play button, #play select, #play input:not([type=checkbox]),"
    + " #play a.play-button, #play label.play-check";
  for (const node of document.querySelectorAll(controls)) {
    if (!node.getClientRects().length) continue;
    const r = node.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      small.push(`${node.id || node.textContent.trim().slice(0, 24)}: ${r.width}x${r.height}`);
    }
  }
  return small;
}"""


@pytest.fixture(scope="module")
def marvin(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """One booted Marvin page on a phone's touch screen, for the whole module."""
    with booted_page(
        browser, f"{site_url}play/marvin/", has_touch=True, viewport={"width": 390, "height": 844}
    ) as (page, watch):
        set_fast(page, "[name=pace]", PACE)
        yield page, watch


def tap_what_glows(page: Page) -> None:
    """Tap as a child would, only what glows: a pirate first (so that the prizes' powers
    get used), else a prize or the pile; once a place is picked as the first of two,
    only its partners glow, and the first of them is tapped."""
    page.locator(GLOWING).first.wait_for()
    pirates = page.locator("#table .pirate.is-choice")
    (pirates if pirates.count() else page.locator(GLOWING)).first.tap()
    if page.locator("#table .is-picked").count():
        page.locator(GLOWING).first.tap()


def glowing(page: Page) -> set[str]:
    return {node.get_attribute("id") or "" for node in page.locator(GLOWING).all()}


def check_every_tap_lands(page: Page) -> None:
    """At 390 x 844 and 1024 x 768: every part of each tile and prize lies inside it, and
    a tap anywhere in it picks it; at the four sizes, every control shown and every
    control of the New game dialog is at least 44 px both ways."""
    for width, height in ((390, 844), (1024, 768), (1280, 800), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
        if width in (390, 1024):
            found = page.evaluate(HITS)
            assert found["count"] == 11  # eight pirates and three prizes
            assert not found["problems"], f"{width}x{height}:\n" + "\n".join(found["problems"])
        assert not page.evaluate(SMALL), f"{width}x{height}: {page.evaluate(SMALL)}"
        page.locator("#new-game").tap()
        assert not page.evaluate(SMALL), f"the dialog at {width}x{height}: {page.evaluate(SMALL)}"
        page.locator("#options [data-close]").tap()
    page.set_viewport_size({"width": 390, "height": 844})


def test_a_whole_game_against_the_computer_by_taps_alone(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    levels = page.locator("[name=bot] option").all_inner_texts()
    assert [text.split(":")[0] for text in levels] == ["Easy", "Medium", "Hard"]
    start_game(page, mode="computer", seed=str(TAPS_SEED), bot="random", pace=PACE)
    expect(page.locator("#side-1-name")).to_have_text("Computer (Easy)")
    taps = 0
    while your_turn(page):
        before = page.evaluate(CHOICES)
        tap_what_glows(page)
        taps += 1
        page.wait_for_function(f"{CHOICES} > {before} || !document.querySelector('#end').hidden")
        if taps == 12:
            check_every_tap_lands(page)
        assert taps < 400, "the game did not end"
    assert taps > 12, "the game ended before its middle"
    expect(page.locator("#end-text")).to_have_text(
        page.locator("#status").inner_text()  # the same words, said once the game is over
    )
    assert page.locator("#end-text").inner_text() in (
        "You won the game!",
        "The computer won the game.",
    )
    # Focus goes to "Play again", not to the page.
    assert page.evaluate("document.activeElement.id") == "again"
    lines = page.locator("#log li").all_text_contents()
    assert any(line.startswith("You used the Ship") for line in lines), "no Ship by taps"
    record = read_download(page, "#download")
    assert record["game"] == "marvins-pirates-go" and "winner" in record["result"]
    # The log speaks family words; the engine's exact words and the computer's reasons
    # are the details, and every event keeps its rule as a small link.
    shown = page.locator("#log").inner_text()
    assert "I picked" not in shown and "->" not in shown and " HP" not in shown
    assert (
        page.locator("#log li.log-event a.rule-link").count()
        == page.locator("#log li.log-event").count()
    )
    sizes = page.evaluate(
        """() => {
          const line = document.querySelector("#log li.log-event");
          const size = (node) => parseFloat(getComputedStyle(node).fontSize);
          return [size(line.querySelector(".log-family")), size(line.querySelector("a.rule-link"))];
        }"""
    )
    assert sizes[1] < sizes[0], f"the rule id is not smaller than the words: {sizes}"
    page.locator("#details").tap()
    detailed = page.locator("#log").inner_text()
    assert "I picked one of my" in detailed and "->" in detailed
    page.locator("#details").tap()
    # Nothing on the table can be tapped once the game is over.
    assert page.locator("#table [data-offered], #table .is-choice").count() == 0
    watch.check()


def test_the_ship_takes_two_taps_and_a_first_tap_can_be_let_go(
    marvin: tuple[Page, Watch], site_url: str
) -> None:
    page, watch = marvin
    open_keep(page, site_url, keep_where(1, {"ship", "cave"}))
    set_fast(page, "[name=pace]", PACE)
    your_turn(page)
    page.locator("#notice button[aria-label='Close this message']").tap()
    # Red crew (at the top) holds the Ship and the Cave, which hides a captain. A first
    # tap picks a place and plays nothing; only its partners glow; a second tap on it
    # lets it go.
    cave = page.locator("#prize-cave")
    cave.tap()
    expect(cave).to_have_class(re.compile(r"\bis-picked\b"))
    expect(page.locator("#status")).to_contain_text("Now tap the other pirate")
    assert glowing(page) == {"p1-CL", "p1-CR"}
    cave.tap()
    assert page.locator("#table .is-picked").count() == 0
    assert glowing(page) == {"p1-GL", "p1-GR", "p1-CL", "p1-CR", "prize-cave", "draw-pile"}
    first = page.locator("#p1-GL")
    first.tap()
    assert glowing(page) == {"p1-GR", "p1-CL", "p1-CR"}
    before = page.evaluate(CHOICES)
    page.locator("#p1-CR").tap()
    page.wait_for_function(f"{CHOICES} > {before}")
    detail = page.locator("#log li.log-event .log-detail").all_text_contents()
    assert any("Red crew uses the Ship: GL and CR swap places" in line for line in detail)
    watch.check()


HELD = """() => {
  // When the caption first says "miss a turn", and when the next step is shown after it,
  // by the page's own clock (a busy machine only makes the wait longer); and each status
  // in the order the page shows them (a status may last less than a test's look at it).
  window.held = {};
  window.statuses = [];
  const caption = document.querySelector(".mpg-caption");
  const play = document.querySelector("#play");
  const status = document.querySelector("#status");
  new MutationObserver(() => {
    const text = status.textContent.replace(/\\s+/g, " ").trim();
    if (window.statuses.at(-1) !== text) window.statuses.push(text);
  }).observe(status, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => {
    if (!window.held.at && /miss a turn/.test(caption.textContent)) {
      window.held = { at: performance.now(), steps: play.dataset.steps,
                      status: document.querySelector("#status").textContent };
    }
  }).observe(caption, { childList: true, characterData: true, subtree: true });
  new MutationObserver(() => {
    if (window.held.at && !window.held.for && play.dataset.steps !== window.held.steps) {
      window.held.for = performance.now() - window.held.at;
    }
  }).observe(play, { attributes: true, attributeFilter: ["data-steps"] });
}"""


def test_the_childs_own_joker_waits_for_the_childs_tap(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    beat = 400
    set_fast(page, "[name=pace]", str(beat))
    start_game(page, mode="computer", seed=str(JOKER_SEED), bot="random")
    # The child's first card is not shown until the child taps the pile.
    expect(page.locator("#status")).to_have_text("Your turn: draw a card.")
    assert page.locator("#drawn svg").count() == 0
    expect(page.locator("#draw-pile")).to_have_class(re.compile(r"\bis-choice\b"))
    page.evaluate(HELD)
    page.locator("#draw-pile").tap()
    expect(page.locator(".mpg-caption")).to_have_text("Joker! You miss a turn.")
    expect(page.locator("#discard [data-card='JK']")).to_be_visible()
    expect(page.locator("#status")).to_have_text("Your turn: draw a card.")
    # The lost turn was said in the status too, and stayed over two beats on its own;
    # then the computer played its turn, and the child's came again.
    held = page.evaluate("window.held")
    assert held["status"] == "Joker! You miss a turn."
    assert held["for"] >= 2 * beat, held
    told = ("Joker! You miss a turn.", "The computer is playing…", "Your turn: draw a card.")
    statuses = [text for text in page.evaluate("window.statuses") if text in told]
    assert [text for text, _ in itertools.groupby(statuses)] == list(told), statuses
    # What the computer did stays in the caption while the child decides.
    expect(page.locator(".mpg-caption")).to_contain_text("The computer")
    page.locator("#draw-pile").tap()
    your_turn(page)
    set_fast(page, "[name=pace]", PACE)
    watch.check()


def test_the_same_seed_gives_the_same_game_as_the_command_line(
    marvin: tuple[Page, Watch], tmp_path: Path
) -> None:
    """Up to 30 s in the whole suite: a whole game between two computers, each step a
    round trip to Python and a drawn table, so that its record can be compared with the
    command line's."""
    page, watch = marvin
    start_game(page, mode="watch", seed=str(SEED), bot="random", bot0="random")
    wait_for_the_end(page, "steps")
    assert page.evaluate(RENDERS) > 0
    browser_record = read_download(page, "#download")
    command_line = cli_record("marvin", SEED, tmp_path, "random,random")
    for key in ("game", "options", "first", "deck", "turns", "result"):
        assert browser_record[key] == command_line[key], key
    watch.check()
