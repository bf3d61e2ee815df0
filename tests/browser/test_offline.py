"""Offline use and installing as an app: the service worker, its lists, the manifest.

The browser tests serve the site themselves, so that going offline also closes the
server: a page that still reached the network would fail to load instead of passing.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import logging
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playpage import wait_for_the_end
from playwright.sync_api import (
    Browser,
    BrowserContext,
    BrowserType,
    Locator,
    Page,
    Response,
    expect,
)
from siteserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SITE,
    SiteHandler,
    Traffic,
    ensure_site_built,
    serve_site,
)

from conftest import (
    KEEP_TIMEOUT_MS,
    Watch,
    set_fast,
    start_game,
    wait_until_controlled,
    wait_until_kept,
    wait_until_ready,
    watch_context,
    watched_context,
)

pytestmark = pytest.mark.browser

KEPT = "document.documentElement.dataset.offline === 'ready'"


@pytest.fixture(scope="module")
def offline_hook() -> Iterator[ModuleType]:
    """``hooks/offline.py``, loaded as MkDocs loads it (its folder on ``sys.path``)."""
    sys.path.insert(0, str(ROOT / "hooks"))
    try:
        spec = importlib.util.spec_from_file_location("offline_hook", ROOT / "hooks/offline.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(ROOT / "hooks"))


def lists(site: Path) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The pages' and the runtime's lists written into ``sw.js``: URL to entry."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = {
        name: json.loads(match.group(1))
        for name in ("PAGES", "RUNTIME")
        if (match := re.search(rf"^const {name} = (\[.*?\n\]);$", text, re.S | re.M))
    }
    pages = {entry["url"]: entry for entry in found["PAGES"]}
    runtime = {entry["url"]: entry for entry in found["RUNTIME"]}
    return pages, runtime


def digest(data: bytes) -> str:
    """A file's hash as the lists give it: the first 128 bits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:32]


