"""MkDocs hook: a page links only the site's style sheets that it uses.

The site's own style sheets (``extra_css`` in ``mkdocs.yml``) are each written for some
pages: the games' tables, the lessons, the rule book's switch, the live examples, the API
reference. The browser matches every rule of every linked sheet against the page each
time it works out the page's styles, which it does several times while a page starts;
with all of them linked, a rules page spent about twice as long on styles (measured in
headless Chromium with a 4x slower CPU, median of 3 loads: 0.97 s against 0.48 s), and
fetched 60 kB it did not use before it could draw anything.

So each page links a sheet only when it uses it:

* a page with a game on it (an element of class ``play``: the play pages, the lessons,
  the puzzles, the record viewer) links every sheet of the games (``GAME_SHEETS``),
  since its scripts draw the tables, the cards and the lessons after it loads, and
  those sheets style each other's parts;
* a page links any other sheet when one of its elements has a class or an id that the
  sheet names and the theme's own style sheet does not (so that ``md-typeset`` and the
  like, which every page has, do not count);
* ``site.css``, the look of every page, is always linked, and so is a sheet that cannot
  be read (nothing is dropped on a guess). A sheet is read from ``docs/``, or from the
  built site for one that a plugin writes there (mkdocstrings' ``_mkdocstrings.css``).

The site's sheets a page keeps are then one file (:func:`one_sheet`,
``assets/stylesheets/site.<hash>.css``, one for each set of sheets that some page keeps,
each part headed by its sheet's name): on a plain server every file is a connection of
its own, and the first paint waits for them all.

The scripts of a page without a game only add elements styled by a sheet the page
already links (the live examples' bar and notes, by ``live.css``, on the pages that have
its panel); ``tests/browser/test_page_start.py`` checks that, after the scripts ran.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path
from typing import Any

ALWAYS = ("assets/site.css",)
"""Sheets every page links."""

GAME = re.compile(r'class="play[ "]')
"""A page with a game on it: the root of a play page, the lessons, the puzzles, the viewer."""

GAME_SHEETS = ("assets/play.css", "assets/marvin.css", "assets/pirate.css", "assets/lessons.css")
"""The sheets a page with a game links, whatever its first view shows."""

_LINK = re.compile(r'<link rel="stylesheet" href="(?P<href>[^"]+)">\s*')
_NAMES = re.compile(r"[.#](-?[_a-zA-Z][\w-]*)")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_URL = re.compile(r"url\([^)]*\)")
_BLOCK = re.compile(r"\{[^{}]*\}")
_CLASS = re.compile(r'\b(?:class|id)="([^"]*)"')


def selector_names(css: str) -> frozenset[str]:
    """The class and id names that a style sheet's selectors use.

    Declarations are left out, so that a colour such as ``#fff`` or a number such as
    ``.5em`` is not taken for a name.

    Examples:
        >>> sorted(selector_names(".a .b-c:hover, #d > .e { color: #fff; margin: .5em }"))
        ['a', 'b-c', 'd', 'e']
        >>> sorted(selector_names("@media (max-width: 40.5em) { .f { background: url(x.svg#g) } }"))
        ['f']
    """
    text = _URL.sub("", _COMMENT.sub("", css))
    # The innermost blocks are the declarations; what is left of an @media block once its
    # rules' declarations are gone is its selectors.
    text = _BLOCK.sub(",", text).replace("{", ",").replace("}", ",")
    return frozenset(_NAMES.findall(text))


def page_names(html: str) -> frozenset[str]:
    """The classes and ids of a page's elements.

    Examples:
        >>> sorted(page_names('<p class="x y"></p><div id="z" class=""></div>'))
        ['x', 'y', 'z']
    """
    return frozenset(name for found in _CLASS.findall(html) for name in found.split())


@functools.cache
def _sheet_names(path: Path, mtime: float) -> frozenset[str]:
    return selector_names(path.read_text(encoding="utf-8"))


def _names_of(path: Path) -> frozenset[str] | None:
    return _sheet_names(path, path.stat().st_mtime) if path.is_file() else None


@functools.cache
def _theme_names(theme_dirs: tuple[str, ...]) -> frozenset[str]:
    names: set[str] = set()
    for folder in theme_dirs:
        for sheet in sorted(Path(folder, "assets", "stylesheets").glob("*.css")):
            names |= _names_of(sheet) or frozenset()
    return frozenset(names)


def sheets_to_drop(
    html: str, sheets: dict[str, frozenset[str] | None], theme: frozenset[str]
) -> set[str]:
    """The sheets (by path) that a page does not use, of ``sheets`` (path: names or None).

    Examples:
        >>> sheets = {"a.css": frozenset({"md-x", "board"}), "b.css": frozenset({"lab"})}
        >>> sorted(sheets_to_drop('<div class="md-x lab"></div>', sheets, frozenset({"md-x"})))
        ['a.css']
        >>> game = {"assets/pirate.css": frozenset({"pir-ship"}), "live.css": frozenset({"lab"})}
        >>> sheets_to_drop('<div class="play"></div>', game, frozenset())
        {'live.css'}
        >>> sheets_to_drop("<p></p>", {"c.css": None}, frozenset())
        set()
    """
    kept = ALWAYS + GAME_SHEETS if GAME.search(html) else ALWAYS
    used = page_names(html)
    return {
        path
        for path, names in sheets.items()
        if path not in kept and names is not None and not (names - theme) & used
    }


ONE_SHEET = "assets/stylesheets/site.{digest}.css"
"""Where the site's sheets that a page keeps are written as one (see :func:`one_sheet`)."""


