"""What a page does while it starts: the style sheets it links, and the light/dark switch.

A page links only the site's sheets it uses (hooks/page_styles.py): checked here after
the page's scripts have run, so that an element a script adds is styled too. The switch
(overrides/partials/palette.html) works as the theme's did, and a page that starts
changes neither <html>'s class nor <body>'s colours once its content is there: each such
change restyled the whole page.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from siteserver import ROOT, SITE

from conftest import BOOT_TIMEOUT_MS, wait_until_controlled, wait_until_ready, watched_context

sys.path.insert(0, str(ROOT / "hooks"))
from page_styles import selector_names  # the hook's own reading of a sheet

pytestmark = pytest.mark.browser

ASSETS = ROOT / "docs" / "assets"
SHEETS = [
    ASSETS / name
    for name in ("play.css", "marvin.css", "pirate.css", "lessons.css", "rulebook.css")
]
SHEETS.append(ASSETS / "live" / "live.css")
"""The site's own sheets that a page may leave out."""

PAGES = [
    "",
    "rules/marvin/",
    "rules/pirate/",
    "learn/write-a-bot/",
    "learn/build-it/deck/",
    "reference/marvin/game/",
    "about/",
]
"""Pages without a game, each of a different kind."""

WATCH_START = """
window.__restyles = [];
new MutationObserver((changes) => {
  for (const {target, attributeName, oldValue} of changes) {
    const now = target.getAttribute(attributeName);
    if (!document.querySelector("article") || now === oldValue) continue;
    if (target === document.documentElement || target === document.body)
      window.__restyles.push(`${target.tagName} ${attributeName}: ${oldValue} -> ${now}`);
  }
}).observe(document, {
  attributes: true, attributeOldValue: true, subtree: true,
  attributeFilter: ["class", ...["scheme", "primary", "accent", "switching"].map(
    (key) => "data-md-color-" + key)],
});
"""
"""Records each change to <html>'s class or <body>'s colours once the content is there."""


def own_names(sheet: Path) -> set[str]:
    """The classes a sheet names that the theme's style sheet does not."""
    theme: set[str] = set()
    for found in (SITE / "assets" / "stylesheets").glob("theme.*.min.css"):
        theme |= selector_names(found.read_text("utf-8"))
    return set(selector_names(sheet.read_text("utf-8"))) - theme


def linked(page: Page) -> list[str]:
    """The style sheets the page links, and the site's sheets that one of them is made of
    (hooks/page_styles.py writes those a page keeps as one, each part headed by its name)."""
    hrefs: list[str] = page.eval_on_selector_all(
        "link[rel=stylesheet]", "links => links.map(l => l.href)"
    )
    parts = []
    for href in hrefs:
        if "/assets/stylesheets/site." in href:
            text = (SITE / "assets" / "stylesheets" / href.split("/")[-1]).read_text("utf-8")
            parts += [f"/{path}" for path in re.findall(r"^/\* (\S+) \*/$", text, re.M)]
    return hrefs + parts


def test_a_page_links_every_sheet_whose_classes_it_shows_once_its_scripts_ran(
    browser: Browser, site_url: str
) -> None:
    owned = {sheet.name: own_names(sheet) for sheet in SHEETS}
    context, watch = watched_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        dropped_somewhere: set[str] = set()
        for path in PAGES:
            page.goto(site_url + path)
            page.wait_for_load_state("load")
            page.wait_for_timeout(300)  # the page's scripts add what they add on load
            shown = set(
                page.evaluate(
                    "[...document.querySelectorAll('[class]')].flatMap(e => [...e.classList])"
                )
            )
            links = " ".join(linked(page))
            for name, classes in owned.items():
                used = sorted(classes & shown)
                if not re.search(rf"/{re.escape(name)}\b", links):
                    dropped_somewhere.add(name)
                    assert not used, f"/{path} shows {used} of {name} but does not link it"
        # The game sheets are left out of the pages without a game, and kept by a game's page.
        assert {"play.css", "marvin.css", "pirate.css", "lessons.css"} <= dropped_somewhere
        page.goto(site_url + "play/pirate/")
        links = " ".join(linked(page))
        assert all(
            f"/{name}" in links for name in ("play.css", "marvin.css", "pirate.css", "lessons.css")
        )
        assert "/rulebook.css" not in links and "/live.css" not in links
        watch.check()
    finally:
        context.close()


