"""Candidate projections of GitHub's `GET /repos/{owner}/{repo}/issues` (a bare list of issues).

Planted problems are marked PLANTED; the expected verdicts are in ../expected.yaml.
"""

from __future__ import annotations

import json
from typing import Any


def compact(raw: Any) -> Any:
    """Every field a triage question needs, carried as is."""
    if isinstance(raw, dict):  # an error body: say so
        return {"error": raw.get("message"), "details": raw.get("errors")}
    return [
        {
            "number": i["number"],
            "title": i["title"],
            "state": i["state"],
            "author": i["user"]["login"],
            "created_at": i["created_at"],
            "comments": i["comments"],
            "url": i["html_url"],
        }
        for i in raw
    ]


def first_two_days(raw: Any) -> Any:
    """PLANTED: keeps the first 2 issues of the page with no marker, dates cut to the day,
    state/author/comments/url dropped; an error body becomes an empty list."""
    items = raw if isinstance(raw, list) else []
    return {
        "issues": [
            {"number": i["number"], "title": i["title"], "opened": i["created_at"][:10]}
            for i in items[:2]
        ]
    }


def markdown(raw: Any) -> str:
    """A Markdown list; PLANTED: created_at kept to the minute only, html_url dropped.
    An error body is passed through as it came."""
    if isinstance(raw, dict):
        return json.dumps(raw)
    lines = []
    for i in raw:
        opened = i["created_at"][:16].replace("T", " ")
        lines.append(
            f"- #{i['number']} {i['title']} ({i['state']}), by {i['user']['login']}, "
            f"opened {opened} UTC, {i['comments']} comments"
        )
    return "\n".join(lines)


#: GitHub's issue states and author associations, as this projection shows them.
STATE_BADGES = {"open": "🟢 open", "closed": "⚪ closed"}
ASSOCIATION = {
    "OWNER": "owner",
    "MEMBER": "member of the organisation",
    "COLLABORATOR": "collaborator",
    "CONTRIBUTOR": "contributor",
    "FIRST_TIME_CONTRIBUTOR": "first-time contributor",
    "FIRST_TIMER": "first-timer",
    "MANNEQUIN": "mannequin",
    "NONE": "no association",
}


def state_badges(raw: Any) -> Any:
    """State and author association mapped through dicts (no loss). PLANTED for projeval:
    every issue of both pages is "open" and "MEMBER", so only a value known from elsewhere
    (the tools file's OpenAPI document) can show the mapping; a made-up value raises KeyError."""
    return [
        {
            "number": i["number"],
            "title": i["title"],
            "state": STATE_BADGES[i["state"]],
            "author": f"{i['user']['login']} ({ASSOCIATION[i['author_association']]})",
        }
        for i in raw
    ]


def open_flag(raw: Any) -> Any:
    """State compared with "open" (a yes/no flag: no loss for "is it open?"); PLANTED: the
    author association dropped."""
    return [{"number": i["number"], "title": i["title"], "open": i["state"] == "open"} for i in raw]
