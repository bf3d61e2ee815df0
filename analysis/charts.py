"""Static SVG charts with no dependencies: bars with intervals, histograms, lines and grids.

Every chart is a complete, self-contained SVG document (no fonts, scripts or links
fetched), with a ``<title>`` and ``<desc>`` for screen readers and a light background
that reads well in both of the site's palettes.

    >>> svg = bar_chart("Wins", ["seat 0", "seat 1"], [0.5, 0.5], unit="%")
    >>> svg.startswith("<svg") and '<title id="t">Wins</title>' in svg
    True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

__all__ = [
    "bar_chart",
    "count_histogram",
    "grouped_bar_chart",
    "heatmap",
    "histogram",
    "line_chart",
]

WIDTH = 640
HEIGHT = 360
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 24, 60, 64
PALETTE = (
    "#3f51b5",
    "#e0a100",
    "#2e7d32",
    "#c62828",
    "#6a1b9a",
    "#00838f",
    "#8d6e63",
    "#546e7a",
)
INK = "#212121"
GRID = "#d0d0d0"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"


def _nice_ceiling(value: float) -> float:
    """A round number at least ``value``: 1, 2, 2.5 or 5 times a power of ten."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value - 1e-12:
            return step * power
    return 10 * power  # pragma: no cover


def _frame(
    title: str,
    desc: str,
    body: list[str],
    x_label: str,
    y_label: str,
    height: int = HEIGHT,
) -> str:
    plot_mid_x = MARGIN_LEFT + (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / 2
    plot_mid_y = MARGIN_TOP + (height - MARGIN_TOP - MARGIN_BOTTOM) / 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" aria-labelledby="t d" style="{FONT}">',
        f'<title id="t">{escape(title)}</title>',
        f'<desc id="d">{escape(desc)}</desc>',
        f'<rect width="{WIDTH}" height="{height}" rx="8" fill="#ffffff"/>',
        f'<text x="{WIDTH / 2}" y="26" text-anchor="middle" font-size="17" font-weight="600" '
        f'fill="{INK}">{escape(title)}</text>',
        *body,
        f'<text x="{plot_mid_x}" y="{height - 14}" text-anchor="middle" font-size="13" '
        f'fill="{INK}">{escape(x_label)}</text>',
        f'<text x="16" y="{plot_mid_y}" text-anchor="middle" font-size="13" fill="{INK}" '
        f'transform="rotate(-90 16 {plot_mid_y})">{escape(y_label)}</text>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _y_axis(top: float, unit: str, ticks: int = 5) -> tuple[list[str], float, float]:
    """Grid lines and labels for 0..top; returns them with the plot's bottom and height."""
    bottom = HEIGHT - MARGIN_BOTTOM
    height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    lines = []
    for i in range(ticks + 1):
        value = top * i / ticks
        y = bottom - height * i / ticks
        label = f"{100 * value:.0f}%" if unit == "%" else f"{value:g}"
        lines.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
        )
        lines.append(
            f'<text x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12" '
            f'fill="{INK}">{label}</text>'
        )
    return lines, bottom, height


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    *,
    intervals: Sequence[tuple[float, float]] | None = None,
    unit: str = "",
    x_label: str = "",
    y_label: str = "",
    top: float | None = None,
    reference: float | None = None,
) -> str:
    """Vertical bars, optionally with 95% interval whiskers and a dashed reference line.

    Args:
        title: Shown above the chart and read by screen readers.
        labels: One label per bar.
        values: One value per bar (fractions when ``unit`` is ``"%"``).
        intervals: ``(low, high)`` per bar, drawn as whiskers.
        unit: ``"%"`` to label the axis in percent.
        x_label: Text under the bars.
        y_label: Text along the vertical axis.
        top: The axis maximum (default: a round number above the largest value).
        reference: A value to mark with a dashed line (such as 50%).
    """
    highest = max([*values, *(hi for _, hi in intervals or ())], default=1.0)
    top = top if top is not None else _nice_ceiling(highest * 1.1)
    body, bottom, height = _y_axis(top, unit)
    span = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / max(1, len(values))
    bar = span * 0.6
    described = []
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = MARGIN_LEFT + span * i + (span - bar) / 2
        y = bottom - height * value / top
        text = f"{100 * value:.1f}%" if unit == "%" else f"{value:g}"
        body.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{bottom - y:.1f}" '
            f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(label)}: {text}</title></rect>'
        )
        if intervals:
            low, high = intervals[i]
            cx = x + bar / 2
            y_low, y_high = bottom - height * low / top, bottom - height * high / top
            body.append(
                f'<path d="M{cx:.1f} {y_low:.1f}V{y_high:.1f}M{cx - 8:.1f} {y_low:.1f}'
                f'h16M{cx - 8:.1f} {y_high:.1f}h16" stroke="{INK}" stroke-width="1.5"/>'
            )
            text += f" ({100 * low:.1f}-{100 * high:.1f})" if unit == "%" else ""
        body.append(
            f'<text x="{x + bar / 2:.1f}" y="{bottom + 18}" text-anchor="middle" '
            f'font-size="12" fill="{INK}">{escape(label)}</text>'
        )
        described.append(f"{label}: {text}")
    if reference is not None:
        y = bottom - height * reference / top
        body.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="{INK}" stroke-dasharray="6 4" stroke-width="1.2"/>'
        )
    return _frame(title, "; ".join(described), body, x_label, y_label)


