"""The Marvin page's steps, saved games, share links and take-back (pirate_rules.web)."""

from __future__ import annotations

import json
import random
import re

import pytest

from pirate_rules import web
from pirate_rules.errors import PirateRulesError
from pirate_rules.web.marvin_table import table_json
from pirate_rules.web.sessions import find_session


def play_on(view: dict, rng: random.Random, moves: int) -> dict:
    """Play ``moves`` moves: the human's at random, the computer's by its bot."""
    for _ in range(moves):
        if view["outcome"]:
            break
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
        else:
            view = web.marvin_move(view["id"], rng.choice(view["legal"])["move"])
    return view


@pytest.mark.parametrize("seed", range(12))
def test_every_step_table_leads_to_the_games_own_table(seed: int) -> None:
    rng = random.Random(seed)
    view = web.marvin_new({"seed": seed, "mode": "two", "jokers": seed % 3})
    kinds = set()
    while not view["outcome"]:
        view = web.marvin_move(view["id"], rng.choice(view["legal"])["move"])
        assert view["steps"], "every move shows at least one step"
        for step in view["steps"]:
            kinds.add(step["kind"])
            assert step["rule"] and step["href"].startswith("rules/marvin/#M")
            assert step["text"]
        assert view["steps"][-1]["table"] == view["table"]
    assert view["steps"][-1]["kind"] == "win"
    assert {"draw", "win"} <= kinds
    json.dumps(view)


def test_steps_show_each_thing_that_happened_in_order() -> None:
    kinds: list[str] = []
    for seed in range(40):
        view = web.marvin_new({"seed": seed, "mode": "watch", "bots": ["sensible", "random"]})
        while not view["outcome"]:
            view = web.marvin_bot_move(view["id"])
            kinds.extend(step["kind"] for step in view["steps"])
    for kind in ("draw", "hit", "slash", "kill", "shield", "take", "lost", "ship", "cave",
                 "fort", "return", "reshuffle", "win"):  # fmt: skip
        assert kind in kinds, kind


def test_a_first_turn_played_by_the_computer_is_shown_and_logged() -> None:
    view = web.marvin_new({"seed": 48082, "mode": "computer"})
    assert view["turn"] == 2
    texts = [step["text"] for step in view["steps"]]
    assert any(text.startswith("Turn 1: Computer draws JK") for text in texts)
    assert view["steps"][-1]["table"] == view["table"]
    assert view["log"][0]["kind"] == "start"
    assert view["log"][1]["text"].startswith("Turn 1: Computer draws JK")
    assert view["log"][1]["family"] == "Joker! The computer misses a turn."


def test_a_game_comes_back_from_its_keep_at_the_same_point() -> None:
    rng = random.Random(5)
    view = play_on(web.marvin_new({"seed": 77, "mode": "computer", "bot": "sensible"}), rng, 25)
    keep = json.loads(json.dumps(view["keep"]))
    again = web.marvin_new(keep)
    assert again["text"] == view["text"] and again["keep"] == keep
    # The same log, line for line, the computer's reasons too.
    assert find_session(again["id"]).log == find_session(view["id"]).log
    assert {line["kind"] for line in again["log"]} == {"start", "event", "reason"}
    # The computer goes on exactly as it would have.
    original, copy = find_session(view["id"]), find_session(again["id"])
    rng_a, rng_b = random.Random(9), random.Random(9)
    a, b = play_on(view, rng_a, 30), play_on(again, rng_b, 30)
    assert a["text"] == b["text"]
    assert original.game.log == copy.game.log


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"mode": "two", "moves": ["AS"]}, "move 1 of 1, 'AS', cannot be played: not a move"),
        ({"mode": "two", "moves": ["take cave"]}, "move 1 of 1, 'take cave', cannot be played"),
        ({"moves": ["draw"]}, "move 1 of 1, 'draw', cannot be played: Computer has already"),
        ({"moves": "draw GL"}, "moves must be a list"),
        ({"mode": "chess"}, "unknown mode 'chess'"),
        ({"seed": "abc"}, "the seed must be a whole number"),
        ({"jokers": 7}, "jokers"),
        ({"bot": "genius"}, "unknown marvin bot 'genius'"),
    ],
)
def test_a_damaged_keep_gets_one_clear_line(change: dict, words: str) -> None:
    keep = {"seed": 4, "mode": "computer", "bot": "random", **change}
    answer = json.loads(web.call_json("marvin_new", json.dumps([keep])))
    assert words in answer["error"]["message"]
    assert "\n" not in answer["error"]["message"]


