"""Starting quickly: a later visit restores Python from the memory snapshot kept in this
browser (assets/play/worker.mjs, snapshot.mjs), and everything works after a restore.

One browser context serves the whole module, as one device would: its first page starts
Python and keeps the snapshot, later pages are later visits of the same device. Each test
also stands on its own: the first clears what the device keeps, and the others have
Python started (and so a snapshot made) if the device keeps none yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from livepages import RUN_TIMEOUT_MS, check_page
from playwright.sync_api import Browser, BrowserContext, Page

from conftest import Watch, watched_context

pytestmark = pytest.mark.browser

STORE = "(await import('/assets/play/snapshot.mjs')).snapshotStore(location.origin + '/')"


@pytest.fixture(scope="module")
def device(browser: Browser) -> Iterator[tuple[BrowserContext, Watch]]:
    """One browser context for the module: its Cache Storage holds the snapshot."""
    context, watch = watched_context(browser)
    context.set_default_timeout(RUN_TIMEOUT_MS)
    yield context, watch
    watch.check()
    context.close()


def visit(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    return page


def python(page: Page) -> dict[str, Any]:
    """The page's Python (started or restored by the live examples' worker): ``info``."""
    answer: dict[str, Any] = page.evaluate(
        "async () => (await import('/assets/live/engine.mjs')).call('info', [])"
    )
    return answer


def restored(page: Page) -> bool:
    """Whether the page's worker says it restored Python (its ``python-ready`` mark)."""
    (worker,) = [worker for worker in page.workers if "/play/worker.mjs" in worker.url]
    return bool(worker.evaluate("performance.getEntriesByName('python-ready')[0].detail.restored"))


def kept(page: Page) -> dict[str, Any] | None:
    """The snapshot kept now: key and sizes, or None."""
    found: dict[str, Any] | None = page.evaluate(f"async () => ({STORE}).describe()")
    return found


def wait_until(page: Page, script: str, arg: Any = None) -> None:
    """Wait until the async function ``script`` resolves to a true value in ``page``."""
    page.evaluate(
        f"""async (arg) => {{
            const test = {script};
            const until = performance.now() + {RUN_TIMEOUT_MS};
            while (!(await test(arg))) {{
                if (performance.now() > until) throw new Error("timed out");
                await new Promise((resolve) => setTimeout(resolve, 200));
            }}
        }}""",
        arg,
    )


def wait_until_kept(page: Page) -> dict[str, Any]:
    """Wait until a snapshot is kept that the worker wrote (not one the test rewrote)."""
    wait_until(
        page,
        """async () => {
            const name = (await caches.keys()).find((n) => n.startsWith('pirate-rules-python-'));
            const entry = name && await (await caches.open(name)).match(
                new URL('/__python-snapshot__', location.href).href);
            return Boolean(entry) && !entry.headers.has('x-rewritten');
        }""",
    )
    found = kept(page)
    assert found is not None
    return found


def kept_once_started(page: Page) -> dict[str, Any]:
    """The snapshot this device keeps, once the page's Python has started: restored from
    it, or, on a device that keeps none yet (a test run on its own), started afresh and
    kept. ``page`` must be a page of examples (its engine build is named there)."""
    python(page)
    return wait_until_kept(page)


PLAY_EVERY_LEVEL = """async (levels) => {
    const { call } = await import('/assets/live/engine.mjs');
    const results = [];
    for (const bot of levels.marvin) {
        let view = await call('marvin_new', [{ seed: 2, mode: 'computer', bot }]);
        while (!view.outcome) {
            view = view.computer_to_move
                ? await call('marvin_bot_move', [view.id])
                : await call('marvin_move', [view.id, view.legal[0].move]);
        }
        const { record } = await call('record', [view.id]);
        results.push(['marvin', bot, view.outcome.text, record]);
    }
    const person = (seat) => ['C', 'P', 'T'].find((action) => seat.legal.includes(action)) || 'W';
    for (const level of levels.pirate) {
        let view = await call('pirate_new', [{ seed: 2, mode: 'computer', level }]);
        while (!view.outcome) {
            view = view.stretch && view.stretch.fast
                ? await call('pirate_skip', [view.id])
                : await call('pirate_tick', [view.id, person(view.seats[0])]);
        }
        const { record } = await call('record', [view.id]);
        results.push(['pirate', level, view.outcome.text, record]);
    }
    return results;
}"""


