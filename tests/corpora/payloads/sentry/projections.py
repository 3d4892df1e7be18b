"""Candidate projections of Sentry's `GET /api/0/organizations/{org}/issues/` list into Markdown,
the way MCP servers for Sentry answer.

Planted problems are marked PLANTED; the expected verdicts are in ../expected.yaml.
"""

from __future__ import annotations

import json
from typing import Any

#: PLANTED: a wrong legend. Sentry's priorities are 25 low, 50 medium, 75 high.
PRIORITY_LEGEND = {25: "low", 50: "high", 75: "urgent"}


def _when(iso: str, length: int) -> str:
    return iso[:length].replace("T", " ")


def md_list(issues: Any) -> str:
    """A Markdown list; PLANTED: last seen to the minute, first seen and project dropped,
    priority labelled through the wrong legend. An error body is passed through."""
    if isinstance(issues, dict):
        return json.dumps(issues)
    parts = ["# Issues", ""]
    for n, issue in enumerate(issues, 1):
        parts.append(f"## {n}. `{issue['shortId']}`: {issue['title']}")
        parts.append(f"- **Level**: {issue['level']}")
        parts.append(f"- **Status**: {issue['status']}")
        parts.append(f"- **Events**: {issue['count']}")
        parts.append(f"- **Last seen**: {_when(issue['lastSeen'], 16)} UTC")
        priority = issue.get("metadata", {}).get("initial_priority")
        if priority is not None:
            parts.append(f"- **Priority**: {PRIORITY_LEGEND.get(priority, 'unknown')}")
        if issue.get("assignedTo"):
            parts.append(f"- **Assigned to**: {issue['assignedTo']['name']}")
        parts.append("")
    return "\n".join(parts)


def _table(issues: Any, title_width: int | None) -> str:
    rows = issues if isinstance(issues, list) else []
    out = ["| Issue | Title | Level | Last seen |", "|---|---|---|---|"]
    for issue in rows[:3]:
        title = issue["title"]
        if title_width is not None and len(title) > title_width:
            title = title[:title_width] + "…"
        out.append(
            f"| {issue['shortId']} | {title} | {issue['level']} | {_when(issue['lastSeen'], 10)} |"
        )
    return "\n".join(out)


def md_table(issues: Any) -> str:
    """PLANTED: the first 3 issues only (no marker), titles cut to 24 characters, last seen
    to the day; an error body becomes an empty table."""
    return _table(issues, 24)


def md_table_full_titles(issues: Any) -> str:
    """PLANTED: the first 3 issues only (no marker), last seen to the day; titles whole."""
    return _table(issues, None)
