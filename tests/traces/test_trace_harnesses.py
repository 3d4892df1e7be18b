"""Harness run records rewritten as OpenAI Chat messages: MINT, ATIF, SWE-agent text actions,
gemini-cli recordings and ShareGPT conversations."""

from __future__ import annotations

from typing import Any

import pytest
from projeval.traces.harnesses import (
    atif_messages,
    azure_eval_messages,
    gemini_cli_messages,
    is_agentbench,
    is_atif,
    is_azure_eval,
    is_gemini_cli,
    is_mint,
    is_openhands_events,
    is_predictions,
    is_sharegpt,
    mint_messages,
    openhands_messages,
    sharegpt_messages,
    swe_agent_history,
)

# MINT's strings as its harness writes them (StepOutput.to_str, the prompt template);
# invented content.
PROMPT = (
    "You are a helpful assistant.\n\n---\n\nAssistant: <example>\n\n---\n\nTask:\nHow old is Ann?\n"
)
FEEDBACK = "\nExpert feedback:\nThis is GOOD. Now propose the answer.\n"


def _call(cid: str, name: str, arguments: Any) -> dict[str, Any]:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_mint_actions_are_calls_and_the_harness_answers_are_results() -> None:
    history = [
        {"role": "user", "content": PROMPT},
        {
            "role": "assistant",
            "content": "Assistant:\n<thought> Look her up. </thought>\n"
            "<execute> print(search('Ann')) </execute>\n<execute>print(1)</execute>\n",
        },
        {
            "role": "user",
            "content": "Observation:\nAnn is 41.\n1\n"
            "You have 4 steps left and 2 chances to propose solution left.\n" + FEEDBACK,
        },
        {"role": "assistant", "content": "Assistant:\nShe is <solution> 41 </solution>.\n"},
    ]
    assert mint_messages(history) == [
        {
            "role": "system",
            "content": "You are a helpful assistant.\n\n---\n\nAssistant: <example>",
        },
        {"role": "user", "content": "How old is Ann?"},
        {
            "role": "assistant",
            "content": "Look her up.",
            "tool_calls": [_call("mint-1", "execute", {"code": "print(search('Ann'))\nprint(1)"})],
        },
        {"role": "tool", "tool_call_id": "mint-1", "content": "Ann is 41.\n1"},
        {
            "role": "system",
            "content": "You have 4 steps left and 2 chances to propose solution left.",
        },
        {"role": "user", "content": "This is GOOD. Now propose the answer."},
        {"role": "assistant", "content": "She is 41 ."},  # a solution runs nothing
    ]


def test_mint_answers_to_a_solution_or_an_unreadable_action_are_the_harness_s() -> None:
    history = [
        {"role": "user", "content": "Task without MINT's template"},
        {"role": "assistant", "content": "Assistant:\nIt is <solution> 40 </solution>."},
        {
            "role": "user",
            "content": "Observation:\nYour answer is wrong.\n"
            "You have 1 steps left and 1 chances to propose solution left.\n"
            "You should take the last step to propose a solution.\n",
        },
        {"role": "assistant", "content": "Let me think."},  # neither code nor a solution
        {"role": "user", "content": "Observation:\nI don't understand your input. \n"},
    ]
    assert mint_messages(history) == [
        {"role": "user", "content": "Task without MINT's template"},
        {"role": "assistant", "content": "It is 40 ."},
        {"role": "system", "content": "Your answer is wrong."},
        {
            "role": "system",
            "content": "You have 1 steps left and 1 chances to propose solution left.\n"
            "You should take the last step to propose a solution.",
        },
        {"role": "assistant", "content": "Let me think."},
        {"role": "system", "content": "I don't understand your input. "},
    ]


