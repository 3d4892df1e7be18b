"""Candidate projections of Stripe's `GET /v1/invoices` list (amounts in minor units, epoch times,
`customer` a string id or, with `expand[]=data.customer`, the whole customer object).

Planted problems are marked PLANTED; the expected verdicts are in ../expected.yaml.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

STATUS_LABELS = {
    "draft": "Draft",
    "open": "Awaiting payment",
    "paid": "Paid",
    "uncollectible": "Uncollectible",
    "void": "Void",
}


def _minute(epoch: int) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%MZ")


def _customer_id(value: Any) -> Any:
    return value["id"] if isinstance(value, dict) else value


def iso_minutes(page: dict[str, Any]) -> dict[str, Any]:
    """PLANTED (not a loss for the questions): epoch times shown as ISO minutes;
    period_end and the line ids are dropped."""
    return {
        "invoices": [
            {
                "id": inv["id"],
                "customer": _customer_id(inv["customer"]),
                "created": _minute(inv["created"]),
                "status": inv["status"],
                "amount_remaining": inv["amount_remaining"],
                "amount_due": inv["amount_due"],
                "currency": inv["currency"],
                "lines": [
                    {
                        "description": line["description"],
                        "amount": line["amount"],
                        "period_end": _minute(line["period"]["end"]),
                    }
                    for line in inv["lines"]["data"]
                ],
            }
            for inv in page["data"]
        ]
    }


def whole_units(page: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: amounts to whole units (// 100), status mapped through a dict, created cut to
    the day, an expanded customer object dropped, lines dropped."""
    return {
        "invoices": [
            {
                "id": inv["id"],
                "customer": inv["customer"] if isinstance(inv["customer"], str) else None,
                "status": STATUS_LABELS[inv["status"]],
                "due": inv["amount_remaining"] // 100,
                "billed": inv["amount_due"] // 100,
                "created": datetime.fromtimestamp(inv["created"], UTC).date().isoformat(),
            }
            for inv in page["data"]
        ]
    }


def short_customer(page: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: customer ids shortened to 8 characters, line descriptions cut to 20,
    status and times dropped."""
    return {
        "invoices": [
            {
                "id": inv["id"],
                "customer": str(_customer_id(inv["customer"]))[:8],
                "amount_due": inv["amount_due"],
                "lines": [
                    {"description": line["description"][:20], "amount": line["amount"]}
                    for line in inv["lines"]["data"]
                ],
            }
            for inv in page["data"]
        ]
    }
