"""Marvin's Pirates Go! in the browser keeps every game: reload, take back, share links,
and bad saved games or links told plainly with nothing else lost."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from marvinpage import play, your_turn
from playpage import games_asked, wait_for_game
from playwright.sync_api import Browser, BrowserContext, Page, expect

from conftest import Watch, read_download, set_fast, start_game, wait_until_ready, watched_context

pytestmark = pytest.mark.browser

SAVED = "pirate-rules/marvin/saved"
TABLE = "#table .mpg-side, #table .mpg-stack, #table .mpg-bank"
"""The table without its caption (which tells the last step shown)."""
PACE = "20"


def keep(page: Page) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem({SAVED!r})).keep")


def open_marvin(context: BrowserContext, site_url: str, hash: str = "") -> Page:
    page = context.new_page()
    page.goto(f"{site_url}play/marvin/{hash}")
    wait_until_ready(page)
    set_fast(page, "[name=pace]", PACE)
    return page


@pytest.fixture(scope="module")
def marvin(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch, str]]:
    """One browser context and Marvin page for the module; each test starts its own game."""
    context, watch = watched_context(browser)
    page = open_marvin(context, site_url)
    yield page, watch, site_url
    context.close()


def shared_link(page: Page) -> str:
    """The share link's hash of a new game, seed 6, two at the table."""
    return str(
        page.evaluate(
            """async () => {
                const { shareHash } = await import("../../assets/play/keep.mjs");
                return shareHash("marvin", { seed: 6, mode: "two", jokers: 2, moves: [] });
            }"""
        )
    )


def reload(page: Page) -> None:
    page.reload()
    wait_until_ready(page)
    set_fast(page, "[name=pace]", PACE)


def test_a_reload_mid_game_brings_back_the_same_game(marvin: tuple[Page, Watch, str]) -> None:
    page, watch, _ = marvin
    start_game(page, mode="computer", seed="31", bot="sensible", pace=PACE)
    play(page, 6)
    record = read_download(page, "#save-record")
    assert len(record["turns"]) >= 6 and "result" not in record
    log = page.locator("#log li").all_text_contents()  # with the details and reasons
    assert len(log) > 6
    reload(page)
    expect(page.locator("#notice")).to_contain_text("Welcome back")
    your_turn(page)
    assert read_download(page, "#save-record") == record
    assert page.locator("#log li").all_text_contents() == log  # the same log
    # Starting afresh forgets it.
    page.locator("#notice button", has_text="Start afresh").click()
    page.wait_for_function(
        f"(JSON.parse(localStorage.getItem({SAVED!r})) || {{}}).keep?.seed !== 31"
    )
    watch.check()


def test_take_back_undoes_your_last_choice(marvin: tuple[Page, Watch, str]) -> None:
    page, watch, _ = marvin
    start_game(page, mode="computer", seed="8", bot="random", pace=PACE)
    play(page, 3)
    before = keep(page)
    table = page.locator(TABLE).all_inner_texts()
    play(page, 1)
    assert len(keep(page)["moves"]) > len(before["moves"])
    page.locator("#undo").click()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem({SAVED!r})).keep.moves.length === {len(before['moves'])}"
    )
    assert keep(page) == before
    assert page.locator(TABLE).all_inner_texts() == table
    expect(page.locator("#notice")).to_contain_text("Taken back")
    # In family words, as the log says the move: no move code.
    words = page.locator("#notice p").inner_text()
    assert re.fullmatch(r"Taken back: (you|You) .+ Choose again\.", words), words
    assert not re.search(r"\b(GL|GR|CL|CR|draw|take|cave|ship|fort)\b", words), words
    # It can be switched off.
    page.locator("#new-game").click()
    page.locator("[name=takeback]").uncheck()
    page.locator("#options [data-close]").click()
    expect(page.locator("#undo")).to_be_hidden()
    page.locator("#new-game").click()
    page.locator("[name=takeback]").check()
    page.locator("#options [data-close]").click()
    watch.check()


