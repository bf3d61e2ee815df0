"""Keep code blocks out of the search index.

Every first visit downloads the search index, so its size is part of what any page costs.
About a quarter of it was the text of code blocks (the rules' examples, the reference's
signatures), which the page under the result shows anyway. Prose, headings and inline code
stay searchable: a search for ``legal_moves`` or "shield" finds the same sections.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.search_index")

CODE_BLOCK = re.compile(r"<pre\b.*?</pre>", re.S)
"""A code block as the search plugin writes it into a section's text."""


def without_code_blocks(text: str) -> str:
    """``text`` (a section's HTML in the index) without its code blocks.

    Examples:
        >>> without_code_blocks('<p>Hit.</p><pre><code>&gt;&gt;&gt; game.play("GL")</code></pre>')
        '<p>Hit.</p>'
        >>> without_code_blocks("<p>Use <code>legal_moves</code>.</p>")
        '<p>Use <code>legal_moves</code>.</p>'
    """
    return CODE_BLOCK.sub("", text).strip()


@event_priority(-50)  # after the search plugin writes the index, before the service worker lists it
def on_post_build(config: Any) -> None:
    """Rewrite ``search/search_index.json`` without code blocks, compactly."""
    path = Path(config["site_dir"]) / "search" / "search_index.json"
    if not path.exists():
        return
    before = path.stat().st_size
    index = json.loads(path.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["text"] = without_code_blocks(doc["text"])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    after = path.stat().st_size
    log.info("Search index: %d kB, %d kB without code blocks", before // 1000, after // 1000)
