"""Games on a Dask cluster: the same results as on one process, from both of two workers.

The cluster is a ``LocalCluster`` of two worker processes of one thread each, started
once for the module on 127.0.0.1 with ephemeral ports; the command lines under test join
it by its address, as they would join a cluster of many machines.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import distributed
import pytest

from analysis.__main__ import main as analysis_main
from analysis.marvin import digest
from analysis.sim import Runner, Sizes
from pirate_rules.cluster import INSTALL, Cluster, engine_build

ROOT = Path(__file__).resolve().parent.parent
LUCK = [
    "--only", "luck", "--luck-deals", "2", "--oracle-deals", "1", "--pirate-luck-deals", "2",
    "--seed", "5",
]  # fmt: skip


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """The scheduler of two worker processes (not threads of this process)."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    ) as local:
        yield local.scheduler_address


@pytest.fixture(scope="module")
def cluster(address: str) -> Iterator[Cluster]:
    with Cluster(address) as joined:
        yield joined


def played_on(text: str) -> dict[str, int]:
    """The games (or jobs) per worker that a run said it played, from its last such line."""
    line = [line for line in text.splitlines() if "played on" in line][-1]
    return {
        worker: int(count.replace(",", ""))
        for worker, count in re.findall(r"(tcp://[\d.]+:\d+) ([\d,]+)", line)
    }


def test_every_worker_runs_this_engine(cluster: Cluster) -> None:
    builds = cluster.client.run(engine_build)
    assert len(builds) == 2
    assert set(builds.values()) == {engine_build()}


def test_studies_give_the_same_digests_on_the_cluster(cluster: Cluster) -> None:
    seeds = Sizes(games=40).seeds("mirror", 40)
    bots = ("random", "sensible")
    one = Runner(1, quiet=True).play("marvin", bots, seeds, digest, records=True)
    before = dict(cluster.by_worker)
    runner = Runner(quiet=True, cluster=cluster)
    assert runner.play("marvin", bots, seeds, digest, records=True) == one
    delays = Sizes().seeds("speed", 6)
    assert runner.play_delays((0, 2), delays) == Runner(1, quiet=True).play_delays((0, 2), delays)
    assert sum(cluster.by_worker.values()) - sum(before.values()) == 40 + 6


def test_the_analysis_writes_the_same_files_on_a_cluster(
    address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Byte for byte, with --keep and --redo; the command on the page has no --cluster."""
    alone, joined, kept = tmp_path / "alone", tmp_path / "cluster", tmp_path / "kept"
    assert analysis_main([*LUCK, "--jobs", "1", "--quiet", "--out", str(alone)]) == 0
    on = ["--cluster", address, "--out", str(joined)]
    assert analysis_main([*LUCK, *on, "--keep", str(kept)]) == 0
    workers = played_on(capsys.readouterr().err)
    assert len(workers) == 2 and min(workers.values()) > 0, workers

    def files(folder: Path) -> dict[str, bytes]:
        return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.*")}

    assert files(joined) == files(alone)
    data = json.loads((joined / "data" / "luck.json").read_text(encoding="utf-8"))
    assert "--cluster" not in data["command"] and "--keep" not in data["command"]
    kept_deals = [len(p.read_text().splitlines()) for p in sorted(kept.glob("*.jsonl"))]
    assert kept_deals and sum(kept_deals) > 0
    # Every deal kept: the same command takes them all and plays no game.
    assert analysis_main([*LUCK, *on, "--keep", str(kept), "--quiet"]) == 0
    assert files(joined) == files(alone)
    # The expert's pairings played again on the cluster, the others kept: the same page.
    assert analysis_main([*LUCK, *on, "--redo", "expert", "--quiet"]) == 0
    assert files(joined) == files(alone)


def test_without_dask_the_cluster_option_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from analysis.__main__ import main\n"
        "sys.exit(main(['--only', 'luck', '--cluster', 'local', '--quiet']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "python -m analysis: error: --cluster needs Dask's distributed package,"
        f" which is not installed: {INSTALL}"
    ]
