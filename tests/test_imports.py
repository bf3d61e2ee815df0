"""The package's imports run one way: no module imports, directly or through others, a
module that imports it back.

The imports are read from the source with `ast`, nothing is imported. Every import
statement counts, wherever it stands: at the top, inside a function, or under
``if TYPE_CHECKING:`` (a type is a dependency too). An import names the module it reads
from: ``from p import n`` reads the module ``p.n`` when there is one, else the package
``p`` itself; a module's parent packages, which Python imports first, are not counted
(each package imports its own modules, so they would make every package a circle).
"""

from __future__ import annotations

import ast
import functools
import itertools
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (a folder of ``root``), by dotted name."""
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def statements(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of ``nodes`` and of the blocks inside them (a function's body, an
    ``if``'s branches...): an import is a statement, so no expression is walked."""
    for node in nodes:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(node, field, None)
            if inner:
                yield from statements(inner)


@functools.cache
def imports(root: Path, package: str) -> dict[str, dict[str, int]]:
    """For each module of ``package``, the modules of the package it imports, each with
    the line of its first import statement."""
    known = modules(root, package)

    def named(name: str) -> str | None:
        """The module of the package that the dotted ``name`` reads from, if any."""
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for module, path in known.items():
        here = module if path.name == "__init__.py" else module.rpartition(".")[0]
        read: dict[str, int] = {}
        for node in statements(ast.parse(path.read_text("utf-8"), str(path)).body):
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [named(alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package, up level - 1
                    parts = here.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    targets.append(submodule if submodule in known else named(base))
            for target in targets:
                if target is not None and target != module:
                    read[target] = min(read.get(target, node.lineno), node.lineno)
        graph[module] = read
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One circle for each group of modules that reach each other (Tarjan's strongly
    connected components): the shortest way from the group's first module (by name)
    back to it, as the modules in order, the first again at the end."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(module: str) -> None:  # recursion depth: at most the number of modules
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    found = []
    for group in groups:
        start = min(group)
        came_from: dict[str, str] = {}
        queue = deque([start])
        while queue:  # breadth first, inside the group: the shortest way back to start
            module = queue.popleft()
            if start in graph[module]:
                way = [start]
                while module != start:
                    way.append(module)
                    module = came_from[module]
                found.append([start, *reversed(way[1:]), start])
                break
            for other in sorted(graph[module]):
                if other in group and other not in came_from and other != start:
                    came_from[other] = module
                    queue.append(other)
    return sorted(found)


def check_one_way(root: Path, package: str) -> None:
    """Fail, naming each circle of imports in ``package`` with its import lines."""
    graph = imports(root, package)
    named = []
    for circle in circles(graph):
        steps = [circle[0]]
        for module, other in itertools.pairwise(circle):
            line = graph[module][other]
            steps.append(f"{other} (line {line} of {module})")
        named.append(" -> ".join(steps))
    assert not named, "modules that import each other, directly or not:\n" + "\n".join(named)


def test_the_package_imports_run_one_way() -> None:
    check_one_way(ROOT, "pirate_rules")


def test_the_package_is_read_whole() -> None:
    """The check reads every module, and sees the imports that run one way."""
    graph = imports(ROOT, "pirate_rules")
    assert len(graph) == len(list((ROOT / "pirate_rules").rglob("*.py")))
    for game in ("marvin", "pirate"):
        rules, shortcuts = f"pirate_rules.{game}.game", f"pirate_rules.{game}.shortcuts"
        playout = f"pirate_rules.{game}.playout"
        assert shortcuts not in graph[rules] and rules not in graph[shortcuts]
        assert {rules, shortcuts} <= set(graph[playout])
    assert "pirate_rules.web.marvin" in graph["pirate_rules.web.coach"]
    assert "pirate_rules.web.coach" not in graph["pirate_rules.web.marvin"]


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def test_two_modules_that_import_each_other_fail_the_check_by_name(tmp_path: Path) -> None:
    # The second import is for type checking only: it counts all the same.
    write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/rules.py": "from pkg.fast import play\n",
            "pkg/fast.py": (
                "from typing import TYPE_CHECKING\n\n"
                "if TYPE_CHECKING:\n"
                "    from pkg.rules import Game\n"
            ),
            "pkg/other.py": "import pkg.rules\n",
        },
    )
    with pytest.raises(AssertionError) as failure:
        check_one_way(tmp_path, "pkg")
    assert "pkg.fast -> pkg.rules (line 4 of pkg.fast) -> pkg.fast (line 1 of pkg.rules)" in str(
        failure.value
    )
    assert "pkg.other" not in str(failure.value)


def test_relative_and_late_imports_count_and_a_one_way_tree_passes(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "from pkg import game as game\n",
        "pkg/game.py": "from .parts import Card\n",
        "pkg/parts.py": "X = 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/loop.py": "from .. import game\nfrom ..parts import X\n",
    }
    write(tmp_path / "one_way", files)
    check_one_way(tmp_path / "one_way", "pkg")
    assert imports(tmp_path / "one_way", "pkg")["pkg.sub.loop"] == {"pkg.game": 1, "pkg.parts": 2}
    # An import inside a function, back up from the parts: now a circle, named from the
    # first of its modules.
    files["pkg/parts.py"] = "def late():\n    if True:\n        from pkg.sub.loop import run\n"
    write(tmp_path / "circle", files)
    with pytest.raises(AssertionError) as failure:
        check_one_way(tmp_path / "circle", "pkg")
    assert (
        "pkg.game -> pkg.parts (line 1 of pkg.game) -> pkg.sub.loop (line 3 of pkg.parts)"
        " -> pkg.game (line 1 of pkg.sub.loop)"
    ) in str(failure.value)
