"""The bot lab of "Write your own bot": tournaments, downloads and mistakes, in the browser."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from livepages import (
    EDITOR_TIMEOUT_MS,
    RUN_TIMEOUT_MS,
    kept_limit,
    live_page,
    reading,
    replace_text,
    run,
    serious_problems,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from conftest import Watch, keep_python_snapshot, set_fast, wait_until_ready, watched_context
from pirate_rules.web.botlab import builtin_bots

pytestmark = pytest.mark.browser

GAMES = 20
SEED = 0


EDITOR_FILES = re.compile(r"/assets/live/(codemirror|editor-view)\.mjs")


@pytest.fixture(scope="module")
def reader(browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Watch]]:
    """The browser context of the tests that need no first visit. It holds the snapshot
    of Python a first visit to a play page keeps (:func:`keep_python_snapshot`): every
    page restores Python from it, as a reader's pages do from the second visit on."""
    context, watch = watched_context(browser)
    keep_python_snapshot(browser, context, site_url)
    yield context, watch
    context.close()


@pytest.fixture
def lab(reader: tuple[BrowserContext, Watch], site_url: str) -> Iterator[tuple[Page, Watch]]:
    """The write-a-bot page with its bot editor ready, in a new page whose storage is as a
    first visit's (the bot, a game against it): the editor loads when the pointer first
    reaches the lab."""
    with reading(reader, f"{site_url}learn/write-a-bot/") as (page, watch):
        expect(page.get_by_role("button", name="Tournament")).to_be_visible()
        page.locator("#bot-lab").hover()
        expect(page.locator("#bot-lab .cm-editor")).to_be_visible(timeout=EDITOR_TIMEOUT_MS)
        yield page, watch


def test_the_editor_loads_only_when_the_reader_reaches_the_lab_and_then_runs(
    browser: Browser, site_url: str
) -> None:
    """About 20 s: a first visit, so Python starts from the network (no snapshot is kept
    yet) before a short tournament is played, and then axe reads the whole page."""
    with live_page(browser, f"{site_url}learn/write-a-bot/") as (page, watch):
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(500)
        assert not [url for url in watch.page_requests if EDITOR_FILES.search(url)]
        assert not [url for url in watch.page_requests if "/assets/live/engine.mjs" in url]
        code = page.locator("#bot-lab div.highlight")
        expect(code).to_contain_text("class Finisher(Bot):")  # shown as the page wrote it
        code.focus()  # the keyboard reaches it: focus loads the editor
        editor = page.locator("#bot-lab .cm-editor")
        expect(editor).to_be_visible(timeout=EDITOR_TIMEOUT_MS)
        expect(editor.locator(".cm-content")).to_be_focused()
        assert [url for url in watch.page_requests if EDITOR_FILES.search(url)]
        page.keyboard.press("Control+End")
        page.keyboard.type("\n# typed at once\n")
        page.evaluate(
            """() => {
                const games = document.querySelector('#bot-lab select[name=games]');
                games.append(new Option('2', '2'));  // a short tournament, for the test
                games.value = '2';
            }"""
        )
        page.get_by_role("button", name="Tournament").click()
        expect(page.locator("#bot-lab .live-lab__results")).to_have_attribute(
            "data-finished", "true", timeout=RUN_TIMEOUT_MS * 2
        )
        assert "# typed at once" in page.evaluate("localStorage.getItem('pirate-rules:my_bot.py')")
        problems = serious_problems(page, "html", also=("landmark-unique",))
        assert not [problem for problem in problems if problem.startswith("landmark")], problems


def editor(page: Page) -> Locator:
    return page.locator("#bot-lab .live-lab__editor")


def status(page: Page) -> Locator:
    return page.locator("#bot-lab .live-lab__status")


def simulate(directory: Path, opponent: str) -> list[list[str]]:
    """What `pirate-rules simulate --in-process` prints for the downloaded bot (which the
    lab, too, plays beside the engine), as words per line."""
    printed = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "simulate", "marvin", "--in-process",
         "--games", str(GAMES), "--seed", str(SEED), "--bots", f"my_bot:Finisher,{opponent}",
         "--no-progress"],
        cwd=directory, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return [line.split() for line in printed.replace("my_bot:", "my_bot.py:").splitlines()]


