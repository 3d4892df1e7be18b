from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from projeval import paths
from projeval.lineage import LineageResult, infer_lineage
from projeval.projections import ProjectionRunner
from projeval.suites import FieldDef
from projeval.vocabulary import LINEAGE_STATUSES as STATUSES


def fdef(name: str, path: str, kind: str | None = None) -> FieldDef:
    return FieldDef(name, path, paths.parse_path(path), kind)


def run(
    func: Callable[[Any], Any],
    raw: Any,
    fields: dict[str, str] | None = None,
    kinds: dict[str, str] | None = None,
    **runner: Any,
) -> LineageResult:
    defs = {n: fdef(n, p, (kinds or {}).get(n)) for n, p in (fields or {}).items()}
    return infer_lineage("p", ProjectionRunner(func, **runner), [("page", raw)], defs)


def tickets(n: int) -> dict[str, Any]:
    return {
        "data": [
            {
                "id": f"tkt_{i:08x}-aaaa-bbbb-cccc-{i:012x}",
                "subject": f"Subject number {i} about a card declined at checkout",
                "status_code": 1 + i % 3,
                "owner_id": f"usr_{i % 4:08x}-1111",
                "created_at": f"2026-02-{1 + i % 20:02d}T09:14:22.481Z",
                "note": None,
            }
            for i in range(n)
        ]
    }


USERS = {f"usr_{i:08x}-1111": f"Person {i}" for i in range(4)}
STATUS = {1: "new", 2: "open", 3: "closed"}


def test_kept_as_is() -> None:
    result = run(lambda page: page, tickets(3), {"subject": "data[].subject"})
    fl = result.for_field("subject")
    assert (fl.status, fl.detail, fl.outputs) == ("kept", "carried as is", ("data[].subject",))


def test_lookup_map_resolves_an_id_to_a_name() -> None:
    def project(page: dict) -> dict:
        return {"rows": [{"owner": USERS.get(t["owner_id"])} for t in page["data"]]}

    fl = run(project, tickets(6), {"owner": "data[].owner_id"}, {"owner": "id"}).for_field("owner")
    assert fl.status == "resolved"
    assert fl.outputs == ("rows[].owner",)
    assert fl.detail == 'mapped to another value (e.g. "usr_00000000-1111" -> "Person 0")'
    assert not fl.opaque


def test_code_to_label_is_resolved_and_raw_code_is_opaque() -> None:
    def labels(page: dict) -> list:
        return [STATUS[t["status_code"]] for t in page["data"]]

    fl = run(labels, tickets(6), {"status": "data[].status_code"}).for_field("status")
    assert (fl.status, fl.kind) == ("resolved", "code")
    kept = run(lambda p: p, tickets(6), {"status": "data[].status_code"}).for_field("status")
    assert (kept.status, kept.opaque) == ("kept", True)


@pytest.mark.parametrize(
    ("cut", "status", "detail", "precision"),
    [
        (10, "lossy", "day precision", "day"),
        (13, "lossy", "hour precision", "hour"),
        (16, "lossy", "minute precision", "minute"),
        (19, "kept", "reformatted without loss", "second"),
        (None, "kept", "carried as is", "second"),
    ],
)
def test_time_precision(cut: int | None, status: str, detail: str, precision: str) -> None:
    def project(page: dict) -> list:
        return [t["created_at"][:cut] for t in page["data"]]

    fl = run(project, tickets(4), {"created": "data[].created_at"}).for_field("created")
    assert (fl.status, fl.detail, fl.precision) == (status, detail, precision)


def test_time_near_a_boundary_is_shifted_backwards() -> None:
    # 09:59:59 + 1 s would change the hour and the minute: lineage must not take
    # that as proof of second precision.
    page = {"data": [{"at": "2026-02-28T23:59:59Z"}, {"at": "2026-03-31T23:59:59Z"}]}
    fl = run(lambda p: [t["at"][:13] for t in p["data"]], page, {"at": "data[].at"}).for_field("at")
    assert (fl.status, fl.detail) == ("lossy", "hour precision")


