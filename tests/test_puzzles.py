"""The Puzzles page's data: every answer is re-checked on fresh imagined orders, every
position and sentence is what the engine gives today, and the pipeline that made them
runs end to end."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import analysis.puzzles as puzzles
from analysis.puzzles import (
    PLAYERS,
    THRESHOLD,
    choose,
    effects_of,
    main,
    position,
    recheck,
    recheck_orders,
    view_of,
)
from pirate_rules.marvin.puzzles import explain

DOCS = Path(__file__).resolve().parent.parent / "docs"
DATA = DOCS / "learn" / "data" / "puzzles.json"
PAGE = DOCS / "learn" / "puzzles.md"


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


def test_the_page_has_at_least_30_puzzles_measured_as_asked(data: dict[str, Any]) -> None:
    assert data["format"] == 1
    assert data["orders"] >= 2048
    assert data["threshold"] == THRESHOLD == 0.10
    assert len(data["puzzles"]) >= 30
    assert [p["number"] for p in data["puzzles"]] == list(range(1, len(data["puzzles"]) + 1))
    assert len({(p["seed"], len(p["moves"])) for p in data["puzzles"]}) == len(data["puzzles"])
    assert data["looked_at"] > data["measured"] >= data["kept"] >= len(data["puzzles"])
    for puzzle in data["puzzles"]:
        chances = {row["move"]: row["chance"] for row in puzzle["chances"]}
        assert puzzle["orders"] == data["orders"]
        assert max(chances, key=lambda move: chances[move]) == puzzle["best"]
        others = {move: chance for move, chance in chances.items() if move != puzzle["best"]}
        assert max(others, key=lambda move: others[move]) == puzzle["runner_up"]
        assert set(puzzle["against"]) == set(others)
        for move, versus in puzzle["against"].items():
            # Kept only if the best move beats every other one by more than 10 points, 95%.
            assert versus["low"] > THRESHOLD, (puzzle["number"], move)
            lead = chances[puzzle["best"]] - chances[move]
            assert versus["mean"] == pytest.approx(lead, abs=1e-4)
        assert puzzle["closest_low"] == min(v["low"] for v in puzzle["against"].values())


def test_the_page_says_how_the_puzzles_were_measured_as_the_data_do(
    data: dict[str, Any],
) -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert f"{data['orders']:,} imagined orders" in text
    assert f"more than {round(100 * data['threshold'])} games in 100" in text
    assert "95% confidence interval" in text
    assert "`make puzzles`" in text


def test_the_puzzles_show_several_ideas(data: dict[str, Any]) -> None:
    ideas = {puzzle["idea"] for puzzle in data["puzzles"]}
    assert len(ideas) >= 4, ideas
    per_game: dict[int, int] = {}
    for puzzle in data["puzzles"]:
        per_game[puzzle["seed"]] = per_game.get(puzzle["seed"], 0) + 1
    assert max(per_game.values()) <= puzzles.PER_GAME


def test_every_position_view_and_sentence_is_what_the_engine_gives(data: dict[str, Any]) -> None:
    """The positions replay, and their views and sentences are today's: after a change
    to either, ``python -m analysis.puzzles --views-only`` writes them again."""
    for puzzle in data["puzzles"]:
        game = position(puzzle["seed"], puzzle["moves"])
        assert game.to_move == 0 and game.players == PLAYERS
        assert [str(move) for move in game.legal_moves] == [
            row["move"] for row in puzzle["chances"]
        ]
        assert game.turn + 1 == puzzle["turn"]
        assert puzzle["why"] == explain(game, puzzle["best"], puzzle["runner_up"])
        assert puzzle["view"] == view_of(puzzle["seed"], puzzle["moves"]), puzzle["number"]
        assert puzzle["effects"] == effects_of(game), puzzle["number"]
        assert [choice["move"] for choice in puzzle["view"]["legal"]] == [
            row["move"] for row in puzzle["chances"]
        ]


def test_every_answer_is_rechecked_on_fresh_orders(data: dict[str, Any]) -> None:
    """Each puzzle's best move still wins most often, and beats every other move at 99%,
    over fresh imagined orders: as many as the measured lead needs to be sure."""
    problems = [problem for puzzle in data["puzzles"] for problem in recheck(puzzle)]
    assert problems == []


def test_the_recheck_catches_a_wrong_answer(data: dict[str, Any]) -> None:
    puzzle = min(data["puzzles"], key=lambda p: len(p["chances"]) * recheck_orders(p))
    wrong = copy.deepcopy(puzzle)
    wrong["best"], wrong["runner_up"] = puzzle["runner_up"], puzzle["best"]
    versus = wrong["against"].pop(wrong["best"])
    wrong["against"][puzzle["best"]] = {**versus, "mean": -versus["mean"]}
    problems = recheck(wrong)
    assert problems and f"{wrong['best']} beats {puzzle['best']} by -" in problems[0]


def test_a_recheck_is_sized_by_the_lead_it_checks() -> None:
    close = {"against": {"GR": {"mean": 0.11, "spread": 0.4}, "CL": {"mean": 0.5, "spread": 0.5}}}
    clear = {"against": {"GR": {"mean": 0.6, "spread": 0.5}}}
    assert recheck_orders(clear) == 64 < recheck_orders(close) <= 1024


def test_choose_takes_turns_between_ideas_and_at_most_two_a_game() -> None:
    kept = [
        {"seed": seed, "idea": idea, "margin": margin}
        for seed, idea, margin in [
            (1, "kill", 0.5), (1, "kill", 0.4), (1, "kill", 0.3), (2, "kill", 0.2),
            (3, "shield", 0.11), (4, "draw", 0.12), (5, "kill", 0.13),
        ]
    ]  # fmt: skip
    chosen = choose(kept, 6)
    assert [(p["idea"], p["seed"]) for p in chosen] == [
        ("kill", 1),
        ("shield", 3),
        ("draw", 4),
        ("kill", 1),
        ("kill", 2),
        ("kill", 5),
    ]


def test_the_pipeline_writes_the_file_then_its_views_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tiny run on quick bots and few orders, keeping any lead, in this process."""
    monkeypatch.setattr(puzzles, "BOTS", ("sensible", "sensible"))
    monkeypatch.setattr(puzzles, "FIRST_LOOKS", ((16, 0.0),))
    monkeypatch.setattr(puzzles, "THRESHOLD", -1.0)
    out, keep = tmp_path / "puzzles.json", tmp_path / "games.jsonl"
    common = ["--out", str(out), "--jobs", "1"]
    sizes = ["--games", "2", "--count", "3", "--orders", "32"]
    assert main([*sizes, *common, "--keep", str(keep)]) == 0
    written = json.loads(out.read_text())
    assert len(written["puzzles"]) == 3 and written["orders"] == 32
    assert written["command"] == "python -m analysis.puzzles --games 2 --count 3 --orders 32"
    news = capsys.readouterr().err
    assert "2 of 2 games:" in news and "done in" in news
    out.unlink()
    assert main([*sizes, *common, "--keep", str(keep)]) == 0  # nothing played again
    assert "2 games taken from" in capsys.readouterr().err
    assert json.loads(out.read_text()) == written
    out.write_text(out.read_text().replace(written["puzzles"][0]["why"], "stale"))
    assert main(["--views-only", *common, "--quiet"]) == 0
    assert json.loads(out.read_text()) == written


def test_the_command_line_refuses_what_it_cannot_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.json"
    for argv in (["--check", "--out", str(missing)], ["--games", "0"], ["--count", "x"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
    errors = capsys.readouterr().err
    assert "no puzzles to read" in errors and "must be at least 1" in errors
    assert "not a whole number" in errors and "Traceback" not in errors
    monkeypatch.setattr(puzzles, "BOTS", ("sensible", "sensible"))
    monkeypatch.setattr(puzzles, "FIRST_LOOKS", ((8, 2.0),))  # nothing passes
    with pytest.raises(SystemExit, match="only 0 puzzles of the 2 asked for"):
        main(["--games", "1", "--count", "2", "--out", str(missing), "--jobs", "1", "--quiet"])
    assert not missing.exists()
