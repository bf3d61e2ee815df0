"""Move notation, the legal-move view, refusals that leave the game unchanged, and the text."""

from __future__ import annotations

import copy
import pickle

import pytest
from marvin_helpers import game, snapshot

from pirate_rules.errors import IllegalMoveError, InvalidMoveError
from pirate_rules.marvin import DRAW, LegalMoves, MarvinGame, Move, RandomBot
from pirate_rules.marvin.moves import KINDS

ALL_MOVES = sorted(set(Move._interned.values()), key=str)
RULES = {f"M{n}" for n in range(1, 19)}


def test_there_are_28_distinct_moves() -> None:
    assert len(ALL_MOVES) == 28
    assert {move.kind for move in ALL_MOVES} == set(KINDS)


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_notation_round_trips(move: Move) -> None:
    assert Move.parse(str(move)) is move
    assert Move.parse(str(move).lower()) is move
    assert eval(repr(move)) is move
    assert copy.copy(move) is move and copy.deepcopy(move) is move
    assert pickle.loads(pickle.dumps(move)) is move


def test_move_fields() -> None:
    ship = Move.parse("ship GR CL")
    assert (ship.kind, ship.position, ship.to, ship.prize) == ("ship", "GR", "CL", None)
    take = Move.parse("take fort")
    assert (take.kind, take.position, take.to, take.prize) == ("take", None, None, "fort")
    assert (DRAW.kind, DRAW.position, str(DRAW)) == ("draw", None, "draw")
    assert Move.parse("target gl") is Move.target("GL") is Move.parse("GL")
    assert ship.is_power and Move.cave("CL").is_power and not DRAW.is_power


def test_moves_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Move.target("GL").position = "GR"  # type: ignore[misc]


@pytest.mark.parametrize(
    "text", ["", "GX", "ship GL", "ship GL CR CL", "take gold", "hit", "cave", "draw GL", "XX GL"]
)
def test_unreadable_notation_is_invalid_and_quoted(text: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        Move.parse(text)
    assert repr(text) in str(caught.value)


def test_constructors_check_their_arguments() -> None:
    with pytest.raises(InvalidMoveError, match="two different positions"):
        Move.ship("GL", "GL")
    with pytest.raises(InvalidMoveError, match="not a position: 'ZZ'"):
        Move.cave("ZZ")
    with pytest.raises(InvalidMoveError, match="not a prize: 'gold'"):
        Move.take("gold")
    with pytest.raises(InvalidMoveError):
        Move.parse(7)  # type: ignore[arg-type]


def test_legal_moves_view() -> None:
    game_ = game("KS 7H")
    game_.play("take ship", "GL")
    moves = game_.legal_moves
    assert isinstance(moves, LegalMoves) and isinstance(moves, tuple)
    assert len(moves) == len(set(moves)) == len(list(moves))
    assert moves[-1] is DRAW
    assert "draw" in moves and "ship CL GL" in moves and "ship GL CL" in moves
    assert "cave CL" not in moves and "nonsense" not in moves and 3 not in moves
    assert str(moves).startswith("ship GL GR, ship GL CL")
    assert repr(moves).startswith("<LegalMoves: ship GL GR")


def test_game_accepts_moves_and_notation() -> None:
    a, b = game("9C 7H"), game("9C 7H")
    a.push(Move.target("GL"))
    b.play("gl")
    assert a._state() == b._state()
    with pytest.raises(InvalidMoveError):
        a.play("GX")


def _decision_points(seed: int, limit: int = 400) -> list[MarvinGame]:
    game_ = MarvinGame.from_seed(seed)
    bot = RandomBot(seed=seed)
    points = []
    while not game_.is_game_over() and len(points) < limit:
        points.append(game_.copy())
        game_.push(bot.choose(game_, game_.to_move))
    points.append(game_)
    return points


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_is_either_legal_or_refused_with_a_rule(seed: int) -> None:
    for point in _decision_points(seed):
        before = (point._state(), point._rng.getstate(), str(point))
        for move in ALL_MOVES:
            if move in point.legal_moves:
                after = point.copy()
                after.push(move)
                assert after.turn > point.turn or after.phase != point.phase
            else:
                with pytest.raises(IllegalMoveError) as caught:
                    point.push(move)
                assert caught.value.rule in RULES
                assert (point._state(), point._rng.getstate(), str(point)) == before


def test_refusal_leaves_record_log_and_text_unchanged() -> None:
    game_ = game("KS 7H JS 8H")
    game_.play("take cave", "GL", "cave CL", "take ship", "GL")
    before = snapshot(game_)
    for move in ("ship CL GL", "ship GR CL", "cave CR", "fort GL", "GL", "take cave"):
        with pytest.raises(IllegalMoveError):
            game_.push(move)
    assert snapshot(game_) == before


def test_copy_is_independent() -> None:
    game_ = game("9C 7H")
    twin = game_.copy()
    assert twin._state() == game_._state()
    twin.play("GL")
    assert twin._state() != game_._state()
    assert game_.sides[1].hit_points("GL") == 4


TABLE = """\
Mum         prizes: ship
  CR 4 hp                 CL 3 hp
  GR 4 hp shield          GL empty
  ----------------------------------
  GL 3 hp                 GR 4 hp
  CL 4 hp shield hidden   CR 4 hp
Marvin      prizes: cave
bank: fort | draw pile: 47 | discard pile: 7
turn 8: Mum may use a prize power, or draw"""


def test_table_text() -> None:
    game_ = game("8H KS KH 2H 2S 7H 7D")
    game_.play("GL", "take ship", "take cave", "draw", "GR", "draw", "CL", "draw", "GL")
    game_.play("cave CL", "CL")
    assert str(game_) == TABLE
    assert str(game_).isascii()


def test_repr_and_status() -> None:
    game_ = game("9C")
    assert repr(game_) == "<MarvinGame: turn 1: Marvin drew 9C: choose a target to slash (2 hits)>"
    assert repr(MarvinGame.stacked("KS")).startswith("<MarvinGame: turn 1: Player 1 drew KS")