def test_the_light_and_dark_switch_works_and_a_page_starts_without_restyling(
    browser: Browser, site_url: str
) -> None:
    context, watch = watched_context(browser, color_scheme="light")
    try:
        page = context.new_page()
        page.add_init_script(WATCH_START)
        page.goto(site_url + "rules/marvin/")
        page.wait_for_load_state("load")
        body = page.locator("body")
        expect(body).to_have_attribute("data-md-color-scheme", "default")
        to_dark = page.locator("label[title='Switch to dark mode']")
        expect(to_dark).to_be_visible()
        expect(page.locator("label[title='Switch to light mode']")).to_be_hidden()
        page.wait_for_timeout(300)
        assert page.evaluate("window.__restyles") == []
        assert page.locator("meta[name=color-scheme]").count() == 0

        to_dark.click()
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        expect(page.locator("label[title='Switch to light mode']")).to_be_visible()
        expect(to_dark).to_be_hidden()
        # Nothing fades while the colours change, and the mark goes once they have.
        page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")

        # Kept for every page, from the start of the next one, which starts as quietly.
        page.goto(site_url + "learn/engine/")
        page.wait_for_load_state("load")
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__restyles") == []
        # By keys too: Enter on the switch goes to the other scheme.
        page.locator("#__palette_1").focus()
        page.keyboard.press("Enter")
        expect(body).to_have_attribute("data-md-color-scheme", "default")
        watch.check()
    finally:
        context.close()


def test_a_first_visit_takes_the_scheme_the_device_prefers(browser: Browser, site_url: str) -> None:
    context, watch = watched_context(browser, color_scheme="dark")
    try:
        page = context.new_page()
        page.add_init_script(
            "document.addEventListener('DOMContentLoaded', () =>"
            " { window.__scheme = document.body.dataset.mdColorScheme; })"
        )
        page.goto(site_url + "rules/pirate/")
        # Set while the page was read, before the theme's script ran.
        assert page.evaluate("window.__scheme") == "slate"
        expect(page.locator("label[title='Switch to light mode']")).to_be_visible()
        watch.check()
    finally:
        context.close()


HOLD_FRAMES = """
const frame = window.requestAnimationFrame.bind(window);
window.__held = [];
window.requestAnimationFrame = (callback) =>
  window.__held ? window.__held.push(callback) : frame(callback);
window.__release = () => { const held = window.__held; window.__held = null; held.forEach(frame); };
"""
"""Animation frames wait until the test calls ``__release()``: the page is never drawn."""

BODY_AT_WORKER = """window.__bodyAtWorker = [];
const Made = window.Worker;
window.Worker = class extends Made {
    constructor(url, options) {
        if (String(url).includes("/assets/play/worker.mjs"))
            window.__bodyAtWorker.push(document.body !== null);
        super(url, options);
    }
};"""
"""Records, for each game worker the page makes, whether the page's body had begun then."""


def test_a_game_page_starts_its_worker_once_drawn_on_a_first_visit_and_at_once_after(
    browser: Browser, site_url: str
) -> None:
    """From the network, the runtime's download waits until the page has been drawn
    (overrides/partials/early-worker.html); from the service worker's store it starts at
    once, from the page's head. The page's script adopts that worker rather than starting
    a second one. About 20 s in the whole suite: Python starts on both visits."""
    context, watch = watched_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(HOLD_FRAMES)
    page.add_init_script(BODY_AT_WORKER)

    def workers() -> list[str]:
        return [url for url in watch.page_requests if "/assets/play/worker.mjs" in url]

    try:
        page.goto(f"{site_url}play/pirate/")  # its load event: the page has started
        assert workers() == [], "the worker started before the page was drawn"
        page.evaluate("window.__release()")
        wait_until_ready(page)
        assert len(workers()) == 1, workers()
        assert page.evaluate("window.__bodyAtWorker") == [True]  # once the page was drawn
        wait_until_controlled(page)
        watch.page_requests.clear()
        with page.expect_request(lambda request: "/assets/play/worker.mjs" in request.url):
            page.reload()  # frames held again: the worker starts all the same
        page.evaluate("window.__release()")
        wait_until_ready(page)
        assert len(workers()) == 1, workers()
        # Made from the page's head, before the page's stylesheets have arrived.
        assert page.evaluate("window.__bodyAtWorker") == [False]
        watch.check()
    finally:
        context.close()
    # A first visit in a tab that is not shown, which draws no frames, starts it all the same.
    context, watch = watched_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(HOLD_FRAMES)
    page.add_init_script(
        'Object.defineProperty(document, "visibilityState", { get: () => "hidden" })'
    )
    try:
        with page.expect_request(lambda request: "/assets/play/worker.mjs" in request.url):
            page.goto(f"{site_url}play/pirate/")
        wait_until_ready(page)
        watch.check()
    finally:
        context.close()


