"""MkDocs hook: bundle the live examples' code editor (CodeMirror 6) into the built site.

At every build this hook runs esbuild (installed by ``npm ci``, pinned in
``package-lock.json``) on ``hooks/editor_bundle.mjs``, which names the parts of
CodeMirror the editor uses, and writes one minified module,
``site/assets/live/codemirror.mjs``: the same bytes for the same sources. Every package
that ends up in the bundle must be under a licence of :data:`LICENCES`, or the build
stops and says which one is not.

Pages load the bundle only when a reader opens an editor; nothing comes from elsewhere.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

ENTRY = "hooks/editor_bundle.mjs"
OUTPUT = "assets/live/codemirror.mjs"
PACKAGES = (
    "@codemirror/state",
    "@codemirror/view",
    "@codemirror/commands",
    "@codemirror/language",
    "@codemirror/lang-python",
    "@lezer/highlight",
    "esbuild",
)
"""The npm packages the bundle is made from and with (see package.json)."""
LICENCES = frozenset({"MIT"})
"""The licences a bundled package may have (the About page credits them)."""

_ESBUILD = """
const [entry, outfile] = process.argv.slice(1);
require("esbuild").build({
  entryPoints: [entry], outfile, bundle: true, format: "esm", minify: true,
  target: "es2020", legalComments: "eof", metafile: true, logLevel: "error",
}).then((result) => {
  process.stdout.write(JSON.stringify(Object.keys(result.metafile.inputs)));
}).catch(() => process.exit(1));
"""

_cache: dict[str, bytes] = {}


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def check_packages(root: Path) -> None:
    """Stop the build with a clear message if npm has not installed the editor's packages."""
    modules = root / "node_modules"
    missing = [name for name in PACKAGES if not (modules / name / "package.json").is_file()]
    if missing:
        raise PluginError(
            f"The code editor's packages are missing from {modules} "
            f"({', '.join(missing)}). Run `make setup` (or `npm ci`) first."
        )
    if shutil.which("node") is None:
        raise PluginError("Node.js (`node`) is needed to bundle the code editor; install it.")


def bundled_packages(inputs: list[str]) -> list[str]:
    """The npm packages among esbuild's input files, such as ``@codemirror/view``.

    Example:
        >>> bundled_packages(["node_modules/@lezer/lr/dist/x.js", "node_modules/w3c-keyname/x.js"])
        ['@lezer/lr', 'w3c-keyname']
    """
    found = set()
    for path in inputs:
        parts = path.split("/")
        if "node_modules" in parts:
            rest = parts[len(parts) - parts[::-1].index("node_modules") :]
            found.add("/".join(rest[:2]) if rest[0].startswith("@") else rest[0])
    return sorted(found)


def check_licences(root: Path, packages: list[str]) -> None:
    """Stop the build if a bundled package's licence is not one of :data:`LICENCES`."""
    for name in packages:
        meta = json.loads((root / "node_modules" / name / "package.json").read_text("utf-8"))
        licence = meta.get("license")
        if licence not in LICENCES:
            raise PluginError(
                f"{name} ({meta.get('version')}) is under {licence!r}, not one of "
                f"{sorted(LICENCES)}: it cannot go into the editor bundle unchecked."
            )


def build_bundle(root: Path) -> bytes:
    """Bundle ``ENTRY`` with esbuild; the same sources and lock file give the same bytes."""
    check_packages(root)
    key = hashlib.sha256(
        (root / ENTRY).read_bytes() + (root / "package-lock.json").read_bytes()
    ).hexdigest()
    if key in _cache:
        return _cache[key]
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "codemirror.mjs"
        run = subprocess.run(
            ["node", "-e", _ESBUILD, ENTRY, str(out)],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not out.is_file():
            raise PluginError(f"esbuild could not bundle the code editor:\n{run.stderr.strip()}")
        check_licences(root, bundled_packages(json.loads(run.stdout)))
        data = out.read_bytes()
    _cache[key] = data
    return data


def on_config(config: Any) -> Any:
    """Check the editor's packages before any page is built."""
    check_packages(_root(config))
    return config


def on_post_build(config: Any) -> None:
    """Write the editor bundle into the built site."""
    target = Path(config["site_dir"]) / OUTPUT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(build_bundle(_root(config)))
