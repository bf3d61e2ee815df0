"""The Marvin play page's voice and coach: what the voice says over a turn against the
computer (the engine's family words, played in CPython to know them): every step of
each turn, in order, never two lines at once, none cut short but by the child's own tap;
quiet while the page is hidden; a speaker button that says it again; a switch that says
when there is no voice; a hint that is the engine's, lit on the table, noted in the saved
record, which replays. The fake voice is slow (a few milliseconds a character, where the
page's steps take 20 ms), so a line the page cut short would show."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from marvinpage import CHOICES, your_turn
from playwright.sync_api import Browser, Page, expect
from speech import cut_lines, hide, show, silent, speech, spoken

from conftest import Watch, axe_problems, booted_page, read_download, set_fast, start_game
from pirate_rules import web
from pirate_rules.web.coach import NOTE

pytestmark = pytest.mark.browser

SEED = 4
"""Against Easy, the computer hits first; the child shields (the first choice), and the
computer's next hit is stopped by that shield."""
PACE = "20"
SLOW = 3
"""The fake voice's pace, in ms a character: a line takes 100 to 250 ms, several steps."""


def said(view: dict[str, Any], out: list[str]) -> None:
    """What the page says of ``view``: each step's words in order (a draw that waits for
    the child, its prompt), then the prompt once the child may choose."""
    out.extend(step["say"] for step in view["steps"] if step["say"])
    if not view["computer_to_move"]:
        out.append(view["say"])


def expected_turn() -> tuple[list[str], str]:
    """The voice's lines over the child's first two turns, and the hint at the second."""
    out: list[str] = []
    view = web.marvin_new({"seed": SEED, "mode": "computer", "bot": "random"})
    for mine in (True, False):
        said(view, out)
        while view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
            said(view, out)
        if mine:
            view = web.marvin_move(view["id"], view["legal"][0]["move"])
    return out, web.marvin_hint(view["id"])["text"]