def test_mint_leaves_what_it_cannot_read_to_the_converter() -> None:
    odd = [{"role": "user", "content": "Task:\nx"}, "not a message", {"role": "assistant"}]
    assert mint_messages(odd) == odd


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"state": {"history": [], "latest_output": {}}, "task": {}}, True),
        ({"state": {"history": [], "agent_action_count": {}}}, True),
        ({"state": {"history": []}}, False),  # any app's state: not MINT's by itself
        ({"state": {"history": "x", "latest_output": {}}}, False),
        ([{"state": {}}], False),
    ],
)
def test_is_mint(value: Any, expected: bool) -> None:
    assert is_mint(value) is expected


def test_atif_steps_are_messages_and_results_answer_their_calls() -> None:
    steps = [
        {"step_id": 1, "source": "system", "message": "You run shell commands."},
        {"step_id": 2, "source": "user", "message": "List the files."},
        {
            "step_id": 3,
            "source": "agent",
            "message": "Listing.",
            "reasoning_content": "The user wants ls.",
            "tool_calls": [
                {"tool_call_id": "k1", "function_name": "bash_command", "arguments": {"keystrokes": "cd /app\n"}},
                {"tool_call_id": "k2", "function_name": "bash_command", "arguments": {"keystrokes": "ls\n"}},
            ],
            # One screen after both keystrokes, naming no call: it answers the last one.
            "observation": {"results": [{"content": "a.py"}]},
            "metrics": {"prompt_tokens": 90, "completion_tokens": 12, "cached_tokens": 40},
        },
        {
            "step_id": 4,
            "source": "agent",
            "message": "Done: a.py.",
            "observation": {"results": [{"content": "episode ended"}]},  # no call to answer
        },
    ]  # fmt: skip
    problems: list[str] = []
    assert atif_messages(steps, problems) == [
        {"role": "system", "content": "You run shell commands."},
        {"role": "user", "content": "List the files."},
        {
            "role": "assistant",
            "content": "Listing.",
            "tool_calls": [
                _call("k1", "bash_command", {"keystrokes": "cd /app\n"}),
                _call("k2", "bash_command", {"keystrokes": "ls\n"}),
            ],
            "usage": {
                "prompt_tokens": 90,
                "completion_tokens": 12,
                "prompt_tokens_details": {"cached_tokens": 40},
            },
        },
        {"role": "tool", "tool_call_id": "k2", "content": "a.py"},
        {"role": "assistant", "content": "Done: a.py."},
        {"role": "system", "content": "episode ended"},
    ]
    assert problems == []


def test_atif_results_named_by_id_go_to_their_calls_whatever_their_order() -> None:
    step = {
        "step_id": 1,
        "source": "agent",
        "message": "",
        "tool_calls": [
            {"tool_call_id": "a", "function_name": "f", "arguments": {}},
            {"tool_call_id": "b", "function_name": "f", "arguments": {"x": 1}},
            {"function_name": "g", "arguments": {}},  # no id: answered by order
        ],
        "observation": {
            "results": [
                {"source_call_id": "b", "content": "B"},
                {"content": "G"},
                {"source_call_id": "a", "content": "A"},
            ]
        },
    }
    messages = atif_messages([step], [])
    assert [(m["role"], m.get("tool_call_id"), m["content"]) for m in messages[1:]] == [
        ("tool", "b", "B"),
        ("tool", None, "G"),
        ("tool", "a", "A"),
    ]


def test_atif_bad_steps_are_named_and_left_out() -> None:
    steps = [
        "step",
        {"step_id": 2, "source": "bot", "message": "hi"},
        {"step_id": 3, "source": "agent", "message": "ok", "tool_calls": [{"arguments": {}}]},
    ]
    problems: list[str] = []
    assert atif_messages(steps, problems) == [{"role": "assistant", "content": "ok"}]
    assert problems == [
        "step 1 is not an object; skipped",
        "step 2 has source 'bot', not 'system', 'user' or 'agent'; skipped",
        "step 3: a tool call has no function_name; skipped",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"schema_version": "ATIF-v1.4", "steps": []}, True),
        ({"schema_version": "atif-v1.7", "steps": [], "session_id": "s"}, True),
        ({"schema_version": "1.4", "steps": []}, False),
        ({"steps": [{"source": "user"}]}, False),
    ],
)
def test_is_atif(value: Any, expected: bool) -> None:
    assert is_atif(value) is expected


