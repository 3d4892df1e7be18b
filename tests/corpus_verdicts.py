"""Compare projeval's verdicts on the real-payload corpus with the expected ones.

``tests/corpora/payloads/expected.yaml`` holds the truth (written before projeval was run on
the corpus); this module runs projeval on every suite of the corpus and lines its verdicts up
with that file. ``tests/test_corpus.py`` pins each verdict; ``benchmarks/lineage_accuracy.py``
prints the per-API table of ``docs/lineage_accuracy.md``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from projeval.checks import check_suite
from projeval.errors import ProjevalError
from projeval.score import SuiteScore, score_suite
from projeval.suites import load_suite

CORPUS = Path(__file__).resolve().parent / "corpora" / "payloads"

#: The API each corpus entry belongs to (entries named ``api-variant`` count for ``api``).
API_NAMES = {
    "github": "GitHub issues",
    "stripe": "Stripe invoices",
    "sentry": "Sentry issues (Markdown)",
    "amadeus": "Amadeus flight order",
    "cloudtrail": "AWS CloudTrail events",
    "jira": "Jira search (held out)",
    "duffel": "Duffel orders (held out)",
    "slack": "Slack thread (held out)",
    "gcal": "Google Calendar (held out)",
    "shopify": "Shopify GraphQL (held out)",
}


@dataclass(frozen=True)
class Verdict:
    """One expected verdict and what projeval said."""

    entry: str
    projection: str
    what: str  # "lineage:field", "need:question:field", "finding:+RULE:field", "warning:field"
    expected: str
    actual: str

    @property
    def ok(self) -> bool:
        return _matches(self.expected, self.actual, self.what)

    @property
    def key(self) -> str:
        return f"{self.entry}/{self.projection}/{self.what}"


def expected() -> dict[str, Any]:
    with (CORPUS / "expected.yaml").open(encoding="utf-8") as fh:
        data: dict[str, Any] = yaml.safe_load(fh)
    for entry in data.values():
        base = data.get(entry.get("same_as", ""), {})
        for section in ("lineage", "needs", "findings"):
            merged = {
                p: dict(v) if isinstance(v, dict) else list(v)
                for p, v in base.get(section, {}).items()
            }
            for proj, value in (entry.get(section) or {}).items():
                if isinstance(value, dict):
                    merged.setdefault(proj, {}).update(value)  # type: ignore[union-attr]
                else:
                    merged[proj] = list(merged.get(proj, [])) + list(value)  # type: ignore[operator]
            entry[section] = merged
        entry.setdefault("warnings", base.get("warnings", []))
    return data


@functools.cache
def run(entry: str, suite_file: str) -> tuple[SuiteScore | None, tuple[Any, ...], str]:
    """Score and check one corpus suite (cached: one run per suite per process)."""
    try:
        suite = load_suite(CORPUS / suite_file, root=CORPUS)
    except ProjevalError as exc:
        return None, (), f"suite does not load: {exc}"
    score = score_suite(suite)
    return score, tuple(check_suite(score)), ""


def _statuses(status: str, defects: Any) -> list[str]:
    extra = [d.status for d in defects or () if d.status != status]
    return [status, *sorted(set(extra))]


def _lineage_verdict(fl: Any, with_precision: bool) -> str:
    if fl is None:
        return "absent"
    text = "+".join(_statuses(fl.status, getattr(fl, "defects", ())))
    if with_precision:
        precision = fl.precision
        for d in getattr(fl, "defects", ()) or ():
            if d.status == "lossy" and d.precision is not None:
                precision = d.precision
        text += f"@{precision}"
    return text


def _matches(expected: str, actual: str, what: str) -> bool:
    if what.startswith("finding:") or what.startswith("warning:"):
        return expected == actual
    exp_status, _, exp_precision = expected.partition("@")
    act_status, _, act_precision = actual.partition("@")
    if set(exp_status.split("+")) != set(act_status.split("+")):
        return False
    return not exp_precision or exp_precision == act_precision


def verdicts(name: str, entry: dict[str, Any]) -> list[Verdict]:
    """Every expected verdict of one corpus entry, lined up with projeval's."""
    score, findings, load_error = run(name, entry["suite"])
    out: list[Verdict] = []

    def add(projection: str, what: str, exp: str, act: str) -> None:
        out.append(Verdict(name, projection, what, exp, load_error or act))

    for proj, fields in entry["lineage"].items():
        p = score.projections.get(proj) if score else None
        for field_name, exp in fields.items():
            fl = p.lineage.for_field(field_name) if p and p.lineage else None
            add(proj, f"lineage:{field_name}", str(exp), _lineage_verdict(fl, "@" in str(exp)))
    for proj, questions in entry["needs"].items():
        p = score.projections.get(proj) if score else None
        results = {q.id: q for q in p.questions} if p else {}
        for qid, needs in questions.items():
            for field_name, exp in needs.items():
                q = results.get(qid)
                need = next((n for n in q.needs if n.field == field_name), None) if q else None
                act = (
                    "+".join(_statuses(need.status, getattr(need, "defects", ())))
                    if need
                    else "absent"
                )
                add(proj, f"need:{qid}:{field_name}", str(exp), act)
    for proj, wanted in entry["findings"].items():
        for spec in wanted:
            sign, rule_field = spec[0], spec[1:]
            rule, _, field_name = rule_field.partition(":")
            hit = any(
                f.rule == rule
                and f.projection == proj
                and (field_name == "*" or (f.field or "") == field_name)
                for f in findings
            )
            add(
                proj,
                f"finding:{spec}",
                "reported" if sign == "+" else "quiet",
                "reported" if hit else "quiet",
            )
    if score is not None:
        warnings = list(getattr(score.suite, "warnings", ())) + list(score.diagnostics)
    else:
        warnings = []
    # Every field is either warned about (listed) or not: a warning that is not true misleads
    # as much as a missing one.
    wanted = set(entry.get("warnings", []))
    names = set(score.suite.fields) if score is not None else set()
    for field_name in sorted(wanted | names):
        hit = any(f"`{field_name}`" in w or f"'{field_name}'" in w for w in warnings)
        exp = "warned" if field_name in wanted else "silent"
        add("*", f"warning:{field_name}", exp, "warned" if hit else "silent")
    return out


