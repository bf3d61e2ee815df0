"""Run the browser tests on a busy machine: ``make test-load`` (``python tests/load.py``).

A test's verdict must not depend on how fast the machine happens to be. This runs the
browser tests with ``pytest -n 2 --dist loadfile`` (``make test`` runs three workers on
two cores; here the busy loops take the third's place, and more), while

* ``LOAD_LOOPS`` busy loops (2 unless set) keep the machine's cores busy, and
* every page's main thread runs ``PIRATE_RULES_CPU_THROTTLE`` times slower (4 unless
  set; tests/browser/throttle.py applies it through the DevTools protocol).

The busy loops are started here and ended here, whatever happens (a failure, Ctrl-C,
SIGTERM); each also ends by itself if this process is gone. The exit status is pytest's:
non-zero on any failure. Arguments are passed on to pytest, and replace the default
paths when one of them is a path, such as ``tests/browser/test_page_start.py``;
``--timed`` runs instead the other tests that wait on a command, a signal or a clock
(:data:`TIMED`): ``python tests/load.py --timed``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]

BROWSER = ["tests/browser"]
"""What runs unless other paths are given."""

TIMED = [
    "tests/test_web_live.py",
    "tests/test_streams.py",
    "tests/test_examples.py",
    "tests/test_cluster.py",
    "tests/test_process.py",
    "tests/test_bot_faults.py",
    "tests/test_fair_play.py",
    "tests/course/test_apart.py",
    "tests/course/test_relay.py",
]
"""The other tests that wait on a command, a signal, a time limit or a cluster (not
browser tests): ``--timed``."""

BUSY_LOOP = """
import os
parent = os.getppid()
while os.getppid() == parent:
    for _ in range(1_000_000):
        pass
"""
"""A busy loop that ends once the process that started it is gone."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str]) -> int:
    """Start the loops, run pytest beside them, end the loops; pytest's exit status."""
    loops = int(os.environ.get("LOAD_LOOPS", "2"))
    env = {**os.environ}
    env.setdefault("PIRATE_RULES_CPU_THROTTLE", "4")
    timed = "--timed" in argv
    argv = [arg for arg in argv if arg != "--timed"]
    given = any((ROOT / arg.split("::")[0]).exists() for arg in argv)
    if timed:
        paths = TIMED
    elif given:
        paths = []
    else:
        paths = BROWSER
    command = [str(Path(sys.executable).parent / "pytest"), "-n", "2", "--dist", "loadfile",
               *paths, *argv]  # fmt: skip
    signal.signal(signal.SIGTERM, _stop)
    hogs: list[subprocess.Popen[bytes]] = []
    tests: subprocess.Popen[bytes] | None = None
    started = time.monotonic()
    try:
        for _ in range(loops):
            hogs.append(subprocess.Popen([sys.executable, "-c", BUSY_LOOP], start_new_session=True))
        print(f"test-load: {loops} busy loops, pages {env['PIRATE_RULES_CPU_THROTTLE']}x slower;"
              f" {_load()}", flush=True)  # fmt: skip
        print("test-load:", " ".join(command[1:]), flush=True)
        tests = subprocess.Popen(command, cwd=ROOT, env=env)
        code = tests.wait()
    except KeyboardInterrupt:
        code = 130
        if tests is not None and tests.poll() is None:
            tests.send_signal(signal.SIGINT)  # pytest ends its workers and browsers
            try:
                tests.wait(timeout=60)
            except subprocess.TimeoutExpired:
                tests.kill()
                tests.wait()
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
    print(f"test-load: exit {code} after {time.monotonic() - started:.0f} s; {_load()};"
          f" {len(hogs)} busy loops ended", flush=True)  # fmt: skip
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
