"""Marvin's Pause holds every step of the computer's turn, a reshuffle of the draw pile too.

A reshuffle belongs to no seat. It used to go by while the game was paused, so that one
press of Step showed two steps: the reshuffle and the computer's next one.
"""

from __future__ import annotations

from typing import Any

import pytest
from marvinpage import your_turn
from playwright.sync_api import Browser, expect

from conftest import booted_page, set_fast
from pirate_rules.web.marvin import marvin_bot_move, marvin_new

pytestmark = pytest.mark.browser

SEED, TURN = 12, 53
"""A game between two computers (random, random) whose draw pile first runs out at turn
55, in the middle of the computer's steps; it is opened from a share link at turn 53."""

HOLD_BOT_MOVES = """(() => {
    // Once window.__holdBotMoves is set, the answers to "marvin_bot_move" wait here until
    // window.__releaseBotMoves(): a test can pause the game before the computer's steps.
    const Real = window.Worker;
    const held = new WeakMap(); // each worker's held calls, by id
    const waiting = [];
    window.__holdBotMoves = false;
    window.__heldBotMoves = () => waiting.length;
    window.__releaseBotMoves = () => {
        window.__holdBotMoves = false;
        for (const deliver of waiting.splice(0)) deliver();
    };
    window.Worker = class extends Real {
        constructor(...args) {
            super(...args);
            held.set(this, new Set());
        }
        set onmessage(handler) {
            super.onmessage = (event) => {
                const deliver = () => handler.call(this, event);
                if (held.get(this).delete(event.data?.id)) waiting.push(deliver);
                else deliver();
            };
        }
        postMessage(message, ...rest) {
            const bot = message?.call === "marvin_bot_move";
            if (window.__holdBotMoves && bot) held.get(this).add(message.id);
            return super.postMessage(message, ...rest);
        }
    };
})()"""

STEP_ONE_BY_ONE = """async (count) => {
    const root = document.querySelector("#play");
    const shown = () => Number(root.dataset.steps || 0);
    const held = () => root.hasAttribute("data-held");
    const until = (ready) => new Promise((done) => {
        const look = () => (ready() ? done() : requestAnimationFrame(look));
        look();
    });
    await until(held);
    const last = shown() + count;
    const gone = [];
    while (shown() < last) {
        const before = shown();
        document.querySelector("#step").click();
        await until(() => shown() > before && held());
        gone.push(shown() - before);
    }
    return gone;
}"""
"""Press Step until ``count`` more steps are shown; how many steps each press let go."""


def shared_game() -> tuple[dict[str, Any], int]:
    """The keep of the game at turn ``TURN``, and how many steps the page shows after it
    up to the first reshuffle, that one included (as the page plays on from the keep)."""
    options = {"seed": SEED, "mode": "watch", "bots": ["random", "random"]}
    view = marvin_new(options)
    while view["turn"] < TURN:
        view = marvin_bot_move(view["id"])
    keep = view["keep"]
    view, shown = marvin_new(keep), 0
    while True:
        view = marvin_bot_move(view["id"])
        for step in view["steps"]:
            shown += 1
            if step["kind"] == "reshuffle":
                assert step["seat"] is None
                return keep, shown


def test_pause_holds_a_reshuffle_in_the_computers_turn(browser: Browser, site_url: str) -> None:
    """Paused before the computer's first step, Step is pressed until just past the first
    reshuffle: each press lets exactly one step go, the reshuffle's own included."""
    keep, reshuffle = shared_game()
    url = f"{site_url}play/marvin/"
    with booted_page(browser, url, HOLD_BOT_MOVES) as (page, _):
        link = page.evaluate(
            """async (keep) => {
                const { shareHash } = await import("../../assets/play/keep.mjs");
                return shareHash("marvin", keep);
            }""",
            keep,
        )
        your_turn(page)  # the page's own first game waits for the player
        page.evaluate("window.__holdBotMoves = true")
        page.goto(url + link)  # the hash alone changes: the shared game opens
        page.wait_for_function("window.__heldBotMoves() > 0")
        page.locator("#pause").click()
        expect(page.locator("#pause")).to_have_attribute("aria-pressed", "true")
        set_fast(page, "[name=pace]", "20")
        page.evaluate("window.__releaseBotMoves()")
        gone = page.evaluate(STEP_ONE_BY_ONE, reshuffle + 1)
        assert gone and set(gone) == {1}, f"steps let go by each press of Step: {gone}"
        expect(page.locator("#log")).to_contain_text("shuffled into a new draw pile")
