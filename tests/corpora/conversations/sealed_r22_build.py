"""Rebuild the unlabelled rows of sealed round 22 from its two sources.

Usage: ``python sealed_r22_build.py TICKETWORLD_GIT GN57_TEST GN57_VALIDATION OUT_DIR``.

- ``TICKETWORLD_GIT``: a clone (or ``fetch`` mirror) of nickcdryan/ticketworld. Two committed
  versions of ``assets/support_tickets.json`` are read (``TICKETWORLD_COMMITS``): LLM-written
  customer e-mails to an electronics shop and the LLM support agent's resolution, whose
  ``policy_reasoning`` is the agent's text about the customer's case. Each ticket's customer, order
  and ordered products, from ``assets/customer_database.json`` at the same commit, are the records
  the agent read: they are the message row's ``latest_result``.
- ``GN57_TEST``: ``gn57-ux_customer-service-test-80.dialogues.json``, the 80 dialogues of
  gn57-ux/qwen-customer-service-agent's ``datasets/customer-service-test-80.json`` (commit
  ``GN57_FILES[0]``) in their order, each a list of ``[role, content]`` (system prompts left out);
  ``GN57_VALIDATION``: ``gn57-ux_customer-service-validation-80.first20.dialogues.json``, the first
  20 dialogues (by place) of ``datasets/customer-service-validation-80.json`` (``GN57_FILES[1]``),
  the same way. The repository has no snapshot to fetch; both files were read through the search
  index's ``read_file`` at those commits and copied by hand to ``/work/notes/sealed22_src/``.
  Chinese after-sales dialogues of a home-appliance shop's service assistant, some with the order
  system's result (``observation``).

Writes ``hedges_draft.jsonl`` and ``turns_draft.jsonl`` to OUT_DIR: the rows of
``hedges_sealed_r22.jsonl`` and ``turns_sealed_r22.jsonl`` without their labels (``hedge``,
``label``, ``note`` were written by hand afterwards). Every Chinese message and turn of the two
copies is taken;
English tickets are drawn by a fixed seed from their places in the files, never by their words,
until the round has ``TOTAL`` rows of each kind. A text that a row of another file of this folder
holds is dropped (round 21's and 22's sealed files are not read).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

TICKETWORLD = "nickcdryan/ticketworld"
#: The two full generations of the ticket set (120 and 100 tickets; the first replaced the second).
TICKETWORLD_COMMITS = (
    "fc66fc023ee9308aa006fccde7a3b51a24563957",
    "b72887eaa441142bf9fe507e07532208c2df5c96",
)
TICKETS = "assets/support_tickets.json"
DATABASE = "assets/customer_database.json"
GN57 = "gn57-ux/qwen-customer-service-agent"
#: (path, commit) of the two files the Chinese rows come from, in the order they are read.
GN57_FILES = (
    ("datasets/customer-service-test-80.json", "30ad45c068fa003d38604ef819ea01e42295880f"),
    ("datasets/customer-service-validation-80.json", "8eec225ffed0b2c6559067f6905c89263cba9e07"),
)
SEED = 22
TOTAL = 300
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> str:
    """A file's text at a commit."""
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


def known_texts() -> set[str]:
    """Texts the other files of this folder hold (round 21's and 22's sealed files unread)."""
    seen: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if "sealed_r21" in path.name or "sealed_r22" in path.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    seen.add(text.strip())
    return seen


def chinese_rows(copies: tuple[str, str], seen: set[str]) -> tuple[list[dict], list[dict]]:
    """Every assistant message and user turn of the Chinese dialogues, in order."""
    messages: list[dict] = []
    turns: list[dict] = []
    for copy, (gn57_path, commit) in zip(copies, GN57_FILES, strict=True):
        dialogues = json.loads(Path(copy).read_text(encoding="utf-8"))
        base = {"source": GN57, "commit": commit, "lang": "zh"}
        add_dialogues(dialogues, gn57_path, base, seen, messages, turns)
    return messages, turns


