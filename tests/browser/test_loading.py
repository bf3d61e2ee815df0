"""The play pages' loading and failure states."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Route, expect

from conftest import BOOT_TIMEOUT_MS, wait_until_ready, watched_context

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_play_page_says_so_when_python_cannot_start(
    browser: Browser, site_url: str, game: str
) -> None:
    context, watch = watched_context(browser)
    try:
        page = context.new_page()

        def refuse(route: Route) -> None:
            route.abort("failed")

        page.route("**/pyodide/**", refuse)
        page.goto(f"{site_url}play/{game}/")
        failure = page.locator(".play-failure")
        expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(failure).to_contain_text("could not start")
        expect(page.locator(".play-loading")).to_be_hidden()
        rules = failure.get_by_role("link", name="rules")
        expect(rules.first).to_have_attribute("href", f"../../rules/{game}/")
        rules.first.click()
        expect(page.locator("h1")).to_be_visible()
        assert page.url == f"{site_url}rules/{game}/"
        assert not watch.off_host, watch.off_host
    finally:
        context.close()


def test_play_page_fails_plainly_without_module_workers(browser: Browser, site_url: str) -> None:
    context, _ = watched_context(browser)
    try:
        page = context.new_page()
        page.add_init_script("delete window.WebAssembly")
        page.goto(f"{site_url}play/marvin/")
        failure = page.locator(".play-failure")
        expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(failure).to_contain_text("could not start")
    finally:
        context.close()


def test_loading_tells_the_download_in_words_a_family_understands(
    browser: Browser, site_url: str
) -> None:
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        page.add_init_script(
            """
            window.loadingSaid = [];
            new MutationObserver(() => {
                const label = document.querySelector(".play-loading__label");
                if (label && window.loadingSaid.at(-1) !== label.textContent) {
                    window.loadingSaid.push(label.textContent);
                }
            }).observe(document, { subtree: true, childList: true, characterData: true });
            """
        )
        # The runtime's WebAssembly is held back until the page tells a download: on a
        # busy machine the page's own scripts may otherwise take longer than the whole
        # download from this local server, and the page rightly never says it.
        held: list[Route] = []

        def hold(route: Route) -> None:
            held.append(route)

        page.route("**/pyodide.asm.wasm", hold)
        page.goto(f"{site_url}play/marvin/")
        page.wait_for_function(
            """() => document.querySelector(".play-loading__label")?.textContent
                .startsWith("Downloading the game")""",
            timeout=BOOT_TIMEOUT_MS,
        )
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm", hold)
        wait_until_ready(page)
        said = page.evaluate("window.loadingSaid")
        downloads = [text for text in said if text.startswith("Downloading the game")]
        assert downloads, said
        total = int(page.locator("#play").get_attribute("data-download-bytes") or 0)
        assert total > 5_000_000
        assert downloads[-1].endswith(f"of {round(total / 1e6)} MB"), downloads
        assert said[-1] == "Shuffling the cards…", said
        assert "Starting Python…" not in said
        watch.check()
    finally:
        context.close()


def test_without_javascript_only_the_message_shows(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        for game in ("marvin", "viewer"):
            page.goto(f"{site_url}play/{game}/")
            expect(page.locator(".play-nojs")).to_be_visible()
            expect(page.locator(".play-nojs")).to_contain_text("needs JavaScript")
            expect(page.locator(".play-loading")).to_be_hidden()
            expect(page.locator(".play-area")).to_be_hidden()
    finally:
        context.close()
