"""The process runner: a fresh child, framed plain messages, deadlines, faults in words,
and nothing left running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pirate_rules import process
from pirate_rules.process import CAPTURE, Channel, Child, ChildError, Fault

RUNNER = str(Path(process.__file__))

LOAD = textwrap.dedent(
    """
    import importlib.util, os, sys, time, signal
    spec = importlib.util.spec_from_file_location("process", sys.argv[1])
    process = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(process)
    channel = process.connect()
    """
)


def child(code: str, **kwargs: object) -> Child:
    """A ``python -I -S`` child that loads the runner by its path, then runs ``code``."""
    return Child.python("-c", LOAD + textwrap.dedent(code), RUNNER, **kwargs)  # type: ignore[arg-type]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def descendants_gone(pids: list[int]) -> bool:
    return not any(alive(pid) for pid in pids)


def test_a_round_trip_of_plain_data_in_both_directions() -> None:
    big = "é" * 500_000
    with child("process.serve(lambda m: {'echo': m}, channel)") as echo:
        for value in (None, 1, 2.5, "ahoy", [1, [2]], {"a": {"b": True}}, big):
            assert echo.call(value, timeout=30) == {"echo": value}
        assert echo.returncode is None
    assert echo.returncode is not None
    assert process.live_children() == []


def test_the_child_is_a_fresh_isolated_interpreter_in_a_session_of_its_own() -> None:
    code = """
    import json
    channel.send({"sid": os.getsid(0), "pid": os.getpid(), "path": sys.path,
                  "flags": [sys.flags.isolated, sys.flags.no_site],
                  "modules": sorted(m for m in sys.modules if m.startswith("pirate"))})
    """
    with child(code) as fresh:
        seen = fresh.receive(timeout=30)
    assert seen["sid"] == seen["pid"] == fresh.pid != os.getsid(0)
    assert seen["flags"] == [1, 1]
    assert not any("site-packages" in entry for entry in seen["path"])
    assert seen["modules"] == []


def test_print_and_writes_to_standard_output_never_reach_the_pipe() -> None:
    code = """
    print("hello from the child")
    os.write(1, b"raw bytes on fd 1\\n")
    sys.stderr.write("and on stderr\\n")
    process.serve(lambda m: m, channel)
    """
    with child(code, output=CAPTURE) as noisy:
        assert noisy.call("x", timeout=30) == "x"
    assert "hello from the child" in noisy.output
    assert "raw bytes on fd 1" in noisy.output
    assert "and on stderr" in noisy.output


@pytest.mark.parametrize(
    ("code", "fault"),
    [
        ("os._exit(3)", Fault("exit", status=3)),
        ("sys.exit(0)", Fault("exit", status=0)),
        ("os.abort()", Fault("signal", signal=signal.SIGABRT)),
        ("os.kill(os.getpid(), signal.SIGKILL)", Fault("signal", signal=signal.SIGKILL)),
        ("os.close(channel.write_fd); os.close(channel.read_fd); time.sleep(60)", Fault("closed")),
        ("os.write(channel.write_fd, b'hello there'); time.sleep(60)", None),
        ("os.write(channel.write_fd, b'\\xfe\\x01\\x00\\x00\\x00\\x03abc'); time.sleep(60)", None),
        ("os.write(channel.write_fd, b'\\xfe\\x01\\xff\\xff\\xff\\xff'); time.sleep(60)", None),
    ],
    ids=[
        "os._exit",
        "sys.exit",
        "os.abort",
        "SIGKILL",
        "closed",
        "garbage",
        "not-json",
        "too-large",
    ],
)
def test_each_fault_is_named_in_one_line(code: str, fault: Fault | None) -> None:
    with child(f"channel.receive()\n{code}") as bad:
        with pytest.raises(ChildError) as raised:
            bad.call("go", timeout=30)
        if fault is not None:
            assert raised.value.fault == fault
        else:
            assert raised.value.fault.kind == "garbage"
        assert "\n" not in str(raised.value)
        # the same fault again on any later call, and the child is gone
        with pytest.raises(ChildError) as again:
            bad.call("again", timeout=30)
        assert again.value.fault == raised.value.fault
        assert bad.returncode is not None
    words = {
        "garbage": "wrote garbage on the pipe: b'",
        "exit": "exited with status",
        "signal": "was ended by SIG",
        "closed": "closed its end of the pipe, and was ended",
    }
    assert str(raised.value).startswith(words[raised.value.fault.kind])


def test_the_garbage_is_quoted_and_a_huge_length_is_said() -> None:
    code = (
        "channel.receive(); os.write(channel.write_fd, b'\\xfe\\x01\\x7f\\xff\\xff\\xff')\n"
        "time.sleep(60)"
    )
    with child(code) as bad, pytest.raises(ChildError) as raised:
        bad.call(1, timeout=30)
    assert str(raised.value) == (
        "wrote garbage on the pipe: b'\\xfe\\x01\\x7f\\xff\\xff\\xff'"
        " (a message of 2,147,483,647 bytes announced)"
    )


def test_a_deadline_ends_a_child_that_catches_everything() -> None:
    code = """
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    channel.receive()
    while True:
        try:
            time.sleep(60)
        except BaseException:
            pass
    """
    with child(code) as stuck:
        start = time.monotonic()
        with pytest.raises(ChildError) as raised:
            stuck.call("go", timeout=0.5)
        took = time.monotonic() - start
        assert raised.value.fault == Fault("deadline", seconds=0.5)
        assert str(raised.value) == "gave no answer within 0.5 s, and was ended"
        assert stuck.returncode == -signal.SIGKILL
    assert took < 10


def test_a_child_that_never_reads_cannot_block_a_send() -> None:
    with child("time.sleep(60)") as deaf, pytest.raises(ChildError) as raised:
        deaf.send("x" * 10_000_000, timeout=0.5)
    assert raised.value.fault.kind == "deadline"


def test_a_program_that_cannot_start_is_a_fault() -> None:
    with pytest.raises(ChildError) as raised:
        Child(["/nonexistent/program"])
    assert raised.value.fault.kind == "start"
    assert str(raised.value).startswith("could not be started: ")


def test_end_from_another_thread_is_a_fault_with_the_callers_words() -> None:
    import threading

    with child("channel.receive(); time.sleep(60)") as slow:
        threading.Timer(0.3, slow.end, args=("sent SIGINT to the referee",)).start()
        with pytest.raises(ChildError) as raised:
            slow.call("go", timeout=30)
    assert str(raised.value) == "was ended: sent SIGINT to the referee"


FORKS = """
channel.receive()
for way in ("group", "setsid", "double"):
    pid = os.fork()
    if pid == 0:
        if way == "setsid":
            os.setsid()
        if way == "double":
            os.setsid()
            if os.fork():
                os._exit(0)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        channel.send(os.getpid())
        while True:
            time.sleep(60)
    if way == "double":
        os.waitpid(pid, 0)
