"""The record viewer: a command-line record stepped to its end and back, the command
line's own error for a broken record, shared links, and bad files told plainly."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from playwright.sync_api import Browser, Page, expect
from siteserver import ROOT
from test_site import serious

from conftest import Watch, booted_page, cli_record

pytestmark = pytest.mark.browser

STEP = "Number(document.querySelector('#play').dataset.step)"


@pytest.fixture(scope="module")
def viewer(browser: Browser, site_url: str) -> Iterator[tuple[Page, Watch]]:
    with booted_page(browser, f"{site_url}play/viewer/") as booted:
        yield booted


def cli_replay(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pirate_rules", "replay", str(path), *extra],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip


def open_file(page: Page, path: Path) -> None:
    page.locator("#file").set_input_files(str(path))


def summary(page: Page) -> Any:
    return json.loads(page.locator("#summary").get_attribute("data-summary") or "null")


def write(directory: Path, record: Any, name: str = "record.json") -> Path:
    path = directory / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_a_marvin_record_steps_to_its_end_and_back(
    viewer: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = viewer
    record = cli_record("marvin", 11, tmp_path / "cli", "sensible,random")
    path = write(tmp_path, record)
    open_file(page, path)
    expect(page.locator("#status")).to_contain_text("as dealt")
    turns = len(record["turns"])
    page.locator("#forward").click()
    for step in range(1, turns + 1):
        page.wait_for_function(f"{STEP} === {step}")
        assert page.locator("#words li").count() >= 1
        assert page.locator("#words li a.rule-link").count() >= 1
        page.keyboard.press("ArrowRight")
    expect(page.locator("#forward")).to_be_disabled()
    # The last step hands the focus to the result, not to the page.
    assert page.evaluate("document.activeElement.id") == "summary"
    assert summary(page) == json.loads(cli_replay(path, "--json").stdout)
    expect(page.locator("#summary")).to_contain_text("every move is legal")
    for step in range(turns - 1, turns - 4, -1):
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"{STEP} === {step}")
    page.locator("#back").click()
    page.wait_for_function(f"{STEP} === {turns - 4}")
    page.keyboard.press("Home")
    page.wait_for_function(f"{STEP} === 0")
    expect(page.locator("#back")).to_be_disabled()
    assert page.evaluate("document.activeElement.id") == "forward"
    page.keyboard.press("End")
    page.wait_for_function(f"{STEP} === {turns}")
    assert summary(page) == json.loads(cli_replay(path, "--json").stdout)
    # The rules links lead to the rule's anchor.
    href = page.locator("#words li a.rule-link").first.get_attribute("href") or ""
    assert "/rules/marvin/#M" in href
    watch.check()


def test_a_pirate_record_goes_to_its_end(viewer: tuple[Page, Watch], tmp_path: Path) -> None:
    page, watch = viewer
    record = cli_record("pirate", 4, tmp_path / "cli", "fast,slow")
    path = write(tmp_path, record)
    open_file(page, path)
    expect(page.locator("#status")).to_contain_text("Pirate")
    page.locator("#forward").click()
    page.wait_for_function(f"{STEP} === 1")
    assert page.locator(".pir-ship").count() == 4
    page.locator("#last").click()
    page.wait_for_function(f"{STEP} === {len(record['moments'])}")
    assert summary(page) == json.loads(cli_replay(path, "--json").stdout)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"{STEP} === {len(record['moments']) - 1}")
    watch.check()


def test_a_broken_record_shows_the_command_lines_words_and_the_game_up_to_there(
    viewer: tuple[Page, Watch], tmp_path: Path
) -> None:
    page, watch = viewer
    record = cli_record("marvin", 13, tmp_path / "cli", "random,random")
    record["turns"][9]["card"] = record["turns"][10]["card"]
    path = write(tmp_path, record, "broken.json")
    cli = cli_replay(path)
    assert cli.returncode == 1
    line = cli.stderr.strip().removeprefix("pirate-rules: error: ")
    assert line.startswith("turn 10: ") and line.endswith("(M9)")
    open_file(page, path)
    error = page.locator("#error")
    expect(error).to_be_visible()
    # The command line's words, the rule id once (as a link), and nothing after them.
    expect(error).to_have_text(f"This record stops at turn 10: {line}")
    expect(error.locator("code")).to_have_text(line.removesuffix(" (M9)"))
    expect(error.locator("a.rule-link")).to_have_text("M9")
    page.locator("#last").click()
    page.wait_for_function(f"{STEP} === 9")
    expect(page.locator("#summary")).to_contain_text("breaks a rule")
    watch.check()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"game": "marvins-pirates-go"', "not valid JSON: Expecting ',' delimiter at line 1"),
        ('{"game": "marvins-pirates-go', "Unterminated string starting at line 1, column 10"),
        ('{"game": "chess", "format": 1}', "unknown game 'chess'"),
        ('{"game": "pirate", "format": 1, "players": ["A"]}', "'players' must be two"),
    ],
)
def test_a_file_that_is_not_a_record_is_told_and_the_viewer_goes_on(
    viewer: tuple[Page, Watch], tmp_path: Path, text: str, words: str
) -> None:
    page, watch = viewer
    good = write(tmp_path, cli_record("marvin", 2, tmp_path / "cli", "random,random"))
    open_file(page, good)
    expect(page.locator("#status")).to_contain_text("as dealt")
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    open_file(page, path)
    error = page.locator("#error")
    expect(error).to_have_text(f"This record cannot be opened: {cli_words(path)}")
    expect(error).to_contain_text(words)
    assert "null" not in error.inner_text() and "at at" not in error.inner_text()
    expect(page.locator("#viewer")).to_be_hidden()  # no table of the last record under it
    open_file(page, good)
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator("#status")).to_contain_text("as dealt")
    watch.check()


def cli_words(path: Path) -> str:
    """The line ``pirate-rules replay`` prints for a record it refuses, without its prefix."""
    cli = cli_replay(path)
    assert cli.returncode != 0
    return cli.stderr.strip().removeprefix("pirate-rules: error: ")


def test_a_shared_game_link_opens_in_the_viewer(viewer: tuple[Page, Watch], site_url: str) -> None:
    """A link to a shared game, followed in the open viewer (only the address's hash
    changes), shows that game."""
    page, watch = viewer
    link = page.evaluate(
        """async () => {
            const { shareHash } = await import("../../assets/play/keep.mjs");
            const game = { seed: 7, mode: "two", jokers: 2, moves: ["GL", "GL"] };
            return shareHash("marvin", game);
        }"""
    )
    page.goto(f"{site_url}play/viewer/{link}")
    page.wait_for_function("document.querySelector('#play').dataset.source === 'link'")
    expect(page.locator("#status")).to_contain_text("as dealt")
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('#forward').disabled")
    assert page.evaluate(STEP) >= 2
    problems = serious(Axe().run(page, context="#play"))
    assert not problems, "\n".join(problems)
    watch.check()