def test_moves_after_the_end_are_refused() -> None:
    view = web.marvin_new({"seed": 8, "mode": "watch", "bots": ["random", "random"]})
    while not view["outcome"]:
        view = web.marvin_bot_move(view["id"])
    keep = {**view["keep"], "moves": [*view["keep"]["moves"], "draw"]}
    with pytest.raises(PirateRulesError, match="the game is already over"):
        web.marvin_new(keep)


def test_take_back_returns_to_your_last_choice_and_the_computer_answers_the_same() -> None:
    rng = random.Random(3)
    view = play_on(web.marvin_new({"seed": 21, "mode": "computer", "bot": "random"}), rng, 12)
    while view["computer_to_move"]:
        view = web.marvin_bot_move(view["id"])
    before = view
    mine = view["legal"][0]["move"]
    after = play_on(web.marvin_move(view["id"], mine), random.Random(0), 0)
    while after["computer_to_move"]:
        after = web.marvin_bot_move(after["id"])
    back = web.marvin_undo(after["id"])
    assert back["text"] == before["text"] and back["keep"] == before["keep"]
    assert back["undone"] == mine and back["id"] == before["id"]
    again = web.marvin_move(back["id"], mine)
    while again["computer_to_move"]:
        again = web.marvin_bot_move(again["id"])
    assert again["text"] == after["text"]


def test_take_back_needs_a_move_of_yours() -> None:
    view = web.marvin_new({"seed": 2, "mode": "watch"})
    view = web.marvin_bot_move(view["id"])
    assert not view["can_undo"]
    with pytest.raises(PirateRulesError, match="no move of yours"):
        web.marvin_undo(view["id"])


def test_the_view_table_is_the_games_table() -> None:
    view = web.marvin_new({"seed": 12, "mode": "two"})
    assert view["table"] == table_json(find_session(view["id"]).game)


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "computer", "bot": "cheating-oracle"},
        {"mode": "computer", "bot": "pirate_rules.marvin.oracle:CheatingOracleBot"},
        {"mode": "watch", "bots": ["expert", "cheating-oracle"]},
        {"mode": "watch", "bots": ["pirate_rules.marvin.bots:CheatingOracleBot", "random"]},
    ],
)
def test_a_bot_that_cheats_is_refused_even_when_named_directly(options: dict) -> None:
    with pytest.raises(
        PirateRulesError, match=r"cheats \(it reads hidden cards\), so it never plays here"
    ) as refused:
        web.marvin_new({"seed": 4, **options})
    assert "cheating-oracle" not in str(refused.value).partition("choose from")[2]
    answer = json.loads(web.call_json("marvin_new", json.dumps([{"seed": 4, **options}])))
    assert answer["error"]["kind"] == "PirateRulesError"
    assert "\n" not in answer["error"]["message"]


def test_every_offered_bot_is_accepted_and_an_unknown_one_is_refused() -> None:
    for name in web.offered_bots("marvin"):
        view = web.marvin_new({"seed": 4, "mode": "computer", "bot": name})
        assert view["id"]
    with pytest.raises(PirateRulesError, match="unknown marvin bot 'nobody'"):
        web.marvin_new({"seed": 4, "mode": "computer", "bot": "nobody"})


