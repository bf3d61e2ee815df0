"""The rules of thumb of the ``sensible`` bot, one exact situation each."""

from __future__ import annotations

from marvin_helpers import game as new_game

from pirate_rules.marvin import MarvinGame, Move
from pirate_rules.marvin.heuristics import SensibleBot, describe, pick, why
from pirate_rules.marvin.table import POSITIONS


def set_pirate(game: MarvinGame, player: int, position: str, hp: int, shield: bool = False) -> None:
    """Give a standing pirate ``hp`` hit points (1 to 4) and a shield or none."""
    assert 1 <= hp <= 4
    side = game.sides[player]
    i = POSITIONS.index(position)
    side._hp[i] = hp
    side._shields = side._shields | 1 << i if shield else side._shields & ~(1 << i)


def chosen(game: MarvinGame) -> tuple[str, str]:
    bot = SensibleBot()
    move = bot.choose(game, game.to_move)
    assert move in game.legal_moves
    return str(move), bot.reason


def test_a_hit_finishes_a_pirate_with_one_hit_point_and_no_shield() -> None:
    game = new_game("AC")
    set_pirate(game, 1, "GL", 2)
    set_pirate(game, 1, "GR", 1)
    move, reason = chosen(game)
    assert move == "GR"
    assert reason == (
        "I hit Mum's GR because it has 1 hit point left and no shield,"
        " which opens the way to its captain CR."
    )


def test_a_hit_with_nothing_to_finish_goes_to_the_weakest() -> None:
    game = new_game("AC")
    set_pirate(game, 1, "GL", 1, shield=True)
    set_pirate(game, 1, "GR", 3)
    assert chosen(game) == (
        "GL",
        "I hit Mum's GL to break its shield: it is the weakest pirate I can reach.",
    )
    set_pirate(game, 1, "GL", 4, shield=True)
    assert chosen(game) == (
        "GR",
        "I hit Mum's GR: it is the weakest pirate I can reach (3 hit points),"
        " so it should faint soon.",
    )


def test_an_eight_knocks_out_the_strongest() -> None:
    game = new_game("8C")
    set_pirate(game, 1, "GL", 2)
    set_pirate(game, 1, "GR", 4, shield=True)
    move, reason = chosen(game)
    assert move == "GR"
    assert reason.startswith("I knock out Mum's GR with the 8: at 4 hit points and a shield")


def test_a_slash_makes_a_pirate_faint_if_two_hits_are_enough() -> None:
    game = new_game("9C")
    set_pirate(game, 1, "GL", 1)
    set_pirate(game, 1, "GR", 1, shield=True)
    move, reason = chosen(game)
    assert move == "GR", "two hits on 1 hit point and a shield waste nothing"
    assert reason.startswith("I slash Mum's GR: the 2 hits make it faint")


def test_a_shield_goes_to_the_pirate_most_at_risk() -> None:
    game = new_game("2H")
    set_pirate(game, 0, "GL", 3)
    set_pirate(game, 0, "GR", 1)
    set_pirate(game, 0, "CL", 1)
    assert chosen(game) == ("GR", "I shield my GR: it has 1 hit point and Mum can reach it.")


def test_a_face_card_takes_the_fort_from_the_opponent() -> None:
    game = new_game("AH KS QS")
    game.play("GL", "take fort")
    assert chosen(game) == ("take fort", "I take the Fort from Mum: it helps me and hurts them.")


def test_taking_the_cave_brings_a_hidden_pirate_back() -> None:
    game = new_game("KS JK 2H QS")
    game.play("take cave", "cave CL", "GL")
    assert chosen(game) == (
        "take cave",
        "I take the Cave from Marvin, which brings their hidden CL back into reach.",
    )


def test_the_fort_shields_a_guard() -> None:
    game = new_game("KS JK")
    game.play("take fort")
    set_pirate(game, 0, "GR", 2)
    assert chosen(game) == (
        "fort GR",
        "I use the Fort to shield my guard GR, which has 2 hit points.",
    )


def test_the_cave_hides_a_healthy_captain_in_reach() -> None:
    game = new_game("KS 8H")
    game.play("take cave", "GL")
    assert chosen(game) == (
        "cave CL",
        "I hide my captain CL in the Cave: it has 4 hit points and Mum can reach it.",
    )


def test_the_ship_puts_a_fresh_captain_in_front_of_a_weak_guard() -> None:
    game = new_game("KS 9H")
    game.play("take ship", "GL")
    move, reason = chosen(game)
    assert move == "ship GL CL"
    assert reason == (
        "I use the Ship to swap my guard GL (2 hit points) with my captain CL"
        " (4 hit points), so that the stronger pirate stands in front."
    )


def test_the_ship_fills_an_empty_guard_position_for_the_fort() -> None:
    game = new_game("KS JK QS 8H")
    game.play("take fort", "draw", "take ship", "GL")
    assert game.sides[0]["GL"] is None and game.prizes(0) == ("ship", "fort")
    assert chosen(game) == (
        "ship CL GL",
        "I use the Ship to move my captain CL to the empty GL,"
        " so that the Fort can shield my guards again.",
    )


def test_no_useful_power_means_draw() -> None:
    game = new_game("KS JK")
    game.play("take ship")
    assert chosen(game) == ("draw", "I draw at once: no prize power helps me this turn.")


def test_a_single_choice_is_said_so() -> None:
    game = new_game("KS JK QS JK JS")
    game.play("take ship", "draw", "take fort", "draw")
    assert chosen(game) == ("take cave", "I take the Cave from the bank: it is my only choice.")


def test_pick_and_why_agree_with_the_bot() -> None:
    game = MarvinGame.from_seed(11, players=("Marvin", "Mum"))
    bot = SensibleBot()
    for _ in range(40):
        if game.is_game_over():
            break
        player = game.to_move
        move, reason = pick(game, player)
        assert bot.choose(game, player) is move
        assert bot.reason == why(game, player, move, reason)
        game.push(move)


def test_describe_names_every_kind_of_move() -> None:
    game = new_game("9C")
    assert describe(game, 0, Move.parse("draw")) == "draw without using a prize"
    assert describe(game, 0, Move.parse("cave CR")) == "hide my captain CR in the Cave"
    assert describe(game, 0, Move.parse("fort GL")) == "use the Fort to shield my guard GL"
    assert describe(game, 0, Move.parse("take ship")) == "take the Ship from the bank"
    game = new_game("8C 8D")
    game.play("GL", "GL")
    assert describe(game, 0, Move.parse("ship CL GL")) == "use the Ship to move CL to the empty GL"