def test_a_second_visit_restores_python_and_everything_works_after_it(
    device: tuple[BrowserContext, Watch], site_url: str
) -> None:
    """About 20 s alone, 40 s in the whole suite: Python starts afresh once (and is kept),
    then is restored on a second visit, whose examples, games and errors are all tried."""
    context, _ = device
    first = visit(context, f"{site_url}rules/marvin/")
    assert first.evaluate(f"async () => ({STORE}).clear()")  # a first visit, whatever ran before
    made = python(first)["python"]
    assert not restored(first)
    snapshot = wait_until_kept(first)
    assert snapshot["key"].startswith("pyodide ") and snapshot["bytes"] > 0 < snapshot["stored"]
    first.close()

    again = visit(context, f"{site_url}rules/marvin/")
    info = python(again)
    # The random id drawn when the first Python imported the engine is still there.
    assert info["python"] == made
    assert restored(again)
    # What a restored Python imports lazily from the engine's files works: every example
    # of the page, a whole game against every level of both games, the record viewer
    # (which imports the command line's module) and a reader's bot in the lab.
    examples = again.locator(".live-bar").count()
    assert check_page(again) == (examples, examples)
    pirate = [level["id"] for level in info["pirate_levels"]]
    levels = {"marvin": info["bots"]["marvin"], "pirate": pirate}
    games = again.evaluate(PLAY_EVERY_LEVEL, levels)
    assert [(game, level) for game, level, *_ in games] == [
        *(("marvin", bot) for bot in levels["marvin"]),
        *(("pirate", level) for level in levels["pirate"]),
    ]
    assert all(text for _, _, text, _ in games)
    for _, _, _, record in games[:: len(games) - 1]:  # one record of each game
        opened = again.evaluate(
            """async (record) => {
                const { call } = await import('/assets/live/engine.mjs');
                const view = await call('viewer_open', [JSON.stringify(record)]);
                return call('viewer_step', [view.id, view.steps]);
            }""",
            record,
        )
        assert opened["step"] == opened["steps"] > 0 and opened["summary"], str(opened)[:400]
        assert opened["view"]["outcome"], str(opened)[:400]
    lab = again.evaluate(
        """async (source) => {
            const { call } = await import('/assets/live/engine.mjs');
            const bot = await call('lab_load', [source]);
            const tour = await call('lab_tournament',
                [{ bot: bot.bot, games: 2, opponents: ['random'] }]);
            return call('lab_next', [tour.id, 30]);
        }""",
        "from pirate_rules.bots import Bot\n\nclass First(Bot):\n"
        "    def choose(self, game, player):\n        return list(game.legal_moves)[0]\n",
    )
    assert lab["finished"] and lab["done"] == 2 and not lab["failed"]
    again.close()


def rewrite(page: Page, key: str | None = None, damage: str = "") -> None:
    """Rewrite the kept snapshot: under another ``key``, or damaged (``"short"``: a byte
    is missing; ``"memory"``: all its bytes are there, but they are no snapshot Pyodide
    accepts)."""
    page.evaluate(
        """async ([key, damage]) => {
            const name = (await caches.keys()).find((n) => n.startsWith('pirate-rules-python-'));
            const cache = await caches.open(name);
            const entry = new URL('/__python-snapshot__', location.href).href;
            const old = await cache.match(entry);
            const headers = new Headers(old.headers);
            if (key) headers.set('x-snapshot-key', key);
            headers.set('x-rewritten', 'by the test');
            if (damage) {
                const root = await navigator.storage.getDirectory();
                const site = await root.getDirectoryHandle('pirate-rules-python');
                const folder = await site.getDirectoryHandle(
                    encodeURIComponent(location.origin + '/'));
                const file = await folder.getFileHandle(old.headers.get('x-snapshot-file'));
                const bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
                if (damage === 'memory') bytes.fill(0, 0, 64);  // its magic number and build id
                const writable = await file.createWritable();
                await writable.write(damage === 'short' ? bytes.subarray(1) : bytes);
                await writable.close();
            }
            await cache.put(entry, new Response(null, { headers }));
        }""",
        [key, damage],
    )


