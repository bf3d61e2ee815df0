"""The theme's style sheets without the rules the site cannot use (hooks/theme_styles.py)."""

from __future__ import annotations

import doctest
import hashlib
import re
import sys
from pathlib import Path

import material

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hooks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import theme_styles  # noqa: E402
from page_styles import selector_names  # noqa: E402
from siteserver import ensure_site_built  # noqa: E402

THEME_SHEETS = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
THEME_PAGE = '<meta name="generator" content="mkdocs-'
"""What each page that the theme built has in its head."""


def test_the_examples_of_its_docstrings() -> None:
    failed, tried = doctest.testmod(theme_styles, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failed == 0


def test_a_rule_whose_class_is_used_stays_and_one_whose_class_is_not_goes() -> None:
    names = theme_styles.Names.of(['<nav class="md-nav">'], ['e.classList.add("md-nav--lifted")'])
    css = ".md-nav{a:1}.md-banner{b:2}.md-nav--lifted .md-nav{c:3}.md-nav .md-banner{d:4}"
    assert theme_styles.prune(css, names) == ".md-nav{a:1}.md-nav--lifted .md-nav{c:3}"


def test_a_selector_list_is_split_at_its_own_commas_only() -> None:
    names = theme_styles.Names.of(['<p class="b" data-x="y">'], [])
    css = ':is(.a,.b) p,.a,[title="1,2"].b,:not(.a,.c) .b,.c:where(.a,.b){x:1}'
    assert theme_styles.prune(css, names) == ':is(.a,.b) p,[title="1,2"].b,:not(.a,.c) .b{x:1}'
    # A palette colour that no page shows goes; the one in use stays, with the scheme's rules.
    palette = (
        "[data-md-color-scheme=slate]{--bg:#000}"
        "[data-md-color-primary=pink]{--p:pink}[data-md-color-primary=y]{--p:#fff}"
    )
    body = theme_styles.Names.of(['<body data-md-color-scheme="slate">'], [])
    assert theme_styles.prune(palette, body) == "[data-md-color-scheme=slate]{--bg:#000}"


def test_on_the_built_site_every_class_the_theme_styled_on_a_page_keeps_a_rule() -> None:
    site = ensure_site_built()
    folder = site / "assets" / "stylesheets"
    everything = {path: path.read_text("utf-8") for path in site.rglob("*.html")}
    # The theme's pages; any other HTML file (the offline page, which the service worker
    # serves at any address) stands alone, and links none of the theme's sheets.
    pages = {path: text for path, text in everything.items() if THEME_PAGE in text}
    for path in everything.keys() - pages.keys():
        assert "stylesheets/" not in everything[path], path
    assert len(pages) > 50 and len(everything) - len(pages) < 5
    shown = {
        name
        for text in pages.values()
        for found in re.findall(r'\bclass="([^"]*)"', text)
        for name in found.split()
    }
    (pruned,) = folder.glob("theme.*.min.css")
    after = pruned.read_text("utf-8")
    # The theme's two sheets are one, named by its bytes, and every page links it alone.
    assert pruned.name == f"theme.{hashlib.sha256(after.encode()).hexdigest()[:8]}.min.css"
    assert not list(folder.glob("main.*.min.css")) and not list(folder.glob("palette.*.min.css"))
    for text in pages.values():
        assert f"stylesheets/{pruned.name}" in text
        assert not re.search(r"stylesheets/(main|palette)\.", text)
    before = ""
    for stem in ("main", "palette"):
        (original,) = THEME_SHEETS.glob(f"{stem}.*.min.css")
        before += original.read_text("utf-8")
        lost = (selector_names(original.read_text("utf-8")) - selector_names(after)) & shown
        assert not lost, f"{pruned.name} lost the rules of {sorted(lost)} of {original.name}"
    assert len(after) < len(before)
    # The palette's rules come after the main sheet's, as their links did.
    assert after.index("[data-md-color-scheme=slate]") > after.index(".md-typeset")
    palette = after
    for key in ("primary", "accent"):
        for value in set(re.findall(rf'data-md-color-{key}="([\w-]+)"', "".join(pages.values()))):
            assert f"[data-md-color-{key}={value}]" in palette