def small_site(root: Path) -> Path:
    """A built site in miniature: pages, assets, a runtime and an engine zip."""
    files: dict[str, bytes] = {
        "index.html": b"<h1>Home</h1>",
        "rules/marvin/index.html": b"<h1>Rules</h1>",
        "assets/site.css": b"body {}",
        "assets/play/worker.mjs": b"// worker",
        "assets/javascripts/bundle.min.js.map": b"{}",
        "assets/javascripts/lunr/min/lunr.de.min.js": b"// another language",
        "search/search_index.json": b"{}",
        "sitemap.xml": b"<urlset/>",
        "pyodide/pyodide.mjs": b"// runtime",
        "pyodide/pyodide.asm.wasm": bytes(20 * 1024 * 1024),  # over Workbox's default limit
        "play/pirate_rules.zip": b"engine v1",
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_the_lists_change_exactly_when_the_files_do(
    offline_hook: ModuleType, tmp_path: Path
) -> None:
    site = small_site(tmp_path)
    (site / "workbox-7.4.1").mkdir()  # what an earlier build copied beside the worker
    offline_hook.build_service_worker(site)
    pages, runtime = lists(site)
    assert set(pages) == {
        "index.html",
        "rules/marvin/index.html",
        "assets/site.css",
        "assets/play/worker.mjs",
        "search/search_index.json",
    }
    assert pages["assets/play/worker.mjs"]["group"] == "play"  # kept with a game
    assert "group" not in pages["rules/marvin/index.html"]
    version = hashlib.sha256(b"engine v1").hexdigest()
    assert set(runtime) == {
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        f"play/pirate_rules.zip?v={version[:12]}",
    }
    wasm = runtime["pyodide/pyodide.asm.wasm"]
    assert wasm["sha256"] == digest(bytes(20 * 1024 * 1024))
    assert wasm["size"] == 20 * 1024 * 1024
    assert not list(site.glob("workbox-*")), "the worker needs no Workbox runtime"

    first = (site / "sw.js").read_bytes()
    offline_hook.build_service_worker(site)
    assert (site / "sw.js").read_bytes() == first, "the same files must give the same worker"

    (site / "rules/marvin/index.html").write_bytes(b"<h1>Rules, corrected</h1>")
    (site / "play/pirate_rules.zip").write_bytes(b"engine v2")
    offline_hook.build_service_worker(site)
    new_pages, new_runtime = lists(site)
    changed = {url for url in pages if pages[url] != new_pages[url]}
    assert changed == {"rules/marvin/index.html"}
    assert f"play/pirate_rules.zip?v={hashlib.sha256(b'engine v2').hexdigest()[:12]}" in (
        new_runtime
    )
    assert new_runtime["pyodide/pyodide.mjs"] == runtime["pyodide/pyodide.mjs"]


def test_the_built_site_keeps_the_runtime_and_the_engine_the_play_pages_ask_for() -> None:
    site = ensure_site_built()
    pages, runtime = lists(site)
    for game in ("marvin", "pirate"):
        page = (site / f"play/{game}/index.html").read_text(encoding="utf-8")
        engine = re.search(r'data-engine="\.\./(pirate_rules\.zip\?v=\w+)"', page)
        assert engine and f"play/{engine.group(1)}" in runtime
        assert f"play/{game}/index.html" in pages and f"assets/play/{game}.mjs" in pages
    names = {url.removeprefix("pyodide/") for url in runtime if url.startswith("pyodide/")}
    assert names == {path.name for path in (site / "pyodide").iterdir()}
    for url, entry in {**runtime, **pages}.items():
        data = (site / url.split("?")[0]).read_bytes()
        assert entry["sha256"] == digest(data) and entry["size"] == len(data), url
    assert {"index.html", "search/search_index.json", "manifest.webmanifest"} <= set(pages)
    assert pages["assets/vendor/svg-cards/svg-cards.svg"]["group"] == "play"


def test_a_file_too_large_to_keep_fails_a_strict_build(
    offline_hook: ModuleType, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    site = small_site(tmp_path)
    (site / "assets/huge.png").write_bytes(bytes(5 * 1024 * 1024))
    with caplog.at_level(logging.WARNING, logger="mkdocs.hooks.offline"):
        offline_hook.build_service_worker(site)
    assert any("assets/huge.png" in record.getMessage() for record in caplog.records)
    assert "assets/huge.png" not in lists(site)[0]


def not_from_the_worker(responses: list[Response]) -> list[str]:
    """The URLs among ``responses`` that did not come from the service worker."""
    return [r.url for r in responses if not r.from_service_worker and r.url.startswith("http")]


def rgb(colour: str) -> list[int]:
    """The red, green and blue of a CSS colour such as ``rgba(64,81,181,1)``."""
    return [int(part) for part in re.findall(r"\d+", colour)[:3]]


def python_restored(page: Page) -> bool:
    """Whether the page's Python worker restored Python from the snapshot."""
    workers = [worker for worker in page.workers if "/play/worker.mjs" in worker.url]
    mark = "performance.getEntriesByName('python-ready')[0]?.detail.restored"
    return any(worker.evaluate(mark) for worker in workers)


SNAPSHOT_KEPT = """async () => {
    const { snapshotStore } = await import('/assets/play/snapshot.mjs');
    return (await snapshotStore(location.origin + '/').describe()) !== null;
}"""


def test_both_games_start_offline_after_one_visit_to_a_play_page(browser: Browser) -> None:
    """About 25 s: a first visit that keeps the runtime and Python's snapshot, then offline
    a whole Marvin game watched to its end and a Pirate game started on a page never
    opened: what a first visit keeps is the matter, so it cannot be a later one."""
    ensure_site_built()
    context, watch = watched_context(browser)
    responses: list[Response] = []
    failed: list[str] = []
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}play/marvin/")
            wait_until_ready(page)
            page.wait_for_function(KEPT, timeout=KEEP_TIMEOUT_MS)
            for _ in range(600):  # and Python's snapshot
                if page.evaluate(SNAPSHOT_KEPT):
                    break
                page.wait_for_timeout(200)
        # The server is gone, and the browser is told it is offline.
        context.set_offline(True)
        page.on("response", lambda response: responses.append(response))
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.reload()
        wait_until_ready(page)
        assert python_restored(page)  # Python came back from the snapshot, offline
        set_fast(page, "[name=pace]", "20")
        start_game(page, mode="watch", seed="2", pace="20")
        wait_for_the_end(page, "steps")
        expect(page.locator("#end-text")).to_contain_text("won the game")

        page.goto(f"{base}play/pirate/")  # never opened, but kept with the game
        wait_until_ready(page)
        start_game(page, mode="watch", seed="3")
        set_fast(page, "#clock", "20")
        page.locator("#pause").click()
        page.wait_for_function(
            "Number(/Moment (\\d+)/.exec(document.querySelector('#status').textContent)?.[1]) > 5"
        )
        assert responses and not not_from_the_worker(responses)
        assert not failed, failed
        watch.check()
    finally:
        context.close()


def test_the_site_is_an_installable_app_in_the_theme_colours(
    browser_type: BrowserType, tmp_path: Path
) -> None:
    ensure_site_built()
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    watch = watch_context(context)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        with serve_site(SITE) as base:
            for path in ("", "play/pirate/", "rules/marvin/"):
                page.goto(base + path)
                expect(page.locator("link[rel=manifest]")).to_have_attribute(
                    "href", re.compile(r"manifest\.webmanifest$")
                )
            wait_until_controlled(page)
            session = context.new_cdp_session(page)
            manifest = session.send("Page.getAppManifest")
            assert manifest["url"] == f"{base}manifest.webmanifest"
            assert manifest["errors"] == []
            app = manifest["manifest"]
            assert app["name"] == "Pirate Rules" and app["startUrl"] == base
            assert app["display"] == "kStandalone"
            header = page.evaluate(
                "getComputedStyle(document.querySelector('.md-header')).backgroundColor"
            )
            assert rgb(app["themeColor"]) == rgb(header) == [0x40, 0x51, 0xB5]
            assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            declared = {(icon["url"], icon["sizes"]) for icon in app["icons"]}
            for url, sizes in declared:
                if sizes == "0x0":  # the SVG: any size
                    continue
                page.goto(url)
                drawn = page.evaluate(
                    "`${document.images[0].naturalWidth}x${document.images[0].naturalHeight}`"
                )
                assert drawn == sizes, url
        watch.check()
    finally:
        context.close()


def test_the_icons_are_the_svg_drawn_at_their_sizes(
    offline_hook: ModuleType, watched: tuple[BrowserContext, Watch]
) -> None:
    page = watched[0].new_page()
    icons = ROOT / "docs/assets/offline"
    svg = (icons / "icon.svg").read_text(encoding="utf-8")
    for name, (size, full_bleed) in offline_hook.ICONS.items():
        drawn = svg.replace('rx="96"', 'rx="0"', 1) if full_bleed else svg
        difference = page.evaluate(
            """async ([svg, png, size]) => {
                const pixels = async (src) => {
                    const image = new Image();
                    image.src = src;
                    await image.decode();
                    const canvas = new OffscreenCanvas(size, size);
                    const context = canvas.getContext("2d");
                    context.drawImage(image, 0, 0, size, size);
                    return context.getImageData(0, 0, size, size).data;
                };
                const a = await pixels("data:image/svg+xml;base64," + btoa(svg));
                const b = await pixels("data:image/png;base64," + png);
                let total = 0;
                for (let i = 0; i < a.length; i++) total += Math.abs(a[i] - b[i]);
                return total / a.length;
            }""",
            [drawn, base64.b64encode((icons / name).read_bytes()).decode("ascii"), size],
        )
        assert difference < 2, f"{name} differs from icon.svg: redraw with `hooks/offline.py icons`"
    watched[1].check()


def kept_revisions(page: Page, path: str) -> set[str]:
    """The hashes of the copies of ``path`` that the site's cache holds."""
    urls: list[str] = page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                urls.push(...(await cache.keys()).map((request) => request.url));
            }
            return urls;
        }"""
    )
    marker = f"/{path}?__sha256="
    return {url.split(marker, 1)[1] for url in urls if marker in url}


def test_a_rebuild_shows_at_once_online_and_offline_once_updated(
    browser: Browser, offline_hook: ModuleType, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(ensure_site_built(), site)
    about = site / "about/index.html"
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        with serve_site(site) as base:
            page.goto(f"{base}about/")
            wait_until_controlled(page)
            wait_until_kept(page)
            old = digest(about.read_bytes())
            assert kept_revisions(page, "about/index.html") == {old}
            about.write_text(
                about.read_text(encoding="utf-8").replace(
                    "<h1", '<p id="rebuilt">A newer build.</p><h1', 1
                ),
                encoding="utf-8",
            )
            offline_hook.build_service_worker(site)
            new = digest(about.read_bytes())
            page.reload()
            expect(page.locator("#rebuilt")).to_be_visible()  # online: the new page at once
            # The new worker keeps the new page and drops the old one.
            for _ in range(300):
                if kept_revisions(page, "about/index.html") == {new}:
                    break
                page.wait_for_timeout(200)
            assert kept_revisions(page, "about/index.html") == {new}
        context.set_offline(True)
        page.reload()
        expect(page.locator("#rebuilt")).to_be_visible()  # offline: the updated copy
        watch.check()
    finally:
        context.close()


class AskEveryTime(SiteHandler):
    """The site, every file sent with ``Cache-Control: no-cache``: the browser's own cache
    asks again each time, so every request the service worker passes on is seen here."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


