"""A :class:`~pirate_rules.logs.Log` reads as the list it stands for, however its entries
were sealed, changed or taken off."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pirate_rules.logs import BLOCK, Log

# What is done to a log: append an entry, seal it, change an entry, take the last off.
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("append"), st.integers(0, 9)),
        st.tuples(st.just("seal"), st.just(0)),
        st.tuples(st.just("set"), st.integers(0, 10 * BLOCK)),
        st.tuples(st.just("pop"), st.just(0)),
    ),
    max_size=6 * BLOCK,
)
ENDS = st.one_of(st.none(), st.integers(-8 * BLOCK, 8 * BLOCK))


def built(steps: list[tuple[str, int]]) -> tuple[Log[int], list[int]]:
    """A log and the plain list it should read as, after ``steps``."""
    log: Log[int] = Log()
    plain: list[int] = []
    for step, value in steps:
        if step == "append":
            log.append(value)
            plain.append(value)
        elif step == "seal":
            log.seal()
        elif plain and step == "set":
            log[value % len(plain)] = -value
            plain[value % len(plain)] = -value
        elif plain and step == "pop":
            assert log.pop() == plain.pop()
    return log, plain


@given(STEPS, ENDS, ENDS, st.sampled_from([None, 1, 2, -1, BLOCK + 1]))
def test_every_slice_of_a_log_is_the_same_slice_of_its_list(
    steps: list[tuple[str, int]], start: int | None, stop: int | None, step: int | None
) -> None:
    log, plain = built(steps)
    assert log[start:stop:step] == plain[start:stop:step]
    assert log == plain and len(log) == len(plain) and list(log) == plain


@given(STEPS, st.integers(-8 * BLOCK, 8 * BLOCK))
def test_every_index_of_a_log_is_the_same_entry_of_its_list(
    steps: list[tuple[str, int]], index: int
) -> None:
    log, plain = built(steps)
    if -len(plain) <= index < len(plain):
        assert log[index] == plain[index]
    else:
        try:
            log[index]
        except IndexError:
            pass
        else:
            raise AssertionError(f"log[{index}] of a log of {len(plain)} entries")
