"""The pages of the track: each shows its chapter's part of the skeleton, as the package has it.

The page script starts a chapter's editor from those blocks (and from the file the
learner kept), so a page whose block lags behind the skeleton would hand out a stale
task. ``python tests/course/pages.py`` writes them in again.
"""

from __future__ import annotations

import re

import pytest
from pages import BLOCK, PAGES, page, shown_part

from pirate_rules.course.chapters import CHAPTERS


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_page_shows_its_part_of_the_skeleton(number: int) -> None:
    text = page(number).read_text("utf-8")
    blocks = BLOCK.findall(text)
    assert len(blocks) == 1, "run: python tests/course/pages.py"
    assert blocks[0][1] == shown_part(number), "run: python tests/course/pages.py"


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_page_has_the_editor_of_its_chapter(number: int) -> None:
    chapter = CHAPTERS[number]
    text = page(number).read_text("utf-8")
    lab = re.search(r'<div class="live-lab course" id="course" ([^>]*) markdown>', text)
    assert lab is not None
    attributes = dict(re.findall(r'data-(\w+)="([^"]*)"', lab.group(1)))
    assert attributes["chapter"] == str(number) and attributes["file"] == chapter.file
    earlier = [c.slug for c in CHAPTERS.values() if c.number < number and c.file == chapter.file]
    assert attributes.get("before", "").split() == [f"../{slug}/" for slug in earlier]
    for rule in chapter.rules:
        game = "pirate" if rule.startswith("P") else "marvin"
        assert f"(../../rules/{game}.md#{rule})" in text, rule


def test_the_track_has_its_pages_in_order() -> None:
    names = sorted(path.stem for path in PAGES.glob("*.md"))
    assert names == sorted(["index", "next", *(c.slug for c in CHAPTERS.values())])


def test_the_last_page_names_places_of_the_real_engine_that_exist() -> None:
    """The table of "Where to go next" points into the real engine: each name is there."""
    import importlib

    text = (PAGES / "next.md").read_text("utf-8")
    table = text.split("## The same rules, in two engines")[1].split("\n\n")[1]
    modules = [importlib.import_module(f"pirate_rules.marvin.{name}") for name in
               ("game", "table", "moves", "shortcuts")]  # fmt: skip
    names = set()
    for row in table.splitlines()[2:]:
        names.update(re.findall(r"`([\w.]+)`", row.split("|")[3]))
    assert len(names) > 10
    for name in names:
        owner, _, attribute = name.rpartition(".")
        places = [
            getattr(m, owner) if owner else m for m in modules if not owner or hasattr(m, owner)
        ]
        found = [place for place in places if hasattr(place, attribute)]
        assert found, f"{name} is not in the engine"
