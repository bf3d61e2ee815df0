"""Games on a Dask cluster: the same results as on one process, from both of two workers.

The cluster is a ``LocalCluster`` of two worker processes of one thread each, started
once for the module on 127.0.0.1 with ephemeral ports; the command lines under test join
it by its address, as they would join a cluster of many machines.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import distributed
import pytest
from ctrl_c import ctrl_c_on  # noqa: F401 (a fixture)

import pirate_rules.cluster as cluster_module
from analysis.__main__ import main as analysis_main
from analysis.marvin import digest
from analysis.sim import Runner, Sizes
from pirate_rules.cli import main as cli_main
from pirate_rules.cluster import INSTALL, Cluster, ClusterError, _start_local, engine_build
from pirate_rules.referee import play_refereed
from pirate_rules.simulate import encode_record, player_names, result_of

ROOT = Path(__file__).resolve().parent.parent
LUCK = [
    "--only", "luck", "--luck-deals", "2", "--oracle-deals", "1", "--pirate-luck-deals", "2",
    "--seed", "5",
]  # fmt: skip


@pytest.fixture(scope="session")
def scheduler() -> Iterator[str]:
    """The scheduler of two worker processes of one thread each (not threads of this
    process), on 127.0.0.1 with ephemeral ports, as ``--cluster local`` starts them."""
    with _start_local(distributed, 2) as local:
        yield local.scheduler_address


@pytest.fixture(scope="session")
def cluster(scheduler: str) -> Iterator[Cluster]:
    with Cluster(scheduler) as joined:
        yield joined


@pytest.fixture
def address(scheduler: str, cluster: Cluster) -> str:
    """The scheduler's address, once both its workers are there: a test that ends one
    leaves it to be started again, which took over a minute on a busy machine."""
    until(lambda: len(cluster.client.nthreads()) == 2, "both workers are there")
    return scheduler


def played_on(text: str) -> dict[str, int]:
    """The games (or jobs) per worker that a run said it played, from its last such line."""
    line = [line for line in text.splitlines() if "played on" in line][-1]
    return {
        worker: int(count.replace(",", ""))
        for worker, count in re.findall(r"(tcp://[\d.]+:\d+) ([\d,]+)", line)
    }


MINE = """
from pirate_rules.marvin.bots import RandomBot
from pirate_rules.pirate.bots import FastBot


class Steady(RandomBot):
    \"\"\"Plays as the random bot does.\"\"\"


class Quick(FastBot):
    \"\"\"Plays as the fast bot does.\"\"\"


class Sleepy(RandomBot):
    \"\"\"The random bot, until it falls asleep in the game dealt from seed 40.\"\"\"

    def choose(self, game, player):
        if self.seed // 2 == 40:
            import time

            time.sleep(30)
        return super().choose(game, player)

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed


class Hostile(RandomBot):
    \"\"\"The random bot, until the game dealt from seed 20: there it does its attack.\"\"\"

    def choose(self, game, player):
        if self.seed // 2 == 20:
            return self.attack()
        return super().choose(game, player)

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed


class Exits(Hostile):
    def attack(self):
        import os

        os._exit(7)


class Interrupts(Hostile):
    def attack(self):
        raise KeyboardInterrupt


class Aborts(Hostile):
    def attack(self):
        import os

        os.abort()


class Kills(Hostile):
    def attack(self):
        import os
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


class Chatty(RandomBot):
    \"\"\"The random bot, talking as it plays, to standard output.\"\"\"

    def choose(self, game, player):
        import os

        print("thinking about turn", game.turn)
        os.write(1, b"written straight to descriptor 1\\n")
        return super().choose(game, player)


class Loopy(RandomBot):
    \"\"\"The random bot, until it loops for ever in the game dealt from seed 40.\"\"\"

    def choose(self, game, player):
        while self.seed // 2 == 40:
            pass
        return super().choose(game, player)

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed


class Late(RandomBot):
    \"\"\"The random bot, until the game dealt from seed 150.\"\"\"

    def choose(self, game, player):
        if self.seed // 2 == 150:
            raise KeyError("late")
        return super().choose(game, player)

    def __init__(self, seed=None):
        super().__init__(seed)
        self.seed = seed
"""


KEY = ["--bot-key", "5eed" * 8]
"""Your own bots' seeds, the same in every run, so that runs can be compared."""


