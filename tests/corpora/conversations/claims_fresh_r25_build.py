"""Rebuild ``claims_fresh_r25_traces.jsonl`` from git mirrors of four repositories.

Usage: ``python claims_fresh_r25_build.py GUANYI_GIT CCOZAD_GIT A2A_GIT`` (the git directories
of GuanyiLi-Craig/lang-graph-customer-service, ccozad/ml-reference-designs and
ezequiroga/a2a-bases).

Each source commits the printed record of real runs of an LLM assistant with tools (travel and
booking support): the user's turns, the assistant's texts and tool calls, and the tool results as
the run printed them. Each run becomes one OpenAI Chat trace: a user turn a ``user`` message, an
assistant text an ``assistant`` message, its tool calls a following ``assistant`` message with
``tool_calls``, each printed result a ``tool`` message answering the oldest call still open. Every
assistant text is an answer (``answers``), intermediate ones too. What the record does not print
(system prompts, results the run did not print, a push notification's content) is not added.

- LangGraph ``pretty_print`` runs (GuanyiLi-Craig, ccozad): ``Human Message`` / ``Ai Message`` /
  ``Tool Message`` blocks; an Anthropic message printed as its content list (``[{'text': ...},
  {'type': 'tool_use', ...}]``) gives its text parts and calls; ``Tool Calls:`` blocks give the
  calls of an OpenAI one. A human-in-the-loop approval prompt ("Do you approve of the above
  actions? ...") and the reply typed to it become a user message (the reply); the approved
  call's result and the text after it were not printed by these runs. GuanyiLi-Craig's run also
  prints its ``fetch_user_info`` node's query result before each turn ("fetch_user_flight_information
  result is [...]"), the flight record LangGraph's tutorial puts in the assistant's prompt: the first
  one is kept as a ``system`` message ("Current user flight information: ..."); its other debug
  prints ("search_flights query is", "Currently in:") are dropped.
- ezequiroga/a2a-bases prints LangGraph stream updates as Python reprs (``{'agent': {'messages':
  [AIMessage(...)]}}``, ``{'tools': {'messages': [ToolMessage(...)]}}``) between the user's
  ``👤 You:`` lines; the reprs are read with ``ast`` (calls as their keyword arguments). The push
  notification that starts the last answer (``🔍 External message``) is not printed: a user message
  "(external message: flight search results, not printed in the record)" stands for it, and the
  answer to it (a summary of flights whose every value only that notification held) stays in the
  trace but is not an answer (not labelled).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

GUANYI = (
    "GuanyiLi-Craig/lang-graph-customer-service",
    "d49f15b411e23c33b6f4c49f045732ed7abe86d3",
    "README.md",
)
CCOZAD = (
    "ccozad/ml-reference-designs",
    "be2b097eb9ce2350d88537ec0d6bdb0d15988623",
    "lang-graph/travel-agent/README.md",
)
A2A = ("ezequiroga/a2a-bases", "297faa715b7bb255a050fce660dc4ca29997a156", "chatbot_responses.md")

_HEADER = re.compile(r"^=+ (Human|Ai|Tool) Message =+$")
_APPROVE = "Do you approve of the above actions?"
_NOISE = re.compile(
    r"^(Currently in: .*|search_flights? (query|params|resutl|result) is .*|"
    r"fetch_user_flight_information (query|passenger_id) is.*)$"
)
_USER_INFO = re.compile(r"^fetch_user_flight_information result is (.*)$")
_SQL = re.compile(r"^\s+(SELECT|FROM|JOIN|WHERE|t\.|f\.|bp\.|tickets t|t\.passenger_id|$)")


def _git_show(git_dir: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


class _Trace:
    """Builds one OpenAI Chat message list, pairing each tool result with the oldest open call."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.answers: list[int] = []
        self.open: list[tuple[str, str]] = []
        self.count = 0

    def user(self, text: str) -> None:
        self.messages.append({"role": "user", "content": text})

    def system(self, text: str) -> None:
        self.messages.append({"role": "system", "content": text})

    def text(self, text: str, answer: bool = True) -> None:
        text = text.strip()
        if text:
            if answer:
                self.answers.append(len(self.messages))
            self.messages.append({"role": "assistant", "content": text})

    def calls(self, calls: list[tuple[str, str, Any]]) -> None:
        if not calls:
            return
        entries = []
        for call_id, name, args in calls:
            self.count += 1
            call_id = call_id or f"call_{self.count}"
            entries.append(
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
                }
            )
            self.open.append((call_id, name))
        self.messages.append({"role": "assistant", "content": None, "tool_calls": entries})

    def result(self, text: str, name: str | None = None) -> None:
        if not self.open:
            return
        index = 0
        if name is not None:
            index = next((i for i, (_, n) in enumerate(self.open) if n == name), 0)
        call_id, call_name = self.open.pop(index)
        self.messages.append(
            {"role": "tool", "tool_call_id": call_id, "name": call_name, "content": text.strip()}
        )

    def close_open(self) -> None:
        """Calls the record shows no result for stay unanswered (a new turn drops them)."""
        self.open.clear()