def planted(
    name: str, entry: dict[str, Any], by_key: dict[str, Verdict]
) -> list[tuple[dict[str, Any], Verdict]]:
    """The planted problems of one entry, each with the verdict that shows it."""
    out = []
    for item in entry.get("planted", []):
        proj = item.get("projection", "*")
        if "lineage" in item:
            what = f"lineage:{item['lineage']}"
        elif "need" in item:
            what = f"need:{item['need'][0]}:{item['need'][1]}"
        elif "finding" in item:
            what = f"finding:{item['finding']}"
        else:
            what = f"warning:{item['warning']}"
        out.append((item, by_key[f"{name}/{proj}/{what}"]))
    return out


def api_of(entry: str) -> str:
    return entry.split("-")[0]


def table() -> tuple[list[tuple[str, int, int, int, int]], list[Verdict]]:
    """Per API: (name, planted found exactly, planted, false dropped, verdicts wrong); and misses."""
    data = expected()
    rows: dict[str, list[int]] = {}
    misses: list[Verdict] = []
    counted: set[tuple[str, str, str]] = set()
    for name, entry in data.items():
        vs = verdicts(name, entry)
        by_key = {v.key: v for v in vs}
        row = rows.setdefault(api_of(name), [0, 0, 0, 0])
        for _item, v in planted(name, entry, by_key):
            row[1] += 1
            row[0] += v.ok
            if not v.ok:
                misses.append(v)
        for v in vs:
            # A variant (same_as) repeats its base's verdicts: count each one once per API.
            once = (api_of(name), v.projection, v.what)
            if once in counted and v.ok:
                continue
            counted.add(once)
            row[3] += not v.ok
            wrong_drop = v.actual.startswith("dropped") and not v.expected.startswith("dropped")
            if v.what.startswith("lineage:") and wrong_drop:
                row[2] += 1
    return [(API_NAMES[a], *r) for a, r in rows.items()], misses  # type: ignore[misc]