def test_swe_agent_text_actions_are_calls_and_observations_results() -> None:
    history = [
        {"role": "system", "content": "SETTING: ...", "agent": "primary"},
        {"role": "user", "content": "Here is a demonstration ...", "is_demo": True},
        {"role": "user", "content": "ISSUE: the app crashes", "agent": "primary"},
        {
            "role": "assistant",
            "content": 'Find it.\n\n```\nfind_file "app.py"\n```',
            "thought": "Find it.\n\n",
            "action": 'find_file "app.py"\n',
        },
        {"role": "user", "content": "Found 1 matches for app.py"},
        {"role": "assistant", "content": "Nothing to run.", "thought": "Hm.", "action": ""},
        {"role": "user", "content": "Your output was not formatted correctly."},
        {
            "role": "assistant",
            "content": "x",
            "thought": "Edit.",
            "action": "edit 1:1\nx\nend_of_edit\n",
        },
        {"role": "user", "content": "File updated.", "message_type": "observation"},
    ]
    assert swe_agent_history(history) == [
        history[0],
        {"role": "system", "content": "Here is a demonstration ..."},
        history[2],
        {
            "role": "assistant",
            "content": "Find it.\n\n",
            "tool_calls": [_call("swe-agent-3", "find_file", {"command": 'find_file "app.py"'})],
        },
        {"role": "tool", "tool_call_id": "swe-agent-3", "content": "Found 1 matches for app.py"},
        {"role": "assistant", "content": "Hm."},
        history[6],  # no command ran: the harness's message stays as it is
        {
            "role": "assistant",
            "content": "Edit.",
            "tool_calls": [_call("swe-agent-7", "edit", {"command": "edit 1:1\nx\nend_of_edit"})],
        },
        {"role": "tool", "tool_call_id": "swe-agent-7", "content": "File updated."},
    ]


def test_swe_agent_function_calling_history_is_left_as_it_is() -> None:
    history = [
        {"role": "user", "content": "ISSUE"},
        {
            "role": "assistant",
            "content": "Look.",
            "action": "ls",
            "tool_calls": [_call("c1", "bash", '{"command": "ls"}')],
        },
        {"role": "tool", "content": "a.py", "tool_call_ids": ["c1"]},
    ]
    assert swe_agent_history(history) is history


def test_harnesses_recognised_so_as_to_be_refused_or_left_out() -> None:
    run = {"index": 0, "output": {"status": "completed", "history": [{"role": "user", "content": "Task"}, {"role": "agent", "content": "ls"}]}}  # fmt: skip
    assert is_agentbench(run)
    assert not is_agentbench({"output": {"history": [{"role": "assistant", "content": "x"}]}})
    assert not is_agentbench({"output": "text"})
    prediction = {"model_name_or_path": "m", "instance_id": "a__b-1", "model_patch": "diff"}
    assert is_predictions(prediction)
    assert is_predictions({"a__b-1": prediction})  # SWE-agent 1.x's preds.json
    assert not is_predictions({"messages": [], "model_patch": "diff"})
    assert not is_predictions({"a__b-1": {"model_patch": "diff"}})
    assert not is_predictions([prediction])


