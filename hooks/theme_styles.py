"""MkDocs hook: the theme's style sheets keep only the rules that this site can use.

Material's ``main.*.min.css`` (138 kB) and ``palette.*.min.css`` (12 kB) style
everything the theme can show: every colour of the palette, tabs, tags, banners,
versions, Mermaid, and more. A page can draw nothing before it has them, and on a slow
phone connection without compression they were most of the bytes before a rules page's
first paint. This site uses one primary colour and one accent, and a few of the theme's
parts.

After the build, and before the service worker lists the files (``hooks/offline.py``
gives each file the hash of its final bytes), this hook rewrites both sheets without
the selectors that can never match here, as one sheet (one request less before a page
can be drawn), under a new content-hashed name that every page links instead of the
two (so a browser that kept the full sheets under the old names never mixes them with a
new build). The test is conservative:

* A selector is dropped only when it needs a class, an id or an attribute value (such
  as ``[data-md-color-primary=pink]``) that appears nowhere in the built site: neither
  in a tag of its HTML, JSON or SVG files, nor in an inline script, nor anywhere in a
  shipped script (the theme's bundle makes elements with classes at run time, and
  writes them as literals). A script's name that ends in ``-`` or ``_``, such as
  ``md-tag--`` in ```md-tag--${name}```, keeps every class that starts with it; one
  that starts with ``-`` or ``_`` keeps every class that ends with it.
* What sits in ``:not()`` never makes a selector dead; ``:is()``, ``:where()`` and
  ``:has()`` do only when every selector of their list is dead. Names written with
  escapes, and attribute tests other than ``=`` and ``~=``, are kept.
* A selector list is split only when none of its selectors is vendor-prefixed (a
  browser ignores a whole list with one selector it does not know, and dropping that
  one would bring the rest to life).
* A rule goes when all its selectors do, and an ``@media`` or ``@supports`` block when
  nothing is left in it. A custom property goes when nothing reads it
  (:func:`without_unused_properties`): the icons of the theme's parts this site does not
  use were most of the sheet's ``:root``. ``@font-face``, ``@keyframes``, ``@page`` and every other
  at-rule stay as they are, and so do the rules of custom properties, whose selectors
  (``:root``, ``[data-md-color-scheme=slate]``) the site uses.

``tests/test_theme_styles.py`` checks, on the built site, that every class of its pages
that the theme styled still has a rule.
"""

from __future__ import annotations

import hashlib
import logging
import re
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from pyodide_assets import ENGINE_ZIP, RUNTIME_DIR

SHEETS = re.compile(r"(?P<stem>main|palette)\.(?P<hash>[0-9a-f]{8})\.min\.css")
"""The theme's sheets that are rewritten, in ``assets/stylesheets/``."""

THEME_SHEET = "theme"
"""The stem of the one sheet they become (``theme.<hash>.min.css``)."""

MARKUP = (".html", ".json", ".svg", ".xml")
SCRIPTS = (".js", ".mjs")

NOT_ON_PAGES = (f"{RUNTIME_DIR}/", "assets/javascripts/lunr/")
"""Scripts that never reach a page's elements: the Python runtime (Emscripten's output,
run by the pages' workers; the engine it runs is read from its zip instead) and the
search's language support, run by the search worker for other languages than English."""

NESTED = ("@media", "@supports", "@container", "@layer", "@document", "@-moz-document")
"""At-rules whose block holds rules (which are pruned); any other at-rule stays whole."""

_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script\s*>", re.S | re.I)
_TAG = re.compile(r"<[^>]*>")
_IDENT = re.compile(r"[\w-]+")
_ATTRIBUTE = re.compile(
    r"""\s*[\w-]+\s*(?P<op>[~|^$*]?=)\s*(?P<value>"[^"\\]*"|'[^'\\]*'|[\w-]+)\s*(?P<flag>\w*)\s*"""
)
_LISTS = ("is", "where", "matches", "-webkit-any", "-moz-any", "has")
"""Functional pseudo-classes that match when one selector of their list does."""

log = logging.getLogger("mkdocs.hooks.theme_styles")


