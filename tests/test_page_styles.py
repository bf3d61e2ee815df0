"""The hooks that make a page cheaper to start: the style sheets it links
(hooks/page_styles.py), its code and its tables (hooks/page_tools.py), and what it asks
for before it is first drawn (hooks/page_weight.py)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from types import ModuleType

import material
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hooks"))
import page_styles  # noqa: E402
import page_tools  # noqa: E402
import page_weight  # noqa: E402

THEME = page_styles._theme_names((str(Path(material.__file__).parent / "templates"),))


@pytest.mark.parametrize("hook", [page_styles, page_tools, page_weight])
def test_the_examples_of_their_docstrings(hook: ModuleType) -> None:
    failed, tried = doctest.testmod(hook, optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failed == 0


def test_the_theme_s_classes_never_count_for_a_sheet() -> None:
    # Every page has these: a sheet that styles them alone is not used by a page for that.
    assert {"md-typeset", "md-content", "admonition", "highlight"} <= THEME
    sheets = {
        "assets/rulebook.css": page_styles.selector_names(
            (ROOT / "docs/assets/rulebook.css").read_text()
        )
    }
    plain = '<article class="md-typeset"><div class="admonition note"></div></article>'
    assert page_styles.sheets_to_drop(plain, sheets, THEME) == {"assets/rulebook.css"}
    misread = plain.replace("admonition note", "admonition misreadings")
    assert page_styles.sheets_to_drop(misread, sheets, THEME) == set()


def test_site_css_is_always_linked_and_a_game_page_links_the_games_sheets() -> None:
    sheets = {
        "assets/site.css": frozenset({"only-here"}),
        "assets/pirate.css": frozenset({"pir-ship"}),
    }
    assert page_styles.sheets_to_drop("<p></p>", sheets, THEME) == {"assets/pirate.css"}
    game = '<div class="play play--marvin" id="play"></div>'
    assert page_styles.sheets_to_drop(game, sheets, THEME) == set()