USED_ASSETS = """performance.getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.pathname.startsWith("/assets/"))
    .map((url) => url.pathname + url.search)"""
"""The site's files (not pages) that the page has asked for so far, as the server sees them."""


def test_a_page_of_this_build_uses_the_kept_files_and_a_page_of_another_the_network(
    browser: Browser, tmp_path: Path
) -> None:
    """A return visit does not wait for the network before each file its page uses: the
    page's bytes are the ones the service worker's list names, so the kept copies are of
    the same build. A page of another build (the site rebuilt, this worker not yet
    updated) gets every file from the network, so no page mixes two builds."""
    site = tmp_path / "site"
    shutil.copytree(ensure_site_built(), site)
    about = site / "about/index.html"
    traffic = Traffic()
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        with serve_site(site, traffic, AskEveryTime) as base:
            page.goto(f"{base}about/")
            wait_until_controlled(page)
            wait_until_kept(page)
            used = set(page.evaluate(USED_ASSETS))
            assert any(path.endswith(".css") for path in used), used
            assert any(path.endswith(".js") for path in used), used

            def reload_and_load_them() -> set[str]:
                page.reload()
                page.wait_for_function(
                    f"paths => paths.every((path) => ({USED_ASSETS}).includes(path))",
                    arg=sorted(used),
                )
                return set(traffic.take()[0])

            traffic.take()
            asked = reload_and_load_them()
            assert "/about/" in asked  # the page itself: the network first
            assert not used & asked, f"asked the network for kept files: {used & asked}"

            about.write_text(
                about.read_text(encoding="utf-8").replace(
                    "<h1", '<p id="newer">A newer build.</p><h1', 1
                ),
                encoding="utf-8",
            )
            asked = reload_and_load_them()
            expect(page.locator("#newer")).to_be_visible()
            assert used <= asked, f"kept files for a page of another build: {used - asked}"
        watch.check()
    finally:
        context.close()


