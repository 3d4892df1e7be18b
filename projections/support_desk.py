"""Projections of the support desk's `search_tickets` page (JSON:API) into what an agent reads.

Each function takes the raw page as the API returns it and builds a new value; none of them
mutates its input. The users and organizations maps stand in for the batched lookup a real
server would run over the ids in the page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "support_desk"

#: Labels for the integer codes the API sends.
STATUS: dict[int, str] = {1: "new", 2: "pending", 3: "open", 4: "resolved", 5: "closed"}
PRIORITY: dict[int, str] = {1: "low", 2: "high", 3: "urgent"}


def _load(name: str) -> dict[str, dict[str, Any]]:
    with (FIXTURES / name).open(encoding="utf-8") as fh:
        return json.load(fh)


#: Loaded once at import: user id -> {name, email, team}, organization id -> {name, plan}.
USERS: dict[str, dict[str, Any]] = _load("users.json")
ORGS: dict[str, dict[str, Any]] = _load("organizations.json")


def _drop_nulls(value: Any) -> Any:
    """A copy of `value` with every None removed from dicts and lists, at any depth."""
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value if v is not None]
    return value


def _related_id(item: dict[str, Any], name: str) -> str | None:
    """The id of a to-one relationship, or None when it is empty or absent."""
    rel = (item.get("relationships") or {}).get(name) or {}
    return (rel.get("data") or {}).get("id")


def _name(table: dict[str, dict[str, Any]], key: str | None) -> str | None:
    """The display name for an id, or None for no id or an id the table does not know."""
    if key is None:
        return None
    return (table.get(key) or {}).get("name")


def _cut(text: str | None, length: int) -> str | None:
    """The first `length` characters of a timestamp, keeping None as None."""
    return text[:length] if isinstance(text, str) else None


def _short_id(ticket_id: str | None) -> str | None:
    """`tkt_3e7b91a0-48bb-...` -> `tkt_3e7b91a0`: the form get_ticket also accepts."""
    return ticket_id.split("-", 1)[0] if isinstance(ticket_id, str) else None


def _ticket(item: dict[str, Any], *, opened: int, sla: bool, org_id: bool) -> dict[str, Any]:
    """One flat ticket: `opened` is how many characters of created_at to keep.

    With `org_id` the organization's id stays beside its name: search_tickets(org_id)
    takes the id, so an agent that reads only the name cannot pass it back.
    """
    attrs = item.get("attributes") or {}
    org = _related_id(item, "organization")
    ticket: dict[str, Any] = {
        "id": _short_id(item.get("id")),
        "subject": attrs.get("subject"),
        "status": STATUS.get(attrs.get("status_code")),
        "priority": PRIORITY.get(attrs.get("priority")),
        "assignee": _name(USERS, _related_id(item, "assignee")),
        "org": _name(ORGS, org),
    }
    if org_id:
        ticket["org_id"] = org
    ticket |= {
        "opened": _cut(attrs.get("created_at"), opened),
        "updated": _cut(attrs.get("updated_at"), 10),
    }
    if sla:
        ticket["sla_due"] = _cut(attrs.get("sla_due_at"), 16)
    ticket["channel"] = attrs.get("channel")
    ticket["tags"] = list(attrs.get("tags") or [])
    return ticket


def raw(page: dict[str, Any]) -> dict[str, Any]:
    """The page exactly as the API returned it (the same object, not a copy)."""
    return page


def pruned(page: dict[str, Any]) -> dict[str, Any]:
    """The page without nulls, top-level `links` and `meta`, or each item's `links`.

    An unassigned ticket keeps `"assignee": {}`: only the null itself is removed.
    An error body has no `data` and passes through with its nulls removed.
    """
    out = {k: v for k, v in page.items() if k not in ("links", "meta")}
    if isinstance(out.get("data"), list):
        out["data"] = [
            {k: v for k, v in item.items() if k != "links"} if isinstance(item, dict) else item
            for item in out["data"]
        ]
    return _drop_nulls(out)


def compact_v1(page: dict[str, Any]) -> dict[str, Any]:
    """One flat record per ticket with names and labels resolved; dates cut to the day.

    Drops the SLA due time, the description and the customer note. A body without `data`
    (an error) becomes an empty list, which hides the error from the agent.
    """
    return {
        "tickets": [
            _ticket(item, opened=10, sla=False, org_id=False) for item in page.get("data") or []
        ]
    }


def compact_v2(page: dict[str, Any]) -> dict[str, Any]:
    """compact_v1 plus the organization id, the SLA due time to the minute, the open time to
    the hour and the total.

    An error body becomes `{"error": {"code", "retry_after_seconds"}}` instead of an empty list.
    """
    if "data" not in page and page.get("errors"):
        first = page["errors"][0] or {}
        return {
            "error": {
                "code": first.get("code"),
                "retry_after_seconds": (first.get("meta") or {}).get("retry_after_seconds"),
            }
        }
    out: dict[str, Any] = {}
    total = ((page.get("meta") or {}).get("page") or {}).get("total")
    if total is not None:
        out["total"] = total
    out["tickets"] = [
        _ticket(item, opened=13, sla=True, org_id=True) for item in page.get("data") or []
    ]
    return out
