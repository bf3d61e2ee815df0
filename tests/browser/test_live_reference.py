"""Live examples on the reference pages: each docstring's examples agree in the browser.

The pages are checked one after the other in one browser context, part after part (a
part: a package's modules, say), as a reader goes from page to page: the first page starts
Python, every other restores the snapshot it kept, so each later page costs a restore
rather than a start of Python.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from livepages import assert_examples_agree_on, pages_with_examples
from playwright.sync_api import Browser, BrowserContext

from conftest import Watch, watched_context

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
def reader(browser: Browser) -> Iterator[tuple[BrowserContext, Watch]]:
    """The one browser context that reads every part, so that Python starts once."""
    context, watch = watched_context(browser)
    yield context, watch
    context.close()


@pytest.mark.parametrize("name", list(PARTS))
def test_every_docstring_example_agrees_in_the_browser(
    reader: tuple[BrowserContext, Watch], site_url: str, name: str
) -> None:
    """A docstring's examples run in a copy of its module's globals, as under pytest.

    Up to 35 s (the Marvin reference): every example of every part of the module is run,
    each part a page of its own, in the one browser context of every part."""
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
