"""Browser test fixtures: Debian's Chromium, the built site on 127.0.0.1, and watchers.

Every page opened through :func:`open_page` records each request and console message;
:meth:`Watch.check` fails a test on any request that leaves 127.0.0.1 and on any console
error. Requests that would leave the machine are also aborted, so none ever does.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
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
from playwright.sync_api import Error as PlaywrightError
from siteserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SITE,
    SiteHandler,
    ensure_site_built,
    is_local,
    serve_site,
)
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
    """The built site, served on an ephemeral port of 127.0.0.1 (with the kept snapshot
    of Python that :func:`keep_python_snapshot` gives a context, once it is made)."""
    with serve_site(ensure_site_built(), handler_class=_SnapshotHandler) as url:
        _session["url"] = url
        try:
            yield url
        finally:
            _session.pop("url", None)


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


OFF_HOST = re.compile(r"^(?!data:|(?:blob:)?(?:https?|ws)://127\.0\.0\.1(?:[:/?#]|$))")
"""The addresses that leave 127.0.0.1, which :func:`watch_context` aborts: a pattern that
Playwright's driver matches itself, where a function would be asked in this process about
every request. Whether a request left is still judged by ``siteserver.is_local``."""


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
        context.route(OFF_HOST, _abort_off_host)

    def on_page(page: Page) -> None:
        page.on("console", watch.on_console)
        page.on("pageerror", watch.on_page_error)
        page.on("worker", lambda worker: worker.on("console", watch.on_console))

    context.on("page", on_page)
    return watch


@contextlib.contextmanager
def booted_page(
    browser: Browser,
    url: str,
    init_script: str | None = None,
    *,
    first_visit: bool = False,
    clock: bool = False,
    **options: Any,
) -> Iterator[tuple[Page, Watch]]:
    """A play page, watched and booted until a game can be played; checked when closed.

    ``init_script`` runs in the page before its own scripts; ``options`` are the browser
    context's (such as ``color_scheme`` or ``reduced_motion``). The context holds the
    snapshot of Python that a first visit keeps (:func:`keep_python_snapshot`), as a
    reader's browser does from the second visit on, so Python is restored from it; with
    ``first_visit`` (or a page that the session's server does not serve), it holds
    nothing and Python starts from scratch.

    With ``clock``, the page's time is Playwright's (``page.clock``, running until the
    test pauses it) from before its first script: every timer the page and its theme
    set is then on that one clock. Installed later, timers set before it stay the
    browser's, and clearing one of them after it does nothing.
    """
    context = browser.new_context(accept_downloads=True, **options)
    warm = not first_visit and url.startswith(_session.get("url") or "//")
    if warm:
        keep_python_snapshot(browser, context, _session["url"])
    watch = watch_context(context)
    page = context.new_page()
    if init_script:
        page.add_init_script(init_script)
    if clock:
        page.clock.install()
    page.goto(url)
    wait_until_ready(page)
    if warm:
        assert python_restored(page), "Python started afresh despite the kept snapshot"
    yield page, watch
    watch.check()
    context.close()


def pause_clock(page: Page, ahead: float = 1.0) -> None:
    """Stop the page's clock (``booted_page(clock=True)``) at least ``ahead`` seconds past
    its present time: from then on it moves only as the test says (``page.clock.run_for``).

    The clock runs while the test reads its time, and Playwright refuses to stop it at a
    time already past ("Cannot fast-forward to the past"): on a busy machine more than
    ``ahead`` can pass between the two calls. The refused call has stopped the clock all
    the same, so its time is read again and ``ahead`` doubled. The timers due in the jump
    run once, as in a page that was frozen that long.
    """
    for _ in range(8):
        now = page.evaluate("Date.now()") / 1000
        try:
            page.clock.pause_at(datetime.fromtimestamp(now + ahead, tz=UTC))
            return
        except PlaywrightError as error:
            if "fast-forward to the past" not in error.message:
                raise
            ahead *= 2
    raise AssertionError(f"the page's clock would not stop (last {ahead} s ahead)")


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


KEEP_TIMEOUT_MS = 180_000
"""How long the site's service worker may take to install and keep a page, or to go
through all of the site's files for "Keep the whole site": a second or two when idle,
five times that beside four busy loops with pages 6x slower, more on a machine as busy
as CI's can be (a limit on a wait for a state, never a verdict on speed)."""


def wait_until_kept(page: Page, state: str = "page") -> None:
    """Wait until the page's ``data-offline`` says ``state``: ``page`` once the site's
    service worker has kept this page (on a first visit, once it has installed)."""
    page.wait_for_function(
        f"document.documentElement.dataset.offline === {state!r}", timeout=KEEP_TIMEOUT_MS
    )


def wait_until_controlled(page: Page) -> None:
    """Wait until the site's service worker controls the page (on a first visit, once it
    has installed and claimed it)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=KEEP_TIMEOUT_MS)


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


# A kept snapshot of Python for the tests that are not about a first visit. A first
# visit to a play page starts Python from scratch and keeps a memory snapshot of it
# (docs/assets/play/snapshot.mjs); every later visit restores it, in a third of the
# CPU time. Browser contexts share no storage, so each test's new context would be a
# first visit: instead, one real first visit per build of the site makes the snapshot,
# its bytes are saved beside the site's build lock, and the session's server hands
# them to each context that should hold them, which keeps them with the site's own
# snapshot.mjs, as the first visit did.

_session: dict[str, str] = {}
"""The session's site address (``url``), while its server runs."""

SNAPSHOT_PATH = "__tests__/python-snapshot"
"""Where the session's server answers with the kept snapshot (``.bin``, ``.json``)."""

_EXPORT_SNAPSHOT = """async (root) => {
  const store = (await import(root + "assets/play/snapshot.mjs")).snapshotStore(root);
  if (!(await store.describe())) return null;
  const kept = await (await caches.open(`pirate-rules-python-${root}`)).match(
    new URL("__python-snapshot__", root).href);
  const folder = await (await (await navigator.storage.getDirectory())
    .getDirectoryHandle("pirate-rules-python")).getDirectoryHandle(encodeURIComponent(root));
  const file = await (await folder.getFileHandle(kept.headers.get("x-snapshot-file"))).getFile();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = "python-snapshot.bin";
  document.body.append(link);
  link.click();
  link.remove();
  return {
    key: kept.headers.get("x-snapshot-key"),
    bytes: Number(kept.headers.get("x-snapshot-bytes")),
    files: JSON.parse(kept.headers.get("x-snapshot-files")),
  };
}"""
"""Save the snapshot a page kept as a download, and return what its entry says of it."""

_KEEP_SNAPSHOT = """async ([root, path]) => {
  const store = (await import(root + "assets/play/snapshot.mjs")).snapshotStore(root);
  const about = await (await fetch(root + path + ".json")).json();
  const bytes = new Uint8Array(await (await fetch(root + path + ".bin")).arrayBuffer());
  let end = about.bytes;
  const files = about.files.map(([name, size]) => [name, bytes.subarray(end, (end += size))]);
  return store.write(about.key, { memory: bytes.subarray(0, about.bytes), files });
}"""
"""Keep the snapshot the server hands out, with the site's own store (snapshot.mjs)."""


def _snapshot_file() -> Path:
    """Where the snapshot of this build of the site is saved (``.bin``, ``.json``)."""
    engine = SITE / "play" / "pirate_rules.zip"
    runtime = SITE / "pyodide" / "pyodide.asm.wasm"
    build = f"{SITE.resolve()} {engine.stat().st_mtime_ns} {runtime.stat().st_mtime_ns}"
    name = hashlib.sha256(build.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"pirate-rules-python-snapshot-{name}"


class _SnapshotHandler(SiteHandler):
    """The site, and at :data:`SNAPSHOT_PATH` the kept snapshot of Python (tests only)."""

    def do_GET(self) -> None:
        if not self.path.startswith(f"/{SNAPSHOT_PATH}."):
            super().do_GET()
            return
        suffix = self.path.removeprefix(f"/{SNAPSHOT_PATH}")
        path = _snapshot_file().with_suffix(suffix)
        if suffix not in (".bin", ".json") or not path.is_file():
            self.send_error(404)
            return
        body = path.read_bytes()
        self.send_response(200)
        kind = "application/json" if suffix == ".json" else "application/octet-stream"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _make_python_snapshot(browser: Browser, site_url: str, saved: Path) -> None:
    """Visit a play page for the first time, wait until it keeps its snapshot of Python,
    and save the snapshot's bytes and entry at ``saved`` (``.bin``, ``.json``)."""
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{site_url}play/marvin/")
        wait_until_ready(page)
        assert not python_restored(page)
        page.wait_for_function(
            """(root) => import(root + "assets/play/snapshot.mjs")
                .then((m) => m.snapshotStore(root).describe())""",
            arg=site_url,
            polling=100,
            timeout=BOOT_TIMEOUT_MS,
        )
        with page.expect_download() as download:
            about = page.evaluate(_EXPORT_SNAPSHOT, site_url)
        assert about, "the play page kept no snapshot of Python"
        download.value.save_as(saved.with_suffix(".part"))
        saved.with_suffix(".part").replace(saved.with_suffix(".bin"))
        saved.with_suffix(".json").write_text(json.dumps(about), encoding="utf-8")
        watch.check()
    finally:
        context.close()


def keep_python_snapshot(browser: Browser, context: BrowserContext, site_url: str) -> None:
    """Give ``context`` the snapshot of Python a first visit to a play page of the
    session's site (``site_url``) keeps, so that its play pages restore Python rather
    than start it: what a reader's browser holds from the second visit on.

    The snapshot is made once per build of the site, by a real first visit, and shared
    by the test processes; a context given it is otherwise untouched (a page of it,
    opened and closed here, keeps it with the site's own snapshot.mjs)."""
    saved = _snapshot_file()
    with open(Path(tempfile.gettempdir()) / "pirate-rules-python-snapshot.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not saved.with_suffix(".json").is_file():
            _make_python_snapshot(browser, site_url, saved)
    page = context.new_page()
    try:
        page.goto(f"{site_url}{SNAPSHOT_PATH}.json")
        assert page.evaluate(_KEEP_SNAPSHOT, [site_url, SNAPSHOT_PATH]), "no snapshot was kept"
    finally:
        page.close()


def python_restored(page: Page) -> bool:
    """Whether the play page's Python was restored from a kept snapshot (worker.mjs's
    ``python-ready`` mark), rather than started from scratch."""
    for worker in page.workers:
        if "/assets/play/worker.mjs" in worker.url:
            mark = "performance.getEntriesByName('python-ready')[0]?.detail?.restored"
            return bool(worker.evaluate(mark))
    raise AssertionError("the page has no play worker")
