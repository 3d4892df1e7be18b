"""Candidate projections of Jira's `GET /rest/api/2/search` (JQL) page: ISO times with a
`+0100` offset and milliseconds, names nested under `fields`, a `total` beside the page.

HELD OUT: written after the issue-15 fixes, with its expected verdicts committed before
projeval was first run on it. Planted problems are marked PLANTED.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

PRIORITY = {"Highest": "P1", "High": "P2", "Medium": "P3", "Low": "P4", "Lowest": "P5"}


def triage(page: dict[str, Any]) -> dict[str, Any]:
    """Key, status, priority and creation time of each issue, with the total."""
    return {
        "total": page["total"],
        "issues": [
            {
                "key": i["key"],
                "status": i["fields"]["status"]["name"],
                "priority": i["fields"]["priority"]["name"],
                "created": i["fields"]["created"],
            }
            for i in page["issues"]
        ],
    }


def digest(page: dict[str, Any]) -> str:
    """PLANTED: the first issue only (no marker), created as a European date (the day only),
    priority through a P-code dict; total dropped."""
    lines = []
    for i in page["issues"][:1]:
        f = i["fields"]
        created = datetime.fromisoformat(f["created"]).strftime("%d.%m.%Y")
        prio = PRIORITY.get(f["priority"]["name"], "P?")
        lines.append(
            f"{i['key']} {f['issuetype']['name']} · {f['status']['name']} · {prio} · {created}"
        )
    return "\n".join(lines)


def resolved_dates(page: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: resolution time to the minute; `updated` as epoch milliseconds (no loss)."""
    return {
        "issues": [
            {
                "key": i["key"],
                "resolved": i["fields"]["resolutiondate"][:16],
                "updated_ms": int(
                    datetime.fromisoformat(i["fields"]["updated"]).timestamp() * 1000
                ),
            }
            for i in page["issues"]
        ]
    }