# gemini-cli's records as ChatRecordingService writes them (google-gemini/gemini-cli
# packages/core/src/services/chatRecordingTypes.ts); invented content.
def test_gemini_cli_messages_are_chat_messages_with_their_results() -> None:
    problems: list[str] = []
    messages = [
        {"id": "1", "type": "user", "content": "list my files"},
        {"id": "2", "type": "info", "content": "Request cancelled."},
        {
            "id": "3",
            "type": "gemini",
            "content": [{"text": "Listing."}],
            "thoughts": [{"subject": "Plan", "description": "I will list them."}],
            "tokens": {"input": 100, "output": 5, "cached": 40, "thoughts": 7, "total": 112},
            "toolCalls": [
                {
                    "id": "ls-1",
                    "name": "list_directory",
                    "args": {"path": "."},
                    "status": "success",
                    "result": [
                        {"functionResponse": {"id": "ls-1", "response": {"output": "a.txt"}}}
                    ],
                },
                {
                    "id": "rd-1",
                    "name": "read_file",
                    "args": {"file_path": "b.txt"},
                    "status": "error",
                    "result": [
                        {"functionResponse": {"response": {"error": "File not found: b.txt"}}}
                    ],
                },
                {"id": "sh-1", "name": "run_shell_command", "args": {}, "status": "scheduled"},
            ],
        },
        {"id": "4", "type": "error", "content": "Please provide a subcommand for /permissions."},
        {"id": "5", "type": "error", "content": "[API Error: fetch failed sending request]"},
        {"id": "6", "type": "note", "content": "?"},
        "junk",
    ]
    assert gemini_cli_messages(messages, problems) == [
        {"role": "user", "content": "list my files"},
        {
            "role": "assistant",
            "content": "Listing.",
            "tool_calls": [
                _call("ls-1", "list_directory", {"path": "."}),
                _call("rd-1", "read_file", {"file_path": "b.txt"}),
                _call("sh-1", "run_shell_command", {}),  # never run: no result
            ],
            "usage": {
                "prompt_tokens": 100,
                "completion_tokens": 12,
                "prompt_tokens_details": {"cached_tokens": 40},
            },
        },
        {"role": "tool", "tool_call_id": "ls-1", "name": "list_directory", "content": "a.txt"},
        {
            "role": "tool",
            "tool_call_id": "rd-1",
            "name": "read_file",
            "content": "File not found: b.txt",
            "error": True,
        },
    ]
    assert problems == [
        "message 4: the model call failed ([API Error: fetch failed sending request]), so the "
        "turn before it got no answer",
        "message 5 has type 'note', not 'user', 'gemini', 'info', 'warning' or 'error'; skipped",
        "message 6 is not an object; skipped",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"sessionId": "s", "projectHash": "h", "messages": []}, True),
        ({"sessionId": "s", "messages": []}, False),  # a session log of another tool
        ({"sessionId": 3, "projectHash": "h", "messages": []}, False),
        ({"sessionId": "s", "projectHash": "h", "messages": {}}, False),
    ],
)
def test_is_gemini_cli(value: Any, expected: bool) -> None:
    assert is_gemini_cli(value) is expected


# -- ShareGPT -----------------------------------------------------------------------------


def test_sharegpt_calls_and_observations_are_chat_calls_and_results() -> None:
    # LLaMA-Factory's tags (data/glaive_toolcall_en_demo.json; the whole records are in
    # tests/corpora/formats): a function_call turn names its tool and arguments as JSON.
    turns = [
        {"from": "human", "value": "I need to calculate the area of a rectangle."},
        {
            "from": "function_call",
            "value": '{"name": "calculate_area", "arguments": {"shape": "rectangle", "dimensions": [5, 3]}}',
        },
        {"from": "observation", "value": '{"area": 15}'},
        {"from": "gpt", "value": "The area of the rectangle is 15 square units."},
    ]
    problems: list[str] = []
    assert sharegpt_messages(turns, problems, system="Be brief.") == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "I need to calculate the area of a rectangle."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                _call(None, "calculate_area", {"shape": "rectangle", "dimensions": [5, 3]})
            ],
        },
        {"role": "tool", "content": '{"area": 15}'},
        {"role": "assistant", "content": "The area of the rectangle is 15 square units."},
    ]
    assert problems == []


