"""MkDocs hook: what a page needs before it is first drawn, and nothing else first.

On a slow connection a page is drawn once its HTML and its style sheets have arrived;
every other file the browser asks for meanwhile shares the same connection. So, in each
built page:

* the scripts at the end of the page (the theme's bundle, 114 kB, and the site's
  ``extra_javascript``) are asked for once the page has been drawn, in the same order
  (:func:`scripts_after_paint`). Module scripts are left where they are: they never
  hold back the page's reading, and run once it is read, without waiting for the
  theme's bundle to set itself up. So a game starts as soon as it can, and the live
  examples' Run buttons (``live.mjs``, 5 kB, which loads nothing more until asked)
  are there with the page;
* the indentation between the theme's tags goes (:func:`without_indentation`): 9 to 26 %
  of a page's bytes, which the browser drew as one space each anyway;
* a picture in a page's text is asked for once the browser has laid the page out and
  found it near the screen (``loading="lazy"``), and carries its size, so that its
  place is kept before it arrives (:func:`sized_lazy_images`).

The theme's bundle sets itself up when the document is read (``DOMContentLoaded``). It
now runs after that, so the loader tells it again once it has run, if the document was
read meanwhile.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

_TAIL_SCRIPT = re.compile(r'<script src="(?P<src>[^"]+)"(?P<attrs>[^>]*)></script>')

LOADER = (
    "<script>(function () {"
    ' var later = [].slice.call(document.querySelectorAll("script[data-after-paint]"));'
    " var done = false;"
    " var left = later.length;"
    " function ran() {"  # all of them have run (or failed): data-scripts="run" on <html>
    '   if (--left === 0) document.documentElement.dataset.scripts = "run";'
    " }"
    " function load() { if (done) return; done = true; later.forEach(function (stand, index) {"
    ' var script = document.createElement("script");'
    " script.src = stand.dataset.afterPaint;"
    " script.async = false;"  # run in the order they stand, as they would have
    " script.onload = function () {"
    '   if (index === 0 && document.readyState !== "loading")'
    '     document.dispatchEvent(new Event("DOMContentLoaded"));'
    "   ran();"
    " };"
    " script.onerror = ran;"
    " stand.replaceWith(script); }); }"
    # Once the first paint with content is reported; at once in a tab that is not shown
    # (it paints nothing), and after two seconds whatever happens.
    " var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || [];"
    ' if (document.visibilityState === "hidden" || types.indexOf("paint") < 0) return load();'
    " new PerformanceObserver(function (list, watch) {"
    '   if (list.getEntriesByName("first-contentful-paint").length) { watch.disconnect(); load(); }'
    ' }).observe({ type: "paint", buffered: true });'
    ' document.addEventListener("visibilitychange", load, { once: true });'
    " setTimeout(load, 2000);"
    "})();</script>"
)
"""Loads the stand-ins' scripts once the page's first paint with content is reported; the
first (the theme's bundle) is told that the document has been read. Once all have run,
``<html>`` gets ``data-scripts="run"`` (the browser tests wait for it)."""


def scripts_after_paint(html: str) -> str:
    """The scripts after the theme's configuration, loaded once the page is drawn.

    Each plain script becomes a stand-in that names it (``data-after-paint``), and one
    small script loads them all, in order, once the page's first paint with content is
    reported. Module scripts stay: they run once the page is read, and hold nothing back.

    Examples:
        >>> page = ('<p>text</p><script id="__config" type="application/json">{}</script>'
        ...         '<script src="a/bundle.js"></script>'
        ...         '<script src="live.mjs?v=1" type="module"></script></body>')
        >>> out = scripts_after_paint(page)
        >>> out.count('<script src='), out.count('data-after-paint="')
        (1, 1)
        >>> '<script data-after-paint="a/bundle.js"></script>' in out
        True
        >>> '<script src="live.mjs?v=1" type="module"></script>' in out
        True
        >>> scripts_after_paint("<p>a page without the theme's scripts</p>")
        "<p>a page without the theme's scripts</p>"
    """
    start = html.find('<script id="__config"')
    if start < 0 or "</body>" not in html[start:]:
        return html

    def stand_in(script: re.Match[str]) -> str:
        if 'type="module"' in script["attrs"]:
            return script[0]
        return f'<script data-after-paint="{script["src"]}"></script>'

    tail = _TAIL_SCRIPT.sub(stand_in, html[start:])
    if "data-after-paint=" not in tail:  # no plain script to hold back
        return html
    return html[:start] + tail.replace("</body>", LOADER + "</body>", 1)


_KEPT = re.compile(r"(<(pre|textarea|script|style|code)\b.*?</\2>)", re.S)
_INDENT = re.compile(r"\n[ \t]+")


def without_indentation(html: str) -> str:
    """The page without the spaces that start its lines, but in preformatted text.

    A line break stays, so words apart stay apart; code, scripts and styles are kept
    as they are.

    Examples:
        >>> without_indentation("<ul>\\n    <li>a</li>\\n  </ul>")
        '<ul>\\n<li>a</li>\\n</ul>'
        >>> without_indentation("<pre><code>if x:\\n    y\\n</code></pre>\\n  <p>")
        '<pre><code>if x:\\n    y\\n</code></pre>\\n<p>'
    """
    parts = _KEPT.split(html)
    # split() gives: text, kept block, its tag name, text, kept block, tag name, ...
    return "".join(
        _INDENT.sub("\n", part) if index % 3 == 0 else part
        for index, part in enumerate(parts)
        if index % 3 != 2
    )


_IMAGE = re.compile(r"<img\b(?P<attrs>[^>]*?)\s*/?>")
_SRC = re.compile(r'\ssrc="(?P<src>[^"]+)"')
_SVG_SIZE = re.compile(r'<svg\b[^>]*?\swidth="(\d+)"[^>]*?\sheight="(\d+)"')


def svg_size(text: str) -> tuple[int, int] | None:
    """The width and height an SVG file gives its root, if it gives both in pixels.

    Examples:
        >>> svg_size('<svg xmlns="..." viewBox="0 0 640 500" width="640" height="500">')
        (640, 500)
        >>> svg_size('<svg viewBox="0 0 10 10">') is None
        True
    """
    found = _SVG_SIZE.search(text)
    return (int(found[1]), int(found[2])) if found else None


def sized_lazy_images(html: str, size_of: Callable[[str], tuple[int, int] | None]) -> str:
    """Each picture of ``html`` loaded lazily, with its size (``size_of(src)``) if known.

    Examples:
        >>> sized_lazy_images('<p><img alt="A" src="a.svg" /></p>', lambda src: (640, 500))
        '<p><img alt="A" src="a.svg" width="640" height="500" loading="lazy" decoding="async"></p>'
        >>> sized_lazy_images('<img src="b.png" loading="eager">', lambda src: None)
        '<img src="b.png" loading="eager">'
    """

    def lazy(image: re.Match[str]) -> str:
        attrs = image["attrs"]
        if " loading=" in attrs:
            return image[0]
        source = _SRC.search(attrs)
        size = size_of(source["src"]) if source else None
        if size and " width=" not in attrs and " height=" not in attrs:
            attrs += f' width="{size[0]}" height="{size[1]}"'
        return f'<img{attrs} loading="lazy" decoding="async">'

    return _IMAGE.sub(lazy, html)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Give the page's pictures their sizes, and load them lazily."""

    def size_of(src: str) -> tuple[int, int] | None:
        if "://" in src or not src.endswith(".svg"):
            return None
        path = posixpath.normpath(posixpath.join(page.url, src)).lstrip("/")
        found = files.get_file_from_path(path)
        return svg_size(Path(found.abs_src_path).read_text("utf-8")) if found else None

    return sized_lazy_images(html, size_of)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Load the page's closing scripts after its first paint, and drop its indentation."""
    return without_indentation(scripts_after_paint(output))