def histogram(
    title: str,
    values: Sequence[float],
    *,
    bins: int = 20,
    x_label: str = "",
    y_label: str = "games",
) -> str:
    """A histogram of ``values`` in ``bins`` equal bins, labelled at both ends."""
    if not values:
        raise ValueError("a histogram needs at least one value")
    low, high = min(values), max(values)
    width = (high - low) / bins or 1.0
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / width))] += 1
    top = _nice_ceiling(max(counts) * 1.1)
    body, bottom, height = _y_axis(top, "")
    span = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / bins
    for i, count in enumerate(counts):
        x = MARGIN_LEFT + span * i
        y = bottom - height * count / top
        start = low + width * i
        body.append(
            f'<rect x="{x + 1:.1f}" y="{y:.1f}" width="{span - 2:.1f}" height="{bottom - y:.1f}" '
            f'fill="{PALETTE[0]}"><title>{start:g} to {start + width:g}: {count}</title></rect>'
        )
    for value, x in ((low, MARGIN_LEFT), (high, WIDTH - MARGIN_RIGHT)):
        body.append(
            f'<text x="{x:.1f}" y="{bottom + 18}" text-anchor="middle" font-size="12" '
            f'fill="{INK}">{value:g}</text>'
        )
    mean = sum(values) / len(values)
    desc = f"{len(values)} values from {low:g} to {high:g}, mean {mean:.1f}"
    return _frame(title, desc, body, x_label, y_label)


def line_chart(
    title: str,
    xs: Sequence[float],
    series: dict[str, Sequence[float]],
    *,
    unit: str = "",
    x_label: str = "",
    y_label: str = "",
    top: float | None = None,
) -> str:
    """One line per named series over shared ``xs``, with a legend."""
    highest = max((max(ys) for ys in series.values() if ys), default=1.0)
    top = top if top is not None else _nice_ceiling(highest * 1.1)
    body, bottom, height = _y_axis(top, unit)
    x_min, x_max = min(xs), max(xs)
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT

    def px(x: float) -> float:
        return MARGIN_LEFT + plot_width * ((x - x_min) / ((x_max - x_min) or 1))

    described = []
    for i, (name, ys) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        points = " ".join(
            f"{px(x):.1f},{bottom - height * y / top:.1f}" for x, y in zip(xs, ys, strict=True)
        )
        body.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"/>'
        )
        body.append(
            f'<rect x="{MARGIN_LEFT + 8 + 150 * i}" y="{MARGIN_TOP - 24}" width="12" height="12" '
            f'fill="{colour}"/><text x="{MARGIN_LEFT + 24 + 150 * i}" y="{MARGIN_TOP - 14}" '
            f'font-size="12" fill="{INK}">{escape(name)}</text>'
        )
        described.append(f"{name}: " + ", ".join(f"{y:.3g}" for y in ys))
    for x in xs:
        body.append(
            f'<text x="{px(x):.1f}" y="{bottom + 18}" text-anchor="middle" font-size="12" '
            f'fill="{INK}">{x:g}</text>'
        )
    return _frame(title, "; ".join(described), body, x_label, y_label)


def _legend(names: Sequence[str]) -> list[str]:
    """Coloured keys for named series, in a row above the plot."""
    parts = []
    x = float(MARGIN_LEFT + 8)
    for i, name in enumerate(names):
        colour = PALETTE[i % len(PALETTE)]
        parts.append(
            f'<rect x="{x:.1f}" y="{MARGIN_TOP - 24}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{x + 16:.1f}" y="{MARGIN_TOP - 14}" font-size="12" '
            f'fill="{INK}">{escape(name)}</text>'
        )
        x += 28 + 7.2 * len(name)
    return parts


def _whisker(cx: float, y_low: float, y_high: float) -> str:
    return (
        f'<path d="M{cx:.1f} {y_low:.1f}V{y_high:.1f}M{cx - 5:.1f} {y_low:.1f}'
        f'h10M{cx - 5:.1f} {y_high:.1f}h10" stroke="{INK}" stroke-width="1.3"/>'
    )


