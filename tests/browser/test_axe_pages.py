"""Nothing serious for axe on the pages it once found fault with: the code box of each
chapter of "Build it yourself" (which may scroll) takes the focus, and no page's table of
contents holds an empty link (a heading that a script fills in)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser
from siteserver import SITE, ensure_site_built

from conftest import axe_problems, watched_context

pytestmark = pytest.mark.browser

CHAPTERS = ["deck", "targets", "hits", "prizes", "turn", "moments"]
NAV_LINK = re.compile(r'<a [^>]*class="md-nav__link[^"]*"[^>]*>(.*?)</a>', re.S)


def test_no_page_has_an_empty_link_in_its_table_of_contents() -> None:
    ensure_site_built()
    empty = []
    for index in sorted(SITE.rglob("index.html")):
        for link in NAV_LINK.finditer(index.read_text(encoding="utf-8")):
            if not re.sub(r"<[^>]+>", "", link.group(1)).strip():
                empty.append(f"{index.parent.relative_to(SITE)}: {link.group(0)[:60]}")
    assert not empty, empty


def test_the_chapters_and_the_lesson_pages_have_no_serious_accessibility_problem(
    browser: Browser, site_url: str
) -> None:
    """About 20 s in the whole suite: axe reads nine pages, one after another, six of
    them once their chapter's code is shown."""
    context, watch = watched_context(browser)
    try:
        page = context.new_page()
        for chapter in CHAPTERS:
            page.goto(f"{site_url}learn/build-it/{chapter}/")
            page.wait_for_selector("#course .course__code, #course .cm-editor")
            assert axe_problems(page, "#course") == [], chapter
        for path in ("play/learn/", "play/learn-pirate/", "learn/puzzles/"):
            page.goto(f"{site_url}{path}")
            assert axe_problems(page, ".md-sidebar--primary") == [], path
        watch.check()
    finally:
        context.close()
