"""The chapter pages show each chapter's part of the skeleton: kept in step from here.

``python tests/course/pages.py`` writes the skeleton's parts into the pages (between
``<details class="course-part"`` and its end); ``test_pages.py`` checks they are there.
"""

from __future__ import annotations

import re
from pathlib import Path

from pirate_rules.course.chapters import CHAPTERS, part, through

PAGES = Path(__file__).resolve().parents[2] / "docs" / "learn" / "build-it"
BLOCK = re.compile(
    r'(<details class="course-part" data-search-exclude markdown>\n'
    r"<summary>.*?</summary>\n\n```python\n)(.*?)(```\n)",
    re.S,
)


def shown_part(number: int) -> str:
    """What chapter ``number``'s page shows: the file's start with part 1, or the part."""
    return through(1) if number == 1 else part(number)


def page(number: int) -> Path:
    return PAGES / f"{CHAPTERS[number].slug}.md"


def write() -> None:
    for number in CHAPTERS:
        path = page(number)
        text = path.read_text("utf-8")
        text, count = BLOCK.subn(lambda m, n=number: m.group(1) + shown_part(n) + m.group(3), text)
        assert count == 1, path
        path.write_text(text, "utf-8")


if __name__ == "__main__":
    write()
