"""Waiting on a play page (Marvin's or Pirate's) for the game it was asked for.

The page numbers the games it asks of its engine on its root (``data-game``) and notes
the game of each view it draws (``data-drawn-game``; docs/assets/play/client.mjs
``countView``). A test that starts a game waits until the two agree: a count of views
alone can be met by the game before it, still being drawn meanwhile. Used by the tests
and the benchmarks alike.
"""

from __future__ import annotations

from playwright.sync_api import Page


def games_asked(page: Page) -> int:
    """How many games the play page has asked of its engine (0 while the page's markup
    still names its game there, as it does until its first game is asked: a page still
    starting on a busy machine)."""
    asked = page.locator("#play").get_attribute("data-game") or ""
    return int(asked) if asked.isdigit() else 0


def wait_for_game(page: Page, after: int) -> None:
    """Wait until the page shows the game it asked for last, one asked for after
    ``after`` games."""
    page.wait_for_function(
        f"""(({{ game, drawnGame }}) => Number(game || 0) > {after} && drawnGame === game)(
            document.querySelector('#play').dataset)"""
    )


def wait_for_the_end(page: Page, progress: str, still_ms: int = 60_000) -> None:
    """Wait until the play page shows its game's end (``#end``), however long the game
    takes on this machine, as long as it goes on: fails only when the page's
    ``data-<progress>`` (Pirate's ``moment``, Marvin's ``steps``) stands still for
    ``still_ms`` by the page's own clock. A whole game between computers takes a minute
    on an idle machine and several on a loaded one: a limit on the whole game made the
    verdict depend on the machine."""
    page.wait_for_function(
        """([progress, still]) => {
            if (!document.querySelector("#end").hidden) return true;
            const now = performance.now(), at = document.querySelector("#play").dataset[progress];
            const seen = window.__endWatch;
            if (!seen || seen.at !== at) window.__endWatch = { at, since: now };
            else if (now - seen.since > still)
                throw new Error(`the game stood still at ${progress} ${at} for ${still} ms`);
            return false;
        }""",
        arg=[progress, still_ms],
        polling=500,
        timeout=0,
    )