def test_cut_text_reports_where() -> None:
    def project(page: dict) -> list:
        return [{"s": t["subject"][:20]} for t in page["data"]]

    fl = run(project, tickets(3), {"subject": "data[].subject"}).for_field("subject")
    assert (fl.status, fl.detail, fl.precision) == ("lossy", "text cut after 20 characters", 20)


def test_case_folded_text() -> None:
    page = {"items": [{"name": "Dana Whitfield"}, {"name": "Sam Okafor"}]}
    fl = run(
        lambda p: [i["name"].lower() for i in p["items"]], page, {"n": "items[].name"}
    ).for_field("n")
    assert (fl.status, fl.detail) == ("lossy", "case folded")


def test_text_embedded_in_markdown_is_kept() -> None:
    page = {"items": [{"name": "Dana Whitfield"}, {"name": "Sam Okafor"}]}

    def markdown(p: dict) -> str:
        return "\n".join(f"- owner: **{i['name']}**" for i in p["items"])

    fl = run(markdown, page, {"n": "items[].name"}).for_field("n")
    assert (fl.status, fl.detail, fl.outputs) == ("kept", "carried inside text", ("$",))


def test_shortened_id_is_lossy_and_opaque() -> None:
    def project(page: dict) -> list:
        return [t["id"].split("-")[0] for t in page["data"]]

    fl = run(project, tickets(5), {"ticket_id": "data[].id"}).for_field("ticket_id")
    assert (fl.status, fl.detail, fl.precision, fl.opaque) == (
        "lossy",
        "id shortened to its first 12 characters",
        12,
        True,
    )


def test_dropped() -> None:
    fl = run(lambda p: {"n": len(p["data"])}, tickets(3), {"s": "data[].subject"}).for_field("s")
    assert (fl.status, fl.detail, fl.outputs) == (
        "dropped",
        "no change to the value is visible",
        (),
    )


def test_list_truncation_is_partial_and_says_where() -> None:
    def first_ten(page: dict) -> list:
        return [t["subject"] for t in page["data"][:10]]

    result = run(first_ten, tickets(25), {"subject": "data[].subject"})
    fl = result.for_field("subject")
    assert (fl.status, fl.detail) == ("partial", "carried for the first 10 of 25 values only")
    # Calls stay bounded: schema paths x a small sample, not items x leaves.
    assert result.calls < 120


def test_calls_do_not_grow_with_items() -> None:
    def compact(page: dict) -> list:
        return [
            {"id": t["id"], "s": t["subject"], "at": t["created_at"][:10]} for t in page["data"]
        ]

    small = run(compact, tickets(10)).calls
    large = run(compact, tickets(400)).calls
    assert large <= small + 10


def test_null_everywhere_is_no_sample_not_dropped() -> None:
    fl = run(lambda p: p, tickets(3), {"note": "data[].note"}).for_field("note")
    assert (fl.status, fl.detail) == ("no-sample", "no non-null sample in the fixtures")


def test_projection_raising_on_every_perturbation_is_inconclusive() -> None:
    # Only code 2 is ever seen, so the perturbation has to invent code 3, which
    # this projection's label map does not know.
    page = {"data": [{"status_code": 2}, {"status_code": 2}]}
    only_open = {2: "open"}
    fl = run(
        lambda p: [only_open[t["status_code"]] for t in p["data"]],
        page,
        {"status": "data[].status_code"},
    ).for_field("status")
    assert fl.status == "inconclusive"
    assert fl.detail == (
        "the projection raised on every perturbed value (KeyError: 3): 2 is the only value "
        "seen at data[].status_code in the fixtures, and projeval knows no other value it can "
        "take. Fix: declare them with `values:` on its field, or add a fixture where it holds "
        "another value"
    )


