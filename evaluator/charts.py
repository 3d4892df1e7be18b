"""Inline SVG charts for the report, drawn by matplotlib.

SVG output is made deterministic (fixed id salt, no date in the metadata) so
that the report can be pinned by golden tests; text stays text (``svg.fonttype:
none``), which keeps the charts small and lets matplotlib escape it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import math
import re
import warnings
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")  # no display, and no GUI toolkit to import

import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter, LogLocator, MaxNLocator, NullFormatter

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

_STYLE: dict[RcKeyType, Any] = {
    "svg.hashsalt": "projeval",
    "svg.fonttype": "none",
    # Names come from users: "$x$" must print as typed, not be parsed as mathtext.
    "text.parse_math": False,
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
# Colour-blind-safe palette (Okabe-Ito), in a fixed order.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


@contextlib.contextmanager
def _drawing() -> Iterator[None]:
    with plt.rc_context(_STYLE), warnings.catch_warnings():
        # A name in a script the font lacks is drawn as boxes; a warning per glyph is noise.
        warnings.filterwarnings("ignore", message=r"(?s)Glyph .* missing from")
        yield


def _svg(fig: plt.Figure, *, tight: bool = False) -> str:
    buffer = io.StringIO()
    # ``tight`` crops to what is drawn, a legend outside the axes included.
    fig.savefig(
        buffer,
        format="svg",
        metadata={"Date": None, "Creator": None},
        bbox_inches="tight" if tight else None,
    )
    plt.close(fig)
    text = buffer.getvalue()
    # Drop the XML prolog and doctype: the SVG is inlined into HTML.
    text = text[text.index("<svg") :]
    # matplotlib's ids repeat from one figure to the next (the salt is fixed), and every
    # chart is inlined into one page: prefix them with the chart's own digest, which
    # keeps them deterministic and unique across the page.
    prefix = "c" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:8] + "-"
    text = _ID.sub(lambda m: f'{m[1]}="{prefix}{m[2]}"', text)
    return _REF.sub(lambda m: f"{m[1]}#{prefix}{m[2]}", text)


_ID = re.compile(r'\b(id)="([^"]+)"')
_REF = re.compile(r'(url\(|href=")#([^)"]+)')
#: Marker, size and dash per series, so series at the same value stay visible: the
#: later, smaller markers draw on top of the earlier, larger ones.
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_DASHES = ("-", "--", ":", "-.")


def breakdown_svg(
    rows: Sequence[tuple[str, Mapping[str, int]]], classes: Sequence[str], title: str
) -> str:
    """Stacked horizontal bars: each row's tokens by class, as shares of its total."""
    with _drawing():
        fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.1))
        names = [name for name, _ in rows]
        left = [0.0] * len(rows)
        for i, cls in enumerate(classes):
            shares = []
            for _name, parts in rows:
                total = sum(parts.values()) or 1
                shares.append(100.0 * parts.get(cls, 0) / total)
            ax.barh(names, shares, left=left, color=PALETTE[i % len(PALETTE)], label=cls)
            left = [a + b for a, b in zip(left, shares, strict=True)]
        for y, (_name, parts) in enumerate(rows):
            ax.text(101, y, f"{sum(parts.values()):,} tokens", va="center", fontsize=8)
        ax.set_xlim(0, 125)
        ax.set_xticks([0, 25, 50, 75, 100])
        ax.set_xlabel("share of tokens (%)")
        ax.invert_yaxis()
        ax.set_title(title, loc="left", fontsize=10, pad=20)
        ax.legend(
            ncol=min(len(classes), 4),
            fontsize=11,
            loc="lower left",
            bbox_to_anchor=(0, 1.0),
            frameon=False,
        )
        fig.tight_layout()
        return _svg(fig)


