"""Ctrl-C for the commands the tests start (a fixture for the command line's tests).

Not a conftest.py: tests/browser/conftest.py is imported as the top-level module
``conftest``, and a second one would clash with it.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def ctrl_c_on() -> Iterator[None]:
    """Let the commands started here feel Ctrl-C (SIGINT) as a terminal's would.

    A shell starts background jobs with SIGINT ignored, and a process keeps that for
    its children; with a handler of our own here instead, each child starts afresh.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)
