"""The report's SVG charts: legible, integer run axes, ids unique across charts."""

from __future__ import annotations

import re

from projeval.charts import breakdown_svg, pareto_svg, trend_svg


def _texts(svg: str) -> list[str]:
    return re.findall(r">([^<]+)</text>", svg)


def test_one_run_gives_one_integer_tick_and_both_series_stay_drawn() -> None:
    svg = trend_svg({"raw": [(1, 1.0)], "pruned": [(1, 1.0)]}, "coverage (%)", "t", percent=True)
    texts = _texts(svg)
    assert "1" in texts and not any(re.fullmatch(r"\d+\.\d+", t) for t in texts)
    assert {"raw", "pruned"} <= set(texts)
    # Two different markers (one per series) are defined: neither hides behind the other.
    assert len(re.findall(r'<path id="[^"]+" d="M', svg)) >= 2


def test_legends_are_at_least_11_px_and_ids_differ_between_charts() -> None:
    a = breakdown_svg([("raw", {"keys": 3, "values": 5})], ["keys", "values"], "a")
    b = breakdown_svg([("raw", {"keys": 5, "values": 3})], ["keys", "values"], "b")
    legend = re.findall(r"font-size: ?([0-9.]+)px[^>]*>(keys|values)<", a)
    assert legend and all(float(size) >= 11 for size, _ in legend)
    assert not set(re.findall(r'id="([^"]+)"', a)) & set(re.findall(r'id="([^"]+)"', b))


def test_the_pareto_chart_labels_each_point_once_and_twins_share_a_label() -> None:
    points = (
        ("compact_v1", 1141, 0.7),
        ("compact_v2", 1785, 0.9166),
        ("compact_v2_node", 1785, 0.9166),
        ("raw", 4499, 0.533),
    )
    svg = pareto_svg(
        points,
        ("compact_v1", "compact_v2", "compact_v2_node"),
        {"compact_v1"},
        "compact_v2",
        "desk",
    )
    texts = _texts(svg)
    assert "compact_v2, compact_v2_node" in texts and "raw" in texts
    assert {
        "on the Pareto front",
        "shipped (the verdict)",
        "on the front, but has an error-level finding",
        "beaten: more coverage for fewer tokens exists",
    } <= set(texts)
    legend = re.findall(r"font-size: ?([0-9.]+)px[^>]*>shipped", svg)
    assert legend and float(legend[0]) >= 11
    # Tokens over 20x apart go on a log axis with plain numbers (no 10^n mathtext source).
    wide = pareto_svg((("a", 100, 0.9), ("b", 15000, 1.0)), ("a", "b"), (), "a", "m")
    assert "log scale" in " ".join(_texts(wide)) and "mathdefault" not in wide
    assert "1,000" in _texts(wide)