LIMITS = {
    "rules/marvin/": 1_000_000,
    "learn/write-a-bot/": 1_000_000,
    "reference/simulate/": 1_600_000,
}
"""The heaviest rules and learning pages, and the heaviest reference page (the module
``pirate_rules.simulate``), with the most a first visit may transfer, service worker
included (raw bytes, as a plain server sends)."""


@pytest.mark.parametrize("path", list(LIMITS))
def test_a_first_visit_costs_what_the_page_shows(browser: Browser, path: str) -> None:
    ensure_site_built()
    traffic = Traffic()
    # Watched, not routed: routing would turn the browser's cache off, and the worker
    # keeps the page's files from that cache (a request off this machine still fails).
    context = browser.new_context()
    watch = watch_context(context, route=False)
    try:
        page = context.new_page()
        with serve_site(SITE, traffic) as base:
            page.goto(base + path)
            # The worker registers when the page is idle, and keeps the page.
            wait_until_kept(page)
            page.wait_for_timeout(500)  # anything late is counted too
            paths, sent = traffic.take()
        assert sent <= LIMITS[path], f"{sent} bytes in {len(paths)} requests: {sorted(paths)}"
        assert "/sw.js" in paths
        assert paths.count("/search/search_index.json") == 1  # kept, not fetched again
        assert len(paths) == len(set(paths)), sorted(paths)
        assert not [p for p in paths if "codemirror" in p or "pyodide" in p]
        kept = kept_urls(page)
        assert f"{base}{path}index.html?__sha256=" in " ".join(kept)
        assert any("search_index.json" in url for url in kept)
        # The icon, which the browser asks for on its own, so that offline it is there.
        assert f"{base}assets/offline/icon.svg" in " ".join(kept), kept
        assert not [url for url in kept if "svg-cards" in url]  # no cards on this page
        watch.check()
    finally:
        context.close()


