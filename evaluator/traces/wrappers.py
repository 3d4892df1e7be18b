"""What a harness wraps around a user's words: the machinery the user-text signals skip.

An agent's harness often hands the model the user's words inside text of its own, in the
user's message: notes to the model in tags (Claude Code's and Letta Code's
``<system-reminder>`` blocks), the headers of a message relayed from a chat or mail (``From:
cameron Mentions: taurean`` over ``Content: <the words>``), and a chat bridge's bracketed
lines (``[Recent conversation context:]`` ... ``[End context]`` quoting earlier messages,
``[2026-01-20T17:41:07Z] [mweichert (id=…) sent a message in #help]`` naming the sender,
``[You CAN respond to this message.]`` telling the agent what it may do). Turn
classification, question drift and question mining read :func:`user_words`, the words
without it; the events keep the text as the trace holds it, and what the user and the
system said (the follow-ups' and claims' grounds) keeps the wrapping too, since the agent
was told it.
"""

from __future__ import annotations

import re

#: A block in a tag the harness names as its own (``<system-reminder>``, ``<system-alert>``,
#: ``<system>``): a note to the model, never the user's words.
_SYSTEM_TAG = re.compile(r"<(system(?:[-_][a-z]+)*)>.*?</\1>", re.DOTALL | re.IGNORECASE)
#: The headers of a relayed message: ``From:`` opening it, other header fields, then the
#: field that holds the words (``Content:``, ``Message:``, ``Body:``, ``Text:``).
_ENVELOPE = re.compile(
    r"\A\s*From:[^\n]*\n(?:[A-Z][\w -]{0,30}:[^\n]*\n)*?(?:Content|Message|Body|Text):[ \t]*\n?"
)
#: A chat app's mention markup, its encoding of an ``@name`` (Discord's ``<@1428501417731293395>``,
#: ``<@!…>``, ``<@&…>`` for a role, ``<#…>`` for a channel; Slack's ``<@U024BE7LH>``, with
#: ``|name`` after the id in older messages), with the space before it: an id in the words
#: reads as a value the user gave.
_MENTION = re.compile(r"[ \t]?<(?:@[!&]?|#)(?:\d{5,}|[UWCG][A-Z0-9]{6,})(?:\|[^>\n]*)?>")
#: A blank-line run that removing machinery leaves.
_BLANK_RUN = re.compile(r"\n[ \t]*(?:\n[ \t]*)+\n")


def user_words(text: str) -> str:
    """``text`` (a user message) without its harness's machinery (see the module's
    docstring): system-tagged blocks, a relayed message's headers, a chat bridge's
    bracketed lines where words stand outside them, and a chat app's mention markup.
    ``text`` itself when it holds none of these; ``""`` when it holds nothing but
    system-tagged blocks."""
    words = text
    if "<" in words:
        words = _SYSTEM_TAG.sub("", words)
    envelope = _ENVELOPE.match(words) if "From:" in words else None
    if envelope is not None:
        words = words[envelope.end() :]
    if "[" in words:
        words = _unframed(words)
    if "<" in words:
        words = _MENTION.sub("", words)
    if words == text:
        return text
    return _BLANK_RUN.sub("\n\n", words).strip()


def _group_end(line: str, start: int) -> int:
    """The index just past the bracket group opening at ``line[start]`` (``[`` ... its
    matching ``]``, nested groups counted), or ``-1`` when it does not close on the line."""
    depth = 0
    for i in range(start, len(line)):
        c = line[i]
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _is_note(line: str) -> bool:
    """Whether a line is one bracketed note: a group that opens the line with a word
    (``[End context]``, ``[Thread: "…"]``; not a JSON list, ``["a", "b"]``) and closes at
    its end."""
    s = line.strip()
    return (
        len(s) > 2
        and s[0] == "["
        and s[1].isalpha()
        and s[-1] == "]"
        and _group_end(s, 0) == len(s)
    )


def _unframed(text: str) -> str:
    """``text`` without a chat bridge's framing, when it opens with a bracketed note line
    and has words outside the notes: its bracketed note lines, the lines a note heading
    ``[… context:]`` quotes up to the ``[End …]`` note that closes them, and the bracketed
    notes that open the first line of words (the sender and the time). A message that does
    not open with a note has no bridge's framing (a user's ``[Bug] …`` is their words), and
    one that is bracketed notes alone is left whole: the note is then the message
    (``[Request interrupted by user]``)."""
    opening = text.lstrip()
    if not opening.startswith("[") or not _is_note(opening.split("\n", 1)[0]):
        return text  # not framed: a bridge opens with its notes (checked first, as cheap)
    lines = text.split("\n")
    notes = [_is_note(line) for line in lines]
    if all(n or not line.strip() for n, line in zip(notes, lines, strict=True)):
        return text  # notes alone
    ends = [i for i, (n, line) in enumerate(zip(notes, lines, strict=True)) if n and _ends(line)]
    kept: list[str] = []
    quoted_to = -1  # the index of the [End …] note that closes the quote being skipped
    lead = True  # no line of words yet: the next one may open with the sender's notes
    for i, (note, line) in enumerate(zip(notes, lines, strict=True)):
        if i <= quoted_to:
            continue
        if note:
            if line.rstrip().endswith(":]"):
                # A heading over quoted earlier messages: skipped up to its [End …] note.
                quoted_to = next((e for e in ends if e > i), -1)
            continue
        if lead and line.strip():
            line, lead = _unlead(line), False
        kept.append(line)
    return "\n".join(kept)


def _ends(line: str) -> bool:
    """Whether a note line closes a quote (``[End context]``, ``[End thread context]``)."""
    return line.strip()[1:4].lower() == "end"


def _unlead(line: str) -> str:
    """A line without the bracketed notes that open it (``[2026-01-20T17:41:07Z]
    [mweichert (id=…) sent a message in #help] <the words>``); a group a link's target
    follows (``[docs](https://…)``) is the words'."""
    at = len(line) - len(line.lstrip())
    while at < len(line) and line[at] == "[":
        end = _group_end(line, at)
        if end < 0 or (end < len(line) and not line[end].isspace()):
            break
        at = end
        while at < len(line) and line[at].isspace():
            at += 1
    return line[at:]
