"""MkDocs hook: put a self-hosted Python runtime and the engine into the built site.

At every build (``mkdocs build`` and each rebuild of ``mkdocs serve``) this hook

* copies the Pyodide runtime files from ``node_modules/pyodide`` (installed by
  ``npm ci``, pinned in ``package-lock.json``) into ``site/pyodide/``;
* packs the engine, ``pirate_rules/**/*.py`` and ``py.typed``, from the source tree into
  ``site/play/pirate_rules.zip``, byte for byte the same for the same sources;
* writes the zip's short hash into the play pages (``ENGINE_VERSION`` placeholders), so a
  browser never runs an old engine from its cache, and the bytes a first visit downloads
  (``DOWNLOAD_BYTES``), so the loading panel can count them;
* copies the playing-card pictures of ``node_modules/svg-cards`` (one SVG file, with its
  licence and authors) into ``site/assets/vendor/svg-cards/``.

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

CARD_FILES = ("svg-cards.svg", "LICENSE", "AUTHORS")
"""The card pictures and the files their licence asks to keep beside them."""

RUNTIME_DIR = "pyodide"
CARDS_DIR = "assets/vendor/svg-cards"
ENGINE_ZIP = "play/pirate_rules.zip"
PLACEHOLDER = "ENGINE_VERSION"
BYTES_PLACEHOLDER = "DOWNLOAD_BYTES"
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)

_engine: dict[str, Any] = {}


def _root(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent


def _runtime_source(config: Any) -> Path:
    return _package(config, "pyodide", RUNTIME_FILES, "The Python runtime for the play pages is")


def _cards_source(config: Any) -> Path:
    return _package(config, "svg-cards", CARD_FILES, "The playing-card pictures are")


def _package(config: Any, name: str, files: tuple[str, ...], what: str) -> Path:
    source = _root(config) / "node_modules" / name
    missing = [file for file in files if not (source / file).is_file()]
    if missing:
        raise PluginError(
            f"{what} missing from {source} ({', '.join(missing)})."
            " Run `make setup` (or `npm ci`) first."
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
    runtime = _runtime_source(config)
    _cards_source(config)
    package_dir = _root(config) / "pirate_rules"
    if not (package_dir / "__init__.py").is_file():
        raise PluginError(f"The engine package is missing: {package_dir}")
    data = build_engine_zip(package_dir)
    _engine["data"] = data
    _engine["version"] = engine_version(data)
    # What the play page's worker fetches (the .mjs modules are imported, not counted).
    fetched = [name for name in RUNTIME_FILES if not name.endswith(".mjs")]
    runtime_bytes = sum((runtime / name).stat().st_size for name in fetched)
    _engine["bytes"] = runtime_bytes + len(data)
    return config


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Stamp the engine's hash and the download's size into pages that ask for them."""
    if PLACEHOLDER in output:
        output = output.replace(PLACEHOLDER, str(_engine.get("version", "dev")))
    if BYTES_PLACEHOLDER in output:
        output = output.replace(BYTES_PLACEHOLDER, str(_engine.get("bytes", 0)))
    return output


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        same_size = target.stat().st_size == source.stat().st_size
        if same_size and target.stat().st_mtime >= source.stat().st_mtime:
            return
    shutil.copy2(source, target)


def on_post_build(config: Any) -> None:
    """Copy the runtime and card files and write the engine zip into the built site."""
    site_dir = Path(config["site_dir"])
    for source, target, names in (
        (_runtime_source(config), site_dir / RUNTIME_DIR, RUNTIME_FILES),
        (_cards_source(config), site_dir / CARDS_DIR, CARD_FILES),
    ):
        target.mkdir(parents=True, exist_ok=True)
        for name in names:
            _copy_if_changed(source / name, target / name)
    engine = site_dir / ENGINE_ZIP
    engine.parent.mkdir(parents=True, exist_ok=True)
    engine.write_bytes(_engine["data"])
