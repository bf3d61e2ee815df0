"""The misreading catalogue: plausible wrong readings of each rule, as small engine patches.

Each `Misreading` names a rule id, a short name (which the rule's "Not to be confused
with" box on the rules page repeats word for word), the words of the rule's section
that it reads another way, and the patches that make the engine follow it. A patch maps
a **target**, ``"module:Name.attribute"``, to a factory that receives the engine's own
object there and returns the wrong one: a wrapper around the original function, a small
wrong variant of it, or a changed table.

The catalogue tests apply each misreading with ``monkeypatch`` and run only that rule's
section of its rules page: it must pass on the real engine and fail under the misreading.
They run the section example by example (`rule_pages.rule_examples`), so that a
`Verdict` says which examples catch the misreading. An example that is the only one to
catch a misreading is one that the misreading **needs**: without it, the misreading
would pass. A misreading has an **example of its own** when it needs one that no other
misreading of its rule needs (`own_examples`), so that every example is there for a
reason, and every misreading is told apart by an example written for it.

The targets are the engine's **patch points** (see `targets`). When a refactoring
renames or removes one, the tests fail and name it, rather than quietly testing
nothing; update the patch to the new place of the same rule. A patch whose own code
crashes (for example on an attribute that no longer exists) is reported as broken,
never counted as a misreading caught.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rule_pages import Example, Failure, rule_examples, run_examples

Factory = Callable[[Any], Any]
"""Given the engine's object at a target, return what replaces it."""


@dataclass(frozen=True)
class Misreading:
    """One wrong reading of one rule, and how to make the engine follow it."""

    rule: str
    name: str
    patches: Mapping[str, Factory]
    reads: str = ""
    """The words of the rule, as its section on the rules page says them, that the
    misreading reads another way."""

    def __str__(self) -> str:
        return f"{self.rule}: {self.name}"


class MissingTarget(LookupError):
    """A patch target that the engine no longer has."""


class BrokenPatch(Exception):
    """A patch that could not be called as the engine calls it, or that crashed."""

    broken_patch = True
    """Marks the exception for `rule_pages.run_examples`."""


def guarded(target: str, replacement: Any) -> Any:
    """``replacement``, turning a wrong call or a crash of its own code into `BrokenPatch`.

    Errors that the engine raises on purpose (``PirateRulesError`` and its kinds) pass.
    """
    if not inspect.isfunction(replacement):
        return replacement

    @functools.wraps(replacement)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return replacement(*args, **kwargs)
        except (TypeError, AttributeError, NameError) as error:
            raise BrokenPatch(f"the patch of {target} failed: {error!r}") from error

    return call


def misreading(rule: str, name: str, *patches: Mapping[str, Factory], reads: str) -> Misreading:
    """A `Misreading` of the words ``reads`` of ``rule``, whose patches are the union of
    ``patches``."""
    merged: dict[str, Factory] = {}
    for patch in patches:
        merged.update(patch)
    return Misreading(rule, name, merged, reads)


def resolve(target: str) -> tuple[Any, str, Any]:
    """The owner, attribute name and current object of ``target`` (``module:Name.attr``).

    Raises:
        MissingTarget: naming the target, if its module or attribute does not exist.
    """
    module_name, _, path = target.partition(":")
    try:
        owner: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise MissingTarget(f"patch target {target}: no module {module_name} ({error})") from None
    *parents, attribute = path.split(".")
    try:
        for parent in parents:
            owner = getattr(owner, parent)
        return owner, attribute, inspect.getattr_static(owner, attribute)
    except AttributeError:
        raise MissingTarget(f"patch target {target} no longer exists in the engine") from None


def apply(misreading: Misreading, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the engine follow ``misreading`` until ``monkeypatch`` is undone.

    Fails the test, naming the target, if any target no longer exists.
    """
    resolved = []
    for target, factory in misreading.patches.items():
        try:
            resolved.append((*resolve(target), factory))
        except MissingTarget as error:
            pytest.fail(f"misreading {misreading}: {error}", pytrace=False)
    for owner, attribute, original, factory in resolved:
        monkeypatch.setattr(
            owner, attribute, guarded(f"{owner.__name__}.{attribute}", factory(original))
        )


def targets(catalogue: Iterable[Misreading]) -> list[str]:
    """Every patch target the catalogue uses, sorted."""
    return sorted({target for item in catalogue for target in item.patches})


def replaced_by(value: Any) -> Factory:
    """A factory that ignores the original and puts ``value`` in its place."""
    return lambda original: value


HERE = Path(__file__).resolve().parent
CATALOGUE_FILES = (
    *(str(path) for path in sorted(HERE.glob("*_patches.py"))),
    str(Path(__file__).resolve()),
)
"""The files whose crashes mark a patch as broken (see `rule_pages.run_examples`)."""


@dataclass(frozen=True)
class Verdict:
    """How the examples of a misreading's rule fare under it."""

    misreading: Misreading
    examples: tuple[Example, ...]
    """Every example of the rule's section."""
    failing: tuple[int, ...]
    """The numbers of the examples that fail under the misreading: those that catch it."""
    broken: tuple[Failure, ...]
    """Failures caused by a crash of the patch's own code rather than by the engine."""

    @property
    def caught(self) -> bool:
        return bool(self.failing) and not self.broken

    @property
    def needs(self) -> int | None:
        """The one example that catches the misreading, if only one does: without it,
        the section would let the misreading pass."""
        return self.failing[0] if len(self.failing) == 1 else None


def judge(item: Misreading) -> Verdict:
    """Run each example of ``item``'s rule under ``item``, and say which ones fail."""
    examples = rule_examples(item.rule)  # worked out on the real engine
    failing, broken = [], []
    with pytest.MonkeyPatch.context() as monkeypatch:
        apply(item, monkeypatch)
        for example in examples:
            run = run_examples(example.source, item.rule, watch=CATALOGUE_FILES)
            broken += run.broken
            if run.failures:
                failing.append(example.number)
    return Verdict(item, examples, tuple(failing), tuple(broken))


def own_examples(verdicts: Sequence[Verdict]) -> dict[str, int | None]:
    """For each misreading of one rule (by name): the number of its example of its own,
    the one example it needs that no other misreading needs, or None."""
    needed = [verdict.needs for verdict in verdicts]
    return {
        verdict.misreading.name: need if need is not None and needed.count(need) == 1 else None
        for verdict, need in zip(verdicts, needed, strict=True)
    }