def test_the_tutorial_bot_beats_random_with_the_command_lines_counts(
    lab: tuple[Page, Watch], tmp_path: Path
) -> None:
    """About 25 s: a whole tournament of the lab in Python in the browser, whose counts
    must be the command line's for the same games and seed."""
    page, watch = lab
    page.locator("#bot-lab select[name=games]").select_option(str(GAMES))
    page.locator("#bot-lab input[name=seed]").fill(str(SEED))
    page.get_by_role("button", name="Tournament").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#bot-lab progress")).to_be_visible(timeout=RUN_TIMEOUT_MS)
    results = page.locator("#bot-lab .live-lab__results")
    expect(results).to_have_attribute("data-finished", "true", timeout=RUN_TIMEOUT_MS * 2)
    expect(page.get_by_role("button", name="Tournament")).to_be_focused()
    rows = results.locator("tbody tr")
    expect(rows).to_have_count(len(builtin_bots()))
    with page.expect_download() as download:
        page.get_by_role("button", name="Download my_bot.py").click()
    assert download.value.suggested_filename == "my_bot.py"
    shutil.copy(download.value.path(), tmp_path / "my_bot.py")
    assert "class Finisher(Bot):" in (tmp_path / "my_bot.py").read_text("utf-8")
    printed = results.locator("details pre").text_content() or ""
    expect(results.locator("caption")).to_contain_text(f"{GAMES} games against each")
    columns = results.locator("thead th").all_inner_texts()
    for number, opponent in enumerate(builtin_bots()):
        texts = rows.nth(number).locator("th, td").all_inner_texts()
        cells = dict(zip(columns, texts, strict=True))
        assert cells["Against"] == opponent
        expected = simulate(tmp_path, opponent)
        assert f"--bots my_bot.py:Finisher,{opponent}" in printed
        block = printed.split(f"--bots my_bot.py:Finisher,{opponent}\n", 1)[1].split("\n\n")[0]
        assert [line.split() for line in block.splitlines()] == expected
        assert cells["Win rate (95% interval)"] == " ".join(expected[1][-2:])
        if opponent == "random":
            assert int(cells["Won"]) > int(cells["Lost"]), cells  # the finisher wins
    problems = serious_problems(page, "#bot-lab")
    assert not problems, "\n".join(problems)
    watch.check()


def test_the_bot_is_kept_across_reloads_and_start_again_brings_the_finisher_back(
    lab: tuple[Page, Watch],
) -> None:
    page, watch = lab
    kept = "localStorage.getItem('pirate-rules:my_bot.py')"
    editor(page).locator(".cm-content").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# my own change\n")
    page.reload()
    # Shown at once, before the editor loads; and in the editor once it has.
    code = page.locator("#bot-lab div.highlight")
    expect(code).to_contain_text("# my own change")
    assert page.evaluate(kept).startswith("# my own change\nfrom pirate_rules")
    code.hover()
    expect(editor(page).locator(".cm-content")).to_contain_text("# my own change")
    page.get_by_role("button", name="Start again").click()
    expect(editor(page).locator(".cm-content")).not_to_contain_text("# my own change")
    assert page.evaluate(kept) is None
    page.reload()
    expect(page.locator("#bot-lab div.highlight")).to_contain_text("class Finisher(Bot):")
    expect(page.locator("#bot-lab")).not_to_contain_text("# my own change")
    watch.check()


LOOPING = """from pirate_rules.bots import Bot


class Dreamer(Bot):
    def choose(self, game, player):
        while True:
            pass
"""


def test_an_endless_bot_is_stopped_and_the_page_goes_on_working(lab: tuple[Page, Watch]) -> None:
    """Over 20 s in the whole suite on a busy machine: the bot spins for a move's whole
    limit (made 2 s here, from the page's 5 s, on a device of usual speed; longer on a
    busy machine, as a reader's would be), then Python starts again to answer one of the
    page's examples."""
    page, watch = lab
    lab_root = page.locator("#bot-lab")
    assert lab_root.get_attribute("data-move-limit") == "5"  # the page's own, read at each run
    lab_root.evaluate("lab => { lab.dataset.moveLimit = '2'; }")
    replace_text(page, editor(page), LOOPING)
    page.get_by_role("button", name="Tournament").click()
    expect(status(page)).to_contain_text("was stopped", timeout=RUN_TIMEOUT_MS)
    # 2 s for a move on a device of usual speed; longer, and said so, on a slower one.
    expect(status(page)).to_have_text(
        "Your bot was stopped: it thought about one move for more than"
        f" {kept_limit(page, 2)} seconds."
    )
    lab_root.evaluate("lab => { lab.dataset.moveLimit = '5'; }")
    expect(page.locator("#bot-lab .live-lab__problem")).to_contain_text("loop that never ends")
    assert page.get_by_role("button", name="Tournament").is_enabled()
    answer = run(page, 1)  # a fresh Python answers the page's examples
    expect(answer).to_have_class(re.compile("live-result--agree"))
    watch.check()


