"""Which tools read and which write; which results are errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projeval.errors import SuiteError
from projeval.traces import analyse_traces
from projeval.traces.actions import (
    ToolKinds,
    command_kind,
    command_programs,
    description_kind,
    from_directory,
    is_error_text,
    load_tool_hints,
    tool_hints,
    tool_statements,
    tools_file_hints,
    verb_kind,
)


@pytest.mark.parametrize(
    ("tool", "kind"),
    [
        ("get_user_details", "read"),
        ("QueryCalendar", "read"),
        ("search_direct_flight", "read"),
        ("cancel_reservation", "write"),
        ("SendEmail", "write"),
        ("calendar_create_event", "write"),
        ("transfer_to_human_agents", "write"),
        ("CurrentWeather", None),
        ("open_webpage", None),
        # Tools that record a choice, a draft or a payment write (AgentDojo-style suites).
        ("select_credential_transition_route", "write"),
        ("record_unemployment_case_assessment", "write"),
        ("make_payment", "write"),
        ("assemble_payment_service_request", "write"),
        ("draft_account_recovery_handoff", "write"),
        ("start_account_access_diagnostic", "write"),
        ("resume_pending_refund_review", "write"),
        ("get_recording_status", "read"),
        # A support agent's service changes write; tracking and estimating read.
        ("suspend_line", "write"),
        ("refuel_data", "write"),
        ("unblock_card", "write"),
        ("issue_read", "read"),
        ("block_by_number", None),
        # Blocking a card or a user is a change a support agent makes (issue 16's made-up
        # bank runs, /work/notes/tau45): "block" before such a thing writes.
        ("block_card", "write"),
        ("block_user", "write"),
        ("get_block", "read"),
        ("escalate_to_supervisor", "write"),
        ("track_shipment", "read"),
        ("estimate_delivery_date", "read"),
        # "report" first files a report (a card reported stolen); after a verb, or as a
        # noun, it names one.
        ("report_card_issue", "write"),
        ("get_report", "read"),
        ("sales_report", None),
        # So do processing, requesting, logging, closing and claiming; starting anything
        # writes wherever the word sits.
        ("process_warranty_claim", "write"),
        ("request_callback", "write"),
        ("log_customer_interaction", "write"),
        ("close_ticket", "write"),
        ("claim_reward", "write"),
        ("initiate_return", "write"),
        ("order_initiate_exchange", "write"),
        ("get_process_status", "read"),
        ("list_requests", "read"),
        ("read_logs", "read"),
        ("service_request_status", None),
        # Assessing, reviewing, tracing and classifying read, whatever the words after them.
        ("review_move_service_portfolio", "read"),
        ("trace_service_move", "read"),
        ("assess_incumbent_transfer_readiness", "read"),
        ("classify_service_issue", "read"),
        ("submit_review", "write"),
        # Drawing, plotting, rendering, charting and visualising make a figure out of what
        # the agent holds: an action on its data, never a lookup of more (as WorkBench's
        # analytics.create_plot is). A later word names a thing: a movie's plot is read.
        ("draw_time_series", "write"),
        ("plot_stock_prices", "write"),
        ("render_chart", "write"),
        ("chart_revenue", "write"),
        ("visualize_sales", "write"),
        ("visualise_sales", "write"),
        ("get_plot_summary", "read"),
        ("knowledge_graph_query", "read"),
        # Checking out pays for and confirms a booking or a cart (trial 13, a hotel agent's
        # checkout_booking after create_booking): a write, as purchase and confirm are.
        ("checkout_booking", "write"),
        ("cartCheckout", "write"),
        # After a prefix that is no verb, the first verb decides: a library assistant's
        # internal_check_book_exist checks a book (SOPBench, tests/corpora/service_agents/).
        ("internal_check_book_exist", "read"),
        ("internal_convert_book_title_to_id", "read"),
        ("internal_get_user_borrowed", "read"),
        ("user_book_flight", "write"),
        # A bank's, a university's and an insurer's service actions.
        ("deposit_funds", "write"),
        ("withdraw_cash", "write"),
        ("enroll_course", "write"),
        ("appeal_claim", "write"),
        ("reactivate_policy", "write"),
        ("declare_minor", "write"),
        ("convert_currency", "read"),
        (None, None),
    ],
)
def test_the_verb_in_the_name(tool: str | None, kind: str | None) -> None:
    assert verb_kind(tool) == kind


def test_hints_come_before_the_verb(tmp_path: Path) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps(
            {
                "tools": [
                    {"name": "open_webpage", "annotations": {"readOnlyHint": True}},
                    {"name": "get_or_create_user", "annotations": {"readOnlyHint": False}},
                    {"name": "CurrentWeather"},
                ]
            }
        )
    )
    kinds = ToolKinds(load_tool_hints(tools))
    assert [kinds.kind(t) for t in ("open_webpage", "get_or_create_user", "CurrentWeather")] == [
        "read",
        "write",
        None,
    ]
    assert kinds.kind("open_webpage", {"open_webpage": False}) == "write"  # the trace's own


def test_a_tools_file_that_is_not_json_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "tools.json"
    bad.write_text("{nope")
    with pytest.raises(SuiteError, match="tools file cannot be read as JSON") as err:
        load_tool_hints(bad)
    assert "tools.json" in str(err.value)


def test_openapi_safe_methods_read(tmp_path: Path) -> None:
    spec = tmp_path / "api.yaml"
    spec.write_text(
        "openapi: 3.0.0\n"
        "paths:\n"
        "  /orders/{id}:\n"
        "    get: {operationId: getOrder}\n"
        "    delete: {operationId: cancelOrder}\n"
    )
    assert load_tool_hints(spec) == {"getOrder": True, "cancelOrder": False}


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("Error: reservation not found", True),
        ("error: no such user", True),
        ('{"error": "invalid id"}', True),
        ('{"error": {"code": 404, "message": "gone"}, "status": 404}', True),
        ('{"error": null, "data": [1]}', False),
        ('{"data": [], "error_count": 0}', False),
        ("Errors are rare on this route.", False),
        ("ValueError: No fee record matches fee_id 'x'.", True),
        ("ValidationError: 1 validation error for Input schema", True),
        ("  requests.exceptions.ConnectionError: refused", True),
        ("KeyErrors: none found", False),
        ("TypeErrorless: fine", False),
        ("The flight has an error-free record.", False),
        # IPython's traceback when the code a tool ran raised, as MINT's `execute` returns it
        # (xingyaoww/mint-bench 3f7f12c1, data/outputs/claude-2/...: 2,231 such observations
        # across its runs, none counted before), also after what the cell printed first.
        (
            "-" * 75 + "\nNameError                                 Traceback (most recent call"
            " last)\nCell In[1], line 3\n----> 3 print(total)\n\nNameError: name 'total' is"
            " not defined",
            True,
        ),
        (
            "[0, 1]\n" + "-" * 75 + "\nAssertionError                            Traceback"
            " (most recent call last)\nCell In[4], line 11\n---> 11 assert prime_fib(1) == 2",
            True,
        ),
        ("Out[1]: 42\nTraceback (most recent call last) is what Python prints.", False),
        ("-" * 20 + "\nsummary table\n" + "-" * 20, False),
        # Notion's API error object (eval-sys/mcpmark-community-experiments 92db83e3,
        # mcp_servers/notion/official/run-2/japan_travel_planner__restaurant_expenses_sync).
        (
            '{"status":404,"object":"error","code":"object_not_found","message":"Could not '
            'find page with ID: 2562b7e8-cebd-8171-83e7-df5587a839ed."}',
            True,
        ),
        ('{"object":"list","results":[],"message":"none"}', False),
        # A result whose own flag says the call failed, with its reason (a support agent's
        # tools; Slack's API), and an error code beside its message and other fields.
        ('{"success": false, "canceled_items": [], "message": "Order cannot be canceled"}', True),
        ('{"ok": false, "error": "channel_not_found"}', True),
        ('{"success": false, "updated_event_id": "EVT-13", "error": {"code": 500}}', True),
        ('{"error": "SERVICE_NOT_FOUND", "message": "No service svc_001", "suggested": {}}', True),
        ('{"ok": false}', False),  # a bare verdict: data
        ('{"ok": false, "checks": [{"name": "disk", "ok": false}]}', False),
        ('{"success": true, "message": "Cancelled", "error": null}', False),
        # A record that has an "error" field among its data is no failed call.
        ('{"host": "n3", "error": "disk full on node 3", "message": "alert fired"}', False),
        ('{"error": "E1", "count": 3}', False),
        # A boolean error flag with its reason beside other fields: Mastra's tool validation
        # (trial 13, tally-evals/tally's recorded cash-flow agent); a bare flag is data.
        (
            '{"error": true, "message": "Tool validation failed for runProjection. Please fix'
            ' the following errors and try again", "validationErrors": {"issues": []}}',
            True,
        ),
        ('{"error": true, "count": 3}', False),
        ('{"error": false, "message": "done", "items": []}', False),
        # Google ADK's tool convention, "status": "error" with its reason (trial 15:
        # jcarah/accelerate_context_engineering_workshop 310a0865, customer-service/eval/
        # results/m1_tool_hardening/raw/processed_interaction_sim.jsonl line 2, the
        # customer_service agent's generate_qr_code; ADK's quickstart's get_weather).
        ('{"status": "error", "message": "percentage must be <= 10%"}', True),
        (
            '{"status": "error", "error_message": "Weather information for \'Paris\' is '
            'not available."}',
            True,
        ),
        # The retail-ai-location-strategy agent's search_places when Google Maps refused its
        # key (same repository, f02386dd retail-ai-location-strategy/eval/results/
        # 20260117_054650/raw/processed_interaction_sim.jsonl, and 45163ba9 .../circuit-breaker-
        # eval-results/raw/processed_interaction_app.jsonl): 18 such results of 73 calls, none
        # counted, and the same search again after one counted a duplicate, not a retry.
        (
            '{"count": 0, "errorMessage": "REQUEST_DENIED (This API key is not authorized to '
            'use this service or API.)", "results": [], "status": "error"}',
            True,
        ),
        (
            '{"count": 0, "error_message": "REQUEST_DENIED (You\u2019re calling a legacy API, '
            'which is not enabled for your project.)", "preview": [], "status": "error"}',
            True,
        ),
        ('{"status": "error"}', False),  # no reason: a state, not a failed call
        # A thing's state looked up, no failure of the call: a payment that failed.
        ('{"status": "failed", "message": "card declined", "payment_id": "p1"}', False),
        ('{"status": "success", "message": "Salesforce record updated."}', False),
        # A Chinese service's tools (made-up shop runs, /work/notes/tau45/probe2.py): the
        # error text in Chinese, and a failure flag whose reason sits under "msg".
        ("错误：订单不存在", True),
        ("【错误】库存不足", True),
        ("错误原因：无", False),  # a record's field, no failed call
        ("失败原因：无", False),
        ('{"success": false, "msg": "订单已发货，无法取消"}', True),
        ('{"success": true, "msg": "ok"}', False),
    ],
)
def test_error_texts(text: str, error: bool) -> None:
    assert is_error_text(text) is error


def test_mcp_tools_list_annotations_decide_lookups(tmp_path: Path) -> None:
    log = tmp_path / "session.jsonl"
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 1,
            "result": {
                "tools": [
                    {"name": "lookup", "annotations": {"readOnlyHint": True}},
                    {"name": "archive_item", "annotations": {"readOnlyHint": True}},
                ]
            },
        },
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "lookup", "arguments": {"q": "x"}},
        },
        {
            "jsonrpc": "2.0",
            "id": 2,
            "result": {"content": [{"type": "text", "text": '{"items": ["itm_5551234"]}'}]},
        },
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "archive_item", "arguments": {"id": "itm_5551234"}},
        },
        {"jsonrpc": "2.0", "id": 3, "result": {"content": [], "isError": True}},
    ]
    log.write_text("".join(json.dumps(x) + "\n" for x in lines))
    a = analyse_traces([log], workers=1)
    assert a.followups.kind.tolist() == ["read"]  # the annotation beats the verb "archive"
    assert (a.totals["lookups"], a.totals["actions"], a.totals["errors"]) == (1, 0, 1)


def test_a_tools_file_turns_an_unknown_tool_into_a_write(tmp_path: Path) -> None:
    conv = {
        "id": "c1",
        "messages": [
            {"role": "user", "content": "Rebook me please."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "a",
                        "type": "function",
                        "function": {"name": "lookup_trip", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "a", "content": '{"trip": "TRP_99812"}'},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "b",
                        "type": "function",
                        "function": {
                            "name": "trip_rebooking",
                            "arguments": '{"trip": "TRP_99812"}',
                        },
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "b", "content": "done"},
        ],
    }
    log = tmp_path / "c.jsonl"
    log.write_text(json.dumps(conv) + "\n")
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps([{"name": "trip_rebooking", "annotations": {"readOnlyHint": False}}])
    )
    assert analyse_traces([log], workers=1).totals["lookups"] == 1  # no verb: counts as a read
    told = analyse_traces([log], workers=1, tools=[tools])
    assert (told.totals["lookups"], told.totals["actions"]) == (0, 1)
    assert (
        told.fanout[0].text == "lookup_trip: trip -> trip_rebooking(trip) x1 in 1 trace: 1 action"
    )


@pytest.mark.parametrize(
    ("text", "error"),
    [
        # mini-SWE-agent's results (SWE-agent/mini-swe-agent 3c7d1d7f, output/...traj.json).
        ("<returncode>1</returncode>\n<output>\nERROR: Could not find a version\n</output>", True),
        ("<returncode>0</returncode>\n<output>\n./astropy/modeling/separable.py\n</output>", False),
        ("<returncode>127</returncode>\n<output>\nbash: pytest: command not found", True),
        # Exit 0 through a pipe, the script's traceback first: read by its output.
        ("<returncode>0</returncode>\n<output>\nTraceback (most recent call last):\n  File", True),
        ("<exception>An error occurred while executing the command: timed out after 60 s", True),
        ("<output>returncode 1 is fine here</output>", False),
        # SWE-agent's linter rejecting an edit (princeton-nlp/SWE-agent 0772c99c, the
        # pydicom__pydicom-1458 trajectory of tests/corpora/formats/swe_agent_output).
        (
            "Your proposed edit has introduced new syntax error(s). Please understand the fixes"
            " and retry your edit commmand.\n\nERRORS:\n- E999 IndentationError",
            True,
        ),
        ("The edit introduced no syntax errors.", False),
        # gemini-cli's run_shell_command (mischa-thisness/M-Gemini at
        # 3bad8d462ef0a93165eb373a44f09a77910e5ecd, Archives/session-*.json): the footer after
        # the output says how the command ended; 231 of its 957 shell results exit non-zero.
        (
            'Command: winget search "Intel XTU"\nDirectory: (root)\nOutput: No package found '
            "matching input criteria.\nError: (none)\nExit Code: 1\nSignal: (none)\n"
            "Background PIDs: (none)\nProcess Group PGID: 5796",
            True,
        ),
        (
            "Command: pwd\nDirectory: (root)\nOutput: /home/mischa\nError: (none)\nExit Code: 0\n"
            "Signal: 0\nBackground PIDs: (none)\nProcess Group PGID: 63639",
            False,
        ),
        # An error printed inside the output is the output's, not the footer's.
        (
            "Command: cat log\nDirectory: (root)\nOutput: Error: disk full\nretrying\n"
            "Error: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)",
            False,
        ),
        # Newer versions write only the footer lines that say something.
        ("Output: (empty)\nExit Code: 2\nProcess Group PGID: 88", True),
        ("Output: ok\nProcess Group PGID: 88", False),
        (
            "Command was automatically cancelled because it exceeded the timeout of 5.0 "
            "minutes without output. Below is the output before it was cancelled:\n[sudo] "
            "password for mischa:",
            True,
        ),
    ],
)
def test_shell_exit_status_texts(text: str, error: bool) -> None:
    assert is_error_text(text) is error


@pytest.mark.parametrize(
    ("text", "error"),
    [
        # The browser of a Codex Desktop session (CLI 0.128.0-alpha.1, codemie-ai/codemie-code
        # 60fbed2c, rollout 019e1695: tests/corpora/formats/codex/, lines 14 and 17): the
        # action was not run. Was no failure.
        (
            "Browser Use rejected this action due to browser security policy. Reason: The user "
            "has requested that http://localhost:5173 should not be used.",
            True,
        ),
        ("Tool execution denied by policy.", True),
        ("The request was blocked by your organization's content policy.", True),
        # A policy as data, or quoted further down, is no refusal of the call.
        ("Refund policy: items may be returned within 30 days.", False),
        ("Found 2 rules. Access to room 4 is denied by the building policy.", False),
        ("The committee rejected the bill due to policy concerns.", False),
    ],
)
def test_a_policy_refusal_is_an_error(text: str, error: bool) -> None:
    assert is_error_text(text) is error


@pytest.mark.parametrize(
    ("description", "kind"),
    [
        ("Cancel the whole reservation.", "write"),
        ("Searches the catalogue for products.", "read"),
        ("Modifies the pending order's address.", "write"),
        ("Use this tool to fetch the weather now.", "read"),
        ("Returns the order's status.", None),  # what comes back, not a return
        # Who acts, then the verb (SOPBench's bank assistant).
        ("The user applies for a loan. Returns the amount owed to the bank.", "write"),
        ("The user ID to look the account up by.", None),
        ("The current weather.", None),
        (None, None),
    ],
)
def test_a_description_starts_with_the_tools_verb(
    description: str | None, kind: str | None
) -> None:
    assert description_kind(description) == kind


def test_openai_definitions_give_kinds_by_description_where_the_name_has_no_verb(
    tmp_path: Path,
) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps(
            [
                {
                    "type": "function",
                    "function": {"name": "CurrentWeather", "description": "Gets the weather."},
                },
                {
                    "type": "function",
                    "function": {"name": "flight_booking", "description": "Book a flight."},
                },
                # The name's verb decides: its description is not read.
                {
                    "type": "function",
                    "function": {"name": "list_users", "description": "Cancel it."},
                },
            ]
        )
    )
    hints, problem = tools_file_hints(tools)
    assert hints == {"CurrentWeather": True, "flight_booking": False}
    assert problem is None


def test_a_get_tool_whose_description_writes_is_a_write() -> None:
    # SOPBench's bank assistant (arpitg1991/SOPBench@f4a86fe, env/domains/bank/
    # bank_assistant.py): get_loan takes a loan out, and its description says so. "get" is
    # fetching or obtaining; the other get_ tools' descriptions read, and stay reads.
    defs = [
        {"name": "get_loan", "description": "The user applies for a loan. Returns true or false."},
        {"name": "get_account_balance", "description": "Retrieves the account balance."},
        {"name": "get_safety_box", "description": "The contents of the safety box."},
        {"name": "list_loans", "description": "Applies filters to the user's loans."},
    ]
    assert tool_hints(defs) == {"get_loan": False}
    # Without a definition the name alone reads: get_loan(loan_id) fetches a loan's record
    # in as many APIs as it takes one out in.
    assert verb_kind("get_loan") == "read"


def test_a_tools_file_that_says_nothing_new_is_a_problem(tmp_path: Path) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps(
            [
                {
                    "type": "function",
                    "function": {"name": "get_user", "description": "Get a user."},
                },
                {"type": "function", "function": {"name": "cancel_order"}},
            ]
        )
    )
    hints, problem = tools_file_hints(tools)
    assert hints == {}
    assert problem is not None
    assert problem.startswith("tools file: none of its 2 tools carries annotations.readOnlyHint")


def test_tool_statements_are_descriptions_defaults_and_enums_at_any_depth() -> None:
    schema = {
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"qty": {"type": "integer", "default": 1, "minimum": 1}},
                },
            },
            "due": {"anyOf": [{"type": "string", "description": "ISO date"}, {"type": "null"}]},
            "rate": {"type": "number", "enum": [0.1, 0.15, None]},
        },
    }
    tools = {"tools": [{"name": "create_invoice", "inputSchema": schema}, {"name": "ping"}]}
    # No description, nothing stated: ping is left out; the minimum is a bound, not a value.
    assert tool_statements(tools) == {"create_invoice": "1\nISO date\n0.1, 0.15"}
    assert tool_statements(None) == {} and tool_statements([{"description": "no name"}]) == {}
    # A tool a trace has read already (a request log re-sends them all) is not read again.
    assert tool_statements(tools, {"create_invoice"}) == {}


def test_drawing_a_chart_from_a_results_file_is_no_lookup() -> None:
    # A real AG2 run (fw-ai/cookbook; formats README) passes the CSV path get_prices
    # returned to draw_time_series: the chart is drawn from the file, no lookup of data.
    log = Path(__file__).resolve().parents[1] / "corpora" / "formats" / "ag2_chat_history.json"
    a = analyse_traces([log], workers=1)
    assert (a.totals["followups"], a.totals["lookups"], a.totals["actions"]) == (1, 0, 1)


@pytest.mark.parametrize(
    ("args", "kind"),
    [
        # A shell tool's verb is the command it runs.
        ({"command": "mv /workspace/game_2048.py /workspace/2048.py"}, "write"),
        ({"command": "cat README.md | grep -n install"}, "read"),
        ({"command": "cd /workspace && ls -la"}, "read"),
        ({"command": "git status && git diff HEAD~1"}, "read"),
        ({"command": "git add -A && git commit -m 'fix'"}, "write"),
        ({"command": "rm -rf build"}, "write"),
        ({"command": "sudo mkdir -p /opt/app"}, "write"),
        ({"command": "echo hi > notes.txt"}, "write"),  # an output redirect writes a file
        ({"command": "grep -rn TODO src 2>&1 | head"}, "read"),  # not a file written
        ({"command": "sed -i 's/a/b/' x.py"}, "write"),
        ({"command": "sed -n '1,20p' x.py"}, "read"),
        ({"command": "pip install requests"}, "write"),
        ({"command": "python3 -m pytest -q"}, None),  # runs code: neither, as before
        ({"command": "ls; ./deploy.sh"}, None),
        ({"commands": ["ls -R /skills", "sed -n '1,200p' /skills/SKILL.md"]}, "read"),
        ({"cmd": ["bash", "-lc", "rg -n foo"]}, "read"),
        # A file editor's command says it too (str_replace_editor, text_editor tools).
        ({"command": "view", "path": "/workspace"}, "read"),
        ({"command": "str_replace", "path": "a.py", "old_str": "x", "new_str": "y"}, "write"),
        ({"command": "create", "path": "a.py", "file_text": ""}, "write"),
        ({"path": "a.py"}, None),
        ({"command": ""}, None),
        # Codex CLI's shell tool takes an argument vector: one command, whose arguments
        # are values (a pattern's "|" is no pipe), or a shell running a script
        # (example.jsonl of AcidicSoil/codex-session-viewer, trial 14).
        ({"command": ["rg", "-n", "zip|JSZip", "src"]}, "read"),
        ({"command": ["bash", "-lc", 'rg -n "zip|JSZip|Zip" -S src || true']}, "read"),
        ({"command": ["zsh", "-lc", "rg \"cursor_usage\" -n 'src/types.ts'"]}, "read"),
        ({"command": ["bash", "-lc", "git show HEAD~1 | head -50"]}, "read"),
        ({"command": ["bash", "-lc", 'rg -n "=>\\s*{" src']}, "read"),  # a quoted ">"
        (
            {"command": ["apply_patch", "*** Begin Patch\n*** Update File: a.tsx\n+<b>x</b>\n"]},
            "write",
        ),
        # A patch fed on a here-document is the command's input, not commands.
        (
            {"command": ["bash", "-lc", "applypatch << 'PATCH'\n*** Begin Patch\n-ls\nPATCH"]},
            "write",
        ),
        ({"command": ["bash", "-lc", "python - <<'EOF'\nrm = 1 > 0\nEOF"]}, None),
        ({"command": ["bash", "-lc", "cat > notes.md <<EOF\nhi\nEOF"]}, "write"),
        ({"command": ["bash", "-lc", "git commit -am wip"]}, "write"),
        ({"command": ["bash", "-lc", "tee out.txt < in.txt"]}, "write"),
        # A package manager's sub-command decides: a script or a test run is neither.
        ({"command": ["bash", "-lc", "npm run -s typecheck"]}, None),
        ({"command": "pnpm --filter @repo/app test"}, None),
        ({"command": "pnpm --filter @repo/app add zod"}, "write"),
        ({"command": "npm ci"}, "write"),
    ],
)
def test_a_shell_or_editor_commands_verb_is_its_kind(
    args: dict[str, object], kind: str | None
) -> None:
    assert command_kind(args) == kind


def test_a_shell_rename_of_a_path_a_view_listed_is_an_action_not_a_lookup() -> None:
    # OpenHands (tests/corpora/formats/openhands/wrong_initial_state.json): the editor's view
    # lists /workspace/game_2048.py, then execute_bash runs "mv /workspace/game_2048.py
    # /workspace/2048.py": passing on a path it was given to a command that writes.
    path = (
        Path(__file__).resolve().parents[1] / "corpora/formats/openhands/wrong_initial_state.json"
    )
    a = analyse_traces([path])
    (row,) = a.summary.itertuples()
    assert (row.followups, row.lookups, row.actions) == (1, 0, 1)


@pytest.mark.parametrize(
    ("args", "programs"),
    [
        ({"command": ["apply_patch", "*** Begin Patch"]}, {"apply_patch"}),
        ({"command": ["bash", "-lc", "cd src && sudo rg -n 'a|b' | head"]}, {"cd", "rg", "head"}),
        (
            {"command": ["bash", "-lc", "applypatch << 'P'\n*** Begin Patch\n-ls\nP"]},
            {"applypatch"},
        ),
        ({"command": "FOO=1 make test"}, {"make"}),
        ({"path": "a.py"}, set()),
    ],
)
def test_the_programs_a_command_runs(args: dict[str, object], programs: set[str]) -> None:
    assert command_programs(args) == programs


def test_a_command_written_from_the_directory_its_cd_enters() -> None:
    # `cd x && node y.js` is `node x/y.js` run from x; the cd's directory decides only the
    # words that name one of the other command's paths from there.
    assert from_directory("node x/y.js", "cd x && node y.js") == ("node x/y.js",) * 2
    assert from_directory("cd x; node ./y.js --fast", "node x/y.js") == (
        "node x/y.js --fast",
        "node x/y.js",
    )
    assert from_directory("node x/y.js", "cd x/ && node y.js | tee log") == (
        "node x/y.js",
        "node x/y.js | tee log",
    )
    # Another script, another directory, a cd on both sides, a quoted or variable
    # directory, a cd to where it already ran, or no cd: nothing to write.
    for a, b in [
        ("node x/y.js", "cd x && node z.js"),
        ("node x/y.js", "cd z && node y.js"),
        ("cd x && node y.js", "cd x && node y.js --fast"),
        ("node x/y.js", 'cd "x" && node y.js'),
        ("node x/y.js", "cd $DIR && node y.js"),
        ("node y.js", "cd . && node y.js"),
        ("node x/y.js", "node y.js"),
    ]:
        assert from_directory(a, b) is None, (a, b)
