"""Any size, any ending: streaming under a memory limit, closed pipes, and Ctrl-C.

These run the command line as a separate process, as people run it: under a memory
limit (``resource.setrlimit``), with its output closed early, or interrupted by SIGINT.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from ctrl_c import ctrl_c_on  # noqa: F401 (a fixture)

from pirate_rules.records import replay
from pirate_rules.simulate import iter_games

ROOT = Path(__file__).resolve().parent.parent
LIMIT_MB = 80
"""The address space the limited runs may use: a few times what they need, a fraction of
what holding every record of the run would take."""

LIMITED = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({LIMIT_MB} << 20, {LIMIT_MB} << 20))
from pirate_rules.cli import main
sys.exit(main(sys.argv[1:]))
"""


def command(*argv: str, limited: bool = False) -> list[str]:
    if limited:
        return [sys.executable, "-c", LIMITED, *argv]
    return [sys.executable, "-m", "pirate_rules", *argv]


def run(*argv: str, limited: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*argv, limited=limited), capture_output=True, text=True, cwd=ROOT, timeout=600
    )


def test_a_long_run_streams_its_records_under_a_memory_limit(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    games = "4000"
    done = run("simulate", "marvin", "--games", games, "--records", str(records), "--json",
               limited=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == int(games)
    checked = run("replay", str(records), "--json", limited=True)
    assert checked.returncode == 0, checked.stderr
    report = json.loads(checked.stdout)
    assert (report["records"], report["failed"]) == (int(games), 0)


def test_the_limit_would_stop_a_run_that_kept_every_record(tmp_path: Path) -> None:
    # The same limit refuses to hold the records of the run above in memory at once,
    # so the test above passes only because nothing is kept.
    code = LIMITED.replace(
        "from pirate_rules.cli import main\nsys.exit(main(sys.argv[1:]))",
        "from pirate_rules.simulate import run_games\n"
        "run_games('marvin', range(4000), with_records=True)",
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)  # fmt: skip
    assert done.returncode != 0 and "MemoryError" in done.stderr


@pytest.mark.parametrize("jobs", [1, 2])
def test_seeds_are_taken_as_they_are_needed(jobs: int) -> None:
    # An endless supply of seeds: only a stream can start on it.
    games = iter_games("pirate", itertools.count(100), ("fast", "fast"), jobs=jobs)
    first = [result.seed for result in itertools.islice(games, 5)]
    games.close()
    assert first == [100, 101, 102, 103, 104]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "pirate", "--games", "20"],
        ["simulate", "marvin", "--games", "20", "--jobs", "2", "--json"],
        ["replay", "RECORD"],
        ["replay", "RECORDS"],
        ["bots", "pirate"],
        ["simulate", "--help"],
        ["play", "marvin", "--seed", "3", "--record", "SAVED"],
    ],
)
def test_a_closed_output_stops_every_command_quietly(tmp_path: Path, argv: list[str]) -> None:
    record = tmp_path / "game.json"
    collection = tmp_path / "games.jsonl"
    assert run("simulate", "marvin", "--games", "5", "--records", str(collection)).returncode == 0
    record.write_text(collection.read_text().splitlines()[0])
    saved = tmp_path / "saved.json"
    names = {"RECORD": str(record), "RECORDS": str(collection), "SAVED": str(saved)}
    process = subprocess.Popen(
        command(*[names.get(arg, arg) for arg in argv]),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdout and process.stderr and process.stdin
    process.stdout.close()  # as `| head -0` would
    process.stdin.close()
    err = process.stderr.read().decode()
    # help too: argparse's own printing would ignore the closed output and exit with 0
    assert process.wait(timeout=120) == 141, err
    assert err == ""
    if argv[0] == "play":  # the game was saved even so
        assert replay(saved.read_text()).turn == 0


def read_until(
    process: subprocess.Popen[bytes],
    stream: int,
    words: bytes | re.Pattern[bytes],
    seconds: float,
) -> bytes:
    """Read ``stream`` until ``words`` appear, or a match of them (or fail after ``seconds``)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while (words not in seen) if isinstance(words, bytes) else not words.search(seen):
        left = deadline - time.monotonic()
        assert left > 0, f"{words!r} not seen in {seen[-300:]!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream, 65536)
            assert chunk, f"the process ended before {words!r}: {seen[-300:]!r}"
            seen += chunk
    return seen


@pytest.mark.usefixtures("ctrl_c_on")
@pytest.mark.parametrize(
    ("game", "stop", "status", "words"),
    [
        ("marvin", signal.SIGINT, 130, "Interrupted."),
        ("pirate", signal.SIGINT, 130, "Interrupted."),
        ("pirate", signal.SIGHUP, 129, "The terminal closed."),
    ],
)
def test_ctrl_c_in_play_keeps_the_record(
    tmp_path: Path, game: str, stop: signal.Signals, status: int, words: str
) -> None:
    saved = tmp_path / "game.json"
    process = subprocess.Popen(
        command("play", game, "--seed", "11", "--record", str(saved)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert process.stdin and process.stdout and process.stderr
    prompt = b"Your move" if game == "marvin" else b"your action"
    read_until(process, process.stdout.fileno(), prompt, 120)
    process.stdin.write(b"1\n" if game == "marvin" else b"t\n")
    process.stdin.flush()
    read_until(process, process.stdout.fileno(), prompt, 120)
    process.send_signal(stop)
    try:
        process.wait(timeout=60)
    finally:
        process.kill()
    out = process.stdout.read().decode()
    assert process.returncode == status
    assert words in out and f"Record saved to {saved}." in out
    assert process.stderr.read() == b""
    record = json.loads(saved.read_text())
    assert len(record["turns"] if game == "marvin" else record["moments"]) >= 1
    replay(record)


@pytest.mark.usefixtures("ctrl_c_on")
def test_ctrl_c_in_simulate_keeps_the_finished_games(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        command("simulate", "marvin", "--games", "10000000", "--records", str(records),
                "--progress", "--jobs", "2", limited=True),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )  # fmt: skip
    assert process.stdout and process.stderr
    # The bar, once it counts a finished game: however long the workers take to start.
    read_until(process, process.stderr.fileno(), re.compile(rb" [1-9][\d,]*/10,000,000 games"), 120)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    last = err.decode().splitlines()[-1]
    assert last.startswith("pirate-rules: error: interrupted after ")
    played = int(last.split("after ")[1].split(" games")[0].replace(",", ""))
    assert out.decode().startswith(f"{played} games of Marvin's Pirates Go!")
    lines = records.read_text().splitlines()
    assert len(lines) == played > 0
    assert replay(lines[-1]).is_game_over()


@pytest.mark.usefixtures("ctrl_c_on")
def test_ctrl_c_while_a_game_is_counted_waits_until_it_is_counted() -> None:
    from pirate_rules.cli import _WholeGames

    counted = []
    with pytest.raises(KeyboardInterrupt), _WholeGames() as guard:
        for game in range(3):
            with guard.counting():
                if game == 1:
                    signal.raise_signal(signal.SIGINT)  # Ctrl+C in the middle
                counted.append(game)
    assert counted == [0, 1]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt), _WholeGames():
        signal.raise_signal(signal.SIGINT)  # between games: at once


def test_the_ctrl_c_guard_leaves_signals_alone_off_the_main_thread() -> None:
    from pirate_rules.cli import _WholeGames

    failures: list[BaseException] = []

    def count() -> None:
        try:
            with _WholeGames() as guard, guard.counting():
                pass
        except BaseException as exc:  # any failure is the test's
            failures.append(exc)

    thread = threading.Thread(target=count)
    thread.start()
    thread.join()
    assert failures == []


def closed(redirect: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """The command run by a shell with one of its standard streams closed (``<&-``, ``>&-``)."""
    script = f'exec "$0" -m pirate_rules "$@" {redirect}'
    return subprocess.run(["sh", "-c", script, sys.executable, *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)  # fmt: skip


@pytest.mark.parametrize(
    ("redirect", "argv", "words"),
    [
        ("<&-", ["replay", "-"], "standard input is closed: there is no record to read"),
        ("<&-", ["play", "marvin"], "standard input is closed: play reads your moves from it"),
        (">&-", ["bots"], "standard output is closed, so nothing can be shown"),
        (">&-", ["replay", "x.json"], "standard output is closed, so nothing can be shown"),
        (">&-", ["simulate", "marvin", "--games", "2"], "standard output is closed"),
        (">&-", ["--help"], "standard output is closed, so nothing can be shown"),
    ],
)
def test_a_closed_standard_stream_is_one_line(redirect: str, argv: list[str], words: str) -> None:
    done = closed(redirect, *argv)
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"pirate-rules: error: {words}\n" or words in done.stderr
    assert done.stderr.count("\n") == 1


FULL = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # as a shell may have it; the command does too
resource.setrlimit(resource.RLIMIT_FSIZE, ({size}, {size}))
from pirate_rules.cli import main
sys.exit(main(sys.argv[1:]))
"""


def full_disk(size: int, *argv: str) -> subprocess.CompletedProcess[str]:
    """The command run with files limited to ``size`` bytes: writing more fails (EFBIG)."""
    return subprocess.run([sys.executable, "-c", FULL.format(size=size), *argv], input="q\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=300)  # fmt: skip


def kept_lines(path: Path) -> list[str]:
    """The records of a JSON Lines file, checking that every line is whole."""
    text = path.read_text()
    assert text == "" or text.endswith("\n"), "the last line is cut"
    lines = text.splitlines()
    for line in lines:
        replay(line)
    return lines


def test_a_full_disk_keeps_whole_records_and_says_how_many(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    done = full_disk(20_000, "simulate", "marvin", "--games", "40", "--records", str(records))
    assert done.returncode == 1
    kept = kept_lines(records)
    assert 0 < len(kept) < 40
    assert done.stderr == (
        f"pirate-rules: error: cannot write the record of the next game to {records}: File too"
        f" large; it holds the records of the first {len(kept)} games (seeds 0 to"
        f" {len(kept) - 1}), summed up above\n"
    )
    assert done.stdout.startswith(f"{len(kept)} games of Marvin's Pirates Go!")
    folder = tmp_path / "games"
    done = full_disk(1_000, "simulate", "pirate", "--games", "3", "--records", str(folder))
    assert done.returncode == 1
    assert f"to {folder}/: File too large; it holds no record" in done.stderr
    assert list(folder.iterdir()) == []  # neither an empty file nor a temporary one
    saved = tmp_path / "game.json"
    done = full_disk(100, "play", "marvin", "--seed", "2", "--record", str(saved))
    assert done.returncode == 1
    assert done.stderr.endswith(f"cannot save the record to '{saved}': File too large; the game"
                                " was not saved\n")  # fmt: skip
    assert list(tmp_path.glob("*.json")) == [] and list(tmp_path.glob(".*")) == []


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 kB tmpfs, where writing more fails with ENOSPC; skipped where mounting is refused."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        why = done.stderr.strip() or f"exit status {done.returncode}"
        pytest.skip(f"this machine refuses to mount a tmpfs: {why}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


def test_a_disk_with_no_space_left_keeps_whole_records(small_disk: Path) -> None:
    records = small_disk / "games.jsonl"
    done = run("simulate", "pirate", "--games", "100", "--records", str(records))
    assert done.returncode == 1
    kept = kept_lines(records)
    assert 0 < len(kept) < 100
    full = f"{records}: No space left on device; it holds the records of the first {len(kept)}"
    assert full in done.stderr
    folder = small_disk / "games"
    done = run("simulate", "pirate", "--games", "100", "--records", str(folder))
    assert done.returncode == 1 and "No space left on device" in done.stderr
    names = sorted(path.name for path in folder.iterdir())
    assert names == [f"pirate-{seed}.json" for seed in sorted(range(len(names)), key=str)]
    for path in folder.iterdir():
        replay(path.read_text())


@pytest.mark.usefixtures("ctrl_c_on")
def test_ctrl_c_stops_worker_processes_even_with_a_bot_that_never_answers(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    bot = "tests/bots/marvin_hostile.py:Sleeps"
    process = subprocess.Popen(
        command("simulate", "marvin", "--bots", f"random,{bot}", "--games", "50", "--jobs", "2",
                "--records", str(records), "--move-time", "600", "--progress"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )  # fmt: skip
    assert process.stdout and process.stderr
    read_until(process, process.stderr.fileno(), b"0/50 games", 120)  # the bar, at the start
    time.sleep(3)  # the bot is asleep in both workers by now
    started = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - started < 30
    assert process.returncode == 130
    assert err.decode().splitlines()[-1] == "pirate-rules: error: interrupted after 0 games"
    assert "Traceback" not in err.decode() and out == b""
    assert records.read_text() == ""