@pytest.fixture(scope="module")
def marvin(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    """One booted Marvin page on a phone, with a voice, for the whole module."""
    with booted_page(
        browser,
        f"{site_url}play/marvin/",
        init_script=speech(ms_per_char=SLOW),
        has_touch=True,
        viewport={"width": 390, "height": 844},
    ) as (page, watch):
        set_fast(page, "[name=pace]", PACE)
        yield page, watch


def wait_for_choices(page: Page, before: int) -> None:
    """Wait until the child is asked again, and the voice has said all it had to."""
    page.wait_for_function(f"{CHOICES} > {before} && !document.querySelector('#table .is-picked')")
    silent(page)


def test_the_voice_says_a_turn_against_the_computer_and_the_coach_notes_its_hint(
    marvin: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = marvin
    lines, hint = expected_turn()
    assert lines[1:3] == ["The computer hit your guard!", "Your turn: draw a card."]
    assert lines[5:8] == ["The computer drew the Three of clubs.",
                          "The computer hit your guard, but the shield stopped it!",
                          "Your turn: draw a card."]  # fmt: skip
    # The game the page opened with waits for the child: it will say nothing more.
    page.wait_for_function(f"{CHOICES} > 0")
    switch = page.locator("#voice")
    expect(switch).to_have_text("Voice: off")
    switch.tap()
    expect(switch).to_have_text("Voice: on")
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.evaluate("window.spoken = []; window.cancelled = 0; window.overlaps = 0")
    before = page.evaluate(CHOICES)
    start_game(page, mode="computer", seed=str(SEED), bot="random", pace=PACE)
    for _ in range(2):  # the child draws, and chooses the first choice offered
        wait_for_choices(page, before)
        page.locator("#draw-pile").tap()
        before += 1
        wait_for_choices(page, before)
        before += 1
        if len(spoken(page)) < len(lines):
            page.locator("#choices button").first.tap()
    assert spoken(page) == lines
    assert {(line["rate"], line["voice"]) for line in page.evaluate("window.spoken")} == {
        (0.8, "Near English")
    }
    # Each line waited for the one before: never two at once, and none cut short.
    assert page.evaluate("window.overlaps") == 0
    assert cut_lines(page) == []

    # The coach: the engine's hint, its choice lit, said, and kept in the record.
    expect(page.locator("#hint")).to_be_visible()
    page.locator("#hint").tap()
    expect(page.locator("#hint-text")).to_have_text(hint)
    assert page.locator("#table .is-hinted").count() >= 1
    assert spoken(page)[-1] == hint
    assert not axe_problems(page, "#play")
    before = page.evaluate(CHOICES)
    page.locator("#table .is-hinted").first.tap()
    wait_for_choices(page, before)  # the computer played, and the child's draw waits
    expect(page.locator("#hint-text")).to_be_hidden()
    data = read_download(page, "#save-record")
    notes = [turn["note"] for turn in data["turns"] if "note" in turn]
    assert notes == [NOTE + hint]
    path = tmp_path / "with-hint.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    replayed = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert web.viewer_open(json.dumps(data))["error"] is None  # the record viewer's reading

    # Hidden, the page stops the voice at once and says nothing more.
    cancelled = page.evaluate("window.cancelled")
    count = len(spoken(page))
    hide(page)
    assert page.evaluate("window.cancelled") == cancelled + 1
    before = page.evaluate(CHOICES)
    page.locator("#draw-pile").tap()  # the child's next draw: its prompt is not said
    wait_for_choices(page, before)
    assert len(spoken(page)) == count
    show(page)
    watch.check()


TURNS = 2083
"""Against Easy, within five of the child's taps: the computer uses the Ship and then hits
(its turn is two moves), the child draws a Joker, and the computer takes the child's Cave,
which brings the child's hidden captain back."""


def whole_turns() -> tuple[list[str], list[str]]:
    """What the voice says over the game of seed `TURNS` up to the child's card after
    the Cave is taken, and the child's taps: "pile" for a draw that waits, else a choice
    (the Cave first, then a prize, else the first offered)."""
    view = web.marvin_new({"seed": TURNS, "mode": "computer", "bot": "random"})
    lines: list[str] = []
    taps: list[str] = []
    while True:
        said(view, lines)
        taps += ["pile" for step in view["steps"] if step["wait"]]
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
            continue
        if any("came out of the Cave" in line for line in lines):
            return lines, taps
        legal = view["legal"]
        kinds = [kind for kind in ("cave", "take") if any(c["kind"] == kind for c in legal)]
        move = next(c for c in legal if c["kind"] == (kinds or [legal[0]["kind"]])[0])["move"]
        taps.append(move)
        view = web.marvin_move(view["id"], move)


def test_the_voice_tells_the_whole_turn_in_order_and_cuts_none_of_its_lines(
    marvin: tuple[Page, Watch],
) -> None:
    page, watch = marvin
    lines, taps = whole_turns()
    ship = next(i for i, line in enumerate(lines) if line.startswith("The computer used the Ship"))
    assert lines[ship + 1].startswith("The computer drew the ")
    assert re.match(r"The computer (hit|slashed|knocked out) your ", lines[ship + 2])
    assert "Joker! You miss a turn." in lines
    taken = lines.index("The computer took the Cave from you!")
    assert lines[taken + 1 : taken + 3] == [
        "Your captain came out of the Cave.", "Your turn: draw a card."]  # fmt: skip
    switch = page.locator("#voice")
    if switch.get_attribute("aria-pressed") != "true":
        switch.tap()
    page.evaluate("window.spoken = []; window.overlaps = 0")
    before = page.evaluate(CHOICES)
    start_game(page, mode="computer", seed=str(TURNS), bot="random", pace=PACE)
    for tap in taps:
        wait_for_choices(page, before)  # the child waits until the voice is silent
        before = page.evaluate(CHOICES)
        if tap == "pile":
            page.locator("#draw-pile").tap()
        else:
            page.locator(f"#choices button[data-move='{tap}']").tap()
    wait_for_choices(page, before)
    silent(page)
    assert spoken(page) == lines
    assert cut_lines(page) == [] and page.evaluate("window.overlaps") == 0
    watch.check()


def test_the_speaker_by_the_caption_says_the_last_step_and_the_prompt_again(
    marvin: tuple[Page, Watch],
) -> None:
    """A big speaker button by the table's caption says again what just happened and
    what to do now, the voice switched on or not; a tap of the child's cuts it short."""
    page, watch = marvin
    your_turn(page)
    hear = page.locator("#table .play-hear")
    expect(hear).to_be_visible()
    box = hear.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44, box
    switch = page.locator("#voice")
    if switch.get_attribute("aria-pressed") == "true":
        switch.tap()
    expect(switch).to_have_text("Voice: off")
    page.evaluate("window.msPerChar = 0")  # the next line lasts until it is cut
    hear.tap()
    words = [page.locator(selector).text_content() for selector in (".mpg-caption", "#status")]
    again = " ".join(str(text) for text in words if text)
    assert spoken(page)[-1] == again
    page.locator("#table .is-choice").first.tap()  # the child's tap
    page.wait_for_function("window.spoken.at(-1).cut")
    assert cut_lines(page) == [again]
    page.evaluate(f"window.msPerChar = {SLOW}")
    watch.check()


def test_a_browser_without_a_voice_says_so_on_the_switch(marvin: tuple[Page, Watch]) -> None:
    page, watch = marvin
    switch = page.locator("#voice")
    page.evaluate("window.setVoices([])")
    expect(switch).to_have_text("No voice")
    expect(switch).to_be_disabled()
    assert "no voice" in (switch.get_attribute("title") or "")
    page.evaluate('window.setVoices([{ name: "Near English", lang: "en-GB" }])')
    expect(switch).to_have_text(re.compile(r"^Voice: (on|off)$"))
    expect(switch).to_be_enabled()
    watch.check()
