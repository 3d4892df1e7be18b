"""Candidate projections of Amadeus' flight order (`GET /v1/booking/flight-orders/{id}`): one
record with nested lists, and `dictionaries.locations` keyed by airport code.

Planted problems are marked PLANTED; the expected verdicts are in ../expected.yaml.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any


def _segments(order: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        seg
        for offer in order["data"]["flightOffers"]
        for itinerary in offer["itineraries"]
        for seg in itinerary["segments"]
    ]


def itinerary(order: dict[str, Any]) -> dict[str, Any]:
    """Ids kept with the country resolved beside each arrival airport; departures to the
    minute; traveller types lower-cased; the airports listed from the dictionary's keys."""
    data = order["data"]
    locations = order["dictionaries"]["locations"]
    offer = data["flightOffers"][0]
    return {
        "order": data["id"],
        "booking": [r["reference"] for r in data["associatedRecords"]],
        "segments": [
            {
                "flight": seg["carrierCode"] + seg["number"],
                "from": seg["departure"]["iataCode"],
                "to": seg["arrival"]["iataCode"],
                "to_country": locations.get(seg["arrival"]["iataCode"], {}).get("countryCode"),
                "departs": seg["departure"]["at"][:16],
            }
            for seg in _segments(order)
        ],
        "total": f"{offer['price']['grandTotal']} {offer['price']['currency']}",
        "travelers": [
            {"name": t["name"]["lastName"], "type": p["travelerType"].lower()}
            for t, p in zip(data["travelers"], offer["travelerPricings"], strict=False)
        ],
        "airports": sorted(locations),
    }


def short_refs(order: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: the order id shortened to 8 characters, departures cut to the day, the total
    rounded to whole units, arrival airports as bare codes, countries and travellers dropped."""
    data = order["data"]
    offer = data["flightOffers"][0]
    route = " / ".join(
        "→".join(
            [it["segments"][0]["departure"]["iataCode"]]
            + [s["arrival"]["iataCode"] for s in it["segments"]]
        )
        for it in offer["itineraries"]
    )
    return {
        "order": data["id"][:8],
        "booking": data["associatedRecords"][0]["reference"],
        "route": route,
        "dates": [
            datetime.fromisoformat(seg["departure"]["at"]).strftime("%d %b")
            for seg in _segments(order)
        ],
        "total": round(float(offer["price"]["grandTotal"])),
    }


#: Amadeus' ticketing options, as this projection words them.
TICKETING = {
    "CONFIRM": "ticketed at once",
    "DELAY_TO_QUEUE": "queued for ticketing",
    "DELAY_TO_CANCEL": "cancelled unless ticketed",
}


def ticketing(order: dict[str, Any]) -> dict[str, Any]:
    """The ticketing agreement as a sentence: the option mapped through a dict (no loss), the
    delay kept; traveller types kept. PLANTED for projeval: the order holds one option
    (DELAY_TO_CANCEL), and a made-up option raises KeyError."""
    data = order["data"]
    agreement = data["ticketingAgreement"]
    return {
        "order": data["id"],
        "ticketing": f"{TICKETING[agreement['option']]} within {agreement['delay']}",
        "travelers": [p["travelerType"] for p in data["flightOffers"][0]["travelerPricings"]],
    }