def test_a_share_link_opens_the_same_game_in_another_browser(
    browser: Browser, marvin: tuple[Page, Watch, str]
) -> None:
    page, _, site_url = marvin
    start_game(page, mode="computer", seed="77", bot="sensible", pace=PACE)
    play(page, 5)
    record = read_download(page, "#save-record")
    page.locator("#share").click()
    link = page.locator("#notice input").input_value()
    assert link.startswith(f"{site_url}play/marvin/#play=marvin&")
    other, watch = watched_context(browser)
    try:
        shared = other.new_page()
        shared.goto(link)
        wait_until_ready(shared)
        expect(shared.locator("#notice")).to_contain_text("shared game")
        your_turn(shared)
        assert read_download(shared, "#save-record") == record
        assert shared.url == f"{site_url}play/marvin/"  # the link is not kept in the address
        watch.check()
    finally:
        other.close()


def test_a_shared_game_puts_your_own_game_aside_and_gives_it_back(
    marvin: tuple[Page, Watch, str],
) -> None:
    page, watch, site_url = marvin
    start_game(page, mode="two", seed="5")
    play(page, 3)
    mine = keep(page)
    link = shared_link(page)
    asked = games_asked(page)
    page.goto(f"{site_url}play/marvin/{link}")  # the hash alone changes: no reload
    wait_for_game(page, asked)
    your_turn(page)
    assert keep(page)["seed"] == 6
    asked = games_asked(page)
    page.locator("#notice button", has_text="Back to my own game").click()
    wait_for_game(page, asked)  # one's own game, back on the table
    your_turn(page)
    assert keep(page) == mine
    watch.check()


def keep_module(page: Page, script: str, *args: Any) -> Any:
    """Run ``script`` (a function of the module keep.mjs and ``args``) in the page."""
    return page.evaluate(
        f"""async (args) => {{
            const keep = await import("../../assets/play/keep.mjs");
            return ({script})(keep, ...args);
        }}""",
        list(args),
    )


BAD_SAVES = [
    ("{not json", "could not be read"),
    (json.dumps({"format": 1, "keep": {"seed": 3}}), "could not be read"),
    (json.dumps({"format": 0, "keep": {"moves": []}}), "another version of this site"),
]


@pytest.mark.parametrize(("saved", "words"), BAD_SAVES)
def test_an_unreadable_saved_game_is_set_aside_and_nothing_else_is_lost(
    marvin: tuple[Page, Watch, str], saved: str, words: str
) -> None:
    page, _, site_url = marvin
    # From a page without a game: a game playing on cannot keep itself over the test's.
    page.goto(f"{site_url}about/")
    try:
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVED, saved])
        page.evaluate("() => localStorage.setItem('mine', 'safe')")
        result = keep_module(page, "(keep) => keep.loadGame('marvin')")
        assert words in result["problem"]
        stored = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
        assert stored["mine"] == "safe" and SAVED not in stored
        aside = {
            k: json.loads(v)
            for k, v in stored.items()
            if k.startswith("pirate-rules/marvin/set-aside/")
        }
        assert saved in [entry["text"] for entry in aside.values()]
        for key in aside:
            page.evaluate("key => localStorage.removeItem(key)", key)
    finally:  # the module's page, back on the game, as its other tests expect it
        page.goto(f"{site_url}play/marvin/")
        wait_until_ready(page)
        set_fast(page, "[name=pace]", PACE)


def test_a_saved_game_the_engine_refuses_is_reported_and_a_new_game_starts(
    marvin: tuple[Page, Watch, str],
) -> None:
    page, watch, site_url = marvin
    saved = json.dumps({"format": 1, "engine": "0.0.1", "extra": {},
                        "keep": {"seed": 4, "mode": "two", "moves": ["fly away"]}})  # fmt: skip
    # Written from a page without a game, so that the game still playing here cannot
    # keep itself over it before the page is opened again.
    page.goto(f"{site_url}about/")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVED, saved])
    page.goto(f"{site_url}play/marvin/")
    wait_until_ready(page)
    set_fast(page, "[name=pace]", PACE)
    notice = page.locator("#notice")
    expect(notice).to_contain_text(
        "The saved game (kept by an older version of the game) could not be resumed:"
        " move 1 of 1, 'fly away', cannot be played: not a move"
    )
    expect(notice).to_contain_text("put aside")
    your_turn(page)  # a new game goes on
    stored = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    aside = [json.loads(v)["text"] for k, v in stored.items() if "/set-aside/" in k]
    assert saved in aside
    assert keep(page)["moves"] is not None
    watch.check()