def _tool_calls_block(lines: list[str]) -> list[tuple[str, str, Any]]:
    calls: list[tuple[str, str, Any]] = []
    args: dict[str, str] = {}
    current: tuple[str, str] | None = None
    in_args = False
    for line in lines:
        head = re.match(r"^  (\w+) \(([\w-]+)\)$", line)
        if head:
            if current:
                calls.append((current[1], current[0], args))
            current, args, in_args = (head.group(1), head.group(2)), {}, False
            continue
        if line.strip() == "Args:":
            in_args = True
            continue
        if in_args:
            kv = re.match(r"^    (\w+): (.*)$", line)
            if kv:
                args[kv.group(1)] = kv.group(2)
    if current:
        calls.append((current[1], current[0], args))
    return calls


def pretty_print_run(text: str, keep_user_info: bool) -> _Trace:
    """One LangGraph ``pretty_print`` run (the text between its first header and the fence)."""
    trace = _Trace()
    blocks: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        match = _HEADER.match(line)
        if match:
            blocks.append((match.group(1), []))
        elif blocks:
            blocks[-1][1].append(line)
    seen_info = False
    for kind, lines in blocks:
        body: list[str] = []
        approvals: list[str] = []
        i = 0
        while i < len(lines):
            line = lines[i]
            info = _USER_INFO.match(line)
            if info:
                if keep_user_info and not seen_info:
                    seen_info = True
                    body.append("\x00INFO" + info.group(1))
                i += 1
                continue
            if _NOISE.match(line.strip()) or (body and _SQL.match(line) and kind == "Human"):
                i += 1
                continue
            if line.startswith(_APPROVE):
                # the reply typed to the approval prompt is the next non-empty line
                j = i + 1
                while j < len(lines) and not lines[j].strip():
                    j += 1
                if j < len(lines):
                    approvals.append(lines[j].strip())
                i = j + 1
                continue
            body.append(line)
            i += 1
        infos = [b[5:] for b in body if b.startswith("\x00INFO")]
        body = [b for b in body if not b.startswith("\x00INFO")]
        content = "\n".join(body).strip("\n")
        if kind == "Human":
            trace.close_open()
            trace.user(content.strip())
            for info in infos:
                trace.system(f"Current user flight information: {info}")
        elif kind == "Ai":
            if "Tool Calls:" in content:
                head, _, calls_text = content.partition("Tool Calls:")
            else:
                head, calls_text = content, ""
            head = head.strip()
            calls = _tool_calls_block(calls_text.splitlines())
            if head.startswith("[{") and head.endswith("}]"):
                parts = ast.literal_eval(head)
                for part in parts:
                    if part.get("type") == "text":
                        trace.text(part["text"])
                trace.calls(calls)
            else:
                trace.text(head)
                trace.calls(calls)
        else:
            name = None
            if content.startswith("Name: "):
                first, _, content = content.partition("\n")
                name = first[len("Name: ") :].strip()
            trace.result(content, name)
        for reply in approvals:
            trace.close_open()
            trace.user(reply)
    return trace