INDEX_ASKED = """window.__indexAsked = null;
window.__workersMade = [];
const Native = window.Worker;
window.Worker = class extends Native {
    constructor(url, options) {
        window.__workersMade.push([String(url), performance.now()]);
        super(url, options);
    }
};
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function (...args) {
    window.__indexAsked ??= READY ? "after" : "before";
    return send.apply(this, args);
};"""
"""Records whether the page's first XMLHttpRequest (the search's index) was sent before or
after READY held (``window.__indexAsked``), and each worker the page made, with when
(``window.__workersMade``)."""


IDLE_AT_ONCE = """window.requestIdleCallback = (callback) => {
    callback({ didTimeout: true, timeRemaining: () => 0 });
    return 1;
};"""
"""An idle callback runs at once, as if its time limit had passed: what a browser on a
machine too busy ever to be idle may do. The search's index must wait all the same."""


RUN_AT_ONCE = """new MutationObserver((_, watch) => {
    const run = document.querySelector("#live-example-1 button");
    if (!run) return;
    watch.disconnect();
    run.click();
}).observe(document, { childList: true, subtree: true });"""
"""The first example's Run is pressed the moment it shows, while the page still loads."""


def run_at_once_watching_the_index(page: Page, event: str) -> None:
    """On ``page``: idle callbacks run at once (IDLE_AT_ONCE), the first example's Run is
    pressed as it shows (RUN_AT_ONCE), and whether the search's index was asked for before
    or after the page's window event ``event`` is recorded (``window.__indexAsked``)."""
    page.add_init_script(IDLE_AT_ONCE)
    page.add_init_script(INDEX_ASKED.replace("READY", "window.__eventSeen === true"))
    page.add_init_script(f'addEventListener("{event}", () => {{ window.__eventSeen = true; }});')
    page.add_init_script(RUN_AT_ONCE)


def search_index_requests(requests: list[str]) -> list[str]:
    return [url for url in requests if "/search/search_index.json" in url]


def test_the_search_index_waits_until_the_page_has_started_or_the_reader_searches(
    browser: Browser, site_url: str
) -> None:
    """The theme's search would start its worker, fetch its index (370 kB) and build it
    while the page starts (overrides/partials/search-later.html): it waits for the page
    to be idle once started (never, here), or for the reader to turn to the search.

    What the reader types before the index is ready is searched for once it is: the
    index is held back here until the query is typed, as on a slow line or a busy phone.
    Text that then comes with no key (pasted with a pointer, or dictated: ``fill`` sends
    no key either) is searched for too (overrides/main.html)."""
    context, watch = watched_context(browser, viewport={"width": 1280, "height": 800})
    held: list[Route] = []
    context.route("**/search/search_index.json*", lambda route: held.append(route))
    page = context.new_page()
    page.add_init_script("window.requestIdleCallback = () => 0")  # the page is never idle
    search = page.locator(".md-search__input")
    meta = page.locator(".md-search-result__meta")
    try:
        page.goto(f"{site_url}rules/marvin/")
        page.wait_for_load_state("load")
        page.wait_for_timeout(500)
        assert search_index_requests(watch.page_requests) == []
        assert not [url for url in watch.page_requests if "/workers/search." in url]
        with page.expect_request(lambda request: "/search/search_index.json" in request.url):
            search.focus()
        search.press_sequentially("shield")
        expect(meta).to_have_text("Initializing search")  # no index yet, no answer
        (route,) = held
        route.continue_()
        # The theme's worker fetches and builds its index first: it answers the query
        # once built, however long that takes on a busy machine (a wait for a state).
        expect(meta).to_contain_text("matching document", timeout=BOOT_TIMEOUT_MS)
        expect(page.locator(".md-search-result__item").first).to_contain_text("hield")
        search.fill("qqxqq")  # an input event and no key, once the index is ready
        expect(meta).to_have_text("No matching documents")
        assert len(search_index_requests(watch.page_requests)) == 1
        assert len([url for url in watch.page_requests if "/workers/search." in url]) == 1
        watch.check()
    finally:
        context.close()


