"""Projections of the `get_meter` document (`data` / `included` / `meta`) into what an agent reads.

`raw` and `pruned` keep the document's shape; `markdown`, `json` and `structured` render one
selected summary three ways. None of them mutates its input.
`python -m projections.meter` rewrites fixtures/meter/output_schema.json from OUTPUT_SCHEMA.
"""

from __future__ import annotations

import json as _json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "fixtures" / "meter" / "output_schema.json"

#: Bookkeeping columns that say nothing about the meter itself.
AUDIT_KEYS = frozenset(
    {
        "created_by",
        "created_at",
        "updated_by",
        "updated_at",
        "deleted_at",
        "ingested_at",
        "etag",
        "tenant_id",
        "legacy_id",
    }
)

_TIME = {"type": "string", "format": "date-time"}

#: JSON Schema of the summary that `json` returns and `structured` sends as structuredContent.
OUTPUT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "MeterSummary",
    "type": "object",
    "properties": {
        "status": {"type": "string"},
        "open_alerts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string"},
                    "severity": {"type": "string"},
                    "opened_at": _TIME,
                },
                "required": ["kind", "severity", "opened_at"],
                "additionalProperties": False,
            },
        },
        "last_reading": {
            "type": "object",
            "properties": {"recorded_at": _TIME, "kwh": {"type": "number"}},
            "required": ["recorded_at", "kwh"],
            "additionalProperties": False,
        },
        "kwh_last_24h": {"type": "number"},
        "plan": {"type": "string"},
        "region": {"type": "string"},
        "id": {"type": "string"},
        "serial": {"type": "string"},
        "customer_id": {"type": "string"},
        "site_id": {"type": "string"},
    },
    "required": [
        "status",
        "open_alerts",
        "plan",
        "region",
        "id",
        "serial",
        "customer_id",
        "site_id",
    ],
    "additionalProperties": False,
}


def _when(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)


def _records(doc: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [r for r in doc.get("included") or [] if isinstance(r, dict) and r.get("type") == kind]


def _related_id(meter: dict[str, Any], name: str) -> str | None:
    rel = (meter.get("relationships") or {}).get(name) or {}
    return (rel.get("data") or {}).get("id")


def _prune(value: Any) -> Any:
    """A copy without nulls, `links` or audit columns, at any depth."""
    if isinstance(value, dict):
        return {
            k: _prune(v)
            for k, v in value.items()
            if v is not None and k != "links" and k not in AUDIT_KEYS
        }
    if isinstance(value, list):
        return [_prune(v) for v in value if v is not None]
    return value


def summary(doc: dict[str, Any]) -> dict[str, Any]:
    """The fields an agent decides on, in decision order, plus the ids its next call needs.

    `last_reading` is left out when there are no readings, and `kwh_last_24h` when there is
    no reading exactly 24 h before the last one (a gap, or less than a day of history).
    """
    meter = doc.get("data") or {}
    attrs = meter.get("attributes") or {}
    # The API lists included records in no particular order: sort before reading.
    readings = [r.get("attributes") or {} for r in _records(doc, "reading")]
    readings = sorted(
        (a for a in readings if a.get("recorded_at") and a.get("kwh") is not None),
        key=lambda a: _when(a["recorded_at"]),
    )
    alerts = [a.get("attributes") or {} for a in _records(doc, "alert")]
    # Same format throughout (ISO 8601 UTC), so the strings sort in time order.
    open_alerts = sorted(
        (a for a in alerts if not a.get("acknowledged")), key=lambda a: a.get("opened_at") or ""
    )
    out: dict[str, Any] = {
        "status": attrs.get("status"),
        "open_alerts": [
            {"kind": a.get("kind"), "severity": a.get("severity"), "opened_at": a.get("opened_at")}
            for a in open_alerts
        ],
    }
    if readings:
        last = readings[-1]
        out["last_reading"] = {"recorded_at": last["recorded_at"], "kwh": last["kwh"]}
        day_before = _when(last["recorded_at"]) - timedelta(hours=24)
        for r in readings:
            if _when(r["recorded_at"]) == day_before:
                out["kwh_last_24h"] = round(last["kwh"] - r["kwh"], 1)
                break
    out.update(
        plan=attrs.get("plan"),
        region=attrs.get("region"),
        id=meter.get("id"),
        serial=attrs.get("serial"),
        customer_id=_related_id(meter, "customer"),
        site_id=_related_id(meter, "site"),
    )
    return out


def raw(doc: dict[str, Any]) -> dict[str, Any]:
    """The document exactly as the API returned it (the same object, not a copy)."""
    return doc


def pruned(doc: dict[str, Any]) -> dict[str, Any]:
    """The document's shape without `meta`, nulls, links or audit columns."""
    return _prune({k: v for k, v in doc.items() if k != "meta"})


def markdown(doc: dict[str, Any]) -> str:
    """The summary as a few labelled Markdown lines, for a model to read."""
    s = summary(doc)
    lines = [
        f"# Meter {s['id']} (serial {s['serial']})",
        f"Status: {s['status']} | plan: {s['plan']} | region: {s['region']}",
    ]
    if s["open_alerts"]:
        lines.append(f"Open alerts ({len(s['open_alerts'])}):")
        lines += [
            f"- {a['kind']}, {a['severity']}, opened {a['opened_at']}" for a in s["open_alerts"]
        ]
    else:
        lines.append("Open alerts: none")
    if "last_reading" in s:
        last = s["last_reading"]
        lines.append(f"Last reading: {last['kwh']} kWh at {last['recorded_at']}")
    if "kwh_last_24h" in s:
        lines.append(f"Used in the last 24 h: {s['kwh_last_24h']} kWh")
    lines.append(f"Follow-up ids: customer_id {s['customer_id']}, site_id {s['site_id']}")
    return "\n".join(lines) + "\n"


def json(doc: dict[str, Any]) -> dict[str, Any]:
    """The summary as a compact dict, for a model and a program alike."""
    return summary(doc)


def structured(doc: dict[str, Any]) -> dict[str, Any]:
    """An MCP tool result: the summary as structuredContent, repeated as JSON text."""
    s = summary(doc)
    text = _json.dumps(s, separators=(",", ":"))
    return {"content": [{"type": "text", "text": text}], "structuredContent": s}


if __name__ == "__main__":
    SCHEMA_FILE.write_text(_json.dumps(OUTPUT_SCHEMA, indent=2) + "\n", encoding="utf-8")