SHARE = {"seed": 12, "mode": "two", "jokers": 2, "moves": ["draw", "GL"]}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda link: link[: link.index("&c=")], "incomplete"),
        (lambda link: link[: len(link) - 3], "incomplete"),
        (lambda link: link.replace("&n=2", "&n=3"), "changed or damaged"),
        (lambda link: link.replace("%22seed%22%3A12", "%22seed%22%3A112"), "changed or damaged"),
        (lambda link: link.replace("play=marvin", "play=chess"), "another game"),
        (lambda link: link.replace(".GL&", "&"), "changed or damaged"),
    ],
)
def test_a_damaged_share_link_is_told_apart(
    marvin: tuple[Page, Watch, str], change: Any, words: str
) -> None:
    page, _, _ = marvin
    link = keep_module(page, "(keep, game) => keep.shareHash('marvin', game)", SHARE)
    assert keep_module(page, "(keep, hash) => keep.readShareHash(hash, 'marvin')", link) == {
        "keep": SHARE
    }
    read = keep_module(page, "(keep, hash) => keep.readShareHash(hash, 'marvin')", change(link))
    assert words in read["problem"]


def test_with_a_damaged_share_link_the_page_plays_on_with_your_game(
    marvin: tuple[Page, Watch, str],
) -> None:
    page, watch, site_url = marvin
    start_game(page, mode="two", seed="12")
    play(page, 2)
    mine = keep(page)
    page.locator("#share").click()
    link = page.locator("#notice input").input_value()
    page.goto(link[: link.index("&c=")])  # pasted into this tab: the hash alone changes
    expect(page.locator("#notice")).to_contain_text("This link is incomplete")
    expect(page.locator("#notice")).to_contain_text("The game on the table goes on.")
    your_turn(page)
    assert keep(page) == mine  # nothing was lost
    page.goto(f"{site_url}about/")
    page.goto(link[: link.index("&c=")])  # opened afresh: at the page's load
    wait_until_ready(page)
    set_fast(page, "[name=pace]", PACE)
    expect(page.locator("#notice")).to_contain_text("This link is incomplete")
    expect(page.locator("#notice")).to_contain_text("Welcome back")
    your_turn(page)
    assert keep(page) == mine  # the saved game came back
    watch.check()


HOLD_ANSWERS = """(() => {
    // The engine's answers wait while window.__hold is true (window.__release() hands them
    // over, in order), and the calls the page makes are listed in window.__calls: a test
    // can stop the page between a call and its answer.
    const Real = window.Worker;
    const waiting = [];
    window.__calls = [];
    window.__release = () => {
        window.__hold = false;
        for (const answer of waiting.splice(0)) answer();
    };
    window.Worker = class extends Real {
        set onmessage(handler) {
            super.onmessage = (event) => {
                if (window.__hold) waiting.push(() => handler.call(this, event));
                else handler.call(this, event);
            };
        }
        postMessage(message, ...rest) {
            window.__calls.push(message?.call);
            return super.postMessage(message, ...rest);
        }
    };
})()"""
ASIDE = "pirate-rules/marvin/set-aside/"


def set_aside_keys(page: Page) -> list[str]:
    return sorted(
        page.evaluate(f"Object.keys(localStorage).filter((key) => key.startsWith({ASIDE!r}))")
    )


def test_a_reload_while_a_shared_game_opens_opens_it_and_ones_own_game_stays(
    marvin: tuple[Page, Watch, str],
) -> None:
    """A share link pasted into the address, and the page reloaded before the shared game
    is on the table (its engine's answer held back here): the reload opens the shared game,
    and one's own game comes back with "Back to my own game", set aside only once."""
    page, watch, site_url = marvin
    page.add_init_script(
        HOLD_ANSWERS
    )  # stays for the module's later tests: it only waits when told to
    reload(page)
    start_game(page, mode="two", seed="5")
    play(page, 3)
    mine = keep(page)
    aside_before = set_aside_keys(page)
    link = shared_link(page)
    page.evaluate("window.__calls = []; window.__hold = true")
    page.goto(f"{site_url}play/marvin/{link}")  # the hash alone changes: no reload
    page.wait_for_function("window.__calls.includes('marvin_new')")
    reload(page)
    expect(page.locator("#notice")).to_contain_text("Here is the shared game")
    your_turn(page)
    assert keep(page)["seed"] == 6
    asked = games_asked(page)
    page.locator("#notice button", has_text="Back to my own game").click()
    wait_for_game(page, asked)  # one's own game, back on the table
    your_turn(page)
    assert keep(page) == mine
    assert set_aside_keys(page) == aside_before
    watch.check()


