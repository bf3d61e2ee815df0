"""MkDocs hook: the site installs as an app and works without a network after a visit.

After every build (``mkdocs build`` and each rebuild of ``mkdocs serve``), and after the
other hooks, this hook runs ``node hooks/offline-build.mjs`` on the built site. That script
uses ``workbox-build`` (from npm, pinned in ``package-lock.json``) to list the files, gives
each the SHA-256 and size of its bytes, fills the lists into ``hooks/offline-sw.js`` and
writes the result as ``sw.js`` at the site's root. Every page registers the worker through
``assets/offline/register.js`` when it is idle, and links the web app manifest
(``manifest.webmanifest``, with the icons in ``assets/offline/``) from
``overrides/main.html``.

What is kept, and when (a page costs what it shows):

* **A page that was opened**, and the files it loaded: the page tells the worker what it
  loaded, and the worker keeps those files from the browser's own cache, so nothing is
  downloaded twice; a first visit to a rules page costs the page and the worker's script
  (about 20 kB). The card pictures are kept only by the pages that show cards.
* **The Python runtime and the engine** (about 14 MB), with the live examples' machinery,
  once a play page has started a game or a live example has started Python; after a
  game, the play pages too. After that, both games start offline, and so do the examples
  of the pages opened.
* **Everything** (the build log gives the size), when the site runs as an installed app,
  or when the reader asks for it on the About page ("Keep the whole site for offline
  use", with its size): the installed app then works fully offline.
* **The offline page** (``assets/offline/offline.html``), from the worker's first start:
  offline, a page that was never kept gets it at its own address. It says that the page
  was not kept, links to the pages that are, and offers "Keep the whole site". An address
  that is no page of the site (the worker's list names every page of its build) gets it
  too, saying instead that there is no such page.

How updates behave: the worker takes over as soon as it is installed. Pages and small
assets always come from the network when it answers, and from the kept copy only when
it does not, so a rebuild shows at once (live reload keeps working) and an open page
never mixes two builds. The runtime files are served from the kept copy first, but each
is kept under the SHA-256 of its bytes and the engine's URL carries its version, so a
changed file is never answered with an old copy. A new worker downloads the changed
files among those kept, and drops the old copies. ``sw.js`` changes exactly when a file
changes.

The app icons are drawn in ``docs/assets/offline/icon.svg``; its PNG sizes are committed
and redrawn with ``.venv/bin/python hooks/offline.py icons`` (headless Chromium).
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from pyodide_assets import ENGINE_ZIP, RUNTIME_DIR, engine_version

HERE = Path(__file__).resolve().parent
BUILD_SCRIPT = HERE / "offline-build.mjs"
ICON_DIR = HERE.parent / "docs" / "assets" / "offline"
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}
"""PNG name: (size in pixels, full bleed). Full-bleed icons fill the square (the
platform rounds them); the others keep the SVG's rounded corners."""

log = logging.getLogger("mkdocs.hooks.offline")


def build_service_worker(site_dir: Path) -> dict[str, Any]:
    """Write ``sw.js`` and the Workbox files into ``site_dir``; return the lists' sizes.

    Warnings of ``workbox-build`` (such as a file left out for its size) are logged as
    MkDocs warnings, so a strict build fails on them.
    """
    node = shutil.which("node")
    if node is None:
        raise PluginError("Node.js is needed to build the service worker (see the README).")
    engine = site_dir / ENGINE_ZIP
    if not engine.is_file():
        raise PluginError(f"The engine zip is missing from the built site: {engine}")
    version = engine_version(engine.read_bytes())
    command = [node, str(BUILD_SCRIPT), str(site_dir), RUNTIME_DIR, ENGINE_ZIP, version]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    for line in result.stderr.splitlines():
        if line.strip():
            log.warning("Offline use: %s", line)
    if result.returncode != 0:
        raise PluginError(f"The service worker could not be built (node exit {result.returncode})")
    summary: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return summary


@event_priority(-100)  # last: after the runtime, the engine and the search index are written
def on_post_build(config: Any) -> None:
    """Write the service worker that keeps the site for offline use."""
    summary = build_service_worker(Path(config["site_dir"]))
    pages, runtime = summary["pages"], summary["runtime"]
    log.info(
        "Offline use: %d files of pages (%.1f MB), kept as they are visited, and %d of the "
        "runtime (%.1f MB), kept once Python runs; the whole site is %.1f MB",
        pages["files"],
        pages["bytes"] / 1e6,
        runtime["files"],
        runtime["bytes"] / 1e6,
        (pages["bytes"] + runtime["bytes"]) / 1e6,
    )


def draw_icons() -> None:
    """Redraw the PNG icons from ``icon.svg`` in headless Chromium."""
    sys.path.insert(0, str(HERE.parent / "tests" / "browser"))
    from playwright.sync_api import sync_playwright
    from siteserver import CHROMIUM, CHROMIUM_ARGS

    svg = (ICON_DIR / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name, (size, full_bleed) in ICONS.items():
            drawn = svg.replace('rx="96"', 'rx="0"', 1) if full_bleed else svg
            drawn = drawn.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<body style='margin:0'>{drawn}</body>")
            page.screenshot(path=str(ICON_DIR / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__" and sys.argv[1:] == ["icons"]:
    draw_icons()
