"""Candidate projections of Duffel's orders list (the JavaScript SDK's fixtures, camelCase):
amounts as decimal strings ("87.90") with a currency, local times without a zone,
ISO 8601 durations ("PT2H45M"), a cabin enum, baggage counts by type, 6-letter booking
references (`RTEMPK`, with no digit) and prefixed ids (`ord_…`, `pas_…`).

HELD OUT: written after the issue-15 fixes, with its expected verdicts committed before
projeval was first run on it. Planted problems are marked PLANTED.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import Any

CABINS = {
    "economy": "Economy",
    "premium_economy": "Premium Economy",
    "business": "Business",
    "first": "First",
}


def _minutes(duration: str) -> int:
    match = re.fullmatch(r"PT(?:(\d+)H)?(?:(\d+)M)?", duration)
    if match is None:
        raise ValueError(duration)
    return int(match.group(1) or 0) * 60 + int(match.group(2) or 0)


def _segments(order: dict[str, Any]) -> list[dict[str, Any]]:
    return [seg for sl in order["slices"] for seg in sl["segments"]]


def trip_cards(page: dict[str, Any]) -> dict[str, Any]:
    """Carries everything the questions need, transformed without loss: durations in
    minutes, cabin labels through a dict, bags counted by type, the payment flag as words."""
    cards = []
    for o in page["data"]:
        flights = []
        for seg in _segments(o):
            for sp in seg["passengers"]:
                bags = sp["baggages"]
                flights.append(
                    {
                        "flight": seg["marketingCarrier"]["iataCode"]
                        + seg["marketingCarrierFlightNumber"],
                        "from": seg["origin"]["iataCode"],
                        "to": seg["destination"]["iataCode"],
                        "departs": seg["departingAt"],
                        "minutes": _minutes(seg["duration"]),
                        "cabin": CABINS[sp["cabinClass"]],
                        "checked_bags": sum(b["quantity"] for b in bags if b["type"] == "checked"),
                        "carry_on": sum(b["quantity"] for b in bags if b["type"] == "carry_on"),
                    }
                )
        cards.append(
            {
                "order_id": o["id"],
                "ref": o["bookingReference"],
                "price": f"{o['totalAmount']} {o['totalCurrency']}",
                "created": o["createdAt"],
                "payment": "awaiting payment" if o["paymentStatus"]["awaitingPayment"] else "paid",
                "pay_by": o["paymentStatus"]["paymentRequiredBy"],
                "passengers": [
                    {"id": p["id"], "name": f"{p['familyName']}, {p['givenName']}"}
                    for p in o["passengers"]
                ],
                "flights": flights,
            }
        )
    return {"orders": cards}


def booking_table(page: dict[str, Any]) -> str:
    """PLANTED: a Markdown table of the first two orders only (no marker), departures cut to
    the day, prices rounded to whole units, durations rounded to the hour; order ids and
    passenger ids dropped."""
    rows = ["| Ref | Passenger | Flight | Departs | Length | Price |", "|---|---|---|---|---|---|"]
    for o in page["data"][:2]:
        for seg in _segments(o):
            name = ", ".join(p["familyName"] for p in o["passengers"])
            hours = round(_minutes(seg["duration"]) / 60)
            day = datetime.fromisoformat(seg["departingAt"]).date().isoformat()
            price = round(float(o["totalAmount"]))
            flight = seg["marketingCarrier"]["iataCode"] + seg["marketingCarrierFlightNumber"]
            rows.append(
                f"| {o['bookingReference']} | {name} | {flight} | {day} | ~{hours}h "
                f"| {price} {o['totalCurrency']} |"
            )
    return "\n".join(rows)


def passenger_map(page: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: passengers keyed by their id (ids as map keys: carried); the segment's
    passenger id shortened to 8 characters; created cut to the minute; the total in minor
    units (pence: no loss)."""
    out = []
    for o in page["data"]:
        out.append(
            {
                "order_id": o["id"],
                "created": o["createdAt"][:16],
                "total_minor": int(Decimal(o["totalAmount"]) * 100),
                "currency": o["totalCurrency"],
                "passengers": {
                    p["id"]: f"{p['givenName']} {p['familyName']}" for p in o["passengers"]
                },
                "seats": [
                    {
                        "passenger": sp["passengerId"][:8],
                        "flight": seg["marketingCarrierFlightNumber"],
                    }
                    for seg in _segments(o)
                    for sp in seg["passengers"]
                ],
            }
        )
    return {"orders": out}
