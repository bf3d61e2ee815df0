"""What the Marvin page shows is what it shares, keeps and reloads, at every kind of step.

One scripted game against Easy on a phone (seed 458: the child uses the Cave, the Ship
and the Fort and takes a prize within six choices) stops at each kind of step: a draw
that waits for the child's tap after the computer's turn, the card the child drew, each
power (after which the child's draw waits), and a take (the computer's turn follows).
There the test shares the game (the link holds what the page keeps), reloads the page
(it comes back showing the very same thing: table, prompt, choices, log) and takes the
last choice back (the table as it was when the child chose, with the notice in family
words), then plays the choice again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from marvinpage import CHOICES
from playwright.sync_api import Browser, Page, expect

from conftest import Watch, booted_page, set_fast, start_game, wait_until_ready
from pirate_rules import web

pytestmark = pytest.mark.browser

SEED = 458
PACE = "20"
SAVED = "pirate-rules/marvin/saved"
POWERS = ("cave", "ship", "fort")

SHOWN = """() => {
  const text = (selector) => document.querySelector(selector).textContent;
  return {
    status: text("#status"),
    places: [...document.querySelectorAll("#table [data-words]")].map(
      (node) => `${node.id}: ${node.dataset.words}${node.dataset.offered ? " (tap)" : ""}`),
    drawn: document.querySelector("#drawn").dataset.card,
    discard: { ...document.querySelector("#discard").dataset },
    choices: [...document.querySelectorAll("#choices button")].map((button) => button.dataset.move),
    log: [...document.querySelectorAll("#log li")].map((line) => line.textContent),
  };
}"""
"""Everything the page shows of the game, but for the caption (the last step's words)."""


def choose(legal: list[dict[str, Any]], used: set[str]) -> str:
    """The child's choice: a power not used yet, else a prize to take, else a move
    that is not a power."""
    for choice in legal:
        if choice["kind"] in POWERS and choice["kind"] not in used:
            return str(choice["move"])
    takes = [choice for choice in legal if choice["kind"] == "take"]
    plain = [choice for choice in legal if choice["kind"] not in POWERS]
    return str((takes or plain or legal)[0]["move"])


def settled(page: Page, before: int) -> None:
    """Wait until the page asks the child for something again (a tap on the pile or a
    choice), after ``before`` such questions."""
    page.wait_for_function(f"{CHOICES} > {before} && document.querySelector('#choices button')")


def shown(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(SHOWN))


def kept(page: Page) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem({SAVED!r})).keep")


def shared(page: Page) -> Any:
    """The keep in the link the Share button gives."""
    page.locator("#share").tap()
    link = page.locator("#notice input").input_value()
    page.locator("#notice button[aria-label='Close this message']").tap()
    return page.evaluate(
        """async (link) => (await import("../../assets/play/keep.mjs"))
            .readShareHash(new URL(link).hash, "marvin").keep""",
        link,
    )


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    with booted_page(
        browser,
        f"{site_url}play/marvin/",
        has_touch=True,
        viewport={"width": 390, "height": 844},
    ) as (page, watch):
        set_fast(page, "[name=pace]", PACE)
        yield page, watch


def test_what_is_shown_is_what_is_shared_kept_and_reloaded_at_every_kind_of_step(
    phone: tuple[Page, Watch],
) -> None:
    """About 30 s: one game against the computer is played on a phone until every kind of
    step has come (a wait, a draw, each power, a take, a prize), and at each kind the
    page is reloaded (Python restored each time) and a move is taken back: what comes
    back after a reload is the check, so the reloads cannot be spared."""
    page, watch = phone
    before = page.evaluate(CHOICES)
    start_game(page, mode="computer", seed=str(SEED), bot="random", pace=PACE)
    settled(page, before)
    used: set[str] = set()
    checked: list[str] = []
    last: tuple[str, dict[str, Any]] | None = None  # the child's last choice, and what it saw
    after = "the computer's turn"  # what led to the question the page asks now
    while not {"wait", "drawn", *POWERS, "take"} <= set(checked):
        now = shown(page)
        waits = now["choices"] == ["draw"]
        if waits:
            kind = after if after in (*POWERS, "take") else "wait"
        else:
            kind = "drawn" if after == "the child's draw" else "prize"
        if kind not in checked:
            checked.append(kind)
            # Shared: the link holds what the page keeps. Reloaded: the very same page.
            assert shared(page) == kept(page), kind
            keep = kept(page)
            page.reload()
            wait_until_ready(page)
            set_fast(page, "[name=pace]", PACE)
            page.wait_for_function("document.querySelector('#choices button')")
            assert shown(page) == now, f"after a reload at {kind}"
            assert kept(page) == keep
            if last is not None:
                # Taken back: the table as the child last chose, said in family words.
                move, then = last
                expected = web.marvin_undo(web.marvin_new(keep)["id"])["taken_back"]
                page.locator("#undo").tap()
                expect(page.locator("#notice p")).to_have_text(expected)
                assert not re.search(r"\b(GL|GR|CL|CR|cave|ship|fort)\b", expected), expected
                assert shown(page) == then, f"taken back at {kind}"
                before = page.evaluate(CHOICES)
                page.locator(f"#choices button[data-move='{move}']").tap()
                settled(page, before)
                if kind == "drawn":  # the child's draw came after that choice
                    before = page.evaluate(CHOICES)
                    page.locator("#draw-pile").tap()
                    settled(page, before)
                assert shown(page) == now, f"the same choice again, at {kind}"
        before = page.evaluate(CHOICES)
        if waits:
            page.locator("#draw-pile").tap()
            after = "the child's draw"
        else:
            legal = web.marvin_new(kept(page))["legal"]
            move = choose(legal, used)
            kind_of = next(choice["kind"] for choice in legal if choice["move"] == move)
            used.add(kind_of)
            last = (move, now)
            page.locator(f"#choices button[data-move='{move}']").tap()
            if kind_of == "draw":  # drawn by hand, at the start of a turn
                after = "the child's draw"
            else:
                after = kind_of if kind_of in (*POWERS, "take") else "the computer's turn"
        settled(page, before)
    assert checked[:2] == ["wait", "drawn"], checked
    watch.check()
