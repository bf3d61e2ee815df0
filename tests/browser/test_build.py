"""The build hook: the runtime files and the engine zip in the built site."""

from __future__ import annotations

import hashlib
import importlib.util
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest
from mkdocs.exceptions import PluginError
from siteserver import ROOT, SITE, ensure_site_built

pytestmark = pytest.mark.browser


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "pyodide_assets", ROOT / "hooks/pyodide_assets.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_holds_the_runtime_and_the_engine_built_from_the_sources() -> None:
    hook = load_hook()
    ensure_site_built()
    for name in hook.RUNTIME_FILES:
        copied = SITE / "pyodide" / name
        assert copied.read_bytes() == (ROOT / "node_modules/pyodide" / name).read_bytes()
    with zipfile.ZipFile(SITE / "play/pirate_rules.zip") as archive:
        names = archive.namelist()
    assert "pirate_rules/web/__init__.py" in names and "pirate_rules/py.typed" in names
    assert all(name.endswith((".py", "py.typed")) for name in names)
    assert not any("__pycache__" in name for name in names)
    html = (SITE / "play/marvin/index.html").read_text(encoding="utf-8")
    assert "ENGINE_VERSION" not in html
    # Rules pages load no Python runtime.
    assert "pyodide" not in (SITE / "rules/marvin/index.html").read_text(encoding="utf-8")


def test_the_engine_zip_is_the_same_for_the_same_sources() -> None:
    hook = load_hook()
    first = hook.build_engine_zip(ROOT / "pirate_rules")
    second = hook.build_engine_zip(ROOT / "pirate_rules")
    assert hashlib.sha256(first).digest() == hashlib.sha256(second).digest()


def test_a_missing_runtime_stops_the_build_with_a_clear_message(tmp_path: Path) -> None:
    hook = load_hook()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n")
    with pytest.raises(PluginError, match="make setup"):
        hook.on_config({"config_file_path": str(tmp_path / "mkdocs.yml")})


class _Headings(HTMLParser):
    """The text of every heading in a page, hidden or not, without its permalink's mark."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[str, str]] = []
        self._open: list[str] | None = None
        self._text: list[str] = []
        self._permalink = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            self._open = [tag, dict(attrs).get("id") or ""]
            self._text = []
        self._permalink = tag == "a" and dict(attrs).get("class") == "headerlink"

    def handle_data(self, data: str) -> None:
        if self._open is not None and not self._permalink:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._permalink = False
        if self._open is not None and tag == self._open[0]:
            self.headings.append((f"{tag}#{self._open[1]}", "".join(self._text).strip()))
            self._open = None


@pytest.mark.parametrize("page", ["play/pirate/", "play/marvin/", "play/viewer/"])
def test_no_heading_of_a_play_page_is_empty_even_while_hidden(page: str) -> None:
    # A heading that is filled in only later (the end of a game) is still a heading to
    # accessibility checkers such as Lighthouse's, which score an empty one down.
    ensure_site_built()
    found = _Headings()
    found.feed((SITE / page / "index.html").read_text(encoding="utf-8"))
    assert found.headings, page
    assert not [name for name, text in found.headings if not text], (page, found.headings)
