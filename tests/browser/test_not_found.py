"""An address that is no page of the site: a section's own address (/learn/), a mistyped
or an old link. The reader gets a page in the site's own words that lists every part of
the site, never a bare error, and every link on it leads to a page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, expect

from conftest import axe_problems, watched_context

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1024, 768), (768, 1024), (390, 844), (844, 390)]


def sections() -> list[str]:
    """The titles of the site's sections, from the navigation of mkdocs.yml."""

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((Path(__file__).parents[2] / "mkdocs.yml").read_text(), Loader=Loader)
    entries = [next(iter(item.items())) for item in config["nav"]]
    return [title for title, pages in entries if isinstance(pages, list)]


def test_a_sections_address_lists_every_part_of_the_site(browser: Browser, site_url: str) -> None:
    """/learn/ has no page of its own. It answers 404 with the site's page for that, which
    names each section, links to each of its pages, reads well at every size and has no
    serious accessibility problem; every link on it opens a page."""
    context, watch = watched_context(browser)
    page = context.new_page()
    response = page.goto(f"{site_url}learn/", wait_until="load")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("There is no such page on this site")
    titles = page.locator(".not-found h2").all_inner_texts()
    assert titles == sections()
    links = page.locator(".md-content a").evaluate_all("links => links.map((a) => a.href)")
    assert f"{site_url}learn/write-a-bot/" in links and f"{site_url}play/marvin/" in links
    for link in links:
        assert context.request.get(link).status == 200, link
    assert axe_problems(page, ".md-content") == []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the page is {wide} px wide at {width}x{height}"
        box = page.locator(".not-found a").first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["height"] >= 20, "links too small to tap"
    page.goto(f"{site_url}rules/marvin/#M5")  # a link on it works as any other
    expect(page).to_have_url(re.compile(r"/rules/marvin/#M5$"))
    assert not watch.off_host
    context.close()
