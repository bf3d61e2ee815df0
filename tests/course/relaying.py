"""What a chapter page does with the checks' round trips, in CPython: carry them to an agent.

``Carrier`` answers a round trip as the learner's worker does in the browser (each batch's
messages in order, a batch ending at its first fault), with the agent in this interpreter
or, ``apart``, in a child process of its own (the command line's, through the process
runner): there a child that ends or stops answering is a death, told as the page tells it.
"""

from __future__ import annotations

import builtins
import json
from typing import Any

from pirate_rules import process
from pirate_rules.course import agent as agent_module
from pirate_rules.course import clock as clock_module
from pirate_rules.course.agent import Agent
from pirate_rules.course.clock import Watch
from pirate_rules.course.learner import guarded_import
from pirate_rules.web import call_json

GUARDED = {**vars(builtins), "__import__": guarded_import}


class Carrier:
    """The learner's worker, as the page reaches it: ``carrier(trip)`` is its reply.

    Attributes:
        trips: The round trips carried.
        starts: The agents started (a death ends one; the next trip starts another).
    """

    def __init__(self, apart: bool = False) -> None:
        self.apart = apart
        self.agent: Any = None
        self.trips = 0
        self.starts = 0

    def _start(self) -> None:
        self.starts += 1
        if not self.apart:
            self.agent = Agent(Watch, builtins=GUARDED)
            return
        self.agent = process.Child.python(
            agent_module.__file__, process.__file__, clock_module.__file__, "",
            output=process.CAPTURE,
        )  # fmt: skip

    def _answer(self, message: dict[str, Any], limit: float) -> dict[str, Any]:
        if self.agent is None:
            self._start()
        if not self.apart:  # as JSON, as the page carries it
            answer: dict[str, Any] = json.loads(json.dumps(self.agent.handle(message)))
            return answer
        answer = self.agent.call(message, timeout=limit)
        return answer

    def __call__(self, trip: dict[str, Any]) -> dict[str, Any]:
        self.trips += 1
        answers: list[list[dict[str, Any]]] = []
        for index, batch in enumerate(trip["batches"]):
            got: list[dict[str, Any]] = []
            answers.append(got)
            for message in batch:
                try:
                    answer = self._answer(message, trip["limit"])
                except process.ChildError as error:
                    self.close()
                    return {"answers": answers, "died": died(index, error.fault)}
                got.append(answer)
                if "fault" in answer:
                    break
        return {"answers": answers, "died": None}

    def close(self) -> None:
        if self.apart and self.agent is not None:
            self.agent.close()
        self.agent = None


def died(batch: int, fault: process.Fault) -> dict[str, Any]:
    """A child's end as the page tells a worker's (``deadline``, ``exit``, ``crash``)."""
    if fault.kind in ("deadline", "exit"):
        return {"batch": batch, "kind": fault.kind, "status": fault.status, "detail": ""}
    return {"batch": batch, "kind": "crash", "status": None, "detail": str(fault)}


def relayed(run: Any, trip: dict[str, Any] | None, carrier: Carrier) -> None:
    """Carry ``run``'s round trips (a :class:`~pirate_rules.course.Relayed` or a relayed
    :class:`~pirate_rules.course.Comparison`) until it asks for none."""
    while trip is not None:
        trip = run.answer(trip["trip"], carrier(trip))


def call(name: str, *args: Any) -> Any:
    """An entry point of the pages, called as the worker calls it: its JSON answer."""
    return json.loads(call_json(name, json.dumps(list(args))))


def carried(answer: Any, carrier: Carrier) -> Any:
    """An entry point's result, once the round trips it asks for are carried (as the page's
    ``relay`` does)."""
    while "result" in answer and isinstance(answer["result"], dict) and answer["result"].get("ask"):
        asked = answer["result"]
        answer = call("course_answer", asked["id"], asked["ask"]["trip"], carrier(asked["ask"]))
    return answer