def test_sharegpt_hermes_blocks_are_calls_results_and_thinking() -> None:
    # Hermes's tags (Hermes Agent's trajectory_samples.jsonl, tests/corpora/formats): the
    # calls are <tool_call> blocks of the gpt text, the thinking a <think> block.
    turns = [
        {
            "from": "gpt",
            "value": "<think>\nLet me look first.\n</think>\n<tool_call>\n"
            '{"name": "altercraft_look", "arguments": {}}\n</tool_call>\n<tool_call>\n'
            '{"name": "altercraft_say", "arguments": {"text": "Hello!"}}\n</tool_call>',
        },
        {
            "from": "tool",
            "value": "<tool_response>\nsky\n</tool_response>\n<tool_response>ok</tool_response>",
        },
        {"from": "gpt", "value": "<think>\nDone.\n</think>\nDone."},
    ]
    problems: list[str] = []
    assert sharegpt_messages(turns, problems) == [
        {
            "role": "assistant",
            "reasoning_content": "Let me look first.",
            "tool_calls": [
                _call(None, "altercraft_look", {}),
                _call(None, "altercraft_say", {"text": "Hello!"}),
            ],
            "content": "",
        },
        {"role": "tool", "content": "sky"},
        {"role": "tool", "content": "ok"},
        {"role": "assistant", "reasoning_content": "Done.", "content": "Done."},
    ]
    assert problems == []


def test_sharegpt_parallel_results_split_and_unreadable_turns_named() -> None:
    calls = '[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]'
    turns = [
        {"from": "function_call", "value": calls},
        {"from": "observation", "value": '[{"temp": 11}, {"temp": 17}]'},
        {"from": "narrator", "value": "..."},
        {"from": "function_call", "value": "get_weather(Paris)"},
        "not a turn",
    ]
    problems: list[str] = []
    messages = sharegpt_messages(turns, problems)
    assert [m["content"] for m in messages if m["role"] == "tool"] == [
        '{"temp": 11}',
        '{"temp": 17}',
    ]
    assert problems == [
        "turn 3 is from 'narrator', not human, gpt, system, function_call or observation; skipped",
        "turn 4: the call is not JSON ('get_weather(Paris)'); skipped",
        "turn 5 is not an object; skipped",
    ]
    # One result answering a turn of several calls stays one result.
    assert len(sharegpt_messages([turns[0], {"from": "observation", "value": "[1]"}], [])) == 2


def test_chat_messages_keep_their_roles_and_only_tool_roles_are_rewritten() -> None:
    # ms-swift's agent format: Chat messages with tool_call and tool_response roles.
    messages = [
        {"role": "user", "content": "Price of LNG?"},
        {
            "role": "tool_call",
            "content": '{"name": "lng_price", "arguments": {"day": "2024-05-01"}}',
        },
        {"role": "tool_response", "content": "{}"},
        {"role": "assistant", "content": "No price was published that day."},
    ]
    out = sharegpt_messages(messages, [], keys=("role", "content"))
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "assistant"]
    assert out[0] is messages[0] and out[1]["tool_calls"][0]["function"]["name"] == "lng_price"


def test_azure_eval_messages_are_chat_messages_with_their_results() -> None:
    # The shape azure-ai-evaluation's AIAgentConverter writes (a system message and the
    # user's typed text in the query; function_call/function_call_output and output_text
    # blocks in newer rows); invented content.
    row = {
        "query": [
            {"role": "system", "content": "You are a support agent."},
            {"createdAt": "t", "role": "user", "content": [{"type": "input_text", "text": "Where is order 7?"}]},
        ],
        "response": [
            {"run_id": "r", "role": "assistant", "content": [
                {"type": "function_call", "tool_call_id": "c1", "name": "get_order", "arguments": {"id": 7}},
            ]},
            {"run_id": "r", "role": "tool", "tool_call_id": "c1", "content": [
                {"type": "function_call_output", "function_call_output": {"status": "shipped"}},
            ]},
            {"role": "assistant", "content": [
                {"type": "output_text", "text": "It has shipped."},
                {"type": "image", "url": "x"},
            ]},
        ],
    }  # fmt: skip
    problems: list[str] = []
    assert azure_eval_messages(row, problems) == [
        {"role": "system", "content": "You are a support agent."},
        {"role": "user", "content": "Where is order 7?"},
        {"role": "assistant", "content": None, "tool_calls": [_call("c1", "get_order", {"id": 7})]},
        {"role": "tool", "content": '{"status": "shipped"}', "tool_call_id": "c1"},
        {"role": "assistant", "content": "It has shipped."},
    ]
    assert problems == ["response message 3: content block of type 'image' not read; skipped"]


