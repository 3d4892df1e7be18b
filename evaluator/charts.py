"""Inline SVG charts for the report, drawn by matplotlib.

SVG output is made deterministic (fixed id salt, no date in the metadata) so
that the report can be pinned by golden tests; text stays text (``svg.fonttype:
none``), which keeps the charts small and lets matplotlib escape it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import re
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")  # no display, and no GUI toolkit to import

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator

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


def _svg(fig: plt.Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
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
