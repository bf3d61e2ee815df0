"""The chapters of "Build it yourself": their rules, the functions they ask for, their file.

Chapters 1 to 5 build ``my_engine.py``, *Marvin's Pirates Go!*, part by part; chapter 6
builds ``my_moments.py``, *Pirate*'s moments, on a table the skeleton gives. The
skeletons are in ``pirate_rules/course/skeletons/``; each part of ``my_engine.py``
starts with a line ``# ── Chapter N · Title (rules) ──``.

    >>> CHAPTERS[3].rules
    ('M10', 'M11', 'M12', 'M13', 'M17')
    >>> CHAPTERS[1].functions
    ('new_deck', 'rank', 'draw')
    >>> print(part(2).splitlines()[0])
    # ── Chapter 2 · Pirates, positions and targets (M2, M16) ──
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

from pirate_rules.course.learner import Contract

__all__ = [
    "CHAPTERS",
    "PART_START",
    "Chapter",
    "add_part",
    "contracts",
    "part",
    "skeleton",
    "skeleton_text",
    "through",
]

SKELETONS: Final = Path(__file__).resolve().parent / "skeletons"
PART_START: Final = re.compile(r"^# ── Chapter (\d+) ", re.MULTILINE)
"""The first line of each chapter's part of ``my_engine.py``."""


@dataclass(frozen=True)
class Chapter:
    """One chapter of the track.

    Attributes:
        number: 1 to 6.
        slug: The last part of its page's address, ``learn/build-it/SLUG/``.
        title: Its title.
        rules: The rule ids it checks.
        functions: The functions it asks the learner to write.
        file: The learner's file it builds.
    """

    number: int
    slug: str
    title: str
    rules: tuple[str, ...]
    functions: tuple[str, ...]
    file: str = "my_engine.py"

    @property
    def game(self) -> str:
        return "pirate" if self.file == "my_moments.py" else "marvin"


CHAPTERS: Final = {
    chapter.number: chapter
    for chapter in (
        Chapter(1, "deck", "The deck and the draw", ("M1", "M9"), ("new_deck", "rank", "draw")),
        Chapter(
            2,
            "targets",
            "Pirates, positions and targets",
            ("M2", "M16"),
            ("new_crew", "in_front", "standing", "targets"),
        ),
        Chapter(
            3,
            "hits",
            "Hits, shields and fainting",
            ("M10", "M11", "M12", "M13", "M17"),
            ("effect", "hit", "strike", "shieldable", "give_shield"),
        ),
        Chapter(
            4,
            "prizes",
            "Prizes and their powers",
            ("M3", "M5", "M6", "M7", "M8", "M14"),
            ("new_bank", "power_moves", "use_power", "recall", "take_moves", "take"),
        ),
        Chapter(
            5,
            "turn",
            "The turn, the joker and the end",
            ("M4", "M5", "M15", "M18"),
            ("new_game", "legal_moves", "play"),
        ),
        Chapter(
            6,
            "moments",
            "Real time: Pirate's moments",
            ("P4", "P7", "P9"),
            ("legal_actions", "can_claim", "moment", "complete"),
            "my_moments.py",
        ),
    )
}
"""The chapters by number."""


def skeleton_text(file: str) -> str:
    """The skeleton of ``file`` (``my_engine.py`` or ``my_moments.py``), as the learner gets it."""
    return (SKELETONS / file).read_text("utf-8")


def skeleton(file: str) -> ModuleType:
    """The skeleton of ``file`` as a module: its functions are the contracts."""
    return importlib.import_module(f"pirate_rules.course.skeletons.{file.removesuffix('.py')}")


def part(number: int) -> str:
    """The part of ``my_engine.py`` that chapter ``number`` adds (the whole file for 6)."""
    chapter = CHAPTERS[number]
    text = skeleton_text(chapter.file)
    if chapter.file != "my_engine.py":
        return text
    starts = [match.start() for match in PART_START.finditer(text)] + [len(text)]
    return text[starts[number - 1] : starts[number]].rstrip("\n") + "\n"


def through(number: int) -> str:
    """``my_engine.py`` as the skeleton gives it up to chapter ``number``: its file start and
    the parts of chapters 1 to ``number`` (the whole file for chapter 6)."""
    chapter = CHAPTERS[number]
    text = skeleton_text(chapter.file)
    if chapter.file != "my_engine.py":
        return text
    starts = [match.start() for match in PART_START.finditer(text)] + [len(text)]
    return text[: starts[number]].rstrip("\n") + "\n"


def add_part(text: str, number: int) -> tuple[str, tuple[str, ...]]:
    """A learner's ``my_engine.py`` (``text``) with chapter ``number``'s part added at its end,
    and the functions that part asks for. Everything in ``text`` is kept.

    Raises:
        ValueError: why the part cannot be added: the file holds no chapter, or lacks an
            earlier one, or has this one or a later one already (the message says which).

    Example:
        >>> text, added = add_part(through(1), 2)
        >>> text == through(2), added
        (True, ('new_crew', 'in_front', 'standing', 'targets'))
        >>> add_part(through(1), 3)
        Traceback (most recent call last):
        ...
        ValueError: it lacks chapter 2's part: start chapter 2 first
    """
    chapter = CHAPTERS[number]
    if chapter.file != "my_engine.py":
        raise ValueError(f"chapter {number} has a file of its own, {chapter.file}: choose another")
    present = {int(match.group(1)) for match in PART_START.finditer(text)}
    if not present:
        raise ValueError(
            "it holds no part of my_engine.py (no line '# ── Chapter 1 ...'): choose another"
            " file, or --force to write the skeleton over it"
        )
    later = sorted(n for n in present if n >= number)
    if later:
        raise ValueError(
            f"it has chapter {later[0]}'s part already: check it with"
            f" 'pirate-rules learn check {later[-1]}'"
        )
    missing = [n for n in range(1, number) if n not in present]
    if missing:
        raise ValueError(f"it lacks chapter {missing[0]}'s part: start chapter {missing[0]} first")
    return text.rstrip("\n") + "\n\n\n" + part(number), chapter.functions


def contracts(number: int) -> dict[str, Contract]:
    """What the skeleton of chapter ``number``'s file asks of each function, by name."""
    module = skeleton(CHAPTERS[number].file)
    return {
        name: Contract.of(value)
        for name, value in vars(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__
    }