def test_a_game_page_asks_for_the_search_index_only_once_its_game_is_ready(
    browser: Browser, site_url: str
) -> None:
    """While Python starts, the search's index is neither fetched nor built, even when
    the page's idle callbacks run at once (IDLE_AT_ONCE)."""
    context, watch = watched_context(browser, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(IDLE_AT_ONCE)
    page.add_init_script(
        INDEX_ASKED.replace("READY", 'document.querySelector("#play.play--ready") !== null')
    )
    try:
        page.goto(f"{site_url}play/marvin/")
        wait_until_ready(page)
        page.wait_for_function("window.__indexAsked !== null")
        assert page.evaluate("window.__indexAsked") == "after"
        page.wait_for_timeout(500)  # the request as Playwright sees it, and any other
        assert len(search_index_requests(watch.page_requests)) == 1
        watch.check()
    finally:
        context.close()


def test_run_pressed_as_a_page_of_examples_starts_starts_one_worker_and_the_search_waits(
    browser: Browser, site_url: str
) -> None:
    """Run starts Python's worker before the runner's scripts have arrived, and the
    runner adopts it (assets/live/live.mjs): one worker. The search's index, which would
    otherwise be fetched and built once the page is idle, waits until Python is ready,
    however long that takes, even when the page's idle callbacks run at once
    (IDLE_AT_ONCE)."""
    context, watch = watched_context(browser, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    run_at_once_watching_the_index(page, "pirate-rules:python")
    try:
        page.goto(f"{site_url}rules/marvin/")
        page.wait_for_function(
            "performance.getEntriesByName('live-answer').length > 0", timeout=BOOT_TIMEOUT_MS
        )
        expect(page.locator(".live-status")).to_have_text("Example 1: the same answer as the page.")
        workers = [url for url in watch.page_requests if "/assets/play/worker.mjs" in url]
        assert len(workers) == 1, workers
        # Python's worker was made before the runner was asked for.
        made = page.evaluate("window.__workersMade")
        assert [url for url, _ in made if "/assets/play/worker.mjs" in url] == workers, made
        runner_asked = page.evaluate(
            """performance.getEntriesByType("resource")
                .find((entry) => entry.name.includes("/assets/live/engine.mjs")).startTime"""
        )
        assert next(at for url, at in made if "/assets/play/worker.mjs" in url) < runner_asked
        page.wait_for_function("window.__indexAsked !== null")
        assert page.evaluate("window.__indexAsked") == "after"
        watch.check()
    finally:
        context.close()


def test_a_python_that_cannot_start_does_not_keep_the_search_away(
    browser: Browser, site_url: str
) -> None:
    """The search waits for Python's start with no time limit, so a start that fails must
    let it go: engine.mjs says so ("pirate-rules:python-failed"), and the index follows."""
    context, watch = watched_context(browser, viewport={"width": 1280, "height": 800})
    context.route("**/assets/play/worker.mjs*", lambda route: route.fulfill(status=404))
    page = context.new_page()
    run_at_once_watching_the_index(page, "pirate-rules:python-failed")
    try:
        page.goto(f"{site_url}rules/marvin/")
        page.wait_for_function("window.__indexAsked !== null", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("window.__indexAsked") == "after"
        assert page.evaluate("window.pirateRulesSearch.fetched.then(() => true)")
        assert len(search_index_requests(watch.page_requests)) == 1
        assert not watch.off_host  # the console tells the failure: not checked here
    finally:
        context.close()