def _share(value: float) -> str:
    return f"{100 * value:.1f}%"


def grouped_bar_chart(
    title: str,
    groups: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    *,
    intervals: Mapping[str, Sequence[tuple[float, float] | None]] | None = None,
    unit: str = "",
    x_label: str = "",
    y_label: str = "",
    top: float | None = None,
    reference: float | None = None,
) -> str:
    """Bars side by side within each group, one colour per series, with a legend.

    A value of ``None`` leaves its bar out (no data). Intervals, when given, are drawn
    as whiskers; the description lists every value.

        >>> svg = grouped_bar_chart("Wins", ["A", "B"], {"x": [0.4, None], "y": [0.6, 0.5]},
        ...                         unit="%")
        >>> "x: A 40.0%, B no data" in svg
        True
    """
    names = list(series)
    values = [v for ys in series.values() for v in ys if v is not None]
    highs = [iv[1] for ivs in (intervals or {}).values() for iv in ivs if iv is not None]
    top = top if top is not None else _nice_ceiling(max([*values, *highs], default=1.0) * 1.1)
    body, bottom, height = _y_axis(top, unit)
    span = (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / max(1, len(groups))
    bar = span * 0.8 / max(1, len(names))
    described = []
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        texts = []
        for i, group in enumerate(groups):
            value = series[name][i]
            if value is None:
                texts.append(f"{group} no data")
                continue
            x = MARGIN_LEFT + span * i + span * 0.1 + bar * k
            y = bottom - height * value / top
            text = _share(value) if unit == "%" else f"{value:g}"
            interval = intervals[name][i] if intervals and name in intervals else None
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 1:.1f}" '
                f'height="{bottom - y:.1f}" fill="{colour}"><title>{escape(name)}, '
                f"{escape(group)}: {text}</title></rect>"
            )
            if interval is not None:
                low, high = interval
                body.append(
                    _whisker(x + bar / 2, bottom - height * low / top, bottom - height * high / top)
                )
                if unit == "%":
                    text += f" ({_share(low)} to {_share(high)})"
            texts.append(f"{group} {text}")
        described.append(f"{name}: " + ", ".join(texts))
    for i, group in enumerate(groups):
        body.append(
            f'<text x="{MARGIN_LEFT + span * (i + 0.5):.1f}" y="{bottom + 18}" '
            f'text-anchor="middle" font-size="12" fill="{INK}">{escape(group)}</text>'
        )
    if reference is not None:
        y = bottom - height * reference / top
        body.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="{INK}" stroke-dasharray="6 4" stroke-width="1.2"/>'
        )
    body.extend(_legend(names))
    return _frame(title, "; ".join(described), body, x_label, y_label)


