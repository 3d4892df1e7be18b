"""Candidate projections of Google Calendar's `events.list`: `start.dateTime` with a zone
offset for timed events, `start.date` alone for all-day ones, long lowercase event ids
(`nipdmajsfuvt7frcq4ec0uukoc_20200517`), a status that is "confirmed" in every event.

HELD OUT: written after the issue-15 fixes, with its expected verdicts committed before
projeval was first run on it. Planted problems are marked PLANTED.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def _start(ev: dict[str, Any]) -> str:
    return ev["start"].get("dateTime") or ev["start"]["date"]


def agenda_md(cal: dict[str, Any]) -> str:
    """PLANTED: a Markdown agenda of the first two events only (no marker); titles cut to
    24 characters; timed events shown as "Sat 25.04. 18:00-21:00" (minute); event ids,
    locations and the calendar's zone dropped."""
    lines = []
    for ev in cal["items"][:2]:
        title = ev["summary"][:24]
        if "dateTime" in ev["start"]:
            s = datetime.fromisoformat(ev["start"]["dateTime"])
            e = datetime.fromisoformat(ev["end"]["dateTime"])
            when = f"{s:%a %d.%m. %H:%M}-{e:%H:%M}"
        else:
            when = f"{ev['start']['date']} (all day)"
        lines.append(f"- **{title}** {when} [{ev['status']}]")
    return "\n".join(lines)


def utc_events(cal: dict[str, Any]) -> dict[str, Any]:
    """Carries every field: timed events converted to UTC (no loss), all-day dates as they
    come, ids and the zone as they come."""
    out = []
    for ev in cal["items"]:
        item: dict[str, Any] = {
            "id": ev["id"],
            "title": ev["summary"],
            "status": ev["status"],
            "updated": ev["updated"],
            "organizer": ev["organizer"]["email"],
        }
        if "dateTime" in ev["start"]:
            for side in ("start", "end"):
                moment = datetime.fromisoformat(ev[side]["dateTime"]).astimezone(UTC)
                item[side] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
        else:
            item["all_day"] = ev["start"]["date"]
        if "location" in ev:
            item["location"] = ev["location"]
        if "attendees" in ev:
            item["my_response"] = [a["responseStatus"] for a in ev["attendees"] if a.get("self")]
        out.append(item)
    return {"zone": cal["timeZone"], "events": out}


def timed_only(cal: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: all-day events left out (their dates dropped: the birthday disappears);
    start and end as the day only; event ids shortened to 10 characters; the response as
    a yes/no flag."""
    out = []
    for ev in cal["items"]:
        if "dateTime" not in ev["start"]:
            continue
        out.append(
            {
                "id": ev["id"][:10],
                "title": ev["summary"],
                "day": ev["start"]["dateTime"][:10],
                "until": ev["end"]["dateTime"][:10],
                "accepted": any(a["responseStatus"] == "accepted" for a in ev.get("attendees", [])),
            }
        )
    return {"events": out}
