"""Live examples on the reference pages: each docstring's examples agree in the browser."""

from __future__ import annotations

import pytest
from livepages import assert_every_example_agrees, pages_with_examples
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", pages_with_examples(("reference/",)))
def test_every_docstring_example_agrees_in_the_browser(
    browser: Browser, site_url: str, path: str
) -> None:
    """A docstring's examples run in a copy of its module's globals, as under pytest."""
    assert_every_example_agrees(browser, site_url, path)