def simulate(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``pirate-rules ARGV`` in a process of its own, as a user runs it (your own bots
    seeded alike in every run: :data:`KEY`)."""
    if argv and argv[0] == "simulate":
        argv = (*argv, *KEY)
    return subprocess.run(
        [sys.executable, "-m", "pirate_rules", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        check=False,
    )


def test_every_worker_runs_this_engine(cluster: Cluster) -> None:
    builds = cluster.client.run(engine_build)
    assert len(builds) == 2
    assert set(builds.values()) == {engine_build()}
    cluster.check_workers()
    build, cluster.build = cluster.build, "0.1.0 build 000000000000"
    try:
        with pytest.raises(ClusterError) as refused:
            cluster.check_workers()
    finally:
        cluster.build = build
    first = min(builds)
    assert str(refused.value) == (
        f"worker {first} runs the engine pirate_rules {build}, this machine"
        " 0.1.0 build 000000000000: install the same engine on every worker"
    )


@pytest.mark.parametrize(
    ("game", "bots", "games", "seed"),
    [("marvin", "random,sensible", 500, 7), ("pirate", "fast,slow", 60, 1_000_003)],
)
def test_simulate_on_the_cluster_is_the_same_as_on_one_process(
    address: str, tmp_path: Path, game: str, bots: str, games: int, seed: int
) -> None:
    """The same summary and the same records, in the same order, played by both workers."""
    common = ["simulate", game, "--bots", bots, "--games", str(games), "--seed", str(seed)]
    one = simulate(*common, "--jobs", "1", "--json", "--records", str(tmp_path / "one.jsonl"))
    assert one.returncode == 0, one.stderr
    two = simulate(
        *common, "--cluster", address, "--json", "--records", str(tmp_path / "two.jsonl")
    )
    assert two.returncode == 0, two.stderr
    assert json.loads(two.stdout) == json.loads(one.stdout)
    assert (tmp_path / "two.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    workers = played_on(two.stderr)
    assert len(workers) == 2 and min(workers.values()) > 0 and sum(workers.values()) == games


def test_a_bot_file_of_ones_own_is_sent_to_the_workers(
    address: str, cluster: Cluster, tmp_path: Path
) -> None:
    """From a folder the workers cannot see: by its file and as a module of that folder."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mine.py").write_text(MINE, encoding="utf-8")
    for cwd in cluster.client.run(os.getcwd).values():
        assert not (Path(cwd) / "mine.py").exists() and Path(cwd) != folder
    for game, bots in [("marvin", "mine.py:Steady,random"), ("pirate", "fast,mine:Quick")]:
        common = ["simulate", game, "--bots", bots, "--games", "60", "--json"]
        one = simulate(*common, "--jobs", "1", cwd=folder)
        two = simulate(*common, "--cluster", address, cwd=folder)
        assert two.returncode == 0, two.stderr
        assert json.loads(two.stdout) == json.loads(one.stdout)
        assert len(played_on(two.stderr)) == 2


