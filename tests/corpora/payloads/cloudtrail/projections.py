"""Candidate projections of AWS CloudTrail's `LookupEvents` result, whose `CloudTrailEvent` is
the whole event as a JSON document inside a string.

Planted problems are marked PLANTED; the expected verdicts are in ../expected.yaml.
"""

from __future__ import annotations

import json
from typing import Any


def parsed(result: dict[str, Any]) -> dict[str, Any]:
    """The inner event parsed; MFA compared to "Yes" (a yes/no string); the role dropped."""
    events = []
    for e in result["Events"]:
        inner = json.loads(e["CloudTrailEvent"])
        events.append(
            {
                "id": e["EventId"],
                "name": e["EventName"],
                "time": e["EventTime"],
                "user": e["Username"],
                "ip": inner["sourceIPAddress"],
                "region": inner["awsRegion"],
                "mfa": inner.get("additionalEventData", {}).get("MFAUsed") == "Yes",
                "result": (inner.get("responseElements") or {}).get("ConsoleLogin"),
            }
        )
    return {"events": events}


def brief(result: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: one line per event with the time cut to the day, the event id dropped and only
    the first 8 characters of the inner eventID kept; ip, region and result dropped."""
    events = []
    for e in result["Events"]:
        inner = json.loads(e["CloudTrailEvent"])
        mfa = inner.get("additionalEventData", {}).get("MFAUsed")
        events.append(
            {
                "event": f"{e['EventName']} by {e['Username']} on {e['EventTime'][:10]}",
                "mfa": "no" if mfa == "No" else "yes",
                "ref": inner["eventID"][:8],
            }
        )
    return {"events": events}
