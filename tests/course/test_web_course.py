"""The chapter pages' entry points (pirate_rules.web.course), called as the worker calls them.

Whatever the page sends, the answer is JSON: the checks with their rule links, the run
beside the real engine a few games at a time, the speed of each engine, or an error as
data; never an exception. What needs the learner's code asks for round trips to it,
which the tests carry as the page does (relaying.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from relaying import Carrier, call, carried
from wrong_solutions import MODEL

from pirate_rules.web import ENTRY_POINTS


def test_the_course_entry_points_are_registered() -> None:
    assert {"course_check", "course_answer", "course_agent", "course_compare", "course_next",
            "course_stop", "course_speed", "course_sizes"} <= set(ENTRY_POINTS)  # fmt: skip


def test_the_learner_s_worker_is_given_the_agent_and_its_clock_as_text() -> None:
    files = call("course_agent")["result"]
    assert set(files) == {"agent.py", "clock.py"}
    assert "def in_browser(" in files["agent.py"] and "class Watch" in files["clock.py"]
    assert "pirate_rules" not in "".join(
        line for line in files["agent.py"].splitlines() if line.startswith(("import", "from"))
    )


def test_check_answers_with_each_finding_and_the_links_of_its_rules() -> None:
    wrong = MODEL["my_engine.py"].replace(
        "    return piles.draw.pop(0)", "    return piles.draw.pop()"
    )
    asked = call("course_check", 1, wrong)["result"]
    assert asked["ask"]["batches"][0] == [
        {"do": "load", "source": wrong, "file": "my_engine.py", "seconds": 2.0}
    ]
    answer = carried({"result": asked}, Carrier())["result"]
    assert answer["title"] == "The deck and the draw" and answer["file"] == "my_engine.py"
    assert not answer["passed"] and answer["fault"] is None
    failing = [f for f in answer["findings"] if not f["ok"]]
    assert failing[0]["rule"] == "M9" and "draw() gives 'KD', not '7H'" in failing[0]["problem"]
    assert answer["rules"] == {"M1": "rules/marvin/#M1", "M9": "rules/marvin/#M9"}


def test_a_device_measured_slower_gives_each_call_into_the_file_as_many_times_longer() -> None:
    """The page sends how many times slower than usual it measured the device: the
    learner's Python is told the longer limit, and so is the page, which waits for the
    learner's worker that long and some more before it ends it from outside."""
    wrong = MODEL["my_engine.py"].replace(
        "    return piles.draw.pop(0)", "    return piles.draw.pop()"
    )
    usual = call("course_check", 1, wrong)["result"]["ask"]
    slower = call("course_check", 1, wrong, {"slower": 2.5})["result"]["ask"]
    assert usual["batches"][0][0]["seconds"] == 2.0 and usual["limit"] == 2.0 + 5.0
    assert slower["batches"][0][0]["seconds"] == 5.0 and slower["limit"] == 5.0 + 5.0
    answer = carried(call("course_check", 1, wrong, {"slower": 2.5}), Carrier())["result"]
    assert answer["call_seconds"] == 5.0 and not answer["passed"]
    run = call("course_compare", 2, MODEL["my_engine.py"], {"games": 1, "slower": 3})["result"]
    assert run["call_seconds"] == 6.0
    planned = call("course_next", run["id"], 0.05)["result"]["ask"]
    assert planned["batches"][0][0]["seconds"] == 6.0 and planned["limit"] == 6.0 + 5.0
    call("course_stop", run["id"])


def test_a_check_whose_answer_is_not_awaited_is_an_error_as_data() -> None:
    asked = call("course_check", 1, MODEL["my_engine.py"])["result"]
    error = call("course_answer", asked["id"], asked["ask"]["trip"] + 1, {"answers": []})
    assert "no answer for round trip" in error["error"]["message"]
    error = call("course_answer", asked["id"], asked["ask"]["trip"], {"answers": "yes"})
    assert "a list of answers per batch" in error["error"]["message"]
    assert "no run" in call("course_answer", "check-0", 1, {"answers": []})["error"]["message"]


