"""Lighthouse scores of seven pages of the built site: performance and accessibility, mobile.

Serves ``site/`` (built first if missing) with the plain static server of the browser
tests on 127.0.0.1 and runs Lighthouse (the npm package ``lighthouse``, pinned in
``package-lock.json``: version 12, since 13 needs a newer Node) with Debian's Chromium,
headless, in its default mobile setting (simulated slow 4G and a 4x slower CPU). Each
page is measured ``--runs`` times, each run in a fresh browser profile, and the table
gives the median score and its range, with the median of the main metrics: first and
largest contentful paint, total blocking time, cumulative layout shift and speed index.

Targets (issue "Instant start and light pages"): performance at least 95 on the rules
and learning pages, at least 90 on the reference and play pages; accessibility 100.
The reference has one page per module: its heaviest page (the module
``pirate_rules.simulate``) is measured besides the overview of Marvin's package, whose
address the whole package's page had before, so that a light overview cannot hide a
heavy module page.

The plain server sends every file as it is, as the byte limits of the issue count them.
Static hosts compress text (HTML, styles, scripts, JSON, SVG) for browsers that accept
it, and on the simulated slow 4G the bytes before the first paint weigh most: ``--gzip``
serves the same files that way (gzip, level 6, as nginx and most hosts do), to measure
the site as it is served.

Lighthouse times the page's work on this machine and multiplies it by 4, so a busy machine
scores lower: each row also gives Lighthouse's benchmark index of the machine in its
runs (higher is faster; an idle day here measures about 2,000, a loaded one under 1,000).

Run with ``.venv/bin/python benchmarks/lighthouse.py [--runs N] [--pages PATH ...]
[--gzip]`` (``make lighthouse``); ``--keep DIR`` keeps every JSON report.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from siteserver import CHROMIUM, ROOT, SITE, SiteHandler, ensure_site_built, serve_site

PAGES = {
    "rules/marvin/": 95,
    "rules/pirate/": 95,
    "learn/write-a-bot/": 95,
    "reference/marvin/": 90,
    "reference/simulate/": 90,
    "play/marvin/": 90,
    "play/pirate/": 90,
}
"""Each page and its performance target."""

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
METRICS = {
    "FCP (s)": ("first-contentful-paint", 1000),
    "LCP (s)": ("largest-contentful-paint", 1000),
    "TBT (ms)": ("total-blocking-time", 1),
    "CLS": ("cumulative-layout-shift", 1),
    "SI (s)": ("speed-index", 1000),
}
"""Column: (Lighthouse audit, divisor of its numeric value)."""


COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".txt", ".xml")
"""The files a static host sends compressed."""


@functools.cache
def _gzipped(path: Path, mtime: float) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


class GzipHandler(SiteHandler):
    """The site's files, text compressed with gzip for a browser that accepts it."""

    def do_GET(self) -> None:
        """Answer a text file gzipped when the browser accepts gzip; anything else as is."""
        target = Path(self.translate_path(self.path))
        if target.is_dir():
            target = target / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and target.is_file() and target.name.endswith(COMPRESSED)):
            super().do_GET()
            return
        body = _gzipped(target, target.stat().st_mtime)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(target)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def lighthouse(url: str, report: Path) -> dict[str, Any]:
    """One Lighthouse run of ``url`` in a fresh profile; its JSON report, kept at ``report``."""
    flags = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-quic"
    command = [
        str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={report}",
        "--only-categories=performance,accessibility", f"--chrome-flags={flags}",
        "--max-wait-for-load=90000",
    ]  # fmt: skip
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    run = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if run.returncode != 0 or not report.is_file():
        raise SystemExit(f"lighthouse failed on {url}:\n{run.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(report.read_text("utf-8"))
    if result.get("runtimeError"):
        raise SystemExit(f"lighthouse could not load {url}: {result['runtimeError']}")
    return result


def figures(result: dict[str, Any]) -> dict[str, float]:
    """The scores (0 to 100) and metrics of one report."""
    categories = result["categories"]
    found: dict[str, float] = {
        "performance": round(100 * (categories["performance"]["score"] or 0)),
        "accessibility": round(100 * (categories["accessibility"]["score"] or 0)),
    }
    for column, (audit, divisor) in METRICS.items():
        found[column] = float(result["audits"][audit]["numericValue"]) / divisor
    found["bytes"] = float(result["audits"]["total-byte-weight"]["numericValue"])
    found["speed"] = float(result.get("environment", {}).get("benchmarkIndex") or 0)
    return found


def spread(values: list[float]) -> str:
    low, high = min(values), max(values)
    middle = statistics.median(values)
    return f"{middle:.0f} ({low:.0f}-{high:.0f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page (median)")
    parser.add_argument("--pages", nargs="*", default=list(PAGES), help="site paths")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to serve")
    parser.add_argument("--keep", type=Path, help="a folder to keep every JSON report in")
    parser.add_argument("--gzip", action="store_true", help="serve text gzipped, as hosts do")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit("Lighthouse is missing from node_modules: run `make setup` first.")
    if args.site == SITE:
        ensure_site_built()
    rows = []
    handler = GzipHandler if args.gzip else SiteHandler
    with tempfile.TemporaryDirectory() as work, serve_site(args.site, None, handler) as base:
        folder = args.keep or Path(work)
        folder.mkdir(parents=True, exist_ok=True)
        for path in args.pages:
            runs = []
            for run in range(args.runs):
                name = f"{path.strip('/').replace('/', '-') or 'home'}-{run + 1}.json"
                runs.append(figures(lighthouse(base + path, folder / name)))
            rows.append((path, runs))
    version = json.loads((ROOT / "node_modules/lighthouse/package.json").read_text())["version"]
    served = "text gzipped" if args.gzip else "files sent as they are"
    print(f"Lighthouse {version}, mobile, Debian's Chromium, {served};", end=" ")
    print(f"median (range) of {args.runs} runs")
    head = f"{'page':<22}{'target':>7}{'performance':>14}{'accessibility':>15}"
    head += "".join(f"{column:>10}" for column in METRICS) + f"{'kB':>8}{'speed':>18}"
    print(head)
    for path, runs in rows:
        target = PAGES.get(path, 0)
        line = f"/{path:<21}{target:>7}"
        line += f"{spread([r['performance'] for r in runs]):>14}"
        line += f"{spread([r['accessibility'] for r in runs]):>15}"
        for column in METRICS:
            middle = statistics.median(r[column] for r in runs)
            line += (
                f"{middle:>10.2f}"
                if column in ("CLS", "FCP (s)", "LCP (s)", "SI (s)")
                else (f"{middle:>10.0f}")
            )
        line += f"{statistics.median(r['bytes'] for r in runs) / 1e3:>8.0f}"
        line += f"{spread([r['speed'] for r in runs]):>18}"
        print(line)
    print(
        "speed: Lighthouse's own measure of the machine (its benchmark index) during the runs;"
        " the scores scale with it, and Lighthouse calls a machine under 1,000 too slow to trust"
    )


if __name__ == "__main__":
    main()