def test_a_new_game_asked_for_while_ones_own_game_comes_back_is_the_one_played(
    marvin: tuple[Page, Watch, str],
) -> None:
    """ "Back to my own game", then a new game asked for before one's own is back on the
    table (the engine's answers held back here): the new game is the one played. One's own
    game is not taken for one that could not be replayed (set aside, with a notice saying
    so), and no other new game is started in its place."""
    page, watch, site_url = marvin
    if page.evaluate("typeof window.__release") != "function":
        page.add_init_script(HOLD_ANSWERS)  # stays for the module's later tests
        reload(page)
    start_game(page, mode="two", seed="5")
    play(page, 2)
    asked = games_asked(page)
    page.goto(f"{site_url}play/marvin/{shared_link(page)}")  # the hash alone changes
    wait_for_game(page, asked)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Here is the shared game")
    aside_before = set_aside_keys(page)
    asked = games_asked(page)
    page.evaluate("window.__hold = true")
    notice.locator("button", has_text="Back to my own game").click()
    page.wait_for_function(f"Number(document.querySelector('#play').dataset.game) > {asked}")
    page.locator("#new-game").click()
    page.locator(".play-setup [name='seed']").fill("7")
    page.locator(".play-setup button[type=submit]").click()
    page.wait_for_function(f"Number(document.querySelector('#play').dataset.game) > {asked + 1}")
    page.evaluate("window.__release()")
    wait_for_game(page, asked + 1)
    your_turn(page)
    play(page, 1)
    assert keep(page)["seed"] == 7
    assert games_asked(page) == asked + 2  # one's own game, then the new one: no other
    new_asides = set(set_aside_keys(page)) - set(aside_before)
    assert not new_asides, "one's own game is not set aside as one that cannot be replayed"
    expect(notice).not_to_contain_text("could not be resumed")
    watch.check()


def test_ones_own_game_stays_offered_after_the_shared_game_was_reloaded_or_finished(
    marvin: tuple[Page, Watch, str],
) -> None:
    """A shared game opened, played on and reloaded (it is now the saved game): one's own
    game, set aside when the link opened, is still offered, and comes back exactly; so it
    is when the shared game was finished and a new game starts on the next visit."""
    page, watch, site_url = marvin
    aside_before = set_aside_keys(page)
    start_game(page, mode="two", seed="5")
    play(page, 3)
    mine = keep(page)
    link = shared_link(page)
    for ending in ("reloaded", "finished"):
        asked = games_asked(page)
        page.goto(f"{site_url}play/marvin/{link}")  # the hash alone changes: no reload
        wait_for_game(page, asked)
        expect(page.locator("#notice")).to_contain_text("Here is the shared game")
        your_turn(page)
        play(page, 1)
        assert keep(page)["seed"] == 6, page.locator("#notice").text_content()
        if ending == "finished":  # as the page saves a game that is over
            page.evaluate(
                f"""() => {{
                    const entry = JSON.parse(localStorage.getItem({SAVED!r}));
                    entry.extra.finished = true;
                    localStorage.setItem({SAVED!r}, JSON.stringify(entry));
                }}"""
            )
        reload(page)
        notice = page.locator("#notice")
        if ending == "reloaded":
            expect(notice).to_contain_text("Welcome back!")
            expect(notice).to_contain_text("Your own game from before the shared one is kept too.")
            your_turn(page)
            assert keep(page)["seed"] == 6
        else:
            expect(notice).to_contain_text(
                "A new game has started. Your own game from before the shared one is kept."
            )
        notice.locator("button", has_text="Back to my own game").click()
        page.wait_for_function(f"JSON.parse(localStorage.getItem({SAVED!r})).keep.seed === 5")
        assert keep(page) == mine
        assert set_aside_keys(page) == aside_before
        your_turn(page)
    watch.check()