def kept_urls(page: Page) -> list[str]:
    """Every URL the site's cache holds."""
    return list(
        page.evaluate(
            """async () => {
                const cache = await caches.open(`pirate-rules-site-${location.origin}/`);
                return (await cache.keys()).map((request) => request.url);
            }"""
        )
    )


def the_whole_site_setting(page: Page, base: str) -> Locator:
    """The About page's "Keep the whole site" setting, once the page is kept and the
    setting can be changed."""
    page.goto(f"{base}about/")
    wait_until_kept(page)
    control = page.get_by_label(re.compile(r"Keep the whole site for offline use"))
    expect(control).to_be_enabled()
    return control


def test_the_whole_site_is_kept_when_the_reader_asks(
    watched: tuple[BrowserContext, Watch],
) -> None:
    ensure_site_built()
    context, watch = watched
    page = context.new_page()
    with serve_site(SITE) as base:
        control = the_whole_site_setting(page, base)
        pages, runtime = lists(SITE)
        size = sum(entry["size"] for entry in [*pages.values(), *runtime.values()])
        label = page.locator("label", has=control)
        expect(label).to_have_text(f"Keep the whole site for offline use ({size / 1e6:.1f} MB)")
        control.check()
        status = page.locator("[data-whole-status]")
        expect(status).to_have_text(
            "The whole site is kept on this device: it works without a network.",
            timeout=KEEP_TIMEOUT_MS,
        )
        assert page.evaluate("document.documentElement.dataset.offline") == "site"
        assert len(kept_urls(page)) >= len(pages) + len(runtime)
    context.set_offline(True)
    page.goto(f"{base}reference/cards/")  # never opened
    expect(page.locator("h1")).to_contain_text("Cards")
    # A page counts as opened once it has told the worker what it loaded.
    page.wait_for_function("document.documentElement.dataset.offline === 'site'")
    page.goto(f"{base}play/viewer/")
    wait_until_ready(page)
    page.wait_for_function("document.documentElement.dataset.offline === 'site'")
    page.goto(f"{base}about/")
    control = page.get_by_label(re.compile(r"Keep the whole site for offline use"))
    expect(control).to_be_checked()
    control.uncheck()
    expect(page.locator("[data-whole-status]")).to_contain_text("Kept on this device now:")
    # What was opened stays kept (the viewer with its cards); the rest goes.
    kept = " ".join(kept_urls(page))
    assert "/reference/cards/index.html?" in kept and "svg-cards.svg?" in kept
    assert "/rules/pirate/index.html?" not in kept
    watch.check()


def test_keeping_the_whole_site_offline_says_so_and_keeps_nothing_more(
    watched: tuple[BrowserContext, Watch],
) -> None:
    """Asked offline, the About page's setting tries, says that the device is offline
    (whatever the browser's own word for it), and is left off: the site is not kept."""
    ensure_site_built()
    context, watch = watched
    page = context.new_page()
    with serve_site(SITE) as base:
        control = the_whole_site_setting(page, base)
    context.set_offline(True)  # and the server is gone
    kept = kept_urls(page)
    control.click()
    expect(page.locator("[data-whole-status]")).to_have_text(
        "This device is offline now: tick it again once the network is back."
    )
    expect(control).to_be_enabled()
    expect(control).not_to_be_checked()
    assert page.evaluate("document.documentElement.dataset.offline") == "page"
    assert sorted(kept_urls(page)) == sorted(kept)
    watch.check()
