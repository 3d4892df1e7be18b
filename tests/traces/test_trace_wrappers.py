"""The user's words without the harness's wrapping, on the shapes real agent logs hold."""

from __future__ import annotations

from projeval.traces.wrappers import user_words

# letta-ai/agent-file e661de57, agents/@letta-ai/lettabot-builder/lettabot-builder.af: Letta
# Code's first user message, two reminder parts and the question (joined as the reader
# joins a message's text parts; the reminders cut here).
LETTA_CODE = (
    "<system-reminder>\nThis is an automated message providing context about the user's "
    "environment.\nThe user has just initiated a new connection via the [Letta Code CLI "
    "client](https://docs.letta.com/letta-code/index.md).\n\n## Device Information\n- "
    "**Local time**: Thursday, February 12, 2026 at 10:31 AM PST\n</system-reminder>\n"
    "<system-reminder>\nThe following skills are available for use with the Skill tool:\n\n"
    "- searching-messages (bundled): Search past messages to recall context.\n"
    "</system-reminder>\nWhat do you know about me?"
)

# letta-ai/agent-file a1e10475, agents/@letta-ai/ezra/ezra.af, agent Ezra: the Discord
# bridge's two generations (the quoted context cut here).
EZRA_HEADERS = (
    "From: cameron_pfiffer Mentions: iherath7\nContent: Someone else mentioned this, which "
    "suggests it's a bug. Thank you for the detailed report!"
)
EZRA_HEADERS_BODY_BELOW = (
    "From: taurean\nContent:\nis it possible to enable the agent via the ADE to create new "
    "memory blocks for every new person it talks to?"
)
EZRA_CHANNEL = (
    "[Recent conversation context:]\n- thepia: <@1428501417731293395> I have two self "
    "hosted servers and letta cloud. How can I migrate archival memory between them?\n"
    "- mweichert: [no text content]\n[End context]\n\n[2026-01-20T17:22:55.983Z] "
    "[mweichert (id=496187158697213963) sent a message in #🔧｜ezra mentioning you] "
    "<@1428501417731293395> are you familiar with GraphRAG?\n\n[You CAN respond to this "
    "message. Your response will be sent to Discord.]"
)
EZRA_THREAD = (
    '[Thread: "@Ezra is it possible to turn the letta framework i"]\n[Thread started by '
    'itzpingcat: "<@1428501417731293395> is it possible to turn the letta framework into '
    'an mcp server"]\n\n[Thread conversation history:]\n- itzpingcat: what i mean is: turn '
    "letta's tools into a mcp\n[Later session]\n- Ezra: The Letta team has built this.\n"
    "[End thread context]\n\n[2026-01-20T20:26:18.579Z] [itzpingcat (id=845336457153740830) "
    "sent a message in #@Ezra is it possible to turn the letta framework i mentioning you] "
    "<@1428501417731293395> why hasnt the dev of letta done this\n\n[You CAN respond to this "
    "message. Your response will be sent to Discord.]"
)


def test_system_tagged_blocks_are_the_harness_s() -> None:
    assert user_words(LETTA_CODE) == "What do you know about me?"
    # Claude Code writes its reminders after the words too, and in the same role.
    claude = (
        "Fix the parser.\n\n<system-reminder>\nThe TodoWrite tool hasn't been used.\n"
        "</system-reminder>"
    )
    assert user_words(claude) == "Fix the parser."
    # Nothing but reminders: no words at all.
    assert user_words("<system-reminder>Lint passed.</system-reminder>") == ""


def test_a_relayed_message_s_headers_are_not_its_words() -> None:
    assert user_words(EZRA_HEADERS) == (
        "Someone else mentioned this, which suggests it's a bug. Thank you for the detailed report!"
    )
    assert user_words(EZRA_HEADERS_BODY_BELOW).startswith("is it possible to enable the agent")
    # A "From:" the user wrote in a sentence is no header.
    said = "From: the start, I asked for a refund.\nWhy is it not there?"
    assert user_words(said) is said


def test_a_chat_bridge_s_bracketed_lines_and_quoted_context_are_not_the_words() -> None:
    assert user_words(EZRA_CHANNEL) == "are you familiar with GraphRAG?"
    assert user_words(EZRA_THREAD) == "why hasnt the dev of letta done this"


def test_a_chat_app_s_mention_markup_is_not_a_value_the_user_gave() -> None:
    # Ezra's Discord users address it as <@1428501417731293395>: read as an id the user
    # gave, "is parallel tool call available for self hosted models" was an answer.
    assert user_words(
        "Hey <@1428501417731293395>, can I use Letta agents with OpenAI compatible endpoints?"
    ) == ("Hey, can I use Letta agents with OpenAI compatible endpoints?")
    assert user_words("Can you explain tool calling limitations? <@1428501417731293395>") == (
        "Can you explain tool calling limitations?"
    )
    # Slack's (an id of letters and digits, a name after it in older messages).
    assert user_words("<@U024BE7LH|bob> can you check order 4412?") == "can you check order 4412?"


def test_text_without_machinery_is_left_as_it_is() -> None:
    for text in (
        "What's the status of order #W2378156?",
        # Claude Code's note standing for the user's act is the whole message: left whole.
        "[Request interrupted by user for tool use]",
        # A list pasted on its own line, and a link opening the words, are the user's.
        'Set these:\n["CHANNEL_A", "CHANNEL_B"]\n[End of list]',
        "[Feather AI](https://example.com) is what I use.\nHow do you handle latency?",
        # A tag of the user's own opens the words, an aside stands on a line: no bridge.
        "[Bug] The app crashes on start.\n[screenshot]\nAny idea why?",
        "<b>bold</b> question?",
        "Is <@3> a valid tag?",
    ):
        assert user_words(text) is text, text