def add_dialogues(
    dialogues: list[list[list[str]]],
    gn57_path: str,
    base: dict,
    seen: set[str],
    messages: list[dict],
    turns: list[dict],
) -> None:
    """Append one file's assistant messages and user turns to ``messages`` and ``turns``."""
    for d, dialogue in enumerate(dialogues):
        latest = ""
        previous = ""
        for m, (role, content) in enumerate(dialogue):
            # +1: the file's own message list opens with the system prompt, left out here.
            place = f"{gn57_path}#{d}/{m + 1}"
            text = content.strip()
            if role == "observation":
                latest = text
            elif role == "assistant":
                if text not in seen:
                    seen.add(text)
                    messages.append(
                        {
                            "id": f"s22-cs-{len(messages):03d}",
                            **base,
                            "path": place,
                            "kind": "message",
                            "text": text,
                            "latest_result": latest,
                        }
                    )
                previous = text
            elif role == "user" and text not in seen:
                seen.add(text)
                turns.append(
                    {
                        "id": f"s22-cs-t{len(turns):03d}",
                        **base,
                        "path": place,
                        "text": text,
                        "previous": previous,
                        "asked": previous.endswith(("?", "？")),
                    }
                )


def ticket_record(database: dict, ticket: dict) -> str:
    """The customer, order and ordered products the ticket names, as compact JSON."""
    customer = next(
        (c for c in database["customers"] if c["customer_id"] == ticket.get("customer_id")), None
    )
    order = next((o for o in database["orders"] if o["order_id"] == ticket.get("order_id")), None)
    wanted = {i["product_id"] for i in (order or {}).get("items", [])}
    products = [p for p in database["products"] if p["product_id"] in wanted]
    record = {"customer": customer, "order": order, "products": products}
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def english_rows(
    git: str, seen: set[str], want_messages: int, want_turns: int
) -> tuple[list[dict], list[dict]]:
    """Tickets drawn by the seed: the e-mail a turn row, the agent's reasoning a message row."""
    items: list[tuple[str, int, dict, dict]] = []
    for commit in TICKETWORLD_COMMITS:
        tickets = json.loads(show(git, commit, TICKETS))
        database = json.loads(show(git, commit, DATABASE))
        items += [(commit, i, t, database) for i, t in enumerate(tickets)]
    order = list(range(len(items)))
    random.Random(SEED).shuffle(order)
    messages: list[dict] = []
    turns: list[dict] = []
    for index in order:
        commit, i, ticket, database = items[index]
        base = {"source": TICKETWORLD, "commit": commit, "lang": "en"}
        body = (ticket.get("body") or "").strip()
        reasoning = ((ticket.get("resolution_plan") or {}).get("policy_reasoning") or "").strip()
        if len(turns) < want_turns and body and body not in seen:
            seen.add(body)
            turns.append(
                {
                    "id": f"s22-tw-t{len(turns):03d}",
                    **base,
                    "path": f"{TICKETS}#{i}/body",
                    "text": body,
                    "previous": "",
                    "asked": False,
                }
            )
        if len(messages) < want_messages and reasoning and reasoning not in seen:
            seen.add(reasoning)
            messages.append(
                {
                    "id": f"s22-tw-{len(messages):03d}",
                    **base,
                    "path": f"{TICKETS}#{i}/resolution_plan/policy_reasoning",
                    "kind": "message",
                    "text": reasoning,
                    "latest_result": ticket_record(database, ticket),
                }
            )
    return messages, turns


def main(ticketworld_git: str, gn57_test: str, gn57_validation: str, out_dir: str) -> None:
    """Write the draft rows of the two sources."""
    seen = known_texts()
    zh_messages, zh_turns = chinese_rows((gn57_test, gn57_validation), seen)
    en_messages, en_turns = english_rows(
        ticketworld_git, seen, TOTAL - len(zh_messages), TOTAL - len(zh_turns)
    )
    out = Path(out_dir)
    for name, data in (
        ("hedges_draft.jsonl", en_messages + zh_messages),
        ("turns_draft.jsonl", en_turns + zh_turns),
    ):
        (out / name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in data), encoding="utf-8"
        )


if __name__ == "__main__":
    main(*sys.argv[1:5])
