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
from pirate_rules.course.chapters import CHAPTERS, part, through

SEED = 271_828
"""The first seed of the runs beside the real engine (a run's seeds are new unless given)."""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return str(path)


@pytest.mark.parametrize("number", CHAPTERS)
def test_the_model_solution_passes_each_chapter_and_agrees_on_200_games(
    number: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Up to 30 s in the whole suite for the last chapters: the model engine plays 200
    whole games beside the real one, as ``learn check`` does for a learner."""
    chapter = CHAPTERS[number]
    file = write(tmp_path, chapter.file, MODEL[chapter.file])
    assert main(["learn", "check", str(number), file, "--seed", str(SEED)]) == 0
    printed = capsys.readouterr().out
    assert f"Chapter {number} · {chapter.title}" in printed
    assert "FAIL" not in printed and "All " in printed
    assert f"games, seeds {SEED} to {SEED + 199} (--seed {SEED} plays them again)" in printed
    assert (
        f"Beside the real engine: 200 of 200 games agree (seeds {SEED} to {SEED + 199}" in printed
    )


@pytest.mark.parametrize("wrong", WRONG, ids=str)
def test_each_wrong_solution_fails_naming_its_rule(
    wrong: WrongSolution, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, wrong.file, wrong.source)
    assert main(["learn", "check", str(wrong.chapter), file, "--seed", str(SEED)]) == 1
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
    capsys.readouterr()
    assert main(["learn", "check", "2", str(file)]) == 1
    assert "new_crew() is not written yet" in capsys.readouterr().out


def test_start_adds_the_next_chapter_to_the_learners_file_and_keeps_a_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Chapter 1 done, chapter 2 started on the same file: chapter 1's code is kept."""
    mine = MODEL["my_engine.py"].split("# ── Chapter 2")[0].rstrip() + "\n"
    file = tmp_path / "engine_of_ada.py"
    file.write_text(mine, "utf-8")
    assert main(["learn", "start", "2", str(file)]) == 0
    said = capsys.readouterr().out
    assert "chapter 2's part (new_crew, in_front, standing, targets to write)" in said
    assert "engine_of_ada.py.before-chapter-2" in said
    text = file.read_text("utf-8")
    assert text.startswith(mine.rstrip()) and text.endswith(part(2))
    assert (tmp_path / "engine_of_ada.py.before-chapter-2").read_text("utf-8") == mine
    # the learner's file named as it is called, not my_engine.py
    assert main(["learn", "check", "2", str(file)]) == 1
    printed = capsys.readouterr().out
    assert "engine_of_ada.py has no function" not in printed  # chapter 2's functions are there
    file.write_text(text.replace("def new_crew(", "def a_crew("), "utf-8")
    assert main(["learn", "check", "2", str(file)]) == 1
    assert "engine_of_ada.py has no function new_crew()" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "number", "said"),
    [
        ("print('hello')\n", 2, "holds no part of my_engine.py"),
        ("CHAPTER_1", 3, "lacks chapter 2's part: start chapter 2 first"),
        ("CHAPTER_1", 1, "has chapter 1's part already"),
        ("CHAPTER_1", 6, "chapter 6 has a file of its own, my_moments.py"),
    ],
)
def test_start_refuses_what_it_cannot_add_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, number: int, said: str
) -> None:
    text = through(1) if text == "CHAPTER_1" else text
    file = tmp_path / "my_engine.py"
    file.write_text(text, "utf-8")
    assert main(["learn", "start", str(number), str(file)]) == 1
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1
    assert file.read_text("utf-8") == text and list(tmp_path.iterdir()) == [file]


def test_start_with_force_writes_the_skeleton_anew_and_keeps_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "my_engine.py"
    file.write_text("# my work\n", "utf-8")
    assert main(["learn", "start", "3", str(file), "--force"]) == 0
    assert file.read_text("utf-8") == through(3)
    assert (tmp_path / "my_engine.py.before-chapter-3").read_text("utf-8") == "# my work\n"
    file.write_text("# my work again\n", "utf-8")
    assert main(["learn", "start", "3", str(file), "--force"]) == 1  # never over a kept copy
    assert "exists already" in capsys.readouterr().err
    assert file.read_text("utf-8") == "# my work again\n"


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