def test_id_keyed_map_and_an_aggregate() -> None:
    raw = {"payment_methods": {"card_442": {"amount": 30.5}, "cert_750": {"amount": 12.25}}}

    def total(doc: dict) -> dict:
        return {"total": sum(m["amount"] for m in doc["payment_methods"].values())}

    result = run(total, raw, {"amount": "payment_methods.*.amount"})
    fl = result.for_field("amount")
    assert (fl.source, fl.status, fl.outputs) == (
        "payment_methods.*.amount",
        "resolved",
        ("total",),
    )
    assert fl.detail == "mapped to another value (e.g. 30.5 -> 42.75)"


def test_sorting_projection_keeps_fields_despite_reordering() -> None:
    def by_time(page: dict) -> list:
        rows = sorted(page["data"], key=lambda t: t["created_at"])
        return [{"id": t["id"], "at": t["created_at"]} for t in rows]

    fl = run(by_time, tickets(8), {"at": "data[].created_at"}).for_field("at")
    assert (fl.status, fl.detail) == ("kept", "carried as is")


def test_filter_field_selects_items() -> None:
    raw = {
        "alerts": [
            {"kind": "sag", "ack": False},
            {"kind": "spike", "ack": True},
            {"kind": "loss", "ack": False},
        ]
    }

    def open_alerts(doc: dict) -> list:
        return [a["kind"] for a in doc["alerts"] if not a["ack"]]

    result = run(open_alerts, raw, {"ack": "alerts[].ack", "kind": "alerts[].kind"})
    assert result.for_field("ack").status == "resolved"
    assert result.for_field("ack").detail.startswith("selects or filters items")
    kind = result.for_field("kind")
    assert kind.status == "partial"
    assert kind.detail == (
        "carried for 2 of 3 sampled values only (of 3): the projection selects or filters items"
    )


def test_selected_item_in_a_shuffled_list_is_found() -> None:
    # The latest reading sits in the middle of an unordered list: a positional
    # sample misses it, a search of the output for source values does not.
    readings = [{"at": f"2026-01-01T{h:02d}:00:00Z", "kwh": 1000.5 + h} for h in range(24)]
    random.Random(3).shuffle(readings)

    def last(doc: dict) -> dict:
        latest = max(doc["readings"], key=lambda r: r["at"])
        return {"last_kwh": latest["kwh"]}

    fl = run(last, {"readings": readings}, {"kwh": "readings[].kwh"}).for_field("kwh")
    assert fl.status == "partial" and fl.outputs == ("last_kwh",)


@pytest.mark.parametrize(
    ("func", "kind", "message"),
    [
        (lambda p: p["nope"], "raised", "KeyError: 'nope'"),
        (
            lambda p: {1, 2},
            "not-json",
            "returned set that is not JSON-serialisable (Object of type set is not JSON serializable)",
        ),
        (
            lambda p: random.random(),
            "non-deterministic",
            "returned different output for the same input on two calls",
        ),
        (
            lambda p: p.pop("data") and None,
            "mutates-input",
            "changed the raw response it was given",
        ),
        (lambda p: "x" * 500, "too-large", "returned 500 bytes, over the limit of 100"),
    ],
)
def test_projection_faults(func: Callable[[Any], Any], kind: str, message: str) -> None:
    result = run(func, tickets(2), max_output_bytes=100)
    assert result.fault is not None
    assert (result.fault.kind, result.fault.message) == (kind, message)
    assert result.fault_fixture == "page"


def test_timeout() -> None:
    def forever(page: dict) -> None:
        while True:
            pass

    result = run(forever, tickets(1), timeout=0.2)
    assert result.fault is not None
    assert (result.fault.kind, result.fault.message) == ("timeout", "did not return within 0.2 s")


def test_printing_projection_is_captured(capsys: pytest.CaptureFixture[str]) -> None:
    def noisy(page: dict) -> list:
        print("debug", len(page["data"]))
        return [t["subject"] for t in page["data"]]

    result = run(noisy, tickets(3), {"s": "data[].subject"})
    assert result.for_field("s").status == "kept"
    assert capsys.readouterr().out == ""


