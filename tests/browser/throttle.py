"""Slow Chromium's pages down, as a loaded machine or a slow phone would (``make test-load``).

With ``PIRATE_RULES_CPU_THROTTLE=4`` in the environment, every page the browser tests
open runs its main thread four times slower, through the DevTools protocol
(``Emulation.setCPUThrottlingRate``): pages made with ``new_page`` on a browser or a
context, pages a page opens, and the pages of a persistent context. Without it (or with
1) nothing changes. Workers (Python's, the search's) are not slowed by it: the busy
loops that ``make test-load`` starts beside the tests take their share of the machine.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

VARIABLE = "PIRATE_RULES_CPU_THROTTLE"


def rate() -> float:
    """The slow-down asked for in the environment: 1 for none."""
    text = os.environ.get(VARIABLE, "").strip()
    try:
        value = float(text) if text else 1.0
    except ValueError:
        raise ValueError(f"{VARIABLE} must be a number such as 4, not {text!r}") from None
    return max(value, 1.0)


_slowed: weakref.WeakKeyDictionary[Page, Any] = weakref.WeakKeyDictionary()
"""Each slowed page and its DevTools session (kept open: closing it ends the slow-down)."""


def slow_down(page: Page, by: float) -> None:
    """Run ``page``'s main thread ``by`` times slower (once per page)."""
    if by <= 1 or page in _slowed or page.is_closed():
        return
    set_rate(page, by)


def set_rate(page: Page, by: float) -> None:
    """Run ``page``'s main thread ``by`` times slower from now on (1: at full speed),
    through the one DevTools session kept for it: a test that slows a page down for a
    while sets it back to :func:`rate`, not to 1, so that a throttled run stays so."""
    session = _slowed.get(page)
    if session is None:
        session = _slowed[page] = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": by})


def _watch(context: BrowserContext, by: float) -> BrowserContext:
    context.on("page", lambda page: slow_down(page, by))
    for page in context.pages:
        slow_down(page, by)
    return context


@contextmanager
def throttled(by: float) -> Iterator[None]:
    """While the block runs, slow down every page the sync API opens by ``by``."""
    if by <= 1:
        yield
        return
    originals: list[tuple[type, str, Callable[..., Any]]] = []

    def wrap(owner: type, name: str, after: Callable[[Any, float], Any]) -> None:
        original = getattr(owner, name)
        originals.append((owner, name, original))

        def wrapped(self: Any, *args: Any, **kwargs: Any) -> Any:
            made = original(self, *args, **kwargs)
            after(made, by)
            return made

        wrapped.__doc__ = original.__doc__
        setattr(owner, name, wrapped)

    wrap(Browser, "new_context", _watch)
    wrap(BrowserType, "launch_persistent_context", _watch)
    wrap(Browser, "new_page", slow_down)
    wrap(BrowserContext, "new_page", slow_down)
    try:
        yield
    finally:
        for owner, name, original in reversed(originals):
            setattr(owner, name, original)
