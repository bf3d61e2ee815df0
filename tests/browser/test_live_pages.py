"""Live examples on the rules and learning pages: run, check, change and break them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from livepages import (
    EDITOR_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    RUNTIME,
    assert_examples_agree_on,
    bar,
    edit,
    kept_limit,
    live_page,
    pages_with_examples,
    reading,
    replace_text,
    result,
    run,
    serious_problems,
)
from playwright.sync_api import Browser, BrowserContext, expect

from conftest import Watch, keep_python_snapshot, watched_context
from pirate_rules.web.live import live_run

pytestmark = pytest.mark.browser

PAGES = pages_with_examples(("rules/", "learn/"))
LIVE_MACHINERY = re.compile(r"/assets/live/(codemirror|editor|editor-view|engine|examples)\.mjs")


@pytest.fixture(scope="module")
def reader(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Watch]]:
    """One browser context for the tests that need no first visit. It holds the snapshot
    of Python a first visit to a play page keeps (:func:`keep_python_snapshot`): every
    page restores Python from it, as a reader's pages do from the second visit on."""
    context, watch = watched_context(browser)
    keep_python_snapshot(browser, context, site_url)
    yield context, watch
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_every_example_of_the_page_agrees_in_the_browser(
    reader: tuple[BrowserContext, Watch], site_url: str, path: str
) -> None:
    """Every example of the page, run by its own "Check this page" in Python in the
    browser. Write your own bot takes about 60 s: its ladder plays thirty games against
    each bot (as under the test suite, where the same example takes about 25 s); the
    other pages take a few seconds each."""
    with reading(reader, site_url + path) as (page, watch):
        assert_examples_agree_on(page, watch, path)


def test_a_rules_page_asks_for_the_runtime_only_at_the_first_run(
    browser: Browser, site_url: str
) -> None:
    with live_page(browser, f"{site_url}rules/pirate/") as (page, watch):
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        assert not [url for url in watch.page_requests if RUNTIME.search(url)]
        # Nothing of the runner or the editor before the first interaction with an example.
        assert not [url for url in watch.page_requests if LIVE_MACHINERY.search(url)]
        assert result(page, 5).count() == 0
        run(page, 5)  # the four examples above it run first, in order
        for number in range(1, 6):
            expect(result(page, number)).to_have_class(re.compile("live-result--agree"))
        assert result(page, 6).count() == 0
        loaded = [url for url in watch.page_requests if RUNTIME.search(url)]
        assert any(url.endswith("pyodide.asm.wasm") for url in loaded)
        assert any("pirate_rules.zip?v=" in url for url in loaded)
        # Reaching the example fetched the editor, to open at once on Edit.
        assert [url for url in watch.page_requests if "codemirror" in url]
        run(page, 5)  # again: from the namespace before it, so the same answer
        expect(result(page, 5)).to_have_class(re.compile("live-result--agree"))


def illegal_edit(texts: list[str]) -> tuple[int, str, str]:
    """The first example that leaves a game ready for a move, and a move the rules refuse then.

    Found by running the page's own examples (as read from the page) in this Python.
    """
    from pirate_rules.errors import IllegalMoveError, PirateRulesError
    from pirate_rules.web import live

    for index, text in enumerate(texts):
        live_run("/illegal/", index, text)
        game = live._namespaces["/illegal/"].namespace.get("game")
        if "game.play(" not in text or not hasattr(game, "legal_moves") or game.is_game_over():
            continue
        legal = {str(move) for move in game.legal_moves}
        for move in ("CL", "CR", "GL", "GR", "take cave", "draw"):
            if move in legal:
                continue
            try:
                game.push(move)  # refused, so the game stays as it was
            except IllegalMoveError as exc:
                return index + 1, move, str(exc.rule)
            except PirateRulesError:
                continue
    raise AssertionError("no example leaves a game where a move is refused")


