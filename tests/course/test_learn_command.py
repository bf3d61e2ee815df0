"""``pirate-rules learn``: the same checks at home, for learners who install the project.

The model solution passes every chapter, its 200 seeded games beside the real engine
included; each wrong solution fails, naming its rule and saying what is wrong.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from wrong_solutions import MODEL, WRONG, WrongSolution

from pirate_rules.cli import main
from pirate_rules.course.chapters import CHAPTERS, through


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


@pytest.mark.parametrize("number", CHAPTERS)
def test_the_model_solution_passes_each_chapter_and_agrees_on_200_games(
    number: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chapter = CHAPTERS[number]
    file = write(tmp_path, chapter.file, MODEL[chapter.file])
    assert main(["learn", "check", str(number), file]) == 0
    printed = capsys.readouterr().out
    assert f"Chapter {number} · {chapter.title}" in printed
    assert "FAIL" not in printed and "All " in printed
    assert "Beside the real engine: 200 of 200 games agree (seeds 0 to 199" in printed


@pytest.mark.parametrize("wrong", WRONG, ids=str)
def test_each_wrong_solution_fails_naming_its_rule(
    wrong: WrongSolution, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, wrong.file, wrong.source)
    assert main(["learn", "check", str(wrong.chapter), file]) == 1
    printed = capsys.readouterr().out
    if wrong.beside:
        assert "All " in printed and "disagrees:" in printed
        assert f"  {wrong.rule}: " in printed
    else:
        assert f"FAIL {wrong.rule:<4}" in printed
        assert "checks pass: fix the first that fails" in printed
    assert wrong.says in " ".join(printed.split())


def test_start_writes_the_skeleton_of_a_chapter_and_keeps_what_is_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "my_engine.py"
    assert main(["learn", "start", "2", str(file)]) == 0
    assert file.read_text("utf-8") == through(2)
    assert "# ── Chapter 3" not in through(2) and "# ── Chapter 2" in through(2)
    assert main(["learn", "start", "3", str(file)]) == 1
    assert "exists already" in capsys.readouterr().err
    assert main(["learn", "check", "2", str(file)]) == 1
    assert "new_crew() is not written yet" in capsys.readouterr().out


def test_a_file_that_cannot_be_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["learn", "check", "1", str(tmp_path / "nowhere.py")]) == 1
    error = capsys.readouterr().err
    assert error.startswith("pirate-rules: error: cannot read") and error.count("\n") == 1
    assert main(["learn", "check", "7", "my_engine.py"]) == 2


def test_a_file_that_does_not_run_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, "my_engine.py", "def new_deck(jokers=2)\n    return []\n")
    assert main(["learn", "check", "1", file]) == 1
    printed = capsys.readouterr().out
    assert "my_engine.py does not run: line 1 has a syntax error" in printed
    assert "SyntaxError: expected ':'" in printed


def test_the_command_runs_as_a_program(tmp_path: Path) -> None:
    file = write(tmp_path, "my_engine.py", MODEL["my_engine.py"])
    done = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "learn", "check", "1", file, "--games", "5"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Beside the real engine: 5 of 5 games agree" in done.stdout
    command = [sys.executable, "-m", "pirate_rules", "learn", "chapters"]
    chapters = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert chapters.splitlines()[0] == "1. The deck and the draw (M1, M9)"
