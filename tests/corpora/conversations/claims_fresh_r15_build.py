"""Rebuild ``claims_fresh_r15_traces.jsonl`` from git mirrors of microsoft/semantic-kernel and
lapth/aichat-openai-agent.

Usage: ``python claims_fresh_r15_build.py SEMANTIC_KERNEL_GIT_DIR AICHAT_GIT_DIR MISTRAL_COOKBOOK_GIT_DIR``.

Semantic Kernel's agent samples end with a ``Sample Output`` docstring: a recorded run printed by
the sample's message callback (``# User:``, ``Function Call:>``, ``Function Result:>``, the agent's
replies). aichat-openai-agent's ``ai_execution_history_data.md`` holds OpenAI Agents SDK run
histories (Responses items) of a multi-agent invoicing assistant. mistralai/cookbook's notebooks
print two runs whole: a PydanticAI bank-support agent's messages (``_all_messages``, its answer the
``support_advice`` of its structured result) and a payment-status function call. Each becomes one OpenAI Chat
trace; an answer is an assistant text a user message follows or that ends the record.
"""

from __future__ import annotations

import ast
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


#: A PydanticAI message part as the notebook printed it (``repr``).
_PART = re.compile(
    r"(SystemPromptPart|UserPromptPart)\(content=(\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*')"
    r"|ToolCallPart\(tool_name='(\w+)', args=ArgsJson\(args_json='((?:[^'\\\\]|\\\\.)*)'\), tool_call_id='(\w+)'"
    r"|ToolReturnPart\(tool_name='(\w+)', content=('(?:[^'\\\\]|\\\\.)*'), tool_call_id='(\w+)'"
)


def notebook_outputs(text: str) -> list[str]:
    """The text of each output of a notebook's code cells, in order."""
    out = []
    for cell in json.loads(text)["cells"]:
        for o in cell.get("outputs", []):
            t = "".join(o.get("text", [])) or "".join(o.get("data", {}).get("text/plain", []))
            out.append(t)
    return out


def pydantic_ai_messages(printed: str) -> list[dict[str, Any]]:
    """A printed ``_all_messages`` as OpenAI Chat messages; the ``final_result`` call (how
    PydanticAI returns a structured answer) becomes the answer's text, its
    ``support_advice``."""
    msgs: list[dict[str, Any]] = []
    system: list[str] = []
    for m in _PART.finditer(printed):
        if m.group(1):
            content = ast.literal_eval(m.group(2))
            if m.group(1) == "SystemPromptPart":
                system.append(content)
            else:
                if system:
                    msgs.append({"role": "system", "content": "\n".join(system)})
                    system = []
                msgs.append({"role": "user", "content": content})
        elif m.group(3):
            args = ast.literal_eval(f"'{m.group(4)}'")
            if m.group(3) == "final_result":
                msgs.append({"role": "assistant", "content": json.loads(args)["support_advice"]})
                break
            msgs.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": m.group(5),
                            "type": "function",
                            "function": {"name": m.group(3), "arguments": args},
                        }
                    ],
                }
            )
        else:
            msgs.append(
                {
                    "role": "tool",
                    "tool_call_id": m.group(8),
                    "content": ast.literal_eval(m.group(7)),
                }
            )
    return msgs


def main() -> None:
    sk_git, lapth_git, mistral_git = sys.argv[1], sys.argv[2], sys.argv[3]
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
    bank = (
        "48c1b49b0b9a69de3b9d67f32e0e69ea7b35bcfd",
        "third_party/PydanticAI/pydantic_bank_support_agent.ipynb",
    )
    printed = next(o for o in notebook_outputs(show(mistral_git, *bank)) if "_all_messages" in o)
    msgs = pydantic_ai_messages(printed)
    out.append(
        {
            "id": "mistral-cookbook/pydantic_bank_support_agent",
            "source": "mistralai/cookbook",
            "commit": bank[0],
            "path": bank[1] + "#lost-card-run",
            "answers": answers(msgs),
            "messages": msgs,
        }
    )
    pay = (
        "7ccd85fe8bca088934b87b3be3f93fc1364cb6e3",
        "mistral/function_calling/function_calling.ipynb",
    )
    outs = notebook_outputs(show(mistral_git, *pay))
    i = next(k for k, o in enumerate(outs) if "'role': 'tool'" in o)
    user = re.search(r"'content': \"([^\"]*)\"", outs[i]).group(1)  # type: ignore[union-attr]
    call = re.search(r"name='(\w+)', arguments='([^']*)'\), id='(\w+)'", outs[i])
    result = re.search(r"'content': '([^']*)',\s*'tool_call_id'", outs[i])
    assert call and result
    msgs = [
        {"role": "user", "content": user},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call.group(3),
                    "type": "function",
                    "function": {"name": call.group(1), "arguments": call.group(2)},
                }
            ],
        },
        {"role": "tool", "tool_call_id": call.group(3), "content": result.group(1)},
        {"role": "assistant", "content": ast.literal_eval(outs[i + 1].strip())},
    ]
    out.append(
        {
            "id": "mistral-cookbook/function_calling",
            "source": "mistralai/cookbook",
            "commit": pay[0],
            "path": pay[1] + "#payment-status-run",
            "answers": answers(msgs),
            "messages": msgs,
        }
    )
    with OUT.open("w", encoding="utf-8") as f:
        for t in out:
            f.write(json.dumps(t, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
