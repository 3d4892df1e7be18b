"""The labels of the candidate follow-ups, as rules over the conversations (written by hand
after reading each conversation; see README.md for the guideline). Writes ``labels.jsonl``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from candidates import candidates

HERE = Path(__file__).parent

FLIGHT = "fetch_user_flight_information"
# Tools that change something (the tutorial's bookings, updates and hand-overs to the
# booking assistants; the generator's booking tool): a value they pass on is an action.
WRITES = {
    "update_ticket_to_new_flight",
    "update_car_rental",
    "BookHotel",
    "BookCarRental",
    "BookExcursion",
    "make_event_booking",
}
# Dates the agent picked itself (a stay's end, a widened search window) that a flight list
# holds only because it lists a flight on that day: chance.
CHANCE = {
    ("run1_part1", "2024-05-07"),
    ("run1_part3", "2024-05-05"),
    ("run1_part4", "2024-05-01"),
}


def langgraph(t: str, k: int, a: str, v: str, tool: str) -> tuple[str, str | None, str | None]:
    if v == "Basel":  # the agent's own word for BSL: results hold it as its search's echo
        return "echo", None, None
    if t == "run1_part4" and v == "Midscale":  # the hotel tier the agent chose at call 7
        return "echo", None, None
    if v == "2024-04-30":  # "I want to leave later today": the user's day, in words
        return "user", None, None
    if v == "museum":  # "i like the museums"
        return "user", None, None
    if (t, v) in CHANCE:
        return "none", None, None
    if a in ("departure_airport", "arrival_airport"):  # CDG and BSL, the ticket's airports
        return "lookup", FLIGHT, f"[].{a}"
    if a == "ticket_no":
        return "action", FLIGHT, "[].ticket_no"
    # The tutorial printed its flight lists cut at 1500 characters (" ... (truncated)"):
    # no longer JSON, so the values they give have no JSON path.
    if a == "new_flight_id":
        return "action", "search_flights", None
    if v in ("Midscale", "Upscale"):  # the agent's own tier word, inside "Upper Midscale"
        return "none", None, None
    if a == "price_tier":  # a tier name as the last search listed it
        producer = "search_car_rentals" if tool == "search_car_rentals" else "search_hotels"
        return "lookup", producer, "[].price_tier"
    if a in ("checkin_date", "start_date"):  # the day of the flight the user took
        return "action" if tool in WRITES else "lookup", "search_flights", None
    raise SystemExit(f"no label for {t} {k} {a} {v}")


def dialogue_generator(
    t: str, k: int, a: str, v: str, tool: str
) -> tuple[str, str | None, str | None]:
    if v in ("HM001", "W001"):  # ids of a hotel / place the last search listed
        path = "hotels[].hotel_id" if v == "HM001" else "places[].place_id"
        return "lookup", "search_hotels" if v == "HM001" else "search_places", path
    if v == "FL456":
        return "action", "search_flights", "flights[].flight_id"
    if v == "The Siem Reap Hostel":  # a search listed it before the user named it
        return "action", "search_places", "place_results[].name"
    if v in ("2025-03-15", "internet reliability", "Bangkok, Thailand"):
        return "echo", None, None  # the agent's own earlier argument, repeated by results
    # Cities, countries, cabin, budget and keywords the user typed first.
    return "user", None, None


def label(c: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """``(label, producer tool, producer path)`` of one candidate."""
    source, t = c["trace"].split("/")
    rule = langgraph if source == "langgraph" else dialogue_generator
    return rule(t, c["call"], c["argument"], c["value"], c["tool"])


if __name__ == "__main__":
    with open(HERE / "labels.jsonl", "w") as f:
        for c in candidates():
            lab, tool, path = label(c)
            f.write(json.dumps({**c, "label": lab, "producer_tool": tool, "producer_path": path}))
            f.write("\n")
