"""Static SVG charts with no dependencies: bars with intervals, histograms and lines.

Every chart is a complete, self-contained SVG document (no fonts, scripts or links
fetched), with a ``<title>`` and ``<desc>`` for screen readers and a light background
that reads well in both of the site's palettes.

    >>> svg = bar_chart("Wins", ["seat 0", "seat 1"], [0.5, 0.5], unit="%")
    >>> svg.startswith("<svg") and "<title>Wins</title>" in svg
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

__all__ = ["bar_chart", "histogram", "line_chart"]

WIDTH = 640
HEIGHT = 360
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 24, 60, 64
PALETTE = ("#3f51b5", "#e0a100", "#2e7d32", "#c62828", "#6a1b9a", "#00838f")
INK = "#212121"
GRID = "#d0d0d0"
FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"


def _nice_ceiling(value: float) -> float:
    """A round number at least ``value``: 1, 2, 2.5 or 5 times a power of ten."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value - 1e-12:
            return step * power
    return 10 * power  # pragma: no cover


def _frame(title: str, desc: str, body: list[str], x_label: str, y_label: str) -> str:
    plot_mid_x = MARGIN_LEFT + (WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / 2
    plot_mid_y = MARGIN_TOP + (HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="t d" style="{FONT}">',
        f'<title id="t">{escape(title)}</title>',
        f'<desc id="d">{escape(desc)}</desc>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#ffffff"/>',
        f'<text x="{WIDTH / 2}" y="26" text-anchor="middle" font-size="17" font-weight="600" '
        f'fill="{INK}">{escape(title)}</text>',
        *body,
        f'<text x="{plot_mid_x}" y="{HEIGHT - 14}" text-anchor="middle" font-size="13" '
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
