"""Serve the built site on 127.0.0.1 for the browser tests and the site benchmark."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
HOST = "127.0.0.1"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
"""Debian's Chromium; set CHROMIUM to use another build."""

UNUSED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Parts of Chromium that no test uses and that cost CPU in every browser context: the
address bar's pop-up, which Chromium 156 draws as two web pages of its own, preloaded in
a renderer process for each context (a third of the CPU of opening a play page)."""


def playwright_disabled_features() -> list[str]:
    """The features Playwright's launch of Chromium disables (its ``--disable-features``).

    Chromium keeps only the last ``--disable-features`` it is given, so a launch that
    disables more must repeat Playwright's own list: it is read from Playwright's driver,
    which differs from one version to the next. Empty when the driver cannot be read:
    ``test_chromium`` then fails, as it checks the running browser's command line.
    """
    import playwright

    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    pattern = re.compile(r"disabledFeatures = \[(.*?)\]", re.S)
    for name in ("coreBundle.js", "server/chromium/chromiumSwitches.js"):
        with contextlib.suppress(OSError):
            found = pattern.search((lib / name).read_text(encoding="utf-8"))
            if found:
                code = re.sub(r"//[^\n]*", "", found.group(1))
                return re.findall(r"[\"']([A-Za-z0-9]+)[\"']", code)
    return []


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features="
    + ",".join(dict.fromkeys([*playwright_disabled_features(), *UNUSED_FEATURES])),
]
"""Headless Chromium on a closed network: no background connections, no first-run UI, none
of the :data:`UNUSED_FEATURES`."""


class Traffic:
    """What a server sent: the path of each request it answered and the bytes it wrote."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.paths: list[str] = []
        self.bytes = 0

    def add(self, path: str | None = None, size: int = 0) -> None:
        with self._lock:
            if path is not None:
                self.paths.append(path)
            self.bytes += size

    def take(self) -> tuple[list[str], int]:
        """Return (paths, bytes) since the last call, and start counting afresh."""
        with self._lock:
            taken = (self.paths, self.bytes)
            self.paths, self.bytes = [], 0
        return taken


class _CountingWriter:
    """A response stream that adds every byte written to a :class:`Traffic`."""

    def __init__(self, stream: Any, traffic: Traffic) -> None:
        self._stream = stream
        self._traffic = traffic

    def write(self, data: bytes) -> int:
        self._traffic.add(size=len(data))
        return int(self._stream.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types a browser needs for modules and WebAssembly."""

    extensions_map = {  # noqa: RUF012 (the base class declares it so)
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }

    def setup(self) -> None:
        """Count what is sent when the server has a :class:`Traffic`."""
        super().setup()
        traffic = self.server.traffic if isinstance(self.server, QuietServer) else None
        if traffic is not None:
            self.wfile = cast(Any, _CountingWriter(self.wfile, traffic))

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record the request's path when counting."""
        traffic = self.server.traffic if isinstance(self.server, QuietServer) else None
        if traffic is not None:
            traffic.add(self.path)

    def log_message(self, format: str, *args: object) -> None:
        """Keep test output quiet."""

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """A folder with no page of its own is no page (hosts list no folders)."""
        self.send_error(404)
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """An address that is no file gets the site's own 404 page, as static hosts and
        ``mkdocs serve`` give it (still with status 404)."""
        page = Path(self.directory) / "404.html"
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(ThreadingHTTPServer):
    """A threaded server that says nothing when a browser hangs up mid-download."""

    daemon_threads = True
    traffic: Traffic | None = None

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
def serve_site(
    directory: Path = SITE,
    traffic: Traffic | None = None,
    handler_class: type[SiteHandler] = SiteHandler,
) -> Iterator[str]:
    """Serve ``directory`` on an ephemeral port of 127.0.0.1; yields the base URL.

    With ``traffic``, every request answered and every byte sent is added to it. The
    server stops when the block ends, so a browser finds nothing there afterwards.
    ``handler_class`` answers the requests: a :class:`SiteHandler` that may add paths.
    """
    handler = functools.partial(handler_class, directory=str(directory))
    server = QuietServer((HOST, 0), handler)
    server.traffic = traffic
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
