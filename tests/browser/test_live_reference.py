"""Live examples on the reference pages: each docstring's examples agree in the browser.

The pages are checked one after the other in one browser context, part after part (a
part: a package's modules, say), as a reader goes from page to page. The context holds
the snapshot of Python that a first visit keeps, so every page costs a restore rather
than a start of Python (the live examples' first visit is test_live_pages' and
test_live_snapshot's matter).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from livepages import assert_examples_agree_on, pages_with_examples
from playwright.sync_api import Browser, BrowserContext

from conftest import Watch, keep_python_snapshot, watched_context

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


@pytest.fixture(scope="module")
def reader(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Watch]]:
    """The one browser context that reads every part. It holds the snapshot of Python a
    first visit to a play page keeps (:func:`keep_python_snapshot`): every page restores
    Python from it, as a reader's pages do from the second visit on."""
    context, watch = watched_context(browser)
    keep_python_snapshot(browser, context, site_url)
    yield context, watch
    context.close()


@pytest.mark.parametrize("name", list(PARTS))
def test_every_docstring_example_agrees_in_the_browser(
    reader: tuple[BrowserContext, Watch], site_url: str, name: str
) -> None:
    """A docstring's examples run in a copy of its module's globals, as under pytest.

    Up to 50 s in the whole suite (the Marvin reference): every example of every part of the
    module is run, each part a page of its own, in the one browser context of every part."""
    context, watch = reader
    for path in PARTS[name]:
        watch.clear()
        page = context.new_page()
        try:
            page.goto(site_url + path)
            assert_examples_agree_on(page, watch, path)
        finally:
            page.close()
        watch.check()  # no console error, nothing off 127.0.0.1, on this page