def count_histogram(
    title: str,
    counts: Mapping[int, int],
    *,
    bin_width: int = 1,
    marks: Sequence[tuple[float, str]] = (),
    x_label: str = "",
    y_label: str = "games",
) -> str:
    """A histogram of whole numbers given as ``{value: how many}``, in bins of ``bin_width``.

    Bins start at multiples of ``bin_width``; the axis is labelled at round values.
    ``marks`` are ``(value, label)`` pairs drawn as dashed vertical lines, such as the
    point where a deck runs out.

        >>> svg = count_histogram("Turns", {3: 2, 4: 5, 9: 1}, bin_width=2, marks=[(6, "six")])
        >>> "8 values from 3 to 9" in svg and ">six</text>" in svg
        True
    """
    if not counts or sum(counts.values()) <= 0:
        raise ValueError("a histogram needs at least one value")
    present = [value for value, count in counts.items() if count > 0]
    first = min(present) // bin_width
    last = max(present) // bin_width
    bins = [0] * (last - first + 1)
    for value, count in counts.items():
        if count > 0:
            bins[value // bin_width - first] += count
    low, high = first * bin_width, (last + 1) * bin_width
    top = _nice_ceiling(max(bins) * 1.1)
    body, bottom, height = _y_axis(top, "")
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT

    def px(value: float) -> float:
        return MARGIN_LEFT + plot_width * (value - low) / (high - low)

    span = plot_width / len(bins)
    for i, count in enumerate(bins):
        start = low + bin_width * i
        y = bottom - height * count / top
        where = f"{start}" if bin_width == 1 else f"{start} to {start + bin_width - 1}"
        body.append(
            f'<rect x="{px(start) + 0.5:.1f}" y="{y:.1f}" width="{max(0.5, span - 1):.1f}" '
            f'height="{bottom - y:.1f}" fill="{PALETTE[0]}"><title>{where}: {count}</title></rect>'
        )
    step = _nice_ceiling((high - low) / 8)
    tick: float = math.ceil(low / step) * step
    while tick <= high:
        body.append(
            f'<text x="{px(tick):.1f}" y="{bottom + 18}" text-anchor="middle" font-size="12" '
            f'fill="{INK}">{tick:g}</text>'
        )
        tick += step
    for at, label in marks:
        if low <= at <= high:
            x = px(at)
            body.append(
                f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{MARGIN_TOP - 6}" y2="{bottom}" '
                f'stroke="{PALETTE[3]}" stroke-dasharray="6 4" stroke-width="1.5"/>'
                f'<text x="{x + 4:.1f}" y="{MARGIN_TOP + 6}" font-size="12" '
                f'fill="{PALETTE[3]}">{escape(label)}</text>'
            )
    total = sum(bins)
    mean = sum(value * count for value, count in counts.items()) / total
    desc = f"{total} values from {min(present)} to {max(present)}, mean {mean:.1f}"
    if marks:
        desc += "; marked: " + ", ".join(f"{label} at {at:g}" for at, label in marks)
    return _frame(title, desc, body, x_label, y_label)


def _cell_colour(value: float) -> str:
    """White at one half, deepening to blue towards 1 and to amber towards 0."""
    strength = min(1.0, abs(value - 0.5) * 2)
    target = (63, 81, 181) if value >= 0.5 else (224, 161, 0)
    red, green, blue = (round(255 + (c - 255) * strength * 0.85) for c in target)
    return f"#{red:02x}{green:02x}{blue:02x}"


def heatmap(
    title: str,
    rows: Sequence[str],
    columns: Sequence[str],
    values: Sequence[Sequence[float | None]],
    *,
    notes: Sequence[Sequence[str]] | None = None,
    x_label: str = "",
    y_label: str = "",
) -> str:
    """A grid of shares (0 to 1), one cell per row and column, each labelled in percent.

    Cells above one half are blue, below it amber; ``None`` leaves a grey cell with a
    dash. ``notes`` adds a small second line per cell (such as an interval).

        >>> svg = heatmap("Wins", ["a", "b"], ["a", "b"], [[None, 0.7], [0.3, None]])
        >>> "a against b: 70.0%" in svg
        True
    """
    left, top_edge = MARGIN_LEFT + 70, MARGIN_TOP + 14
    cell_w = (WIDTH - MARGIN_RIGHT - left) / max(1, len(columns))
    cell_h = max((HEIGHT - MARGIN_BOTTOM - top_edge) / max(1, len(rows)), 44.0 if notes else 30.0)
    height = max(HEIGHT, math.ceil(top_edge + cell_h * len(rows) + MARGIN_BOTTOM))
    big = min(15.0, cell_w / 5)
    small = min(11.0, cell_w / 6.5)
    body = []
    described = []
    for j, column in enumerate(columns):
        body.append(
            f'<text x="{left + cell_w * (j + 0.5):.1f}" y="{top_edge - 8}" text-anchor="middle" '
            f'font-size="12" fill="{INK}">{escape(column)}</text>'
        )
    for i, row in enumerate(rows):
        y = top_edge + cell_h * i
        body.append(
            f'<text x="{left - 8}" y="{y + cell_h / 2 + 4:.1f}" text-anchor="end" '
            f'font-size="12" fill="{INK}">{escape(row)}</text>'
        )
        for j, column in enumerate(columns):
            x = left + cell_w * j
            value = values[i][j]
            fill = "#eeeeee" if value is None else _cell_colour(value)
            text = "-" if value is None else _share(value)
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell_w - 2:.1f}" '
                f'height="{cell_h - 2:.1f}" fill="{fill}"><title>{escape(row)} against '
                f"{escape(column)}: {text}</title></rect>"
            )
            middle = x + (cell_w - 2) / 2
            note = notes[i][j] if notes and value is not None else ""
            text_y = y + (cell_h - 2) / 2 + (0 if note else big / 3)
            body.append(
                f'<text x="{middle:.1f}" y="{text_y:.1f}" text-anchor="middle" '
                f'font-size="{big:.1f}" font-weight="600" fill="{INK}">{text}</text>'
            )
            if note:
                body.append(
                    f'<text x="{middle:.1f}" y="{text_y + small + 5:.1f}" text-anchor="middle" '
                    f'font-size="{small:.1f}" fill="{INK}">{escape(note)}</text>'
                )
            if value is not None:
                extra = f" ({note})" if note else ""
                described.append(f"{row} against {column}: {text}{extra}")
    return _frame(title, "; ".join(described), body, x_label, y_label, height)
