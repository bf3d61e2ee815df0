"""Does a mutant of the engine play exactly as the engine does? 1,000 seeded games say.

``make mutation`` leaves survivors: mutants that no rules-page example notices. A survivor
is *equivalent* when it changes nothing the games can show. This script holds each
mutant named to that claim: in the mutation run's own folder (``build/mutation/mutants``,
where mutmut's switch picks the mutant named by ``MUTANT_UNDER_TEST``), it plays the same
seeded games as the unmutated engine, both games, with the engine's shortcuts and with
its plain code, and compares a digest of every state after every move, every log line,
every outcome and every table drawn as text. Any difference, and the mutant is not
equivalent: the script names the first game that differs.

Usage::

    python tests/misreadings/equivalent.py [--workdir DIR] [--games 1000] MUTANT [MUTANT ...]
    python tests/misreadings/equivalent.py --survivors      # every survivor of the last run

It prints one line per mutant (``same`` or ``DIFFERS``, with the first game that differs)
and exits 1 if any mutant claimed equivalent plays differently.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAY = r"""
import hashlib, json, sys
from pirate_rules.marvin import game as marvin_game, play_game
from pirate_rules.pirate import game as pirate_game
from pirate_rules.pirate.bots import play_game as play_pirate_game

games = int(sys.argv[1])
digests = []


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
    return repr((game._fingerprint(), str(game), game.outcome()))


for seed in range(games):
    for name, play in (("marvin", marvin), ("pirate", pirate)):
        for fast in (True, False):
            text = play(seed, fast)
            digests.append([name, seed, fast, hashlib.sha256(text.encode()).hexdigest()[:16]])
print(json.dumps(digests))
"""


def digests(workdir: Path, mutant: str, games: int) -> list[list[object]]:
    """The digest of every game of the engine under ``mutant`` ("" for the engine itself)."""
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant, "PYTHONPATH": str(workdir / "mutants")}
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(games)],
        cwd=workdir / "mutants", env=env, capture_output=True, text=True, check=False,
        timeout=3600,
    )  # fmt: skip
    if done.returncode:
        return [["did not run", 0, True, done.stderr.strip().splitlines()[-1:]]]
    result: list[list[object]] = json.loads(done.stdout)
    return result


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
    parser.add_argument("--survivors", action="store_true", help="every survivor of the run")
    parser.add_argument("--json", type=Path, help="also write the verdicts to this file")
    args = parser.parse_args(argv)
    workdir = args.workdir.resolve()
    names = args.mutants + (survivors(workdir) if args.survivors else [])
    if not names:
        parser.error("name the mutants, or --survivors")
    started = time.monotonic()
    reference = digests(workdir, "", args.games)
    print(f"the engine: {len(reference)} games played ({time.monotonic() - started:.0f} s)")
    verdicts = {}
    for number, name in enumerate(names, 1):
        mine = digests(workdir, name, args.games)
        differing = next((a for a, b in zip(mine, reference, strict=False) if a != b), None)
        if differing is None and len(mine) != len(reference):
            differing = ["fewer games", len(mine), True, ""]
        if differing is None:
            verdicts[name] = "same"
            print(f"[{number}/{len(names)}] same      {name}", flush=True)
        else:
            game, seed, fast, _ = differing
            way = "shortcuts" if fast else "plain code"
            verdicts[name] = f"differs: {game} seed {seed} ({way})"
            print(f"[{number}/{len(names)}] DIFFERS   {name}: {verdicts[name]}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(verdicts, indent=1), "utf-8")
    same = sum(verdict == "same" for verdict in verdicts.values())
    print(f"{same} of {len(verdicts)} play {args.games} seeded games of each game exactly as the"
          f" engine does ({time.monotonic() - started:.0f} s)")  # fmt: skip
    return 0 if same == len(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
