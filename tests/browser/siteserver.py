"""Serve the built site on 127.0.0.1 for the browser tests and the site benchmark."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
HOST = "127.0.0.1"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium; set CHROMIUM to use another build."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless Chromium on a closed network: no background connections, no first-run UI."""


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types a browser needs for modules and WebAssembly."""

    extensions_map = {  # noqa: RUF012 (the base class declares it so)
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: object) -> None:
        """Keep test output quiet."""


class QuietServer(ThreadingHTTPServer):
    """A threaded server that says nothing when a browser hangs up mid-download."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore connections the browser closed early; they are not errors of the site."""


def ensure_site_built() -> Path:
    """Build ``site/`` with ``mkdocs build --strict`` unless it is there already.

    A lock file keeps parallel test processes from building it twice at once.
    """
    with open(Path(tempfile.gettempdir()) / "pirate-rules-site-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (SITE / "index.html").is_file() or not (SITE / "pyodide").is_dir():
            subprocess.run(
                [str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "--quiet"],
                cwd=ROOT,
                check=True,
            )
    return SITE


@contextlib.contextmanager
def serve_site(directory: Path = SITE) -> Iterator[str]:
    """Serve ``directory`` on an ephemeral port of 127.0.0.1; yields the base URL."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = QuietServer((HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def is_local(url: str) -> bool:
    """True for requests that stay on this machine's test server (or in the page)."""
    parts = urlsplit(url)
    if parts.scheme == "data":
        return True
    if parts.scheme == "blob":
        return urlsplit(url[len("blob:") :]).hostname == HOST
    return parts.scheme in ("http", "https", "ws") and parts.hostname == HOST
