"""Griffe extension: read a docstring's ``Example:`` section as ``Examples:``.

The engine's docstrings head their examples ``Example:``, as Google's style guide does;
griffe reads only ``Examples:`` as examples and shows any other heading as a note, where
Markdown turns the ``>>>`` prompts into nested quotes. Renamed before griffe parses the
docstring, the section renders as ``pycon`` code, which the live pages can run.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_HEADING = re.compile(r"^(\s*)Example:[ \t]*$", re.MULTILINE)


class ExampleSections(griffe.Extension):
    """Rename each ``Example:`` heading of a docstring to ``Examples:``."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = _HEADING.sub(r"\1Examples:", obj.docstring.value)