# -- family words, taps and the child's own draw ---------------------------------------

JARGON = re.compile(r"->|\bHP\b|\b[GC][LR]\b|\b[2-9TJQKA][SHDC]\b|\bI\b|legal")


def games(seeds: range, mode: str = "computer") -> list[dict]:
    """Every view of games against the computer (or watched), the person playing at random."""
    views = []
    for seed in seeds:
        rng = random.Random(seed)
        options = {"seed": seed, "mode": mode, "bot": "sensible", "bots": ["sensible", "random"]}
        view = web.marvin_new(options)
        views.append(view)
        while not view["outcome"]:
            if view["computer_to_move"]:
                view = web.marvin_bot_move(view["id"])
            else:
                view = web.marvin_move(view["id"], rng.choice(view["legal"])["move"])
            views.append(view)
    return views


def test_the_family_words_hold_no_jargon_and_no_self_talk() -> None:
    views = games(range(8)) + games(range(3), "watch")
    sentences = {step["family"] for view in views for step in view["steps"]}
    sentences |= {view["headline"] for view in views} | {view["say"] for view in views}
    sentences |= {line["family"] for view in views for line in view["log"] if line["family"]}
    assert len(sentences) > 60
    for sentence in sentences:
        assert not JARGON.search(sentence), sentence
        assert sentence[0].isupper() and sentence[-1] in ".!…", sentence
    for line in (line for view in views for line in view["log"]):
        assert (line["family"] is None) == (line["kind"] == "reason"), line
    # The computer's own words are kept for the details, never lost.
    assert any(line["kind"] == "reason" for view in views for line in view["log"])


def test_the_computer_is_named_by_its_level_and_the_oracle_never() -> None:
    assert [(level["bot"], level["name"]) for level in web.info()["marvin_levels"]] == [
        ("random", "Easy"),
        ("sensible", "Medium"),
        ("expert", "Hard"),
    ]
    for bot, level in (("random", "Easy"), ("sensible", "Medium"), ("expert", "Hard")):
        view = web.marvin_new({"seed": 3, "mode": "computer", "bot": bot})
        assert view["players"][1]["level"] == level
    assert "cheating-oracle" not in {level["bot"] for level in web.info()["marvin_levels"]}


def test_every_move_is_picked_by_taps_and_each_tap_means_one_thing() -> None:
    offered = set()
    for view in games(range(12)):
        legal = view["legal"]
        singles = {choice["element"] for choice in legal if choice["element"]}
        pairs = [frozenset(choice["places"]) for choice in legal if not choice["element"]]
        assert len(pairs) == len(set(pairs)), "two taps must name one move"
        for choice in legal:
            offered.add(choice["kind"])
            if choice["element"]:
                # One tap plays it: no other move names that place.
                assert sum(choice["element"] in other["places"] for other in legal) == 1
            else:
                assert len(choice["places"]) == 2 and not set(choice["places"]) & singles
    assert {"ship", "cave", "fort", "target", "take", "draw"} <= offered


def test_a_persons_draw_waits_for_their_tap_and_their_lost_turn_is_held() -> None:
    views = games(range(10))
    steps = [(view, step) for view in views for step in view["steps"]]
    waits = [step for _, step in steps if step["wait"]]
    assert waits and all(step["kind"] == "draw" and step["seat"] == 0 for step in waits)
    assert all(step["prompt"] == "Your turn: draw a card." for step in waits)
    # The computer's draws, and a draw the person asked for, show at once.
    assert all(not step["wait"] for _, step in steps if step["seat"] == 1)
    asked = [v for v in views if v["steps"] and v["keep"]["moves"][-1:] == ["draw"]]
    assert any(v["steps"][0]["seat"] == 0 for v in asked)
    assert all(not v["steps"][0]["wait"] for v in asked if v["steps"][0]["seat"] == 0)
    held = [step for _, step in steps if step["hold"]]
    assert held and all(step["seat"] == 0 and step["kind"] in ("lost", "idle") for step in held)
    assert all(not step["wait"] for view in games(range(3), "watch") for step in view["steps"])


