"""The labels of the candidate follow-ups, as rules over the conversations (written by hand
after reading each conversation; see README.md for the guideline). Writes ``labels.jsonl``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from candidates import candidates

HERE = Path(__file__).parent


def label(c: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """``(label, producer tool, producer path)`` of one candidate."""
    t, k, a, v, tool = c["trace"].split("/")[1], c["call"], c["argument"], c["value"], c["tool"]
    if t == "Calendar-Email-Reminder-SendEmail-2":
        if k == 2:
            return "action", "QueryCalendar", "events[].event_id"
        if k in (3, 4):  # QueryUser on the attendees the calendar listed
            return "lookup", "QueryCalendar", "events[].attendees[]"
        return "action", "QueryUser", "users[].email"
    if t == "Calendar-Messages-Weather-DeleteEvent-0":
        if k == 2:
            return "action", "QueryCalendar", "events[].event_id"
        return "action", "QueryCalendar", "events[].attendees[]"
    if t == "Calendar-Reminder-Weather-ModifyEvent-1":
        return "action", "QueryCalendar", "events[].event_id"
    if t == "Email-Reminder-Weather-SearchInbox-1":
        return "action", "SearchInbox", "emails[].sender"
    if t in ("Messages-Reminder-Weather-CompleteReminder-1", "Email-Messages-Reminder-SendEmail-2"):
        return "action", "GetReminders", "reminders[].reminder_id"
    if t == "Messages-Reminder-Weather-SearchMessage-2":
        if k == 3:  # the user asked for messages "about weather"
            return "user", None, None
        return "action", "SearchInbox", "emails[].receivers[]"
    if t == "golden_conversation_4":
        if a == "event_type":  # "event" is only a piece of the key "events"
            return "none", None, None
        if v == "ahhchiu":  # the user's own username, in the system message
            return "user", None, None
        if a == "attendees[]":
            return "action", "QueryCalendar", "events[].attendees[]"
        return "action", "QueryCalendar", f"events[].{a}"
    if t == "Calendar-Messages-Weather-SendMessage-1":
        return "action", "CreateEvent", "event_id"
    if t.startswith("airport_t01"):
        return "lookup", "search_web", None
    if t.startswith("logistics_t03"):
        if tool == "open_webpage" or (a == "endpoint_url" and "dochub" in v):
            return "lookup", "search_web", None
        return "lookup", "open_webpage", None
    raise SystemExit(f"no label for {c}")


if __name__ == "__main__":
    with open(HERE / "labels.jsonl", "w") as f:
        for c in candidates():
            lab, tool, path = label(c)
            f.write(json.dumps({**c, "label": lab, "producer_tool": tool, "producer_path": path}))
            f.write("\n")