def test_azure_eval_listed_calls_the_response_holds_are_not_added_twice() -> None:
    # The row's tool_calls column repeats the response's function calls (ToolCallAccuracy's
    # input): only a built-in tool's call, which no message holds, is added, before the answer.
    row = {
        "query": "Return window?",
        "response": [
            {"role": "assistant", "content": [{"type": "tool_call", "tool_call_id": "c1", "name": "get_policy", "arguments": {}}]},
            {"role": "tool", "tool_call_id": "c1", "content": [{"type": "tool_result", "tool_result": "30 days"}]},
            {"role": "assistant", "content": [{"type": "text", "text": "30 days."}]},
        ],
        "tool_calls": [
            {"type": "function_call", "tool_call_id": "c1", "name": "get_policy", "arguments": {}},
            {"type": "file_search", "tool_call_id": None, "queries": ["return window"]},
        ],
    }  # fmt: skip
    messages = azure_eval_messages(row, [])
    assert [(m["role"], [c["function"]["name"] for c in m.get("tool_calls", [])]) for m in messages] == [
        ("user", []),
        ("assistant", ["get_policy"]),
        ("tool", []),
        ("assistant", ["file_search"]),
        ("assistant", []),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"conversations": [{"from": "human", "value": "hi"}]}, True),
        ({"conversations": []}, False),
        ({"conversations": [{"role": "user", "content": "hi"}]}, False),
        ({"messages": [{"from": "human", "value": "hi"}]}, False),
        ([{"from": "human", "value": "hi"}], False),
    ],
)
def test_is_sharegpt(value: Any, expected: bool) -> None:
    assert is_sharegpt(value) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"query": "q", "response": [{"role": "assistant", "content": "a"}]}, True),
        ({"query": [{"role": "user", "content": "q"}], "response": []}, False),
        ({"query": "q", "response": "a"}, False),  # a question-answer row: no conversation
        ({"request": {}, "response": [{"role": "assistant"}]}, False),
    ],
)
def test_is_azure_eval(value: Any, expected: bool) -> None:
    assert is_azure_eval(value) is expected


