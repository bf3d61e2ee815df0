"""MkDocs hook: the controls under a page's title come with the page, not after it.

A rules page's "Code examples" switch (``docs/assets/rulebook.js``) and the live
examples' panel with its "Check this page" button (``docs/assets/live/live.mjs``) sit
under the title. Added by a script after the page is drawn, they pushed the whole page
down (a layout shift of 0.13 to 0.19 on a phone); written into the HTML here, they are
drawn with the page and the scripts only wire them up. Without scripts they are hidden
(``rulebook.css``, ``live.css``), since they would do nothing, and the search index
leaves them out (``data-search-exclude``), as it did when scripts added them.

It also writes code in fewer elements (:func:`lighter_code`) and puts each table in a
slot (:func:`slotted_tables`), so that a page costs the browser less to start, and leaves
out of the table of contents the headings that a script fills in
(:func:`drop_empty_headings`).
"""

from __future__ import annotations

import html as html_module
import re
from typing import Any

EXAMPLE_LIMIT_SECONDS = 10
"""Seconds without a sign of life before a page example is stopped (read by examples.mjs)."""

SWITCH = (
    '<button type="button" class="rulebook-switch" role="switch" aria-checked="true"'
    ' data-search-exclude title="Hide the code examples, to read the rules as a rule book">'
    '<span class="rulebook-switch__track" aria-hidden="true"></span>'
    '<span class="rulebook-switch__label">Code examples</span></button>'
)
"""The rule book's switch, shown examples first (rulebook.js sets the reader's choice)."""

PANEL = (
    f'<div class="live-page" data-limit="{EXAMPLE_LIMIT_SECONDS}" data-search-exclude>'
    "<p>The examples on this page can run in your browser. "
    '<button type="button" class="live-button" data-live="check">Check this page</button></p>'
    f"<p>An example that gets no further for {EXAMPLE_LIMIT_SECONDS} seconds is stopped,"
    " as a loop that never ends would be; a slower device, or a busy one, is given"
    " longer.</p></div>"
)
"""The live examples' panel; live.mjs wires its button."""

EXAMPLE_BLOCKS = ('class="language-pycon highlight"', "<pre><span></span><code>&gt;&gt;&gt; ")
"""A console example, as live.mjs finds them: a ``pycon`` block, or (in a docstring) a
plain block that starts with a prompt."""


def page_tools(html: str) -> str:
    """Put the panel and the switch under the page's first title, for the pages that use them.

    Examples:
        >>> page_tools('<h1>T</h1><div class="rule-example">x</div>').startswith(
        ...     '<h1>T</h1><button type="button" class="rulebook-switch"')
        True
        >>> "live-page" in page_tools('<h1>T</h1><div class="language-pycon highlight">')
        True
        >>> "live-page" in page_tools("<h1>T</h1><pre><span></span><code>&gt;&gt;&gt; 1")
        True
        >>> page_tools("<h1>T</h1><p>No examples.</p>")
        '<h1>T</h1><p>No examples.</p>'
    """
    tools = ""
    if any(block in html for block in EXAMPLE_BLOCKS):
        tools += PANEL
    if 'class="rule-example"' in html:
        tools += SWITCH
    if not tools:
        return html
    end = html.find("</h1>")
    end = 0 if end < 0 else end + len("</h1>")  # no title of its own: the theme's is above
    return html[:end] + tools + html[end:]


PLAIN_WORDS = re.compile(r'<span class="[nw]">([^<]*)</span>')
"""A name or a space in highlighted code: drawn in the code's own colour (the theme's
``--md-code-hl-name-color`` is ``--md-code-fg-color``; spaces have no colour at all)."""

OUTPUT_LINES = re.compile(r'<span class="go">((?:[^<]*</span>\n<span class="go">)*[^<]*)</span>')
"""A console example's lines of output that follow each other (one element a line)."""


CODE_BLOCK = re.compile(
    r'(<div class="[^"]*\bhighlight")(><pre>(?:<span></span>)?)(<code>)(.*?</pre>)', re.DOTALL
)
"""A highlighted code block, as the theme's highlighter writes it."""

NARROWEST_LINE = 30
"""Characters of code that fit across the narrowest phone's screen (320 pixels)."""