@dataclass(frozen=True)
class Names:
    """What the site's files can put on an element: whole names, and the stems of names.

    Examples:
        >>> names = Names.of(['<p class="a b-c">x y</p>'], ['el.classList.add(`md-tag--${t}`)'])
        >>> [names.used(n) for n in ("a", "b-c", "x", "md-tag--pink", "md-tag", "add")]
        [True, True, False, True, False, True]
    """

    whole: frozenset[str]
    prefixes: frozenset[str]
    suffixes: frozenset[str]

    @classmethod
    def of(cls, markup: Iterable[str], scripts: Iterable[str]) -> Names:
        """The names in ``markup`` (tags and inline scripts) and ``scripts`` (everywhere)."""
        whole: set[str] = set()
        code: set[str] = set()
        for text in markup:
            for script in _SCRIPT.findall(text):
                code.update(_IDENT.findall(script))
            for tag in _TAG.findall(_SCRIPT.sub("", text)):
                whole.update(_IDENT.findall(tag))
        for text in scripts:
            code.update(_IDENT.findall(text))
        stems = {token for token in code if re.search(r"[a-zA-Z0-9]", token)}
        return cls(
            whole=frozenset(whole | code),
            prefixes=frozenset(t for t in stems if t[-1] in "-_"),
            suffixes=frozenset(t for t in stems if t[0] in "-_"),
        )

    def used(self, name: str) -> bool:
        """Whether an element of the site can carry ``name``, as far as its files tell."""
        return (
            name in self.whole
            or any(name[:i] in self.prefixes for i in range(1, len(name)))
            or any(name[i:] in self.suffixes for i in range(1, len(name)))
        )


def _skip(css: str, i: int) -> int:
    """The index after the string, comment or escape that starts at ``css[i]``, else i + 1."""
    char = css[i]
    if char == "\\":
        return i + 2
    if char in "\"'":
        j = i + 1
        while j < len(css) and css[j] != char:
            j += 2 if css[j] == "\\" else 1
        return j + 1
    if css.startswith("/*", i):
        end = css.find("*/", i + 2)
        return len(css) if end < 0 else end + 2
    return i + 1


def _find(css: str, i: int, stops: str) -> int:
    """The index of the first of ``stops`` at or after ``i`` outside strings, comments,
    escapes, parentheses and brackets (``len(css)`` when there is none)."""
    depth = 0
    while i < len(css):
        char = css[i]
        if depth == 0 and char in stops:
            return i
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        i = _skip(css, i)
    return i


