"""Fair play: a bot of yours plays in a process of its own, on what its player knows, and
every verdict comes from the referee's own engine.

Each hostile bot of ``tests/bots/fair/`` attacks the referee in one way (see each file).
Whatever it does, a run either plays fair games (every record replays, every deal is its
seed's, and the summary is what the records say) or stops with a one-line fault that
names the bot and keeps the games before it. No process is left behind either way.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pirate_rules import process
from pirate_rules.errors import BotError
from pirate_rules.host import hosted_seed
from pirate_rules.lockstep import Hosts, play_lockstep
from pirate_rules.marvin import MarvinGame
from pirate_rules.marvin.record import to_record as marvin_record
from pirate_rules.marvin.view import Draws, MarvinView, imagine, public_record
from pirate_rules.pirate import PirateGame
from pirate_rules.pirate.view import PirateView, seen, turning
from pirate_rules.records import replay
from pirate_rules.simulate import Batch, close_hosts, end_hosts, play_batch, task_of

ROOT = Path(__file__).resolve().parent.parent
FAIR = ROOT / "tests" / "bots" / "fair"
OTHER = {"marvin": "random", "pirate": "fast"}

# bot file[:class suffix] -> None for fair games, or what its one-line fault says
HOSTILE = {
    "fingerprint": None,
    "compare_off": None,
    "passes_as_own": None,
    "swapped_shuffle": None,
    "faked_summary": None,
    "forks": "started a process of its own",
    "setsid_fork": "started a process of its own",
    "catches_timeout": "took longer than 1 s, the time limit of a move",
    "signals_referee": "sent SIGINT to the referee",
    "aborts": "ended by SIGABRT",
    "exits": "called os._exit(3)",
    "kills_itself": "ended by SIGKILL",
    "pipe": "pipe to the referee was closed",
    "pipe:Garbage": "wrote garbage on the pipe",
}
SUBSET = ["fingerprint", "catches_timeout", "aborts", "setsid_fork"]
"""The cases that --jobs 2 and the cluster run as well."""

# Some hostile bots may instead spoil the view they were given (they reorder the cards
# they are shown), and then lose their own way: a one-line fault of theirs is fair too.
SPOILS = ("illegal", "changed the game it was shown")


def bot_of(case: str, game: str) -> str:
    name, _, suffix = case.partition(":")
    return f"{FAIR / name}.py:{game.capitalize()}{suffix}"


def processes_in(folder: Path) -> list[int]:
    """The processes working in ``folder`` (a run's hosts, and what their bots started)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if os.readlink(f"/proc/{name}/cwd") == str(folder):
                    found.append(int(name))
            except OSError:
                pass
    return found


def run(
    game: str,
    case: str,
    tmp_path: Path,
    *extra: str,
    program: tuple[str, ...] = ("-m", "pirate_rules"),
) -> tuple[int, str, str, Path]:
    """``simulate`` of 10 games of the hostile bot against an engine bot, with records
    (``program``: what runs the command line, ``-c`` and a script in its place)."""
    records = tmp_path / "records"
    bots = [bot_of(case, game), OTHER[game]]
    if game == "pirate":
        bots.reverse()  # the hostile bot sits in seat 1 for Pirate, seat 0 for Marvin
    done = subprocess.run(
        [sys.executable, *program, "simulate", game, "--bots", ",".join(bots),
         "--games", "10", "--seed", "5", "--move-time", "1", "--json",
         "--records", str(records), *extra],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    left = processes_in(tmp_path)
    assert left == [], f"processes left behind: {left}"
    return done.returncode, done.stdout, done.stderr, records


def check_outcome(game: str, case: str, status: int, out: str, err: str, records: Path) -> None:
    lines = [line for line in err.splitlines() if line.startswith("pirate-rules: error:")]
    files = sorted(records.glob("*.json"), key=lambda path: int(path.stem.split("-")[1]))
    results = [json.loads(path.read_text())["result"] for path in files]
    seeds = [json.loads(path.read_text())["seed"] for path in files]
    assert seeds == list(range(5, 5 + len(files)))  # the games before any fault, in order
    for path in files:
        replay(path.read_text(), name=path.name)  # every move legal, every deal its seed's
    summary = json.loads(out) if out.strip() else {"games": 0, "wins": [0, 0]}
    wins = [sum(result.get("winner") == seat for result in results) for seat in (0, 1)]
    assert summary["games"] == len(files)
    assert summary["wins"] == wins  # the summary is what the records say
    expected = HOSTILE[case]
    if expected is None and status == 0:
        assert len(files) == 10 and not lines
        return
    assert status == 1, err
    assert len(lines) == 1, err
    assert lines[0].startswith(f"pirate-rules: error: bot '{bot_of(case, game)}'")
    if expected is None:
        assert any(words in lines[0] for words in SPOILS), lines[0]
    else:
        assert expected in lines[0]
    kept = "no game was played before it" if not files else f"the {len(files)} game"
    assert kept in lines[0]


@pytest.mark.parametrize("game", ["marvin", "pirate"])
@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_bot_plays_fair_games_or_stops_in_one_line(
    game: str, case: str, tmp_path: Path
) -> None:
    status, out, err, records = run(game, case, tmp_path)
    check_outcome(game, case, status, out, err, records)


@pytest.mark.parametrize("game", ["marvin", "pirate"])
@pytest.mark.parametrize("case", SUBSET)
def test_a_hostile_bot_on_two_processes(game: str, case: str, tmp_path: Path) -> None:
    status, out, err, records = run(game, case, tmp_path, "--jobs", "2")
    check_outcome(game, case, status, out, err, records)


LATE_WATCH = """
import sys, time
import pirate_rules.host as host
found = host.host_of
def late(pid):
    time.sleep(0.4)  # the referee's watch of signals runs late, as on a busy machine
    return found(pid)
host.host_of = late
from pirate_rules.cli import main
sys.exit(main())
"""
"""The command line, with the thread that tells who sent a SIGINT slowed down."""


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_bot_that_signals_the_referee_is_told_however_late_the_watch_runs(
    game: str, tmp_path: Path
) -> None:
    """The referee deals with every signal sent before a bot's answer before it reads
    on: a late watch neither loses the bot's SIGINT nor takes it for Ctrl-C at the end."""
    status, out, err, records = run(game, "signals_referee", tmp_path, program=("-c", LATE_WATCH))
    check_outcome(game, "signals_referee", status, out, err, records)


# -- play: a person against your bot, asked move by move in its own process -------------

PLAY = ["fingerprint", "catches_timeout", "aborts", "signals_referee", "forks", "pipe:Garbage"]
"""The hostile bots played against in the terminal (``pirate-rules play``)."""


def play(game: str, bot: str, tmp_path: Path, *extra: str) -> tuple[int, str, str, Path]:
    """``play`` of ``game`` against ``bot`` from seed 5, the person's moves read from a
    pipe (Marvin: always the first move; Pirate: fast-forward), with a record."""
    record = tmp_path / f"{game}-5.json"  # so replay checks that it is seed 5's deal
    answers = ("1\n" if game == "marvin" else "f\n") * 400
    done = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "play", game, "--bot", bot, "--seed", "5",
         "--move-time", "1", "--record", str(record), *extra],
        input=answers, capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    left = processes_in(tmp_path)
    assert left == [], f"processes left behind: {left}"
    return done.returncode, done.stdout, done.stderr, record


@pytest.mark.parametrize("game", ["marvin", "pirate"])
@pytest.mark.parametrize("case", PLAY)
def test_a_hostile_bot_in_play_is_told_in_one_line_and_the_game_kept(
    game: str, case: str, tmp_path: Path
) -> None:
    bot = bot_of(case, game)
    status, out, err, record = play(game, bot, tmp_path)
    assert "Traceback" not in err
    assert f"Record saved to {record}." in out
    content = record.read_text()
    replay(content, name=record.name)  # every move legal, and the deal is seed 5's
    expected = HOSTILE[case]
    if expected is None and status == 0:
        assert json.loads(content).get("result"), "the game was played to its end"
        assert err == ""
        return
    assert status == 1, err
    assert err.count("\n") == 1, err
    when = "turn " if game == "marvin" else "moment "
    assert err.startswith(f"pirate-rules: error: bot '{bot}' in seat 1, game seed 5, {when}"), err
    if expected is None:
        assert any(words in err for words in SPOILS), err
    else:
        assert expected in err


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_play_against_a_hosted_bot_is_the_same_game_as_in_process(
    game: str, tmp_path: Path
) -> None:
    """A bot that ignores chance and hidden cards plays the very same game, line for line,
    asked move by move in its own process as in the referee's with --in-process."""
    bot = f"{FAIR / 'plain.py'}:{game.capitalize()}"
    shown = []
    for extra in ((), ("--in-process",)):
        status, out, err, record = play(game, bot, tmp_path, *extra)
        assert status == 0 and err == "", err
        shown.append((out, record.read_text()))
        record.unlink()
    assert shown[0] == shown[1]
    assert json.loads(shown[0][1]).get("result")


def test_play_never_runs_your_bot_in_its_own_process_unless_asked(tmp_path: Path) -> None:
    spy = tmp_path / "spy.py"
    spy.write_text(
        "import os\n"
        "from pirate_rules.marvin.bots import RandomBot\n"
        "open(f'imported-in-{os.getpid()}', 'w').close()\n"
        "class Spy(RandomBot):\n"
        "    def choose(self, game, player):\n"
        "        move = super().choose(game, player)\n"
        "        self.reason = 'a spy'\n"
        "        return move\n"
    )
    for extra in ((), ("--in-process",)):
        done = subprocess.run(
            [sys.executable, "-c", "import os, sys\nfrom pirate_rules.cli import main\n"
             "print(os.getpid())\nsys.exit(main(['play', 'marvin', '--bot', 'spy.py:Spy',"
             f" '--seed', '3', *{list(extra)!r}]))"],
            input="1\n" * 200, capture_output=True, text=True, cwd=tmp_path, timeout=120,
            check=False, env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        referee = done.stdout.split()[0]
        marks = [path.name for path in tmp_path.glob("imported-in-*")]
        assert marks
        assert (f"imported-in-{referee}" in marks) == bool(extra), marks
        assert "  (a spy)" in done.stdout  # the bot's reason is shown, hosted or not
        for path in tmp_path.glob("imported-in-*"):
            path.unlink()


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_bot_that_signals_its_worker_is_told_with_two_processes(
    game: str, tmp_path: Path
) -> None:
    """With --jobs 2 a host's parent is a worker process, the referee of its batch: the
    SIGINT a bot sends it is the bot's one-line fault, never ignored."""
    status, out, err, records = run(game, "signals_referee", tmp_path, "--jobs", "2")
    check_outcome(game, "signals_referee", status, out, err, records)
    assert status == 1


@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_bot_that_signals_the_main_process_past_its_worker_is_told(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The main process tells that SIGINT from Ctrl-C by its sender, a worker's bot."""
    case = "signals_referee:Grandparent"
    monkeypatch.setitem(HOSTILE, case, "sent SIGINT to the referee")
    status, out, err, records = run(game, case, tmp_path, "--jobs", "2")
    check_outcome(game, case, status, out, err, records)
    assert status == 1


def test_sigint_from_a_workers_host_that_has_ended_is_no_ctrl_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One bot's fault stops a ``--jobs 2`` run, and the main process ends the other
    worker, whose bot has just sent it SIGINT: on a busy machine the signal is read only
    once that worker and its host are gone. It must not read as Ctrl-C."""
    import _thread
    from types import SimpleNamespace

    from pirate_rules import host

    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    pid = int(ended.stdout)  # a host that has ended: /proc says nothing of it now
    started = host.StartedHosts()
    for other in range(300):  # more hosts than are kept, and the ended one last
        started.add(10_000_000 + other)
    started.add(pid)
    monkeypatch.setattr(host, "STARTED_BY_WORKERS", {os.getpid() + 1: started})
    monkeypatch.setattr(host, "_LIVE_HOSTS", set())
    interrupted: list[bool] = []
    monkeypatch.setattr(_thread, "interrupt_main", lambda *_: interrupted.append(True))
    with host.RefereeSignals() as watch:
        watch._take(SimpleNamespace(si_pid=pid))
        assert not interrupted, "a bot's SIGINT was taken for Ctrl-C"
        assert 10_000_000 not in started  # only the last 256 hosts are kept
        watch._take(SimpleNamespace(si_pid=pid + 1_000_000))  # anyone else: Ctrl-C
    assert interrupted == [True]


def test_a_host_that_ended_after_its_last_answer_is_told_before_another_starts() -> None:
    """A host ended between two batches (its bot signalled the referee after answering)
    is a fault when its seat is next asked for: never quietly started again."""
    hosts = Hosts("marvin", [bot_of("fingerprint", "marvin"), OTHER["marvin"]], (True, False), 1)
    try:
        first = hosts.host(0)
        first.kill("it sent SIGINT to the referee (from pid 1)")
        with pytest.raises(BotError, match="its process was ended: it sent SIGINT to the referee"):
            hosts.host(0)
        second = hosts.host(0)  # told once: then a new host plays on
        assert second is not first and second.child.returncode is None
    finally:
        hosts.close()


def test_hosts_ended_from_another_thread_stop_their_batch_at_once() -> None:
    """What a cluster's worker does for the batches of a run that its client stopped: a
    bot that would hang for ever (there is no move time here) is ended from outside."""
    task = task_of("marvin", [bot_of("catches_timeout", "marvin"), OTHER["marvin"]])
    close_hosts()  # task_of loaded the bot once, in a host of this thread
    done: dict[str, Batch] = {}

    def play() -> None:
        try:
            done["batch"] = play_batch(task, [5, 6])
        finally:
            close_hosts(this_thread=True)

    thread = threading.Thread(target=play)
    thread.start()
    deadline = time.monotonic() + 60
    while not process.live_children() and time.monotonic() < deadline:
        time.sleep(0.01)  # until the thread's host has started
    assert process.live_children(), "the host never started"
    assert thread.ident is not None
    end_hosts(thread.ident, "its run was stopped by its client")
    thread.join(60)
    assert not thread.is_alive()
    batch = done["batch"]
    assert batch.results == [] and batch.fault is not None
    assert batch.fault.seed == 5 and "stopped" in str(batch.fault), batch.fault
    assert process.live_children() == []


def test_the_bot_never_runs_in_the_referee(tmp_path: Path) -> None:
    spy = tmp_path / "spy.py"
    spy.write_text(
        "import os\n"
        "from pirate_rules.marvin.bots import RandomBot\n"
        "open(f'imported-in-{os.getpid()}', 'w').close()\n"
        "class Spy(RandomBot):\n    pass\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", "import os, sys\nfrom pirate_rules.cli import main\n"
         "print(os.getpid())\nsys.exit(main(['simulate', 'marvin', '--bots', 'spy.py:Spy,random',"
         " '--games', '3']))"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    referee = done.stdout.split()[0]
    marks = [path.name for path in tmp_path.glob("imported-in-*")]
    assert marks and f"imported-in-{referee}" not in marks
    assert "your bots' seeds came from key " in done.stdout


def test_the_same_bot_key_repeats_a_run_and_another_does_not(tmp_path: Path) -> None:
    def wins(*key: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "pirate_rules", "simulate", "marvin", "--bots",
             f"{FAIR / 'faked_summary.py'}:Marvin,random", "--games", "30", "--json", *key],
            capture_output=True, text=True, cwd=tmp_path, timeout=120, check=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        return done.stdout

    first = json.loads(wins("--bot-key", "ab" * 16))
    assert first["bot_key"] == "ab" * 16
    assert json.loads(wins("--bot-key", "AB" * 16)) == first
    assert json.loads(wins("--bot-key", "cd" * 16))["mean_length"] != first["mean_length"]


# -- what a player knows -------------------------------------------------------------------


def marvin_pair(seed: int, turns: int) -> tuple[MarvinGame, MarvinGame]:
    """Two real games that differ only in cards nobody has seen after ``turns`` turns."""
    rng = random.Random(seed)
    first = MarvinGame.from_seed(seed)
    moves = []
    while first.turn < turns and not first.is_game_over():
        move = rng.choice(list(first.legal_moves))
        moves.append(move)
        first.push(move)
    drawn = len(first.deck) - len(first.draw_pile)
    assert first.reshuffles == 0
    rest = list(first.deck[drawn:])
    rng.shuffle(rest)
    second = MarvinGame([*first.deck[:drawn], *rest], first=first.first, seed=seed + 1)
    second.play(*moves)
    assert second.draw_pile != first.draw_pile and second.log == first.log
    return first, second


@pytest.mark.parametrize("seed", range(4))
def test_two_marvin_games_that_differ_in_unseen_cards_give_equal_views(seed: int) -> None:
    first, second = marvin_pair(seed, 12)
    views = []
    for game in (first, second):
        view = imagine(public_record(marvin_record(game)), seed=77)
        views.append((view._state(), view.draw_pile, view.deck))
        assert view.log == game.log
    assert views[0] == views[1]
    assert views[0][1] != first.draw_pile


def pirate_pair(seed: int, moments: int) -> tuple[PirateGame, PirateGame, list[str], list[str]]:
    """Two real Pirate games that differ only in the untouched part of each stock."""
    first = PirateGame.from_seed(seed)
    rng = random.Random(seed)
    played = []
    while first.moment < moments and not first.is_terminal():
        moment = rng.choice(first.legal_actions(0)) + rng.choice(first.legal_actions(1))
        played.append(moment)
        first.apply_moment(moment)
    stocks = []
    for player in (0, 1):
        untouched = len(first.stock(player))
        start = list(first.start[player])
        tail = start[len(start) - untouched :]
        rng.shuffle(tail)
        stocks.append(start[: len(start) - untouched] + tail)
    second = PirateGame(stocks, low=first.low)
    second.cuts = first.cuts
    told = [[], []]
    for game, out in ((first, told[0]), (second, told[1])):
        game_again = PirateGame(list(game.start), low=game.low)
        for moment in played:
            before = turning(game_again, moment)
            game_again.apply_moment(moment)
            out.append(seen(game_again, moment, before))
    return first, second, told[0], told[1]


@pytest.mark.parametrize("seed", range(4))
def test_two_pirate_games_that_differ_in_unseen_cards_give_equal_views(seed: int) -> None:
    first, second, told_first, told_second = pirate_pair(seed, 40)
    assert first.stock(0) != second.stock(0)
    assert told_first == told_second  # what the players saw is the same
    views = []
    for told in (told_first, told_second):
        view = PirateView(first.low, first.players, first.cuts, seed=5)
        view.update(told)
        views.append((view.game.start, view.game.stock(0), view.game.stock(1), view.game.waste(0)))
    assert views[0] == views[1]
    assert views[0][1] != first.stock(0)


def test_a_view_keeps_what_was_seen_exact_and_the_rest_uniform() -> None:
    """The top card of the unseen draw pile, over many views of one real game, is any of
    the unseen cards about equally often."""
    first, _ = marvin_pair(3, 10)
    public = public_record(marvin_record(first))
    tops: dict[str, int] = {}
    for seed in range(2000):
        view = imagine(public, seed)
        assert view.log == first.log and view.deck[:10] == first.deck[:10]
        tops[str(view.draw_pile[0])] = tops.get(str(view.draw_pile[0]), 0) + 1
    unseen = len(first.draw_pile)
    assert len(tops) == len({str(card) for card in first.draw_pile})
    assert max(tops.values()) < 3 * 2000 / unseen


@pytest.mark.parametrize("bot", ["expert", "search", "sensible"])
def test_the_engines_bots_choose_the_same_on_the_hosts_view(bot: str) -> None:
    """Up to 35 s in the whole suite, for the expert, whose search runs twice a move:
    the bots must agree on every move of twenty whole games, not on a few positions."""
    from pirate_rules.bots import make_bot

    for seed in range(20):
        real = MarvinGame.from_seed(seed)
        draws = Draws()
        drawn = draws.since(real)
        views = [MarvinView(real.first, real.players, real.jokers, drawn, seed=seed * 7 + seat)
                 for seat in (0, 1)]  # fmt: skip
        on_real = [make_bot("marvin", bot, seed=seed * 2 + seat) for seat in (0, 1)]
        on_view = [make_bot("marvin", bot, seed=seed * 2 + seat) for seat in (0, 1)]
        moves: list[str] = []
        cards: list = []
        sent = [[0, 0], [0, 0]]
        while not real.is_game_over():
            player = real.to_move
            views[player].update(moves[sent[player][0] :], cards[sent[player][1] :])
            sent[player] = [len(moves), len(cards)]
            move = on_real[player].choose(real, player)
            assert str(on_view[player].choose(views[player].game, player)) == str(move)
            real.push(move)
            moves.append(str(move))
            cards.extend(draws.since(real))


def test_a_hosted_bots_seed_does_not_give_away_the_deal() -> None:
    key = "12" * 16
    seeds = [hosted_seed(key, seed, seat) for seed in range(50) for seat in (0, 1)]
    assert len(set(seeds)) == 100
    assert all(value // 2 not in range(50) for value in seeds)


# -- the lockstep referee -----------------------------------------------------------------


@pytest.fixture
def own_bots(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(ROOT)
    yield


@pytest.mark.usefixtures("own_bots")
@pytest.mark.parametrize("game", ["marvin", "pirate"])
def test_a_hosted_bot_plays_the_same_games_as_in_process(game: str) -> None:
    """A bot that ignores chance and hidden cards plays exactly the same games hosted, on
    its views, in lockstep, as in this process on the true games."""
    own = f"tests/bots/fair/plain.py:{game.capitalize()}"
    hosted = task_of(game, (own, OTHER[game]), "dict", key="00" * 16)
    here = task_of(game, (own, OTHER[game]), "dict", in_process=True)
    assert hosted.hosted == (True, False) and here.hosted == (False, False)
    with Hosts(game, hosted.bots, hosted.hosted, None) as hosts:
        results, fault = play_lockstep(hosted, range(12), hosts)
    assert fault is None and [result.seed for result in results] == list(range(12))
    from pirate_rules.simulate import play_batch

    alone = play_batch(here, range(12))
    assert [result.record for result in results] == [result.record for result in alone.results]


# -- one host for both seats (Marvin, the same bot of yours in both) -----------------------

TWINS = """
import os
from pirate_rules.marvin.bots import RandomBot


class Twin(RandomBot):
    \"\"\"Notes its seed, its seat and its process once, and refuses to be asked for the
    other seat's choice.\"\"\"

    def __init__(self, seed=None):
        super().__init__(seed)
        self.given, self.seat = seed, None

    def choose(self, game, player):
        if self.seat is None:
            self.seat = player
            open(f"seat-{player}-seed-{self.given}-pid-{os.getpid()}", "w").close()
        if player != self.seat or player != game.to_move:
            raise ValueError(f"asked for seat {player}, at seat {self.seat}'s turn {game.to_move}")
        return super().choose(game, player)


class Seat1Raises(Twin):
    def choose(self, game, player):
        if player == 1 and game.turn >= 6:
            raise ValueError("seat 1 gives up")
        return super().choose(game, player)


class Seat1Aborts(Twin):
    def choose(self, game, player):
        if player == 1 and game.turn >= 6:
            os.abort()
        return super().choose(game, player)
"""


def simulate_twins(tmp_path: Path, bot: str, key: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "twins.py").write_text(TWINS)
    done = subprocess.run(
        [sys.executable, "-c", "import os, sys\nfrom pirate_rules.cli import main\n"
         "print(os.getpid(), flush=True)\n"
         f"sys.exit(main(['simulate', 'marvin', '--bots', 'twins.py:{bot},twins.py:{bot}',"
         f" '--games', '6', '--seed', '5', '--bot-key', '{key}', '--json']))"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert processes_in(tmp_path) == []
    return done


def test_one_host_plays_both_seats_each_instance_with_its_own_seat_and_seed(
    tmp_path: Path,
) -> None:
    """Both seats' instances of your bot play in one process, never the referee's; each
    is asked only for its own seat, at its own turns, and has its own seat's seed."""
    key = "5e" * 16
    done = simulate_twins(tmp_path, "Twin", key)
    assert done.returncode == 0, done.stderr
    referee = int(done.stdout.split()[0])
    notes = [path.name.split("-") for path in tmp_path.glob("seat-*")]
    assert len({note[5] for note in notes}) == 1  # one host for both seats
    assert int(notes[0][5]) != referee
    seeds = {(int(note[1]), int(note[3])) for note in notes}
    assert seeds == {
        (seat, hosted_seed(key, seed, seat)) for seed in range(5, 11) for seat in (0, 1)
    }


@pytest.mark.parametrize(("bot", "says"), [("Seat1Raises", "seat 1 gives up"),
                                           ("Seat1Aborts", "ended by SIGABRT")])  # fmt: skip
def test_a_fault_in_a_shared_host_names_the_seat_whose_choice_it_was(
    bot: str, says: str, tmp_path: Path
) -> None:
    done = simulate_twins(tmp_path, bot, "5e" * 16)
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.startswith("pirate-rules: error:")]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"pirate-rules: error: bot 'twins.py:{bot}' in seat 1, game seed 5,")
    assert says in lines[0]


@pytest.mark.usefixtures("own_bots")
def test_one_host_for_both_seats_plays_the_same_games_as_in_process() -> None:
    own = "tests/bots/fair/plain.py:Marvin"
    hosted = task_of("marvin", (own, own), "dict", key="00" * 16)
    here = task_of("marvin", (own, own), "dict", in_process=True)
    with Hosts("marvin", hosted.bots, hosted.hosted, None) as hosts:
        assert hosts.shared and hosts.host(0) is hosts.host(1)
        results, fault = play_lockstep(hosted, range(12), hosts)
    assert fault is None and [result.seed for result in results] == list(range(12))
    alone = play_batch(here, range(12))
    assert [result.record for result in results] == [result.record for result in alone.results]
    close_hosts()


def test_pirate_and_two_different_bots_have_a_host_per_seat() -> None:
    plain = f"{FAIR / 'plain.py'}"
    assert not Hosts("pirate", [f"{plain}:Pirate"] * 2, (True, True), None).shared
    assert not Hosts(
        "marvin", [f"{plain}:Marvin", f"{FAIR / 'forks.py'}:Marvin"], (True, True), None
    ).shared
    assert Hosts("marvin", [f"{plain}:Marvin"] * 2, (True, True), None).shared


# -- the tournament ------------------------------------------------------------------------


def test_a_tournaments_table_is_the_one_its_records_give(tmp_path: Path) -> None:
    from pirate_rules.tournament import from_records, run_tournament

    mine = f"{FAIR / 'plain.py'}:Marvin"
    table = run_tournament("marvin", ["random", "sensible", mine], games=6, records=tmp_path)
    again = from_records(tmp_path)
    assert table.as_json()["pairings"] == again.as_json()["pairings"]
    ratings = {bot["bot"]: bot["rating"] for bot in table.as_json()["bots"]}
    assert ratings == {bot["bot"]: bot["rating"] for bot in again.as_json()["bots"]}
    # the deals are paired: each pairing plays every seed once from each seat
    for pair in table.pairings:
        assert sorted(pair.deals) == list(range(6))
        assert all(len(points) == 2 for points in pair.deals.values())
    for folder in tmp_path.iterdir():
        seeds = sorted(json.loads(path.read_text())["seed"] for path in folder.glob("*.json"))
        assert seeds == list(range(6))


def test_a_bot_that_faults_shows_in_the_table_and_the_rest_goes_on(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pirate_rules", "tournament", "pirate", "fast", "slow",
         f"{FAIR / 'aborts.py'}:Pirate", "--games", "3", "--format", "json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    table = json.loads(done.stdout)
    faulty = [bot for bot in table["bots"] if "fault" in bot]
    assert len(faulty) == 1 and "SIGABRT" in faulty[0]["fault"]
    rest = [pair for pair in table["pairings"] if pair["games"]]
    assert [(pair["first"], pair["second"], pair["games"]) for pair in rest] == [
        ("fast", "slow", 6)
    ]
    assert processes_in(tmp_path) == []


def test_an_unfair_bot_enters_only_when_allowed() -> None:
    from pirate_rules.errors import PirateRulesError
    from pirate_rules.tournament import run_tournament

    with pytest.raises(PirateRulesError, match="reads hidden cards"):
        run_tournament("marvin", ["random", "cheating-oracle"], games=1)
    table = run_tournament("marvin", ["random", "cheating-oracle"], games=2, allow_unfair=True)
    assert "UNFAIR" in table.render()


@pytest.mark.parametrize("seed", [1, 5, 6, 7, 9, 10])
def test_a_shared_hosts_view_plays_its_own_moves_told_the_cards_alone(seed: int) -> None:
    """A host that plays both seats is told only the cards drawn since its last answer
    (``MarvinView.follow``): its view plays that answer itself, and stays the real game
    in all that was seen, through reshuffles, to the end."""
    from pirate_rules.marvin.bots import RandomBot

    real = MarvinGame.from_seed(seed)
    mark = Draws()
    view = MarvinView(real.first, real.players, real.jokers, mark.since(real), seed=seed + 50)
    bots = (RandomBot(seed=2 * seed), RandomBot(seed=2 * seed + 1))
    hidden_differs = False
    while True:
        game = view.game
        assert game.log == real.log and game.legal_moves == real.legal_moves
        assert game.discard_pile == real.discard_pile and game.to_move == real.to_move
        if real.reshuffles == 0:
            drawn = len(real.deck) - len(real.draw_pile)
            assert game.deck[:drawn] == real.deck[:drawn]
        hidden_differs |= game.draw_pile != real.draw_pile
        if real.is_terminal():
            break
        move = bots[game.to_move].choose(game, game.to_move)
        real.push(str(move))
        view.follow((move,), "".join(map(str, mark.since(real))))
    assert real.reshuffles > 0 and hidden_differs


@pytest.mark.usefixtures("own_bots")
def test_lockstep_sets_the_collector_for_its_games_and_gives_it_back() -> None:
    import gc

    from pirate_rules.host import COLLECTOR
    from pirate_rules.summary import GameResult, result_of

    own = "tests/bots/fair/plain.py:Marvin"
    task = task_of("marvin", (own, own), key="00" * 16)
    seen: list[tuple[int, ...]] = []

    def finish(game: MarvinGame, seed: int) -> GameResult:
        seen.append(gc.get_threshold())
        return result_of("marvin", game, seed)

    before = gc.get_threshold()
    with Hosts("marvin", task.bots, task.hosted, None) as hosts:
        results, fault = play_lockstep(task, range(3), hosts, finish=finish)
    assert fault is None and len(results) == 3
    assert seen == [COLLECTOR] * 3 and before != COLLECTOR
    assert gc.get_threshold() == before
