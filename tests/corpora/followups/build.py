"""Turn the copied sources under ``source/`` into OpenAI Chat conversations (``conversations.jsonl``).

Run ``python tests/corpora/followups/build.py`` after changing a source. The conversion is
mechanical and keeps every value as the source has it:

- ToolTalk (``source/tooltalk``): the conversation's ``metadata`` becomes the system message
  (ToolTalk gives it to the model so); each ``apis[i]`` becomes an assistant message with one
  tool call (arguments as a JSON string, id ``call_<turn>_<i>``) and a ``tool`` message holding
  the response as JSON, or ``Error: <exception>`` when the API raised; the turn's ``text``
  follows as the assistant's answer.
- AgentDojo run files (``source/agentdojo-luna``): ``tool_calls[i].function`` / ``args`` become
  OpenAI ``function.name`` / ``function.arguments``; text parts become strings; a tool message
  whose ``error`` is set holds ``Error: <error>``.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent


def tooltalk(doc: dict) -> dict:
    meta = doc["metadata"]
    system = "; ".join(f"{k}: {v}" for k, v in meta.items())
    messages: list[dict] = [{"role": "system", "content": f"User metadata: {system}"}]
    for turn in doc["conversation"]:
        if turn["role"] == "user":
            messages.append({"role": "user", "content": turn["text"]})
            continue
        for i, api in enumerate(turn.get("apis") or []):
            cid = f"call_{turn['index']}_{i}"
            req = api["request"]
            messages.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {
                                "name": req["api_name"],
                                "arguments": json.dumps(req["parameters"]),
                            },
                        }
                    ],
                }
            )
            if api.get("exception"):
                content = f"Error: {api['exception']}"
            else:
                content = json.dumps(api["response"])
            messages.append({"role": "tool", "tool_call_id": cid, "content": content})
        messages.append({"role": "assistant", "content": turn["text"]})
    return {"id": f"tooltalk/{doc['name']}", "messages": messages}


def _text(content: object) -> str | None:
    if content is None:
        return None
    if isinstance(content, str):
        return content
    return "".join(part.get("content") or part.get("text") or "" for part in content)


def agentdojo(doc: dict) -> dict:
    messages: list[dict] = []
    for m in doc["messages"]:
        out: dict = {"role": m["role"], "content": _text(m.get("content"))}
        if m.get("tool_calls"):
            out["tool_calls"] = [
                {
                    "id": tc["id"],
                    "type": "function",
                    "function": {"name": tc["function"], "arguments": json.dumps(tc["args"])},
                }
                for tc in m["tool_calls"]
            ]
        if m["role"] == "tool":
            out["tool_call_id"] = m["tool_call_id"]
            if m.get("error"):
                out["content"] = f"Error: {m['error']}"
        messages.append(out)
    return {"id": f"agentdojo-luna/{doc['run_id']}", "messages": messages}


def build() -> list[dict]:
    """Every source conversation, converted, in file-name order."""
    out = [
        tooltalk(json.loads(p.read_text()))
        for p in sorted((HERE / "source/tooltalk").glob("*.json"))
    ]
    out += [
        agentdojo(json.loads(p.read_text()))
        for p in sorted((HERE / "source/agentdojo-luna").glob("*.json"))
    ]
    return out


if __name__ == "__main__":
    with open(HERE / "conversations.jsonl", "w") as f:
        for conv in build():
            f.write(json.dumps(conv, ensure_ascii=False) + "\n")
