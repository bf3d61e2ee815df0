"""Collect the documentation's ``pycon`` examples as tests, with Sybil.

Every fenced block marked ``pycon`` in ``docs/**/*.md`` and in ``README.md`` is run as
a doctest against the real engine, page by page in order, so the site's examples are
the rule specification.

The tests run with Ctrl-C as Python sets it up in a terminal, however they were
started: a shell's background job (``make test &``, ``nohup``) starts with SIGINT
ignored, which the processes it starts (test workers, Node for Pyodide) inherit, and
which changes what :func:`pirate_rules.bots.is_interrupt` says.
"""

from __future__ import annotations

import signal
import threading
from typing import Any

from sybil import Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.evaluators.python import PythonEvaluator
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown import PythonCodeBlockParser
from sybil.parsers.markdown.codeblock import CodeBlockParser

from pirate_rules import bots
from pirate_rules.web.live import EXAMPLE_FLAGS as FLAGS  # the browser's Run buttons use them too


class PyconCodeBlockParser(PythonCodeBlockParser):
    """Like Sybil's Python parser, but for fences marked ``pycon`` (console sessions)."""

    def __init__(self, doctest_optionflags: int = 0) -> None:
        self.doctest_parser = DocTestStringParser(DocTestEvaluator(doctest_optionflags))
        self.codeblock_parser = CodeBlockParser("pycon", PythonEvaluator(()))


_PARSERS = [PyconCodeBlockParser(doctest_optionflags=FLAGS)]

if threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGINT, signal.default_int_handler)


def _keep_registry(namespace: dict[str, Any]) -> None:
    """Note the registered bots before a page runs (a page may register its own)."""
    namespace["__bots_before__"] = {game: dict(names) for game, names in bots._REGISTRY.items()}


def _restore_registry(namespace: dict[str, Any]) -> None:
    """Forget the bots a page registered, so that no other test sees them."""
    bots._REGISTRY.clear()
    bots._REGISTRY.update(namespace["__bots_before__"])


_PAGES = {"parsers": _PARSERS, "setup": _keep_registry, "teardown": _restore_registry}

pytest_collect_file = (
    Sybil(patterns=["*.md"], path="docs", name="docs", **_PAGES)
    + Sybil(patterns=["README.md"], path=".", name="readme", **_PAGES)
).pytest()
