"""Rebuild ``claims_fresh_r15_traces.jsonl`` from git mirrors of microsoft/semantic-kernel and
lapth/aichat-openai-agent.

Usage: ``python claims_fresh_r15_build.py SEMANTIC_KERNEL_GIT_DIR AICHAT_GIT_DIR``.

Semantic Kernel's agent samples end with a ``Sample Output`` docstring: a recorded run printed by
the sample's message callback (``# User:``, ``Function Call:>``, ``Function Result:>``, the agent's
replies). aichat-openai-agent's ``ai_execution_history_data.md`` holds OpenAI Agents SDK run
histories (Responses items) of a multi-agent invoicing assistant. Each becomes one OpenAI Chat
trace; an answer is an assistant text a user message follows or that ends the record.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

#: Every sample-output docstring the repository's history holds with a ``Function Result`` line
#: (``git log -G "Function Result" -- python/samples``), each distinct text once, at the commit that
#: wrote it; left out: the function-invocation-filter samples and a later responses sample, whose
#: output lists the turns twice ("Intermediate Steps"), so their order cannot be read back.
SK = [
    (
        "2f84e5d1bfc685a7a7e46ef7ea1a927b89ac70ac",
        "python/samples/getting_started_with_agents/chat_completion/step12_chat_completion_agent_code_interpreter.py",
    ),
    (
        "fb0e418a7ccceac001ec5cd28192648895f2372f",
        "python/samples/concepts/agents/azure_ai_agent/azure_ai_agent_message_callback_streaming.py",
    ),
    (
        "4724dbc8f330fc773cc6aba44c39fa2027aa1bf3",
        "python/samples/concepts/agents/azure_ai_agent/azure_ai_agent_message_callback.py",
    ),
    (
        "4724dbc8f330fc773cc6aba44c39fa2027aa1bf3",
        "python/samples/concepts/agents/azure_ai_agent/azure_ai_agent_message_callback_streaming.py",
    ),
    (
        "b07454aff84063b776f096754fa0484014df67a2",
        "python/samples/concepts/agents/openai_assistant/openai_assistant_message_callback.py",
    ),
    (
        "b07454aff84063b776f096754fa0484014df67a2",
        "python/samples/concepts/agents/openai_assistant/openai_assistant_message_callback_streaming.py",
    ),
    (
        "b07454aff84063b776f096754fa0484014df67a2",
        "python/samples/concepts/agents/openai_responses/responses_agent_message_callback.py",
    ),
    (
        "b07454aff84063b776f096754fa0484014df67a2",
        "python/samples/concepts/agents/openai_responses/responses_agent_message_callback_streaming.py",
    ),
    (
        "fb2fc6b30cfd6a76430fc0349c1d64aa45b02349",
        "python/samples/concepts/agents/chat_completion_agent/chat_completion_agent_message_callback.py",
    ),
    (
        "fb2fc6b30cfd6a76430fc0349c1d64aa45b02349",
        "python/samples/concepts/agents/chat_completion_agent/chat_completion_agent_message_callback_streaming.py",
    ),
]
OUT = Path(__file__).with_name("claims_fresh_r15_traces.jsonl")


def show(git: str, commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    ).stdout


USER = re.compile(r"^#?\s*(?:User|AuthorRole\.USER):\s*(.*)$")
ASSIST = re.compile(r"^#?\s*(?:Agent|Host|AuthorRole\.ASSISTANT):\s*(.*)$")
CALL = re.compile(r"^#?\s*Function Call:>\s*(\S+) with arguments:\s*(.*)$")
RESULT = re.compile(r"^#?\s*Function Result:>\s*(.*)$")


def sk_messages(block: str) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = []
    pending: list[str] = []
    cur: dict[str, Any] | None = None
    n = 0
    base = None
    for raw in block.splitlines():
        line = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if not line:
            continue
        if m := USER.match(line):
            base = indent if base is None else base
            cur = {"role": "user", "content": m.group(1).strip().strip("'")}
            msgs.append(cur)
        elif m := CALL.match(line):
            n += 1
            cid = f"call_{n}"
            pending.append(cid)
            call = {
                "id": cid,
                "type": "function",
                "function": {"name": m.group(1), "arguments": m.group(2)},
            }
            if msgs and msgs[-1]["role"] == "assistant" and msgs[-1]["content"] is None:
                msgs[-1]["tool_calls"].append(call)
            else:
                msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
            cur = msgs[-1]
        elif m := RESULT.match(line):
            cur = {
                "role": "tool",
                "tool_call_id": pending.pop(0) if pending else f"call_{n}",
                "content": m.group(1),
            }
            msgs.append(cur)
        elif m := ASSIST.match(line):
            cur = {"role": "assistant", "content": m.group(1)}
            msgs.append(cur)
        elif cur is not None:
            if (
                base is not None
                and indent <= base
                and (
                    cur["role"] == "user"
                    or (cur["role"] == "tool" and "for function:" in cur["content"])
                )
            ):
                # a streamed reply printed without a prefix, at the markers' indent
                cur = {"role": "assistant", "content": line}
                msgs.append(cur)
            elif cur["role"] == "assistant" and cur["content"] is None:
                cur["tool_calls"][-1]["function"]["arguments"] += " " + line
            elif cur["role"] == "tool":
                cur["content"] += "\n" + line
            else:
                cur["content"] += " " + line
    for m in msgs:
        if m["role"] == "tool":
            m["content"] = re.sub(r"\s*for function: \S+\s*$", "", m["content"].strip())
    return msgs


def answers(msgs: list[dict[str, Any]]) -> list[int]:
    out = []
    for i, m in enumerate(msgs):
        if m["role"] == "assistant" and m.get("content") and not m.get("tool_calls"):
            nxt = msgs[i + 1]["role"] if i + 1 < len(msgs) else None
            if nxt in (None, "user"):
                out.append(i)
    return out


def responses_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = []
    for it in items:
        t = it.get("type")
        if it.get("role") == "user":
            msgs.append(
                {
                    "role": "user",
                    "content": it["content"]
                    if isinstance(it["content"], str)
                    else " ".join(c.get("text", "") for c in it["content"]),
                }
            )
        elif t == "function_call":
            call = {
                "id": it["callId"],
                "type": "function",
                "function": {"name": it["name"], "arguments": it["arguments"]},
            }
            if msgs and msgs[-1]["role"] == "assistant" and msgs[-1]["content"] is None:
                msgs[-1]["tool_calls"].append(call)
            else:
                msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
        elif t == "function_call_result":
            out = it["output"]
            msgs.append(
                {
                    "role": "tool",
                    "tool_call_id": it["callId"],
                    "content": out.get("text", "") if isinstance(out, dict) else str(out),
                }
            )
        elif t == "message" and it.get("role") == "assistant":
            msgs.append(
                {
                    "role": "assistant",
                    "content": "".join(
                        c.get("text", "") for c in it["content"] if c.get("type") == "output_text"
                    ),
                }
            )
    return msgs


def main() -> None:
    sk_git, lapth_git = sys.argv[1], sys.argv[2]
    out = []
    for commit, path in SK:
        text = show(sk_git, commit, path)
        found = re.search(r'Sample [Oo]utput:?\s*\n(.*?)"""', text, re.S)
        assert found, path
        d = {"commit": commit, "path": path, "block": found.group(1)}
        msgs = sk_messages(d["block"])
        name = d["path"].rsplit("/", 1)[1].removesuffix(".py")
        out.append(
            {
                "id": f"semantic-kernel/{name}@{d['commit'][:8]}",
                "source": "microsoft/semantic-kernel",
                "commit": d["commit"],
                "path": d["path"] + "#sample-output",
                "answers": answers(msgs),
                "messages": msgs,
            }
        )
    seen = set()
    for lc, path in [
        ("52ac3f05ca515cf26b510c1b9f0b11e7e816cba0", "ai_execution_history_data.md"),
        ("18def87a4ecedbad65457037f58555a2ea9efeb1", "ai_execution_history_data.md"),
    ]:
        text = show(lapth_git, lc, path)
        for k, m in enumerate(re.finditer(r"```json\n(.*?)```", text, re.S)):
            body = m.group(1)
            body = body[body.index("[") :]
            items = json.loads(body)
            msgs = responses_items(items)
            key = json.dumps(msgs)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                {
                    "id": f"aichat-openai-agent/{lc[:7]}/case{k + 1}",
                    "source": "lapth/aichat-openai-agent",
                    "commit": lc,
                    "path": f"{path}#case{k + 1}",
                    "answers": answers(msgs),
                    "messages": msgs,
                }
            )
    with OUT.open("w", encoding="utf-8") as f:
        for t in out:
            f.write(json.dumps(t, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
