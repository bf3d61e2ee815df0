"""The search index: prose, headings and inline code, without the code blocks."""

from __future__ import annotations

import importlib.util
import json
from types import ModuleType

import pytest
from siteserver import ROOT, SITE, ensure_site_built

pytestmark = pytest.mark.browser


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("search_index", ROOT / "hooks/search_index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_code_block_leaves_the_text_and_inline_code_stays() -> None:
    strip = load_hook().without_code_blocks
    text = (
        '<p>A hit (<code>GL</code>).</p><pre><span></span><code>&gt;&gt;&gt; game.play("GL")\n'
        "&lt;Move GL&gt;</code></pre><p>Next.</p>"
    )
    assert strip(text) == "<p>A hit (<code>GL</code>).</p><p>Next.</p>"


def test_the_built_index_has_every_section_and_no_code_block() -> None:
    ensure_site_built()
    index = json.loads((SITE / "search/search_index.json").read_text(encoding="utf-8"))
    sections = {doc["location"]: doc["text"] for doc in index["docs"]}
    assert not [where for where, text in sections.items() if "<pre" in text]
    # The rules' sections keep their words, and the reference its inline names.
    assert "shield takes the hit" in sections["rules/marvin/#M10"]
    assert any("<code>legal_moves</code>" in text for text in sections.values())
    assert "rules/pirate/#P9" in sections
