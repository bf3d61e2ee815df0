"""Browser test fixtures: Debian's Chromium, the built site on 127.0.0.1, and watchers.

Every page opened through :func:`open_page` records each request and console message;
:meth:`Watch.check` fails a test on any request that leaves 127.0.0.1 and on any console
error. Requests that would leave the machine are also aborted, so none ever does.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playpage import games_asked, wait_for_game
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    Route,
    expect,
)
from siteserver import CHROMIUM, CHROMIUM_ARGS, ensure_site_built, is_local, serve_site
from throttle import rate, throttled

BOOT_TIMEOUT_MS = 180_000
"""How long a play page may take to start Python: seconds when idle, over a minute on a
machine loaded ten times over (a limit on a wait for a state, never a verdict on speed)."""

WAIT_MS = int(15_000 * rate())
"""How long an action or an ``expect`` waits for its state (Playwright's own default for
``expect`` is 5 s, short on a busy machine); longer in a throttled run. Only a failing
test waits that long."""
expect.set_options(timeout=WAIT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium, quietly and without network side channels."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (run `make chromium`)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session", autouse=True)
def cpu_throttle() -> Iterator[float]:
    """How many times slower each page's main thread runs: ``PIRATE_RULES_CPU_THROTTLE``
    in the environment (``make test-load`` sets 4), else 1 (tests/browser/throttle.py)."""
    by = rate()
    with throttled(by):
        yield by


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The built site, served on an ephemeral port of 127.0.0.1."""
    with serve_site(ensure_site_built()) as url:
        yield url


@dataclass
class Watch:
    """What a browser context asked for and what its pages complained about."""

    requests: list[str] = field(default_factory=list)
    page_requests: list[str] = field(default_factory=list)
    """The requests the pages made themselves, without the service worker's caching."""
    off_host: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if request.service_worker is None:
            self.page_requests.append(request.url)
        if not is_local(request.url):
            self.off_host.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

    def on_page_error(self, error: Exception) -> None:
        self.console_errors.append(f"uncaught: {error}")

    def check(self) -> None:
        """Fail on any request that left 127.0.0.1 and on any console error."""
        assert not self.off_host, f"requests left 127.0.0.1: {self.off_host}"
        assert not self.console_errors, f"console errors: {self.console_errors}"

    def clear(self) -> None:
        self.requests.clear()
        self.page_requests.clear()
        self.off_host.clear()
        self.console_errors.clear()


def _abort_off_host(route: Route) -> None:
    route.abort("blockedbyclient")


def watched_context(browser: Browser, **options: Any) -> tuple[BrowserContext, Watch]:
    """A new browser context whose requests and console messages are recorded."""
    context = browser.new_context(accept_downloads=True, **options)
    return context, watch_context(context)


def watch_context(context: BrowserContext, route: bool = True) -> Watch:
    """Record the requests and console messages of ``context`` (any kind of context).

    With ``route`` (the default), requests that would leave 127.0.0.1 are also aborted;
    routing turns the browser's HTTP cache off, so a test of what that cache spares
    turns it off (and fails on such a request all the same).
    """
    context.set_default_timeout(WAIT_MS)
    watch = Watch()
    context.on("request", watch.on_request)
    if route:
        context.route(lambda url: not is_local(url), _abort_off_host)

    def on_page(page: Page) -> None:
        page.on("console", watch.on_console)
        page.on("pageerror", watch.on_page_error)
        page.on("worker", lambda worker: worker.on("console", watch.on_console))

    context.on("page", on_page)
    return watch


@contextlib.contextmanager
def booted_page(
    browser: Browser, url: str, init_script: str | None = None, **options: Any
) -> Iterator[tuple[Page, Watch]]:
    """A play page, watched and booted until a game can be played; checked when closed.

    ``init_script`` runs in the page before its own scripts; ``options`` are the browser
    context's (such as ``color_scheme`` or ``reduced_motion``).
    """
    context, watch = watched_context(browser, **options)
    page = context.new_page()
    if init_script:
        page.add_init_script(init_script)
    page.goto(url)
    wait_until_ready(page)
    yield page, watch
    watch.check()
    context.close()


@pytest.fixture
def watched(browser: Browser) -> Iterator[tuple[BrowserContext, Watch]]:
    """A fresh watched context for one test."""
    context, watch = watched_context(browser)
    yield context, watch
    context.close()


def scripts_ran(page: Page) -> None:
    """Wait until the scripts a page asks for after its first paint have run
    (hooks/page_weight.py): the theme's, and the site's own (the rule book's switch, the
    live examples' bars)."""
    page.wait_for_function("document.documentElement.dataset.scripts === 'run'")


def wait_until_ready(page: Page) -> None:
    """Wait for the play page's engine to start (or fail)."""
    page.wait_for_selector(".play--ready, .play--failed", timeout=BOOT_TIMEOUT_MS, state="attached")
    assert page.locator(".play--ready").count() == 1, page.locator(".play-failure").inner_text()


def set_fast(page: Page, select: str, value: str) -> None:
    """Add a very short option to a pacing ``select`` and choose it (tests only)."""
    page.evaluate(
        """([selector, value]) => {
            const select = document.querySelector(selector);
            select.append(new Option("test pace", value));
            select.value = value;
            select.dispatchEvent(new Event("change"));
        }""",
        [select, value],
    )


def start_game(page: Page, **fields: str) -> None:
    """Fill the new-game form (opening it first) and start a game; waits for its first view."""
    asked = games_asked(page)
    details = page.locator("details.play-options")
    if details.count() == 0:  # the options in a dialog, opened by the New game button
        page.locator("#new-game").click()
    elif details.get_attribute("open") is None:
        details.locator("summary").click()
    for name, value in fields.items():
        field = page.locator(f".play-setup [name='{name}']")
        if field.is_hidden():
            continue
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.locator(".play-setup button[type=submit]").click()
    wait_for_game(page, asked)


def axe_problems(page: Page, selector: str) -> list[str]:
    """The serious and critical accessibility problems axe finds inside ``selector``."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    results = Axe().run(page, context=selector)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def read_download(page: Page, button: str) -> Any:
    """Click a download button and return the downloaded file's JSON."""
    with page.expect_download() as info:
        page.locator(button).click()
    path = info.value.path()
    return json.loads(Path(path).read_text(encoding="utf-8"))


def cli_record(game: str, seed: int, directory: Path, bots: str) -> Any:
    """The record that ``python -m pirate_rules simulate GAME --games 1 --seed S`` writes."""
    subprocess.run(
        [sys.executable, "-m", "pirate_rules", "simulate", game, "--games", "1",
         "--seed", str(seed), "--bots", bots, "--records", str(directory), "--no-progress"],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        check=False,
    )  # fmt: skip
    files = sorted(directory.glob("*.json"))
    assert files, f"the command line wrote no record in {directory}"
    return json.loads(files[0].read_text(encoding="utf-8"))
