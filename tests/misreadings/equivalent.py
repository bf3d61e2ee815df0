"""Does a mutant of the engine play exactly as the engine does? 1,000 seeded games say.

``make mutation`` leaves survivors: mutants that no rules-page example notices. A survivor
is *equivalent* when it changes nothing the games can show. This script holds each
mutant named to that claim: in the mutation run's own folder (``build/mutation/mutants``,
where mutmut's switch picks the mutant named by ``MUTANT_UNDER_TEST``), it plays the same
seeded games as the unmutated engine, with the engine's shortcuts and with its plain
code, and compares a digest of every game: its whole state at the end (for Marvin's
game, every move and event of it; for Pirate, every moment and event), every log line,
the outcome and the table drawn as text. Any difference, and the mutant is not
equivalent: the script names the first game that differs.

A mutant of a Marvin module can change only Marvin's games, and one of a Pirate module
only Pirate's: each mutant plays the games of its own game (``--games`` of them, both
ways). The games of a mutant are compared as they come, and a mutant stops at its first
difference. Mutants are checked ``--jobs`` at a time.

Usage::

    python tests/misreadings/equivalent.py [--workdir DIR] [--games 1000] [--jobs 2] MUTANT ...
    python tests/misreadings/equivalent.py --survivors      # every survivor of the last run
    python tests/misreadings/equivalent.py --claimed        # every mutant of equivalent_mutants.py

It prints one line per mutant (``same`` or ``DIFFERS``, with the first game that differs)
and exits 1 if any mutant claimed equivalent plays differently.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from equivalent_mutants import EQUIVALENT  # noqa: E402

PLAY = r"""
import hashlib, sys
from pirate_rules.marvin import game as marvin_game, play_game
from pirate_rules.pirate import game as pirate_game
from pirate_rules.pirate.bots import play_game as play_pirate_game

which, games = sys.argv[1], int(sys.argv[2])


def marvin(seed, fast):
    marvin_game._FAST_PATHS = fast
    try:
        game = play_game(["random", "random"], seed)
    except Exception as error:  # a mutant may crash: that too is a difference
        return f"raised {type(error).__name__}: {error}"
    return repr((game._state(), str(game), game.outcome(), game.log))


def pirate(seed, fast):
    pirate_game._FAST_PATHS = fast
    try:
        game = play_pirate_game(["fast", "fast"], seed)
    except Exception as error:
        return f"raised {type(error).__name__}: {error}"
    return repr((game._fingerprint(), str(game), game.outcome(), game.log, game.history))


play = marvin if which == "marvin" else pirate
for seed in range(games):
    for fast in (True, False):
        text = play(seed, fast)
        print(seed, int(fast), hashlib.sha256(text.encode()).hexdigest()[:16], flush=True)
"""


def game_of(mutant: str) -> str:
    """``"marvin"`` or ``"pirate"``: the game whose module the mutant changes ("" is the engine)."""
    return "pirate" if mutant.startswith("pirate_rules.pirate.") else "marvin"


def play(
    workdir: Path, mutant: str, game: str, games: int, reference: list[str] | None
) -> list[str] | str:
    """The digests of ``games`` games of ``game`` under ``mutant`` ("" for the engine itself).

    With a ``reference``, stop at the first game whose digest differs from it, and
    return that game's description instead.
    """
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant, "PYTHONPATH": str(workdir / "mutants")}
    child = subprocess.Popen(
        [sys.executable, "-c", PLAY, game, str(games)], cwd=workdir / "mutants", env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    digests: list[str] = []
    for line in child.stdout:
        digests.append(line.strip())
        if reference is not None and digests[-1] != reference[len(digests) - 1]:
            child.kill()
            child.wait()
            seed, fast, _ = digests[-1].split()
            way = "shortcuts" if fast == "1" else "plain code"
            return f"differs: {game} seed {seed} ({way})"
    error = child.stderr.read().strip().splitlines()[-1:]
    if child.wait():
        return f"did not run: {error}"
    if reference is not None and len(digests) != len(reference):
        return f"differs: {len(digests)} games played of {len(reference)}"
    return digests


def survivors(workdir: Path) -> list[str]:
    """The survivors of the last mutation run in ``workdir`` (its ``summary.json``)."""
    summary = json.loads((workdir / "summary.json").read_text("utf-8"))
    killed = {"killed", "timeout", "caught by type check", "segfault"}
    return sorted(name for name, status in summary["statuses"].items() if status not in killed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mutants", nargs="*", help="the mutants claimed equivalent")
    parser.add_argument("--workdir", type=Path, default=ROOT / "build" / "mutation")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--survivors", action="store_true", help="every survivor of the run")
    parser.add_argument(
        "--claimed", action="store_true", help="every mutant claimed in equivalent_mutants.py"
    )
    parser.add_argument("--json", type=Path, help="also write the verdicts to this file")
    args = parser.parse_args(argv)
    workdir = args.workdir.resolve()
    names = args.mutants + (survivors(workdir) if args.survivors else [])
    names += sorted(EQUIVALENT) if args.claimed else []
    names = list(dict.fromkeys(names))
    if not names:
        parser.error("name the mutants, or --survivors or --claimed")
    started, cpu = time.monotonic(), _children_cpu()
    references = {}
    for game in sorted({game_of(name) for name in names}):
        digests = play(workdir, "", game, args.games, None)
        if isinstance(digests, str):
            print(f"the engine itself {digests}", file=sys.stderr)
            return 2
        references[game] = digests
        print(f"the engine: {len(digests)} games of {game} ({time.monotonic() - started:.0f} s)")

    def verdict(name: str) -> str:
        result = play(workdir, name, game_of(name), args.games, references[game_of(name)])
        return "same" if isinstance(result, list) else result

    verdicts = {}
    with ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        for number, (name, said) in enumerate(zip(names, pool.map(verdict, names), strict=True), 1):
            verdicts[name] = said
            word = "same     " if said == "same" else "DIFFERS  "
            detail = "" if said == "same" else f": {said}"
            print(f"[{number}/{len(names)}] {word} {name}{detail}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(verdicts, indent=1), "utf-8")
    same = sum(verdict == "same" for verdict in verdicts.values())
    print(f"{same} of {len(verdicts)} play {args.games} seeded games exactly as the engine does,"
          f" each game of its own module, both ways ({time.monotonic() - started:.0f} s wall,"
          f" {_children_cpu() - cpu:.0f} s CPU)")  # fmt: skip
    return 0 if same == len(verdicts) else 1


def _children_cpu() -> float:
    """Processor seconds used so far by the processes this one started and waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    sys.exit(main())