def one_sheet(parts: list[tuple[str, str]]) -> tuple[str, str]:
    """The path and text of one sheet made of ``parts`` ([(path, text)]), in their order.

    Examples:
        >>> path, text = one_sheet([("assets/site.css", "p{a:b}"), ("assets/x.css", "q{c:d}")])
        >>> path
        'assets/stylesheets/site.19bba1a5.css'
        >>> print(text, end="")
        /* assets/site.css */
        p{a:b}
        /* assets/x.css */
        q{c:d}
    """
    text = "".join(f"/* {path} */\n{css.rstrip()}\n" for path, css in parts)
    return ONE_SHEET.format(digest=hashlib.sha256(text.encode()).hexdigest()[:8]), text


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Drop the links to the site's sheets that the page does not use, and link the ones
    it keeps as one sheet (see the module)."""
    docs = Path(config["docs_dir"])
    folders = (docs, Path(config["site_dir"]))  # mkdocstrings writes its own
    sheets = {}
    for entry in config["extra_css"]:
        path = str(entry).split("?")[0]
        sheets[path] = next(
            (names for f in folders if (names := _names_of(f / path)) is not None), None
        )
    drop = sheets_to_drop(output, sheets, _theme_names(tuple(config["theme"].dirs)))
    # The site's own sheets (in docs/) the page keeps, by link, in the page's order.
    own = [
        (found, path)
        for found in _LINK.finditer(output)
        for path in sheets
        if found["href"].split("?")[0].endswith(path)
        and path not in drop
        and (docs / path).is_file()
    ]
    merged: dict[int, str] = {}  # where each link to a merged sheet starts: what stands there
    if len(own) > 1:
        name, text = one_sheet([(path, (docs / path).read_text("utf-8")) for _, path in own])
        target = Path(config["site_dir"]) / name
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, "utf-8")
        (first, first_path), others = own[0], own[1:]
        href = first["href"][: first["href"].index(first_path)] + name
        merged = {first.start(): f'<link rel="stylesheet" href="{href}">\n'}
        merged.update((found.start(), "") for found, _ in others)

    def link(match: re.Match[str]) -> str:
        href = match["href"].split("?")[0]
        if any(href.endswith(path) for path in drop):
            return ""
        return merged.get(match.start(), match[0])

    return _LINK.sub(link, output)