def _block_end(css: str, i: int) -> int:
    """The index after the ``}`` that closes the block opened at ``css[i]``."""
    depth = 0
    while i < len(css):
        if css[i] == "{":
            depth += 1
        elif css[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i = _skip(css, i)
    raise ValueError("a block is not closed")


def split_list(text: str) -> list[str]:
    """A selector list's selectors, split at the commas that are not nested in it.

    Examples:
        >>> split_list('.a:is(.b,.c) .d,[title="x,y"],.e\\\\,f')
        ['.a:is(.b,.c) .d', '[title="x,y"]', '.e\\\\,f']
    """
    parts, start, i = [], 0, 0
    while (i := _find(text, i, ",")) < len(text):
        parts.append(text[start:i])
        start = i = i + 1
    parts.append(text[start:])
    return parts


def alive(selector: str, names: Names) -> bool:
    """Whether ``selector`` can match an element of the site (see the module).

    Examples:
        >>> names = Names.of(['<b class="a" id="i" data-x="v">'], [])
        >>> [alive(s, names) for s in (".a", ".a .z", "#i>.a", "#z", "p", "[data-x=v]")]
        [True, False, True, False, True, True]
        >>> [alive(s, names) for s in ("[data-x=w]", '[data-x="w"]', "[data-x^=w]", ".\\\\31 z")]
        [False, False, True, True]
        >>> [alive(s, names) for s in (".a:not(.z)", ":is(.z,.a) b", ":where(.z) b", ":has(>.z)")]
        [True, True, False, False]
    """
    i = 0
    while i < len(selector):
        char = selector[i]
        if char in ".#":
            name = _IDENT.match(selector, i + 1)
            end = name.end() if name else i + 1
            if end < len(selector) and selector[end] == "\\":
                i = _find(selector, end, " >+~.#[:,")  # an escaped name: not judged
                continue
            if name and not names.used(name[0]):
                return False
            i = end
        elif char == "[":
            end = _find(selector, i + 1, "]")
            test = _ATTRIBUTE.fullmatch(selector, i + 1, end)
            if test and test["op"] in ("=", "~=") and not test["flag"]:
                value = test["value"].strip("\"'")
                if _IDENT.fullmatch(value) and not names.used(value):
                    return False
            i = end + 1
        elif char == "(":
            end = _find(selector, i + 1, ")")
            function = re.search(r"[\w-]+$", selector[:i])
            if function and function[0] in _LISTS:
                inner = split_list(selector[i + 1 : end])
                if not any(alive(part, names) for part in inner):
                    return False
            i = end + 1
        else:
            i = _skip(selector, i)
    return True


def _rules(css: str, names: Names) -> Iterator[str]:
    """The rules of a rule list (a sheet, or an ``@media`` block's inside), pruned."""
    i = 0
    while i < len(css):
        if css[i].isspace():
            i += 1
            continue
        if css.startswith("/*", i):
            i = _skip(css, i)
            continue
        stop = _find(css, i, "{;}")
        prelude = css[i:stop].strip()
        if stop == len(css) or css[stop] != "{":  # a statement such as @charset, or a stray }
            yield css[i : stop + 1]
            i = stop + 1
            continue
        end = _block_end(css, stop)
        body = css[stop + 1 : end - 1]
        if prelude.startswith("@"):
            if prelude.lower().startswith(NESTED):
                inside = "".join(_rules(body, names))
                if inside:
                    yield f"{prelude}{{{inside}}}"
            else:
                yield css[i:end]
        else:
            kept = _selectors(prelude, names)
            if kept:
                yield f"{kept}{{{body}}}"
        i = end


def _selectors(prelude: str, names: Names) -> str:
    """The selectors of a rule that can match, as a list ('' when none can)."""
    selectors = split_list(prelude)
    if re.search(r":-\w", prelude):  # vendor-prefixed: all or nothing
        return prelude if any(alive(s, names) for s in selectors) else ""
    return ",".join(s for s in selectors if alive(s, names))


def prune(css: str, names: Names) -> str:
    """``css`` without the rules and selectors that can match nothing (see the module).

    Examples:
        >>> names = Names.of(['<div class="md-nav md-nav--primary">'], [])
        >>> prune(".md-nav{a:1}.md-tabs{b:2}.md-nav--primary,.md-tabs--x{c:3}", names)
        '.md-nav{a:1}.md-nav--primary{c:3}'
        >>> prune("@media screen{.md-tabs{b:2}}@media print{.md-nav{a:1}}", names)
        '@media print{.md-nav{a:1}}'
        >>> prune(':root{--x:1}@keyframes k{0%{a:0}}.md-nav:after{content:"}/*"}', names)
        ':root{--x:1}@keyframes k{0%{a:0}}.md-nav:after{content:"}/*"}'
        >>> prune(".md-tabs::-moz-selection,.md-nav::-moz-selection{c:1}.md-tabs:-ms-x{d:1}", names)
        '.md-tabs::-moz-selection,.md-nav::-moz-selection{c:1}'
    """
    return "".join(_rules(css, names))


_PROPERTY = re.compile(r"\s*(--[\w-]+)\s*:")
_VAR = re.compile(r"var\(\s*(--[\w-]+)")
_CUSTOM = re.compile(r"--[\w-]+")


def _declarations(body: str) -> list[str]:
    """A rule's declarations, split at the semicolons that are not nested in them."""
    parts, start, i = [], 0, 0
    while (i := _find(body, i, ";")) < len(body):
        parts.append(body[start:i])
        start = i = i + 1
    parts.append(body[start:])
    return [part for part in parts if part.strip()]


def _without(css: str, unused: set[str]) -> Iterator[str]:
    """The rules of ``css`` without their declarations of the custom properties ``unused``
    (a rule left empty goes)."""
    i = 0
    while i < len(css):
        stop = _find(css, i, "{;}")
        if stop == len(css) or css[stop] != "{":
            yield css[i : stop + 1]
            i = stop + 1
            continue
        prelude, end = css[i:stop], _block_end(css, stop)
        body = css[stop + 1 : end - 1]
        if prelude.strip().startswith("@"):
            if prelude.strip().lower().startswith(NESTED):
                inside = "".join(_without(body, unused))
                if inside.strip():
                    yield f"{prelude}{{{inside}}}"
            else:
                yield css[i:end]
        else:
            kept = [
                part
                for part in _declarations(body)
                if not ((found := _PROPERTY.match(part)) and found[1] in unused)
            ]
            if kept:
                yield f"{prelude}{{{';'.join(kept)}}}"
        i = end


def without_unused_properties(sheets: dict[str, str], elsewhere: set[str]) -> dict[str, str]:
    """``sheets`` without the custom properties that nothing reads.

    A property stays if a sheet reads it (``var(--name``), or if ``elsewhere`` (every
    ``--name`` written in the site's pages, scripts and other sheets) names it; one that
    only a dropped property read goes too.

    Examples:
        >>> sheets = {"main": ":root{--a:1;--b:var(--c);--c:2;--d:url('x;y')}p{color:var(--a)}"}
        >>> without_unused_properties(sheets, set())["main"]
        ':root{--a:1}p{color:var(--a)}'
        >>> without_unused_properties(sheets, {"--b"})["main"]
        ':root{--a:1;--b:var(--c);--c:2}p{color:var(--a)}'
        >>> without_unused_properties({"m": "@media print{:root{--x:1}}p{a:b}"}, set())["m"]
        'p{a:b}'
    """
    while True:
        read = {name for css in sheets.values() for name in _VAR.findall(css)} | elsewhere
        declared = {name for css in sheets.values() for name in _PROPERTY.findall(css)}
        unused = {name for name in declared if name not in read}
        fewer = {name: "".join(_without(css, unused)) for name, css in sheets.items()}
        if fewer == sheets:  # nothing more to drop (a name may stand in a string)
            return sheets
        sheets = fewer


def site_names(site_dir: Path) -> Names:
    """The names that the built site's files can put on an element: its pages and data,
    its scripts and the engine's Python (its messages to the pages' scripts)."""
    files = sorted(p for p in site_dir.rglob("*") if p.is_file())
    scripts = [
        p.read_text("utf-8", "replace")
        for p in files
        if p.name.endswith(SCRIPTS)
        and not p.relative_to(site_dir).as_posix().startswith(NOT_ON_PAGES)
    ]
    engine = site_dir / ENGINE_ZIP
    if engine.is_file():
        with zipfile.ZipFile(engine) as archive:
            scripts += [
                archive.read(name).decode("utf-8", "replace")
                for name in archive.namelist()
                if name.endswith(".py")
            ]
    return Names.of(
        (p.read_text("utf-8", "replace") for p in files if p.name.endswith(MARKUP)), scripts
    )


def prune_site(site_dir: Path) -> dict[str, tuple[int, int]]:
    """Rewrite the theme's sheets in ``site_dir`` and link the new names from every page.

    Returns each new sheet's name and its sizes in bytes, before and after.
    """
    folder = site_dir / "assets" / "stylesheets"
    found = [(path, SHEETS.fullmatch(path.name)) for path in sorted(folder.glob("*.min.css"))]
    sheets = [(path, match) for path, match in found if match]
    if not sheets:
        return {}
    names = site_names(site_dir)
    befores = {path.name: path.read_text("utf-8") for path, _ in sheets}
    elsewhere = {
        name
        for other in site_dir.rglob("*")
        if other.is_file()
        and other.name.endswith((*MARKUP, *SCRIPTS, ".css"))
        and other.name not in befores
        and not other.relative_to(site_dir).as_posix().startswith(RUNTIME_DIR + "/")
        for name in _CUSTOM.findall(other.read_text("utf-8", "replace"))
    }
    pruned = {name: prune(css, names) for name, css in befores.items()}
    afters = without_unused_properties(pruned, elsewhere)
    # One file, in the order the pages linked them: one request less before a first paint.
    before = "".join(befores[path.name] for path, _ in sheets)
    after = "\n".join(afters[path.name] for path, _ in sheets)
    digest = hashlib.sha256(after.encode()).hexdigest()[:8]
    new = folder / f"{THEME_SHEET}.{digest}.min.css"
    for path, _ in sheets:
        path.unlink()
        path.with_name(path.name + ".map").unlink(missing_ok=True)  # it maps the old bytes
    new.write_text(after, "utf-8")
    (first, *others) = (path.name for path, _ in sheets)
    first_link = re.compile(re.escape(f"stylesheets/{first}"))
    other_links = [
        re.compile(rf'<link rel="stylesheet" href="[^"]*stylesheets/{re.escape(name)}">\s*')
        for name in others
    ]
    for page in site_dir.rglob("*.html"):
        text = page.read_text("utf-8")
        linked = first_link.sub(f"stylesheets/{new.name}", text)
        for link in other_links:
            linked = link.sub("", linked)
        if linked != text:
            page.write_text(linked, "utf-8")
    return {new.name: (len(before.encode()), len(after.encode()))}


@event_priority(-75)  # after the pages and the other files; before the service worker lists them
def on_post_build(config: Any) -> None:
    """Rewrite the theme's style sheets without the rules the site cannot use."""
    for name, (before, after) in prune_site(Path(config["site_dir"])).items():
        log.info("Theme styles: %s, %.1f kB of %.1f kB kept", name, after / 1e3, before / 1e3)