channel.send(os.getpid())
time.sleep(60)
"""


def test_what_a_child_forks_is_ended_with_it_even_after_setsid() -> None:
    # the subreaper lasts as long as the process: run it in a Python of its own
    script = f"""
import os, sys, time
sys.path.insert(0, {str(Path(RUNNER).parent.parent)!r})
from pirate_rules import process
assert process.become_subreaper()
child = process.Child.python("-c", {LOAD + FORKS!r}, {RUNNER!r})
child.send("go", timeout=30)
pids = [child.receive(timeout=30) for _ in range(4)]
child.close(grace=0)
print(" ".join(map(str, pids)))
print(len(os.listdir("/proc/self/task")), process.live_children())
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    pids = [int(pid) for pid in done.stdout.split("\n")[0].split()]
    assert len(pids) == 4
    time.sleep(0.1)
    assert descendants_gone(pids), [pid for pid in pids if alive(pid)]


def test_holds_tells_the_childs_own_processes() -> None:
    code = """
    pid = os.fork()
    if pid == 0:
        time.sleep(60)
    channel.send(pid)
    time.sleep(60)
    """
    with child(code) as parent:
        grandchild = parent.receive(timeout=30)
        assert parent.holds(parent.pid)
        assert parent.holds(grandchild)
        assert not parent.holds(os.getpid())
    assert not alive(grandchild)


def test_a_channel_frame_is_a_mark_a_length_and_compact_json() -> None:
    assert Channel.encode({"a": [1, None]}) == b'\xfe\x01\x00\x00\x00\x0e{"a":[1,null]}'
    with pytest.raises(ValueError):
        Channel.encode(float("nan"))
    with pytest.raises(TypeError):
        Channel.encode(object())


def test_many_calls_are_quick() -> None:
    with child("process.serve(lambda m: m, channel)") as echo:
        echo.call(0, timeout=30)
        start = time.process_time()
        wall = time.perf_counter()
        for number in range(2000):
            assert echo.call(number, timeout=30) == number
        cpu = time.process_time() - start
        wall = time.perf_counter() - wall
    each = f"{wall * 1e6 / 2000:.0f} us wall, {cpu * 1e6 / 2000:.0f} us CPU (parent)"
    print(f"2,000 round trips: {each} each")
