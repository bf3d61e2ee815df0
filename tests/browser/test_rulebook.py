"""The rules pages as a rule book: the examples switch, the print layout, the quick
references on one sheet, and keyboard access to the analysis page's wide table."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, BrowserContext, Page

from conftest import Watch, scripts_ran, watched_context

pytestmark = pytest.mark.browser

RULES = ("rules/marvin/", "rules/pirate/")
QUICK = ("rules/marvin-quick/", "rules/pirate-quick/")
PDF_PAGE = re.compile(rb"/Type\s*/Page(?!s)")


def visit(page: Page, url: str) -> None:
    """Open ``url`` once its scripts (asked for after its first paint) have run."""
    page.goto(url)
    scripts_ran(page)


@pytest.fixture
def site(watched: tuple[BrowserContext, Watch]) -> Iterator[BrowserContext]:
    """A watched browser context, checked after the test: nothing off 127.0.0.1, no errors."""
    yield watched[0]
    watched[1].check()


def shown(page: Page, selector: str) -> list[bool]:
    """For every element matching ``selector``: does it take up room on the page?"""
    return [
        box is not None for box in (e.bounding_box() for e in page.query_selector_all(selector))
    ]


def serious(page: Page) -> list[str]:
    results = Axe().run(page, context=".md-content")
    return [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_the_switch_hides_every_example_and_remembers_it_across_pages(
    site: BrowserContext, site_url: str
) -> None:
    page = site.new_page()
    visit(page, site_url + RULES[0])
    switch = page.get_by_role("switch", name="Code examples")
    assert switch.get_attribute("aria-checked") == "true"
    examples = shown(page, ".rule-example pre")
    assert len(examples) >= 29 and all(examples)
    assert not serious(page)

    switch.click()
    assert switch.get_attribute("aria-checked") == "false"
    assert not any(shown(page, ".rule-example pre"))
    assert not any(shown(page, ".rule-example"))
    assert not any(shown(page, "pre code.language-pycon, .language-pycon"))
    assert page.locator("#M7").is_visible()
    assert all(shown(page, ".admonition.misreadings"))
    assert not serious(page)

    visit(page, site_url + RULES[1])
    switch = page.get_by_role("switch", name="Code examples")
    assert switch.get_attribute("aria-checked") == "false"
    assert not any(shown(page, ".language-pycon"))

    switch.focus()
    page.keyboard.press("Space")
    assert switch.get_attribute("aria-checked") == "true"
    assert all(shown(page, ".rule-example pre"))
    visit(page, site_url + RULES[0])
    assert all(shown(page, ".rule-example pre"))


def test_a_page_without_examples_has_no_switch(site: BrowserContext, site_url: str) -> None:
    page = site.new_page()
    visit(page, site_url + QUICK[0])
    assert page.get_by_role("switch").count() == 0


@pytest.mark.parametrize("path", RULES)
def test_print_shows_the_rules_without_examples_navigation_or_search(
    site: BrowserContext, site_url: str, path: str
) -> None:
    page = site.new_page()
    visit(page, site_url + path)
    page.emulate_media(media="print")
    for selector in (
        ".md-header",
        ".md-sidebar--primary",
        ".md-sidebar--secondary",
        ".md-search",
        ".md-footer",
        ".rulebook-switch",
        ".rule-example",
        ".language-pycon",
    ):
        assert not any(shown(page, selector)), f"{selector} is printed"
    assert page.locator("h1").is_visible()
    assert all(shown(page, "h3[id]"))
    assert all(shown(page, ".admonition.misreadings"))
    assert all(shown(page, "img.rule-diagram"))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("path", QUICK)
def test_the_quick_reference_prints_on_one_sheet(
    site: BrowserContext, site_url: str, path: str, paper: str
) -> None:
    page = site.new_page()
    visit(page, site_url + path)
    page.wait_for_load_state("networkidle")
    pdf = page.pdf(format=paper, print_background=True)
    assert len(PDF_PAGE.findall(pdf)) == 1


@pytest.mark.parametrize("path", QUICK)
def test_the_quick_reference_has_no_serious_accessibility_problem(
    site: BrowserContext, site_url: str, path: str
) -> None:
    page = site.new_page()
    visit(page, site_url + path)
    assert not serious(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_diagrams_load(browser: Browser, site_url: str, scheme: str) -> None:
    context, watch = watched_context(browser, color_scheme=scheme)
    page = context.new_page()
    visit(page, site_url + RULES[0])
    # Pictures load when near the screen (loading="lazy"), in a place kept for them.
    for diagram in page.locator("img.rule-diagram").all():
        box = diagram.bounding_box()
        assert box is not None and box["height"] > 100, box
        diagram.scroll_into_view_if_needed()
        page.wait_for_function("image => image.complete", arg=diagram.element_handle())
    widths = page.eval_on_selector_all("img.rule-diagram", "imgs => imgs.map(i => i.naturalWidth)")
    assert widths and all(widths)
    watch.check()
    context.close()


def test_the_wide_analysis_table_can_be_reached_and_scrolled_by_keyboard(
    site: BrowserContext, site_url: str
) -> None:
    page = site.new_page()
    page.set_viewport_size({"width": 768, "height": 1024})
    visit(page, site_url + "analysis/pirate/")
    region = page.get_by_role("region", name=re.compile("bots against each other"))
    assert region.evaluate("e => e.scrollWidth > e.clientWidth")
    region.focus()
    assert region.evaluate("e => e === document.activeElement")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("e => e.scrollLeft > 0", arg=region.element_handle())
    assert not serious(page)