def test_an_example_changed_into_an_illegal_move_shows_the_refusal_and_links_its_rule(
    reader: tuple[BrowserContext, Watch], site_url: str
) -> None:
    with reading(reader, f"{site_url}rules/marvin/") as (page, _):
        texts = page.locator(".live-bar").evaluate_all(
            "bars => bars.map(bar => bar.previousElementSibling.querySelector('code').textContent)"
        )
        number, move, rule = illegal_edit(texts)
        original = texts[number - 1]
        # Everything by keyboard: Edit, type at the end, Ctrl+Enter runs, then follow the link.
        bar(page, number).get_by_role("button", name="Edit").focus()
        page.keyboard.press("Enter")
        editor = page.locator(f"#live-example-{number}").locator("xpath=preceding-sibling::*[1]")
        expect(editor.locator(".cm-content")).to_be_focused(timeout=EDITOR_TIMEOUT_MS)
        page.keyboard.press("Control+End")
        page.keyboard.type(f'>>> game.play("{move}")')
        page.keyboard.press("Control+Enter")
        answer = result(page, number)
        expect(answer.locator(".live-verdict")).to_be_visible(timeout=RUN_TIMEOUT_MS)
        expect(answer).to_contain_text("IllegalMoveError")
        expect(answer).not_to_contain_text('File "')
        last_line = len(original.rstrip("\n").split("\n")) + 1
        marked = editor.locator(".cm-line.cm-live-error")
        expect(marked).to_have_count(1)
        expect(marked).to_have_text(f'>>> game.play("{move}")')
        assert f"line {last_line}" in answer.inner_text()
        link = answer.locator("a.live-rule", has_text=rule)
        expect(link).to_have_attribute("href", f"{site_url}rules/marvin/#{rule}")
        link.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(f"**/rules/marvin/#{rule}")
        expect(page.locator(f"[id='{rule}']")).to_be_in_viewport()
        # Reset brings the original back.
        bar(page, number).get_by_role("button", name="Reset").click()
        assert editor.locator(".cm-content").inner_text().strip() == original.strip()


def test_a_syntax_error_is_marked_and_an_endless_example_can_be_stopped(
    reader: tuple[BrowserContext, Watch], site_url: str
) -> None:
    with reading(reader, f"{site_url}learn/moments/") as (page, _):
        editor = edit(page, 1)
        replace_text(page, editor, ">>> x = 1\n>>> for n in range(3):\n...     print(n\n")
        bar(page, 1).get_by_role("button", name="Run").click()
        answer = result(page, 1)
        expect(answer).to_contain_text("SyntaxError", timeout=RUN_TIMEOUT_MS)
        expect(answer).not_to_contain_text('File "')
        expect(editor.locator(".cm-live-error")).to_have_text("...     print(n")
        replace_text(page, editor, ">>> while True:\n...     pass\n")
        bar(page, 1).get_by_role("button", name="Run").click()
        stop = bar(page, 1).get_by_role("button", name="Stop")
        expect(stop).to_be_visible()
        page.wait_for_timeout(1500)
        stop.click()
        expect(answer).to_contain_text("Stopped", timeout=RUN_TIMEOUT_MS)
        expect(stop).to_be_hidden()
        bar(page, 1).get_by_role("button", name="Reset").click()
        run(page, 2)  # a fresh Python runs the first example again, then the second
        expect(result(page, 2)).to_have_class(re.compile("live-result--agree"))


