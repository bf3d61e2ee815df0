"""How long the coach's hint takes: the expert's choice and the sentence that says why.

Plays games of Marvin's Pirates Go! between two ``sensible`` bots (seeds from 1 on) and,
at every choice of a person's seat between two moves or more, times
`pirate_rules.web.coach.advice` as the play page's Hint button runs it: CPU time
(``time.process_time``) and wall time (``time.perf_counter``) apart, the garbage
collector run before each hint so that no earlier game's garbage is timed. Nothing of
a hint is kept. Prints the median, the 90th percentile and the range, in milliseconds.

In the browser the same Python runs in Pyodide, several times slower than CPython here;
``--pyodide`` runs the same measurement there, through Node and the npm ``pyodide``
package (``node_modules/pyodide``) with the engine built from the source tree.

Run with ``.venv/bin/python benchmarks/hint.py [--games N] [--pyodide]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(globals().get("__file__", ".")).resolve().parents[1]  # in Pyodide: unused


def measure(games: int) -> dict[str, list[float]]:
    """Time a hint at every real choice of ``games`` games between sensible bots."""
    from pirate_rules.bots import make_bot
    from pirate_rules.marvin import MarvinGame
    from pirate_rules.web.coach import advice

    cpu: list[float] = []
    wall: list[float] = []
    for seed in range(1, games + 1):
        game = MarvinGame.from_seed(seed)
        bots = [make_bot("marvin", "sensible", seed=2 * seed + seat) for seat in (0, 1)]
        while not game.is_game_over():
            if len(game.legal_moves) > 1:
                gc.collect()
                start_cpu, start = time.process_time(), time.perf_counter()
                advice(game, seed)
                wall.append(1000 * (time.perf_counter() - start))
                cpu.append(1000 * (time.process_time() - start_cpu))
            game.push(bots[game.to_move].choose(game, game.to_move))
    return {"cpu": cpu, "wall": wall}


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{name}: median {statistics.median(ordered):.1f} ms, 90% {p90:.1f} ms,"
        f" range {ordered[0]:.1f}-{ordered[-1]:.1f} ms over {len(ordered)} hints"
    )


NODE = """
const { loadPyodide } = require(process.argv[1]);
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[2], stdout: console.error });
  py.FS.mkdirTree("/engine");
  const engine = new Uint8Array(require("fs").readFileSync(process.argv[3]));
  py.unpackArchive(engine, "zip", { extractDir: "/engine" });
  py.runPython("import sys; sys.path.insert(0, '/engine')");
  py.runPython(require("fs").readFileSync(process.argv[4], "utf8"));
  console.log(py.runPython(`import json; json.dumps(measure(${process.argv[5]}))`));
})().catch((error) => {
  console.error(String(error).slice(-2000));
  process.exit(1);
});
"""


def in_pyodide(games: int) -> dict[str, list[float]]:
    """The same measurement in Pyodide (Node), on the engine zipped from the source tree."""
    pyodide = ROOT / "node_modules" / "pyodide"
    with tempfile.TemporaryDirectory() as folder:
        engine = Path(folder) / "engine.zip"
        with zipfile.ZipFile(engine, "w") as archive:
            for path in (ROOT / "pirate_rules").rglob("*.py"):
                archive.write(path, path.relative_to(ROOT))
        answer = subprocess.run(
            ["node", "-e", NODE, str(pyodide / "pyodide.js"), f"{pyodide}/", str(engine),
             __file__, str(games)],
            capture_output=True, text=True, check=True, cwd=ROOT,
        )  # fmt: skip
    times: dict[str, list[float]] = json.loads(answer.stdout.strip().splitlines()[-1])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--pyodide", action="store_true", help="also time it in Pyodide")
    args = parser.parse_args()
    found = measure(args.games)
    print(summary("CPython, CPU", found["cpu"]))
    print(summary("CPython, wall", found["wall"]))
    if args.pyodide:
        there = in_pyodide(args.games)
        print(summary("Pyodide (Node), CPU", there["cpu"]))
        print(summary("Pyodide (Node), wall", there["wall"]))


if __name__ == "__main__" and sys.platform != "emscripten":  # Pyodide only reads it
    main()
