"""Candidate projections of a Shopify Admin GraphQL `orders` page: `edges[].node` at two
levels, money as decimal strings with a currency code (`shopMoney.amount` "49.95"), an
uppercase financial status that is "PAID" in every order of the page, tracking numbers
such as `QB0667623375`, and no order id in the query's selection.

HELD OUT: written after the issue-15 fixes, with its expected verdicts committed before
projeval was first run on it. Planted problems are marked PLANTED.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any


def _minor(amount: str) -> int:
    return int(Decimal(amount) * 100)


def _nodes(conn: dict[str, Any]) -> list[dict[str, Any]]:
    return [e["node"] for e in conn["edges"]]


def flat_minor(doc: dict[str, Any]) -> dict[str, Any]:
    """Carries every field, transformed without loss: money in minor units (pence), the
    status in lower case, the GraphQL edges flattened."""
    conn = doc["data"]["orders"]
    return {
        "orders": [
            {
                "created": n["createdAt"],
                "status": n["displayFinancialStatus"].lower(),
                "total_minor": _minor(n["totalPriceSet"]["shopMoney"]["amount"]),
                "currency": n["totalPriceSet"]["shopMoney"]["currencyCode"],
                "tax_minor": _minor(n["totalTaxSet"]["shopMoney"]["amount"]),
                "tracking": [
                    t["number"] for f in n.get("fulfillments", []) for t in f["trackingInfo"]
                ],
                "items": [
                    {
                        "name": i["name"],
                        "sku": i["sku"],
                        "qty": i["quantity"],
                        "total_minor": _minor(i["discountedTotalSet"]["shopMoney"]["amount"]),
                    }
                    for i in _nodes(n["lineItems"])
                ],
            }
            for n in _nodes(conn)
        ],
        "has_more": conn["pageInfo"]["hasNextPage"],
    }


def md_table(doc: dict[str, Any]) -> str:
    """PLANTED: a Markdown table; the date only (day), totals rounded to whole pounds, the
    status as a paid/unpaid mark (a comparison), item names cut to 20 characters, the
    quantities summed per order; tax, tracking and the page flag dropped."""
    rows = ["| Date | Paid | Total | Items | Qty |", "|---|---|---|---|---|"]
    for n in _nodes(doc["data"]["orders"]):
        items = _nodes(n["lineItems"])
        paid = "yes" if n["displayFinancialStatus"] == "PAID" else "no"
        total = round(float(n["totalPriceSet"]["shopMoney"]["amount"]))
        names = ", ".join(i["name"][:20] for i in items)
        qty = sum(i["quantity"] for i in items)
        cur = n["totalPriceSet"]["shopMoney"]["currencyCode"]
        rows.append(f"| {n['createdAt'][:10]} | {paid} | {total} {cur} | {names} | {qty} |")
    return "\n".join(rows)


def first_items(doc: dict[str, Any]) -> dict[str, Any]:
    """PLANTED: only the first line item of each order (no marker), the first tracking
    number only; created to the minute; everything else as it comes."""
    out = []
    for n in _nodes(doc["data"]["orders"]):
        first = _nodes(n["lineItems"])[:1]
        tracking = [t["number"] for f in n.get("fulfillments", []) for t in f["trackingInfo"]]
        out.append(
            {
                "created": n["createdAt"][:16],
                "status": n["displayFinancialStatus"],
                "total": n["totalPriceSet"]["shopMoney"]["amount"],
                "currency": n["totalPriceSet"]["shopMoney"]["currencyCode"],
                "tax": n["totalTaxSet"]["shopMoney"]["amount"],
                "tracking": tracking[:1],
                "items": [{"name": i["name"], "qty": i["quantity"]} for i in first],
            }
        )
    return {"orders": out, "has_more": doc["data"]["orders"]["pageInfo"]["hasNextPage"]}
