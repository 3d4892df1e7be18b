"""Candidate projections of Slack's `conversations.replies`: `ts` and `thread_ts` are epoch
seconds written as strings with microseconds ("1749715986.702899") and are also the
message ids a reply needs; user ids are opaque codes (`U090B6EEGUC`).

HELD OUT: written after the issue-15 fixes, with its expected verdicts committed before
projeval was first run on it. Planted problems are marked PLANTED.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def _when(ts: str, fmt: str) -> str:
    return datetime.fromtimestamp(float(ts), UTC).strftime(fmt)


def thread_md(doc: dict[str, Any]) -> str:
    """PLANTED: `ts` shown as a UTC minute (lossy, not dropped); `thread_ts` dropped, so the
    agent cannot reply in the thread; user ids only."""
    msgs = doc["messages"]
    head = msgs[0]
    lines = [f"Thread with {head.get('reply_count', 0)} replies", ""]
    for m in msgs:
        lines.append(f"- {_when(m['ts'], '%Y-%m-%d %H:%M')} UTC <@{m['user']}>: {m['text']}")
    return "\n".join(lines)


def compact_json(doc: dict[str, Any]) -> dict[str, Any]:
    """Carries every field: times as ISO with microseconds (no loss), ids as they come."""
    out = []
    for m in doc["messages"]:
        item: dict[str, Any] = {
            "posted": datetime.fromtimestamp(float(m["ts"]), UTC).isoformat(
                timespec="microseconds"
            ),
            "thread_ts": m.get("thread_ts"),
            "user": m["user"],
            "text": m["text"],
        }
        if "reply_count" in m:
            item["replies"] = m["reply_count"]
            item["last_reply"] = _when(m["latest_reply"], "%Y-%m-%dT%H:%M:%SZ")
        if "bot_profile" in m:
            item["bot"] = m["bot_profile"]["name"]
        out.append(item)
    return {"messages": out, "has_more": doc.get("has_more", False)}


def first_two(doc: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: the first two messages only (no marker), texts cut to 12 characters, the day
    of each message only; thread_ts and the reply count dropped."""
    return {
        "messages": [
            {"day": _when(m["ts"], "%Y-%m-%d"), "user": m["user"], "text": m["text"][:12]}
            for m in doc["messages"][:2]
        ]
    }