_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**13)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(
        ["2026-02-11T09:14:22.481Z", "2024-05-02", "usr_41c2be09-77aa", "https://x.y/z"]
    )
)
_docs = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)
_PROJECTIONS: list[Callable[[Any], Any]] = [
    lambda d: d,
    lambda d: json.dumps(d)[:50],
    lambda d: str(d),
    lambda d: len(json.dumps(d)),
    lambda d: sorted(map(str, d)) if isinstance(d, list | dict) else d,
    lambda d: d["k"] if isinstance(d, dict) else d,
]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(_docs, st.sampled_from(range(len(_PROJECTIONS))))
def test_arbitrary_json_never_crashes_lineage(doc: Any, which: int) -> None:
    result = infer_lineage("p", ProjectionRunner(_PROJECTIONS[which]), [("f", doc)], {})
    assert result.fault is None or result.fault.kind == "raised"
    assert all(fl.status in STATUSES for fl in result.rows())


def test_json_inside_a_string_field() -> None:
    # A tool result serialised into a string: lineage steps into it.
    raw = {
        "results": [
            {
                "body": json.dumps(
                    {
                        "user": {"id": f"usr_{i:08x}", "name": f"Person {i}"},
                        "due": f"2026-01-0{i}T10:00:00Z",
                    }
                )
            }
            for i in range(1, 4)
        ]
    }

    def names(doc: dict) -> list:
        parsed = [json.loads(r["body"]) for r in doc["results"]]
        return [{"name": p["user"]["name"], "due": p["due"][:10]} for p in parsed]

    result = run(
        names,
        raw,
        {
            "name": "results[].body.<json>.user.name",
            "uid": "results[].body.<json>.user.id",
            "due": "results[].body.<json>.due",
        },
    )
    assert (result.for_field("name").status, result.for_field("name").outputs) == (
        "kept",
        ("[].name",),
    )
    assert result.for_field("uid").status == "dropped"
    assert (result.for_field("due").status, result.for_field("due").detail) == (
        "lossy",
        "day precision",
    )


# Real-payload traps (issue 15) --------------------------------------------------------


def test_epoch_under_a_key_that_says_nothing_of_time_is_a_time() -> None:
    from datetime import UTC, datetime

    page = {"data": [{"created": 1700000000 + 97 * i} for i in range(3)]}

    def minute(p: dict) -> dict:
        return {
            "rows": [
                datetime.fromtimestamp(r["created"], UTC).strftime("%Y-%m-%dT%H:%MZ")
                for r in p["data"]
            ]
        }

    fl = run(minute, page, {"created": "data[].created"}).for_field("created")
    assert (fl.status, fl.kind, fl.precision) == ("lossy", "time", "minute")


