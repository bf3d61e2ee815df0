"""The live pages' build steps: the editor bundle (hooks/editor_bundle.py) and the
reference pages' examples rendered as runnable code (hooks/griffe_examples.py)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from mkdocs.exceptions import PluginError
from siteserver import ROOT, SITE, ensure_site_built

pytestmark = pytest.mark.browser


def editor_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("editor_bundle", ROOT / "hooks/editor_bundle.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_editor_bundle_is_the_same_for_the_same_sources_and_in_the_site() -> None:
    hook = editor_hook()
    first = hook.build_bundle(ROOT)
    hook._cache.clear()
    assert hook.build_bundle(ROOT) == first
    ensure_site_built()
    assert (SITE / hook.OUTPUT).read_bytes() == first
    assert b"EditorView" in first and b"import(" not in first  # one self-contained module


def test_the_npm_packages_are_pinned_exactly() -> None:
    manifest = json.loads((ROOT / "package.json").read_text("utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text("utf-8"))
    for group in ("dependencies", "devDependencies"):
        for name, version in manifest.get(group, {}).items():
            assert re.fullmatch(r"\d+\.\d+\.\d+", version), (name, version)
            assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert set(editor_hook().PACKAGES) <= set(manifest["dependencies"]) | set(
        manifest["devDependencies"]
    )


def test_only_packages_under_the_checked_licences_go_into_the_bundle(tmp_path: Path) -> None:
    hook = editor_hook()
    names = ["@codemirror/view", "crelt", "style-mod"]
    inputs = [f"node_modules/{name}/dist/index.js" for name in names]
    assert hook.bundled_packages(inputs) == names
    hook.check_licences(ROOT, hook.bundled_packages(inputs))
    fake = tmp_path / "node_modules" / "copyleft"
    fake.mkdir(parents=True)
    (fake / "package.json").write_text('{"version": "1.0.0", "license": "GPL-3.0"}')
    with pytest.raises(PluginError, match=r"copyleft .*'GPL-3\.0'"):
        hook.check_licences(tmp_path, ["copyleft"])


def test_missing_packages_stop_the_build_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n")
    with pytest.raises(PluginError, match="make setup"):
        editor_hook().on_config({"config_file_path": str(tmp_path / "mkdocs.yml")})


def test_docstring_examples_render_as_console_code_on_the_reference_pages() -> None:
    ensure_site_built()
    html = (SITE / "reference/stats/index.html").read_text("utf-8")
    assert html.count('class="language-pycon highlight"') >= 2
    text = re.sub(r"<[^>]+>", "", html)
    assert "&gt;&gt;&gt; low, high = wilson_interval(60, 100)" in text
    cards = (SITE / "reference/cards/index.html").read_text("utf-8")
    assert "<blockquote>" not in cards