def test_a_run_beside_the_engine_is_played_a_few_games_at_a_time() -> None:
    run = call("course_compare", 2, MODEL["my_engine.py"], {"games": 30, "seed": 7})["result"]
    assert run["total"] == 30 and run["first_seed"] == 7
    done = []
    carrier = Carrier()
    while True:
        answer = carried(call("course_next", run["id"], 0.05), carrier)["result"]
        done.append(answer["done"])
        if answer["finished"]:
            break
    assert answer["agreed"] and answer["disagreement"] is None and done[-1] == 30
    assert done == sorted(done)
    assert call("course_stop", run["id"])["result"] is True
    assert call("course_next", run["id"], 0.1)["error"]["kind"] == "PirateRulesError"


def test_a_disagreement_comes_with_its_rule_and_link() -> None:
    wrong = MODEL["my_engine.py"].replace(
        "    recall(enemy)\n    game.piles.discard.append(card)",
        "    game.piles.discard.append(card)",
    )
    run = call("course_compare", 5, wrong)["result"]
    carrier = Carrier()
    answer = carried(call("course_next", run["id"], 5.0), carrier)["result"]
    while not answer["finished"]:
        answer = carried(call("course_next", run["id"], 5.0), carrier)["result"]
    found = answer["disagreement"]
    assert found["rule"] == "M7" and found["link"] == "rules/marvin/#M7"
    assert found["text"].startswith("turn ")
    assert found["seed"] == run["first_seed"] + found["game"] - 1


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("course_check", [9, "x = 1\n"], "no chapter 9"),
        ("course_check", [True, "x = 1\n"], "no chapter True"),
        ("course_check", [1, 42], "the file must be text"),
        ("course_check", [1, "#" * 200_001], "longer than 200,000 characters"),
        ("course_compare", [1, "x = 1\n", {"games": 0}], "choose 1 to 2000 games"),
        ("course_check", [1, "x = 1\n", {"slower": 0.5}], "slower is 1 to 8, not 0.5"),
        ("course_check", [1, "x = 1\n", {"slower": 9}], "slower is 1 to 8, not 9"),
        ("course_check", [1, "x = 1\n", {"slower": "a lot"}], "slower must be a number"),
        ("course_check", [1, "x = 1\n", {"slower": True}], "slower must be a number"),
        ("course_compare", [1, "x = 1\n", [3]], "the options must be an object"),
        ("course_speed", ["fastest", None, 0.1], "no engine 'fastest'"),
    ],
)
def test_bad_requests_are_errors_as_data(name: str, args: list[Any], message: str) -> None:
    error = call(name, *args)["error"]
    assert message in error["message"]


def test_a_file_that_does_not_run_comes_back_with_its_lines() -> None:
    answer = call("course_check", 3, "import random\n\ndef effect(card)\n    return 'hit'\n")[
        "result"
    ]
    assert answer["fault"]["lines"] == [3] and "syntax error" in answer["fault"]["message"]
    speed = call("course_speed", "mine", "def new_game(:\n", 0.1)["result"]
    assert "syntax error" in speed["fault"]["message"]


def test_the_learner_s_engine_is_measured_where_it_runs() -> None:
    asked = call("course_speed", "mine", MODEL["my_engine.py"], 0.2)["result"]
    assert [[m["do"] for m in batch] for batch in asked["ask"]["batches"]] == [["load"], ["speed"]]
    broken = MODEL["my_engine.py"].replace(
        "def legal_moves(game: Game) -> list[str]:\n",
        "def legal_moves(game: Game) -> list[str]:\n    if game.turn > 3:\n        return []\n",
    )
    told = carried(call("course_speed", "mine", broken, 0.2), Carrier())["result"]
    assert told["engine"] == "mine"
    assert told["fault"]["message"].startswith("your game() raised ValueError: not a legal move")


def test_speeds_and_sizes_of_both_engines() -> None:
    mine = carried(call("course_speed", "mine", MODEL["my_engine.py"], 0.2), Carrier())["result"]
    real = call("course_speed", "real", None, 0.2)["result"]
    assert mine["games"] >= 1 and real["games"] >= 1 and real["turns"] > real["games"]
    sizes = call("course_sizes", MODEL["my_engine.py"])["result"]
    assert sum(sizes["mine"].values()) <= 250 < sum(sizes["real"].values())
