"""Contract checks: the result properties an agent relies on, checked per projection.

Each rule has an id, a default severity (a suite's ``checks:`` turns a rule ``off`` or
changes its severity) and findings that name the output path and say what to change.

``ID-ARG``          an id one of the agent's tools takes as an argument survives, in full
``ID-OPAQUE``       an opaque id passed through that a question wants as a name, or (when the
                    suite lists its tools) that no tool takes: a join key into a store the
                    model does not have
``ENUM-CODE``       small integer codes passed through without their labels
``LABELS``          a code shown with a label other than the one the suite's ``labels:`` give
``ABSENCE``         a key omitted when the source value is null and sent otherwise (or the
                    reverse), so "not set" and "not sent" look the same
``TRUNCATION``      fewer list items, or cut text, without a marker saying so and where
``ERROR-AS-EMPTY``  an error response that reads as a successful (empty) result
``OUTPUT-SCHEMA``   an output that does not validate against the suite's output schema, or
                    an MCP text block that is not the JSON of its structuredContent
``UNTRUSTED-TEXT``  text marked ``untrusted: true`` merged into another field or a control key

How a tool argument is matched to a source field (ID-ARG and ID-OPAQUE). An argument is an
id argument when its name is ``id`` or ends in ``_id``, ``Id`` or ``_ids``; its *entity*
is the name without that suffix (for a bare ``id``, the last word of the tool name:
``get_ticket`` -> ``ticket``). It matches a source path when

1. the field dictionary names a field exactly like the argument (``ticket_id``), or
2. the path's last key is the argument's name (``data[].customer_id``), or
3. the path ends in ``id`` and its record is of the argument's entity: the JSON:API
   ``type`` or Stripe ``object`` beside the id (``{"type": "user", "id": ...}``) equals the
   entity exactly (a line item of ``type: invoiceitem`` is no ``invoice``), or the key
   holding the record (``relationships.organization.data.id``) equals the entity or one
   begins with the other (``org`` <-> ``organization``), or
4. the path's last key, or the field's name, names the entity: ``customer_id``,
   ``customerId``, ``eventID`` (the last word of a compound counts: ``inner_event_id``), or
   the key holds ids of it (``customer: "cus_1"``), or
5. every value at the path carries a type prefix that begins the entity (``cus_`` for a
   ``customer``).

The checks read the suite's one walk of the fixtures, so ids inside a string that holds
JSON (``CloudTrailEvent.<json>.eventID``) are matched and looked for too.

Tools come from the suite's ``tools:`` file: an MCP ``tools/list`` result
(``{"tools": [...]}``, bare or inside a JSON-RPC response), a list of tools (MCP,
Anthropic ``input_schema`` or OpenAI ``function.parameters``), or a list of bare input
schemas.
"""

from __future__ import annotations

from .base import (
    RULES,
    SEVERITY_ORDER,
    Finding,
    Rule,
    findings_to_pandas,
    rule_severities,
    summarize,
)
from .facts import match_arguments
from .runner import check_suite
from .tools import ToolArg, load_tools

__all__ = [
    "RULES",
    "SEVERITY_ORDER",
    "Finding",
    "Rule",
    "ToolArg",
    "check_suite",
    "findings_to_pandas",
    "load_tools",
    "match_arguments",
    "rule_severities",
    "summarize",
]