def test_minor_units_to_whole_units_is_lossy_and_says_what_survives() -> None:
    page = {"data": [{"amount": a} for a in (24000, 0, 1999)]}
    fl = run(
        lambda p: [r["amount"] // 100 for r in p["data"]], page, {"a": "data[].amount"}
    ).for_field("a")
    assert (fl.status, fl.how) == ("lossy", "rounded")
    assert "whole units" in fl.detail


def test_enum_mapped_through_a_dict_is_resolved_not_inconclusive() -> None:
    labels = {"draft": "Not sent", "open": "Awaiting payment", "paid": "Settled"}
    page = {"data": [{"status": s} for s in ("open", "paid", "paid", "draft")]}
    fl = run(
        lambda p: [labels[r["status"]] for r in p["data"]], page, {"s": "data[].status"}
    ).for_field("s")
    assert fl.status == "resolved"


def test_yes_no_string_compared_is_carried() -> None:
    page = {"rows": [{"insurance": "no"}]}
    fl = run(
        lambda p: [r["insurance"] == "yes" for r in p["rows"]], page, {"i": "rows[].insurance"}
    ).for_field("i")
    assert fl.status == "resolved"


def test_map_keys_listed_are_carried_and_renaming_shows_it() -> None:
    raw = {"methods": {"gift_card_42": {"amount": 5}, "credit_card_7": {"amount": 9}}}
    defs = {"method_id": fdef("method_id", "methods.*~")}
    listed = infer_lineage(
        "p", ProjectionRunner(lambda r: sorted(r["methods"])), [("f", raw)], defs
    )
    assert listed.for_field("method_id").status == "kept"
    summed = infer_lineage(
        "p",
        ProjectionRunner(lambda r: sum(m["amount"] for m in r["methods"].values())),
        [("f", raw)],
        defs,
    )
    assert summed.for_field("method_id").status == "dropped"


def test_every_defect_is_reported_cut_list_and_day_dates() -> None:
    page = tickets(13)
    fl = run(
        lambda p: [t["created_at"][:10] for t in p["data"][:10]],
        page,
        {"created_at": "data[].created_at"},
    ).for_field("created_at")
    assert fl.status == "partial"
    assert [(d.status, d.how) for d in fl.defects] == [
        ("partial", "first-n"),
        ("lossy", "time-precision"),
    ]
    assert fl.precision == "day" and "first 10 of 13" in fl.detail


def test_expanded_object_is_judged_by_its_id() -> None:
    string = {"data": [{"customer": "cus_1aaaa"}]}
    expanded = {"data": [{"customer": {"id": "cus_2bbbb", "name": "Ann"}}]}
    defs = {"customer": fdef("customer", "data[].customer")}

    def strings_only(p: dict) -> list:
        return [r["customer"] if isinstance(r["customer"], str) else None for r in p["data"]]

    result = infer_lineage(
        "p", ProjectionRunner(strings_only), [("a", string), ("b", expanded)], defs
    )
    fl = result.for_field("customer")
    assert fl.status == "partial" and "carried in some fixtures only" in fl.detail


def test_labels_declared_are_checked_against_the_projection() -> None:
    page = {"data": [{"priority": p} for p in (1, 2, 3, 2)]}
    defs = {
        "priority": FieldDef(
            "priority",
            "data[].priority",
            paths.parse_path("data[].priority"),
            "code",
            labels={1: "low", 2: "high", 3: "urgent"},
        )
    }
    right = {1: "low", 2: "high", 3: "urgent"}
    wrong = {1: "low", 2: "urgent", 3: "high"}
    for legend, expected in ((right, ()), (wrong, ((2, "urgent", "high"),))):
        result = infer_lineage(
            "p",
            ProjectionRunner(lambda p, legend=legend: [legend[r["priority"]] for r in p["data"]]),
            [("page", page)],
            defs,
        )
        fl = result.for_field("priority")
        assert fl.status == "resolved"
        assert fl.labels_wrong[:1] == expected


BADGES = {"open": "active", "closed": "done", "merged": "landed"}


def badges(p: dict) -> list:
    return [BADGES[r["state"]] for r in p["rows"]]


LONE = {"rows": [{"state": "open"}, {"state": "open"}]}


def lone_lineage(
    func: Callable[[Any], Any] = badges,
    raw: Any = LONE,
    enums: dict[str, tuple[tuple[Any, ...], ...]] | None = None,
    values: tuple[Any, ...] | None = None,
    path: str = "rows[].state",
) -> Any:
    defs = {"state": FieldDef("state", path, paths.parse_path(path), values=values)}
    result = infer_lineage("p", ProjectionRunner(func), [("page", raw)], defs, enums=enums)
    return result.for_field("state")


def test_a_lone_enum_value_with_nothing_known_is_inconclusive_and_says_how_to_fix_it() -> None:
    fl = lone_lineage()
    assert fl.status == "inconclusive"
    assert fl.detail == (
        "the projection raised on every perturbed value (KeyError: 'Open'): \"open\" is the "
        "only value seen at rows[].state in the fixtures, and projeval knows no other value "
        "it can take. Fix: declare them with `values:` on its field, or add a fixture where "
        "it holds another value"
    )


@pytest.mark.parametrize(
    ("enums", "values"),
    [
        ({"state": (("open", "closed", "all"),)}, None),  # a parameter's enum, tools file
        ({"state": (("all", "open"), ("open", "closed"))}, None),  # "all" raises: next one
        (None, ("open", "merged")),  # the field's values:
    ],
)
def test_a_lone_enum_value_is_swapped_with_values_known_from_elsewhere(
    enums: dict[str, tuple[tuple[Any, ...], ...]] | None, values: tuple[Any, ...] | None
) -> None:
    fl = lone_lineage(enums=enums, values=values)
    assert (fl.status, fl.how) == ("resolved", "mapped")


def test_an_enum_that_does_not_hold_the_value_seen_names_another_vocabulary() -> None:
    fl = lone_lineage(enums={"state": (("OPEN", "CLOSED"),)})
    assert fl.status == "inconclusive"


def test_a_sibling_path_with_the_same_key_gives_its_values() -> None:
    raw = {"rows": [{"state": "open"}, {"state": "open"}], "old": [{"state": s} for s in BADGES]}

    def both(p: dict) -> list:
        return [BADGES[r["state"]] for r in p["rows"] + p["old"]]

    assert lone_lineage(both, raw).status == "resolved"


def test_a_comparison_with_a_lone_value_is_carried_and_a_dropped_one_dropped() -> None:
    enums = {"state": (("open", "closed"),)}
    for known in (None, enums):
        flag = lone_lineage(lambda p: [r["state"] == "open" for r in p["rows"]], enums=known)
        assert flag.status == "resolved"
        gone = lone_lineage(lambda p: len(p["rows"]), enums=known)
        assert gone.status == "dropped"


def test_a_value_seen_once_that_a_declared_enumeration_lists_is_an_enumeration() -> None:
    raw = {"who": {"type": "AssumedRole"}}
    kinds = {"AssumedRole": "assumed role", "IAMUser": "IAM user", "Root": "root"}
    fl = lone_lineage(
        lambda p: kinds[p["who"]["type"]],
        raw,
        enums={"type": (tuple(kinds),)},
        path="who.type",
    )
    assert (fl.status, fl.kind) == ("resolved", "enum")


def test_lineage_reports_each_path_probed() -> None:
    from projeval.lineage import paths_to_probe

    page = tickets(6)
    walk = {"page": list(paths.iter_leaves(page, expand_json=True))}
    told: list[int] = []
    result = infer_lineage(
        "p", ProjectionRunner(lambda p: p), [("page", page)], {}, walk, on_probed=told.append
    )
    assert result.fault is None
    assert told == [1] * paths_to_probe(walk, {}) and len(told) == 6


def test_a_lone_value_whose_known_values_all_raise_says_what_was_tried() -> None:
    fl = lone_lineage(enums={"state": (("open", "draft", "void"),)})
    assert fl.status == "inconclusive"
    assert fl.detail.endswith(
        '"open" is the only value seen at rows[].state in the fixtures, and the projection '
        'raised on the other values known for it too ("draft", "void"). Fix: check the values '
        "declared with `values:` or in the tools file, or add a fixture where it holds another "
        "value"
    )


def test_an_epoch_written_as_text_is_shifted_as_a_time_in_its_own_format() -> None:
    """Slack's ``ts``: epoch seconds as a string with microseconds. Shown as a UTC minute it is
    lossy, not dropped; shown with its microseconds it is kept."""
    from datetime import UTC, datetime

    raw = {"messages": [{"ts": "1749715986.702899"}, {"ts": "1749718946.615909"}]}

    def minute(doc: dict) -> list:
        return [
            datetime.fromtimestamp(float(m["ts"]), UTC).strftime("%Y-%m-%d %H:%M")
            for m in doc["messages"]
        ]

    def exact(doc: dict) -> list:
        return [
            datetime.fromtimestamp(float(m["ts"]), UTC).isoformat(timespec="microseconds")
            for m in doc["messages"]
        ]

    fields = {"ts": "messages[].ts"}
    lossy = run(minute, raw, fields).for_field("ts")
    assert (lossy.status, lossy.precision) == ("lossy", "minute")
    assert run(exact, raw, fields).for_field("ts").status == "kept"


def test_an_iso_duration_rounded_to_the_hour_is_lossy_and_in_minutes_kept() -> None:
    import re

    raw = {"segments": [{"duration": "PT2H45M"}, {"duration": "PT02H26M"}]}

    def minutes(d: str) -> int:
        h, m = re.fullmatch(r"PT(\d+)H(\d+)M", d).groups()  # type: ignore[union-attr]
        return int(h) * 60 + int(m)

    fields = {"duration": "segments[].duration"}
    kept = run(lambda r: [minutes(s["duration"]) for s in r["segments"]], raw, fields)
    assert kept.for_field("duration").status == "kept"
    hours = run(lambda r: [round(minutes(s["duration"]) / 60) for s in r["segments"]], raw, fields)
    fl = hours.for_field("duration")
    assert (fl.status, fl.precision) == ("lossy", "hour")


def test_ids_carried_as_the_keys_of_an_output_map_are_kept() -> None:
    raw = {
        "passengers": [
            {"id": "pas_0000A6GinR7k", "name": "Smith"},
            {"id": "pas_00009hj8USM7", "name": "Earhart"},
        ]
    }
    result = run(
        lambda r: {p["id"]: p["name"] for p in r["passengers"]}, raw, {"pid": "passengers[].id"}
    )
    fl = result.for_field("pid")
    assert (fl.status, fl.detail) == ("kept", "carried as is")


def test_a_decimal_amount_in_minor_units_is_kept_and_whole_units_lossy() -> None:
    from decimal import Decimal

    raw = {"orders": [{"total": "90.80"}, {"total": "87.90"}]}
    fields = {"total": "orders[].total"}
    pence = run(lambda r: [int(Decimal(o["total"]) * 100) for o in r["orders"]], raw, fields)
    assert (pence.for_field("total").status, pence.for_field("total").detail) == (
        "kept",
        "carried in other units",
    )
    whole = run(lambda r: [round(float(o["total"])) for o in r["orders"]], raw, fields)
    assert whole.for_field("total").status == "lossy"


def test_a_timetable_time_of_day_is_a_time_to_the_minute() -> None:
    """A schedule's "06:00:00" (a time of day, no date): shown as "6:00 AM" it is kept to the
    minute, not text cut short; dropped, it is dropped."""
    raw = {"flights": [{"departs": "06:00:00"}, {"departs": "17:35:00"}]}

    def twelve_hour(r: dict) -> list:
        out = []
        for f in r["flights"]:
            h, m, _ = f["departs"].split(":")
            out.append(f"{int(h) % 12 or 12}:{m} {'AM' if int(h) < 12 else 'PM'}")
        return out

    fields = {"departs": "flights[].departs"}
    fl = run(twelve_hour, raw, fields).for_field("departs")
    assert (fl.kind, fl.status, fl.precision) == ("time", "lossy", "minute")
    assert run(lambda r: r, raw, fields).for_field("departs").status == "kept"
    assert run(lambda r: len(r["flights"]), raw, fields).for_field("departs").status == "dropped"


def test_a_time_of_day_alone_hides_the_day() -> None:
    raw = {"items": [{"end": "2020-04-25T21:00:00+02:00"}, {"end": "2020-05-30T21:30:00+02:00"}]}
    result = run(lambda r: [i["end"][11:16] for i in r["items"]], raw, {"end": "items[].end"})
    fl = result.for_field("end")
    assert (fl.status, fl.precision, fl.how) == ("lossy", "minute", "time-coarse-hidden")


# --------------------------------------------------------------------------------------
# Probes in batches


class _Batching(ProjectionRunner):
    """An in-process runner with ``call_many``: records the size of every batch."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        super().__init__(func)
        self.batches: list[int] = []

    def call_many(self, inputs: list[Any]) -> list[Any]:
        from projeval.projections import call_each

        self.batches.append(len(inputs))
        return call_each(self, inputs)


def test_probes_in_batches_give_the_verdicts_of_one_call_at_a_time() -> None:
    """Lineage sends each round of a fixture's probes as one batch; the calls and the
    verdicts are those of a runner called once per probe."""

    def project(page: dict) -> dict:
        return {
            "tickets": [
                {
                    "id": t["id"][:12],
                    "subject": t["subject"][:20],
                    "status": STATUS[t["status_code"]],
                    "owner": USERS[t["owner_id"]],
                    "day": t["created_at"][:10],
                }
                for t in page["data"][:9]
            ]
        }

    fields = {
        "ticket_id": "data[].id",
        "subject": "data[].subject",
        "status": "data[].status_code",
        "owner": "data[].owner_id",
        "created": "data[].created_at",
        "note": "data[].note",
    }
    defs = {n: fdef(n, p) for n, p in fields.items()}
    one_by_one = infer_lineage("p", ProjectionRunner(project), [("page", tickets(12))], defs)
    batching = _Batching(project)
    batched = infer_lineage("p", batching, [("page", tickets(12))], defs)
    assert [fl.to_dict() for fl in batched.rows()] == [fl.to_dict() for fl in one_by_one.rows()]
    assert batched.calls == one_by_one.calls == 2 + sum(batching.batches)
    # The paths and their samples go out together: far fewer rounds than calls.
    assert len(batching.batches) < batched.calls / 3
    assert max(batching.batches) >= 5 * 5  # five paths with values, five samples each
    statuses = {n: batched.for_field(n).status for n in fields}  # type: ignore[union-attr]
    assert statuses == {
        "ticket_id": "partial",
        "subject": "partial",
        "status": "partial",
        "owner": "partial",
        "created": "partial",
        "note": "no-sample",
    }


def test_a_projection_that_raises_on_some_values_mid_batch_is_judged_per_value() -> None:
    def project(page: dict) -> dict:
        out = []
        for t in page["data"]:
            if not t["subject"].startswith("Subject"):
                raise ValueError("unexpected subject")
            out.append({"id": t["id"], "subject": t["subject"]})
        return {"tickets": out}

    batching = _Batching(project)
    defs = {"subject": fdef("subject", "data[].subject"), "id": fdef("id", "data[].id")}
    result = infer_lineage("p", batching, [("page", tickets(6))], defs)
    assert result.fault is None
    subject, ticket_id = result.for_field("subject"), result.for_field("id")
    assert subject is not None and ticket_id is not None
    # The subjects' edits raised in the same batches as the ids' probes, which showed.
    assert (ticket_id.status, ticket_id.detail) == ("kept", "carried as is")
    assert (subject.status, subject.detail) == (
        "inconclusive",
        "the projection raised on every perturbed value (ValueError: unexpected subject)",
    )
    assert max(batching.batches) >= 2 * 5


def test_a_suites_probe_plan_made_once_gives_each_projection_its_own_lineage() -> None:
    from projeval.lineage import paths_to_probe, plan_probes

    fixtures = [("a", tickets(4)), ("b", tickets(7))]
    defs = {"status": fdef("status", "data[].status_code", "code")}
    plan = plan_probes(fixtures, defs)
    walks = {fx: list(paths.iter_leaves(raw, expand_json=True)) for fx, raw in fixtures}
    assert plan.paths == paths_to_probe(walks, defs)
    for project in (lambda p: p, lambda p: [STATUS[t["status_code"]] for t in p["data"]]):
        alone = infer_lineage("p", ProjectionRunner(project), fixtures, defs)
        planned = infer_lineage("p", ProjectionRunner(project), fixtures, defs, plan=plan)
        assert [fl.to_dict() for fl in planned.rows()] == [fl.to_dict() for fl in alone.rows()]
        assert planned.calls == alone.calls
