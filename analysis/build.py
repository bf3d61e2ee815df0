"""From simulations to files: the data JSON, the SVG charts and the Markdown pages.

The pipeline has two halves, kept apart on purpose:

1. `simulate` plays the games and returns, per game, a JSON-ready dictionary of counts;
   `write_data` saves it as ``data/<game>.json``.
2. `render` turns that dictionary alone into the page and its charts.

Because the pages are a pure function of the JSON, anyone can check that every number
on them was computed rather than typed: render the committed JSON again and compare
(``python -m analysis --render-only`` does it, and so do the tests).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from analysis import luck, marvin, pirate
from analysis.pages import TEMPLATES, fill, header, markdown_table
from analysis.sim import Runner, Sizes
from pirate_rules.bots import make_bot

__all__ = [
    "GAMES",
    "REDO_GAMES",
    "command_line",
    "data_path",
    "read_data",
    "render",
    "simulate",
    "write_data",
    "write_files",
]

GAMES: Final = ("marvin", "pirate", "luck")
"""The analysis pages, in page order: one per game, then *Luck and skill* for both."""

_STUDIES: Final = {"marvin": marvin, "pirate": pirate, "luck": luck}

REDO_GAMES: Final = ("marvin", "luck")
"""The pages whose Marvin matches with one bot can be played again alone (``--redo``)."""

_SIZE_KEYS: Final = {
    "marvin": {"games", "ladder_games", "seed"},
    "pirate": {"pirate_games", "pirate_ladder_games", "speed_games", "delays", "seed"},
    "luck": {"luck_deals", "oracle_deals", "pirate_luck_deals", "seed"},
}
"""The sizes that matter to each game's studies, kept in its data."""


def command_line(sizes: Sizes, game: str) -> str:
    """The ``python -m analysis`` command that plays ``game``'s games again (jobs and
    output folder aside: they do not change the results)."""
    if game == "marvin":
        flags = [f"--games {sizes.games}", f"--ladder-games {sizes.ladder_games}"]
    elif game == "luck":
        flags = [
            f"--luck-deals {sizes.luck_deals}",
            f"--oracle-deals {sizes.oracle_deals}",
            f"--pirate-luck-deals {sizes.pirate_luck_deals}",
        ]
    else:
        flags = [
            f"--pirate-games {sizes.pirate_games}",
            f"--pirate-ladder-games {sizes.pirate_ladder_games}",
            f"--speed-games {sizes.speed_games}",
            f"--delays {','.join(str(delay) for delay in sizes.delays)}",
        ]
    flags.append(f"--seed {sizes.seed}")
    flags.extend(
        f"--bot-games {key}={value}"
        for key, value in sorted(sizes.bot_games.items())
        if key.startswith(f"{_BOT_GAME.get(game, game)}:")
    )
    return " ".join(["python -m analysis", f"--only {game}", *flags])


def simulate(
    game: str,
    runner: Runner,
    sizes: Sizes,
    bots: Sequence[str],
    previous: Mapping[str, Any] | None = None,
    redo: Sequence[str] = (),
) -> dict[str, Any]:
    """Play ``game``'s studies between ``bots`` and return its data, ready for JSON.

    With ``previous``, the page's data from an earlier run (a page of `REDO_GAMES`), only
    its Marvin matches with a bot of ``redo`` are played again (`analysis.marvin.collect`,
    `analysis.luck.collect`); the earlier run must have the same sizes, or `ValueError`
    is raised.
    """
    kept = _SIZE_KEYS[game]
    used = {key: value for key, value in sizes.as_json().items() if key in kept}
    prefix = f"{_BOT_GAME.get(game, game)}:"
    used["bot_games"] = {
        key: value for key, value in sizes.bot_games.items() if key.startswith(prefix)
    }
    if previous is None:
        data = _STUDIES[game].collect(runner, sizes, bots)
    elif game not in REDO_GAMES:
        raise ValueError(f"only the pages {', '.join(REDO_GAMES)} can be played again in part")
    elif previous.get("game") != game or previous.get("sizes") != used:
        raise ValueError(f"the earlier data are not the {game} page's with the sizes {used}")
    else:
        data = _STUDIES[game].collect(runner, sizes, bots, previous, redo)
    if "descriptions" not in data:
        data["descriptions"] = {bot: make_bot(game, bot).description for bot in bots}
    return {"command": command_line(sizes, game), "sizes": used, **data}


_BOT_GAME: Final = {"luck": "marvin"}
"""The game whose bots a page that is not a game's own plays (for the bot caps)."""


def _sizes_text(data: Mapping[str, Any]) -> str:
    sizes = data["sizes"]
    if data["game"] == "luck":
        return (
            f"{sizes['luck_deals']:,} Marvin deals per pairing of fair bots, "
            f"{sizes['oracle_deals']:,} per pairing with the oracle and "
            f"{sizes['pirate_luck_deals']:,} Pirate deals per pairing, each played both ways"
        )
    if data["game"] == "marvin":
        return (
            f"{sizes['games']:,} games per mirror match and {sizes['ladder_games']:,} "
            "per seat order in the ladder"
        )
    return (
        f"{sizes['pirate_games']:,} games per mirror match, {sizes['pirate_ladder_games']:,} "
        f"per seat order in the ladder and {sizes['speed_games']:,} per pair of delays"
    )


def render(data: Mapping[str, Any], templates: Path = TEMPLATES) -> dict[str, str]:
    """The files of ``data``'s page, by path relative to the output folder: the page
    (``<game>.md``) and its charts (``<game>-*.svg``)."""
    game = data["game"]
    values, svgs = _STUDIES[game].render(data)
    descriptions = data["descriptions"]
    table = markdown_table(
        ["bot", "how it plays"],
        [[f"`{bot}`", descriptions[bot]] for bot in data["bots"]],
        left=(0, 1),
    )
    values = {
        **values,
        "command": f"`{data['command']}`",
        "seed": str(data["sizes"]["seed"]),
        "bot_table": table,
    }
    template = (templates / f"{game}.md").read_text(encoding="utf-8")
    top = header(game, data["command"], data["sizes"]["seed"], _sizes_text(data))
    return {f"{game}.md": top + fill(template, values), **svgs}


def data_path(out: Path, game: str) -> Path:
    """Where ``game``'s data lives under the output folder."""
    return out / "data" / f"{game}.json"


def write_data(out: Path, data: Mapping[str, Any]) -> Path:
    """Save one game's data as indented, key-sorted JSON; returns the path."""
    path = data_path(out, data["game"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def read_data(out: Path, game: str) -> dict[str, Any]:
    """Load one game's data saved by `write_data`."""
    loaded: dict[str, Any] = json.loads(data_path(out, game).read_text(encoding="utf-8"))
    return loaded


def write_files(out: Path, files: Mapping[str, str]) -> list[Path]:
    """Write rendered files under ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in files.items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