def _oh_call(i: int, kind: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """An OpenHands agent action carrying the model response that made it (invented)."""
    call = {"id": f"c{i}", "type": "function", "function": {"name": tool, "arguments": "{}"}}
    response = {"id": f"r{i}", "choices": [{"message": {"content": "", "tool_calls": [call]}}]}
    meta = {"function_name": tool, "tool_call_id": f"c{i}", "model_response": response}
    return {"id": i, "source": "agent", "action": kind, "args": args, "tool_call_metadata": meta}


def test_openhands_observations_answer_their_action_and_say_when_it_failed() -> None:
    # Invented events in OpenHands's shape (openhands/events at 156d0686): an error
    # observation and a refusal fail their call; an action without the model's call (no
    # tool_call_metadata) is named by its kind, with its args less the runtime's; the
    # runtime's recall is a system message; an observation naming no action is a problem.
    events: list[Any] = [
        {"id": 0, "source": "user", "action": "message", "args": {"content": "fix it"}},
        {"id": 1, "source": "user", "action": "recall", "args": {"query": "fix it"}},
        {"id": 2, "source": "environment", "observation": "recall", "cause": 1,
         "content": "repo: acme/app"},
        _oh_call(3, "run", "execute_bash", {"command": "pytest", "thought": "t"}),
        {"id": 4, "source": "agent", "observation": "error", "cause": 3,
         "content": "ERROR: timeout", "tool_call_metadata": {"tool_call_id": "c3"}},
        {"id": 5, "source": "agent", "action": "read",
         "args": {"path": "a.py", "thought": "look", "impl_source": "oh_aci"}},
        {"id": 6, "source": "user", "observation": "user_rejected", "cause": 5,
         "content": "no"},
        {"id": 7, "source": "agent", "observation": "run", "cause": 99, "content": "?"},
        {"id": 8, "source": "environment", "observation": "agent_state_changed",
         "content": "", "extras": {"agent_state": "finished"}},
    ]  # fmt: skip
    assert is_openhands_events(events)
    problems: list[str] = []
    assert openhands_messages(events, problems) == [
        {"role": "user", "content": "fix it"},
        {"role": "system", "content": "repo: acme/app"},
        {"role": "assistant", "content": "",
         "tool_calls": [{"id": "c3", "type": "function",
                         "function": {"name": "execute_bash", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c3", "name": "execute_bash",
         "content": "ERROR: timeout", "error": True},
        {"role": "assistant", "content": "look",
         "tool_calls": [{"id": "openhands-5", "type": "function",
                         "function": {"name": "read", "arguments": {"path": "a.py"}}}]},
        {"role": "tool", "tool_call_id": "openhands-5", "name": "read", "content": "no",
         "error": True},
    ]  # fmt: skip
    assert problems == ["event 7: a 'run' observation answers no action (its 'cause' 99 names none); skipped"]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([{"id": 0, "source": "user", "action": "message", "args": {}}], True),
        ([{"source": "agent", "observation": "run", "content": ""}], True),
        ([], False),
        ([{"role": "user", "content": "hi"}], False),
        ([{"source": "user", "content": "hi"}], False),  # neither action nor observation
        ({"source": "user", "action": "message"}, False),
    ],
)
def test_is_openhands_events(value: Any, expected: bool) -> None:
    assert is_openhands_events(value) is expected


def test_openhands_actions_of_one_model_response_are_one_message() -> None:
    # OpenHands runs a response's calls one by one, each observation before the next
    # action (invented events in its shape): one assistant message holds both calls, its
    # usage once, and the results follow it.
    first, second = (
        _oh_call(1, "read", "str_replace_editor", {}),
        _oh_call(3, "run", "execute_bash", {}),
    )
    response = first["tool_call_metadata"]["model_response"]
    response["usage"] = {"prompt_tokens": 10, "completion_tokens": 2}
    response["choices"][0]["message"]["tool_calls"].append(
        second["tool_call_metadata"]["model_response"]["choices"][0]["message"]["tool_calls"][0]
    )
    second["tool_call_metadata"]["model_response"] = response
    events: list[Any] = [
        first,
        {"id": 2, "source": "agent", "observation": "read", "cause": 1, "content": "a"},
        second,
        {"id": 4, "source": "agent", "observation": "run", "cause": 3, "content": "b"},
    ]
    problems: list[str] = []
    messages = openhands_messages(events, problems)
    assert [(m["role"], len(m.get("tool_calls", [])), "usage" in m) for m in messages] == [
        ("assistant", 2, True),
        ("tool", 0, False),
        ("tool", 0, False),
    ]
    assert [m["tool_call_id"] for m in messages[1:]] == ["c1", "c3"] and problems == []


def test_an_openhands_commands_exit_code_says_whether_it_failed() -> None:
    # A run observation records the shell's exit status in extras.metadata.exit_code, with
    # the runtime's suffix (as in the recorded basic_gui_mode.json, tests/corpora/formats):
    # 1 failed; -1 with "no new output" is a command still running (a server left up), no
    # failure; -1 with "timed out" was stopped: failed.
    def run(i: int, code: int, suffix: str) -> dict[str, Any]:
        meta = {"exit_code": code, "pid": -1, "prefix": "", "suffix": suffix}
        return {"id": i + 1, "source": "agent", "observation": "run", "cause": i,
                "content": "x", "extras": {"command": "c", "metadata": meta}}  # fmt: skip

    events: list[Any] = [
        _oh_call(0, "run", "execute_bash", {}),
        run(0, 1, "\n[The command completed with exit code 1.]"),
        _oh_call(2, "run", "execute_bash", {}),
        run(2, -1, "\n[The command has no new output after 30 seconds. You may wait longer "
                   "to see additional output by sending empty command '']"),
        _oh_call(4, "run", "execute_bash", {}),
        run(4, -1, "\n[The command timed out after 120 seconds. You may wait longer ...]"),
        _oh_call(6, "run", "execute_bash", {}),
        run(6, 0, "\n[The command completed with exit code 0.]"),
    ]  # fmt: skip
    problems: list[str] = []
    results = [m for m in openhands_messages(events, problems) if m["role"] == "tool"]
    assert [m.get("error", False) for m in results] == [True, False, True, False]
    assert problems == []


def test_openhands_fields_of_the_wrong_type_are_problems_not_a_traceback() -> None:
    # Found by benchmarks/fuzz_traces.py: an action, a source, an id or a cause that is a
    # list or an object raised TypeError (unhashable) and stopped the whole file; one
    # event with a broken source made the file "not a known trace format".
    events: list[Any] = [
        {"id": 0, "source": "user", "action": "message", "args": {"content": "fix it"}},
        {"id": 1, "source": {}, "action": "message", "args": {"content": "lost"}},
        {"id": 2, "source": "agent", "action": ["run"], "args": {}},
        {"id": [3], "source": "agent", "action": "run", "args": {"command": "ls"},
         "tool_call_metadata": {"tool_call_id": ["c3"], "function_name": {"n": 1},
                                "model_response": {"id": ["r"]}}},
        {"id": 4, "source": "agent", "observation": "run", "cause": [3], "content": "a.py"},
    ]  # fmt: skip
    assert is_openhands_events(events)  # three of five events well formed: read, not refused
    problems: list[str] = []
    messages = openhands_messages(events, problems)
    assert [m["role"] for m in messages] == ["user", "assistant"]
    assert messages[1]["tool_calls"][0]["id"] == "openhands-3"  # its list id names nothing
    assert problems == [
        "event 1's source is {}, not 'user', 'agent' or 'environment'; skipped",
        "event 2's action is not a string; skipped",
        "event 4: a 'run' observation answers no action (its 'cause' [3] names none); skipped",
    ]


def test_azure_and_gemini_cli_fields_of_the_wrong_type_are_problems_not_a_traceback() -> None:
    # Found by benchmarks/fuzz_traces.py: an Azure message's role or a block's type that is
    # a list raised TypeError (unhashable), as did a gemini-cli message's tokens.output of
    # another type with thoughts beside it.
    problems: list[str] = []
    row = {"query": "hi", "response": [
        {"role": ["assistant"], "content": "lost"},
        {"role": "assistant", "content": [{"type": ["text"], "text": "x"},
                                          {"type": "text", "text": "hello"}]},
    ]}  # fmt: skip
    assert azure_eval_messages(row, problems) == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
    ]
    assert problems == [
        "response message 1 has role ['assistant'], not one of ['assistant', 'developer', "
        "'system', 'tool', 'user']; skipped",
        "response message 2: content block of type ['text'] not read; skipped",
    ]
    turn = {"type": "gemini", "content": "hi", "tokens": {"input": 5, "output": [3], "thoughts": 2}}
    (message,) = gemini_cli_messages([turn], problems)
    assert message["usage"]["completion_tokens"] == [3]  # no count: the usage reader says none