def test_an_endless_loop_is_stopped_after_the_time_limit_and_the_next_example_answers(
    reader: tuple[BrowserContext, Watch], site_url: str
) -> None:
    """The panel states the page's time limit (its ``data-limit``, 10 s), which the page
    reads at each run: it is made 3 s here, so that the loop does not spin for 10 s of
    the machine's time (3 s on a device of usual speed: a slower or busy one is given
    longer, and told how long). Python then starts again for the next example."""
    with reading(reader, f"{site_url}rules/marvin/") as (page, _):
        panel = page.locator(".live-page")
        limit = int(panel.get_attribute("data-limit") or 0)
        expect(panel).to_contain_text(
            f"An example that gets no further for {limit} seconds is stopped"
        )
        editor = edit(page, 1)
        replace_text(page, editor, ">>> while True:\n...     pass\n")
        panel.evaluate("panel => { panel.dataset.limit = '3'; }")
        try:
            bar(page, 1).get_by_role("button", name="Run").click()
            answer = result(page, 1)
            expect(answer).to_contain_text(
                re.compile(
                    r"Stopped after \d+ seconds without getting any further"
                    r" \(a loop that never ends\?\)"
                ),
                timeout=RUN_TIMEOUT_MS,
            )
            # 3 s on a device of usual speed; longer, and said so, on a slower one.
            kept = kept_limit(page, 3)
            expect(answer).to_contain_text(f"Stopped after {kept} seconds without")
        finally:
            panel.evaluate(f"panel => {{ panel.dataset.limit = '{limit}'; }}")
        expect(bar(page, 1).get_by_role("button", name="Stop")).to_be_hidden()
        # Python was restarted; the next example needs the first one again: not the loop,
        # but the page's own version, and the note says so.
        run(page, 2)
        expect(result(page, 2)).to_have_class(re.compile("live-result--agree"))
        expect(bar(page, 1)).to_contain_text(
            "The page's own version ran here, since your version was stopped"
        )
        expect(editor.locator(".cm-content")).to_contain_text("while True:")  # theirs stays


def test_typing_in_an_editor_triggers_no_site_shortcut_and_the_page_stays_accessible(
    browser: Browser, site_url: str
) -> None:
    """About 30 s: an example runs and the editor loads once in light and once in dark
    colours, each in a context of its own, as on a device that prefers them from its
    first page (axe checks the colours of the examples' code in both). Python is
    restored from the snapshot a first visit keeps: a first visit is not the matter."""
    for scheme in ("light", "dark"):
        url = f"{site_url}rules/marvin/"
        with live_page(browser, url, python_from=site_url, color_scheme=scheme) as (page, _):
            run(page, 2)
            editor = edit(page, 3)
            url = page.url
            editor.locator(".cm-content").click()
            page.keyboard.press("Control+End")
            page.keyboard.type("# n p s f /")
            assert page.url == url
            assert not page.locator("#__search").is_checked()
            expect(editor.locator(".cm-content")).to_contain_text("# n p s f /")
            problems = serious_problems(page, ".md-content", also=("landmark-unique",))
            assert not problems, "\n".join(problems)
            # Of the whole page, only the landmarks count, so only axe's landmark rules run.
            whole = serious_problems(page, "html", also=("landmark-unique",), rules="landmark")
            assert not [problem for problem in whole if problem.startswith("landmark")], whole


def test_a_changed_example_is_kept_across_reloads_until_it_is_reset(
    browser: Browser, site_url: str
) -> None:
    """A first visit: in a browser that kept a snapshot, the first hover or focus of an
    example would start Python (restored at once), and this page must ask for none."""
    with live_page(browser, f"{site_url}rules/pirate/") as (page, watch):
        editor = edit(page, 2)
        expect(editor.locator(".cm-content")).to_be_focused()
        page.keyboard.press("Control+End")
        page.keyboard.type(">>> 6 * 7")
        page.reload()
        kept = bar(page, 2).locator(".live-note--kept")
        expect(kept).to_be_visible()
        assert bar(page, 1).locator(".live-note--kept").count() == 0
        bar(page, 2).get_by_role("button", name="Edit").click()
        expect(editor.locator(".cm-content")).to_contain_text(">>> 6 * 7")
        expect(kept).to_have_count(0)
        bar(page, 2).get_by_role("button", name="Reset").click()
        expect(editor.locator(".cm-content")).not_to_contain_text(">>> 6 * 7")
        page.reload()
        expect(bar(page, 1)).to_be_visible()
        assert bar(page, 2).locator(".live-note--kept").count() == 0
        assert not [url for url in watch.page_requests if RUNTIME.search(url)]  # no Python needed
