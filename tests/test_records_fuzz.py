"""Fuzzing the record readers: any input gets exit status 0, 1 or 2 and at most one line.

Records are built from the format (RECORDS.md), from real games and from the format's
own pieces, then mutated: keys dropped, values replaced by any JSON, lists cut short or
stretched, unknown keys added, and the text itself cut or altered. Whatever comes out,
``pirate-rules replay`` answers with one line (or a summary when the record is good),
never a traceback, within a second of CPU time.
"""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pirate_rules.cards import standard_deck
from pirate_rules.cli import main
from pirate_rules.marvin import to_record as marvin_record
from pirate_rules.pirate import to_record as pirate_record
from pirate_rules.simulate import play_match

CARDS = [str(card) for card in standard_deck()]
POSITIONS = ["GL", "GR", "CL", "CR"]

GAMES = [marvin_record(play_match("marvin", seed)) for seed in range(3)] + [
    pirate_record(play_match("pirate", seed)) for seed in range(2)
]
"""Real records, one of each kind at least: mutations of them reach deep into replay."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from([*CARDS[:8], "JK", "TT", "GL", "cave", "1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=4),
    max_leaves=12,
)  # fmt: skip

turns = st.fixed_dictionaries(
    {"card": st.sampled_from([*CARDS, "JK"])},
    optional={
        "target": st.sampled_from(POSITIONS),
        "take": st.sampled_from(["cave", "ship", "fort"]),
        "prize": st.fixed_dictionaries(
            {"power": st.sampled_from(["ship", "cave", "fort"])},
            optional={n: st.sampled_from(POSITIONS) for n in ("from", "to", "hide", "shield")},
        ),
        "reshuffle": st.lists(st.sampled_from(CARDS), max_size=6),
        "note": st.text(max_size=5),
    },
)
marvin_shaped = st.fixed_dictionaries(
    {
        "game": st.just("marvins-pirates-go"),
        "format": st.just(1),
        "players": st.lists(st.text(min_size=1, max_size=4), min_size=2, max_size=2),
        "options": st.fixed_dictionaries({"jokers": st.integers(0, 2)}),
        "first": st.integers(0, 1),
        "deck": st.permutations([*CARDS, "JK", "JK"]),
        "turns": st.lists(turns, max_size=8),
    },
    optional={"result": st.fixed_dictionaries({"winner": st.integers(0, 1)})},
)
pirate_shaped = st.fixed_dictionaries(
    {
        "game": st.just("pirate"),
        "format": st.just(1),
        "players": st.lists(st.text(min_size=1, max_size=4), min_size=2, max_size=2),
        "low": st.integers(0, 1),
        "stocks": st.tuples(st.permutations(CARDS), st.permutations(CARDS)).map(list),
        "moments": st.lists(st.text("TPCW", min_size=2, max_size=2), max_size=30),
    },
    optional={
        "result": st.fixed_dictionaries(
            {
                "ships": st.lists(st.integers(0, 5), min_size=2, max_size=2),
                "sunk": st.integers(0, 3),
                "winner": st.none() | st.integers(0, 1),
            }
        )
    },
)
records = (
    st.sampled_from(GAMES).map(lambda r: json.loads(json.dumps(r)))
    | marvin_shaped
    | (pirate_shaped)
)


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    """A record, then up to three changes somewhere inside it."""
    data = draw(records)
    for _ in range(draw(st.integers(0, 3))):
        parent: Any = None
        key: Any = None
        node: Any = data
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            keys = sorted(node) if isinstance(node, dict) else range(len(node))
            parent, key = node, draw(st.sampled_from(keys))
            node = node[key]
        action = draw(st.sampled_from(["replace", "drop", "cut", "stretch", "extra", "bool"]))
        if parent is None:
            if action == "replace":
                data = draw(json_values)
            continue
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "drop" and isinstance(parent, dict):
            del parent[key]
        elif action == "cut" and isinstance(node, list):
            del node[draw(st.integers(0, len(node))) :]
        elif action == "stretch" and isinstance(node, list) and node:
            node.extend(node[: draw(st.integers(1, 3))])
        elif action == "extra" and isinstance(node, dict):
            node[draw(st.text(max_size=5))] = draw(json_values)
        elif action == "bool":
            parent[key] = draw(st.booleans())
    return data


@st.composite
def texts(draw: st.DrawFn) -> bytes:
    """The JSON text of a mutated record, sometimes cut short or with a byte changed."""
    text = json.dumps(draw(mutated()), indent=draw(st.sampled_from([None, 1]))).encode()
    how = draw(st.sampled_from(["whole", "whole", "cut", "byte"]))
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "byte" and text:
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + bytes([draw(st.integers(0, 255))]) + text[at + 1 :]
    return text


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def replay(path: Path) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", str(path)])
    return status, out.getvalue(), err.getvalue(), time.process_time() - started


FUZZ = settings(
    max_examples=150,
    deadline=None,  # timed below in CPU seconds: the machine may be busy
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(text=texts())
def test_any_record_gets_a_summary_or_one_line(folder: Path, text: bytes) -> None:
    path = folder / "record.json"
    path.write_bytes(text)
    status, out, err, seconds = replay(path)
    event(f"exit status {status}: {err.split(':')[2].strip()[:20] if status else 'replays'}")
    assert status in (0, 1), err
    if status:
        assert out == ""
        assert err.startswith("pirate-rules: error: ") and err.count("\n") == 1, err
    else:
        assert err == "" and out.count("\n") == 1
    assert "Traceback" not in err
    assert seconds < 1


@settings(FUZZ, max_examples=40)
@given(lines=st.lists(texts(), min_size=1, max_size=5))
def test_any_collection_gets_a_report(folder: Path, lines: list[bytes]) -> None:
    path = folder / "records.jsonl"
    path.write_bytes(b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\n")
    status, out, err, seconds = replay(path)
    assert status in (0, 1)
    assert "Traceback" not in err and err.count("\n") == status
    if any(line.strip() for line in lines):
        assert out.startswith(f"{path}: ")
    else:  # only blank lines: nothing to check, which is said
        assert out == "" and "holds no record: there was nothing to check" in err
    assert seconds < 1 + len(lines)


@st.composite
def deep(draw: st.DrawFn) -> bytes:
    """JSON nested hundreds or thousands deep, whole or cut, alone or inside a record."""
    depth = draw(st.integers(1, 3000))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('[{"x":', "}]")]))
    inner = draw(st.sampled_from(["1", "[]", '"AS"', "null"]))
    text = opener * depth + inner + closer * draw(st.integers(0, depth))
    if draw(st.booleans()):
        key = draw(st.sampled_from(["deck", "turns", "moments", "stocks", "players", "note"]))
        game = draw(st.sampled_from(["marvins-pirates-go", "pirate"]))
        text = f'{{"game": "{game}", "format": 1, "{key}": {text}}}'
    return text.encode()


@settings(FUZZ, max_examples=60)
@given(text=deep())
def test_any_depth_gets_one_line(folder: Path, text: bytes) -> None:
    path = folder / "deep.json"
    path.write_bytes(text)
    status, out, err, seconds = replay(path)
    assert status == 1 and out == ""
    assert err.startswith("pirate-rules: error: ") and err.count("\n") == 1, err
    assert seconds < 1


@settings(FUZZ, max_examples=6)
@given(
    extra=st.integers(-3, 3),
    where=st.sampled_from(["file", "line"]),
    game=st.sampled_from(GAMES[::3]),
)
def test_any_size_near_the_limit_gets_a_summary_or_one_line(
    folder: Path, extra: int, where: str, game: dict[str, Any]
) -> None:
    from pirate_rules.records import MAX_RECORD_BYTES

    text = json.dumps(game)
    padded = text[:-1] + " " * (MAX_RECORD_BYTES + extra - len(text.encode())) + "}"
    assert len(padded.encode()) == MAX_RECORD_BYTES + extra
    path = folder / ("big.json" if where == "file" else "big.jsonl")
    path.write_text(padded + ("\n" if where == "line" else ""))
    status, out, err, _ = replay(path)
    if extra <= 0:
        assert status == 0 and err == "", err
    else:
        size = f"{MAX_RECORD_BYTES + extra:,} bytes (the limit is {MAX_RECORD_BYTES:,})"
        assert status == 1 and f"record too large: {size}" in (out + err)
        assert err.count("\n") == 1