@pytest.mark.parametrize(
    ("key", "damage"),
    [("pyodide 0.0; engine old; format 1", ""), (None, "short"), (None, "memory")],
)
def test_a_stale_or_damaged_snapshot_is_replaced_after_a_usual_start(
    device: tuple[BrowserContext, Watch], site_url: str, key: str | None, damage: str
) -> None:
    context, _ = device
    page = visit(context, f"{site_url}rules/pirate/")
    made = python(page)["python"]  # the Python the snapshot is made of
    before = wait_until_kept(page)
    rewrite(page, key, damage)
    page.close()

    page = visit(context, f"{site_url}rules/pirate/")
    info = python(page)
    assert info["python"] != made and not restored(page)
    now = wait_until_kept(page)  # made again by the usual start
    assert now["key"] == before["key"] and now["bytes"] == before["bytes"]
    page.close()


RUNNING = "async () => (await import('/assets/live/engine.mjs')).running()"


def test_the_first_hover_of_an_example_starts_python_only_if_it_can_be_restored(
    device: tuple[BrowserContext, Watch], site_url: str
) -> None:
    context, _ = device
    page = visit(context, f"{site_url}rules/pirate/")
    made = kept_once_started(page)
    page.close()

    page = visit(context, f"{site_url}rules/pirate/")
    assert page.evaluate(RUNNING) is False  # nothing starts at load
    page.locator("#live-example-2").hover()
    wait_until(page, RUNNING)  # started by the hover, before any Run
    python(page)
    assert restored(page)
    # A snapshot of another engine build: the hover leaves Python to the first Run.
    rewrite(page, "pyodide 0.0; engine old; format 2")
    page.close()
    page = visit(context, f"{site_url}rules/pirate/")
    warmed = """async () => {
        const engine = await import('/assets/live/engine.mjs');
        await engine.warmUp();
        return engine.running();
    }"""
    assert page.evaluate(warmed) is False
    python(page)  # a usual start, which keeps a new snapshot
    assert not restored(page)
    assert wait_until_kept(page)["key"] == made["key"]
    page.close()


def test_the_setting_turns_the_snapshot_off_and_on(
    device: tuple[BrowserContext, Watch], site_url: str
) -> None:
    context, _ = device
    page = visit(context, f"{site_url}rules/pirate/")
    before = kept_once_started(page)
    page.close()
    page = visit(context, f"{site_url}about/")
    setting = page.get_by_label("Start Python from a copy kept on this device")
    status = page.locator("[data-snapshot-status]")
    page.wait_for_function("!document.querySelector('input[name=snapshot]').disabled")
    assert setting.is_checked()
    assert re.match(r"On: a copy of \d+\.\d MB is kept\.", status.inner_text())
    setting.uncheck()
    page.wait_for_function(
        "document.querySelector('[data-snapshot-status]').textContent.startsWith('Off')"
    )
    assert kept(page) is None
    # A worker finds no snapshot to restore, and keeps none.
    assert page.evaluate(f"async () => ({STORE}).read('{before['key']}')") is None
    nothing = "{ memory: new Uint8Array(8) }"
    assert page.evaluate(f"async () => ({STORE}).write('k', {nothing})") is False
    page.reload()
    setting = page.get_by_label("Start Python from a copy kept on this device")
    page.wait_for_function("!document.querySelector('input[name=snapshot]').disabled")
    assert not setting.is_checked()
    setting.check()
    page.wait_for_function(
        "document.querySelector('[data-snapshot-status]').textContent.startsWith('On')"
    )
    assert page.evaluate(f"async () => ({STORE}).enabled()") is True
    page.close()