def trend_svg(
    series: Mapping[str, Sequence[tuple[int, float]]],
    ylabel: str,
    title: str,
    percent: bool = False,
) -> str:
    """One line per series over run ids."""
    with _drawing():
        fig, ax = plt.subplots(figsize=(7.5, 2.8))
        for i, (name, points) in enumerate(sorted(series.items())):
            xs = [x for x, _ in points]
            ys = [100.0 * y if percent else y for _, y in points]
            ax.plot(
                xs,
                ys,
                marker=_MARKERS[i % len(_MARKERS)],
                markersize=max(9 - 1.5 * i, 3),
                linestyle=_DASHES[i % len(_DASHES)],
                color=PALETTE[i % len(PALETTE)],
                label=name,
                zorder=2 + i,
            )
        ax.set_xlabel("run")
        ax.set_ylabel(ylabel)
        runs = sorted({x for points in series.values() for x, _ in points})
        if 0 < len(runs) <= 12:
            ax.set_xticks(runs)  # run ids only, never 0.96 ... 1.04 after one run
        else:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        if percent:
            ax.set_ylim(0, 105)
        ax.set_title(title, loc="left", fontsize=10)
        if series:
            ax.legend(fontsize=11, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
        fig.tight_layout()
        return _svg(fig)


#: A point of the Pareto chart: a circle when the projection has no error-level
#: finding (a cross when it has), filled when it is on the front (white when beaten).
_MARKER = {False: ("o", PALETTE[0]), True: ("X", PALETTE[5])}
_POINT_LABELS = {
    (False, True): "on the Pareto front",
    (False, False): "beaten: more coverage for fewer tokens exists",
    (True, True): "on the front, but has an error-level finding",
    (True, False): "beaten, and has an error-level finding",
}


def _tokens_tick(value: float, _pos: int) -> str:
    return f"{value:,.0f}"


def pareto_svg(
    points: Sequence[tuple[str, int, float]],
    front: Sequence[str],
    blocked: Collection[str],
    ship: str | None,
    title: str,
) -> str:
    """Coverage against tokens, one point per projection, the Pareto front as a staircase.

    ``points`` holds (projection, tokens, coverage 0..1); ``front`` the projections no
    other beats on both, cheapest first; ``blocked`` those with an error-level finding
    (crosses); ``ship`` the verdict's choice (ringed). Projections at the same point share
    one label, so a twin never hides its original; tokens go on a log axis when they span
    more than 20x.
    """
    with _drawing():
        fig, ax = plt.subplots(figsize=(6.0, 4.6))
        where = {name: (t, 100.0 * c) for name, t, c in points}
        tokens = [t for t, _ in where.values()]
        log = bool(tokens) and min(tokens) > 0 and max(tokens) > 20 * min(tokens)
        if log:
            ax.set_xscale("log")
        steps = [where[n] for n in front if n in where]
        if len(steps) > 1:
            # What is reachable: from each front point, its coverage until the next one.
            ax.step(
                [x for x, _ in steps],
                [y for _, y in steps],
                where="post",
                color=PALETTE[0],
                linewidth=1.2,
                zorder=1,
            )
        groups: dict[tuple[float, float], list[str]] = {}
        for name in sorted(where):
            groups.setdefault(where[name], []).append(name)
        lo, hi = (min(tokens), max(tokens)) if tokens else (1, 1)
        placed: list[tuple[float, float]] = []
        drawn: set[str] = set()
        for (x, y), names in sorted(groups.items()):
            bad = all(n in blocked for n in names)
            best = any(n in front for n in names)
            marker, color = _MARKER[bad]
            label = _POINT_LABELS[(bad, best)]
            ax.plot(
                [x],
                [y],
                linestyle="none",
                marker=marker,
                markersize=9 if bad else 8,
                color=color,
                markerfacecolor=color if best else "white",
                markeredgewidth=1.5,
                zorder=3,
                label=None if label in drawn else label,
            )
            drawn.add(label)
            if ship in names:
                ax.plot(
                    [x],
                    [y],
                    linestyle="none",
                    marker="o",
                    markersize=17,
                    markerfacecolor="none",
                    markeredgecolor=PALETTE[2],
                    markeredgewidth=2.2,
                    zorder=2,
                    label="shipped (the verdict)",
                )
            # Where the point sits across the axes (0..1), to keep labels apart.
            if log and hi > lo:
                fx = (math.log(x) - math.log(lo)) / (math.log(hi) - math.log(lo))
            else:
                fx = (x - lo) / (hi - lo) if hi > lo else 0.5
            fy = y / 105.0
            near = sum(1 for px, py in placed if abs(px - fx) < 0.2 and abs(py - fy) < 0.08)
            placed.append((fx, fy))
            right = fx > 0.6
            ax.annotate(
                ", ".join(names),
                (x, y),
                xytext=(-9 if right else 9, -4 - 12 * near),
                textcoords="offset points",
                ha="right" if right else "left",
                va="center",
                fontsize=9,
            )
        if tokens:
            if log:
                ax.set_xlim(lo / 1.8, hi * 1.8)
                # Plain numbers (mathtext is off, so 10^n would print as its source).
                ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
                ax.xaxis.set_minor_formatter(NullFormatter())
            else:
                ax.set_xlim(0, hi * 1.15 or 1)
        ax.set_ylim(0, 105)
        ax.xaxis.set_major_formatter(FuncFormatter(_tokens_tick))
        ax.set_xlabel("tokens (fewer is better)" + (", log scale" if log else ""))
        ax.set_ylabel("weighted coverage (%)")
        ax.set_title(title, loc="left", fontsize=10, pad=8)
        if where:
            ax.legend(
                fontsize=11,
                loc="upper left",
                bbox_to_anchor=(0, -0.2),
                ncol=1,
                frameon=False,
            )
        return _svg(fig, tight=True)
