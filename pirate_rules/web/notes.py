"""A Marvin game's notes: the coach's hints as the page keeps them and the record
writes them.

`pirate_rules.web.coach` writes a hint into the game's notes; `pirate_rules.web.marvin`
reads the notes back from a saved or shared game (`read_notes`), and the record gets
them on their turns (`add_notes`). Both modules use this one, which uses neither, so that
the coach stands above the game's page and nothing runs back.
"""

from __future__ import annotations

from typing import Any

from pirate_rules.errors import PirateRulesError
from pirate_rules.web.sessions import JSON, Session

__all__ = ["add_notes", "read_notes"]


def read_notes(notes: Any) -> dict[int, str]:
    """A keep's notes (the record's entry number, as text, to its note), checked.

    Example:
        >>> read_notes({"3": "Hint: ..."}), read_notes(None)
        ({3: 'Hint: ...'}, {})
        >>> read_notes({"x": 1})
        Traceback (most recent call last):
        ...
        pirate_rules.errors.PirateRulesError: notes must map turn numbers to text, ...
    """
    if notes is None:
        return {}
    if not isinstance(notes, dict) or not all(
        isinstance(key, str) and key.isdigit() and isinstance(text, str)
        for key, text in notes.items()
    ):
        raise PirateRulesError(f"notes must map turn numbers to text, not {notes!r}"[:120])
    return {int(key): text for key, text in notes.items()}


def add_notes(session: Session, data: JSON) -> JSON:
    """Put the session's notes into its record ``data`` (each on its turn's entry)."""
    turns = data["turns"]
    for turn, note in session.options.get("notes", {}).items():
        if turn < len(turns):
            turns[turn]["note"] = note
    return data
