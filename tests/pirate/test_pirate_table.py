"""The table in text (str) and the log."""

from __future__ import annotations

import re

from pirate_rules.pirate import PirateGame
from pirate_rules.pirate.bots import play_game


def test_str_of_a_new_game() -> None:
    game = PirateGame.from_seed(7, players=("Ann", "Ben"))
    assert str(game) == "\n".join(
        [
            "moment 0",
            "Ann (low):  stock 52, waste 0, captured 0",
            "Ben (high): stock 52, waste 0, captured 0",
            "spades   ship 1: Ann -   | Ben -",
            "hearts   ship 1: Ann -   | Ben -",
            "diamonds ship 1: Ann -   | Ben -",
            "clubs    ship 1: Ann -   | Ben -",
            "sunk 0",
        ]
    )
    assert repr(game) == "<PirateGame Ann vs Ben, moment 0>"


def test_str_marks_the_last_turned_card_observers_and_the_end(small) -> None:
    game = small("AH 2H 3H 4H 5H 6H", "KH QH JH TH 9H 8H 7H 5C")
    game.apply_moments("TT PP " * 6 + "WT")
    assert str(game).splitlines()[1:3] == [
        "Ann (low):  stock 0, waste 0, observing, captured 0",
        "Ben (high): stock 1, waste 1, top 7H (last turned), captured 0",
    ]
    game.apply_moment("WP")
    lines = str(game).splitlines()
    assert lines[1:3] == [
        "Ann (low):  stock 0, waste 0, observing, captured 0",
        "Ben (high): stock 1, waste 0, captured 1",
    ]
    assert lines[4] == "hearts   ship 2: Ann -   | Ben -"
    assert lines[-1] == "game over (P11): no card left can ever be placed; Ben wins, 1 ship to 0"


def test_str_with_long_names_and_ten_rank(small) -> None:
    game = PirateGame(
        stocks=("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "KD"), players=("Annabel", "Bo"), complete=False
    )
    game.apply_moments("TT PP " + "TW PW " * 9)
    lines = str(game).splitlines()
    assert lines[1:3] == [
        "Annabel (low): stock 0, waste 0, observing, captured 0",
        "Bo (high):     stock 0, waste 0, observing, captured 0",
    ]
    assert lines[3] == "spades   ship 1: Annabel A-T | Bo -"
    assert lines[5] == "diamonds ship 1: Annabel -   | Bo K"


LOG_LINES = {
    "cut": r"Ann cut \w\w, Ben cut \w\w: (Ann is low|Ben is low|equal ranks, cut again)",
    "restock": r"moment \d+: (Ann|Ben) turned the waste over as a new stock of (1 card|\d+ cards)",
    "claim": r"moment \d+: (Ann claimed Ben|Ben claimed Ann)'s \w\w",
    "clash": r"moment \d+: (Ann|Ben) claimed (\w\w) as (Ann|Ben) played it: \3's play stands",
    "capture": r"moment \d+: (Ann|Ben) captured the \w+ ship \(ship \d\)",
    "sink": r"moment \d+: the \w+ ship \(ship \d\) sank: both players put a card on it",
}


def test_log_lines_of_every_kind() -> None:
    kinds = set()
    for seed in range(40):
        game = play_game(("fast", "fast"), seed=seed, players=("Ann", "Ben"))
        for event, line in zip(game.events, game.log, strict=True):
            assert re.fullmatch(LOG_LINES[event.kind], line), line
            kinds.add(event.kind)
    assert kinds == set(LOG_LINES)


def test_draw_wording(small) -> None:
    game = small("AH 5C", "KH 9D")
    game.apply_moments("TT PP")
    assert str(game).splitlines()[-1] == (
        "game over (P11): no card left can ever be placed; a draw, 0 ships each"
    )
