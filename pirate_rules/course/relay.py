r"""The checks, when the learner's code answers in another Python: rounds of messages.

In the browser the learner's file runs in a worker of its own, in a Python of its own
that holds nothing of the engine (:mod:`pirate_rules.course.agent`), and the checks run
in the page's Python. Neither can wait for the other in the middle of a check: the page
carries the checks' messages to the learner's worker and brings the answers back, and a
call into the checks' Python returns only once it is done. So each check is *replayed*
(:class:`~pirate_rules.course.learner.Replay`): it runs until it asks something not
answered yet, and what it asked goes out; once the answers are back it runs again from
its start, every earlier answer given again in order, until it ends. The checks' own
code is deterministic, and each message is compared with the one sent the first time.

Three things keep the round trips few:

* a message whose answer only says it was done (the file loaded, an object made under a
  name the checks chose, a shuffle, the objects forgotten) does not wait: it goes out
  with the next message whose answer is needed;
* the checks of a chapter advance together: each round trip carries, for every check
  still running, what it waits on; a chapter takes as many round trips as its longest
  check has questions, not as many as all its calls;
* a game beside the real engine is planned whole (as on the command line), and several
  games go in one trip.

A round trip (:meth:`Rounds.step`) is ``{"trip": n, "batches": [[message, ...], ...],
"limit": seconds}``. The learner's worker answers each batch's messages in order and
stops a batch at its first fault. Its reply (:meth:`Rounds.answer`) is ``{"answers":
[[answer, ...], ...], "died": None}``; when its Python ended without answering (no
answer within ``limit`` seconds, ``os._exit``, a crash), ``"died"`` says so: ``{"batch":
b, "kind": ..., "status": ..., "detail": ...}``. The message the batch was on is then
answered in words, the worker is started again, the file is loaded again, and the
checks that were under way start over.

Here the learner's agent answers in this interpreter, as the page would carry it:

    >>> from pirate_rules.course.agent import Agent
    >>> from pirate_rules.course.learner import load
    >>> learner = load("def double(n):\n    return n + n\n", relayed=True)
    >>> rounds = Rounds(learner)
    >>> task = rounds.add(lambda: learner.call("double", 21))
    >>> agent, trips = Agent(), 0
    >>> while (trip := rounds.step()) is not None:
    ...     trips += 1
    ...     answers = [[agent.handle(message) for message in batch] for batch in trip["batches"]]
    ...     rounds.answer(trip["trip"], {"answers": answers, "died": None})
    >>> task.result, trips
    (42, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pirate_rules.course.learner import (
    OUTSIDE_SECONDS,
    Death,
    Fault,
    Learner,
    Replay,
    Waiting,
    _ended,
)

__all__ = ["Rounds", "Task"]


class Task:
    """One check, or one game, run round by round.

    Attributes:
        body: Runs it; what it returns is its result.
        replay: What it has asked and been answered.
        done: Whether it has ended.
        result: What ``body`` returned, once it has ended.
        trips: The round trips it has been in.
        stale: The learner's Python that answered it is gone: if it asks anything more,
            it starts over.
        alone: It runs in trips of its own (a game that asked again after its trip).
    """

    def __init__(self, body: Callable[[], Any], prefix: str) -> None:
        self.body = body
        self.replay = Replay(prefix)
        self.done = False
        self.result: Any = None
        self.trips = 0
        self.stale = False
        self.alone = False


class Rounds:
    """Tasks that talk to the learner's agent through messages that others carry.

    Args:
        learner: The learner's file, loaded ``relayed``.
        limit: How long the learner's worker may go without answering a message, in
            seconds, before it is ended (the clock of one call, and some).
        alone: Games: each game's objects have names that the next game's reuse, so a
            game that asks again after its trip is played again, from its start, alone.

    Attributes:
        tasks: The tasks, in order.
        fault: The fault that keeps the learner's file from running, if any.
    """

    def __init__(self, learner: Learner, limit: float | None = None, alone: bool = False) -> None:
        self.learner = learner
        self.limit = learner.seconds + OUTSIDE_SECONDS if limit is None else limit
        self.alone = alone
        self.tasks: list[Task] = []
        self.fault: Fault | None = None
        self.loaded = False
        self.trip = 0
        self.owners: list[Task | None] = []
        self.made = 0

    def add(self, body: Callable[[], Any]) -> Task:
        """A new task, run from the next :meth:`step`."""
        self.made += 1
        task = Task(body, f"t{self.made}")
        self.tasks.append(task)
        return task

    def _run(self, task: Task) -> bool:
        """Run ``task`` with the answers it has; whether it has ended."""
        self.learner.relay = task.replay
        task.replay.begin()
        try:
            task.result = task.body()
        except Waiting:
            return False
        finally:
            self.learner.relay = None
        if task.replay.new:  # messages that did not wait: their faults count too
            return False
        task.done = True
        return True

    def _waits(self, task: Task) -> bool:
        """Run ``task``; whether it waits for answers (if it is stale, from its start)."""
        if self._run(task):
            return False
        if task.stale:
            task.stale = False
            task.replay.forget()
            return not self._run(task)
        return True

    def step(self) -> dict[str, Any] | None:
        """Run every task that has not ended; the next round trip, or None when none waits
        (or the learner's file does not run: :attr:`fault`)."""
        waiting = [task for task in self.tasks if not task.done and self._waits(task)]
        if self.fault is not None or not waiting:
            return None
        if self.alone and waiting[0].trips:
            first = waiting[0]
            if not first.alone:  # its objects may be another game's by now
                first.alone = True
                first.replay.forget()
                if not self._waits(first):
                    return self.step()
            waiting = [first]
        elif self.alone:
            waiting = [task for task in waiting if not task.trips]
        self.trip += 1
        self.owners = ([] if self.loaded else [None]) + waiting
        batches = [[self.learner.loading]] if not self.loaded else []
        batches += [task.replay.new for task in waiting]
        return {"trip": self.trip, "batches": batches, "limit": self.limit}

    def answer(self, trip: int, reply: dict[str, Any]) -> None:
        """The learner's worker's reply to round trip ``trip`` (see the module's description).

        Raises:
            ValueError: if it is not the reply to the last trip, or is not shaped as one.
        """
        answers, died = _reply(reply)
        if trip != self.trip or len(answers) > len(self.owners):
            raise ValueError(f"no answer for round trip {trip!r} is awaited")
        death = None if died is None else Death(died["kind"], died["status"], died["detail"])
        for index, owner in enumerate(self.owners):
            got = answers[index] if index < len(answers) else []
            culprit = death is not None and died is not None and died["batch"] == index
            if owner is None:
                self._loaded(got, death if culprit else None)
                continue
            owner.trips += 1
            if culprit:
                assert death is not None
                owner.replay.died(got, death, self.limit)
            else:
                owner.replay.answered(got)
        if death is not None and died is not None:  # a new Python: the file is loaded again,
            self.loaded = False  # and the tasks under way start over
            batch = died["batch"]
            culprit = self.owners[batch] if 0 <= batch < len(self.owners) else None
            for task in self.tasks:
                task.stale = task is not culprit and not task.done
        self.owners = []

    def _loaded(self, got: list[dict[str, Any]], death: Death | None) -> None:
        filename = self.learner.filename
        if death is not None:
            self.fault = Fault(_ended(filename, death, self.limit))
        elif got and "fault" in got[0]:
            told = got[0]["fault"]
            self.fault = Fault(told["message"], told["trace"], tuple(told["lines"]))
        elif got:
            self.loaded = True


def _reply(reply: Any) -> tuple[list[list[dict[str, Any]]], dict[str, Any] | None]:
    """The answers and the death of a reply, checked for shape."""
    shaped = isinstance(reply, dict) and isinstance(reply.get("answers"), list)
    answers = reply["answers"] if shaped else None
    if answers is None or not all(
        isinstance(batch, list) and all(isinstance(a, dict) for a in batch) for batch in answers
    ):
        raise ValueError("a reply of the learner's worker holds a list of answers per batch")
    died = reply.get("died")
    if died is None:
        return answers, None
    if not isinstance(died, dict) or not isinstance(died.get("batch"), int):
        raise ValueError("a death in a reply names its batch")
    status = died.get("status")
    kind = died.get("kind")
    return answers, {
        "batch": died["batch"],
        "kind": kind if kind in ("deadline", "exit", "crash") else "crash",
        "status": status if isinstance(status, int) else None,
        "detail": str(died.get("detail") or ""),
    }