@pytest.mark.parametrize(
    ("bot", "seed", "options"),
    [
        ("Late", 150, []),
        ("Loopy", 40, ["--move-time", "0.5"]),
        ("Sleepy", 40, ["--move-time", "0.5"]),
        ("Exits", 20, []),
        ("Interrupts", 20, []),
    ],
)
def test_a_bot_fault_on_a_worker_is_the_same_line_and_names_the_worker(
    address: str, tmp_path: Path, bot: str, seed: int, options: list[str]
) -> None:
    """An exception, a move past the time limit (a loop or a sleep), os._exit or a
    KeyboardInterrupt of the bot's: the records are the games before the fault, in seed
    order, as on one process."""
    (tmp_path / "late.py").write_text(MINE, encoding="utf-8")
    # --in-process: these bots tell their game's seed from their own, which a hosted bot
    # cannot (the hosted ones are in test_a_hostile_bot_on_the_cluster)
    common = ["simulate", "marvin", "--in-process", "--bots", f"random,late.py:{bot}",
              "--games", "400", *options]  # fmt: skip
    one = simulate(*common, "--records", "one.jsonl", cwd=tmp_path)
    two = simulate(*common, "--records", "two.jsonl", "--cluster", address, cwd=tmp_path)
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout.replace("two.jsonl", "one.jsonl")
    line = one.stderr.strip()
    assert f"game seed {seed}," in line and "late.py:" in line
    said = two.stderr.strip().splitlines()[-1].replace("two.jsonl", "one.jsonl")
    where = re.search(r", on worker (tcp://[\d.:]+)", said)
    assert where and where[1] in played_on(two.stderr), two.stderr
    # Your own bots play in a process of their own on the worker, where the time limit
    # cuts even a sleep short, as on one machine.
    assert said.replace(where[0], "") == line
    assert (tmp_path / "two.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    assert len((tmp_path / "two.jsonl").read_text(encoding="utf-8").splitlines()) == seed


@pytest.mark.parametrize(("bot", "how"), [("Aborts", "SIGABRT"), ("Kills", "SIGKILL")])
def test_a_bot_that_ends_its_worker_is_found_and_the_games_before_kept(
    address: str, cluster: Cluster, tmp_path: Path, bot: str, how: str
) -> None:
    """os.abort, or SIGKILL sent to itself: your own bots play in a process of their own
    on the worker, so only that process ends; the game that ended it is the fault, told
    in the one line of one machine with the worker's address, and the games before it
    are kept. The workers themselves live on."""
    workers = sorted(cluster.client.nthreads())
    (tmp_path / "late.py").write_text(MINE, encoding="utf-8")
    # --in-process: see test_a_bot_fault_on_a_worker_is_the_same_line_and_names_the_worker
    common = ["simulate", "marvin", "--in-process", "--bots", f"random,late.py:{bot}",
              "--games", "200"]  # fmt: skip
    one = simulate(*common, "--records", "one.jsonl", cwd=tmp_path)
    two = simulate(*common, "--records", "two.jsonl", "--cluster", address, cwd=tmp_path)
    assert one.returncode == two.returncode == 1, (one.stderr, two.stderr)
    line = one.stderr.strip()
    assert line.startswith(
        f"pirate-rules: error: bot 'late.py:{bot}', game seed 20: the process playing this"
        f" game ended (killed by {how}) before the game did"
    ), line
    assert "the 20 games before it (seeds 0 to 19) are summed up above" in line
    said = two.stderr.strip().splitlines()[-1].replace("two.jsonl", "one.jsonl")
    where = re.search(r", on worker (tcp://[\d.:]+)", said)
    assert where and where[1] in workers, two.stderr
    assert said.replace(where[0], "") == line
    assert two.stdout.replace("two.jsonl", "one.jsonl") == one.stdout
    assert (tmp_path / "two.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    assert len((tmp_path / "one.jsonl").read_text(encoding="utf-8").splitlines()) == 20
    assert sorted(cluster.client.nthreads()) == workers  # the same two, none restarted


def test_what_a_bot_prints_on_a_worker_stays_off_standard_output(
    address: str, tmp_path: Path
) -> None:
    """``--json --cluster`` stays JSON, as with ``--jobs``: what a bot prints on a worker
    (print, or a write to descriptor 1) goes to the worker's standard error."""
    (tmp_path / "mine.py").write_text(MINE, encoding="utf-8")
    common = ["simulate", "marvin", "--bots", "mine.py:Chatty,random", "--games", "30", "--json"]
    one = simulate(*common, "--jobs", "2", cwd=tmp_path)
    two = simulate(*common, "--cluster", address, cwd=tmp_path)
    assert one.returncode == two.returncode == 0, (one.stderr, two.stderr)
    assert json.loads(two.stdout) == json.loads(one.stdout)  # JSON, and nothing else
    assert two.stdout.count("\n") == 1 and "thinking" not in two.stdout
    assert len(played_on(two.stderr)) == 2


def test_the_progress_counts_every_workers_games_as_they_finish(
    address: str, cluster: Cluster
) -> None:
    """The bar is told of each batch as soon as any worker finishes it, in whatever order
    they finish, so its rate is the workers' combined rate: every game counted once,
    from both workers, all of them before the last result is taken."""
    told: list[int] = []
    taken = 0
    before = sum(cluster.by_worker.values())
    games = cluster.games("marvin", range(400), on_done=told.append)
    for count, _ in enumerate(games, 1):
        taken = count
        assert sum(told) >= count  # never behind the results taken
    assert taken == sum(told) == 400 and len(told) > 1
    assert sum(cluster.by_worker.values()) - before == 400
    # What the command line draws: the games finished, and their rate over the run.
    run = simulate("simulate", "marvin", "--games", "400", "--progress", "--cluster", address)
    assert run.returncode == 0, run.stderr
    drawn = [part for part in re.split(r"[\r\n]", run.stderr) if " games/s" in part]
    counts = [int(re.search(r" ([\d,]+)/400 games", part)[1].replace(",", "")) for part in drawn]
    assert counts == sorted(counts) and counts[-1] == 400 and len(set(counts)) > 2, drawn
    rates = [float(re.search(r"games, ([\d,.]+) games/s", part)[1].replace(",", ""))
             for part in drawn]  # fmt: skip
    assert rates[-1] > 0
    assert sum(played_on(run.stderr).values()) == 400


def record_line(game: str, bots: tuple[str, str], seed: int) -> str:
    """The record of one game as ``simulate --records`` writes it, played here."""
    state = play_refereed(game, seed, bots, players=player_names(bots))
    return encode_record(result_of(game, state, seed, with_record=True).record)


def until(state: Callable[[], object], what: str, guard: float = 300) -> None:
    """Wait until ``state()`` is true; ``guard`` seconds only catch a cluster that hangs."""
    deadline = time.monotonic() + guard
    while not state():
        assert time.monotonic() < deadline, f"still waiting after {guard} s: {what}"
        time.sleep(0.05)


def wait_for_records(path: Path, process: subprocess.Popen[str]) -> None:
    """Wait until a running ``simulate`` has written its first records."""

    def written() -> bool:
        assert process.poll() is None, process.communicate()
        return path.is_file() and path.stat().st_size > 0

    until(written, "the first records", guard=120)


def start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "pirate_rules", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


@pytest.mark.usefixtures("ctrl_c_on")
def test_ctrl_c_cancels_the_pending_batches_and_keeps_the_finished_games(
    address: str, cluster: Cluster, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    run = start("simulate", "marvin", "--games", "1000000", "--records", str(path),
                "--cluster", address)  # fmt: skip
    wait_for_records(path, run)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=120)
    assert run.returncode == 130, err
    kept = re.search(r"interrupted after ([\d,]+) games?; their records are in (.+)\n", err)
    assert kept and kept[2] == str(path), err
    games = int(kept[1].replace(",", ""))
    assert 0 < games < 1_000_000 and out.startswith(f"{games} game")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == games
    bots = ("random", "random")
    assert [lines[0], lines[-1]] == [record_line("marvin", bots, s) for s in (0, games - 1)]
    until(lambda: cluster.client.run_on_scheduler(_tasks) == 0, "no task is left", guard=30)


def _tasks(dask_scheduler: distributed.Scheduler) -> int:
    return len(dask_scheduler.tasks)


def test_a_lost_worker_s_batches_run_again_elsewhere_and_count_once(
    address: str, cluster: Cluster, tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    games = 12_000
    run = start("simulate", "marvin", "--games", str(games), "--records", str(path), "--json",
                "--cluster", address)  # fmt: skip
    wait_for_records(path, run)
    victim = min(cluster.client.run(os.getpid).items())
    os.kill(victim[1], signal.SIGKILL)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert json.loads(out)["games"] == games
    assert sum(played_on(err).values()) == games
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == games
    bots = ("random", "random")
    for seed in (0, 1, games // 2, games - 1):
        assert lines[seed] == record_line("marvin", bots, seed), seed
    until(lambda: len(cluster.client.nthreads()) == 2, "the lost worker is started again")
    assert victim[0] not in cluster.client.nthreads() or victim[1] not in (
        cluster.client.run(os.getpid).values()
    )


def test_a_run_whose_workers_are_all_gone_stops_in_one_error_with_the_games_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Workers lost and not started again (their supervisor gone too) would leave the
    run waiting for ever: it stops once the scheduler has had none for a while.

    The last worker goes once the batches in flight have finished on it, before the
    client has taken their results: they are lost with it, and a run that waited for
    them to be played again would never end. How long the run may take to give up is
    scaled by how long one of its own waits (a second long, then a word with the
    scheduler) takes on this machine at this moment: a busy machine stretches both.
    """
    monkeypatch.setattr(cluster_module, "NO_WORKER_SECONDS", 2)
    seen: list[int] = []
    ended: list[BaseException] = []
    with _start_local(distributed, 1) as local, Cluster(local.scheduler_address) as joined:
        client = joined.client
        games = joined.games("marvin", range(10**7))
        seen.extend(result.seed for result in itertools.islice(games, 20))
        until(lambda: not any(client.processing().values()), "the batches in flight end")
        assert any(client.has_what().values()), "the worker holds results not yet taken"
        local.scale(0)
        until(lambda: not client.nthreads(), "the scheduler lets the worker go")

        def rest() -> None:
            try:
                seen.extend(result.seed for result in games)
            except BaseException as exc:  # the test's thread hands it on
                ended.append(exc)

        reader = threading.Thread(target=rest, daemon=True)
        reader.start()
        started = time.monotonic()
        stranded = client.submit(int, 0, pure=False)  # no worker will ever play it
        try:
            cycle = -time.monotonic()
            with pytest.raises(TimeoutError), client.as_current():
                distributed.wait([stranded], timeout=1)
            client.nthreads()
            cycle += time.monotonic()
        finally:
            client.cancel([stranded], force=True)
        # The run gives up NO_WORKER_SECONDS after its first wait that found no worker,
        # checking once a wait: within 2 s and two waits of the worker's going.
        limit = 2 * (2 + 2 * cycle)
        reader.join(timeout=max(0.0, limit - (time.monotonic() - started)))
        waited = time.monotonic() - started
        assert not reader.is_alive(), f"the run still waits for a worker after {waited:.1f} s"
    assert len(ended) == 1 and isinstance(ended[0], ClusterError), ended
    assert "has had no worker for 2 s" in str(ended[0])
    assert seen == list(range(len(seen))) and len(seen) >= 20  # in order, none twice


PEAK = (
    "import resource, sys\n"
    "from pirate_rules.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(status)\n"
)


def test_the_client_s_memory_does_not_grow_with_the_games(address: str, tmp_path: Path) -> None:
    """Sixteen times the games (and some 45 MB of records) in about the same memory."""
    peaks = []
    for games in (1_000, 16_000):
        done = subprocess.run(
            [sys.executable, "-c", PEAK, "simulate", "marvin", "--games", str(games),
             "--records", str(tmp_path / f"{games}.jsonl"), "--cluster", address],
            capture_output=True, text=True, cwd=ROOT, check=False, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        peaks.append(int(re.findall(r"peak (\d+)", done.stderr)[-1]))
    assert (tmp_path / "16000.jsonl").stat().st_size > 40_000_000
    assert peaks[1] - peaks[0] < 20_000, f"peak resident memory {peaks} kB"


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


@pytest.mark.parametrize(
    ("main", "argv", "prog"),
    [
        ("analysis.__main__", "['--only', 'luck', '--quiet']", "python -m analysis"),
        ("pirate_rules.cli", "['simulate', 'marvin']", "pirate-rules"),
    ],
)
def test_without_dask_the_cluster_option_says_how_to_install_it(
    main: str, argv: str, prog: str
) -> None:
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        f"from {main} import main\n"
        f"sys.exit(main({argv} + ['--cluster', 'local']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"{prog}: error: --cluster needs Dask's distributed package,"
        f" which is not installed: {INSTALL}"
    ]


@pytest.mark.parametrize("address", ["nonsense", "tcp://", "http://10.0.0.5:8786", "h:99999"])
def test_an_address_that_is_no_scheduler_s_is_refused_in_one_line(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["simulate", "marvin", "--cluster", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "expected local or a scheduler's address" in err


def test_jobs_go_with_a_local_cluster_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["simulate", "marvin", "--cluster", "tcp://10.0.0.5:8786", "--jobs", "2"]) == 2
    assert "--jobs goes with --cluster local only" in capsys.readouterr().err


# -- fair play on the cluster: hostile bots in hosts of their own on the workers -------------


def worker_children(cluster: Cluster) -> list[int]:
    """The processes that the workers have started and not ended (the workers' own
    children: each bot host, and anything left behind by one)."""

    def children() -> list[int]:
        me = os.getpid()
        found = []
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    with open(f"/proc/{name}/stat", "rb") as file:
                        fields = file.read().rsplit(b")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == me and fields[0] != b"Z":
                    found.append(int(name))
        return found

    return [pid for pids in cluster.client.run(children).values() for pid in pids]


def orphaned_hosts() -> list[int]:
    """Bot hosts of this engine (or what their bots forked) that nothing holds any more:
    left to init, where no subreaper caught them."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as file:
                    command = file.read()
                with open(f"/proc/{name}/stat", "rb") as file:
                    parent = int(file.read().rsplit(b")", 1)[1].split()[1])
            except OSError:
                continue
            if parent == 1 and b"pirate_rules.host" in command and str(ROOT).encode() in command:
                found.append(int(name))
    return found


@pytest.mark.parametrize("game", ["marvin", "pirate"])
@pytest.mark.parametrize("case", ["fingerprint", "catches_timeout", "aborts", "setsid_fork"])
def test_a_hostile_bot_on_the_cluster(
    address: str, cluster: Cluster, tmp_path: Path, game: str, case: str
) -> None:
    from test_fair_play import check_outcome, run

    workers = sorted(cluster.client.nthreads())
    status, out, err, records = run(game, case, tmp_path, "--cluster", address)
    check_outcome(game, case, status, out, err, records)
    if status:
        assert re.search(r", on worker tcp://[\d.:]+;", err), err
    assert worker_children(cluster) == []  # every host, and what its bot left, is ended
    assert orphaned_hosts() == []
    assert sorted(cluster.client.nthreads()) == workers  # the workers are the same two
