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

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Response, expect
from siteserver import CHROMIUM, CHROMIUM_ARGS, ROOT, SITE, ensure_site_built, serve_site

from conftest import (
    Watch,
    set_fast,
    start_game,
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


def lists(site: Path) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The shell (URL: revision) and runtime (URL: entry) lists written into ``sw.js``."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = {
        name: json.loads(match.group(1))
        for name in ("SHELL", "RUNTIME")
        if (match := re.search(rf"^const {name} = (\[.*?\n\]);$", text, re.S | re.M))
    }
    shell = {entry["url"]: entry["revision"] for entry in found["SHELL"]}
    runtime = {entry["url"]: entry for entry in found["RUNTIME"]}
    return shell, runtime


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
    offline_hook.build_service_worker(site)
    shell, runtime = lists(site)
    assert set(shell) == {
        "index.html",
        "rules/marvin/index.html",
        "assets/site.css",
        "assets/play/worker.mjs",
        "search/search_index.json",
    }
    version = hashlib.sha256(b"engine v1").hexdigest()
    assert set(runtime) == {
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        f"play/pirate_rules.zip?v={version[:12]}",
    }
    wasm = runtime["pyodide/pyodide.asm.wasm"]
    assert wasm["sha256"] == hashlib.sha256(bytes(20 * 1024 * 1024)).hexdigest()
    assert (site / "workbox-7.4.1/workbox-precaching.prod.js").is_file()

    first = (site / "sw.js").read_bytes()
    offline_hook.build_service_worker(site)
    assert (site / "sw.js").read_bytes() == first, "the same files must give the same worker"

    (site / "rules/marvin/index.html").write_bytes(b"<h1>Rules, corrected</h1>")
    (site / "play/pirate_rules.zip").write_bytes(b"engine v2")
    offline_hook.build_service_worker(site)
    new_shell, new_runtime = lists(site)
    changed = {url for url in shell if shell[url] != new_shell[url]}
    assert changed == {"rules/marvin/index.html"}
    assert f"play/pirate_rules.zip?v={hashlib.sha256(b'engine v2').hexdigest()[:12]}" in (
        new_runtime
    )
    assert new_runtime["pyodide/pyodide.mjs"] == runtime["pyodide/pyodide.mjs"]


def test_the_built_site_keeps_the_runtime_and_the_engine_the_play_pages_ask_for() -> None:
    site = ensure_site_built()
    shell, runtime = lists(site)
    for game in ("marvin", "pirate"):
        page = (site / f"play/{game}/index.html").read_text(encoding="utf-8")
        engine = re.search(r'data-engine="\.\./(pirate_rules\.zip\?v=\w+)"', page)
        assert engine and f"play/{engine.group(1)}" in runtime
        assert f"play/{game}/index.html" in shell and f"assets/play/{game}.mjs" in shell
    names = {url.removeprefix("pyodide/") for url in runtime if url.startswith("pyodide/")}
    assert names == {path.name for path in (site / "pyodide").iterdir()}
    for url, entry in runtime.items():
        data = (site / url.split("?")[0]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), url
    assert {"index.html", "search/search_index.json", "manifest.webmanifest"} <= set(shell)


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


def test_both_games_start_offline_after_one_visit_to_a_play_page(browser: Browser) -> None:
    ensure_site_built()
    context, watch = watched_context(browser)
    responses: list[Response] = []
    failed: list[str] = []
    try:
        page = context.new_page()
        with serve_site(SITE) as base:
            page.goto(f"{base}play/marvin/")
            wait_until_ready(page)
            page.wait_for_function(KEPT, timeout=120_000)
        # The server is gone, and the browser is told it is offline.
        context.set_offline(True)
        page.on("response", lambda response: responses.append(response))
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.reload()
        wait_until_ready(page)
        set_fast(page, "[name=pace]", "20")
        start_game(page, mode="watch", seed="2", pace="20")
        expect(page.locator("#end")).to_be_visible(timeout=120_000)
        expect(page.locator("#end-text")).to_contain_text("won the game")

        page.goto(f"{base}play/pirate/")
        wait_until_ready(page)
        start_game(page, mode="watch", seed="3")
        set_fast(page, "#clock", "20")
        page.locator("#pause").click()
        page.wait_for_function(
            "Number(/Moment (\\d+)/.exec(document.querySelector('#status').textContent)?.[1]) > 5"
        )
        # The rules pages work too.
        page.goto(f"{base}rules/marvin/")
        expect(page.locator("h1")).to_contain_text("Marvin")
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
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
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
    """The revisions of ``path`` that the page's caches hold."""
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
    marker = f"/{path}?__WB_REVISION__="
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
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
            old = hashlib.md5(about.read_bytes()).hexdigest()
            assert kept_revisions(page, "about/index.html") == {old}
            about.write_text(
                about.read_text(encoding="utf-8").replace(
                    "<h1", '<p id="rebuilt">A newer build.</p><h1', 1
                ),
                encoding="utf-8",
            )
            offline_hook.build_service_worker(site)
            new = hashlib.md5(about.read_bytes()).hexdigest()
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