def test_mistakes_in_the_bot_show_a_short_traceback_on_its_lines(lab: tuple[Page, Watch]) -> None:
    page, watch = lab
    problem = page.locator("#bot-lab .live-lab__problem")
    broken = "from pirate_rules.bots import Bot\n\nclass Oops(Bot)\n    pass\n"
    replace_text(page, editor(page), broken)
    page.get_by_role("button", name="Tournament").click()
    expect(problem).to_contain_text("SyntaxError", timeout=RUN_TIMEOUT_MS)
    expect(editor(page).locator(".cm-live-error")).to_have_text("class Oops(Bot)")
    failing = LOOPING.replace("while True:\n            pass", "return game.legal_moves[99]")
    replace_text(page, editor(page), failing)
    expect(editor(page).locator(".cm-live-error")).to_have_count(0)
    page.get_by_role("button", name="Tournament").click()
    expect(problem).to_contain_text("IndexError", timeout=RUN_TIMEOUT_MS)
    expect(problem).to_contain_text("line 6, in choose")
    expect(problem).not_to_contain_text('File "')
    expect(editor(page).locator(".cm-live-error")).to_have_text(re.compile(r"^\s*return game"))
    expect(problem).to_contain_text("your bot's choose() raised an error")
    expect(problem).not_to_contain_text("refused")
    # Its first move failed: no game was played, and the page says so, not "after 0 games".
    expect(status(page)).to_have_text(
        re.compile(r"^Dreamer failed in its very first game \(turn \d+\), so no game was finished:")
    )
    # An empty table would say "-Infinity games": no game was finished, so none is drawn.
    expect(page.locator("#bot-lab .live-lab__results table")).to_have_count(0)
    watch.check()


def test_play_against_it_opens_the_marvin_page_with_the_readers_bot(
    lab: tuple[Page, Watch],
) -> None:
    page, watch = lab
    editor(page).locator(".cm-content").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# kept for the play page\n")
    page.get_by_role("button", name="Play against it").click()
    page.wait_for_url("**/play/marvin/?bot=mine", timeout=RUN_TIMEOUT_MS)
    wait_until_ready(page)
    expect(page.locator("#notice")).to_contain_text("your own bot, Finisher")
    assert page.locator("select[name=bot]").input_value() == "pirate_rules_lab:Finisher"
    set_fast(page, "[name=pace]", "20")
    reasons = page.locator("#log li", has_text=re.compile("in reach|picked at random"))
    for _ in range(40):  # the human's moves until the reader's bot has chosen once
        if reasons.count():
            break
        choice = page.locator("#choices button:not([disabled])").first
        if choice.is_visible():
            choice.click()
        page.wait_for_timeout(200)
    expect(reasons.first).to_be_visible()
    page.reload()  # the game against the reader's bot goes on
    wait_until_ready(page)
    # Once Python is ready, the page defines the reader's bot again, then resumes the game.
    expect(page.locator("#notice")).to_contain_text("Welcome back")
    expect(page.locator("select[name=bot]")).to_have_value("pirate_rules_lab:Finisher")
    watch.check()


def test_the_page_says_how_to_run_the_downloaded_bot_at_home(
    lab: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = lab
    section = page.locator("h2#your-bot-at-home")
    expect(section).to_contain_text("Your bot at home")
    with page.expect_download() as bot:
        page.get_by_role("button", name="Download my_bot.py").click()
    bot.value.save_as(tmp_path / "my_bot.py")
    with page.expect_download() as engine:
        page.get_by_role("link", name="pirate_rules.zip").click()
    engine.value.save_as(tmp_path / "pirate_rules.zip")
    # The page's command, typed in that folder with a Python that has no engine installed.
    command = page.locator("h2#your-bot-at-home ~ div.highlight code").first.inner_text()
    setting, python, *words = command.split()
    assert setting == "PYTHONPATH=pirate_rules.zip" and python == "python3", command
    plain = Path(sys.base_prefix) / "bin" / "python3"
    printed = subprocess.run(
        [str(plain), *words, "--games", "10", "--no-progress"],
        cwd=tmp_path, env={"PYTHONPATH": "pirate_rules.zip"},
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert printed.returncode == 0, printed.stderr
    assert "seat 0 (my_bot.py:Finisher) wins" in printed.stdout, printed.stdout
    watch.check()
