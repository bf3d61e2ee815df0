"""MkDocs hook: put a self-hosted Python runtime and the engine into the built site.

At every build (``mkdocs build`` and each rebuild of ``mkdocs serve``) this hook

* copies the Pyodide runtime files from ``node_modules/pyodide`` (installed by
  ``npm ci``, pinned in ``package-lock.json``) into ``site/pyodide/``;
* packs the engine, ``pirate_rules/**/*.py`` and ``py.typed``, from the source tree into
  ``site/play/pirate_rules.zip``, byte for byte the same for the same sources;
* writes the zip's short hash into the play pages (``ENGINE_VERSION`` placeholders), so a
  browser never runs an old engine from its cache.

Nothing is fetched from anywhere: the play pages load every file from the site itself.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files a browser needs to start Python; nothing else of the npm package is copied."""

RUNTIME_DIR = "pyodide"
ENGINE_ZIP = "play/pirate_rules.zip"
PLACEHOLDER = "ENGINE_VERSION"
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)

_engine: dict[str, Any] = {}


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def _runtime_source(config: Any) -> Path:
    source = _root(config) / "node_modules" / "pyodide"
    missing = [name for name in RUNTIME_FILES if not (source / name).is_file()]
    if missing:
        raise PluginError(
            f"The Python runtime for the play pages is missing from {source} "
            f"({', '.join(missing)}). Run `make setup` (or `npm ci`) first."
        )
    return source


def build_engine_zip(package_dir: Path) -> bytes:
    """Pack ``package_dir`` (the ``pirate_rules`` package) into a deterministic zip.

    Only ``*.py`` files and ``py.typed`` are packed, in sorted order, with fixed dates and
    permissions, so the same sources always give the same bytes.
    """
    files = sorted(
        path
        for path in package_dir.rglob("*")
        if path.is_file()
        and (path.suffix == ".py" or path.name == "py.typed")
        and "__pycache__" not in path.parts
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in files:
            name = path.relative_to(package_dir.parent).as_posix()
            info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def engine_version(data: bytes) -> str:
    """The short hash of the engine zip that the play pages put in its URL (``?v=``)."""
    return hashlib.sha256(data).hexdigest()[:12]


def on_config(config: Any) -> Any:
    """Check the runtime is installed and pack the engine, before any page is built."""
    _runtime_source(config)
    package_dir = _root(config) / "pirate_rules"
    if not (package_dir / "__init__.py").is_file():
        raise PluginError(f"The engine package is missing: {package_dir}")
    data = build_engine_zip(package_dir)
    _engine["data"] = data
    _engine["version"] = engine_version(data)
    return config


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Stamp the engine's hash into pages that ask for it."""
    if PLACEHOLDER in output:
        return output.replace(PLACEHOLDER, str(_engine.get("version", "dev")))
    return output


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        same_size = target.stat().st_size == source.stat().st_size
        if same_size and target.stat().st_mtime >= source.stat().st_mtime:
            return
    shutil.copy2(source, target)


def on_post_build(config: Any) -> None:
    """Copy the runtime files and write the engine zip into the built site."""
    source = _runtime_source(config)
    site_dir = Path(config["site_dir"])
    runtime_dir = site_dir / RUNTIME_DIR
    runtime_dir.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        _copy_if_changed(source / name, runtime_dir / name)
    engine = site_dir / ENGINE_ZIP
    engine.parent.mkdir(parents=True, exist_ok=True)
    engine.write_bytes(_engine["data"])
