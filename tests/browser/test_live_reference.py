"""Live examples on the reference pages: each docstring's examples agree in the browser.

The pages of one part of the reference (a package's modules, say) are checked one after
the other in one browser, as a reader goes from page to page: the first starts Python,
the others restore the snapshot it kept, so a part with many pages costs little more
than one page.
"""

from __future__ import annotations

import itertools

import pytest
from livepages import assert_examples_agree_on, pages_with_examples
from playwright.sync_api import Browser

from conftest import watched_context

pytestmark = pytest.mark.browser

PAGES = pages_with_examples(("reference/",))


def part(path: str) -> str:
    """The part of the reference a page belongs to: ``reference/marvin/`` for all of the
    package's pages, the page itself for a page of its own."""
    return "/".join(path.split("/")[:2]) + "/"


PARTS = {name: list(pages) for name, pages in itertools.groupby(PAGES, key=part)}


def test_the_package_reference_pages_have_examples() -> None:
    """Each package's overview and module pages are found, so none goes unchecked."""
    for name in ("reference/marvin/", "reference/pirate/", "reference/simulate/"):
        assert name in PARTS[name] and len(PARTS[name]) > 1, (name, PARTS.get(name))


@pytest.mark.parametrize("name", list(PARTS))
def test_every_docstring_example_agrees_in_the_browser(
    browser: Browser, site_url: str, name: str
) -> None:
    """A docstring's examples run in a copy of its module's globals, as under pytest.

    Up to 35 s (the Marvin reference): every example of every part of the module is run,
    each part a page of its own, in one browser context."""
    context, watch = watched_context(browser)
    try:
        for path in PARTS[name]:
            watch.clear()
            page = context.new_page()
            page.goto(site_url + path)
            assert_examples_agree_on(page, watch, path)
            page.close()
            watch.check()  # no console error, nothing off 127.0.0.1, on this page
    finally:
        context.close()