def guanyi(git_dir: str) -> list[tuple[str, _Trace]]:
    text = _git_show(git_dir, GUANYI[1], GUANYI[2])
    start = text.index("================================ Human Message")
    end = text.index("```", start)
    return [("guanyi/part4", pretty_print_run(text[start:end], keep_user_info=True))]


def ccozad(git_dir: str) -> list[tuple[str, _Trace]]:
    text = _git_show(git_dir, CCOZAD[1], CCOZAD[2])
    runs = []
    for heading, name in (
        ("## Zero shot agent", "zero_shot"),
        ("## Confirmation agent", "confirmation"),
        ("## Smart confirm agent", "smart_confirm"),
    ):
        start = text.index(heading)
        start = text.index("================================ Human Message", start)
        end = text.index("```", start)
        runs.append((f"ccozad/{name}", pretty_print_run(text[start:end], keep_user_info=False)))
    return runs


def _node(node: ast.AST) -> Any:
    """A repr's value: calls become the dict of their keyword arguments, names their text."""
    if isinstance(node, ast.Call):
        return {kw.arg: _node(kw.value) for kw in node.keywords if kw.arg}
    if isinstance(node, ast.Dict):
        return {_node(k): _node(v) for k, v in zip(node.keys, node.values, strict=True) if k}
    if isinstance(node, ast.List | ast.Tuple):
        return [_node(e) for e in node.elts]
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return node.id
    return ast.unparse(node)


def a2a(git_dir: str) -> list[tuple[str, _Trace]]:
    text = _git_show(git_dir, A2A[1], A2A[2])
    start = text.index("👤 You: What are the pending")
    end = text.index("```", start)
    trace = _Trace()
    external = False
    for line in text[start:end].splitlines():
        if line.startswith("👤 You:"):
            said = line[len("👤 You:") :].strip().strip('"')
            trace.close_open()
            if said and said != "quit":
                trace.user(said)
            elif said == "quit":
                trace.user("quit")
            continue
        if line.startswith("🔍 External message"):
            trace.user("(external message: flight search results, not printed in the record)")
            external = True
            continue
        if not line.startswith("{'agent'") and not line.startswith("{'tools'"):
            continue
        update = _node(ast.parse(line, mode="eval").body)
        for value in update.values():
            for message in value["messages"]:
                if "tool_call_id" in message:
                    trace.result(str(message["content"]), message.get("name"))
                    continue
                content = message["content"]
                calls = [(c["id"], c["name"], c["args"]) for c in message.get("tool_calls") or []]
                # the answer to the unprinted push notification is kept but not labelled
                if isinstance(content, str):
                    trace.text(content, answer=not external)
                else:
                    for part in content:
                        if part.get("type") == "text":
                            trace.text(part["text"], answer=not external)
                trace.calls(calls)
                external = False
    return [("a2a/chatbot", trace)]


def main(argv: list[str]) -> None:
    if len(argv) != 4:
        raise SystemExit(__doc__)
    out = Path(__file__).with_name("claims_fresh_r25_traces.jsonl")
    rows = []
    for (repo, commit, path), runs in (
        (GUANYI, guanyi(argv[1])),
        (CCOZAD, ccozad(argv[2])),
        (A2A, a2a(argv[3])),
    ):
        for name, trace in runs:
            rows.append(
                {
                    "id": name,
                    "source": repo,
                    "commit": commit,
                    "path": path,
                    "answers": trace.answers,
                    "messages": trace.messages,
                }
            )
    with out.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} traces, {sum(len(r['answers']) for r in rows)} answers -> {out.name}")


if __name__ == "__main__":
    main(sys.argv)