PLAIN_TABLE = re.compile(r"<table>(?:(?!<table).)*?</table>", re.S)
"""A table without a class, which the theme wraps (one that holds a table is left as is)."""


def _counted(block: re.Match[str]) -> str:
    """The block with its number of lines; a block that may scroll can have the focus.

    The theme makes a block that scrolls sideways focusable (so that a keyboard can
    scroll it) once it mounts the block, and it mounts blocks as they come into view
    (content.lazy): a block off the screen is focusable from the start if one of its
    lines may not fit a phone's screen, and the theme takes the focus away again when
    the block turns out to fit.
    """
    text = html_module.unescape(re.sub(r"<[^>]*>", "", block[4]))
    focus = ' tabindex="0"' if max(map(len, text.splitlines()), default=0) > NARROWEST_LINE else ""
    return f'{block[1]} style="--lines: {block[4].count(chr(10))}"{block[2]}<code{focus}>{block[4]}'


def lighter_code(html: str) -> str:
    """Highlighted code in fewer elements, drawn the same, each block with its length.

    Three quarters of the elements of a rules page were the highlighted words of its
    examples, and every element costs the browser time to style and lay out at load.
    Names and spaces lose their element (they are drawn in the code's colour anyway),
    and lines of output that follow each other share one. Each block tells its number
    of lines (``--lines``), from which ``site.css`` estimates its height until the
    browser first draws it, and a block that may scroll sideways can have the focus.

    Examples:
        >>> lighter_code('<span class="n">game</span><span class="o">.</span>')
        'game<span class="o">.</span>'
        >>> lighter_code('<span class="go">a</span>\\n<span class="go">b</span>\\n')
        '<span class="go">a\\nb</span>\\n'
        >>> lighter_code('<span class="nn">pirate_rules</span>')
        '<span class="nn">pirate_rules</span>'
        >>> lighter_code('<div class="language-pycon highlight"><pre><code>1\\n2\\n</code></pre>')
        '<div class="language-pycon highlight" style="--lines: 2"><pre><code>1\\n2\\n</code></pre>'
        >>> lighter_code('<div class="highlight"><pre><code>' + 31 * "x" + '</code></pre>')[:75]
        '<div class="highlight" style="--lines: 0"><pre><code tabindex="0">xxxxxxxxx'
    """
    html = CODE_BLOCK.sub(_counted, PLAIN_WORDS.sub(r"\1", html))
    return OUTPUT_LINES.sub(
        lambda lines: (
            '<span class="go">' + lines[1].replace('</span>\n<span class="go">', "\n") + "</span>"
        ),
        html,
    )


def slotted_tables(html: str) -> str:
    """Each plain table in a slot of its own, which ``site.css`` leaves out of the layout.

    Once the page is read, the theme moves each plain table into a box that scrolls
    sideways. Because of one of its rules (the one that spaces what follows a table), a
    table moved out of the page's article made the browser restyle the whole article;
    moved out of a slot that holds only the table, it restyles the slot alone. The slot
    has no box of its own (``display: contents``), so the page is drawn the same.

    Examples:
        >>> slotted_tables("<p>x</p><table><tr><td>1</td></tr></table>")
        '<p>x</p><div class="table-slot"><table><tr><td>1</td></tr></table></div>'
        >>> slotted_tables('<table class="highlighttable"></table>')
        '<table class="highlighttable"></table>'
    """
    return PLAIN_TABLE.sub(r'<div class="table-slot">\g<0></div>', html)


def drop_empty_headings(links: list[Any]) -> None:
    """Leave out of a table of contents the headings with no text: those a page's script
    fills in (a lesson's goal, a puzzle's answer), which would be empty links there.

    Example:
        >>> from types import SimpleNamespace as Link
        >>> toc = [Link(title="Lessons", children=[Link(title=" ", children=[])])]
        >>> drop_empty_headings(toc)
        >>> toc[0].children
        []
    """
    links[:] = [link for link in links if link.title.strip()]
    for link in links:
        drop_empty_headings(link.children)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Write the page's controls under its title; its code in fewer elements; its tables
    in slots; no empty heading in its table of contents."""
    drop_empty_headings(page.toc.items)
    return slotted_tables(lighter_code(page_tools(html)))
