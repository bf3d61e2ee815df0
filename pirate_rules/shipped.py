"""Your own bots, sent as their source: to a cluster's workers, and from there to the
bot hosts that play them (:mod:`pirate_rules.host`).

A bot of yours (``path/to/bot.py:Class``, or ``module:Class`` from a file of yours) is
read on the machine you type on (:func:`bot_sources`), never run there, and sent with
each batch; where it is played, :func:`install` compiles it under the file name you
know, so that its faults name the same file and line as on one machine. Registered
bots, and bots of installed packages, are found where they are played as they are.
"""

from __future__ import annotations

import hashlib
import linecache
import os
import sys
import types
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pirate_rules.errors import BotError

__all__ = ["Shipped", "as_shipped", "bot_sources", "install"]

Shipped = tuple[tuple[str, str, str], ...]
"""Bots sent to the workers: for each, its name, its file as messages name it, and its
source."""


def bot_sources(game: str, names: Iterable[Any], hosted: Sequence[bool] = ()) -> Shipped:
    """What to send the workers of each of ``game``'s bots ``names`` that is the user's
    own code: a file, or a module that is not part of an installed package. Registered
    bots, and classes given as classes, are found on the workers as they are. A hosted
    bot's file is found without importing it here (its host imports it, on the worker)."""
    import inspect

    from pirate_rules.bots import _short, bot_class

    library = (str(Path(__file__).resolve().parent), *_installed_paths())
    shipped = []
    for index, name in enumerate(names):
        if not isinstance(name, str) or ":" not in name:
            continue
        if index < len(hosted) and hosted[index]:
            path = _bot_file(name)
        else:
            cls = bot_class(game, name)
            try:
                path = inspect.getsourcefile(cls)
            except TypeError:
                path = None
        if path is None or not Path(path).is_file():
            continue
        resolved = str(Path(path).resolve())
        if resolved.startswith(library):
            continue
        source = Path(resolved).read_text(encoding="utf-8")
        shipped.append((name, _short(resolved), source))
    return tuple(shipped)


def _bot_file(name: str) -> str | None:
    """The file of the bot ``name`` (``file.py:Class`` or ``module:Class``), found
    without running any of its code."""
    import importlib.machinery

    source = name.rpartition(":")[0]
    if source.endswith(".py") or "/" in source or os.sep in source:
        return source
    folders = [os.getcwd(), *sys.path]
    spec = None
    for part in source.split("."):
        spec = importlib.machinery.PathFinder.find_spec(part, folders)
        if spec is None:
            return None
        folders = list(spec.submodule_search_locations or [])
    return spec.origin if spec is not None else None


def _installed_paths() -> tuple[str, ...]:
    import sysconfig

    return tuple(
        str(Path(sysconfig.get_paths()[key]).resolve()) for key in ("stdlib", "purelib", "platlib")
    )


_INSTALLED: dict[str, str] = {}
"""On a worker: the bots installed from shipped source, by name, with their digest."""


def install(shipped: Shipped) -> None:
    """On a worker: make each shipped bot known by its name, compiled under the file name
    the client gives it, so that its faults say the same file and line as on one machine."""
    from pirate_rules import bots

    for name, filename, source in shipped:
        key = hashlib.sha1(f"{filename}\0{source}".encode()).hexdigest()
        if _INSTALLED.get(name) == key:
            continue
        module = types.ModuleType("_bot_source_" + key[:16])
        module.__file__ = filename
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        sys.modules[module.__name__] = module
        try:
            exec(compile(source, filename, "exec"), module.__dict__)
        except Exception as exc:
            del sys.modules[module.__name__]
            raise bots._import_fault(name, exc) from None
        cls = getattr(module, name.rpartition(":")[2], None)
        if not isinstance(cls, type):
            raise BotError(f"{filename} has no bot class {name.rpartition(':')[2]!r}", bot=name)
        bots._IMPORTED[name] = (module, cls)
        _INSTALLED[name] = key


def as_shipped(fault: BotError, shipped: Shipped) -> BotError:
    """A fault with its location in the file name the client knows (a worker in another
    folder names a relative file otherwise)."""
    from pirate_rules.bots import _short

    for _, filename, _ in shipped:
        here = _short(filename)
        if here != filename and fault.location.startswith(here + ":"):
            return fault.placed(location=filename + fault.location[len(here) :])
    return fault