def test_what_the_computer_did_comes_before_the_childs_prompt() -> None:
    view = web.marvin_new({"seed": 2, "mode": "computer", "bot": "random"})
    assert view["computer_to_move"]  # the computer plays first
    while view["computer_to_move"]:
        view = web.marvin_bot_move(view["id"])
    said = [step["say"] for step in view["steps"]]
    assert said == ["The computer hit your guard!", "Your turn: draw a card."]
    assert view["say"] == view["headline"]  # said once the card is drawn
    assert view["headline"].startswith("You drew the ")


def test_the_voice_tells_every_step_of_the_computers_turn_in_order() -> None:
    """Seed 4242 against Easy: the computer uses the Ship and then hits, and later takes
    the child's Cave, which brings the child's captain back: each is said, in order."""
    view = web.marvin_new({"seed": 4242, "mode": "computer", "bot": "random"})
    turns: list[list[str]] = []
    while not view["outcome"] and len(turns) < 40:
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
            turns.append([step["say"] for step in view["steps"]])
            continue
        powers = [c for c in view["legal"] if c["kind"] in ("cave", "take")]
        view = web.marvin_move(view["id"], (powers or view["legal"])[0]["move"])
        assert all(step["say"] for step in view["steps"] if step["kind"] != "draw")
    assert ["The computer took the Cave from you!", "Your captain came out of the Cave.",
            "Your turn: draw a card."] in turns  # fmt: skip
    ship = next(said for said in turns if said[0].startswith("The computer used the Ship"))
    assert ship[1].startswith("The computer drew the ")


def test_a_game_kept_while_a_draw_waits_comes_back_waiting_for_that_draw() -> None:
    """The page keeps (and shares) a waiting draw's ``keep``: opened again, the game shows
    the table before that draw and waits for the tap, and the steps after it lead to
    the very view the page would have drawn."""
    rng = random.Random(3)
    view = web.marvin_new({"seed": 4242, "mode": "computer", "bot": "random"})
    waits = []  # each waiting draw's keep, with the view it was part of
    while not view["outcome"] and len(waits) < 12:
        waits += [(index, view) for index, step in enumerate(view["steps"]) if step["wait"]]
        if view["computer_to_move"]:
            view = web.marvin_bot_move(view["id"])
        else:
            view = web.marvin_move(view["id"], rng.choice(view["legal"])["move"])
    assert len(waits) >= 5
    for index, waited in waits:
        again = web.marvin_new(waited["steps"][index]["keep"])
        assert again["steps"] == waited["steps"][index:]
        before = waited["steps"][index - 1]["table"] if index else waited["dealt"]
        assert again["dealt"] == before and again["table"] == waited["table"]
        assert again["keep"] == waited["keep"] and "shown" not in again["keep"]
        shown = [line["n"] for line in again["log"][: again["log_shown"]]]
        assert shown == list(range(again["log_shown"]))
        assert all(step["line"] is None or step["line"] >= again["log_shown"]
                   for step in again["steps"])  # fmt: skip
    keep = {**view["keep"], "shown": 0}
    with pytest.raises(PirateRulesError, match="not a draw that waits"):
        web.marvin_new(keep)


def test_a_taken_back_game_logs_as_a_replayed_one() -> None:
    rng = random.Random(4)
    view = play_on(web.marvin_new({"seed": 30, "mode": "computer", "bot": "random"}), rng, 20)
    while view["computer_to_move"]:
        view = web.marvin_bot_move(view["id"])
    back = web.marvin_undo(view["id"])
    again = web.marvin_new(back["keep"])
    assert back["log"] == again["log"]
    assert [line["n"] for line in back["log"]] == list(range(len(back["log"])))
