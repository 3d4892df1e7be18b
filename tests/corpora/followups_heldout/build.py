"""Turn the copied sources under ``source/`` into OpenAI Chat conversations (``conversations.jsonl``).

Run ``python tests/corpora/followups_heldout/build.py`` after changing a source. The conversion
is mechanical and keeps every value as the source has it:

- LangGraph's customer-support tutorial (``source/langgraph``): the printed output of one
  notebook cell per part, split at its ``==== Human/Ai/Tool Message ====`` rules. An AI
  message's text parts become the assistant's content and its ``tool_use`` parts (the
  printed Python list) its tool calls, with the source's ids; a tool message (``Name: X``,
  then the result as printed, cut at 1500 characters by the tutorial itself) answers the
  earliest unanswered call of that name. A call whose printed message was cut keeps its id
  (found in the text), takes the name of the tool message answering it, and has no
  arguments (they were cut). A tool message printed without a name (part 4's hand-overs
  between assistants) answers the latest unanswered call; when that call was cut, the
  ``Resuming dialog with the host assistant`` text names it ``CompleteOrEscalate`` (the
  tutorial writes that text only as that tool's answer). The approval prompts and their ``y``, and the
  ``Currently in:`` lines, are not messages (the tutorial's console, not the conversation).
- The dialogue generator's runs (``source/dialogue-generator``): the system agent's transcript.
  An assistant message's last line is its action: ``say("...")`` becomes the assistant's
  text, any other ``name(arg=value, ...)`` one tool call (id ``call_<n>``) answered by the
  ``tool`` message that follows it.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent

_RULE = re.compile(r"^=+ (Human|Ai|Tool) Message =+$", re.M)
_CONSOLE = re.compile(
    r"^Do you approve of the above actions\?.*\n\n [^\n]*\n?|^Currently in: .*\n?", re.M
)


def _call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": cid,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }


def _name(messages: list[dict[str, Any]], cid: str, name: str) -> None:
    for m in messages:
        for tc in m.get("tool_calls") or []:
            if tc["id"] == cid:
                tc["function"]["name"] = name


def langgraph(path: Path) -> dict[str, Any]:
    text = _CONSOLE.sub("", path.read_text())
    parts = _RULE.split(text)[1:]
    messages: list[dict[str, Any]] = []
    pending: list[tuple[str, str]] = []  # (call id, tool name) not answered yet
    for kind, body in zip(parts[::2], parts[1::2], strict=True):
        body = body.strip("\n")
        if kind == "Human":
            messages.append({"role": "user", "content": body})
        elif kind == "Ai":
            head = body.split("\nTool Calls:\n")[0]
            try:
                items = ast.literal_eval(head)
            except (ValueError, SyntaxError):
                items = head
            if isinstance(items, str):  # printed text, or a list cut at 1500 characters
                cut = re.findall(r"'id': '(toolu_\w+)', 'input'", items)
                message = {"role": "assistant", "content": items}
                if cut:  # the name follows the cut: the answering tool message gives it
                    message["tool_calls"] = [_call(c, "", {}) for c in cut]
                    pending += [(c, "") for c in cut]
                messages.append(message)
                continue
            content = "".join(i["text"] for i in items if i["type"] == "text") or None
            calls = [
                _call(i["id"], i["name"], i["input"]) for i in items if i["type"] == "tool_use"
            ]
            message: dict[str, Any] = {"role": "assistant", "content": content}
            if calls:
                message["tool_calls"] = calls
                pending += [(c["id"], c["function"]["name"]) for c in calls]
            messages.append(message)
        else:
            first, _, result = body.partition("\n")
            if not first.startswith("Name: "):  # a hand-over message: the latest call's answer
                cid, was = pending.pop()
                if not was and body.startswith("Resuming dialog with the host assistant"):
                    _name(messages, cid, "CompleteOrEscalate")  # the tutorial's only writer of it
                messages.append({"role": "tool", "tool_call_id": cid, "content": body})
                continue
            name = first.removeprefix("Name: ")
            cid, was = next((c, n) for c, n in pending if n in (name, ""))
            pending.remove((cid, was))
            _name(messages, cid, name)  # a cut call takes the name of the tool answering it
            messages.append({"role": "tool", "tool_call_id": cid, "content": result.strip("\n")})
    return {"id": f"langgraph/{path.stem}", "messages": messages}


def _action(line: str) -> tuple[str, dict[str, Any]] | None:
    try:
        node = ast.parse(line.strip(), mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    args = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
    for i, a in enumerate(node.args):
        args[f"arg{i}"] = ast.literal_eval(a)
    return node.func.id, args


def dialogue_generator(doc: dict[str, Any]) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    n = 0
    for m in doc["system_transcript"]:
        if m["role"] != "assistant":
            out = {"role": m["role"], "content": m["content"]}
            if m["role"] == "tool":
                out["tool_call_id"] = f"call_{n}"
            messages.append(out)
            continue
        line = m["content"].strip().splitlines()[-1]
        action = _action(line)
        if action is None or action[0] == "say":
            said = action[1].get("arg0") if action else None
            messages.append({"role": "assistant", "content": said or m["content"]})
            continue
        n += 1
        messages.append(
            {"role": "assistant", "content": None, "tool_calls": [_call(f"call_{n}", *action)]}
        )
    return {"id": f"dialogue-generator/{doc['scenario']}", "messages": messages}


def build() -> list[dict[str, Any]]:
    """Every source conversation, converted, in file-name order."""
    out = [langgraph(p) for p in sorted((HERE / "source/langgraph").glob("*.txt"))]
    out += [
        dialogue_generator(json.loads(p.read_text()))
        for p in sorted((HERE / "source/dialogue-generator").glob("*_*.json"))
    ]
    return out


if __name__ == "__main__":
    with open(HERE / "conversations.jsonl", "w") as f:
        for conv in build():
            f.write(json.dumps(conv, ensure_ascii=False) + "\n")
