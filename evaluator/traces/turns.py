"""User turns classified: information question, task request, answer, greeting, other.

Only questions and requests are what a question set measures; answers to the
agent ("Yes please.", "订单号是 ORD-2024-5678"), greetings and closings, and the
rest (statements, stalling, pushback) are not asked of the payload. Drift,
question mining and the hedged-answers view read only the turns
:func:`is_query` accepts.

Deterministic rules over word lists that are data
(``evaluator/data/turns_<lang>.txt``, English and Chinese). The agent's message
before the turn (``previous``) says what the turn replies to (:func:`agent_context`):
a request for a value, a choice or a yes or no (``"solicit"``), an offer of more
help ("Anything else?", ``"open"``), a report that nothing could be done or found
(``"failed"``), nothing, or no message at all (``"opening"``).
A simulated user's quotes and speaker label ('Sarah: "..."') are read past. The rules,
in this order:

1. a turn in which the user speaks as the agent (offers help, asks about the
   listener's own plans: "When are you looking to go?", recaps the listener's
   wishes: "Just to confirm, you'd prefer...") is ``other``; a turn of
   greetings, thanks or closings only is a ``greeting``, and so is a turn that
   ends thanking or saying goodbye, or opens thanking, and asks, requests and
   answers nothing ("好的,谢谢你了,再见。", "Thanks. I'll wait for the text."); "no" and
   only that there is nothing more ("No that is all.") declines without thanks: an
   ``answer``;
2. a decline followed by a new task is a ``request`` ("No thanks, but I will need a
   taxi", "No. Instead, reserve a table"), unless the agent asked to confirm a recap
   (``"confirm"``: after it a correction is an ``answer``); a leading greeting,
   acknowledgement ("OK,", "好的，") or yes/no ("No,", "可以，") is split off: after yes/no the turn is an ``answer`` unless the
   rest asks a question; after an acknowledgement, a rest of one word (or two
   Chinese characters) is an ``answer``;
3. a last question that only asks for agreement ("Does that work?") is read
   past, and so are remarks after the last question ("Do they know Nest? I want
   it done right."); when the last sentence (or clause) has the form of a
   question it is a ``question``, unless its asking clause asks the agent to act
   ("Can you book...?", "Can I book a table for 7?", "Is it possible to change…?",
   "能推荐一个...吗?", "能改下收货地址吗", "Are there
   any other trains?", "Do you have a hotel nearby?"; not "Can you tell me about...?",
   "Can I please have the phone number?", "Can you give an estimate of the
   cost?", "Which size do I need?"), or it gives the value
   the agent asked for ("How about 3 PM?", "maybe from the 3rd to the 10th?",
   "Could you make it for the 13th?" after "What day?": an ``answer``), or proposes
   another value after the agent found nothing ("How about Friday?": a ``request``); the
   first act it asks for decides ("Can you search for X and tell me its date?" a
   ``request``), and a question about the user's own need ("我需要做哪些检查？"), a wish to
   be told ("I want to know the weather in Detroit?") or a verb of giving with what a
   lookup tells ("Can you provide me with the current quotes?") asks no act; "What about
   X?" after the agent's result asks for the same task on another object (a ``request``),
   unless X is a fact or a time; a task added after it ("… Also, please set an alert")
   makes it a ``request``; a turn
   that starts a sentence by choosing ("I'm going with the 12:00 flight. Please
   book it.") and asks nothing is an ``answer``; asking whether the agent has items of a
   kind ("Any coats with good reviews?", "What else can you show me?") is a search, a
   ``request``; a verb of telling ("请谈谈…", "give me some examples") asks no act, nor
   does its imperative ("请介绍一下…", "Tell me about that coat");
4. a turn that only stalls ("Let me check.", "Just a moment!", "I'll provide my zip
   code") is ``other``; after a solicitation, a turn that asks nothing is an ``answer``,
   even in the words of a request ("I want to start on July 1." after "When do you want to
   start?"), unless it opens with "Also", "Actually", "Oh wait" (something new);
5. a wish to be told is a ``question`` ("I want to know when they expire.",
   "麻烦您发一下这家店的地址给我吧"), and so is a request whose object is a fact, not
   an item to find or an action ("I need the address and postcode", "Their phone number
   please.", "No, I just need the phone number."); a request phrase ("please", "I need", "we
   need", "帮我") or a clause starting with an action verb ("book", "查询") is a
   ``request``, and so is a problem report ("doesn't work", "打不开");
6. a question form anywhere is a ``question`` (a wh-word, fused or not: "what's the
   weather", "气温是多少"; an auxiliary with its subject after it: "is there a…"); an unprompted turn that opens
   with "Also", "Actually", "Oh wait" is ``other`` (a correction); the turn that
   opens the conversation is a ``request`` ("My AC is making a thump sound."), unless it
   only says who the user is or gives a value ("I am Alina", "[订单x]": ``greeting`` when
   it greets, else ``other``);
   a short approval ("That sounds great to me.") is an ``answer``;
7. an answer form ("my id is...", "我选...", a short turn holding an id or a
   number) is an ``answer``; a short Chinese noun phrase naming a task
   ("…的旅游计划") is a ``request``;
8. otherwise a ``request`` after an offer of more help (``other`` when it only
   complains: "That's not fair."), an ``answer`` when the agent's message before asked a
   question, else ``other``. A turn that is one upper-case token ("###STOP###",
   "FINISHED") is a simulator's signal: ``other``. After the agent's question on what it
   proposes ("What do you think of the black chair?"), an imperative to act ("Add it to
   my cart") is a ``request``. A turn that speaks as the agent ("Based on your…") is
   ``other`` unless it opens by instructing the agent and asks nothing (a benchmark's task
   prompt: "Please find the restaurants…, then create…").

Read with the agent's message (session 14's rulings): the value the agent asked for,
followed by the act it asked it for ("To fetch the pollen data I need your latitude" → "My
latitude is 22.5. Can you check the pollen data?"), going ahead with the act it proposed
("Please go ahead." after "I can ask a manager…") and naming only what it listed ("uberX
please") are ``answer``s; "Also, <an act it did not name>" after an answer is a
``request``. A list of items of a kind ("a list of all NBA players") is a search, a
``request``, whatever the verb; how to fix the user's own fault ("How do I solve the
problem?") a ``request``.

Session 21's rulings (round 22's customer e-mails): a first message that tells the user's own
order or item and asks for a remedy of it (a return, an exchange, a refund, a cancellation, a
price match, a warranty claim: "I'd like to return it. Could you let me know the process?",
"Is it possible to exchange it?", "能不能给我退款？"), or what to do about a problem told of it
("Could you please advise on how to resolve this issue?"), is a ``request``; the status, stock
or costs asked beside a problem stay questions, and so does a Chinese imperative to tell or
judge whether ("你猜一下这台冰箱还值不值得修。").
"""

from __future__ import annotations

import functools
import importlib.resources
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from . import linear
from .linear import LinearModel
from .prefilter import search as gated_search
from .values import MONTH_NAMES, WEEKDAY_NAMES

T = TypeVar("T")

#: The classes, in the order the README lists them.
TURN_CLASSES = ("question", "request", "answer", "greeting", "other")
#: The classes that ask something of the tools: they feed drift, mining and hedged answers.
QUERY_CLASSES = frozenset({"question", "request"})

_SECTIONS = (
    "greeting",
    "ack",
    "yesno",
    "question_start",
    "question_particle",
    "soft_particle",
    "request",
    "request_start",
    "problem",
    "answer_start",
    "task_noun",
    "choice",
    "offer",
    "inform_verb",
    "told_first",
    "recommend",
    "open_offer",
    "solicit",
    "shift",
    "agree_tag",
    "ask_info",
    "desire",
    "deliver",
    "fact",
    "act",
    "alternative",
    "item",
    "approve",
    "confirm",
    "wh",
    "complaint",
    "pushback",
    "wrong",
    "reminder",
    "more",
    "done",
    "change",
    "offer_stop",
    "switch",
    "lookup",
)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Interjections that open a spoken Chinese turn ("嗯好的", "哦取消不了是吧", "呃，YD幺五幺"):
# fillers, read past like a greeting.
# ("恩" is how many type "嗯": "恩我知道", round 16's patients)
_ZH_FILLERS = "嗯恩哦噢呃啊唉诶哎呀"
# How Chinese customer-service staff address the user at a sentence's end ("可以吗亲").
_ZH_VOCATIVE = "(?:亲爱的|亲亲|亲|先生|女士|小姐)?"
_ZH_FILLER = re.compile(rf"^(?:[{_ZH_FILLERS}]+[，,、~～\s]*)+(?=[^\s，,、~～])")
# A sentence ends at Chinese end punctuation, or at ". ! ?" before a space or the end
# (not inside "fmail.com" or "3.5"); a clause at a comma or a colon not between digits
# ("8:00 am" is one clause).
# A "?" or "!" right before a Chinese character ends a sentence too ("地铁能到吗?这样...").
# "Mrs. Fritz", "Dr. Lee": a title's full stop ends no sentence.
_SENTENCE = re.compile(
    r"(?<=[。！？])\s*|(?<=[.!?])(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?:\s+|$)"
    r"|(?<=[!?])(?=[\u3400-\u9fff])|\n+"
)
_CLAUSE = re.compile(r"[,，;；：]\s*|(?:(?<!\d):|:(?!\d))\s*")
_PUNCT = re.compile(r"[\s.!?,，。！？;；:：~～…\-—()（）\"'“”‘’]+")
_ID_OR_NUMBER = re.compile(r"\d|[A-Za-z]+[-_][A-Za-z0-9]|[A-Z]{2,}\d")
_SHORT_WORDS = 8
_SHORT_CJK = 12
_GREETING_CHARS = 48  # a turn of greetings, thanks and closings only is short
_TASK_CJK = 20  # longest noun phrase read as a task title ("北京去京东的旅游计划")
_CLOSING_SHARE = 0.6  # a closing's last greeting or thanks ends in the turn's last 40%
_AGENT_TAIL = 1500  # characters of the agent's message read for what it asked


# mk40 (made-up, session 34): customers thank in their own language inside English turns ("no
# grazie", "okay, I will wait for the email. gracias"): thanks all the same (the top section's
# `greeting`; the ToolTalk clause on declining with thanks).
_MK40_THANKS = ("gracias", "grazie", "merci", "danke", "obrigado", "obrigada", "arigato")

#: Greeting-list words that thank: a clause starting with one is thanks.
_THANKS = (
    *_MK40_THANKS,
    "thanks",
    "thank you",
    "thankyou",
    "thank u",
    "thx",
    "谢谢",
    "謝謝",
    "感谢",
    "感謝",
    "多谢",
    "多謝",
)


def is_query(kind: str | None) -> bool:
    """True for the classes that ask something of the tools: questions and requests."""
    return kind in QUERY_CLASSES


def request_answered(
    kind: str,
    earlier: Sequence[T],
    kind_of: Callable[[T], str],
    pending: Callable[[int], bool] | None = None,
) -> T | None:
    """The turn an ``answer`` turn continues: the latest of ``earlier`` (in order) whose
    ``kind_of`` is a question or a request; ``None`` for any other kind, or when no earlier
    turn asked. A support agent asks for what it needs first ("What's the email on the
    order?") and looks after the customer answers: that answer serves the request.

    ``pending`` is given when what the answer led to changes something (a write): an
    information question asks nothing done, so the answer serves the latest earlier request
    whose agent's ask is still open (``pending(i)``, ``i`` its index in ``earlier``), though
    questions came between ("Create customer Bob and invoice for him." "Please provide the
    items." "what items am I having?" ... "create item 1 with the default values"
    continues the first); with no such request, the latest turn that asked.

    ``kind_of`` is called from the latest turn back and, without ``pending``, not past the
    first that asked (mining classifies the turns it reaches; findings read their class)."""
    if kind != "answer":
        return None
    latest = None
    for i in range(len(earlier) - 1, -1, -1):
        turn = earlier[i]
        asked = kind_of(turn)
        if not is_query(asked):
            continue
        if pending is None:
            return turn
        if latest is None:
            latest = turn
        if asked == "request" and pending(i):
            return turn
    return latest


def is_query_turn(text: str | None) -> bool:
    """True when the user turn ``text`` is an information question or a task request
    (the function mining and drift call)."""
    return is_query(classify_turn(text))


@functools.cache
def _lists() -> dict[str, tuple[str, ...]]:
    words: dict[str, list[str]] = {name: [] for name in _SECTIONS}
    data = importlib.resources.files("projeval").joinpath("data")
    for entry in sorted(data.iterdir(), key=lambda p: p.name):
        if not (entry.name.startswith("turns_") and entry.name.endswith(".txt")):
            continue
        section = None
        for line in entry.read_text("utf-8").splitlines():
            word = line.strip()
            if word.startswith("## ") and word[3:].strip() in words:
                section = word[3:].strip()
            elif word and not word.startswith("#") and section is not None:
                words[section].append(word.lower())
    return {name: tuple(sorted(set(ws), key=len, reverse=True)) for name, ws in words.items()}


def _alternation(words: Iterable[str]) -> str:
    """One regex for ``words``: the spaced ones as a trie inside a single word-boundary
    check (inside a word it fails at once, and at a word's start each character is tried
    once, not once per word), the Chinese ones as a trie with no boundary (no word ends in
    Chinese). An apostrophe may be left out or curly ("thats", "that’s")."""
    spaced: list[str] = []
    cjk: list[str] = []
    for w in words:
        (cjk if _CJK.search(w) else spaced).append(w)
    parts = []
    if spaced:
        parts.append(rf"(?<![\w'])(?:{_trie(spaced)})(?![\w'])")
    if cjk:
        parts.append(_trie(cjk))
    return "|".join(parts) or "(?!)"


def _trie(words: Iterable[str]) -> str:
    """A regex matching exactly ``words``, longest first, as a trie of their characters."""
    root: dict[str, Any] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        ends = "" in node
        alts = [
            ("['\u2019]?" if ch == "'" else re.escape(ch)) + emit(child)
            for ch, child in sorted(node.items())
            if ch
        ]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 and not ends else "(?:" + "|".join(alts) + ")"
        return body + ("?" if ends else "")

    return emit(root)


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    lists = _lists()
    out = {name: re.compile(_alternation(ws), re.IGNORECASE) for name, ws in lists.items()}
    for name in ("question_start", "request_start", "answer_start", "choice", "shift"):
        out[name] = re.compile(rf"^\s*(?:{_alternation(lists[name])})", re.IGNORECASE)
    # "then book it", "so cancel it", "那帮我...", "那就预订…吧": a connective before the verb.
    out["request_start"] = re.compile(
        rf"^\s*(?:(?:then|so|and|also|now|just|ok|instead|那|那么|然后|再|就)\s*)*(?:{_alternation(lists['request_start'])})",
        re.IGNORECASE,
    )
    # Whether a change to the user's order can be made, asked in Chinese, before the verb
    # ("能改下收货地址吗", "可以直接取消么") or after it ("发票信息可以改吗", "晚几天再开可以吗");
    # not whether it can succeed ("不一定能修改成功?").
    change = _alternation(lists["change"])
    out["can_change"] = re.compile(
        # (the user as the doer and a part of the order named first: "那我能不能撤回…？",
        # "能只取消键盘吗？", mk35zh of session 33, as "Can I cancel just the keyboard?")
        # (not "只可以退?", "只能换吗": whether that is the only option, the rule asked: round 8's
        # JD customers, kept a question when mk38zh, session 34, added 退)
        rf"(?<![只])(?:可以|能|能不能|可不可以|能否)(?:我|帮我|给我|帮忙|去|直接|再|只|先|其中的?一?[件个张份台双条])*(?:{change})(?!成功)"
        # (not where a refund goes: "退款能退到银行卡吗？", "能退回到原卡吗" ask the way it is
        # paid back, a question, in the session 31 lead's hand-written customers, as 退回原卡 does;
        # a bare 退回 is the return itself, "这件衣服能退回吗", a request as 能退货吗 is)
        r"(?!(?<=退)(?:[到至]|回(?:到|至|原|卡|账|银行|支付|余额|微信|信用)))"
        # (nor 免费, "free of charge": "托运可以免费吗" asks the price, a fact)
        r"(?!(?<=免)费)"
        rf"|(?:{change})[^，,。？?！!]{{0,16}}(?:可以|行|不行)(?:吗|么|不)"
    )
    # A turn that opens by saying the agent got it wrong, after a "no" or not, up to the
    # end of that clause: "No, that's not what I asked.", "That's wrong, I said the 5th."
    # (a value called wrong, only with a reminder of what the user said).
    reminder = _alternation(lists["reminder"])
    out["pushback"] = re.compile(
        rf"^\s*(?:(?:no|nope|nah)\s*[,，.!！。]*\s*)?(?:{_alternation(lists['pushback'])}|"
        rf"(?:{_alternation(lists['wrong'])})(?=[^.!?。！？]*(?:{reminder})))"
        r"[^.!?。！？,，;；]*[.!?。！？,，;；]*\s*",
        re.IGNORECASE,
    )
    # "Could you briefly summarize…", "Can you also let me know the…": the first verb asked
    out["told_first"] = re.compile(
        r"\b(?:can|could|would|will)\s+you\s+(?:(?:please|also|kindly|briefly|just|now)\s+)*"
        rf"(?:{_alternation(lists['told_first'])})",
        re.IGNORECASE,
    )
    out["lookup"] = re.compile(rf"^\s*(?:{_alternation(lists['lookup'])})")
    out["switch"] = re.compile(
        rf"^\s*(?:{_alternation(lists['switch'])})\s*[,，.!！。]+\s*", re.IGNORECASE
    )
    out["greeting_start"] = re.compile(rf"^\s*(?:{_alternation(lists['greeting'])})", re.IGNORECASE)
    out["thanks_start"] = re.compile(
        rf"^\s*(?:(?:还是|十分|非常|很|真的|so|many|really)\s*)?(?:{_alternation(_THANKS)})"
        # thanks in other words ("I appreciate all the support so far": round 11)
        r"|^\s*i\s+(?:really\s+|truly\s+|do\s+)?appreciate\b",
        re.IGNORECASE,
    )
    out["closing"] = re.compile(
        _alternation(lists["greeting"] + lists["ack"] + ("please",)), re.IGNORECASE
    )
    lead = _alternation(lists["greeting"] + lists["ack"] + lists["yesno"])
    # A lead word ends at punctuation, or at a space ("Yes please", "No thanks").
    out["lead"] = re.compile(rf"^\s*((?:{lead}))(?:\s*[,，.!！。~～]+|\s+|$)\s*", re.IGNORECASE)
    out["agree_tag"] = re.compile(
        rf"^\s*(?:{_alternation(lists['agree_tag'])})\s*[?？]+\s*$", re.IGNORECASE
    )
    # A question particle ends a question, whatever mark follows; a soft one (呢) only when
    # no full stop or exclamation follows it ("我听说他的第一任妻子还是麦当娜呢。" states)
    # ... and the user's address to the helper may follow it ("…的吗医生": round 16); the 么
    # of 什么 is none ("其他没什么" states)
    out["particle_end"] = re.compile(
        rf"(?:(?<!什)(?:{_alternation(lists['question_particle'])})\s*(?:医生|大夫|老师|客服)?\s*[?？。!！]*"
        rf"|(?:{_alternation(lists['soft_particle'])})\s*[?？]*)\s*$"
    )
    # A Chinese clause that ends with a full question particle, not the soft 呢 ("嗯呢，谢谢")
    out["clause_asks"] = re.compile(
        rf"(?<![嗯什])(?:{_alternation(lists['question_particle'])})\s*[?？]*\s*$"
    )
    # A Chinese question without its mark, as speech transcripts write it, in the agent's
    # message: 请问 anywhere, or a question particle at the end ("请问怎么称呼您", "还有什么
    # 帮您的吗"). Wh-words alone do not count: its statements hold them too ("处理不超过
    # 多少"); nor does a soft particle (呢), which ends statements as often, unless a
    # question word stands in its clause ("您需要什么显卡呢"). A staff member's form of
    # address may follow the particle ("可以吗亲").
    end = rf"\s*{_ZH_VOCATIVE}[。!！~～]*\s*$"
    out["agent_asks"] = re.compile(
        rf"{_alternation(_POLITE_ASK_WORDS)}|(?:{_alternation(lists['question_particle'])}){end}"
        rf"|(?:{_alternation(lists['wh'])})[^，,；;：:]*呢{end}"
        # a slot asked with the copula before its wh-word, at the end of the message or of
        # a space-separated part ("违章所在城市是哪个", "出版社是什么 作者是谁"), or as a
        # choice ("您需要经济舱还是公务舱"): a statement rarely ends so
        rf"|(?:是|在)(?:{_alternation(lists['wh'])}|谁|哪位|哪天)(?=\s|{end})"
        rf"|^[^\s，,。]{{1,12}}还是[^\s，,。]{{1,12}}(?=\s|{end})"
        # ... or, spoken, as a choice broken off ("是只去几天还是说", "在城西呢还是 哪个区域")
        # or a verb and its negation at the end ("现在有网没有呢")
        rf"|呢\s*还是|还是说?{end}"
        rf"|(?:有|是|能|会|要|行|在)[^\s，,。]{{0,8}}(?:没有|不是|不能|不会|不要|不行|不在)呢?{end}"
        # ... or a short prompt that runs its slots together without marks ("频率是多少每月每周
        # 或每天", "会议时间是多少是否开启视频"): a form's question, not a statement
        rf"|^[^\s，,。！!]{{0,12}}(?:是多少|是什么|是哪个|是哪些|是否)[^，,。！!]{{0,24}}$"
    )
    return out


def _words_only(text: str, pattern: re.Pattern[str]) -> bool:
    """True when ``text`` is nothing but matches of ``pattern`` and punctuation."""
    return not _PUNCT.sub("", pattern.sub(" ", text)).strip()


_AFFIRM = frozenset(
    {"yes", "yeah", "yep", "yup", "sure", "correct", "right", "exactly", "是的", "对"}
)
# A yes that echoes the agent's auxiliary ("Yes I would", "yes, we do", "Yes it is").
_AFFIRM_ECHO = re.compile(
    r"(?:yes|yeah|yep|yup|sure)[\s,]+(?:i|we|it|that|they)\s+"
    r"(?:would|do|does|did|will|am|are|is|can|could|have|should)(?:\s+please)?",
    re.IGNORECASE,
)
# A clause that states the user's own plan ("I'll be there at 5 PM.", "See you Friday").
_PLAN = re.compile(
    r"\s*(?:i['’]ll|i will|we['’]ll|we will|i['’]m going to|we['’]re going to|see you|talk to you)\b",
    re.IGNORECASE,
)
# A plan that states a need asks for it: "I will need a physical card too though."
_PLANNED_NEED = re.compile(
    r"\s*(?:i['’]ll|i will|we['’]ll|we will)\s+(?:also\s+|still\s+)?(?:need|want|require)\b",
    re.IGNORECASE,
)
# An agent's sentence that offers help on a condition ("If you need anything else, ...",
# "Should you have questions, ...", "如果您还有其他问题，请告诉我").
_CONDITIONAL = re.compile(
    r"\s*(?:if|should you|whenever|in case|feel free)\b|\s*(?:如果|若|如有)", re.IGNORECASE
)
# Where a sentence boundary of _SENTENCE may start: right after an end mark, or at a newline.
_BOUNDARY = re.compile(r"[。！？.!?]|\n")


def _split_sentences(text: str) -> list[str]:
    """``_SENTENCE.split(text)``, faster: the pattern is tried only where a boundary can
    start (after an end mark, at a newline), not at every character, with split's rule
    for empty matches (one may not follow another at the same place)."""
    out: list[str] = []
    last = pos = 0
    empty = False
    for m in _BOUNDARY.finditer(text):
        at = m.start() if m.group() == "\n" else m.end()
        if at < pos or (empty and at == pos):
            continue
        b = _SENTENCE.match(text, at)
        if b is None:
            continue
        out.append(text[last:at])
        empty = b.end() == at
        last = pos = b.end()
    out.append(text[last:])
    return out


@functools.lru_cache(maxsize=16384)
def _sentences(text: str) -> tuple[str, ...]:
    """The sentences of ``text`` (split by :data:`_SENTENCE`), empty ones left out; the
    rules split the same text many times, so it is split once."""
    return tuple(s for s in _split_sentences(text) if s.strip())


# A Chinese expectation checked with a final 吧 ("明天上午应该就可以到了吧", "周日会送货吧",
# "不是六月七号吧", "不会东西放硬盘里找不到吧"): asks to be told whether it holds; a 吧 after
# no such word suggests or asks to act ("帮我找找邮件吧", "就他家吧").
_ZH_EXPECT = re.compile(
    r"(?:应该|不会|会|能|不是|没|^我(?:这|这个)?是)[^，,。！!？?\s]{0,15}吧(?=[\s。！!？?~～，,]|$)"
)


# A Chinese choice asked without its mark, 是 A 还是 B in one clause ("他是要片还是胶囊呀":
# round 17's patients): asks which holds; "还是" alone may mean "still" ("还是疼", "可是安装
# 时还是会提示").
_ZH_CHOICE = re.compile(r"(?<![可但就还只要总倒于])是[^，,。！!？?\s]{1,8}还是[^，,。！!？?\s]")


# Traditional characters of the question words, request verbs and nouns the Chinese lists and
# rules hold, with their simplified forms (session 22's chat prompts from Taiwan and Hong
# Kong users: "為什麼…", "…中文叫什麼？", "協助我準備並撰寫…"); a turn holding one is read in
# simplified characters.
_TRADITIONAL = "為麼嗎誰裡這個們說問請幫寫應該會給與對點樣種還沒學國時間電買賣讓號題協準備後來麽頭係東區開關將實現從過"
_SIMPLIFIED = "为么吗谁里这个们说问请帮写应该会给与对点样种还没学国时间电买卖让号题协准备后来么头系东区开关将实现从过"
_TO_SIMPLIFIED = str.maketrans(_TRADITIONAL, _SIMPLIFIED)
_ZH_TRADITIONAL_CHARS = re.compile(f"[{_TRADITIONAL}]")


# A question word used as an indefinite, after a negation or before 都/也 ("没什么问题", "其他
# 沒什么", "没有什么感觉", "什么都没有", "不知道该如何是好"): states, asks nothing (round 16's
# patients); "有没有什么…" asks whether.
_ZH_NEG_WORDS = re.compile("[没沒不都也]")
_ZH_NEG_INDEF = re.compile(
    r"(?<![有])(?:没有|沒有|没|沒|不|并不)(?:什么|啥|怎么|多少)"
    r"|(?:什么|啥|谁)(?:都|也)|不知道[^，,。；;？?]{0,6}?(?:如何|怎么|什么)"
)


# A noun phrase that names a difference to be told ("基金和集合之间的区别。", "Difference between
# a fund and a collection."): asks what it is, a question without a question's form.
_DIFFERENCE = re.compile(
    r"(?:的|之间的)(?:区别|差别|差异|不同)(?:是什么|在哪里?)?\s*[。.？?]*\s*$"
    r"|^\s*(?:the\s+|what\s+is\s+the\s+|what's\s+the\s+)?differences?\s+between\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=16384)
def _is_question(sentence: str) -> bool:
    p = _patterns()
    s = sentence.strip()
    if not s:
        return False
    if s.endswith(("?", "？")):
        return True
    if _CJK.search(s):
        # a Chinese question keeps its question word in place ("今天上海的气温是多少摄氏度")
        return bool(
            p["question_start"].match(s)
            or p["particle_end"].search(s)
            # a clause that ends asking, statements after it ("黄芪可以吗，他有时也没劲")
            or any(p["clause_asks"].search(c) for c in _CLAUSE.split(s)[:-1])
            or p["wh"].search(_ZH_NEG_INDEF.sub("", s) if _ZH_NEG_WORDS.search(s) else s)
            or _ZH_EXPECT.search(s)
            or _ZH_CHOICE.search(s)
            or _DIFFERENCE.search(s)
        )
    # "Have a great day!" starts like "Have you...?" but wishes well
    if s.endswith("!") or p["greeting_start"].match(s) or _IMPERATIVE_DO.match(s):
        return False  # ... and "Do it on the kitchen speaker." tells the agent what to do
    if _CLARIFIES.match(s):
        return False  # "When I say America, I'm referring to the continent.": what was meant
    if _TOLD_WHEN.match(s):
        return False  # "When I go faster, the vibrations are still the same.": a report
    start = p["question_start"].match(s)
    if start is None:
        return _DIFFERENCE.match(s) is not None
    # Without its question mark, an auxiliary asks only when its subject follows it
    # ("is there a…", "can you…"; not "am looking for a place to stay", "will work for me")
    return not _AUXILIARY.fullmatch(start.group(0).strip()) or bool(_SUBJECT.match(s, start.end()))


@functools.lru_cache(maxsize=16384)
def _is_request(text: str) -> bool:
    p = _patterns()
    text = _POLITE_ASK.sub("", text)
    if _NOT_ASKED.search(text):
        text = _NOT_ASKED.sub(" ", text)
    if p["request"].search(text) or p["problem"].search(text) or _URGE.search(text):
        return True
    if _OWED.search(text):
        return True
    if _CJK.search(text) and _short(text) and _ID_OR_NUMBER.search(text):
        return False  # "预订号 FL-2024-1234" gives a value; Chinese verbs have no word ends
    return any(
        (p["request_start"].match(c) and not _RECORD_LABEL.match(c)) or _ZH_WRITE_IN.match(c)
        for sentence in _sentences(text)
        for c in _CLAUSE.split(sentence)
        if c.strip()
    )


# A clause that tells the agent to write in a language or a tool ("用c语言写一段示例代码", "用Python
# 实现一个…"): an act and its product, a request (session 22's chat prompts), as 编写 is.
_ZH_WRITE_IN = re.compile(
    r"\s*(?:请|帮我|再)?用[^，,。？?！!]{1,15}?(?:写|编写|实现|画)(?:一|个|段|篇|首|出|下)"
)


# A record's label before its value ("Order #NP3352659", "Order number is NP8073419", "Booking
# ref: X7Y2"): the noun of a verb of the request list ("order", "book") naming the record, a
# value given, no imperative (round 12's e-mail customers sign off their order so).
_RECORD_LABEL = re.compile(
    r"\s*(?:order|booking|reservation|ticket|case|account)\s*(?:#|no\b\.?|nr\b\.?|number\b"
    r"|num\b\.?|id\b|ref\b\.?|reference\b)",
    re.IGNORECASE,
)


# A relative of the user's, or the user's partner, in Chinese ("老公", "爸爸", "孩子").
_ZH_KIN = (
    "(?:老公|老婆|爱人|丈夫|妻子|爸爸|妈妈|爸|妈|父亲|母亲|孩子|儿子|女儿|宝宝|家人|爷爷|奶奶|外公|外婆"
    "|伯伯|叔叔|舅舅|姑姑|阿姨|姐姐|哥哥|弟弟|妹妹)"
)


# Request words that ask the agent for nothing: a wish to do a speech act of the user's own
# ("I also want to touch on something", "I'd like to share some feedback", "I want to start
# with the positives"), a need the user is unsure of, under "if" or "whether" ("figure out if
# I need to pivot"), and the idioms "let's face it", "let's be real" (round 11's BFCL
# customer); the rest of the sentence decides.
_NOT_ASKED = re.compile(
    r"\b(?:i|we)(?:['’]d|\s+would)?\s+(?:also\s+|just\s+|really\s+)?(?:want(?:ed)?|like|love)\s+to\s+"
    r"(?:touch\s+on|share|mention|say|point\s+out|note|start\s+with|thank|tell\s+you)\b"
    r"|\b(?:if|whether)\s+(?:i|we)\s+(?:really\s+)?(?:need|want)\b"
    r"|\blet['’]?s\s+(?:face\s+it|be\s+(?:real|honest))\b"
    # ... the user's reason for asking, beside the question (round 18's travellers: "I want to
    # make sure I don't miss any great spots", "Knowing this could help me plan my itinerary",
    # "This would be very helpful since I'll need to travel"): the user's own aim, no act asked
    r"|\b(?:i|we)(?:['’]d|\s+would)?\s+(?:also\s+|just\s+|really\s+)?(?:want|like|need)\s+to\s+"
    r"(?:make\s+sure|ensure|be\s+sure)\b"
    r"|\b(?:knowing|having)\s+(?:this|that|it)\s+(?:would|could|will|might|can)\s+(?:really\s+)?"
    r"help\s+(?:me|us)(?:\s+(?:to\s+)?[a-z]+)?\b"  # ... with its verb ("plan", a request's)
    r"|\b(?:this|that|it)\s+would\s+be\s+(?:very\s+|really\s+|extremely\s+|so\s+)?helpful\b"
    r"|\b(?:since|because|as)\s+(?:i|we)(?:['’]ll|\s+will)?\s+(?:need|want|have)\s+to\b"
    # ... and a way, a drug or a measure that helps the user, in Chinese ("有没有什么药物可以帮我
    # 缓解", "哪些措施可以帮助我控制哮喘"): the thing helps, the helper is asked for nothing
    r"|(?:措施|方法|办法|药物|药|食物|运动|治疗)(?:可以|能够|能|会)?帮(?:助)?我"
    # ... and the user's told story in Chinese, where 给我, 为我, 不要 and 我想 address someone
    # other than the agent (round 20's patients): a cause ("因为我也很胖"), a disease passed to
    # the user ("能感染乙肝给我吗",
    # "朋友赠给我许多枸杞"), for the user's life or a relative ("这给我的生活带来了影响", "怎么给我
    # 老公救治", "我想给爸爸吃"), a third party's done act ("老爸用他的血糖仪给我测了一下") and advice
    # the user was given ("医生叫我不要喝那么多咖啡"): the question after it decides
    rf"|(?:传染|感染|遗传|传|赠|赠送)[^，,。！？!?]{{0,6}}给我|给我的|(?:我想|想)?给我?{_ZH_KIN}|因为"
    r"|(?:他|她|医生|大夫)[^，,。！？!?]{0,10}给我[^，,。！？!?\s]{1,4}了"
    r"|(?:叫|让|嘱咐|告诉|劝)我不要"
    # ... and what another party had the user do, told done ("工作人员让我们留了电话": mk38zh,
    # made-up, session 34), the user's story as the third party's done act above
    r"|(?:叫|让)我们?[^，,。！？!?\s]{1,6}了(?![吧吗么])"
    # ... and 要不要 before the user's own act ("要不要带伞", "要不要提前去"): whether the user
    # should, advice asked (session 5), whose 不要 is no "don't" said to the agent (mk38zh)
    r"|要不要(?!帮|给|替|为|我帮|我给)"
    # ... and a hope for the outcome, with no one asked ("谢谢，希望快点修好": mk38zh), a wish
    # beside thanks, whose 希望 asks the agent nothing
    r"|希望(?:能|可以)?(?:快点|早点|尽快|赶紧)?(?:修好|恢复|好起来|解决|顺利)(?:吧|啊)?"
    # ... and asking the doctor to see whether the user has a disease ("帮我看下是不是糖尿病"):
    # to be told a diagnosis (session 19), not to read a report
    r"|帮我看(?:看|下|一下)?(?=是不是(?:得了|患了)?[^，,。！？!?]{0,6}(?:病|症|炎|癌))",
    re.IGNORECASE,
)
# Urging the agent on, at an utterance's start ("快点", "好，尽快 我急", "赶紧跟进下"; not
# "凉快点", "真想快点到那", "尽快是什么时候"): a request.
_URGE = re.compile(r"(?:^|[\s，,。！!])(?:快点|尽快|赶紧|抓紧)(?!是)")
_AUXILIARY = re.compile(
    r"is|are|was|were|am|do|does|did|can|could|will|would|should|shall|may|has|have",
    re.IGNORECASE,
)
# The subject an inverted auxiliary is followed by in a question ("Is there…", "Do they…").
_SUBJECT = re.compile(
    r"\s+(?:n['’]?t\s+)?(?:i|you|he|she|it|we|they|there|this|that|these|those|the|a|an|my|your"
    r"|his|her|its|our|their|any|anyone|anybody|someone|somebody|everyone|anything|something"
    r"|(?-i:[A-Z])\w*)\b",
    re.IGNORECASE,
)
# "请问", "麻烦问下" ("may I ask") open a question politely; their "请", "麻烦" ask for
# no action.
_POLITE_ASK_WORDS = (
    "我想请问一下",
    "我想请问",
    "想请问",
    "我想咨询一下",
    "想咨询一下",
    "我想咨询下",
    "想咨询下",
    "我想咨询",
    "想咨询",
    "请问",
    "請問",
    "麻烦问一下",
    "麻烦问下",
    "我想问一下",
    "我想问下",
    "想问一下",
    "想问下",
)
_POLITE_ASK = re.compile("|".join(_POLITE_ASK_WORDS))
# A field and its value: "Order ID: 3348917502", "订单号：12345".
# A value given by pointing to the text that holds it, then quoting it: "The license plate
# number mentioned in the message Xiao Li sent me: …", "小李发给我的消息里提到的商品：…".
_BY_REFERENCE = re.compile(
    r"^[^:：.!?。！？]{0,80}?(?:\bmentioned\s+in\b|提到的|说到的)[^:：.!?。！？]{0,80}?(?:<[^<>]{1,8}>)?\s*[:：]",
    re.IGNORECASE,
)
_FIELD_VALUE = re.compile(r"^\s*[^\W\d][\w .'-]{0,30}[:：]\s*\S*\d\S*\s*$")
_IMPERATIVE_DO = re.compile(r"^\s*do\s+(?:it|this|that|so|me)\b", re.IGNORECASE)
# A value the agent may have asked for: a number, an id, a spelled number, a day or a time
# ("Morning if possible?"; not "one", which is as often a pronoun).
_VALUE = re.compile(
    _ID_OR_NUMBER.pattern
    + r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|today|tonight"
    r"|tomorrow|morning|afternoon|evening|weekend|" + "|".join(WEEKDAY_NAMES) + r")\b",
    re.IGNORECASE,
)
_PLEASE = re.compile(r"\s*\bplease\b", re.IGNORECASE)
# Asking to be given a discount on an item ("Can i get a discount on this?", "can I have 50%
# discount on the one with higher price?"): session 16's ruling, the shop is to act on the
# price, a `request`; whether one exists ("is there any discount?") asks to be told.
# ... and so is asking to be given a refund, a voucher or compensation ("Can I at least get a
# travel voucher?": session 18's compensation); what the policy gives on a condition ("Can I
# get a refund if I cancel tomorrow?") asks to be told.
_DISCOUNT_ASKED = re.compile(
    r"\b(?:can|could|may)\s+(?:i|we)\s+(?:(?:please|at\s+least|also|still)\s+)*(?:get|have)\s+"
    r"(?:(?:a|an|some|the|\d+\s*%|\d+\s+percent)\s+)?(?:\w+\s+)?"
    r"(?:discount\b(?!\s+code)|(?:refund|voucher|credit|compensation|certificate)s?\b"
    r"(?![^?.!]*\b(?:if|when|in\s+case|once)\b))",
    re.IGNORECASE,
)
# ... and so is a remedy the user says is owed ("I think I deserve some compensation.", "I'm
# entitled to a refund", "I should be compensated": session 30's made-up airline user after a
# delay): a demand, as "I want a full refund" is; "I deserve better" names no remedy.
_OWED = re.compile(
    r"\b(?:(?:i|we)\s+(?:think|feel|believe)\s+(?:that\s+)?)?(?:i|we)(?:\s+really)?"
    r"(?:\s+deserve|(?:\s+am|\s+are|['’]m|['’]re)\s+entitled\s+to"
    r"|\s+should\s+(?:get|receive|be\s+(?:given|offered)))"
    r"\s+(?:(?:a|an|some|the|my|our|full|partial|at\s+least)\s+)*(?:\w+\s+)?"
    r"(?:refund|voucher|credit|compensation|certificate|reimbursement|money\s+back)s?\b"
    r"|\b(?:i|we)\s+(?:(?:think|feel|believe)\s+(?:that\s+)?(?:i|we)\s+)?should\s+be\s+"
    r"(?:compensated|reimbursed|refunded)\b",
    re.IGNORECASE,
)
_COMPENSATION_IF = re.compile(
    r"\b(?:refund|voucher|credit|compensation|certificate)s?\b[^?.!]*\b(?:if|when|in\s+case|once)\b",
    re.IGNORECASE,
)
_CAN_I = re.compile(r"\b(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?", re.IGNORECASE)
# "Which size do I need?", "anything else I need to do?", "我需要做哪些检查？" ask about the
# user's own need (advice on the user's own act, session 5's ruling); they ask the agent
# for nothing ("我需要你帮我…" does).
_AUX_WISH = re.compile(
    r"\b(?:do|does|did|would|will|should|shall|can|could|must)\s+(?:i|we)\s+(?:need|want)\b"
    r"|\b(?:what|which|anything|something)\s+(?:else\s+)?(?:that\s+)?(?:i|we)\s+(?:need|have)"
    r"\s+to\b|(?:我|我们)(?:还|也|都)?(?:需要|需不需要)(?![你您帮给])"
    # ... in the clause that asks ("我需要更改设置，但还没想好怎么改" asks the agent to act)
    r"(?=[^，,。；;！!？?]*(?:[吗么呢？?]|是吧|对吧|哪|什么|多少|多久|怎|几|如何))",
    re.IGNORECASE,
)
_TRIED_WORDS = 3  # a tentative answer without a question's form: "snail?", "Do not iron...?"
# A value the user is unsure of, put with a question mark: "I think it's the second one?",
# "Probably the one to Boston?" after "Which reservation would you like to modify?". The reply
# to the agent's question with a question mark is an answer (sealed round 6's quiz reply,
# "wind....?"); the user's own doubt opens the sentence, which asks the agent nothing (no
# "you", no modal of a request in it).
_TENTATIVE_VALUE = re.compile(
    r"^\s*(?:i\s+(?:think|believe|guess|suppose)|i['’]m\s+(?:pretty\s+|fairly\s+)?sure"
    r"|probably|maybe|perhaps)\b(?![^?]*\b(?:you|your|can|could|would|should|will)\b)[^?]*\?+\s*$",
    re.IGNORECASE,
)
# A question that proposes a value in answer to the agent ("How about 3 PM?").
_PROPOSAL = re.compile(
    r"^\s*(?:(?:hmm+|um+|ok(?:ay)?|well|then|and)\W+)*(?:how|what)\s+about\b", re.IGNORECASE
)


# Confirming a figure of the order or a fact about it ("Can you confirm the total for that?",
# "Please can you confirm the locket has been dispatched?", "confirm my booking is for that
# financing plan", "confirm all the items … along with the price") asks to be told, as session
# 5's "Can you confirm the address I gave you?"; confirming a booking or an order ("Can you
# confirm my booking for Friday?") is an act, and is not matched here.
_CONFIRM_FACT = re.compile(
    r"\bconfirm\s+(?:that\s+)?(?:the|my|our|this|these|those|it|everything|all)\b"
    r"(?:\s+[\w'’-]+){0,4}?\s+(?:is|are|has|have|had|was|were|will|includes?|included|reflects?"
    r"|matches|comes?|adds?)\b"
    r"|\bconfirm\s+(?:the\s+|my\s+|our\s+)?(?:final\s+|new\s+|entire\s+|updated\s+)?"
    r"(?:total|price|prices|pricing|cost|amount|breakdown|details|items)\b"
    r"|\bconfirm\s+(?:how|everything|all)\b",
    re.IGNORECASE,
)


# mk35 (made-up, session 33): an act asked in a negative question that opens its sentence
# ("Can't you make an exception?", "Couldn't you just waive it?"): the same act as "Can you
# …?", pressed, a `request` (the GUIDELINE's request in a question's form), when it is the
# turn's only question; not "Why can't you find it?", which asks why, nor one beside another
# question ("Can you tell me why you designed it? Can't you remove it?" asks about the design).
_NEGATIVE_ASK = re.compile(
    r"\s*(?:(?:so|but|well|then)\W+)?(?:can['’]?t|cannot|couldn['’]?t|won['’]?t|wouldn['’]?t)\s+you\s+"
    r"(?:just\s+|please\s+|at\s+least\s+|even\s+)?",
    re.IGNORECASE,
)


# mk35 (made-up, session 33): a thing of the user's own asked to be sent, moved or changed in
# the causative ("Can I have it go to my work address instead?", "Could we have the order
# shipped to my office?"): a change to the user's own order asked in a question's words, a
# `request` (session 21), though the address or the order named reads as a fact asked.
_HAVE_IT_DONE = re.compile(
    r"\b(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:just\s+)?have\s+"
    r"(?:it|them|this|that|(?:my|our|the|this|that)\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+)\s+"
    r"(?:go|sent|shipped|delivered|moved|changed|rerouted|redirected|switched|transferred|"
    r"forwarded|held|picked\s+up|cancell?ed|refunded|replaced|upgraded)\b",
    re.IGNORECASE,
)


def _asks_after_proposal(sentence: str) -> bool:
    """True when, after "What about X" (:data:`_PROPOSAL`), a clause past a comma starts like
    a question of its own ("What about a baby, does a lap infant need a ticket?", mk35)."""
    proposal = _PROPOSAL.match(sentence)
    if proposal is None:
        return False
    comma = sentence.find(",", proposal.end())
    return comma >= 0 and bool(_patterns()["question_start"].match(sentence[comma + 1 :]))


# mk35 (made-up, session 33): a condition of the user's own set before "can I" ("And when I'm
# better, can I book the same trip again with the same price?", "If I cancel now, could I
# rebook later?"): what the rules will allow then, a fact asked, as "Can I pause my
# subscription if I need to skip a month?" (:data:`_HYPOTHETICAL`, the condition after it) is.
_OWN_CONDITION_BEFORE = re.compile(
    r"\b(?:when|if|once|after)\s+(?:i|we)\b[^,?;.!]{1,60},\s*(?:then\s+)?$", re.IGNORECASE
)


# mk35 (made-up, session 33): an option the agent's last message named, picked with a word of
# assent ("PayPal is fine, I'm not in a hurry." after "A refund to the gift card is immediate; to
# PayPal it takes 5-7 days", "ugh fine, keep the visa then" after "Your options are to keep the
# Visa, or cancel …"): a choice among what the agent laid out answers it (session 16's choice
# among the options listed), though the agent's message asked nothing.
_PICKS_NAMED = re.compile(
    r"\W*(?:(?:ugh|ok(?:ay)?|fine|alright|all\s+right|hmm+|well|yeah|sure)\W+)*"
    r"(?:(?:i['’]ll\s+)?(?:keep|take|use|do|go\s+with|pick|choose)\s+)?(?:the\s+|my\s+)?"
    r"(?P<option>[\w$-]+(?:\s+[\w$-]+){0,2}?)\s+"
    r"(?:(?:is\s+(?:fine|ok(?:ay)?|good)|works(?:\s+for\s+me)?|then)\b|please\W*$)",
    re.IGNORECASE,
)
_OPTION_NOT = frozenset({"that", "this", "it", "which", "what", "one", "same", "everything", "all"})


def _picks_named(text: str, previous: str) -> bool:
    """True when ``text`` opens by picking an option ``previous`` names (:data:`_PICKS_NAMED`)."""
    m = _PICKS_NAMED.match(text)
    if m is None:
        return False
    option = m.group("option").lower()
    if option in _OPTION_NOT or option.split()[-1] in _OPTION_NOT:
        return False
    return re.search(rf"\b{re.escape(option)}\b", previous, re.IGNORECASE) is not None


def _negative_ask(text: str) -> bool:
    """True when the one question of ``text`` is an act asked in a negative question
    (:data:`_NEGATIVE_ASK`)."""
    asking = [s for s in _sentences(" ".join(text.split())) if _is_question(s)]
    if len(asking) != 1:
        return False
    negative = _NEGATIVE_ASK.match(asking[0])
    return negative is not None and bool(
        _patterns()["request_start"].match(asking[0][negative.end() :])
    )


def _asks_to_act(question: str) -> bool:
    """True when a question asks the agent to do something ("Can you book...?",
    "能推荐一个...吗?") rather than to tell something ("Can you tell me about...?",
    "你能给我介绍下...吗?")."""
    p = _patterns()
    asked = question
    # "I want to know the weather in Detroit on Tuesday?", "我想知道…大不大？": a wish to be
    # told, whose words ("I want", "我想") ask for no act; what follows them decides
    question = p["ask_info"].sub(" ", _AUX_WISH.sub(" ", _POLITE_ASK.sub("", question)))
    if _ADVICE.search(question):
        return False  # "Would you recommend I ask the tech...?" asks for advice: to be told
    if _CJK.search(question) and _ZH_SOLVE_FOR.search(question):
        # "…你能求出每本故事书的体积是多少吗?": a word problem, to be told (session 20)
        return False
    if _problem_handed_over(question):
        return False  # "Can you calculate (5+10)*3?": the problem asked, told (session 29)
    if _CJK.search(question):
        if "代替我" in question:
            # "人工智能是否会代替我们的工作？": 代替 is "to replace", no "替我" (for me)
            return _asks_to_act(question.replace("代替我", "取代我"))
        if _zh_whether_told(question):
            return False  # session 30: "…能否分享一下？", "相关企业能否受益于此？": to be told
    if _TOPIC_FACTS.search(question):
        return False  # "Can you list the issues with using …?": facts of a topic (session 20)
    if _asks_for_route(asked):
        return True  # "What is a quick route home?": to plan and navigate it (session 19)
    if _asks_to_recommend(question) or _asks_for_more(question) or _asks_for_list(question):
        return True
    if _DISCOUNT_ASKED.search(question):
        return True  # "can I have 50% discount on the one with higher price?" (session 16)
    if _HAVE_IT_DONE.search(question):
        return True  # mk35 (session 33): "Can I have it go to my work address instead?"
    if _CAN_I.search(question) and _COMPENSATION_IF.search(question):
        return False  # "Can I get a refund if I cancel tomorrow?": what the policy gives
    if _acts_first(question):
        return True  # "Can you search for holidays … and tell me about its date?" (round 9)
    if _TELLS_MADE_UP.search(question) or _MAKES_UP.search(question):
        # "Can you tell me a joke?", "What would be a good name for my bakery?", "How would you
        # rewrite this sentence …": a work product made up, or a task on given material
        # (session 22, session 20)
        return True
    if (
        _TOLD_GIVEN.search(asked)
        or _SHOW_FACT.match(asked.strip())
        or _RECORD_TOLD.match(asked.strip())
    ):
        return False  # "Could you also provide more details on the check-in process?"
    if (
        p["inform_verb"].search(question)
        or p["told_first"].search(question)
        or _asks_for_info(question)
    ):
        return False
    if _CONFIRM_FACT.search(question) or _CONFIRM_POLICY.search(question):
        return False  # "Can you confirm the total for that?": to be told (session 24)
    if _ADVICE_GIVEN.search(question):
        return False  # "Can you give me legal advice on whether …?" (session 30)
    if _WH_MODAL.search(question):
        return False  # "What can you do for me?", "How can you ensure…?": to be told
    if _asks_for_fact(question):
        return False  # "能给我一下地址吗？": to be given a fact
    can_i = _CAN_I.search(question) or _POSSIBLE.search(question)  # "Can I book...?"
    if (
        can_i
        and _WH_BEFORE.search(question[: can_i.start()])
        and not _HELP_VERB.match(question, can_i.end())
    ):
        can_i = None  # "How many bags can I check for free?", "When can I check in?": a fact
    if can_i and _OWN_CONDITION_BEFORE.search(question[: can_i.start()]):
        can_i = None  # mk35 (session 33): "when I'm better, can I book the same trip again?"
    if can_i and _HYPOTHETICAL.search(question, can_i.end()):
        can_i = None  # "Can I pause my subscription if I need to skip a month?": the policy
    if can_i and _KIND_OF_ORDER.search(question, can_i.end()):
        can_i = None  # "can i change the address on an order that's still processing?"
    if can_i and p["request_start"].match(question[can_i.end() :]):
        return True  # ... "Is it possible to change my seat?"
    if _fault_asked(question, asked):
        return True
    if _CJK.search(question) and _ZH_CODE_FAULT.search(question) and _ZH_CODE_ASK.search(question):
        # "zeek脚本报错serial communication error的原因是什么？", "无法连接到数据库，是哪里设置出错
        # 了？": the user's own program's fault, its cause or fix asked (session 22)
        return True
    if _CJK.search(question) and p["lookup"].match(_ZH_CAN.sub("", question, count=1)):
        return True  # "查一下我的车有没有违章记录", "能不能查一下…余额": a lookup to do (round 8)
    if _CJK.search(question) and _ZH_CAN_TASK.match(question):
        # "能不能把它翻译成英文？", "可以帮我改写成诗歌吗": a task on text asked in a question's
        # words (session 22)
        return True
    zh_change = _CJK.search(question) and p["can_change"].search(question)
    if zh_change and not _ZH_WH_FACT.search(question):
        return True  # "能改下收货地址吗", "发票信息可以改吗": asks the agent to change it
    # "What is the phone number please?": a question's "please" is politeness, no request;
    # "How can I pause it if I need to?": a need under "if" asks nothing (:data:`_NOT_ASKED`)
    return bool(p["request"].search(_NOT_ASKED.sub(" ", _PLEASE.sub(" ", question))))


def _fault_asked(question: str, asked: str) -> bool:
    """True when a question asks why a fault of what the agent serves happens or how to fix it
    (``question`` with the wish words dropped, ``asked`` as typed): round 6's fault report
    phrased as why, session 14's "How do I solve the problem?"."""
    if _CJK.search(question) and _ZH_FAULT_WHY.search(question):
        return True  # "这个订单怎么没有物流信息了", "它为啥发不出去": a fault to fix (round 6)
    if _FAULT_WHY.search(question) or _FAULT_HOW.search(question):
        return True  # "Why did I fail to download the update?": the same fault, in English
    if _CJK.search(asked) and _ZH_FIX.search(asked):
        return True  # "下面的代码有什么错误？如何修复？": a fault to fix (session 20)
    # "vivo x7连接wifi时出现感叹号,上不去网,请问是怎么回事儿？": a fault to fix
    return bool(
        _CJK.search(question)
        and _ZH_WHAT_WRONG.search(question)
        and _ZH_DEVICE_FAULT.search(question)
    )


# Session 31 (the pooled leftovers of rounds 6, 12, 27, 29 and the helpdesk and JD sets): what is
# wrong asked beside a fault the turn tells ("… have not received it! What's the problem?", "My
# phone won't charge. … What's going on here?", "我买的电脑屏幕碎了怎么办"): session 21's problem
# told, then an ask for advice on it, a `request`; a symptom of the body names no such fault.
_WHAT_WRONG = re.compile(
    r"\bwhat(?:['’]s|\s+is)\s+(?:the\s+)?(?:problem|issue|matter|wrong|going\s+on|happening)\b"
    r"|\bwhat\s+(?:happened|is\s+happening|went\s+wrong)\b|\bwhat\s+(?:should|can|do)\s+i\s+do\b",
    re.IGNORECASE,
)


def _fault_then_ask(sentences: Sequence[str], text: str) -> bool:
    """True when a turn that asks to be told holds a question about a fault of what the agent
    serves, not only in its last sentence ("How do I solve the problem? There is already a Caps
    Lock, so why do you play these tricks?"), or tells such a fault and asks what is wrong."""
    p = _patterns()
    for s in sentences:
        if not _is_question(s):
            continue
        bare = p["ask_info"].sub(" ", _AUX_WISH.sub(" ", _POLITE_ASK.sub("", s)))
        if _fault_asked(bare, s):
            return True
    told = (
        _FAULT_TOLD.search(text)
        or _ORDER_FAULT.search(text)
        or _ZH_DEVICE_FAULT.search(text)
        or _EN_DEVICE_FAULT.search(text)
    )
    return bool(told) and any(
        _WHAT_WRONG.search(s)
        or _ZH_WHAT_WRONG.search(s)
        or (_is_question(s) and _HOW_ASKED.search(s))
        for s in sentences
    )


# How the user is to go about it, asked beside the fault ("How do I reset my door code? The keypad
# is dead"): a way to fix it asked (session 21). A bare why stays what the rules above make it
# ("Have you ever heard anything about why this keeps failing?" is labelled a question).
_HOW_ASKED = re.compile(
    r"\bhow\s+(?:do|can|could|should|shall)\s+(?:i|we)\b|如何|怎么(?!回事)", re.IGNORECASE
)


# A device of the user's that will not do its job, in English ("My phone won't charge", "The
# keypad is dead", "the screen is cracked").
_EN_DEVICE_FAULT = re.compile(
    r"\b(?:won['’]?t|will\s+not|doesn['’]?t|does\s+not|can['’]?t|cannot)\s+(?:charge|turn\s+on|boot|start|"
    r"connect|load|open|light\s+up|print)\b|\b(?:is|was)\s+(?:dead|frozen|cracked|broken)\b",
    re.IGNORECASE,
)


# Session 30 (round 31's consultations): Chinese questions whose act words ask to be told. A tell
# verb after 能否 ("期权交易规则能否分享一下？", "能否预测…的增长前景？"): session 17's "Can you
# provide …", to be told; a third party's 能否 / 是否 ("相关科技企业能否受益于此？"): whether a fact
# holds; what a thing's role is ("…在…中扮演着怎样的角色？"), not role play; what a named product can
# help the user do ("MOSS可以帮助我自动化哪些任务？"), session 22's "what a named product supports".
# Session 31 (pooled leftovers of rounds 10b and 12 and the JD set): a lower price, a discount or
# a gift asked to be given, in Chinese ("能再砍1万吗", "能不能把黑款价格压到27万以内", "能打个折吗",
# "能送个赠品吗", "按799算吧"): session 16's discount asked, a request; whether discounts exist
# ("有没有优惠？") stays a question.
_ZH_PRICE_ASKED = re.compile(
    r"(?:能|可以|能不能|可不可以|能否|可否)(?:再|给我|帮我|给)?[^，,。？?！!]{0,10}?"
    r"(?:砍|压到|打个?折|少算|抹个?零|送(?:个|点|一个|两个)?赠品)"
    r"|按[\d.]+(?:元|块)?算"
)


_ZH_TELL_AFTER_CAN = re.compile(
    r"(?:能否|能不能|可否|可不可以)(?:给我|为我|向我|跟我)?(?:简单|详细)?(?:地)?"
    r"(?:分享|介绍|讲讲|讲解|说说|谈谈|预测|解释|说明|分析)"
    # ... not a made-up work told ("能否分享一个关于程序员的幽默笑话？": session 22)
    r"(?!一[个首则篇段些]|[^，,。？?！!]{0,8}?(?:笑话|故事|诗|谜语|段子|歌))"
)
_ZH_THIRD_WHETHER = re.compile(
    r"(?:企业|公司|行业|市场|经济|政策|产品|股票|基金|项目|板块|他|她|它|他们|她们|它们)(?:能否|是否|能不能)"
)
_ZH_ROLE_ASKED = re.compile(r"扮演(?:着|了)?(?:怎样|什么|何种|哪些|哪种)(?:的)?角色")
_ZH_PRODUCT_HELPS = re.compile(
    r"^(?!你|您)[^，,。？?！!]{1,20}?(?:可以|能够|能)(?:帮助|帮)(?:我|我们)[^，,。？?！!]{0,12}?(?:哪些|什么)"
)


def _mk38zh_act_clause(sentences: Sequence[str], beside_question: bool = False) -> bool:
    """True when a clause of a Chinese turn asks whether a change of the user's own things can
    be made (``can_change``, no wh-word of a fact in the clause, no condition before it):
    mk38zh (made-up, session 34), read clause by clause as a sentence's clauses ask. With
    ``beside_question``, only when another clause asks a question too (facts asked beside the
    act; "…一直服用药物没什么效果，可以改服用…吗？" stays what the whole sentence asks)."""
    p = _patterns()
    clauses = [c for s in sentences if _CJK.search(s) for c in _CLAUSE.split(s) if c.strip()]
    for i, c in enumerate(clauses):
        if (
            p["can_change"].search(c)
            and _ZH_WH_FACT.search(c) is None
            and _ZH_IF.search(c) is None
            and (p["clause_asks"].search(c) or _is_question(c))
            and (
                not beside_question or any(_is_question(o) for j, o in enumerate(clauses) if j != i)
            )
        ):
            return True
    return False


def _zh_whether_told(question: str) -> bool:
    """Whether a Chinese question's act words ask to be told (see :data:`_ZH_TELL_AFTER_CAN`)."""
    return bool(
        _ZH_TELL_AFTER_CAN.search(question)
        or _ZH_THIRD_WHETHER.search(question)
        or _ZH_ROLE_ASKED.search(question)
        or _ZH_PRODUCT_HELPS.search(question)
    )


# Asking to be given details, information, an estimate, an idea or advice, or to specify or
# clarify ("Could you also provide more details on the check-in process?", "Can you give me
# an idea of what kind of rooms it offers?", "Could you also specify how many floors it
# has?", "Could you please provide the procedures for a child support case?"): to be told, session 17's ruling on "Can you provide …", whatever words stand
# between the verb and its object (round 18's travellers); a list or items of a kind are
# read before it (:func:`_asks_for_list`, :func:`_asks_for_more`).
# A sentence that ends on a pronoun pointing back at what the turn told ("Please explain that.").
_POINTS_BACK = re.compile(r"\b(?:that|this|it|them)\W*$", re.IGNORECASE)
# Facts of a named topic to be listed ("Can you list the issues with using a symmetric
# probability distribution …?", "list the main advantages of …"): to be told, as session 18's
# "other ethical implications" are (session 20); items of a kind to find stay a search.
_TOPIC_FACTS = re.compile(
    r"\blist\s+(?:the\s+|some\s+|all\s+)?(?:main\s+|key\s+|common\s+|possible\s+)?"
    r"(?:issues|problems|advantages|disadvantages|benefits|drawbacks|pros\s+and\s+cons|differences"
    r"|causes|risks|reasons|challenges|limitations)\s+(?:with|of|in|between|to)\b",
    re.IGNORECASE,
)
# "Can you calculate …?" with the problem handed over whole in the ask: its numbers and an
# operation ("Can you calculate (5+10)*3?", "Could you work out 17 times 23?", "你能算一下123乘
# 以456吗？"): the GUIDELINE's session-29 ruling reads it as session 22's problem handed over, a
# `question`. The user's own case ("… if I buy 20 items", "my loan") or a problem whose numbers
# the ask does not give ("请帮我计算一下这个三角形的面积") is work asked of the agent, a `request`.
_COMPUTE_ASKED = re.compile(
    r"\b(?:can|could|would|will)\s+you\s+(?:(?:please|also|kindly|just|now|then)\s+)*"
    r"(?:help\s+me\s+)?(?:calculate|compute|work\s+out|evaluate|solve|figure\s+out|add\s+up)\b"
    r"|(?:你|您)(?:能|可以|能不能|可不可以)?(?:帮我|帮忙)?(?:计算|算)(?:一下|出)?",
    re.IGNORECASE,
)
# An operation between the ask's numbers: "(5+10)*3", "17 times 23", "123乘以456" (not the
# hyphen of "1-day intervals").
_HANDED_MATH = re.compile(
    r"[\d)]\s*[+*/×÷^]\s*[\d(]|\d\s+-\s+\d|\d\s*=|√|\d\s*%\s+of\s+\d"
    r"|\d\s*(?:times|multiplied\s+by|divided\s+by|plus|minus|to\s+the\s+power\s+of)\s*\d"
    r"|\d\s*(?:乘以?|除以?|加上?|减去?)\s*\d",
    re.IGNORECASE,
)
# The user's own case named in the ask: the first person ("if I buy", "my order", "我的贷款").
_OWN_CASE = re.compile(r"\b(?:I|I'm|I've|my|me|we|our|us)\b|我|咱")


def _problem_handed_over(question: str) -> bool:
    """Whether a "Can you calculate …?" ask hands over its problem whole (its numbers and an
    operation, no case of the user's), as :data:`_COMPUTE_ASKED` reads."""
    m = _COMPUTE_ASKED.search(question)
    if m is None:
        return False
    rest = question[m.end() :]
    if _HANDED_MATH.search(rest) is None or _NOT_MATH.search(rest):
        return False
    return _OWN_CASE.search(rest) is None


# A quantity to work out ("你能求出每本故事书的体积是多少吗?", "算出一共要多少钱"): a word problem
# asks to be told its answer (session 20's quiz ruling), no act.
_ZH_SOLVE_FOR = re.compile(r"(?:求|算|计算)出?[^，,。？?！!]{0,20}?(?:是多少|有多少|多少|几)")
_TOLD_GIVEN = re.compile(
    r"\b(?:can|could|would|will)\s+you\s+(?:(?:please|also|kindly|just|now|then)\s+)*"
    r"(?:(?:provide|give|offer|share)\s+(?:me\s+|us\s+)?(?:with\s+)?"
    r"(?:(?:some|any|more|further|additional|a\s+few|the|a\s+bit\s+more)\s+)*"
    r"(?:details|information|info|insights?|advice|guidance|procedures?|process|steps|"
    r"requirements|an?\s+(?:estimate|idea|overview|"
    # ... an update on an order or a comparison of named products ("Could you please provide
    # an update on when I can expect my order?": round 22's e-mail customers, session 21)
    r"sense|breakdown|rough\s+idea|update|comparison)|updates"
    # ... the names in a named thing ("Can you please provide me the names of the two players
    # in the atomic bomb game?"): facts of it (session 20); names of some items stay a search
    r"|names?\s+of\s+the)\b|specify|clarify)\b",
    re.IGNORECASE,
)
# "Show me …" with a fact of the user's own account or booking as its object ("Show me all my
# account balances.", "Can you show me my new savings balance?"): to be told, as "Can you
# provide …" is (session 18); records to list ("Show me recent transactions") or a show after
# other acts ("Transfer $100…, then show me both balances") stay requests.
_SHOW_FACT = re.compile(
    r"^(?:(?:great|good|ok|okay|thanks|perfect|now)\W+)*(?:please\s+)?"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:show\s+me|display)\s+(?:all\s+|both\s+)?(?:of\s+)?"
    r"(?:(?:my|our|the|its)\s+(?:[\w-]+\s+){0,3}?)?"
    r"(?:balances?|status|details|allowance|limits?|fees|total|points|due\s+date|address)"
    r"(?:\s+(?:now|please|again|on\s+(?:the\s+|my\s+)?screen))*\W*$",
    re.IGNORECASE,
)

# A record named by its id, to be shown, told, given or viewed ("Show me order 4127.", "Can you
# show me the details of my order 4127?", "tell me about order 4127", "Can you get me the status
# of order 4127?", "I need details on order 4127", "I would like to view order #4127"): its facts,
# a `question` (session 18's "Show me …"; session 30). Looking it up, pulling it up or retrieving
# it is a lookup asked for and is not matched here (a `request`, session 19's "find out …").
_RECORD_TOLD = re.compile(
    r"^(?:(?:great|good|ok|okay|thanks|hi|hello|now)\W+)*(?:please\s+)?"
    r"(?:(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:just\s+)?)?"
    r"(?:show\s+me|tell\s+me(?:\s+about)?|give\s+me|get\s+me|list)"
    r"|i\s+(?:need|want|would\s+like|['’]d\s+like)(?:\s+to\s+(?:see|view))?"
    r"|(?:i\s+(?:want|would\s+like|['’]d\s+like)\s+to\s+)?view)\s+"
    r"(?:(?:the\s+)?(?:(?:order|full)\s+)?(?:details|status|info(?:rmation)?|contents)\s+"
    r"(?:of|for|on|about)\s+)?(?:(?:my|the|our|this)\s+)?"
    r"(?:order|booking|reservation|ticket|invoice)\s+(?:(?:number|no\.?|id)\s+)?#?\d+"
    # ... and, after it, what to tell of it ("… and tell me its status and whether it is refund
    # eligible")
    r"(?:\s*,?\s+and\s+tell\s+me\b[^.?!]*)?(?:\s+(?:for\s+me|please))?\W*$",
    re.IGNORECASE,
)


def _record_told(sentences: Sequence[str]) -> bool:
    """True when the first of ``sentences`` asks to be shown or told a record named by its id
    (:data:`_RECORD_TOLD`) and no later one asks for an act ("Show me order 4127. Is it
    eligible for a refund?", "Show me order 4127. A customer emailed us about it.")."""
    return (
        bool(sentences)
        and _RECORD_TOLD.match(sentences[0].strip()) is not None
        and not any(_is_request(s) and not _is_question(s) for s in sentences[1:])
    )


# Records or items of a kind to be listed or found, asked in a question's words (session 30):
# the user's own records as a list ("what are my orders", "Which of my store's orders haven't
# shipped yet?"), or what a shop has of a kind, the user speaking for the shop or not ("Do we
# have any candles under $30?", "What bags do you have for under $50?"): a search, a `request`
# (session 14's lists, session 18's records to list, session 17's "Do you have a Samsung in
# this price range?"). One fact of them ("What is my current balance?") is no list.
_RECORD_NOUNS = r"(?:orders|bookings|reservations|transactions|purchases|tickets|invoices|listings)"
_RECORDS_LISTED = re.compile(
    r"^\W*(?:what|which)\s+(?:are|were)\s+(?:all\s+)?(?:of\s+)?(?:my|our)\s+(?:[\w'’]+\s+)?"
    rf"{_RECORD_NOUNS}\W*$"
    rf"|\bwhich\s+of\s+(?:my|our)\s+(?:[\w'’]+\s+)?{_RECORD_NOUNS}\b",
    re.IGNORECASE,
)
_STOCK_ASKED = re.compile(
    r"^\W*do\s+we\s+(?:have|carry|sell|stock)\s+any\s+[a-z-]+s\b"
    r"|^\W*what\s+(?!(?:details|hours|times|prices|rates|fees|policies|rules|requirements|dates"
    r"|steps|options)\b)[a-z-]+s\s+do\s+(?:you|we)\s+(?:have|carry|sell|stock|offer)\s+"
    r"(?:for\s+)?(?:under|below|less\s+than|over|above|between|in|with|that|from)\b",
    re.IGNORECASE,
)
# Items of a kind to be shown, with a constraint of the user's ("Show me mugs that cost $30 or
# less."): a search, a `request` (session 18's "Show me flights to Denver tomorrow"), though a
# fact word ("cost") stands in the constraint.
_SHOW_SEARCH = re.compile(
    r"^(?:please\s+)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?show\s+me\s+"
    r"(?:some\s+|any\s+|all\s+)?(?!(?:the|my|our|its|your|his|her|their)\b)(?:[\w-]+\s+){0,2}?"
    r"(?!(?:details|balances|fees|limits|points)\b)[a-z-]+s\s+"
    r"(?:that|which|under|below|less\s+than|cheaper|costing|priced|from|with)\b",
    re.IGNORECASE,
)
# How long the policy gives for a remedy ("How long do I have to return something I bought
# from …?", "How many days do I have to return an item?"): a fact of the policy, a `question`
# (session 28: what the policy says of the case), no remedy asked.
_REMEDY_WINDOW = re.compile(
    r"\bhow\s+(?:long|many\s+(?:days|weeks))\s+do\s+(?:i|we|they|you|customers)\s+have\s+to\b",
    re.IGNORECASE,
)
# Advice of a profession asked to be given ("Can you give me legal advice on whether I can sue
# …?"): advice on the user's own situation, to be told (session 22: advice in any words).
_ADVICE_GIVEN = re.compile(
    r"\b(?:give|offer|provide)\s+(?:me\s+|us\s+)?(?:some\s+|any\s+)?"
    r"(?:legal|medical|financial|tax|professional)\s+advice\b",
    re.IGNORECASE,
)
# Confirming the policies of a named store ("Can you confirm any store-specific policies for
# Cascade Audio?"): to be told, as "Can you confirm the total?" is (session 24).
_CONFIRM_POLICY = re.compile(
    r"\bconfirm\s+(?:any|the)\s+(?:[\w-]+\s+){0,2}?(?:polic(?:y|ies)|rules|terms)\b",
    re.IGNORECASE,
)
# An order named by its number as a sentence's subject ("Order 961 was delivered …"): a noun,
# not the imperative "Order …".
_ORDER_NAMED = re.compile(r"\W*order\s+#?\d", re.IGNORECASE)
# A remedy asked in a clause after a fact asked of the same order ("What's the status of order
# 4127, and can I still return it?"): the act decides (session 21); not whether the policy
# allows it ("…, and can I cancel or pause my subscription at any time?": a question).
_AND_REMEDY = re.compile(
    r"\W*and\s+(?:can|could|may)\s+(?:i|we)\s+(?:still\s+)?(?:return|exchange|cancel)\s+(?:it|them)\W*$",
    re.IGNORECASE,
)


# A fault reported as a why or how-come: what should have happened has not ("为什么显示售后完成
# 我没收到货呢?", "订单z怎么没进展?", "为什么我的手机一下没得网") or cannot ("它为啥发不出去",
# "微信为什么发不倒信息"): round 6's ruling, a request; not why a thing is so ("为什么没这个
# 地方", "为啥不是", "我啷个欠费了": questions).
_ZH_FAULT_WHY = re.compile(
    r"(?:为什么|为啥|怎么|咋|啷个)[^，,。？?！!\s]{0,12}?"
    r"(?:(?:还|至今|一直|都)?没有?(?![这那什么问题事])|[发登打用收寄送上]不[出到倒上开了进]"
    # ... or cannot at all ("为什么我的搜狗输入法无法登陆QQ": session 31, round 12's Weibo users)
    r"|无法(?:登|连接|打开|发送|接收|上网))"
)
# The same in English: why a thing failed or will not work ("Why did I fail to download the
# System Update?", "Why did Smartisan Nut Pro fail to block crank calls?", "Why can't I log in
# to my account?", "why won't the app take my card?": round 12's Weibo customers, round 6's
# ruling); not why a charge or a state is what it is ("Why was I charged twice?", "Why do I
# keep getting billed…?": questions).
_FAULT_WHY = re.compile(
    # "Why do you think I can not apply a subscription code?": the same fault, the agent's
    # opinion asked of it (round 19's MTRAG users, session 18)
    r"\bwhy\s+(?:do\s+you\s+think\s+(?:that\s+)?)?"
    r"(?:(?:did|does|do|is|are|was|were|has|have)\s+(?:\w+\s+){1,4}?"
    r"(?:fail(?:ed|s)?\s+to|(?:not|never|stop(?:ped|s)?)\s+(?:work|load|open|connect|start|arrive)\w*)"
    r"|(?:(?:i|we)\s+)?(?:can['’]?t|cannot|can\s+not|won['’]?t|doesn['’]?t|didn['’]?t|isn['’]?t|aren['’]?t)"
    r"\s+(?:\w+\s+){0,4}?"
    r"(?:work|load|open|connect|start|log\s+in|login|sign\s+in|download|install|update|"
    # ... or a code or a payment of the user's account will not go through ("why can't I
    # apply a feature code?", "Why can't I redeem my voucher?")
    r"apply|redeem|access|"
    r"charg(?:e|ing)\s+(?:my|the)\s+(?:phone|battery|device)|arrive[ds]?|turn\s+on|receiv\w*|send\w*)\b)",
    re.IGNORECASE,
)
# Saying what the user meant by a word ("When I say "America," I'm referring to the continent",
# "By cheap I mean under $100"): a clarification, no question for all its "when".
_CLARIFIES = re.compile(
    r"(?:when|by|if)\s+i\s+(?:say|said|write|wrote|mention(?:ed)?)\b.*?"
    r"\b(?:i\s+mean|i\s+meant|i['’]m\s+referring|i\s+am\s+referring|i\s+was\s+referring)\b",
    re.IGNORECASE,
)
# A report that opens with a clause of time ("When I go faster, the vibrations are still the
# same.", "No, when the car is turning on, the starter does not spin.", "Whenever I turn the key,
# the starter does not crank"): "when" heads the clause and a subject follows it, where a
# question's "when" takes an auxiliary ("When does it open"); without a question mark it tells
# what happens, an answer to the agent's check (session 28's troubleshooting dialogs; the top
# section's "a reply to a question is `answer`").
_TOLD_WHEN = re.compile(
    r"(?:(?:yes|yeah|yep|no|nope|however|but|and|so|well|ok(?:ay)?)\b[,.!]?\s+)?"
    r"(?:when|whenever)\s+(?:i|i['’]m|we|you|he|she|it|they|the|my|your|our|this|that|there)\b"
    r"[^?？]*$",
    re.IGNORECASE,
)
# An error message quoted after the agent's answer ("it is showing "Could not place order.
# Problem authorizing the credit card."", "It says 'Payment declined'"): a fault reported,
# round 6's problem report (session 18); the quote is read before the rules drop quotes.
_QUOTED_ERROR = re.compile(
    r"\b(?:it|this|that|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:is\s+|keeps\s+|still\s+)?"
    r"(?:showing|shows|says|said|saying|gives|gave|displays|displaying|returns|reads)\b"
    # ... an opening quote, not a contraction's apostrophe ("it says it can't find …")
    r"[^\"“'‘]{0,20}(?<!\w)[\"“'‘][^\"”’]*?(?:could\s*n['’]?o?t|unable|error|fail|reject|declin|invalid|"
    r"denied|problem)",
    re.IGNORECASE,
)


# A fault told as a state of what the agent serves, without a why ("I also tried to update my
# credit card, but it keeps showing errors", "I cannot get select query to work", "my promo
# code isn't working"): round 6's problem report asks for help with it, a `request`
# (session 18 on round 19's MTRAG users).
_FAULT_TOLD = re.compile(
    r"\bkeeps?\s+(?:on\s+)?(?:showing|giving|throwing|getting|returning)\s+(?:me\s+)?"
    r"(?:an?\s+|the\s+|this\s+|that\s+)?(?:errors?|error\s+messages?|declined|rejected)\b"
    r"|\bkeeps?\s+(?:on\s+)?(?:failing|crashing|freezing)\b"
    r"|\b(?:can['’]?t|cannot|can\s+not|couldn['’]?t|could\s+not)\s+get\s+(?:[\w-]+\s+){1,4}?to\s+work\b"
    r"|\b(?:isn['’]?t|aren['’]?t|is\s+not|are\s+not|stopped|not)\s+working\b"
    r"|\b(?:doesn['’]?t|does\s+not|won['’]?t|will\s+not)\s+work\b",
    re.IGNORECASE,
)
# ... or as a fault of an order: it came damaged or wrong, or never came ("The desk arrived
# damaged.", "I received the wrong color", "I never got the lamp").
_ORDER_FAULT = re.compile(
    r"\b(?:arrived|came|was|were|is|are)\s+(?:\w+\s+)?(?:damaged|broken|cracked|defective|torn|"
    r"scratched|dented|leaking)\b"
    r"|\b(?:received|got|sent\s+me|delivered)\s+(?:me\s+)?(?:the\s+|a\s+)?wrong\b"
    r"|\bwrong\s+(?:item|size|colou?r|product|order|model)\b"
    r"|\bnever\s+(?:got|received|arrived|came)\b"
    r"|\b(?:hasn['’]?t|has\s+not|haven['’]?t|have\s+not)\s+(?:arrived|come|shipped|been\s+delivered|"
    r"received|got(?:ten)?)\b",
    re.IGNORECASE,
)
# What to do about it, asked after the fault ("what steps should I take?", "what should I
# do?"): help with the fault (session 18); the same words when nothing is broken ask to be
# told (session 14).
_WHAT_TO_DO = re.compile(
    r"\bwhat\s+(?:steps\s+|else\s+)?(?:should|can|could|do|shall|must)\s+(?:i|we)\s+"
    r"(?:do|take|try)\b",
    re.IGNORECASE,
)
# How to fix the user's own fault ("How do I solve the problem?", "How can I fix this?"):
# session 14's ruling, help with the fault asked for, a `request`; how to do a thing when
# nothing is broken ("How can I take the MTR to the park?") asks to be told.
_FAULT_HOW = re.compile(
    r"\bhow\s+(?:do|can|could|should|shall|would)\s+(?:i|we)\s+(?:\w+\s+)?"
    r"(?:solve|fix|resolve|repair|sort\s+out|get\s+rid\s+of)\s+(?:the|this|that|it|my|these)\b"
    # ... a faulty thing of a kind ("How can I fix a leaking roof?"), and saving a thing told
    # gone wrong ("… now it has become runny … is there any way to salvage it?"): session 20
    r"|\bhow\s+(?:do|can|could|should|shall|would)\s+(?:i|we)\s+(?:fix|repair|unclog|mend)\s+an?\s+"
    r"(?:leaking|leaky|broken|cracked|clogged|flat|faulty|stuck|dripping|squeaky|jammed|frozen)\b"
    r"|\b(?:is\s+there\s+(?:any|a)\s+way|how\s+(?:do|can|could)\s+(?:i|we))\s+(?:to\s+)?"
    r"(?:salvage|rescue)\s+(?:it|this|that|them)\b",
    re.IGNORECASE,
)
# A Chinese ask to fix what is wrong ("下面的代码有什么错误？如何修复？"): help with the fault, a
# request (session 14, session 20's given code).
_ZH_FIX = re.compile(r"(?:如何|怎么|怎样|该如何)(?:修复|修正|改正|排除)")
# A Chinese question asking what is wrong or what to do ("是怎么回事呢？", "有救吗？",
# "怎么办", "到底是什么情况？") beside a device's or a line's fault ("上不去网", "死机了",
# "划不开主屏幕", "无信号", "坏了"): round 12's Weibo customers report the fault to have it
# fixed, a `request` (round 6's fault report phrased as why); a symptom of the body ("小便
# 次数多是怎么回事呢？") names no such fault and stays a question.
_ZH_WHAT_WRONG = re.compile(
    r"怎么回事|咋回事|什么原因|啥原因|怎么办|咋办|有救吗|怎么解决|怎么破|什么情况"
)
# The same of the user's own program or setup: it reports an error, will not run or cannot
# connect ("报错", "语法错误", "run不出来", "程序不能打印日志", "无法连接到数据库"), with its cause,
# its place or a fix asked ("原因是什么", "是哪里设置出错了", "如何调试", "怎么办"): session 14's
# fault of the user's own item, session 18's "why won't my code work", a `request` (session 22's
# chat prompts); how a thing is done when nothing failed stays a question.
_ZH_CODE_FAULT = re.compile(
    r"报错|出错|(?:语法|运行|编译|递归|类型|逻辑)错误|错误提示|run不[出起通了]|跑不[出起通了]|运行不[了起]"
    r"|(?:程序|代码|脚本)(?:不能|无法|运行不)|无法(?:运行|编译|连接到?(?:数据库|服务器))|连不上(?:数据库|服务器)",
    re.IGNORECASE,
)
_ZH_CODE_ASK = re.compile(
    r"为什么|为啥|怎么回事|什么原因|原因是什么|的原因|怎么办|(?:如何|怎么|怎样)(?:调试|解决|修改|处理|改)"
    r"|哪里(?:出错|错了|有问题|设置)|是哪里"
)
_ZH_DEVICE_FAULT = re.compile(
    r"上不去|上不了网|打不开|划不开|解不开|登不上|登[陆录]不了|不能用|用不了|死机|闪退|黑屏|白屏|卡死"
    r"|[没无]信号|没有信号|断网|掉线|变砖|充不进|开不了机|连不上|发不出|坏了|屏幕?(?:摔)?碎了"
    r"|无法(?:解锁|连接|登[陆录]|使用|开机|识别|上网|接通|打开|下载|安装|充电|启动)"
)


# Session 21's rulings (round 22's customer e-mails and after-sales customers): a turn that
# tells the user's own order or item and asks for a remedy of it, in any form ("I would like
# to return it. Could you please let me know the process?", "Could you let me know if a refund
# is still possible?", "Is there any way I can still return it?", "我想问一下能不能换货？")
# asks the shop to act: a `request`; the status, stock, costs or specifications asked beside a
# problem stay questions. The user's own order or item, told:
_OWN_ORDER = re.compile(
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:ordered|purchased|bought|received|placed)\b"
    r"|\b(?:was|were)\s+(?:\w+\s+)?(?:purchased|ordered|bought)\b"
    r"|\b(?:my|our)\s+(?:recent\s+|latest\s+|last\s+|original\s+)?(?:order|purchase|package|parcel|delivery)\b"
    r"|\border\s+(?:id|number|no\b|#)",
    re.IGNORECASE,
)
# ... a remedy done to it: returned, exchanged, refunded, replaced, cancelled, repaired,
# matched to a lower price, claimed under warranty, an item added to it, looked into
_REMEDY = re.compile(
    r"\b(?:return(?:ing|ed)?|exchang(?:e|ing|ed)|refund(?:ed|ing)?|replac(?:e|ed|ing|ement)|"
    r"cancel(?:l?ing|l?ed|l?ation)?|repair(?:ed|ing)?|swap(?:ped|ping)?|"
    r"price\s+(?:match|adjustment)|warranty\s+claim|investigate|look\s+into)\b"
    r"|\b(?:add|include)\s+(?:[\w'-]+\s+){0,4}?(?:to|in|with)\s+(?:the\s+|my\s+|this\s+)?(?:same\s+)?order\b",
    re.IGNORECASE,
)
# ... not the policy that governs it, which is a fact ("I hope it's still within your return
# policy window", "I understand that exchanges typically have a time limit")
_REMEDY_POLICY = re.compile(
    r"\b(?:return|refund|exchange|warranty|cancellation)\s+(?:policy|policies|window|period|"
    r"terms|time\s*frame|limit)\b",
    re.IGNORECASE,
)
# ... nor one asked under a condition still to come ("Can I return it if it doesn't fit?",
# "Would I get a refund if I cancel tomorrow?": what the policy gives, session 18)
_REMEDY_IF = re.compile(
    r"\bif\s+(?:i|we)\s+(?:later\s+|ever\s+)?(?:cancel|decide|change|need|want|don['’]?t|do\s+not)\b"
    r"|\bif\s+(?:it|they)\s+(?:doesn['’]?t|does\s+not|don['’]?t|do\s+not|breaks?|fails?|stops?|"
    r"never)\b",
    re.IGNORECASE,
)
# ... in a sentence that asks or wishes for it, not one that reports it done ("I received my
# refund confirmation. When will the money show up?" asks the refund's status: a question)
_REMEDY_ASKED = re.compile(
    r"\?|\b(?:hop(?:e|ed|ing)|wonder(?:ing)?|like|love|want(?:ed)?|need|would|could|can|possible|"
    r"please|request(?:ing)?|how|process|steps|options|assist\w*|help|let\s+me\s+know|trying|"
    r"way|advise|interested)\b",
    re.IGNORECASE,
)
# ... nor one done already ("Why was it cancelled?", "It has been refunded"): its cause or status
_REMEDY_DONE = re.compile(
    r"\b(?:was|were|been|got)\s+(?:\w+\s+)?(?:returned|exchanged|refunded|replaced|cancell?ed|repaired)\b",
    re.IGNORECASE,
)
# ... or what to do about a problem told of it: how to resolve it or proceed, the next steps,
# the user's options, whether anything can be done ("Could you please advise on how to resolve
# this issue?", "What are my options?", "Is there anything at all that can be done?")
_RESOLVE = re.compile(
    r"\b(?:resolv(?:e|ed|ing)|proceed|next\s+steps?|steps\s+(?:i|we)\s+(?:need|should|must|have|"
    r"would)|(?:my|the)\s+options|options\s+(?:i|we)\s+have|(?:can|could)\s+be\s+done|"
    r"fix(?:ed)?\s+(?:this|it)|sort(?:ed)?\s+(?:this\s+|it\s+)?out|looked\s+at|"
    r"what\s+(?:are|will|can|could)\s+you\s+(?:going\s+to\s+)?do)\b",
    re.IGNORECASE,
)
# ... the problem: the item came damaged, wrong or faulty, or is sold for less elsewhere
_OWN_PROBLEM = re.compile(
    r"\b(?:damaged|defective|defect|faulty|broken|cracked|malfunction\w*|stopped\s+working|"
    r"(?:not|n['’]t)\s+(?:working|work|power|turn)|fail(?:ed|s)?|wrong|incorrect|missing|"
    r"issue|problem|lower\s+price|cheaper|leak(?:s|ing|ed)?|(?:doesn['’]?t|does\s+not)\s+fit)\b",
    re.IGNORECASE,
)
# The same in Chinese: a remedy the user wants or asks whether it can be had ("订单 ORD8007
# 要退款", "我想问一下能不能换货？", "能不能给我退款？"), or how the shop will resolve the
# matter ("这个事情你们打算怎么解决？", "…你们怎么办？": the agent asked to act).
_ZH_REMEDY = re.compile(
    r"(?:要|想|申请|需要|给我|能不能|可不可以|能否|可以)(?:办理|申请)?(?:退款|退货|换货|换新|退换|补发|重发|维修|保修|赔偿)"
    # ... not how the shop handles a kind of case ("你们怎么处理退货的？": the process, to be told)
    r"|你们[^，,。？?！!\s]{0,4}?(?:怎么|如何|怎样)(?:解决|处理|办|赔)(?![^，,。？?！!]{0,6}的)"
)

_ZH_IF_REMEDY = re.compile(r"[^，,。？?！!\s]{0,4}?的话")
_ZH_IF = re.compile(r"如果|要是|假如")

# A Chinese imperative to tell, guess or judge whether something holds ("你猜一下这台冰箱还值不值
# 得修。", "你就说我这种情况自己动手成功率高不高。", "你帮我判断一下是快递的问题还是你们仓库的问题。"):
# asks to be told a judgement, a `question` (session 21's fact beside a problem, session 19's
# diagnosis); asking to look it up ("帮我看下 ORD6030 是不是异常了") stays a lookup.
_ZH_TELL_WHETHER = re.compile(
    r"(?:(?:你|您)(?:就|直接)?说|直接说|猜一?下|判断一?下|告诉我)"
    r"[^。！!？?]{0,30}?(?:([\u4e00-\u9fff])不\1|是[^，,。？?！!]{1,12}还是|是不是)"
)


def _asks_remedy(sentences: Sequence[str]) -> bool:
    """True when ``sentences`` tell the user's own order or item and ask for a remedy of it
    (session 21): a sentence that names one (wanted, asked whether possible, asked how), not
    as the policy or under a condition still to come; or asks what to do about a problem told
    of it."""
    text = " ".join(sentences)
    if _CJK.search(text):
        # "要换货的话大概几天能好?": a remedy under "if" asks what the policy gives
        return any(
            _ZH_IF_REMEDY.match(text, m.end()) is None
            and _ZH_IF.search(text, max(0, m.start() - 4), m.start()) is None
            for m in _ZH_REMEDY.finditer(text)
        )
    if _OWN_ORDER.search(text) is None:
        return False
    problem = _OWN_PROBLEM.search(text) is not None
    for sentence in sentences:
        if _REMEDY_IF.search(sentence) or _REMEDY_DONE.search(sentence):
            continue
        if _REMEDY_WINDOW.search(sentence):
            continue  # "How long do I have to return …?": the policy's window (session 30)
        if _REMEDY.search(_REMEDY_POLICY.sub(" ", sentence)) and _REMEDY_ASKED.search(sentence):
            return True
        if problem and _RESOLVE.search(sentence):
            return True
    return False


# The verb the agent is asked for first: after "can you", "could you please", "how about"
# ("Can you search for holidays…", "How about creating an avatar…").
_FIRST_VERB = re.compile(
    r"\b(?:(?:can|could|would|will)\s+you(?:\s+please)?|(?:how|what)\s+about)\s+([a-z]+)",
    re.IGNORECASE,
)


def _acts_first(question: str) -> bool:
    """True when the first thing ``question`` asks the agent to do is an act of the act list
    (a lookup it runs, a booking: "Can you search for holidays with the keyword 'Diwali' and
    tell me about its date?", "How about creating an avatar in a minimal style?"), whatever it
    asks to be told after; not a verb of giving ("Can you find me the address?")."""
    p = _patterns()
    m = _FIRST_VERB.search(question)
    if m is None or p["deliver"].match(question, m.start(1)):
        return False
    verb = m.group(1).lower()
    verb = verb[:-3] if verb.endswith("ing") and len(verb) > 5 else verb  # "creating"
    if verb == "check":
        # "Could you check the tire pressure…?" acts on its object (session 5's "Can you check
        # the details for the event?"); "Can you check if they allow pets?" asks to be told
        return _CHECK_WHETHER.match(question, m.end()) is None
    return bool(p["act"].fullmatch(verb) or p["act"].fullmatch(verb + "e"))


_CHECK_WHETHER = re.compile(
    r"\s+(?:(?:for\s+me|out)\s+)?(?:if|whether|what|when|how|which|who|where)\b", re.IGNORECASE
)


# A wh-word before "can you" asks what the agent can do, not that it do it ("What can you
# do for me?", "How can you ensure he has 5 years of experience?"); a recommendation asked
# so ("What would you recommend?") is read before it.
_WH_MODAL = re.compile(
    r"\b(?:what|how|where|which|who)\s+(?:else\s+)?(?:can|could|will|would)\s+you\b"
    # "What factors would you consider when designing …?": what the agent thinks (session 20)
    r"|\bwhat\s+(?:factors|steps|things|aspects|principles)\s+(?:would|should)\s+you\s+consider\b",
    re.IGNORECASE,
)
# A wh-word before "can I": what the user may do is asked to be told ("How many bags can I
# check for free?", "Where can I pick up my ticket?"), not that the agent act.
_WH_BEFORE = re.compile(r"\b(?:what|how|where|when|which|who|why)\b", re.IGNORECASE)
# ... but "How can I help?" offers help, as the agent does (the offer rules read it).
_HELP_VERB = re.compile(r"\s*(?:help|assist)\b", re.IGNORECASE)
# 还有 before a count ("还有4天", "还有两件"): what remains, not the "also" that shifts the topic
_ZH_STILL_COUNT = re.compile(r"\s*(?:还有|還有)\s*(?:\d|[一二两兩三四五六七八九十半几幾])")
# "能不能", "可以", "请" before a Chinese imperative ("能不能查一下我的航空积分余额").
# ... after "那" and with the helper named ("那帮查一下这个积分有多少", "你能给问问吗").
_ZH_CAN = re.compile(
    r"^\s*(?:那|那么)?(?:能不能|可不可以|能否|可以|请|麻烦)?(?:你|您)?(?:帮我|帮忙|帮|给)?"
)
_ZH_CAN_TASK = re.compile(
    r"^\s*(?:那|那么)?(?:能不能|可不可以|能否|可以|能)(?:你|您)?(?:帮我|帮忙|帮|给我)?"
    r"(?:把[^，,。？?！!]{1,12}?)?(?:翻译|改写|重写|续写|扩写|缩写|润色|总结|概括|写一|写个|写几|写段|写篇|写首|再写)"
)
# Whether the agent could do a thing, asked in English ("Is it possible to upgrade my
# seat?", "Would it be possible to move it?"): a request, as "Can I book...?" is. ("Is
# there a way to get an estimate?" asks for a fact as often.)
_POSSIBLE = re.compile(
    r"\b(?:is|would|will)\s+it\s+(?:be\s+)?possible\s+(?:for\s+(?:me|us|you)\s+)?to\s+",
    re.IGNORECASE,
)
# What the user may do asked under a condition of the user's own ("Can I pause my
# subscription if I need to skip a month?", "…instead of canceling it if I need to take a
# break") or against what the rules require ("Can I update them after signing up, or do I
# need to set them when I first create my account?"): asks what the policy allows, a
# `question` (round 16's subscribers of a RAG bot), not that the agent act now.
_HYPOTHETICAL = re.compile(
    r"\bif\s+(?:i|we)\s+(?:ever\s+|later\s+)?(?:need|want|decide|have)\s+to\b"
    r"|\bor\s+do\s+(?:i|we)\s+(?:need|have)\s+to\b"
    # an act deferred to later on a supposition ("Can I switch plans later if I travel more?")
    r"|\blater\s+if\s+(?:i|we)\b",
    re.IGNORECASE,
)
# The act asked about a kind of order, named by a condition, not the user's own ("can i change
# the shipping address on an order that's still processing?", "Can I cancel a ticket that was
# bought with miles?"): what the policy allows, to be told, as "Can I get a refund if I cancel
# tomorrow?" is (session 21: whether a remedy is given on a condition; "Do you offer exchanges
# on opened items?").
_KIND_OF_ORDER = re.compile(
    r"\b(?:on|for|to|of|from|with)?\s*(?:an?|any)\s+(?:\w+\s+)?(?:order|reservation|booking|ticket"
    r"|flight|item|product|purchase)s?\s+(?:that|which)(?:['’]s|\s+(?:is|are|was|were|has|have))?\s",
    re.IGNORECASE,
)
# A Chinese question word that asks for a fact ("多久的时间内可以修改" asks how long).
_ZH_WH_FACT = re.compile("多久|多长时间|什么|哪|多少|几|为什么|为啥|怎么|如何|啥")
# Advice on the user's own act is asked to be told, in English and Chinese ("Would you
# recommend I ask the tech?", "Should I bring the receipt?", "你建议我先取消订单吗？").
_ADVICE = re.compile(
    r"\brecommend(?:ed)?\s+(?:that\s+)?(?:i|we)\b|\b(?:should|shall)\s+(?:i|we)\b"
    r"|\bdo you think (?:i|we) should\b|(?:我|我们)(?:应该|该不该|是否应该)|建议我",
    re.IGNORECASE,
)
# A recommendation someone else gives ("a filter size they recommend") asks for none.
_THEY_RECOMMEND = re.compile(
    r"\b(?:they|he|she|people)\s+(?:\w+\s+)?recommends?\b|(?:他们|他|她)推荐"
    # ... or has or offers ("Do they have any recommendations for nearby restaurants?", "Does
    # the hotel offer any recommendations…?": round 18's travellers ask what the hotel gives)
    r"|\b(?:do|does|did|would|could|can)\s+(?:they|he|she|the\s+(?:hotel|staff|owners?|hosts?))\s+"
    r"(?:have|give|offer|make|provide)\s+(?:any\s+)?(?:recommendations?|suggestions?)\b",
    re.IGNORECASE,
)


# Which item of a kind would suit the user, asked of the agent ("Which hotel would fit that?",
# "What would be the best machine for all my needs?"): it is to choose one, a recommendation
# without the word (round 18's travellers, round 17's recommender's users); not which of items
# already named ("Which hotel has the bigger rooms, the Vondel or the Hoxton?").
_WHICH_WOULD_SUIT = re.compile(
    r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:hotel|restaurant|place|laptop|machine|phone|camera|"
    r"watch|bike|shoe|shoes|car|course|class|option|model|product)s?\s+(?:would|will|could|might)\s+"
    r"(?:best\s+)?(?:fit|suit|work\s+for|be\s+(?:best|ideal|right|good)\s+for)\b"
    r"|\bwhat\s+(?:would|will)\s+be\s+the\s+(?:best|ideal|right)\s+(?:[\w-]+\s+){0,2}?[\w-]+\s+for\s+"
    r"(?:all\s+(?:of\s+)?)?(?:me|my|us|our)\b",
    re.IGNORECASE,
)


def _asks_to_recommend(question: str) -> bool:
    """True when ``question`` asks the agent for a recommendation ("Can you recommend a
    hotel?", "能推荐一个...吗?", "Which hotel would fit that?"), not about one someone else
    gives."""
    p = _patterns()
    if _WHICH_WOULD_SUIT.search(question):
        return True
    return bool(p["recommend"].search(question)) and not _THEY_RECOMMEND.search(question)


def _asks_for_info(text: str) -> bool:
    """True when what ``text`` asks the agent to do is to tell a fact: a verb of telling
    with a fact as its object ("Can you give me a ballpark estimate on the cost?",
    "麻烦您发一下这家店的地址给我吧"), and no other action ("帮我找一辆出租车，告诉我车牌")."""
    p = _patterns()
    text = _PLEASE.sub("", text)  # "Can I please have the phone number?"
    if not (p["deliver"].search(text) and _fact(text)):
        return False
    rest = p["deliver"].sub(" ", text)
    return not p["act"].search(rest)


_LIST_OF = 4  # words after "a list of" that may name an item ("a list of all the hotels")


def _fact(text: str) -> re.Match[str] | None:
    """The first fact word of ``text`` ("the address", "a brief description"), but a list of
    items of a kind ("a list of hotels", "a list of all NBA players": a search), which is
    none; a list of facts ("a list of their phone numbers") is one."""
    p = _patterns()
    for m in p["fact"].finditer(text):
        if m.group(0).lower() != "list of":
            return m
        after = " ".join(text[m.end() :].split()[: _LIST_OF + 1])
        # session 14's ruling: a list of things nobody has named yet is a search, whatever
        # they are ("a list of the languages supported by the API", "a list of holidays")
        if any(f.group(0).lower() != "list of" for f in p["fact"].finditer(after)):
            return m
    return None


# "a list of", "the full list of" (a list's own words; :func:`_fact` reads what follows).
_LIST = re.compile(r"\blist\s+of\b", re.IGNORECASE)


def _asks_for_list(text: str) -> bool:
    """True when ``text`` asks for a list of items of a kind ("Can you tell me the list of
    holidays in Japan for 2023?", "Could you provide me with a list of all NBA players?"):
    session 14's ruling makes it a search, a `request`, whatever the verb of giving."""
    m = _LIST.search(text)
    if m is None:
        return False
    found = _fact(text[m.start() :])
    return found is None or found.start() > 0


# Items a user searches a catalogue for, plural ("courses", "hotels") and singular: what a
# question for items of a kind asks about (:func:`_asks_for_kind`).
_KIND_PLURAL = (
    r"(?:courses|classes|electives|seminars|workshops|programs|programmes|hotels|restaurants|"
    r"flights|trains|buses|movies|films|shows|attractions|museums|stores|shops|salons|"
    r"venues|apartments|products)"
)
_KIND_SINGULAR = (
    r"(?:course|class|elective|seminar|workshop|program|programme|hotel|restaurant|flight|"
    r"train|movie|film|show|attraction|museum|store|shop|salon|venue|apartment|product)"
)
# Words that name items already found ("which of these courses", "the courses you listed"):
# none may stand between the question word and the item.
_KIND_NAMED = r"(?!(?:of|these|those|them|this|that|your|my|our|his|her|their|the|its)\b)"
_KIND_QUESTION = re.compile(
    r"^(?:(?:so|and|also|ok(?:ay)?|hey|hi|hello|then|well|sure)\W+)*"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?(?:please\s+)?(?:"
    # "What courses are offered…", "What are some classes that…", "Which CS courses take…"
    r"(?:what|which)(?:\s+(?:are|were)\s+(?:some|a\s+few|any|all|the))?"
    rf"(?:\s+{_KIND_NAMED}[\w-]+){{0,4}}?\s+{_KIND_PLURAL}\b|"
    # "What's a good machine learning class I can take?", "what is an easy class to take"
    r"(?:what|which)(?:['’]s|\s+is|\s+would\s+be)\s+(?:a|an|some|the)\s+"
    r"(?:good|great|easy|easier|easiest|best|interesting|fun|light|nice|popular|top|fine)\b"
    rf"(?:\s+[\w-]+){{0,3}}?\s+{_KIND_SINGULAR}\b|"
    # "(Can you please) tell me about (all of the) robotics related courses"
    r"tell\s+me\s+about\s+(?:all\s+(?:of\s+)?(?:the\s+)?)?"
    rf"(?:{_KIND_NAMED}[\w-]+\s+){{0,3}}?{_KIND_PLURAL}\b)",
    re.IGNORECASE,
)


def _asks_for_kind(text: str) -> bool:
    """True when ``text`` asks which items of a kind there are, none named yet ("What
    courses are offered related to HCI?", "Which CS courses take the least time?", "What's a
    good machine learning class I can take?", "Can you tell me about robotics related
    courses?"): a search, a `request`, as session 14's "a list of …" is; not a fact of items
    already named ("Which of these courses has pre-reqs?") nor of a kind ("What times are the
    classes offered?")."""
    if _CJK.search(text) is not None:
        # "了解党史的书有哪些", "应用哪些库可以优化…？", "你知道有哪些猫娘角色是动漫迷必知的吗？":
        # which works, tools or products of a kind there are (session 22; session 20's items of a
        # kind in a question's words); not the facts or kinds of a named topic ("转博的好处有哪些",
        # "memcached的特性有哪些") nor places at a named one ("周边有哪些餐馆", session 17)
        # ... nor what a named product supports ("…旗舰新品支持哪些国家的通话翻译语言?") nor which
        # ones the user needs or should use (advice on the user's own act, session 5: "我需要了解哪些
        # 编程语言才能…", "应该使用哪些工具？")
        return _ZH_KIND_ITEMS.search(text) is not None and _ZH_KIND_NOT_SEARCH.search(text) is None
    return _KIND_QUESTION.match(text.strip()) is not None and _OWN_RECORD.search(text) is None


_ZH_ITEM_NOUNS = (
    r"(?:书籍?|图书|小说|论文|文献|期刊|库|工具|软件|插件|框架|网站|(?:编程)?语言|游戏|电影|电视剧|动漫|番剧"
    r"|角色|歌曲?|音乐|专辑|播客|公众号|课程|教材|APP|App|app|应用程序)"
)
_ZH_KIND_ITEMS = re.compile(
    rf"(?:哪些|哪几[个款部本种首门]|哪种|哪一些)[^，,。？?！!]{{0,16}}?{_ZH_ITEM_NOUNS}"
    rf"|{_ZH_ITEM_NOUNS}(?:都)?有哪些"
)

_ZH_KIND_NOT_SEARCH = re.compile(
    r"(?:支持|包括|包含)(?:哪|什么)|应该|应当|需要|我该|该用|该学|要学"
)

# The user's own record ("What courses am I enrolled in?", "what meetings do I have on my
# schedule?"): items the agent looks up, not ones to choose among, a question.
_OWN_RECORD = re.compile(
    r"\b(?:my|mine|do\s+i\s+have|have\s+i|am\s+i|did\s+i|i['’]m\s+(?:enrolled|registered|"
    r"signed\s+up|booked)|i\s+(?:have|took|booked|bought|ordered))\b",
    re.IGNORECASE,
)


# A Chinese verb that changes what it names ("修改地址", "改价格", "变下地址", "处理一下退款"):
# a request that acts on the fact, as English's "Can we lock in the price?" (session 5).
_ZH_ACTS_ON = re.compile(
    "修改|更改|变更|改一?下|改成|改为|改价|改地址|变下|换成|换一?下|处理一?下|调整"
)
_PROPOSE = ("let's", "lets", "let’s")
_FACT_GAP = 3  # words between a request phrase and its object ("to get the arrival time")
# Verbs of giving, which may stand between a request phrase and the fact it asks for.
_GIVE = frozenset(
    {"get", "give", "send", "tell", "share", "provide", "have", "know", "grab", "confirm"}
)
# A request phrase that ends with its subject, a verb to follow ("can you", "could we").
# ... or with a modal ("if you could") or "please", a verb to follow ("Please waive the change
# fee", "I'd appreciate it if you could waive the fee": a verb that acts on the fact)
_MODAL_CUE = re.compile(r"\b(?:you|we|i|could|can|would|will|please)\s*$", re.IGNORECASE)
# Words after a request phrase that are no verb: the fact's own determiner ("Please, the
# address of the hotel", "please your phone number").
_NOT_VERB = frozenset(
    {"the", "a", "an", "your", "my", "our", "their", "his", "her", "its", "this", "that"}
    | {"these", "those"}
)


# A route or directions asked for ("What is a quick route home?", "tell me the quickest route
# there", "give me the address and directions via the quickest route", "Can I have some route
# details?"): the agent is asked to plan and navigate it, a request (session 19, round 20's
# drivers), whatever the words; whether a route already given holds ("Is that the shortest
# route available?") opens with an auxiliary and stays a question (:data:`_ROUTE_FACT`).
_ROUTE_ASKED = re.compile(
    r"\b(?:directions\b(?!\s+(?:for\s+use|on\s+the\s+(?:label|box|package)))"
    r"|(?:quick|quicker|quickest|fast|faster|fastest|short|shorter|shortest|best|alternate)"
    r"\s+(?:possible\s+)?route\b|route\s+(?:home|there|details)\b"
    r"|route\s+(?:to|with|that|where|which)\b(?!\s+(?:it|you)\b))",
    re.IGNORECASE,
)
_ROUTE_FACT = re.compile(
    r"^\W*(?:(?:ok|okay|so|and|but|also)\W+)*"
    r"(?:is|are|was|does|do|did|will|has|have|which|there\s+(?:is|are)|how\s+(?:long|far|much))\b",
    re.IGNORECASE,
)


def _asks_for_route(sentence: str) -> bool:
    """True when ``sentence`` asks for a route or directions (:data:`_ROUTE_ASKED`), not a
    fact of a route already given."""
    return _ROUTE_ASKED.search(sentence) is not None and not _ROUTE_FACT.match(sentence)


# "have a" or "with a" before a fact word makes it a constraint on what is looked for ("The
# attraction I am looking for should have a rating of at least 1": round 13's BiTOD users).
_HAS_A = re.compile(r"\b(?:have|has|having|with)\s+(?:a|an|the)?\s*$", re.IGNORECASE)


# A number right before a fact word: the word counts what the user tells ("4 hours").
_COUNTED = re.compile(r"\d\s*$")


def _asks_for_fact(text: str) -> bool:
    """True when every request in ``text`` asks only to be given a fact: a wish, "please" or
    a verb of giving whose first object is a fact, not an item to find or an action ("I
    need the address and phone number", "Their phone number please.", "电话和地址发我一下吧";
    not "I need a hotel with a good rating", "Please book it and send the reference")."""
    text = _POLITE_ASK.sub("", text)
    asks = [s for s in _sentences(text) if _is_request(s)]
    return bool(asks) and all(_fact_ask(s) for s in asks)


def _fact_ask(sentence: str) -> bool:
    """True when the object of ``sentence``'s request is a fact: a fact word within the
    first words after the request phrase ("I need the address", "the phone number
    please"), and no action ("帮我看一下", "book")."""
    p = _patterns()
    if p["act"].search(sentence):
        return False
    if _CJK.search(sentence) and _ZH_ACTS_ON.search(sentence):
        return False  # "这个我想修改地址", "现在拍给我改价格吧": the verb changes the fact
    cue = p["request"].search(sentence) or p["deliver"].search(sentence)
    if cue is None or cue.group(0).lower() in _PROPOSE:
        return False  # "Let's start with ticket info." proposes, asks to be told nothing
    before = sentence[: cue.start()]
    for part in (sentence[cue.end() :], before):  # "...the phone number please"
        fact = _fact(part)
        if fact is None:
            continue
        gap = part[: fact.start()] if part is not before else part[fact.end() :]
        if p["item"].search(gap):
            continue  # "介绍个餐馆，评分是5分": an item to find, with a fact as its constraint
        if _CJK.search(part):
            return True
        words = [w.lower().strip(",.;:!") for w in gap.split() if w.strip(",.;:!")]
        if part is before and len(words) > 1:
            continue  # "Any rating is fine, but I want something near Wan Chai": a statement
        if part is before and _COUNTED.search(part, 0, fact.start()):
            continue  # "delayed by 4 hours and I want compensation": a length told, no fact asked
        if part is not before and _HAS_A.search(gap):
            continue  # "…should have a rating of at least 1": a constraint on the item
        # the verb after "can you" or "to" gives the fact, or acts on it ("Can you check
        # the details", "Can we lock in the price": a request)
        verb = None
        if words and words[0] == "to":
            verb = words[1] if len(words) > 1 else ""
        elif words and part is not before and _MODAL_CUE.search(cue.group(0)):
            verb = None if words[0] in _NOT_VERB else words[0]
        if len(words) <= _FACT_GAP and (verb is None or verb in _GIVE):
            return True
    return False


# Whether the agent has items of a kind to show, asked at a sentence's start ("Do you have
# any dresses with high ratings?", "Got any jackets?", "Any coats with good reviews?", "Have
# you got anything from Fancy Nails?"): a search of its stock, whatever the item (round
# 10's shoppers), also opened with "anything" or bounded by "within" ("anything in red with
# recycled materials?", "do you have from stephen king within that price range": round 17's
# shoppers); not whether it has knowledge ("Do you have any idea…?", "any information", "any
# questions").
_STOCK = re.compile(
    r"(?:^|[.!?,]\s*)(?:(?:hi|hey|ok|okay|so|now|alright|and)\W+)*"
    r"(?:do\s+you\s+(?:guys\s+)?(?:have|carry|sell|stock)|have\s+you\s+got|got|have|any|anything)"
    r"\s+(?:(?:any|anything|some)\s+|(?!(?:any|anything|some)\b))"
    r"(?!(?:the|a|an|your|my|this|that|it|idea|ideas|information|info|details|questions?|"
    r"thoughts|advice|tips|suggestions|experience|knowledge|updates?|news|problems?|plans?|"
    r"someone|anyone|somebody|anybody|"
    # ... nor whether it gives discounts ("do you have any discounts?", "any possible
    # discount?": session 16's ruling, to be told)
    r"possible|discounts?|deals?|promos?|promotions?|coupons?|"
    # ... nor the perfect tense or the user's trouble (", have had issues with certain
    # drip coffee makers": round 11)
    r"had|been|never|always|already|just|also|to|issues?|trouble)\b)"
    # ... its item followed by a constraint or the mark ("any good comedies playing near me?")
    r"[a-z][a-z-]*(?:\s+[a-z-]+){0,2}"
    r"(?:\s+(?:with|from|by|in|within|that|you|near|under|around|playing|available)\b|\s*\?)",
    re.IGNORECASE,
)


# ... and "a" or "an" item bounded by a price range or a budget ("Do you have a samsung in this
# price range", round 17's shoppers; :data:`_STOCK` refuses "a" before its item, which asks
# about knowledge as often: "Do you have a question?").
_STOCK_IN_RANGE = re.compile(
    r"\b(?:do\s+you\s+(?:guys\s+)?(?:have|carry|sell|stock)|have\s+you\s+got)\s+(?:a|an)\s+"
    r"[a-z][a-z-]*(?:\s+[a-z-]+){0,2}?\s+(?:in|within|under|for|around)\s+"
    r"(?:(?:this|that|my|your|our|the\s+same|a\s+similar|a\s+lower|a\s+higher)\s+)?"
    r"(?:price\s+range|price\s+bracket|budget)\b",
    re.IGNORECASE,
)


def _stock_words(low: str) -> bool:
    """Whether lower-cased ``low`` holds a word :data:`_STOCK` needs: a cheap test first,
    most turns hold none."""
    return "have" in low or "got" in low or "any" in low


@functools.lru_cache(maxsize=1024)  # a turn's rules ask it of the same text two or three times
def _asks_for_more(text: str) -> bool:
    """True when ``text`` asks whether there are other or further items to find ("Are
    there any other trains?", "有没有提供的酒店？"): another search, a request."""
    p = _patterns()
    # "What else do you have?" names no item: the agent's own are meant
    alternative = p["alternative"].search(text)
    if alternative and _IN_NAMED.search(text, alternative.end()):
        alternative = None  # "Are there any low-sugar options included in the Healthy Box?"
    if alternative and _NEAR_NAMED.match(text, alternative.end()) and not _MORE_OF.search(text):
        alternative = None  # "Are there any cafes near the hotel?": what the place has nearby
    if (
        alternative
        and alternative.group(0).lower() == "what other"
        and not p["item"].match(text, alternative.end() + 1)
    ):
        # "What other models are there…?" searches; "What other features does this laptop
        # have?" asks about the item found: the item must follow the words at once
        alternative = None
    return bool(
        (
            alternative
            # ... in Chinese the item after it ("有没有提供wifi的酒店？"), not as its subject
            # ("这家酒店有没有商务中心？": whether a named one has it, round 13: a question)
            and p["item"].search(text, alternative.start() if _CJK.search(text) else 0)
        )
        or p["more"].search(text)
        or (_stock_words(text.lower()) and _STOCK.search(text) is not None)
        or _STOCK_IN_RANGE.search(text) is not None
        or ("有" in text and _ZH_STOCK.search(text) is not None)
    )


# Session 32 (the lead's made-up retail runs): a variant asked for by its size or colour ("Is
# there a size 9.5 in white?", "Do you have it in black?") after the agent listed the ones it
# has: another option searched for, a `request` (session 31's "Is there a black one with
# USB?"); asked before any list ("nice and which color?" → "do you have size 7?") it asks
# what the shop has, a `question`.
_VARIANT_ASKED = re.compile(
    r"\b(?:is\s+there|are\s+there|do\s+you\s+have|does\s+it\s+come|do\s+they\s+come)\b[^?.!]{0,30}?"
    r"(?:\bsize\s+\d[\d.]*|\bin\s+(?:a\s+)?(?:size|white|black|red|blue|green|gr[ae]y|silver|gold"
    r"|pink|brown|beige|navy|purple|yellow|orange)\b)",
    re.IGNORECASE,
)


# Whether a thing already named holds items of a kind ("Are there any low-sugar options
# included in the Healthy Box?", "…snack options available in the Snack 52 boxes?"), or a
# way to do something ("Are there any options to customize the box?"): asks to be told what
# it holds or allows, a `question`, as "这家酒店有没有商务中心？" is (round 13), not a search
# for items ("Are there any other salons in the area?", "Do you have any cars available?").
_IN_NAMED = re.compile(
    r"\b(?:included|available|offered|contained)\s+in\s+(?:the|your|each|every|a|an|this|that)\b"
    r"|\b(?:options?|ways?)\s+to\s+(?!(?:book|buy|get|order|rent|stay|eat)\b)[a-z]+",
    re.IGNORECASE,
)


# Whether places of a kind are near a place already named, and nothing more of them ("Are there
# any cafes near the hotel?", "Are there any restaurants nearby?"): what the place has nearby,
# a `question` (session 17's places ruling); more of them ("any other cafes") or one that
# meets the user's constraint ("… nearby that serves Italian food", "… with vegan options")
# is a search.
_NEAR_NAMED = re.compile(
    r"\s*(?:[\w-]+\s+){0,2}?"
    r"(?:nearby|(?:near|close\s+to|next\s+to|around)\s+(?:the|this|that|it|its|your|there)"
    r"(?:\s+[\w-]+){0,2}?)\s*[?？.!]*$",
    re.IGNORECASE,
)
_MORE_OF = re.compile(r"\b(?:other|else|more|another)\b", re.IGNORECASE)


# Whether the shop has an item of a kind, asked in Chinese at a clause's start ("有厚一点的吗",
# "没有带盖子的吗", "有更好显卡的版本么?", "其它款式有吗?", "其它的颜色的也没有吗?"): a search
# of its stock, a `request`, as English's "Any coats with good reviews?" (:data:`_STOCK`);
# not a wh-question ("有什么可以帮助我的吗") nor whether a named thing has it ("苹果是没有
# 优惠卷的吗").
_ZH_STOCK = re.compile(
    r"(?:^|[，,。！!？?\s])(?:那|还|亲)?(?:有没有|没有|有)(?![没有]*(?:什么|多少|哪|几|啥))"
    # ... not what else to know or do ("还有其他需要注意的事项吗": advice, to be told)
    r"(?![^，,。？?！!\s]*(?:需要|注意|事项|问题|办法|方法|要求|规定"
    # ... nor other causes or measures for the user's own condition ("还有其他可能的原因吗",
    # "还有其他措施可以缓解我的症状吗": advice, session 17's ruling on a patient's ways)
    r"|原因|措施|处理|治疗|缓解))"
    r"[^，,。？?！!\s]{1,10}的[^，,。？?！!\s的]{0,4}(?:吗|么|嘛)"
    r"|(?:^|[，,。！!？?\s])(?:那|还)?(?:其它|其他|别的)[^，,。？?！!\s]{0,8}(?:也)?(?:有|没有)(?:吗|么|嘛)"
    # ... or whether there is an item of a kind, its constraints before and after it ("有高档型
    # 的酒店价格在200-300元之间的吗？", "那有高档型，评分5分，…的酒店吗？": round 13's hotel
    # guests search, a `request`)
    r"|^(?:那|还)?有(?![没有]*(?:什么|多少|哪|几|啥))[^。？?！!]{0,40}的"
    r"(?:酒店|宾馆|餐馆|餐厅|饭店|景点|房间)[^。？?！!]{0,24}(?:吗|么|嘛)"
)


def _is_closing(text: str, sentences: list[str], solicited: bool = False) -> bool:
    """True for a closing: the last sentence thanks or says goodbye, and no clause
    asks or requests anything ("好的,谢谢你了,再见。", "Thanks for trying to help.",
    "嗯,真想快点到那。好的,谢谢你哈,客服。"). A clause that starts with thanks
    ("谢谢你的推荐") is thanks, whatever it thanks for; one that states the user's own plan
    ("I'll be there on the 2nd.") is a remark, and so is an approval when the agent asked
    for no value (``solicited`` false: "Thanks, that works. See you tomorrow.")."""
    p = _patterns()
    last = [m.end() for m in p["greeting"].finditer(text)]
    # The thanks or goodbye closes the turn: it ends in its last part ("你好,我想..."
    # opens with a greeting and asks afterwards), or the last sentence thanks.
    if not sentences:
        return False
    # ... or the turn opens thanking and says nothing else that asks or answers
    # ("Thanks. I'll wait for the confirmation text.").
    thanks = _thanks(sentences[-1]) or any(_thanks(c) for c in _CLAUSE.split(sentences[0]))
    if (not last or last[-1] < len(text) * _CLOSING_SHARE) and not thanks:
        return False
    for sentence in sentences:
        if _is_question(sentence) and not _words_only(sentence, p["closing"]):
            return False  # ("Talk tomorrow?" asks nothing)
        thanked_for = _THANKS_FOR.match(sentence) is not None
        for clause in _CLAUSE.split(sentence):
            c = _PUNCT.sub(" ", clause).strip()
            if not c or _words_only(c, p["closing"]) or p["thanks_start"].match(c):
                continue
            said = clause.strip(" .!?,，。！？")  # with its apostrophes: "I'm looking for"
            if thanked_for and _THANKED_DETAIL.match(said) and not _is_request(said):
                continue  # "Thank you for booking my room, starting from Thursday for 5 nights."
            if solicited and _VALUE_GIVEN.match(said):
                # "The name for the order is David Thompson. Thanks …", "I'll stick with the
                # standard cod. Thanks …", "I'll be there in about 20 minutes. Thanks!" after
                # "When would you like to pick this up?": the value or the choice the agent
                # asked for, with thanks, answers it (session 5)
                return False
            if solicited and _COUNT_GIVEN.fullmatch(said):
                return False  # mk35 (session 33): "Just one more, thanks." (:data:`_COUNT_GIVEN`)
            if solicited and (said.lower() in _AFFIRM or _AFFIRM_ECHO.fullmatch(said)):
                # "Yes, that time works. Thanks." accepts what was asked, and so does "Yes I
                # would.\nThanks for your help." after "Would you like to book this package?"
                return False
            if (
                _PLAN.match(said)
                and not (p["answer_start"].match(said) or p["choice"].match(said))
                and not _PLANNED_NEED.match(said)
            ):
                continue  # ("I'll take the 3 PM slot, thanks." chooses)
            if not solicited and _short(c) and p["approve"].search(c):
                continue
            # ("That's all I need." asks for nothing)
            if (
                _is_request(p["greeting"].sub(" ", said))
                or p["answer_start"].match(c)
                or _ID_OR_NUMBER.search(c)
                # a wish to be told or a fault beside the thanks ("…, so just wondering why,
                # thanks again!", "I still haven't yet received my locket. … Many thanks")
                or p["ask_info"].search(said)
                or _NOT_RECEIVED.search(said)
            ):
                return False  # a request, or an answer with thanks after it
    return True


# mk35 (made-up, session 33): a count in words, after the agent asked for a value ("Just one
# more, thanks." after "How many would you like to add?", "Two, please. Thank you!"): the value
# asked for, with thanks, answers it (session 5), as a count in digits does.
_COUNT_GIVEN = re.compile(
    r"(?:(?:just|only|maybe)\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple|a\s+few"
    r"|both|all\s+of\s+them)(?:\s+(?:more|extra|of\s+them|bags?|tickets?|seats?|items?|nights?|please))*",
    re.IGNORECASE,
)


# A clause that gives a value or a choice the agent asked for: a name ("The name for the order
# is Sofia Russo", "you can put the order under Amanda Foster", "It's Diana Walsh", "Robert
# Kim"), a choice ("I'll stick with the standard cod", "I'll take the small Coca-Cola") or a
# time of the user's own ("I'll be there in about 20 minutes", "I'll pick it up at 5:30").
_VALUE_GIVEN = re.compile(
    r"(?i:(?:sure|yes|yeah|ok|okay|great|hey|hi|and)[\s,!.]+)*(?:"
    r"(?i:(?:my|the)\s+name(?:\s+(?:for|on)\s+(?:the|this|my)\s+order)?\s*(?:is|['’]s)\b)"
    r"|(?i:(?:you\s+can\s+)?(?:put|place)\s+(?:it|that|this|the\s+order|my\s+order)\s+under\b)"
    r"|(?i:it['’]?s\s+under\b)"
    r"|(?i:it['’]?s|this\s+is)\s+[A-Z][a-z'’]+(?:\s+[A-Z][a-z'’]+)?\s*$"
    r"|[A-Z][a-z'’]+\s+[A-Z][a-z'’]+\s*$"
    r"|(?i:i['’]?ll\s+(?:just\s+)?(?:stick|go)\s+with\b|i['’]?ll\s+(?:just\s+)?(?:take|have)\b)"
    r"|(?i:i['’]?ll\s+(?:be\s+(?:there|by)|pick\s+(?:it|this|that|the\s+order)\s+up|come\s+by)"
    r"[^.!?]*\b(?:in\s+(?:about\s+|around\s+)?\d+\s+minutes|at\s+\d|around\s+(?:\d|noon)))"
    r")"
)


# Thanks for something ("Thank you for booking my reservation at X, …"), and a clause after it
# that only says more of what is thanked for (", starting from Thursday for 5 nights", ", for
# the 14th at 9 am"): the thanks close, its details no value given (round 18's SPADE users);
# a clause of its own after the thanks ("…, my order number is 12345") still answers.
_THANKS_FOR = re.compile(
    r"\s*(?:thank\s+you|thanks|many\s+thanks)\s+(?:(?:so|very)\s+much\s+|a\s+lot\s+)?for\b",
    re.IGNORECASE,
)
_THANKED_DETAIL = re.compile(
    r"(?:starting|beginning|ending|leaving|departing|arriving|checking|including|for|from|at|on|"
    r"in|with|until|which|that)\b",
    re.IGNORECASE,
)


# What the customer ordered or was promised has not come ("I still haven't yet received my
# locket.", "I never received my first order", "My package hasn't arrived"): a fault reported,
# which thanks beside it do not turn into a closing (round 12's e-mail customers).
_NOT_RECEIVED = re.compile(
    r"\b(?:(?:have|has)\s*n['’]?t|have\s+not|has\s+not|never|not)\s+(?:\w+\s+){0,2}?"
    r"(?:received|arrived|got|gotten|come|shipped|been\s+(?:delivered|shipped|refunded))\b",
    re.IGNORECASE,
)


def _thanks(sentence: str) -> bool:
    """True when ``sentence`` starts by thanking, after any acknowledgement ("great thanks
    for your help", "Thanks for trying to help.")."""
    p, lists = _patterns(), _lists()
    s = sentence.strip()
    while True:
        if p["thanks_start"].match(s):
            return True
        lead = p["lead"].match(s)
        if not lead or lead.end() >= len(s) or lead.group(1).lower() in lists["yesno"]:
            return False
        s = s[lead.end() :]


_WISH_AT = 6  # characters a wish to be told may stand from a sentence's start ("我想知道", "I'd love to know")


def _wish_to_know(sentence: str) -> bool:
    """True when ``sentence`` opens with a wish to be told ("我想知道有哪些因素…", "I'd love to
    know about the features")."""
    told = _patterns()["ask_info"].search(sentence.strip())
    return told is not None and told.start() <= _WISH_AT


def _only_desire(sentence: str) -> bool:
    """True when the only request cue of ``sentence`` is the user's own wish ("我想坐地铁去",
    "I want to call them"), which asks the agent for nothing."""
    p = _patterns()
    cues = p["request"].findall(_POLITE_ASK.sub("", sentence))
    return (
        bool(cues)
        and all(p["desire"].fullmatch(c) for c in cues)
        and not _is_request(p["desire"].sub(" ", sentence))
    )


def _new_task(sentence: str) -> bool:
    """True when ``sentence`` asks for a task: a request that is not for a fact, and not
    only the user's wish unless it wishes for an item to find ("I would like a place to
    eat", "我想去个免费的景点")."""
    if not _is_request(sentence) or _asks_for_fact(sentence) or _asks_for_info(sentence):
        return False  # ("Also, please provide me with the historical data": to be told)
    p = _patterns()
    if not _only_desire(sentence) or p["item"].search(sentence):
        return True
    # ... or for an act the agent is to do ("Also, I'd like to set a price alert if…"; not
    # "I'd like to know the rates", "I'd like to see how it changed")
    return _is_request(_TO.sub(" ", p["desire"].sub(" ", sentence)))


# The user holding the conversation while they do something themselves ("Let me check.",
# "Just a moment!", "Hold on", "稍等一下", "I'll provide my zip code"): stalling, the
# GUIDELINE's `other`.
_STALL = re.compile(
    r"^\s*(?:(?:ok|okay|sure|hmm+|maybe|well|but|so|yes|yeah|no|not yet|uh|um)[\s,.!]+)*"
    r"(?:let me (?:check|see|think|look|text|ask|find|get|go)|(?:just )?(?:a|one) (?:moment|sec"
    r"|second|minute)|hold on|hang on|give me a (?:sec|second|minute|moment)"
    # ... or promises the value for later ("Sure, I'll provide my zip code and pick a time.")
    r"|i(?:['’]ll| will) (?:provide|share|send|check|get back))\b"
    r"|^\s*(?:好的?|嗯|那)?[，,\s]*(?:稍等|等一下|等等|我看看|我想想|让我想想)",
    re.IGNORECASE,
)


_DIGIT = re.compile(r"\d")


def _stalls(sentences: list[str]) -> bool:
    """True when the user only holds the conversation: a sentence stalls ("Let me check my
    balance first.", "Just a moment!") and none gives a number, asks or requests
    ("Wait, let me confirm that. Yeah, May 2." answers)."""
    stalling = [s for s in sentences if _STALL.match(s)]
    rest = [s for s in sentences if s not in stalling]
    return (
        bool(stalling)
        and not any(_DIGIT.search(s) for s in sentences)
        and not any(_is_question(s) or (_is_request(s) and not _only_desire(s)) for s in rest)
        and not any(_decides(s) for s in rest)
    )


# One of the agent's options picked by a property ("the gray one", "the cheaper one, please").
_THE_ONE = re.compile(r"\s*the\s+[\w-]+(?:\s+[\w-]+)?\s+one\b", re.IGNORECASE)


def _decides(sentence: str) -> bool:
    """True when ``sentence`` picks one of the agent's options ("I'll go with the gray one.",
    "OK, the gray one."): said after a stall, the user has decided (session 30's made-up
    turns: "Let me think... I'll go with the gray one." answers)."""
    picked = _strip_lead(sentence)
    return bool(_patterns()["choice"].match(picked) or _THE_ONE.match(picked))


# A Chinese search for an item not yet named: a verb of finding with an indefinite object
# ("我要找个…酒店", "要为朋友订一个酒店", "帮他安排个…的酒店"); and a question asking which one or
# where fits ("你觉得哪家酒店比较好？", "知道哪里适合我吗？", "你知道哪里有这样的酒店吗？").
_ZH_SEARCH = re.compile(r"(?:找|订|安排)(?:个|一个|一家|家|一间)")
_ZH_WHICH_FITS = re.compile(r"(?:哪家|哪里|哪儿)[^，,。？?！!]{0,8}?(?:合适|适合|好|有)")


def _zh_which_to_find(sentences: list[str]) -> bool:
    """True when a Chinese turn states a search for an item not yet named and then asks which
    one or where fits: the search asked for, a recommendation (round 13's hotel guests: "我要
    找一个评分4.5分以上…的经济型酒店住宿，你觉得哪家酒店比较好？"), not which of the places the
    agent listed has a property (CrossWOZ's "哪个评分4分以上…的呢？", a question)."""
    clauses = [c for s in sentences for c in _CLAUSE.split(s) if c.strip()]
    return (
        len(clauses) > 1
        and _CJK.search(clauses[-1]) is not None
        and _ZH_WHICH_FITS.search(clauses[-1]) is not None
        and any(_ZH_SEARCH.search(c) for c in clauses[:-1])
    )


def _wishes_for_item(sentence: str) -> bool:
    """True when ``sentence`` is the user's wish for an item to find ("I want a moderately
    priced restaurant in the east part of town.", "I would like the flight to be on Delta.");
    not "I'd like to check one more thing", whose "one" names no item."""
    if _is_question(sentence) or not _only_desire(sentence):
        return False
    return any(m.group(0).lower() not in _ONE for m in _patterns()["item"].finditer(sentence))


_ONE = frozenset({"one", "ones", "anything"})


# How the answer should be given, after the question ("Try to explain your answer.", "Your
# explanation should take the reader through your reasoning step-by-step.", "give answer in
# full sentence points if possible"): the form of the answer asked, no act of its own; the
# question before it decides (session 20's quiz ruling).
_ANSWER_FORM = re.compile(
    r"\s*(?:(?:please|try\s+to|also|and)\s+)*(?:explain\s+your\s+(?:answer|reasoning)"
    r"|show\s+your\s+(?:work|reasoning)|(?:your|the)\s+(?:answer|explanation)\s+should\b"
    r"|give\s+(?:the\s+|your\s+)?answers?\s+(?:in|as)\b|answer\s+in\b|think\s+step\s+by\s+step\b)",
    re.IGNORECASE,
)


# mk35 (made-up, session 33): an act asked, then a question mark on the act's details alone
# ("Can you split it? 150 on the gift card and the rest on the visa?", "Could you move it?
# To the 14th?"): no verb, no subject, no wh-word; the details belong to the act asked before
# them and ask nothing of their own (the GUIDELINE's request in a question's form), so the act
# decides the turn. A lone word ("Really?") is no detail; nor is a value tried ("Maybe
# something in blue?") or any fragment after the agent asked for one (a value asked for).
_DETAILS_ONLY = re.compile(
    r"(?![^?]*\b(?:is|are|was|were|be|been|am|do|does|did|can|could|will|would|should|shall|may"
    r"|might|must|have|has|had|i|you|we|they|he|she|it|what|which|when|where|why|how|who|whose"
    r"|whom|any|anything|there)\b)[\w$€£.,'’ -]{1,60}\?+",
    re.IGNORECASE,
)


def _details_of_act(sentences: Sequence[str]) -> bool:
    """True when the last of ``sentences`` is only details (:data:`_DETAILS_ONLY`, two words
    or a figure) of the act the question before it asks."""
    if len(sentences) < 2 or _CJK.search(sentences[-1]):
        return False
    last = sentences[-1].strip()
    return (
        _DETAILS_ONLY.fullmatch(last) is not None
        and (len(last.split()) > 1 or _DIGIT.search(last) is not None)
        and _TENTATIVE_VALUE.match(last) is None
        and sentences[-2].rstrip().endswith("?")  # "at P.f. Chang's …?" splits at "P.f."
        and _is_question(sentences[-2])
        and _asks_to_act(sentences[-2])
    )


def _remark(sentence: str) -> bool:
    """True when ``sentence`` asks the agent for nothing: no request, only the user's own
    wish ("I want to make sure it's done right."), or a need for what the question before
    asked about ("Do they have free parking? I will need that.")."""
    return (
        not _is_request(sentence)
        or _only_desire(sentence)
        or bool(_NEED_THAT.match(sentence))
        or _own_purpose(sentence)
    )


# mk35 (made-up, session 33): the user's own need to do something no agent does, after the
# question it explains ("Do those flights have wifi? I need to work on the way."): the user's
# purpose, a remark, as "I want to make sure…" is; "I need to change my flight" names an act
# of the request list and still asks it, and so does a need added ("I also need to sit in an
# aisle seat") or one on a thing of the user's ("I need to reschedule my appointment").
_OWN_NEED = re.compile(
    r"\s*(?:i|we)\s+(?:really\s+|just\s+)?(?:need|have|want)\s+to\s+", re.IGNORECASE
)
_USERS_THING = re.compile(r"\b(?:my|our|mine|ours)\b", re.IGNORECASE)
_IF_WORD = re.compile(r"\b(?:if|possible)\b", re.IGNORECASE)


def _own_purpose(sentence: str) -> bool:
    """True when ``sentence`` is only the user's need to do an act of no request verb
    (:data:`_OWN_NEED`)."""
    need = _OWN_NEED.match(sentence)
    if need is None or "?" in sentence:
        return False
    rest = sentence[need.end() :]
    return (
        not _patterns()["request_start"].match(rest)
        and not _is_request(rest)
        and _USERS_THING.search(rest) is None
        # "I need to sit in an aisle seat if that's possible": a condition of the booking asked
        and _IF_WORD.search(rest) is None
    )


# A need whose object points back to the question before it ("I will need that.", "We'll need
# it."), or the user's purpose ("I want to make sure they know what I need."): a remark.
_NEED_THAT = re.compile(
    r"^\s*(?:i|we)(?:['’]ll|['’]d| will| would| really| just| also)?\s+(?:need|want)\s+"
    r"(?:(?:that|it|this|them|those)\s*[.!]?\s*$|to\s+make\s+sure\b)",
    re.IGNORECASE,
)


def _short(text: str) -> bool:
    if _CJK.search(text):
        return len(_CJK.findall(text)) <= _SHORT_CJK
    return len(text.split()) <= _SHORT_WORDS


def _after_yes_no(word: str, rest: str, sentences: list[str], context: str) -> str:
    """The class of a turn that opens with yes or no (``rest`` is what follows): a
    question after it is still a question ("Yes, can you reschedule it?" a request),
    thanks after it a closing ("No, that's all. Thanks!"); otherwise an answer, or a
    remark when nothing was asked and more than a word or two follows that asks for
    nothing ("是的，他演得很好")."""
    p = _patterns()
    asked = context in ("open", "asked", "solicit", "confirm")
    asking = [s for s in sentences if _is_question(s)]
    if asking:
        return "request" if any(_asks_to_act(s) for s in asking) else "question"
    if context != "confirm" and _WANTS_DONE.search(rest):
        # mk35 (made-up, session 33): "Yes! I never bought that. I want that money back." after
        # a question about the charge: a remedy no proposal offered (:data:`_WANTS_DONE`)
        return "request"
    # "No, that's all I need, thanks!" closes (its "I need" asks for nothing); "Yes, please
    # book it. Thanks!" does not
    requests = _is_request(p["greeting"].sub(" ", rest))
    if (
        requests
        and word in _AFFIRM
        and context == "open"
        and p["ask_info"].search(rest)
        and not _is_request(p["ask_info"].sub(" ", rest))
    ):
        return "question"  # "Yes, I wanted to know about the return window." after "Anything else?"
    # "Yes, that time works. Thanks." accepts what was asked; "No thanks." declines more
    accepts = word in _AFFIRM and context in ("solicit", "confirm")
    if word in _NO and context in ("solicit", "confirm") and _PREFERS.search(rest):
        # "No thanks, I'd rather just get a refund." after an offer: declined with the value
        # wanted instead (the r6 section), its thanks no closing
        return "answer"
    if p["greeting"].search(rest) and not requests and not accepts:
        return "greeting"
    if requests and (context in ("open", "opening") or _ADDS.search(rest)):
        # "Yes, I also need a hotel room." after "Anything else?"; "Yes, I'm looking for a
        # restaurant in the centre." opening a conversation states the need (round 13)
        return "request"
    if (
        word in _AFFIRM
        and context == "open"
        and (_HAS_PROBLEM.search(rest) or _ORDER_FAULT.search(rest) or _FAULT_TOLD.search(rest))
    ):
        # "Yes. My order #W123 hasn't arrived yet." after "Anything else?": a problem told
        # asks for help (the top section), as it does without the yes
        return "request"
    if word in _NO and _asks_for_fact(rest):
        return "question"  # "No, I just need the phone number, please." declines, then asks
    typed = " ".join(rest.strip(" ,.!").split())
    if (
        word in _NO
        and context == "none"
        and len(typed.split()) > 1  # a topic in words, not "no worries"
        and _KEYWORD.fullmatch(typed)
        and _LOWER_WORD.search(typed)
        and not _BARE_COMMAND.fullmatch(typed)
    ):
        # "No. Details about the roommate options." after the agent's answer: a correction that
        # asks its topic told, session 18's keyword turn (session 14's pushback with a question
        # of its own is labelled by what it asks; session 31)
        return "question"
    if word in _NO and any(_wish_to_know(s) for s in sentences):
        # "No. I just wanna know what the cheapest department is.": a wish to be told after
        # declining, labelled by what it asks (the top section; session 31); after a yes it
        # takes up what was offered ("Yes, I'd like to hear more about …": round 8)
        return "question"
    if word in _NO and context == "open" and not requests and _CORRECTS.match(rest):
        # "No, I meant the other order" after "Anything else?": pushback on what the agent
        # did, which no question of the agent asked about (session 14's ruling)
        return "other"
    if _short(rest) and p["approve"].search(rest):
        return "answer"  # "Yes, that sounds good."
    if word in _AFFIRM and _THATS_IT.fullmatch(rest):
        # "Yes, that's the one." after the agent restated the user's record: the statement
        # acknowledged as right, no new one (a bare acknowledgement answers)
        return "answer"
    substantial = len(rest.split()) >= 3 or len(_CJK.findall(rest)) >= 6
    # a yes that opens the record answers a question the record lost ("Yes, sure. The API key
    # is "ABC123XYZ"." : round 15's ToolACE dialogues start after the agent's question)
    if not asked and substantial and not requests and context != "opening":
        return "other"
    return "answer"


# mk35 (made-up, session 33): a wish to be told joined by "and" to an act on an object ("I'd
# like to know how many bags I can check, and add one if needed", "… and then book it"): the
# act is asked beside the fact, a `request` (the top section: a turn that asks an act and a
# fact is the task), as "…. Also, I'd like to set an alert" is.
_AND_THEN = re.compile(r",?\s+and\s+(?:then\s+|also\s+|maybe\s+|please\s+)?", re.IGNORECASE)
_ACT_OBJECT = re.compile(
    r"\s*[a-z]+(?:\s+(?:up|in|on|off))?\s+(?:it|them|one|two|three|a|an|the|my|me|this|that|those"
    r"|these|another|more)\b",
    re.IGNORECASE,
)


def _and_act(text: str) -> bool:
    """True when a clause of ``text`` after "and" opens with an act of the request list on an
    object (:data:`_AND_THEN`, :data:`_ACT_OBJECT`)."""
    start = _patterns()["request_start"]
    return any(
        start.match(text[m.end() :]) is not None and _ACT_OBJECT.match(text, m.end()) is not None
        for m in _AND_THEN.finditer(text)
    )


# mk35 (made-up, session 33): the user wants a thing of theirs back or done to it ("I want that
# money back", "I'd like it removed please", "I need this charge reversed"): a remedy asked in
# a wish's words, a `request` (the GUIDELINE's "a yes or no, then a remedy": "No, I just want my
# money back." asks for a remedy the agent did not offer; session 18's remedy demanded), also
# beside a fact asked or a fault told. After the agent's go-ahead question it may be the
# proposal declined with its alternative (round 11), so that case is left to the other rules.
_WANTS_DONE = re.compile(
    r"\bi(?:['’]d|\s+would)?\s+(?:really\s+|just\s+|only\s+)?(?:like|want|need)\s+"
    r"(?:it|this|that|them|these|those|(?:the|my|this|that|these|those|our)\s+(?:[\w'’$.-]+\s+){0,3}?"
    r"[\w'’$.-]+)\s+(?:back|removed|refunded|reversed|waived|cancell?ed|fixed|replaced|credited"
    r"|corrected|taken\s+off|dropped)\b",
    re.IGNORECASE,
)
# The value a user prefers to the one offered: "I'd rather just get a refund", "I prefer the
# window seat".
_PREFERS = re.compile(
    r"\bI(?:['’]d|\s+would)\s+(?:much\s+)?(?:rather|prefer)\b|\bI\s+(?:much\s+)?prefer\b",
    re.IGNORECASE,
)
# What the agent stated, confirmed as right: "that's the one", "that's correct", "that's me".
_THATS_IT = re.compile(
    r"[\s,.!]*(?:that['’]?s|that\s+is|it['’]?s|yes|yep)\s+(?:the\s+(?:one|right\s+one|reservation|order)"
    r"|right|correct|it|me|mine)\s*[.!]*",
    re.IGNORECASE,
)
_NEVER = re.compile("(?!)")
# A correction of what the agent took the user to mean ("I meant the other order", "not the
# product list", "the other one").
_CORRECTS = re.compile(
    r"\s*(?:i\s+meant|i\s+said|i\s+asked\s+for|not\s+(?:the|that|this|those)\b|the\s+other\b)",
    re.IGNORECASE,
)
# A decline that opens a turn: "No", "No thanks", and, before a stop, "Not really."
_DECLINE = re.compile(
    r"^\s*(?:(?:no|nope|nah)\b(?:[\s,]*(?:thanks|thank you)\b)?(?:\s*[,.!;]+\s*|\s+)"
    r"|not (?:really|at this time|right now|now|yet|today)\b(?:[\s,]*(?:thanks|thank you)\b)?"
    r"\s*[,.!;]+\s*"
    r"|不用了?[，,。！]|不需要[，,。！])",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+|\d+")
_LETS = re.compile(r"^\s*let['’]?s\s+", re.IGNORECASE)
# The words that name no new object after a verb ("book it for me", "just book").
_TO = re.compile(r"(?<![\w'])to\s+", re.IGNORECASE)
_PRONOUN = frozenset({"it", "that", "this", "them", "those", "these"})
# A clause that opens by setting itself against the declined ("No, but please add one checked
# bag."): the verb after it is read as the clause's first word.
_BUT_LEAD = re.compile(r"^\s*(?:but|though|however)\b[\s,]*", re.IGNORECASE)
# A verb that swaps one value for another ("No, replace Juan with my daughter Mia", "no, swap
# the blue one for the red"): declining with another value, an answer (session 5's "No, change
# it to economy"), whatever object it names.
_SWAP = re.compile(
    r"^\s*(?:replace|swap|switch|substitute|exchange)\b[^.;!?]*\b(?:with|for|to)\b", re.IGNORECASE
)
# "帮我订…", "请你帮我查…": the Chinese imperative asks the listener's help by name.
_ZH_IMPERATIVE = re.compile(
    r"^\s*(?:那|那么|然后|再)?(?:请|麻烦)?(?:你|您)?(?:帮我|帮忙|替我|给我)"
)
_ANAPHORA = frozenset(
    {"it", "that", "this", "them", "those", "these", "one", "for", "me", "us", "then", "now"}
)
# A contrast that sets a new task against the declined one ("..., but I will need a taxi").
_CONTRAST = re.compile(r"\b(?:but|though|instead|however)\b|但是|不过", re.IGNORECASE)


def _declines_then_asks(text: str) -> bool:
    """True when ``text`` declines what the agent asked and then asks for a new task, in
    a clause that starts with an action verb ("No just book me rooms for six.", "No.
    Instead, reserve a table") or a request phrase set against the declined one ("No
    thanks, but I will need a taxi", "Not at this time. I am looking for a hotel,
    though."); not a constraint given instead ("no, but it should have free parking,
    please"), a fact asked for, or a question (those the other rules read)."""
    decline = _DECLINE.match(text)
    if decline is None or decline.end() >= len(text):
        return False
    p = _patterns()
    rest = text[decline.end() :]
    sentences = list(_sentences(rest))
    if any(_is_question(s) for s in sentences) or _asks_for_fact(rest):
        return False
    for sentence in sentences:
        said = _PLEASE.sub(" ", sentence)
        for clause in _CLAUSE.split(said):
            clause = _BUT_LEAD.sub("", clause, count=1)
            if _SWAP.match(clause):
                continue
            # "no thats okey. lets check out now": a proposal of the new task
            verb = p["request_start"].match(_LETS.sub("", clause, count=1))
            if verb is not None:
                clause = _LETS.sub("", clause, count=1)
            # "No, that's it, just book." goes ahead with what was offered, "No, change it
            # to economy." changes it: the new task names what it is about ("just book me
            # rooms for six")
            words = _WORD.findall(clause[verb.end() :].lower()) if verb else []
            if words and words[0] not in _PRONOUN and set(words) - _ANAPHORA:
                return True
            if _ZH_IMPERATIVE.match(clause):
                return True  # "不用了，帮我订一张去上海的火车票。"
        # set against the declined: a wish for an item ("but I will need a taxi") or an
        # action ("but I also want to return the lamp"), not a constraint ("but I want
        # it to be cheap", "but I would like a window seat")
        if _CONTRAST.search(rest) and p["request"].search(said):
            wish = _TO.sub(" ", p["desire"].sub(" ", _CONTRAST.sub(" ", said)))
            if p["item"].search(said) or not _only_desire(said) or _is_request(wish):
                return True
    return False


# A self-introduction: "My name is Alexis", "I am Alina", "我叫小明" (a name, capitalised in
# English); "there" may stand between a greeting and it ("Hi there I am Alina").
_INTRO = re.compile(
    r"\s*(?:there\s+)?(?:(?:my name is|my name['’]s|i am|i['’]m|this is)\s+(?-i:[A-Z])\w*"
    # ... or a caller's "Donna Evans here" (round 13's AirDialogue customers)
    r"|(?-i:[A-Z])\w+(?:\s+(?-i:[A-Z])\w+){0,2}\s+here\b"
    r"|(?:我叫|我是)\S{1,4}$)",
    re.IGNORECASE,
)
# "my user id is sophia_4574", "my email is …": an identifier given
_GIVES_ID = re.compile(
    r"\s*(?:and\s+)?my\s+(?:\w+\s+){0,2}(?:id|number|name|email|e-mail|zip|zip code|phone)"
    r"\s+is\s+\S+\s*$",
    re.IGNORECASE,
)
# A chat's anonymised value ("[订单x]", "[数字x]") or a link: a value, no words.
_PLACEHOLDER = re.compile(r"\[[^\[\]]*\]|https?://\S+")
_FIELD_LABEL = re.compile(r"[^\W\d_]{1,12}\s*[:：]")


_ID_LABEL_CJK = 6  # characters of a label before a value ("交易单号", "我的订单号是")


def _identifies_only(text: str) -> bool:
    """True when ``text`` only says who the user is ("My name is Alexis, hello", "I am
    Alina with an A") or gives values no one asked for ("[订单x]", "交易单号WX[数字x]",
    "Order ID: 3348917502"), asking and telling nothing else."""
    p = _patterns()
    intro = _INTRO.match(text)
    if intro:
        # ... with its ids beside it ("I'm Sophia, my user id is sophia_4574")
        rest = " ".join(
            c
            for c in _CLAUSE.split(p["greeting"].sub(" ", text[intro.end() :]))
            if not _GIVES_ID.match(c)
        )
        return len(_WORD.findall(rest)) <= 3 and not _is_request(rest)
    bare = _PLACEHOLDER.sub(" ", _PLACEHOLDER.sub(" ", text))
    if bare == text and not _ID_OR_NUMBER.search(text):
        return False
    bare = _FIELD_LABEL.sub(" ", bare)
    # a Chinese stretch that holds a number beside more than a label's characters tells
    # something ("我是乙肝病毒携带者，现在怀孕32周+3了", "64岁，女，患病一年多": round 20's
    # patients open with their condition), it is no bare value
    words = [
        w
        for w in bare.split()
        if not _ID_OR_NUMBER.search(w) or len(_CJK.findall(w)) > _ID_LABEL_CJK
    ]
    return len(words) <= 1 and len(_CJK.findall(" ".join(words))) <= 4


# A sentence of a greeting's small talk: who the user is ("It's Michael from Seattle again",
# "My name is Michael, and …"), wishing the agent well, thanking, or announcing what is to
# come ("I have some questions about the Alphabet 10-K report.", "I'm reaching out today
# because I'd love to share some feedback").
_PLEASANTRY = re.compile(
    r"\s*(?:there\b[\s,.!]*)?(?:(?:my\s+name\s+is|my\s+name['’]s|i\s+am|i['’]m|it['’]s|this\s+is)\s+(?-i:[A-Z])"
    r"|(?:i\s+)?hope\s+(?:you|all|this|everything)\b|my\s+hope\s+is\b"
    r"|(?:thanks|thank\s+you|many\s+thanks)\b|i\s+(?:really\s+|truly\s+)?appreciate\b"
    r"|i\s+(?:have|['’]ve\s+got|got)\s+(?:some|a\s+few|a\s+couple\s+of|a|few|several)\s+(?:quick\s+)?questions?\b"
    r"|i['’]m\s+reaching\s+out|i\s+am\s+reaching\s+out|i\s+wanted\s+to\s+reach\s+out|i['’]m\s+writing\b"
    # ... or who the user is, asking nothing yet ("Hello, I am a master's student in computer
    # science", "Hi! I'm a first-year student and have a few questions": session 17's ruling)
    r"|(?:i\s+am|i['’]m)\s+(?:a|an)\s+(?:[\w'’-]+\s+){0,4}?(?:student|freshman|sophomore|junior|"
    r"senior|undergrad\w*|grad|graduate|patient|parent|mother|father|mom|dad|teacher|traveller|"
    r"traveler|tourist|member)\b(?:\s+(?:in|of|at|from|studying)\s+[\w\s'’-]{1,40}?)?"
    r"(?:\s+and\s+(?:i\s+)?(?:have|['’]ve\s+got)\s+(?:some|a\s+few|a\s+couple\s+of|a|few|several)"
    r"\s+(?:quick\s+)?questions?)?\s*[.!]?\s*$"
    # ... in Chinese: who the user is and that questions follow ("我是一位过敏性鼻炎患者，最近想咨询
    # 一下关于这个病情的一些问题。", "我想咨询一些问题": round 18's patients)
    r"|[，,]?\s*(?:(?:我是|我叫)[^，,。！？?!]{1,30}[，,]\s*)?(?:最近|现在|今天)?(?:我)?(?:想|要)(?:向您|向你)?"
    r"(?:咨询|请教|问)(?:一下|下)?[^，,。！？?!]{0,20}(?:一些|几个|个)(?:问题|事情)\s*[。.!！]?$)"
    r"|\s*(?:there)?[\s,.!]*$",
    re.IGNORECASE,
)


def _pleasantries(text: str) -> bool:
    """True when every sentence of ``text`` (what follows a greeting) is small talk
    (:data:`_PLEASANTRY`) and none asks, requests or reports a problem: a greeting."""
    sentences = [_OWN_ACT_LATER.sub("", s) for s in _sentences(text)]
    return (
        bool(sentences)
        and not _verb_inside(sentences[0])
        and all(
            _PLEASANTRY.match(s) and not _is_question(s) and not _is_request(s) for s in sentences
        )
    )


# mk35 (made-up, session 33): "Hello! I have a few questions before I book anything.": a time
# clause of the user's own later act ("before I book", "before we decide") asks the agent for
# nothing; the greeting that announces questions stays one (the GUIDELINE's greeting that
# announces questions, session 17).
_OWN_ACT_LATER = re.compile(
    r"\s+(?:before|until)\s+(?:i|we)\s+(?![^.!?]*\?)[^.!?]{1,60}(?=[.!]*\s*$)", re.IGNORECASE
)


_WORD_START = re.compile(r"(?<![\w'’])\w")


def _verb_inside(sentence: str) -> bool:
    """True when a word of ``sentence`` past its first starts an imperative of the request
    list: a task run on after an introduction without a stop ("Hi I'm Ben reserve my flight
    114")."""
    start = _patterns()["request_start"]
    return any(
        start.match(sentence[m.start() :]) for m in _WORD_START.finditer(sentence) if m.start()
    )


def _retries(sentence: str) -> bool:
    """True when ``sentence`` proposes another value to try ("How about Friday?", "Try
    Saturday then.") or is only a value asked about ("Tuesday?")."""
    if _RETRY.match(sentence):
        if _RETRY_ITEM.match(sentence):
            # "How about a 4-star hotel with free wifi in the cheap price range?": another
            # item to search for, its facts the constraints (round 18's SPADE users)
            return True
        # "What about the baggage allowance?", "那为什么订满了呢？" ask for a fact
        return not (_patterns()["fact"].search(sentence) or _ZH_WH_FACT.search(sentence))
    s = sentence.strip()
    return s.endswith(("?", "？")) and len(s.split()) <= 3 and bool(_VALUE.search(s))


# "How about" / "What about", after fillers ("Okay, then how about ...").
_HOW_ABOUT = r"\s*(?:(?:ok(?:ay)?|well|then|and|so|hmm)\W+)*(?:how|what)\s+about\s+"
# "How about one / a / an …" proposes an item, with its facts as constraints.
_PROPOSES_ITEM = re.compile(_HOW_ABOUT + r"(?:a|an|one)\b", re.IGNORECASE)
# "How about a/an/some …" proposes an item of a kind, not a fact of one already named.
_RETRY_ITEM = re.compile(_HOW_ABOUT + r"(?:a|an|some|any)\s+", re.IGNORECASE)


# "What about the Hilton in the North?", "How about chinese food?", "And a square with side
# length 7?": the same task again on another object; the object is the group.
_FOLLOW_ON = re.compile(
    r"^\s*(?:(?:and|ok|okay|so)[\s,]+)?(?:(?:what|how)\s+about\s+(.+?)|and\s+(.+?)\s*[?？])\s*[?？]?\s*$",
    re.IGNORECASE,
)
# A time that opens the object ("What about tomorrow?", "How about on the 10th?"): the same
# fact for another day as often as another search, so no request is read from it.
_TIME_OBJECT = re.compile(
    r"(?:on|at|in|for)?\s*(?:the\s+)?(?:today|tonight|tomorrow|yesterday|this|next|last"
    r"|then|after|\d+(?:st|nd|rd|th)?|weekend|morning|afternoon|evening|noon|week|month|"
    + "|".join((*WEEKDAY_NAMES, *MONTH_NAMES))
    + r")\b",
    re.IGNORECASE,
)
_WH_WORD = re.compile(r"\b(?:what|which|who|where|when|why|how|whose)\b", re.IGNORECASE)
# An object that opens a clause of its own, not a noun phrase ("How about we plan it over
# several days?", "And maybe if there's a size they recommend?").
_CLAUSE_OBJECT = re.compile(
    r"(?:maybe|perhaps|if|whether|also|so|we|i|you|they|he|she|it|us|me)\b", re.IGNORECASE
)


def _follows_on(sentence: str) -> bool:
    """True when ``sentence``, after the agent's result, asks for the same task on another
    object ("What about the Hilton in the North?", "How about chinese food?", "And a square
    with side length 7 units?"): another search, a request; not when the object is a fact
    ("What about the humidity?"), a time ("What about tomorrow?") or a question of its own
    ("And how is it rated?")."""
    m = _FOLLOW_ON.match(sentence)
    if m is None:
        return False
    obj = m.group(1) or m.group(2)
    return not (
        _fact(obj)
        or _TIME_OBJECT.match(obj)
        or _CLAUSE_OBJECT.match(obj)
        or _WH_WORD.search(obj)
        or _is_question(obj)
    )


def _declines_done(text: str) -> bool:
    """True when ``text`` is "no" and only that there is nothing more ("No that is all.",
    "no that will be all", "不用了，就这些"): it declines more help, thanking no one."""
    p = _patterns()
    lead = p["lead"].match(text)
    return (
        lead is not None
        and lead.group(1).lower() in _NO
        and lead.end() < len(text)
        and _words_only(text[lead.end() :], p["done"])
    )


#: The yes/no words that decline.
_NO = frozenset({"no", "nope", "nah", "不", "不用", "不是", "没有"})


def _strip_lead(text: str) -> str:
    """``text`` without its leading greetings and acknowledgements ("Sure! ...")."""
    p, lists = _patterns(), _lists()
    lead = p["lead"].match(text)
    while lead and lead.end() < len(text) and lead.group(1).lower() not in lists["yesno"]:
        text = text[lead.end() :]
        lead = p["lead"].match(text)
    return text


#: What the agent's message before a user turn asked of the user (:func:`agent_context`);
#: ``"asked"`` is a question of unknown kind (only ``asked=True`` was given), ``"opening"``
#: no message at all (the turn opens the conversation), ``"failed"`` a message that asks
#: nothing and reports that what was asked could not be done or found.
CONTEXTS = ("none", "opening", "open", "asked", "solicit", "confirm", "failed")
# The agent reports that what was asked could not be done or found.
_FAILED = re.compile(
    r"\b(?:sorry|unfortunately|unable to|not available|unavailable|(?:request|booking) failed"
    r"|booked out|fully booked|sold out|no (?:\w+ ){0,2}(?:available|left))\b"
    r"|抱歉|无法|查询不到|没有查询到|没货|售完|售罄|订满|满房",
    re.IGNORECASE,
)
# A turn that proposes another value to try: "How about Friday?", "What about the Hyatt in
# the North then?", "Try Saturday then.", "Tuesday?", "那明天呢？", "换成周六呢"
_RETRY = re.compile(
    r"\s*(?:(?:how|what)\s+about|try)\b|\s*(?:那|那么|换成|改成)[^，,。]{1,12}呢\s*[?？]?\s*$",
    re.IGNORECASE,
)


# A blank to fill after a word or a colon ("A ____ takes 33 hours", "a type of ____",
# "liquid: ____ or mercury"), not a markdown rule ("___" on a line of its own, after a
# sentence's end or before the next one).
_BLANK = re.compile(r"(?:[^\W_]['’]?|[:：,，])[ \t]+_{3,}")
_LIST_AFTER = re.compile(r"\s*[:：]")
# The last word of an ask that names what to give: "tell me how you contact them", "let me
# know which", "provide your dates".
_NAMES_VALUE = frozenset({"your", "which", "what", "when", "how", "whether", "many", "these"})


def _names_values(sentence: str) -> bool:
    """True when an ask for values in ``sentence`` names what to give, or lists it after a
    colon ("Reply with: - the restaurant number…"), so that a condition before it ("If
    you'd like, tell me how you contact them") still asks for a value."""
    return any(
        _LIST_AFTER.match(sentence, m.end()) or m.group().split()[-1].lower() in _NAMES_VALUE
        for m in _patterns()["solicit"].finditer(sentence)
    )


# "Let me know if you would like more information about any of these", "Please let me know
# if you need any further assistance", "…if there's anything else I can help with": a
# conditional offer of more of the same help, however it opens (round 9b's LLM agent ends
# nearly every list so); what the user says next is a new request, not a value asked for.
_MORE_HELP = re.compile(
    r"\bif\s+(?:you(?:\s+would|['’]d)?\s+(?:like|need|want|require|have)\s+(?:any\s+)?"
    r"(?:more|further|additional|other|any)\s+(?:information|info|details|assistance|help|questions?)"
    r"|there\s*(?:['’]s|\s+is)\s+anything\s+else)\b",
    re.IGNORECASE,
)
# ... unless the same sentence offers an act or asks for preferences beside it ("…or if you
# would like to book any of these trains", "…or if you have any other preferences"): round
# 9b's ruling, what the user gives after those answers it.
_MORE_HELP_NOT = re.compile(
    r"\bif\s+you(?:\s+would|['’]d)?\s+(?:like|want|wish)\s+(?:me\s+)?to\s+(?!know\b|have\b|get\b)"
    r"|\bpreferences?\b|\brequirements?\b",
    re.IGNORECASE,
)


def _offers_more_help(sentence: str) -> bool:
    """True when ``sentence`` asks the user to say so only if they want more information or
    help (:data:`_MORE_HELP`), and offers no act and asks for no preference beside it."""
    return _MORE_HELP.search(sentence) is not None and _MORE_HELP_NOT.search(sentence) is None


# A short Chinese sentence of the agent's that asks with its question word in place and no
# mark, as a doctor typing on a phone asks ("血压多少", "怎么不舒服", "做过什么检查", "为何住
# 院", "有没有高血压，是否吸烟，饮酒": round 16's cardiologists): a long sentence holds such
# words in statements ("处理不超过多少" aside, "没什么问题", "什么时候都可以"), a short one
# asks; the word after a negation or before 都/也 does not ask.
_ZH_SHORT_ASK_CJK = 14
_ZH_SHORT_ASK = re.compile(
    r"(?<![不没都也])(?<!没有)(?<!超过)(?:多少|什么时候|什么(?!时候)|怎么|为何|为什么|为啥|哪里|哪儿|哪个|哪些|哪种|几[次天年个岁点]"
    r"|啥|如何|是否|有没有|有无|多久|多长时间)(?![都也])"
)


# ... or asks yes or no with a verb and its negation, the second half dropped or not, as
# such a doctor asks ("尿少不少", "孩子尿少不", "扩张明显不", "还有其他不适症状没有"): A不A
# anywhere, or a bare 不 / 没有 / 没 ending it; not a negation closing a statement ("也没有",
# "还没", "目前没有").
_ZH_TAG_ASK = re.compile(r"([\u4e00-\u9fff])不\1|(?<![还也都并从就再前暂])(?:不|没有|没)$")


def _zh_short_ask(sentence: str) -> bool:
    """True when a short Chinese sentence of the agent's asks with its question word in
    place (:data:`_ZH_SHORT_ASK`) or a verb and its negation (:data:`_ZH_TAG_ASK`), no
    question mark needed."""
    n = len(_CJK.findall(sentence))
    if not 0 < n <= _ZH_SHORT_ASK_CJK:
        return False
    bare = sentence.strip().rstrip("。.～~ ")
    return _ZH_SHORT_ASK.search(sentence) is not None or _ZH_TAG_ASK.search(bare) is not None


@functools.lru_cache(maxsize=8192)
def agent_context(previous: str | None) -> str:
    """What the agent's message ``previous`` asked of the user: ``"solicit"`` when its last
    question asks for a value, a choice or a yes or no ("Which city?", "Shall I book it?"),
    or it asks for one without a question mark ("Please provide the dates."); ``"open"``
    when that question only offers more help ("Is there anything else I can help you
    with?", "请问还有其他要求吗？"); ``"none"`` when it asks nothing, or nothing is known
    (``None``); ``"opening"`` when there is no message (``""``: the turn opens the
    conversation); ``"confirm"`` when its last sentences ask the user to confirm what it
    recaps, with a question mark or without ("Confirming 1 ticket for March 7th.", "Is
    that correct?"): whatever the user says next, a correction included, answers it;
    ``"failed"`` when it asks nothing and reports that what was asked could not be done or
    found ("I am sorry, but there is no room available."): a value the user proposes next
    starts another search."""
    t = " ".join((previous or "").split())
    if not t:
        return "none" if previous is None else "opening"
    p = _patterns()
    # The question the user replies to is near the message's end: read its last part only
    # (a long list of results before it says nothing of what it asks).
    sentences = [s for s in _split_sentences(t[-_AGENT_TAIL:]) if s.strip()]
    # The question the user replies to may come before a list of options or a remark
    # ("Which one would you like?\n1. ...", "Could you share your address? Our service
    # area is within 30 miles."): the message's last question.
    # "Which city would you like to fly out of." asks without its question mark.
    asking = [
        s
        for s in sentences
        if "?" in s
        or "？" in s
        or (
            _is_question(s)
            if not _CJK.search(s)
            else p["agent_asks"].search(s) is not None or _zh_short_ask(s)
        )
    ]
    last_two = " ".join(sentences[-2:])
    if gated_search(_BLANK, last_two):
        return "solicit"  # a quiz's blank to fill ("A ____ takes 33 hours to crawl one mile")
    if any(_MK37_OUTCOME_ASKED.search(s) for s in sentences[-2:]):
        # mk37 (made-up, session 34): "Let me know what happens." asks the step's outcome,
        # as "let me know if …" does below (sessions 28 and 29), not more help
        return "solicit"
    if asking and any(gated_search(p["open_offer"], s) for s in asking[-2:]):
        # "What would you like help with? Accommodations, activities, or something else?"
        return "open"
    if gated_search(p["confirm"], last_two):
        return "confirm"
    if asking:
        return "solicit"
    # "If you have any other questions, please let me know.": a condition offers help, it
    # asks for no value
    solicits = [s for s in sentences if gated_search(p["solicit"], s)]
    if solicits:
        # a condition before an ask that names the values ("If you want to plan the return,
        # tell me: - your reason…") still asks for them
        offers = all(
            (_CONDITIONAL.match(s) or _offers_more_help(s)) and not _names_values(s)
            for s in solicits
        )
        return "open" if offers else "solicit"
    if any(_MK40_AGENT_NEEDS.search(s) for s in sentences[-2:]):
        # mk40 (made-up, session 34): "I need a delivery address and a phone number, please.":
        # the values the agent needs, named, asked for without a question mark
        return "solicit"
    if any(_REPORT_BACK.search(s) or _CHECK_REPORT_BACK.search(s) for s in sentences[-2:]):
        # "Please check the battery's date and let me know if it's over a year old.": a check
        # whose outcome is asked for, a yes or no without its question mark
        return "solicit"
    # "I am sorry, but there is no room available for your dates.": it asks nothing, and
    # the user's next value starts another search
    return "failed" if gated_search(_FAILED, last_two) else "none"


# mk40 (made-up, session 34): the agent says what it needs from the user, naming the values
# ("I need a delivery address and a phone number, please.", "I'd just need the full names of
# both travellers, their dates of birth and an email"): it asks for them as "I need your …"
# (the solicit list) does, without "your"; the user's values next answer it (the top
# section's `answer`). A need of something else ("I'll need a supervisor's approval") asks
# nothing of the user.
_MK40_AGENT_NEEDS = re.compile(
    r"\b(?:i|we)(?:['’]d|\s+would|['’]ll|\s+will)?\s+(?:just\s+|also\s+|still\s+|first\s+|only\s+)?"
    r"need\s+(?:a|an|the|both|each)\s+(?:[\w-]+\s+){0,2}?(?:address|phone|number|names?|e-?mail|dates?"
    r"|birth|zip|postcode|postal\s+code|passport|pin|reference|confirmation\s+code)\b",
    re.IGNORECASE,
)


# The agent asks to be told the outcome of a check ("… and let me know if it's over a year
# old", "Please tell me if any of the wheels have loose lug nuts", "Please inform me if there
# are any loose axle nuts"): it solicits a yes or no as "Is it over a year old?" does (session
# 28; round 12's "a reply that reports the check the agent asked for" is an `answer`). "Let me
# know if you need anything else" offers more help and is left to the offer patterns.
_REPORT_BACK = re.compile(
    r"\b(?:let\s+me\s+know|tell\s+me|inform\s+me)\s+(?:if|whether)\s+"
    r"(?!(?:you|u)\s+(?:need|have|want|would|['’]d|require|still\s+need|can\s+think)\b"
    r"|there\s+(?:is|['’]s)\s+anything\b|anything\b|i\s+can\b)",
    re.IGNORECASE,
)
# ... or puts the check first and asks for its outcome after ("Please check if the axle nut is
# loose on any of the wheels and let me know.").
_CHECK_REPORT_BACK = re.compile(
    r"\b(?:check|see|look|find\s+out)\s+(?:if|whether)\b[^.?!]*\b(?:let\s+me\s+know|tell\s+me)\s*[.!]?\s*$",
    re.IGNORECASE,
)


def classify_turn(text: str | None, asked: bool = False, previous: str | None = None) -> str:
    """The class of a user turn (one of :data:`TURN_CLASSES`). ``previous``: the agent's
    message before it (its text, ``""`` when the turn opens the conversation), read with
    :func:`agent_context`; without it, ``asked`` says whether that message asked a
    question.

    The learned model's class (:data:`TURN_MODEL`, over :func:`turn_features`) when
    :data:`MODEL_CLASSIFIES`, else the rules' (:func:`rule_turn`)."""
    if not MODEL_CLASSIFIES:
        return rule_turn(text, asked, previous)
    return _model_turn(_unwrapped(text), asked, _unwrapped(previous))


# A markup tag around the whole message ("<content>Yes, please.</content>"): how an export
# wraps what was said (round 32's voice traces, session 31), no words of the speaker's.
_WRAPPED = re.compile(r"\s*<(content|text|message|utterance)>(.*?)</\1>\s*", re.DOTALL)


def _unwrapped(text: str | None) -> str | None:
    """``text`` without a tag that wraps it whole (an unclosed one only opening it)."""
    if not text or "<" not in text:  # cheap test first: most texts hold no tag
        return text
    whole = _WRAPPED.fullmatch(text)
    if whole is not None:
        return whole.group(2)
    opened = _WRAPPED_OPEN.match(text)
    return text[opened.end() :] if opened is not None else text


_WRAPPED_OPEN = re.compile(r"\s*<(?:content|text|message|utterance)>(?!.*</)", re.DOTALL)


def rule_turn(text: str | None, asked: bool = False, previous: str | None = None) -> str:
    """The class the hand rules alone give a user turn (arguments as :func:`classify_turn`)."""
    text, previous = _unwrapped(text), _unwrapped(previous)
    if previous is not None:
        return _rule_after(text, previous, agent_context(previous))[0]
    return _classify(text, "asked" if asked else "none")


# An offer of more help, not the first ("Is there anything else …?", "… any other questions").
_NOT_FIRST_OFFER = re.compile(r"\b(?:else|other|more|further|additional|again)\b", re.IGNORECASE)
_OFFER_SENTENCES = 3  # a greeting, a name, the offer: the agent's opening holds no more


def _greeting_offer(previous: str) -> bool:
    """True when the agent's message only greets and offers its help for the first time
    ("Hello! Thank you for calling. How can I help you today?"), holding nothing of a task."""
    sentences = [s for s in _split_sentences(" ".join(previous.split())) if _PUNCT.sub("", s)]
    return (
        0 < len(sentences) <= _OFFER_SENTENCES
        and gated_search(_patterns()["open_offer"], sentences[-1]) is not None
        and _NOT_FIRST_OFFER.search(previous) is None
        and _ID_OR_NUMBER.search(previous) is None
    )


# A bare go-ahead ("ok do it", "sure, go for it", "please proceed"): the user accepts what the
# agent proposed, also when its last message asked nothing (a proposal two messages back,
# then an answer to a side question): an `answer`, as "Go ahead, connect me" is.
_BARE_GO_AHEAD = re.compile(
    r"(?:(?:ok(?:ay)?|sure|alright|all right|yes|yeah|yep|fine|great|perfect)[,!.]*\s+)*"
    r"(?:please\s+)?(?:do it|do that|go for it|go ahead(?: with it)?|proceed|let['’]?s do (?:it|that))"
    r"(?:\s+(?:then|please|now))?[.!]*",
    re.IGNORECASE,
)
# A choice made with "then" ("green then", "the red one then", "ok, HAT100 then"): the user
# picks from what the agent just listed, answering the ask still open (which colour?).
_CHOICE_THEN = re.compile(
    r"(?:(?:ok(?:ay)?|fine|hmm|alright)[,!.]*\s+)?(?:the\s+)?([\w$.'’ -]{1,30}?)(?:\s+ones?)?,?\s+then[.!]*",
    re.IGNORECASE,
)
# Incredulity at what the agent offered ("Only $50? That's it?", "Seriously?"): pushback that
# asks for no fact, `other` (the r4 section's rhetorical pushback).
_INCREDULOUS = re.compile(
    r"(?:(?:only|just)\s+[^?.!]{1,24}|that['’]?s\s+(?:it|all)|seriously|really|are\s+you\s+serious"
    r"|you['’]?re\s+kidding(?:\s+me)?)\s*\?+[!]*",
    re.IGNORECASE,
)
# Paying another way for the user's own order, asked ("Can I use my gift card for the
# difference instead?"): a change to the order asked in a question's words, a `request` (the
# GUIDELINE's request in a question's form about the user's own order).
_PAY_WITH_MINE = re.compile(
    r"(?:can|could|may)\s+(?:i|we|you)\s+(?:please\s+)?(?:use|pay\s+(?:with|by|using)|charge\s+(?:it|that|the\s+\w+)\s+to"
    r"|put\s+(?:it|that|the\s+\w+)\s+on|switch\s+to)\s+(?:my|our)\b",
    re.IGNORECASE,
)


# The agent asking what the user's issue is ("What issues are you having with your orders?",
# "Sure, what's the problem?"): a report of it answers, a remedy asked beside it is the task.
_ASKS_ISSUE = re.compile(
    r"\bwhat(?:['’]s|\s+is|\s+are|\s+seems\s+to\s+be)?\s+(?:the\s+)?(?:issues?|problems?)\b"
    r"|\bwhat\s+(?:issues?|problems?)\s+(?:are|is)\s+you\b",
    re.IGNORECASE,
)


def _remedy_after_issue(text: str, previous: str) -> bool:
    """True when the agent asked what the issue is and the turn, beside telling it, asks for
    something to be done ("First, the headphones I got don't work. I want to return them."):
    a problem told with a remedy asked is a `request` (the GUIDELINE), a report alone ("I'm
    experiencing shortness of breath.") answers the agent."""
    if _ASKS_ISSUE.search(previous[-_AGENT_TAIL:]) is None:
        return False
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    # the agent asked of the user's own issue, so no own-order words are needed
    return len(said) > 1 and any(
        _REMEDY.search(s) and _REMEDY_ASKED.search(s) and not _REMEDY_IF.search(s) for s in said[1:]
    )


# Leave asked to give what the agent asked for another way ("Can I use my name and zip
# instead?", "Could I give you my phone number instead?").
_GIVE_INSTEAD = re.compile(
    r"\b(?:can|could|may)\s+i\s+(?:just\s+)?(?:use|give\s+you|provide|send(?:\s+you)?|share)\b[^?]{1,60}\binstead\s*\?",
    re.IGNORECASE,
)


# Another of the user's identifiers offered for the one asked ("Can I give you my email instead?",
# "Could I use my name and zip code instead?"), after an agent message that asked for one.
_OTHER_ID_INSTEAD = re.compile(
    r"\b(?:can|could|may)\s+i\s+(?:just\s+)?(?:use|give(?:\s+you)?|provide|send(?:\s+you)?|share)\s+"
    r"(?:you\s+)?(?:my\s+)?(?:e-?mail|full\s+name|name|zip|phone|order\s+(?:number|id)|user\s*(?:name|id)"
    r"|reservation\s+(?:number|id))\b[^?]{0,40}\binstead\s*\?",
    re.IGNORECASE,
)
_ASKS_ID = re.compile(
    r"\b(?:user\s*id|e-?mail|zip\s*code|order\s+(?:id|number)|reservation\s+(?:id|number)|"
    r"phone\s+number|(?:full\s+)?name)\b[^?]*\?",
    re.IGNORECASE,
)


# Another value set against one named ("… to my credit card instead of the gift card", "make
# it two instead").
# The user's own want of a return or an exchange ("I want to send back the lamp", "I'd like to
# return X", "我要退货") and the how asked after it ("What are the steps?", "怎么操作？").
_RETURN_WANTED = re.compile(
    r"\bI(?:['’]d|\s+would)?\s+(?:also\s+|really\s+|just\s+)?(?:want|like|need|wish)\s+to\s+"
    r"(?:return|send\s+(?:\w+\s+){0,4}?back|exchange)\b"
    r"|\bI\s+(?:want|need)\s+(?:a\s+)?(?:return|refund|exchange)\b"
    r"|(?:我|我们|我們)(?:要|想|想要|需要|得)(?:申请|申請)?(?:退货|退貨|换货|換貨|退回|退款)",
    re.IGNORECASE,
)
_RETURN_HOW = re.compile(
    r"\bhow\s+(?:do|can|should|would|will)\s+(?:I|we)\b|\bhow\s+to\b|\bhow\?|\bwhat\s+(?:do|should)\s+I\s+(?:need\s+to\s+)?do\b|\bwhat\s+are\s+the\s+steps\b"
    r"|\bwhat(?:['’]s|\s+is)\s+the\s+process\b"
    r"|怎么(?:操作|弄|办|辦|退|换|換|申请|申請|做)|如何(?:操作|申请|申請|办理|辦理)|流程是",
    re.IGNORECASE,
)


# The agent asking to go ahead with what it recapped ("Shall I proceed with the booking?",
# "Do you confirm (yes/no)?").
_GO_AHEAD_ASKED = re.compile(
    r"\b(?:proceed|go\s+ahead|confirm)\b[^?\n]{0,60}\?\s*(?:\(\s*yes\s*/\s*no\s*\)\W*)?$",
    re.IGNORECASE,
)
# A supposition of the user's own act ("What if I upgrade first, …") and whether the user could
# then act ("could I cancel then?").
_WHAT_IF_I = re.compile(r"\s*what\s+if\s+(?:i|we)\b", re.IGNORECASE)
_MAY_I = re.compile(r"\b(?:could|can|would)\s+(?:i|we)\b", re.IGNORECASE)
# ... or a preference for another value said in the user's own words ("I'd prefer … instead").
_PREFERS_INSTEAD = re.compile(
    r"\b(?:i['’]?d|i\s+would)\s+(?:prefer|rather|like)\b[^.?!]{0,80}\binstead\b", re.IGNORECASE
)
_VALUE_INSTEAD = re.compile(
    r"\binstead\b(?:\s+of\s+(?:(?:the|my|a|an|that|this)\s+)?([\w-]+(?:\s+[\w-]+)?))?",
    re.IGNORECASE,
)


# The user asking why the agent needs what it asked for, or whether it needs the user's own
# thing ("Why do you need my zip code?", "Do you need my order number too?").
_WHY_YOU_NEED = re.compile(
    r"\bwhy\s+(?:do|would|does)\s+you\s+need\b|\bdo\s+you\s+need\s+my\b", re.IGNORECASE
)


def _bare_reply(text: str, previous: str) -> tuple[str, str] | None:
    """The class of a short reply whose form settles it after any agent message: a bare
    go-ahead, a choice "then", incredulity at an offer, or another way to pay for the user's
    own order asked for (session 29's made-up support runs); None for any other turn."""
    typed = " ".join(text.split())
    if _BARE_GO_AHEAD.fullmatch(typed):
        return "answer", "go_ahead"
    m = _CHOICE_THEN.fullmatch(typed)
    if m and all(w in previous.lower() for w in m.group(1).lower().split()):
        return "answer", "choice_then"
    said = [s for s in _sentences(typed) if s.strip()]
    if said and all(_INCREDULOUS.fullmatch(s.strip()) for s in said):
        return "other", "incredulous"
    if _OTHER_ID_INSTEAD.search(typed) and _ASKS_ID.search(previous):
        # "I don't have my user ID handy. Can I give you my email instead?" after the agent
        # asked for the user ID: another value offered for the one asked, in a question's form
        # (the r4 section's "answering it with another value in a request's form … instead")
        return "answer", "other_id_instead"
    if _PAY_WITH_MINE.match(typed) and typed.endswith("?"):
        return "request", "pay_with_mine"
    if len(said) > 1 and _GIVE_INSTEAD.search(typed) and _ID_OR_NUMBER.search(said[-1]):
        # "I'd rather not give my email. Can I use my name and zip instead? It's Hana Sato,
        # 94110.": the values asked for, given another way, with leave asked in passing
        return "answer", "gives_instead"
    return None


# Session 29 (round 29's travellers): asking for another option in any words ("Maybe we can do
# a little better.", "I think we can find something better", "Maybe, something cheaper?", "try
# something else") is another search: a `request` (session 5's "Are there any others?"), not a
# verdict on the option offered. Not the agent's offer of more help repeated by a user
# ("anything else I can help you with"), nor "anything else I should know?" (a question), nor
# the last of a list ("standard rooms, suites, or something else"), nor
# a closing ("I don't need anything else").
_ANOTHER_OPTION = re.compile(
    r"(?<!\bor )\bsomething\s+(?:else|better|cheaper|different)\b(?![^.?!]{0,30}\b(?:help|assist)\b)"
    r"|\banything\s+(?:better|cheaper|different)\b"
    r"|\b(?:do|find)\s+(?:(?:a\s+)?(?:little|bit|lot)\s+(?:bit\s+)?)?better\b"
    r"|\btry\s+(?:another|a\s+different)\s+(?:one|option|flight|time|day|place)\b",
    re.IGNORECASE,
)
# A new search set going after a verdict ("Sauls. And let's find an outdoor attraction I can take
# kids to", "See if you can find a good third location for us", "Is there another Japanese
# restaurant nearby that is good for kids?"): the agent asked how the option looks, the user
# answers and asks for another thing found: a `request` (session 5's "Are there any others?").
# "Can you find me …" is left to the rules above (a fact asked, an answer to "which genre?").
_NEW_SEARCH = re.compile(
    r"\b(?:let['’]?s|see\s+if\s+you\s+can)\s+(?:either\s+|also\s+)?(?:find|look\s+for|search\s+for)\b"
    r"|\bis\s+there\s+another\b",
    re.IGNORECASE,
)
_NO_MORE_WANTED = re.compile(
    r"\b(?:don['’]?t|do\s+not|no|not|nothing|never)\b[^.?!]{0,20}\b(?:else|better|different)\b",
    re.IGNORECASE,
)


# Session 29 (round 29's SysBench turns): a Chinese ask to be told, in a request's words, is
# a `question` (session 22: what is told, a recipe of a named dish, how-to steps): "能否给我列举
# 一下…的具体步骤", "你能教我怎么健身吗", "给我一个…的菜谱". Not when a work product is asked for
# (写, 生成, 制定, 设计, 翻译, 改写, 推荐: a `request`), a search ("你能帮我找到一个吗"), or a
# picture.
_ZH_TELL_ME = re.compile(
    r"(?:讲解|講解|教我|讲讲|講講|说说|說說)|(?:列举|列舉)[^，,。？?]{0,12}(?:步骤|步驟)|"
    r"(?:菜谱|菜譜|食谱|食譜|制作步骤|製作步驟|具体步骤|具體步驟)"
)
_ZH_WORK_PRODUCT = re.compile(
    r"写|寫|生成|制定|製定|设计|設計|翻译|翻譯|改写|改寫|推荐|推薦|起草|优化|優化|搜索|寻找|尋找|找到|扮演|图片|圖片"
)


def _zh_told_asked(text: str) -> bool:
    """True when a Chinese turn asks to be told or shown how, in a request's words (see
    :data:`_ZH_TELL_ME`)."""
    return _ZH_TELL_ME.search(text) is not None and _ZH_WORK_PRODUCT.search(text) is None


def _another_option(text: str) -> bool:
    """True when the user asks for an option other than the one offered (see
    :data:`_ANOTHER_OPTION`)."""
    return (
        _ANOTHER_OPTION.search(text) is not None or _BETTER_OPTION_ASKED.search(text) is not None
    ) and _NO_MORE_WANTED.search(text) is None


# mk35 (made-up, session 33): whether there is an option better in one way, asked ("Is there no
# faster option?", "Isn't there a cheaper way?", "Is there a quicker route?"): another option
# asked for after the one offered, a `request` as session 29's "Maybe, something cheaper?" is.
_BETTER_OPTION_ASKED = re.compile(
    r"\b(?:is\s+there\s+(?:no|not\s+(?:a|an|any)|a|an|any)|isn['’]?t\s+there\s+(?:a|an|any))\s+"
    r"(?:faster|quicker|cheaper|earlier|sooner|shorter|better|less\s+expensive)\s+"
    r"(?:options?|ways?|choices?|alternatives?|routes?|methods?|shipping|delivery|flights?)\b",
    re.IGNORECASE,
)


# Session 30 (round 29's leftovers and session 29's made-up runs). The agent's message that
# sends or offers an option of the booking ("Sending the proposal now!", "I have something for
# you on Thursday …", "Here's a flight a little earlier …", "Let's give this a shot", "perhaps
# this flight may suffice?"): the user's reply to it is read as its verdict (round 29's notes:
# session 5's going ahead with or declining what was offered).
_OPTION_SENT = re.compile(
    r"\bpropos(?:al|ed|ing)\b|\bsend(?:ing)?\s+(?:you\s+|over\s+)?(?:a|an|the|this|another)\s+\w+"
    r"|\bhere(?:['’]s|\s+is|\s+are)\s+(?:a|an|another|some|the)\b"
    r"|\bI\s+(?:only\s+)?have\s+(?:something|one|two|three|a|an|\d+)\b[^.?!]{0,40}"
    r"\b(?:for\s+you|flights?|options?)\b"
    r"|\bgive\s+(?:this|it|that)\s+a\s+(?:shot|try)\b|\btry\s+again\b|\bretry\b"
    r"|\b(?:this|that|these)\s+(?:\w+\s+)?(?:flights?|options?|itinerary|plan)\b",
    re.IGNORECASE,
)
_DAY_OR_TIME = (
    r"(?:(?:on|at|in|for)\s+)?(?:the\s+)?(?:\d|today|tonight|tomorrow|morning|afternoon|evening"
    r"|weekend|earlier|later|" + "|".join(WEEKDAY_NAMES) + r")"
)
# Another value for the same booking set against the option sent ("What about Friday?", "How
# does Thursday morning work?", "Could we do the slightly earlier one?", "Can I try 6/2 11:34
# AM …"): declining with another value, an `answer` (round 29's notes); not another place or
# item ("How about one museum?": session 16's item added, a request), read by the rules.
_COUNTER_VALUE = re.compile(
    r"(?:(?:ok(?:ay)?|well|then|and|so|hmm)\W+)*(?:(?:what|how)\s+about\s+" + _DAY_OR_TIME + r"\b"
    r"|how\s+(?:does|do|would)\s+" + _DAY_OR_TIME + r"\b[^?]{0,30}\b(?:work|look|sound)\b"
    r"|(?:can|could)\s+(?:we|i|you)\s+(?:do|try|go\s+with|book)\s+(?:the\s+)?(?:\w+\s+){0,2}?"
    r"(?:earlier|later|cheaper|first|second|other|previous)\s+(?:one|flight|option)\b"
    r"|(?:can|could)\s+(?:we|i)\s+try\s+" + _DAY_OR_TIME + r")",
    re.IGNORECASE,
)
# A verdict on the option sent, with no ask ("That's going to overlap with too many personal
# meetings", "Dang, that is right in the middle of my highest important meeting", "I think I
# might like that one best actually", "the first option might have been the best option").
_OPTION_VERDICT = re.compile(
    r"\b(?:overlaps?|overlapping|conflicts?|clash(?:es)?)\s+with\b|\bright\s+in\s+the\s+middle\s+of\b"
    r"|\bI\s+(?:think\s+)?(?:I\s+)?(?:might\s+|really\s+|do\s+)?like\s+(?:that|this|the)\b[^.?!]*"
    r"\b(?:best|most|better)\b|\b(?:best|better)\s+option\b"
    r"|\b(?:looks?|sounds?)\s+(?:pretty\s+|really\s+|very\s+)?(?:good|great|fine)\s+(?:to|for)\s+me\b",
    re.IGNORECASE,
)
# Going with an option the agent named, then the payment for it ("OK, let's just do economy
# then. Use my credit card.", "looks like I will need to go with the expensive flight."): a
# choice among what was offered, an `answer` (round 9b's choices; session 5's value asked).
_GOES_WITH = re.compile(
    r"\b(?:let['’]?s|i['’]ll|i\s+will|we['’]ll|we\s+will|need\s+to|have\s+to)\s+(?:just\s+)?"
    r"(?:do|go\s+with|take|pick|choose)\s+(?:the\s+)?([\w$-]+(?:\s+[\w$-]+){0,2}?)(?:\s+then)?\s*[.!]*$",
    re.IGNORECASE,
)
_PAYS_WITH = re.compile(
    r"(?:please\s+)?(?:use|charge\s+(?:it|that)\s+to|pay\s+(?:with|by)|put\s+it\s+on)\s+(?:my|the)\s+"
    r"[\w\s-]{1,30}?[.!]*",
    re.IGNORECASE,
)


def _proposal_reply(text: str, previous: str) -> str:
    """The reading of a reply to the option the agent sent or named (see :data:`_OPTION_SENT`):
    another value for it, a verdict on it, or a choice among the options named, then the
    payment; ``""`` for any other turn."""
    if _CJK.search(text):
        return ""
    said = [s.strip() for s in _sentences(" ".join(text.split())) if _PUNCT.sub("", s)]
    if not said:
        return ""
    named = {w.lower() for w in _PICK_TOKEN.findall(previous[-_AGENT_TAIL:])}
    choice = _GOES_WITH.search(said[0])
    if (
        choice
        and "?" not in said[0]
        and choice.group(1).split()[-1].lower() in named
        and all(_PAYS_WITH.fullmatch(s) for s in said[1:])
    ):
        return "goes_with"
    if _OPTION_SENT.search(previous[-_AGENT_TAIL:]) is None:
        return ""
    if any(_COUNTER_VALUE.match(s) for s in said):
        return "counter_value"
    if (
        not any(s.endswith("?") for s in said)
        and any(_OPTION_VERDICT.search(s) for s in said)
        and not any(_is_request(s) for s in said)
    ):
        return "option_verdict"
    return ""


# The agent asking the user's preferences or wants ("Do you have any preferences you'd like to
# share up front?", "what are some things to keep in mind?", "What is your budget looking like
# …?"): the wants told after it answer it (round 29's notes, the hvac section's constraints
# taking up the offer), in a need's words or not. Not "What would you like to do (next)?", an
# offer of the next task.
_PREFS_ASKED = re.compile(
    r"\bpreferences?\b[^.?!]*\?|\bthings\s+to\s+keep\s+in\s+mind\b[^.?!]*\?"
    r"|\bwhat\s+is\s+your\s+budget\b[^.?!]*\?",
    re.IGNORECASE,
)
# A sentence that asks for an act or a fact of its own, not a want told: an imperative or a
# "can / could you" opening it; "Maybe focus on those two landmarks?" proposes a want.
_OWN_ASK = re.compile(
    r"\s*(?:(?:just|also|then|and|so|now|ok(?:ay)?|sure|yes|no|well|not\s+really)\W+)*"
    r"(?:please|can|could|would|will|book|find|search|show|tell|give|send|cancel|reserve|get|"
    r"check|look|help|pick|choose|add|make|put|set|schedule|order|buy|move|let['’]?s|go|take|try|"
    r"remove|include|what|which|where|when|how|why|who|is|are|do|does)\b",
    re.IGNORECASE,
)
_MAYBE = re.compile(r"\s*(?:maybe|perhaps)\b", re.IGNORECASE)
_CLAUSE_JOIN = re.compile(r",\s*|\s+and\s+", re.IGNORECASE)


def _preferences_given(text: str, previous: str) -> bool:
    """True when the agent asked the user's preferences (:data:`_PREFS_ASKED`) and the turn
    only tells them: no ask of its own, no act asked for."""
    if _CJK.search(text) or _PREFS_ASKED.search(previous[-_AGENT_TAIL:]) is None:
        return False
    said = [s.strip() for s in _sentences(" ".join(text.split())) if _PUNCT.sub("", s)]
    # "North, and also find me a taxi there": an act asked in a clause of its own
    parts = [p for s in said for p in _CLAUSE_JOIN.split(s)]
    return (
        bool(said)
        and not any((s.endswith("?") and not _MAYBE.match(s)) for s in said)
        and not any(_OWN_ASK.match(p) for p in parts)
    )


# A Chinese ask for 推荐 whose object is the user's own goal for themselves ("我最近想减肥，你有啥推荐
# 吗", "我想规划教育基金，有啥推荐吗"): advice on the user's own act, a `question` (round 29's notes,
# sessions 5 and 22); places, products and dishes wanted ("我们家想去旅游，有啥推荐吗", "有哪些贷款推荐")
# stay a search or a work product, a `request`.
_ZH_OWN_GOAL_ADVICE = re.compile(
    r"(?:想|要|打算|准备|準備|计划|計劃)(?:要)?(?:减肥|減肥|瘦身|减重|減重|健身|锻炼|鍛煉|理财|理財|规划|規劃|"
    r"存钱|存錢|攒钱|攢錢|戒烟|戒菸|戒酒|提高|改善|养成|養成)[^。？?！!]{0,16}?"
    r"有(?:啥|什么|什麼|没有|沒有)(?:好的)?(?:推荐|推薦|建议|建議)(?:吗|嗎|么|麼|呢)?\s*[？?]?\s*$"
)


# A bare go-ahead with "try" or "go with" ("Let's try that", "Sure, let's go with it"): taking up
# what the agent named, an `answer`, as "Sure let's try that" and "Ok, let's do that!" are.
_LETS_TRY_THAT = re.compile(
    r"(?:(?:ok(?:ay)?|sure|alright|all\s+right|yes|yeah|great)[,!.]*\s+)?let['’]?s\s+(?:try|go\s+with)\s+"
    r"(?:that|it|this)(?:\s+one)?(?:\s+then)?[.!]*",
    re.IGNORECASE,
)
# A fault of the user's own device or data, with what to do or why ("我的电脑耗电非常严重，这是为什么？",
# "我不小心删除了一些重要的文件，有办法恢复吗？", "那有的设备总是坏怎么办啊"): the fix of the user's own
# fault asked for, a `request` (round 29's notes, session 21's problem told with an ask for help;
# the English helpdesk's "My printer keeps jamming").
_ZH_DEVICE = "(?:电脑|電腦|手机|手機|笔记本|筆記本|设备|設備|文件|数据|數據|打印机|打印機|路由器|电视|電視|平板|耳机|耳機|相机|相機)"
_ZH_FAULT = (
    "(?:坏|壞|蓝屏|藍屏|死机|死機|耗电|耗電|开不了机|開不了機|无法开机|無法開機|删除|刪除|丢失|丟失|充不进|"
    "充不進|卡顿|卡頓|没反应|沒反應|故障|打不开|打不開|黑屏)"
)
_ZH_FIX_ASKED = "(?:怎么办|怎麼辦|为什么|為什麼|有办法|有辦法|咋办|咋辦|怎么解决|怎麼解決|如何解决|如何解決|是怎么回事|是怎麼回事)"
_ZH_OWN_FAULT = re.compile(
    "(?:我|我的|有的)[^。？?！!]{0,4}?(?:"
    + _ZH_DEVICE
    + "[^。？?！!]{0,14}?"
    + _ZH_FAULT
    + "|"
    + _ZH_FAULT
    + "[^。？?！!]{0,10}?"
    + _ZH_DEVICE
    + ")[^。]{0,30}?"
    + _ZH_FIX_ASKED
)
# A step the user took that failed, then what now ("我使用了数据恢复软件，但是没有找到需要的文件，
# 怎么办？"): session 28's failed step with "What else can I try?", a `request`.
_ZH_STEP_FAILED_NEXT = re.compile(
    r"(?:用了|试了|試了|试过|試過|使用了|按照|照着|照著)[^。？?！!]{0,20}?(?:但|可)(?:是)?[^。？?！!]{0,6}?"
    r"(?:没有|沒有|没|沒|还是|還是|仍然|依然)[^。？?！!]{0,16}?[，,]?\s*(?:怎么办|怎麼辦|咋办|咋辦|该怎么办|該怎麼辦)"
)
# What a procedure needs the user to prepare ("我需要准备哪些材料来申请？", "需要准备哪些文件和遵守哪些
# 法律规定呢？"): facts of the procedure, told (session 22), a `question`, as "我需要准备哪些证明文件呢？"
_ZH_DOCS_NEEDED = re.compile(
    "(?:需要|要|得)(?:准备|準備|提供|提交|带|帶|携带|攜帶)(?:哪些|什么|什麼|啥)(?:材料|文件|资料|資料|证件|證件|手续|手續|证明|證明)"
)


# Session 30 (round 32's leasing prospects and residents): a person asked for ("Speak to agent.",
# "Transfer to a person, please.", "Connect me to a representative.", "Can u call me") asks the
# agent to do something, hand the call over: a `request` (the top section's request).
_PERSON_ASKED = re.compile(
    r"\b(?:speak|talk|tell)\s+(?:to|with)\s+(?:a|an|the)?\s*(?:live\s+|real\s+|property\s+)?"
    r"(?:person|agent|representative|rep|human|manager)\b"
    r"|\b(?:transfer|connect)\s+(?:me\s+)?(?:to|with)\s+(?:a|an|the)\s+(?:live\s+|real\s+)?"
    r"(?:person|agent|representative|human|manager)\b"
    r"|^\s*can\s+(?:u|you)\s+(?:please\s+)?call\s+me\s*[?.!]*\s*$",
    re.IGNORECASE,
)
# A tour asked for ("Can I schedule a tour for tomorrow at 11 AM?", "Can I tour on Monday?",
# "Would it be possible to tour it on Saturday?", "Can I see a virtual tour"): an act the agent
# books, a `request` (the round-32 ruling), unless the agent's last sentence offered the tour
# and the turn takes it up (round 8's option chosen: an `answer`).
_TOUR_ASKED = re.compile(
    r"\b(?:schedule|book|set\s+up)\s+(?:a|an)\s+(?:\w+\s+)?(?:tour|showing)\b"
    r"|\b(?:can|could|may)\s+i\s+(?:\w+,?\s+)?(?:come\s+(?:look|see|by)|tour|see\s+(?:a|the)\s+(?:\w+\s+)?tour)\b"
    r"|\bpossible\s+to\s+tour\b",
    re.IGNORECASE,
)
_TOUR_OFFERED = re.compile(r"\btour\b[^.?!]*\?\s*$", re.IGNORECASE)
# The agent's own offer to hand the user over ("Would you like me to connect you with someone
# who can assist you further?"): a person asked after it takes the offer up, an `answer`.
_PERSON_OFFERED = re.compile(r"\b(?:connect|transfer)\s+you\b[^.?!]*\?\s*$", re.IGNORECASE)
# Units of a kind looked for ("Do you have any 1 bedroom apartments", "Are there any 2 units
# available?", "I'm interested in a 2 bedroom, what's avaliable?"): a search, a `request`
# (session 30's records searched; round 30's "Do you have any coffee cups?").
_UNIT_SEARCH = re.compile(
    r"\b(?:do\s+(?:you|ya['’]?ll|y['’]?all)\s+have|are\s+there)\s+(?:any\s+|the\s+)?"
    r"(?:\d|one|two|three|four|studio)[-\s]*(?:bed(?:room)?s?|bd|br|units?)\b"
    r"|\b(?:i['’]?m|i\s+am)\s+(?:looking\s+for|interested\s+in)\s+(?:a|an)\s+"
    r"(?:\d(?:-\d)?|one|two|three|four|studio|bedroom)[-\s]*(?:bed(?:room)?s?|bd|br|option)?\b",
    re.IGNORECASE,
)
# ... or an apartment looked at or for, no kind named ("Yeah. I was looking at An apartment?"
# after "How can I help you today?": session 31), a search as "I'm looking for a 1 bedroom" is,
# unless the agent asked for what is looked for (then the details answer it).
_APARTMENT_SEARCH = re.compile(
    r"\b(?:i\s+was|i['’]?m|i\s+am|we\s+were|we['’]?re|we\s+are)\s+looking\s+(?:at|for)\s+(?:a|an)\s+"
    r"(?:new\s+)?(?:apartment|unit|place\s+to\s+(?:rent|live))\b",
    re.IGNORECASE,
)
# A price limit told after the agent listed options with their figures ("the problem with those
# are that they're kind of expensive. I was hoping to stay under 2100 mark if possible."): another
# search with a new constraint, a `request` (session 29's another option asked for, in any words).
_BUDGET_LIMIT = re.compile(
    r"\b(?:stay|keep\s+it|be|go|remain)\s+(?:under|below|beneath)\s+(?:the\s+)?(?:\$\s*)?\d"
    r"|\b(?:under|below)\s+(?:the\s+)?(?:\$\s*)?\d[\d,]*\s*(?:dollars?\s+)?(?:mark|budget|range)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(r"\d[\d,.]*")
# ... not when the agent asked for the limit ("… your budget per night for the hotels": an answer)
_BUDGET_ASKED = re.compile(r"\bbudget\b|\bprice\s+range\b|\bhow\s+much\b|\?\s*$", re.IGNORECASE)
_LISTED_FIGURES = 2  # figures the agent's message needs to have listed options
# Other slots asked after a list of them ("Do you have anything later than 12 PM on Jan. 20th?",
# "Do you have any time, tomorrow afternoon?"): another search, a `request` (session 18's other
# flights); tour slots asked first stay a `question` ("What times are available?").
_OTHER_SLOTS = re.compile(
    r"\bdo\s+you\s+have\s+(?:any(?:thing)?\s+)?(?:other\s+)?(?:times?|slots?|later|earlier)\b",
    re.IGNORECASE,
)
_LISTED_SLOTS = 2  # times the agent's message names when it offers a list of slots to choose from
_SLOTS_LISTED = re.compile(r"\b\d{1,2}:\d\d\s*[AP]\.?M\b", re.IGNORECASE)


# Tour slots asked first, none listed yet ("Do you have any tour availability?", "Do you have
# any availability?"): facts told, a `question` (the top section's "What times are available?").
_FIRST_SLOTS = re.compile(
    r"\bdo\s+you\s+have\s+any\s+(?:tour\s+)?availability\b"
    r"|\bdo\s+you\s+have\s+any\s+tours\b[^?.!]{0,40}\bavailable\b",
    re.IGNORECASE,
)
# The user's own booking or access gone wrong, told ("I'm outside and unable to get inside",
# "I need a maintenance request.", "I received nothing via email", "Should I have received an
# email confirmation? Because I did not"): a problem report, a `request` (the top section).
_LEASING_PROBLEM = re.compile(
    r"\b(?:unable\s+to|can['’]?t|cannot)\s+get\s+(?:in|inside)\b"
    r"|\bneed\s+(?:a|an)\s+maintenance\s+request\b"
    r"|\b(?:received|got)\s+nothing\s+(?:via|by|in|through)\b"
    r"|\bshould\s+i\s+have\s+(?:received|gotten|got)\b[^?]{0,60}\?\s*because\s+i\s+did(?:n['’]?t|\s+not)\b",
    re.IGNORECASE,
)
# A closing returned after the agent's ("You, too!", "Will do!", "Will do . You as well !!", "Yes
# mam. We will.") after "Have a great day!": a `greeting` (the top section's closing).
_CLOSING_RETURNED = re.compile(
    r"(?:(?:yes|ok(?:ay)?)\s*(?:ma['’]?am|mam)?\s*[.,!]*\s*)?"
    r"(?:(?:you|u)(?:,)?\s+(?:too|as\s+well)|will\s+do|we\s+will|ditto|same\s+to\s+you)"
    r"(?:\s*[.,!]+\s*(?:you|u)(?:,)?\s+(?:too|as\s+well))?\s*[.!]*",
    re.IGNORECASE,
)
_AGENT_CLOSING = re.compile(
    r"\b(?:have\s+a\s+(?:great|good|nice|wonderful|lovely)\s+(?:day|evening|weekend)|feel\s+free\s+to\s+reach\s+out"
    r"|let\s+me\s+know)\b[^?]*$",
    re.IGNORECASE,
)
# A vendor's test message ("TEST REPLY!", "This is my test lead"): asks nothing, `other`.
_TEST_MESSAGE = re.compile(r"\btest\s+(?:reply|lead)\b", re.IGNORECASE)


# Something sent to the user asked ("Can u send a video of that exact unit to me?", "Can you
# send me a text message of the floor plans?"), a fresh check asked ("An you check again
# please", "Use your tools to get new data"), a notice asked for later ("Can you let me know
# when one with a study is available"): acts the agent does, a `request` (round 32's notes).
_LEASING_ACT = re.compile(
    r"\b(?:can|could)\s+(?:u|you)\s+(?:please\s+)?send\s+(?:me\s+)?(?:a|an)\s+"
    r"(?:video|text(?:\s+message)?|photo|picture)\b"
    r"|\b(?:can|an)\s+(?:u|you)\s+(?:please\s+)?check\s+again\b|\buse\s+your\s+tools\b"
    r"|\b(?:can|could)\s+(?:u|you)\s+(?:please\s+)?let\s+me\s+know\s+when\b",
    re.IGNORECASE,
)


# Session 31 (round 32's leftovers, GUIDELINE "Turn rulings of session 31"). "I would like that"
# after the agent's offer ("If you'd like, we can also schedule a virtual tour …"): the offer taken
# up, an `answer` (round 8); "is there any way you can help with …": an act asked, a `request`;
# a confirmation e-mail still missing ("the email is not here and is not in my spam folder"): a
# problem report of the user's own, a `request` (round 32's "I received nothing via email").
# A verdict that declines, then thanks ("Too expensive but thanks for trying to help. Emily", "Not
# interested, but thank you"): declining with thanks, a `greeting` (session 5).
_BUT_THANKS = re.compile(
    r"\s*(?:too\s+(?:expensive|far|small|pricey|much)|not\s+interested|not\s+for\s+me)\b[^.?!]{0,20}?"
    r",?\s+but\s+thanks?(?:\s+you)?\b",
    re.IGNORECASE,
)
_THAT_TAKEN = re.compile(r"\bi(?:['’]d|\s+would)\s+(?:like|love)\s+that\b", re.IGNORECASE)
_OFFER_MADE = re.compile(
    r"\bif\s+you['’]?d\s+like\b|\bwould\s+you\s+like\b|\b(?:i|we)\s+can\s+(?:also\s+)?\w+",
    re.IGNORECASE,
)
_ANY_WAY = re.compile(
    r"\bis\s+there\s+(?:any\s+)?way\s+(?:you|u)\s+(?:can|could)\b"
    # ... to act, not to tell ("is there any way you could tell me the rent": session 17's ask)
    r"(?!\s+(?:please\s+)?(?:tell|give|provide|show|share|explain|let\s+me\s+know)\b)",
    re.IGNORECASE,
)
_MAIL_MISSING = re.compile(
    r"\b(?:e-?mail|confirmation)\s+(?:is|was)\s+not\s+(?:here|there)\b"
    r"|\bnot\s+in\s+my\s+(?:spam|junk)\s+folder\b",
    re.IGNORECASE,
)


# A slot of the user's own booking asked or changed when the agent asked nothing ("I'm sorry can
# I actually get the Friday at 130", "Do you have 1:30, today?", "you all still have me for
# Thursday. I rescheduled … for Friday at 3:30"): the booking changed, a `request` (round 32's
# tour asked for, other slots and the user's booking gone wrong).
_SLOT_ACT = re.compile(
    r"\bcan\s+i\s+(?:actually\s+|still\s+|please\s+)?(?:get|have|do|switch\s+to|change\s+to|move\s+to)\s+"
    r"(?:the\s+|it\s+|on\s+|at\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)"
    r"|\bdo\s+you\s+have\s+\d|\bi\s+rescheduled\b|\bstill\s+have\s+me\s+(?:down\s+)?for\b"
    r"|\bi(?:['’]ll|\s+will)\s+take\s+the\s+\d",
    re.IGNORECASE,
)
_SLOT_NAMED = re.compile(
    r"\b\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\b|,?\s*today\b|\s+tomorrow\b)|\b\d{3,4}\s+just\b"
    r"|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)


def _leftover32_reading(text: str, previous: str) -> tuple[str, str] | None:
    """The class of a turn that session 31's round-32 readings settle (see the patterns
    above), or None."""
    if _BUT_THANKS.match(text) and "?" not in text:
        return "greeting", "declines_thanks"
    if _THAT_TAKEN.search(text) and "?" not in text and _OFFER_MADE.search(previous):
        return "answer", "offer_taken_up"
    if _ANY_WAY.search(text):
        return "request", "any_way"
    if _MAIL_MISSING.search(text):
        return "request", "mail_missing"
    if (
        _SLOT_ACT.search(text)
        and _SLOT_NAMED.search(text)
        and not previous.rstrip().endswith("?")
        and len(_SLOTS_LISTED.findall(previous)) < _LISTED_SLOTS
    ):
        return "request", "slot_changed"
    return None


def _leasing_reading(text: str, previous: str) -> tuple[str, str] | None:
    """The class of a turn that session 30's round-32 readings settle: a person asked for, a
    tour asked for (taken up from the agent's offer: an answer), units of a kind searched, other slots
    asked after a list, slots asked first, a problem with the user's booking or access, a
    closing returned, a vendor's test message, something sent, checked again or a notice asked
    for; None for any other."""
    if _PERSON_ASKED.search(text) and not _PERSON_OFFERED.search(previous.strip()):
        return "request", "person_asked"
    if _TOUR_ASKED.search(text):
        if _TOUR_OFFERED.search(previous.strip()):
            return "answer", "tour_taken_up"  # round 8: the option offered, taken up
        return "request", "tour_asked"
    if _UNIT_SEARCH.search(text):
        return "request", "unit_search"
    if _APARTMENT_SEARCH.search(text) and (
        not previous.rstrip().endswith("?") or _first_offer(previous)
    ):
        return "request", "unit_search"  # not details the agent asked for (round 13: an answer)
    if (
        _BUDGET_LIMIT.search(text)
        and len(_FIGURE.findall(previous)) >= _LISTED_FIGURES
        and not _BUDGET_ASKED.search(previous)
    ):
        return "request", "budget_limit"  # session 31: another search, a new limit
    if _OTHER_SLOTS.search(text) and _SLOTS_LISTED.search(previous):
        return "request", "other_slots"
    if _FIRST_SLOTS.search(text) and not _SLOTS_LISTED.search(previous):
        return "question", "first_slots"
    if _LEASING_PROBLEM.search(text):
        return "request", "leasing_problem"
    if _CLOSING_RETURNED.fullmatch(" ".join(text.split())) and _AGENT_CLOSING.search(previous):
        return "greeting", "closing_returned"
    if _TEST_MESSAGE.search(text):
        return "other", "test_message"
    if _LEASING_ACT.search(text):
        return "request", "leasing_act"
    return None


# Session 31 (round 32's prospects, GUIDELINE "Turn rulings of session 31"): the user's own plan
# told with nothing asked, when the agent asked nothing ("I will be following up within the next
# few weeks!", "I'm running late … but I'll be there", "I have decided to look into other
# apartments …"): session 29's plan announced as the user's own, `other`; with thanks beside it,
# session 5's thanks beside the user's own plan, a `greeting`.
_OWN_PLAN = re.compile(
    r"\bi(?:['’]ll|\s+will)\s+(?:try\s+to\s+|probably\s+|definitely\s+)?"
    r"(?:be\s+following\s+up|follow\s+up|be\s+there|get\s+back\s+to\s+you|check\s+back|make\s+it"
    r"|reach\s+out|be\s+in\s+touch)\b"
    # ... a decision to look elsewhere ("I have decided to look into other apartments"), not an
    # act decided on ("I've decided to retract the recent order": a task)
    r"|\bi(?:['’]ve|\s+have)\s+decided\s+to\s+(?:look|go|stay|rent|move)\s+(?:\w+\s+){0,2}"
    r"(?:other|elsewhere|somewhere)\b",
    re.IGNORECASE,
)


# Thanks or a wish for the day anywhere in it ("HI Thomas, Thank you for the information. …
# Have a great day,"): the plan closes (session 5).
_CLOSING_WORDS = re.compile(
    r"\bthank(?:s|\s+you)\b|\bhave\s+a\s+(?:great|good|nice|wonderful)\s+(?:day|evening|weekend)\b",
    re.IGNORECASE,
)
_WELCOME = re.compile(r"\s*(?:you['’]re|you\s+are)\s+(?:very\s+|most\s+)?welcome\b", re.IGNORECASE)


_LOWER_WORD = re.compile(r"(?<![\w'’])[a-z]{2,}\b")
_PERSON_NOUN = re.compile(
    r"\b(?:agent|representative|rep|human|person|manager|someone|somebody)s?\b", re.IGNORECASE
)


def _first_offer(previous: str) -> bool:
    """True when the agent's message ends offering its help for the first time ("… I'm Robin,
    your virtual leasing assistant. … How can I help you today?"), however long its greeting."""
    sentences = [s for s in _split_sentences(" ".join(previous.split())) if _PUNCT.sub("", s)]
    return (
        bool(sentences)
        and gated_search(_patterns()["open_offer"], sentences[-1]) is not None
        and _NOT_FIRST_OFFER.search(previous) is None
        and _ID_OR_NUMBER.search(previous) is None
    )


# Who the user is, told alone ("I'm a resident.", "Yes, I'm a current tenant"): round 32's
# callers after the greeting offer (session 31), as _identifies_only reads a name.
_ROLE_ONLY = re.compile(
    r"(?:(?:hi|hello|hey|yes|yeah|yea)[,.!]*\s+)?(?:i['’]?m|i\s+am)\s+(?:a|an)\s+"
    r"(?:current\s+|new\s+|future\s+|prospective\s+)?[a-z]+[.!]*",
    re.IGNORECASE,
)


def _plan_told(text: str, context: str) -> tuple[str, str] | None:
    """``("other", "plan_told")`` or ``("greeting", "plan_thanks")`` when the turn, where the
    agent asked nothing, only tells the user's own plan; None for any other."""
    if context not in ("opening", "open", "none") or not _OWN_PLAN.search(text):
        return None
    footer = (
        _MAIL_FOOTER.search(text) or _MAIL_TAGLINE.search(text) or _MAIL_DISCLAIMER.search(text)
    )
    told = text[: footer.start()] if footer else text  # the mail's footer is no one's words
    sentences = _sentences(" ".join(told.split()))
    if any(_is_question(s) or _is_request(s) for s in sentences):
        return None
    if _CLOSING_WORDS.search(told) or any(_thanks(s) or _WELCOME.match(s) for s in sentences):
        return "greeting", "plan_thanks"  # "You're welcome. I'll be there at 5 PM." too
    return "other", "plan_told"


def _leftover_reading(text: str, previous: str) -> tuple[str, str] | None:
    """The class of a turn that session 30's readings settle (round 29's leftovers and the
    made-up runs): a reply to the option sent (:func:`_proposal_reply`), the preferences the
    agent asked for, a Chinese ask for advice on the user's own goal, a bare "let's try that",
    a Chinese fault of the user's own device or a failed step with 怎么办, the documents a
    procedure needs; None for any other."""
    proposal = _proposal_reply(text, previous)
    if proposal:
        return "answer", proposal
    if _preferences_given(text, previous):
        return "answer", "preferences_given"
    if _ZH_OWN_GOAL_ADVICE.search(text):
        return "question", "own_goal_advice"
    if _LETS_TRY_THAT.fullmatch(" ".join(text.split())):
        return "answer", "lets_try_that"
    if _ZH_OWN_FAULT.search(text) or _ZH_STEP_FAILED_NEXT.search(text):
        return "request", "own_fault"
    if _ZH_DOCS_NEEDED.search(text):
        return "question", "docs_needed"
    return None


# Session 31 (round 33: real people planning trips and gifts with a Chinese LLM assistant). A
# change asked of the agent's own plan or list ("可以把一些当地美食加进去吗", "把住宿安排进去", "你现在把
# 你原先的行程规划…整合起来给我吧", "想重新规划一下", "对此时间冲突做出一个调整", "可以再详细一点吗", "列个表格整理一下",
# "把YouTube上的教程替换成…", "那么怎么安排"): a task on the agent's answer (session 22), a `request`,
# in a question's words too.
_ZH_PLAN_EDIT = re.compile(
    r"(?:加进去|加进来|安排进去|安排进来|结合起来|整合起来|合并起来|重新规划|重新安排|做出(?:一个|一些)?调整"
    r"|作出[^，,。？?]{0,6}调整|再详细一?点|更详细一?点|列(?:个|一个|一张)表|替换成|移到别)"
)
# a place asked to be added ("能不能去Sternberger See走走啊？")
_ZH_ASKS_PLACE = re.compile(r"能不能去\w{1,24}(?:走走|逛逛|看看|玩)")
_ZH_PLAN_ASKED = re.compile(
    r"(?:怎么|怎样|如何)安排(?!的)|^(?:再)?加上|能不能去\w{1,24}(?:走走|逛逛|看看|玩)|(?:为我|帮我|给我)(?:规划|安排|加上)|安排具体的|具体的时间安排|在此基础上"
)
# Items to be found or recommended ("有推荐的品牌吗？", "有没有套装？", "有没有现成的商品可以直接买给他的",
# "没有其他景点了吗" (not "还有没有其他治疗方法", what else there is to know), "每个品类再多几个选项", "有哪些款式值得推荐", "你觉得什么礼物比较好", "预算大概四百块，哪个
# 型号比较好"): a search (session 20's items of a kind), a `request`; "这几个你最推荐哪个" picks among
# the named ones and stays a `question` (session 21).
_ZH_ITEMS_ASKED = re.compile(
    r"有推荐的\w{0,4}吗|有没有(?:套装|现成的|更便宜|便宜)|没有(?:其他|别的)\w{0,4}了吗"
    r"|再多(?:几|一些|点)\w{0,2}(?:选项|选择|推荐)|值得推荐|什么礼物|礼物.{0,60}有什么(?:建议|推荐)|(?:哪个|哪款|哪种)(?:型号|款式|牌子|品牌)"
)
# A pick among the options the agent listed, or why it picked one ("这几个你最推荐哪个", "你能推荐一个
# 性价比最高的选择吗", "为什么特别推荐这个？"), and where to buy the one recommended ("我在哪里可以购买到你推荐的设
# 备"): told of the named ones (session 21), a `question`; how to buy, choose or care for the item
# picked ("按摩器不错，应该怎样购买", "平时应该怎样保养这个耳机"): a how-to with nothing broken (session 14).
_ZH_AMONG_LISTED = re.compile(
    r"最推荐哪|推荐一个性价比最高|为什么\w{0,4}推荐|哪里(?:可以)?(?:购买|买)|(?:怎样|怎么|如何)(?:挑选|选购|购买|保养)"
)
# An appraisal of the help, alone ("你的回答很全面！", "你的推荐很不错！", and what the agent said,
# "你说的真好。": session 32, round 29's blind miss beside round 33's): a `greeting` (session 5).
_ZH_APPRAISES_HELP = re.compile(
    r"你(?:的(?:回答|推荐|建议|回复|答案)|说的|讲的)(?:很|非常|真|太|挺)\w{1,4}[！!。.～~]*"
)
# What the agent's new plan dropped, complained of ("怎么没有交通和住宿了", "慕尼黑王宫怎么也不见了？", "你怎么把
# 时间评估省略掉了"): pushback that asks nothing new (session 14), `other`.
_ZH_DROPPED = re.compile(r"怎么(?:没有\w{1,10}了|也?不见了)|怎么把\w{1,10}(?:省略|漏|删)掉?了")
_ZH_STANCE = re.compile(
    r"站在\w{1,8}的?(?:角度|立场)"
)  # role play asked: a work product (session 20)
# A constraint set on the plan or the search after the agent's answer, asking nothing else ("我的
# 预算在200元左右", "600一晚", "威斯汀之类的酒店太贵了，我的预算在每晚400以内", "我们不打算去国外旅游，打算在国内旅
# 游", "我们要进行为期七天的旅游", "不去香格里拉了，就去前面几个城市就够了"): another search (sessions 16, 29), a
# `request`, when the agent asked for nothing (a value it asked for answers it).
_ZH_CONSTRAINT = re.compile(
    r"预算(?:在|是|为|大概|大约|约)?\w{0,4}\d|^\d+(?:元|块|人民币)?(?:一晚|每晚)|太贵了|不打算(?:去|出国)|为期\w{1,4}天"
    r"|^不去\w{1,12}了"
)

# Session 31 (round 33: an LLM advisor's simulated clients, English). A long reply that ends by
# thanking or taking leave ("Thank you for your assistance!", "Much appreciated!", "Have a great
# day!", "Catch you later!"), with the user's own next steps and praise before it and nothing
# asked ("I'll look into flights and book one that fits my schedule", "I don't have any more
# questions for now"): the need met, a `greeting` (session 5's thanks that ask nothing).
_EN_LEAVE_TAKING = re.compile(
    r"(?:thanks?|thank\s+you|much\s+appreciated|many\s+thanks|have\s+a\s+(?:great|good|nice|wonderful|lovely)"
    r"\s+(?:day|one|evening|weekend)|catch\s+you\s+(?:later|soon|on\s+the\s+flip\s+side)"
    r"|(?:see|talk\s+to)\s+you\s+(?:later|soon))\b",
    re.IGNORECASE,
)
_EN_STILL_ASKS = re.compile(
    r"\b(?:could|can|would|will)\s+(?:you|we)\b|\bplease\b|\b(?:i['’]d|i\s+would)\s+(?:like|love)\s+(?:you|to\s+know|if)\b"
    r"|\bi\s+need\s+you\b|\blet['’]?s\s+(?!keep\b)|\bgo\s+ahead\b",
    re.IGNORECASE,
)
_GETS_IN_TOUCH = re.compile(r"\b(?:get\s+in\s+touch|reach\s+out|let\s+you\s+know)\b", re.IGNORECASE)
_LEAVE_SENTENCES = 3  # a closing holds the thanks, the user's plans and praise
_LEAVE_CHARS = 200  # shorter ones confirm a recap or give a value, then thank
# Session 32 (blind misses of rounds 29 and 33): after an agent's message that asked for nothing
# (its answer, its own farewell: "Safe travels … Catch you soon."), a short turn that praises or
# thanks and takes leave ("Thanks a bunch, LLM! Can't wait to see what you come up with. …
# Catch you later!") gives no value and confirms nothing: the need met, a `greeting` (session 5).
_LEAVE_AFTER_NOTHING = 2
# "'Til then, let's keep the good vibes rolling.": a mood wished for, no act asked of the agent
_KEEP_GOING = re.compile(r"\W*(?:(?:un)?'?til+\s+then,?\s+)?let['’]?s\s+keep\b", re.IGNORECASE)
# "Yes, that's correct. … Thank you!", "Sure, the address is …": a confirmation or a value,
# thanked for after (an `answer`)
_CONFIRMS_FIRST = re.compile(
    r"\s*(?:yes|yeah|yep|sure|ok(?:ay)?|correct|right|no|nope)\b", re.IGNORECASE
)


def _takes_leave(text: str, asked_nothing: bool = False) -> bool:
    """True when a long English turn (three sentences or more, not opened by a yes or a no)
    ends by thanking or taking leave and asks nothing (see :data:`_EN_LEAVE_TAKING`).
    ``asked_nothing``: the agent's message asked for nothing, so no short closing can be a
    value or a confirmation thanked for after, and two sentences suffice."""
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    long = len(said) >= _LEAVE_SENTENCES and len(text) >= _LEAVE_CHARS
    # a short closing asks no act ("Set the GPS for there. Thanks.") and is not spoken as the
    # agent ("You're welcome! Thanks for letting me help.", the GUIDELINE's `other`)
    short = (
        asked_nothing
        and len(said) >= _LEAVE_AFTER_NOTHING
        and _WELCOME.match(said[0]) is None
        and not any(_is_request(s) and _KEEP_GOING.match(s) is None for s in said)
    )
    return (
        (long or short)
        and "?" not in text
        and _CONFIRMS_FIRST.match(text) is None
        and (
            _EN_LEAVE_TAKING.match(said[-1].strip()) is not None
            # "Thank you for your assistance. If I need any more help, I'll get in touch."
            or (
                _EN_LEAVE_TAKING.match(said[-2].strip()) is not None
                and _GETS_IN_TOUCH.search(said[-1]) is not None
            )
        )
        and _EN_STILL_ASKS.search(text) is None
    )


# An advisor's client asking, beside questions, for places to be found or recommended or for
# the plan to be made or changed ("Could you recommend some high-end wellness centers or spas in
# Xi'an? And if possible, adjust the itinerary …", "How should we plan our days …?", "do you
# think we could fit in a visit to a couple of more cities …?"): session 5's fact and act in one
# turn, labelled by the act, a `request`.
_EN_PLAN_ACT = re.compile(
    r"\b(?:could|can|would)\s+you\s+(?:please\s+)?(?:also\s+)?(?:(?:recommend|suggest|find)\s+(?!(?:me\s+)?the\b"
    r"|out\b|i\b|we\b|that\b)|look\s+for|help\s+(?:me|us)\s+(?:find|plan)|adjust|revise|re-?plan|propose"
    r"|put\s+together|draft)\b"
    r"|\bhow\s+should\s+(?:we|i)\s+plan\b|\b(?:(?:could|can)\s+(?:we|you)|we\s+could)\s+(?:also\s+)?fit\s+in\b"
    r"|\bplease\s+(?:also\s+)?(?:adjust|revise|recommend|suggest)\b",
    re.IGNORECASE,
)

# The details an advisor asked for, then its suggestions or planning asked in general words
# ("… 5. Visa Requirements: I hold a US passport. Looking forward to hearing your suggestions!",
# "… we prefer to drive. What do you suggest?", "Can we start planning with these preferences in
# mind?", "Let's plan an epic trip!"): the values asked, with the act the agent already named
# as next, an `answer` (session 14's value followed by the pending act).
_EN_PLAN_GO_ON = re.compile(
    r"(?:so,?\s+)?(?:what\s+(?:do|would|can|could)\s+you\s+(?:suggest|recommend)(?:\s+for\s+(?:me|us))?"
    r"|(?:i['’]?m\s+)?looking\s+forward\s+to\s+(?:hearing\s+)?your\s+(?:suggestions|recommendations|ideas)"
    r"|let['’]?s\s+plan\s+(?:an?\s+|this\s+|the\s+)?(?:\w+\s+)?trip"
    r"|can\s+we\s+start\s+planning\b[^?]*|could\s+you\s+help\s+me\s+plan\s+(?:this|it)(?:\s+out)?)[?!.]*",
    re.IGNORECASE,
)


def _details_then_go_on(text: str, previous: str) -> bool:
    """True when an English turn after the agent's questions gives details and ends by asking
    its suggestions or planning in general words (see :data:`_EN_PLAN_GO_ON`)."""
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    return (
        len(said) > 2
        and "?" in previous[-_AGENT_TAIL:]
        and _EN_PLAN_GO_ON.fullmatch(said[-1].strip()) is not None
        # "Could you suggest a hotel …? Can we adjust the itinerary …? Looking forward to your
        # recommendations.": the asks before it decide
        and not any(_EN_PLAN_ACT.search(s) for s in said[:-1])
    )


_OWN_PLAN_SENTENCES = 3  # a long reply: the plans beside what it asks
# The client's own next step ("I'll make sure to pack a stylish coat", "I'll make sure we pack
# light clothing"): an offer's words only ("I can help with that" stays one)
_OWN_MAKE_SURE = re.compile(r"\bI['’]ll\s+(?:definitely\s+|also\s+)?make\s+sure\b", re.IGNORECASE)


def _long_with_own_plans(text: str) -> bool:
    """True when an English turn of three sentences or more holds sentences the rules read as
    an offer that are all the user's own "I'll make sure to …", and others beside them."""
    if _CJK.search(text):
        return False
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    offers = [s for s in said if _patterns()["offer"].search(s)]
    return (
        len(said) >= _OWN_PLAN_SENTENCES
        and 0 < len(offers) < len(said)
        and all(_OWN_MAKE_SURE.search(s) for s in offers)
    )


def _drop_own_plans(text: str) -> str:
    """The turn without the sentences the rules read as an offer (see above)."""
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    return " ".join(s for s in said if not _patterns()["offer"].search(s))


def _plan_act_beside(text: str) -> bool:
    """True when an English turn of two sentences or more asks, in one of them, for places to
    be found or recommended or for the plan to be made or changed (see :data:`_EN_PLAN_ACT`)."""
    if _CJK.search(text):
        return False
    said = [s for s in _sentences(" ".join(text.split())) if s.strip()]
    return len(said) > 1 and any(_EN_PLAN_ACT.search(s) for s in said)


def _planner_reading(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """The class of a turn that session 31's round-33 readings settle (trip and gift planners):
    a change asked of the agent's plan, items to find or recommend, a constraint set after the
    agent's answer; None for any other."""
    if not _CJK.search(text):
        # after a recap the agent asked to confirm, the thanks follow the confirmation
        if context == "solicit" and _details_then_go_on(text, previous):
            return "answer", "details_then_go_on"
        leaves = context != "confirm" and _takes_leave(text, asked_nothing=context == "none")
        return ("greeting", "takes_leave") if leaves else None
    typed = " ".join(text.split())
    if _ZH_PLAN_EDIT.search(typed) or _ZH_PLAN_ASKED.search(typed):
        return "request", "zh_plan_edit"
    if _ZH_ITEMS_ASKED.search(typed) or _ZH_STANCE.search(typed):
        return "request", "zh_items_asked"
    if _ZH_AMONG_LISTED.search(typed):
        return "question", "zh_among_listed"
    if _ZH_APPRAISES_HELP.fullmatch(typed):
        return "greeting", "zh_appraises_help"
    # after the agent's answer (a missing record of the user's order asked of an agent's
    # greeting, "这个订单怎么没有物流信息了", is a fault to look into: a `request`)
    if context == "none" and _ZH_DROPPED.search(typed) and not _ZH_ASKS_PLACE.search(typed):
        return "other", "zh_dropped"
    if context == "none" and previous.strip() and _ZH_CONSTRAINT.search(typed):
        return "request", "zh_constraint"
    return None


# mk36 (made-up, session 33): readings of round mk36's airline, retail, telecom and bank
# customers, each by the shape of the turn and the agent's message, not mk36's words.
# A go-ahead, then the act in a bare command ("ok, book it. pay with my visa", "ugh. ok cancel
# the whole thing"): the user accepts what the agent just set out, an `answer` (the GUIDELINE's
# confirmation), as a bare go-ahead is; the act's word is one the agent's message used. "Okay,
# then add 2 bags" (the user's own decision after a fact) and a second act ("and send me the
# reference") stay requests (session 31's made-up runs, round 13).
_MK36_ACK_ACT = re.compile(
    r"(?:[a-z]{2,8}[.!]+\s+)?(?:ok(?:ay)?|yes|yeah|sure|fine|alright)\b[,.!]*\s+"
    r"(?:(?:yes|whatever|fine)[,.!]*\s+)*(?:please\s+)?"
    r"(book|cancel|add|use|go\s+with|change|switch|rebook|upgrade|remove|apply|keep|take)\b",
    re.IGNORECASE,
)
# ... a new act asked beside it stays a request ("and I want some compensation")
_MK36_NEW_ASK = re.compile(
    # "I need it today" presses the same thing, asks nothing new
    r"\b(?:i\s+(?:want|need|would\s+like)(?!\s+it\b)|also|can\s+you|could\s+you)\b",
    re.IGNORECASE,
)
# Incredulity, then a statement that asks nothing ("seriously? I ordered it an hour ago",
# "what? I pay every month", "tomorrow?? I need it today"): pushback, `other`.
# A wh-word echo asks a reason ("Why not? My friend changed hers."): a question still.
_MK36_ECHO_ASK = re.compile(
    r"\s*(?!(?:why|how|when|where|which|who)\b)(?:[a-z]+[!]*\s+)?[a-z]+\s*\?+!*\s+(?=\S)",
    re.IGNORECASE,
)
# Approval given in emoji alone after the agent's report ("👍", "🙏"): the user appraises the
# help and asks nothing, a closing (session 19's "Perfect!").
_MK36_APPROVAL_EMOJI = re.compile(r"\s*(?:[\U0001F44D\U0001F44C\U0001F64F\u2764\u2705]\ufe0f?\s*)+")
# Saying the user needs to find a fact out ("I need to check whether my flight includes a
# bag"): asks to be told, a `question` (session 19's "I need to find out …").
_MK36_NEED_TO_KNOW = re.compile(
    r"(?:(?:hi|hello|hey)[,!.]*\s+)?i\s+(?:need|want|would\s+like)\s+to\s+(?:check|know|find\s+out|confirm)"
    r"\s+(?:whether|if|when|what|how|which)\b[^?]*[.!]?",
    re.IGNORECASE,
)
# A yes after a question asked, thanks beside it ("yes exactly, thank you!"): the answer.
_MK36_YES_THANKS = re.compile(
    r"(?:yes|yeah|yep|correct|exactly|right)(?:[,!.]*\s+(?:yes|exactly|correct|that['’]s\s+right))*"
    r"[,!.]*\s+(?:thank\s+you|thanks)\b[^?]*",
    re.IGNORECASE,
)
_MK36_EMOJI_CHARS = 8
# Thanks, then chatter that asks nothing ("thank you! the blue one is so much nicer haha"),
# after a report: a closing (the GUIDELINE's thanks closing), no value and nothing new asked.
_MK36_THANKS_CHAT = re.compile(
    r"(?:thank\s+you(?:\s+so\s+much)?|thanks(?:\s+so\s+much)?|thx|ty)\s*[!.]+\s+[^?\d@]{3,120}",
    re.IGNORECASE,
)
# ... thanks then a complaint ("Thank you! You didnt provide any help.") is pushback
_MK36_NEGATION = re.compile(r"n['’]?t\b|\b(?:not|no|never|nothing)\b", re.IGNORECASE)
# A greeting that announces questions to come and tells the trip or the case, asking nothing
# yet ("Hi! A few questions about our trip in July. We're flying with a baby."): a greeting
# (session 17).
_MK36_ANNOUNCES_QUESTIONS = re.compile(
    r"(?:hi|hello|hey)(?:\s+there)?[,!.]*\s+(?:i\s+have\s+|got\s+)?(?:a\s+few|some|a\s+couple(?:\s+of)?|two|"
    r"three)\s+(?:quick\s+)?questions?\b[^?]*",
    re.IGNORECASE,
)
# A thing the user was to get, reported missing ("I don't see the email yet", "wait it was
# delivered? I never got it"): a fault of the user's own case, a `request` (session 31's "I
# received nothing via email"); a short echo of the agent's words may ask before it (not a
# wh-question: "Where do I pay rent? I do not see it" asks). After the agent asked ("Do you see
# the light?"), "I don't see any" answers it.
_MK36_NOT_GOT = re.compile(
    r"(?:(?!(?:\w+\s+)?(?:why|how|when|where|which|who|what)\b)[^?]{0,60}\?+\s+)?i\s+(?:(?:still\s+)?(?:don['’]?t|do\s+not|can['’]?t|cannot)\s+see|"
    r"(?:still\s+)?(?:haven['’]?t|have\s+not|never|didn['’]?t|did\s+not)\s+(?:got(?:ten)?|received?|get)"
    r")\s+(?:the|my|any|it|them|anything)\b[^?]*",
    re.IGNORECASE,
)
# A fact pressed for ("can't you just tell me when it'll be back?"): a question still.
_MK36_PRESSED_FACT = re.compile(
    r"\b(?:can['’]?t|cannot|couldn['’]?t)\s+you\s+(?:just\s+)?tell\s+me\s+"
    r"(?:when|what|where|how|why|if|whether|which)\b",
    re.IGNORECASE,
)
# A change to the user's own booking or order asked in a question's words ("Can I switch it to
# economy?", "Can it go to her address instead?", "also can I switch to eSIM at the same
# time?"): a `request` (session 21's request in a question's form about the user's own order).
_MK36_CHANGE_ASKED = re.compile(
    r"(?:[^?]*[.!]\s+)?(?:also\s+|and\s+)?(?:can|could)\s+(?:i|we|it|you)\s+(?:please\s+)?"
    r"(?:switch|swap|change|move|upgrade|downgrade)\b[^?]*\?+\s*(?:[^?]*[.!]?)?",
    re.IGNORECASE,
)
# ... not after the agent asked (the change is then its answer, round 8), not a change on a
# supposition ("if I need to take a break"), not "move forward" with the purchase
# ... nor a change to a kind of thing ("on an order that's still processing"): the policy asked
# (session 21)
_MK36_KIND_OF = re.compile(
    r"\b(?:an?|any)\s+(?:\w+\s+)?(?:order|booking|reservation|flight|ticket|item|product|account)\b",
    re.IGNORECASE,
)
_MK36_SUPPOSED = re.compile(r"\b(?:if|in\s+case|move\s+(?:forward|on|ahead))\b", re.IGNORECASE)
_MK36_INSTEAD_ASKED = re.compile(
    r"(?:[^?]*[.!]\s+)?(?:also\s+|and\s+)?(?:can|could)\s+(?:i|we|it)\s+[^?]{0,80}\binstead\b[^?]*\?+"
    # ... the value it needs may follow ("… instead? 9 Elm Road, Dover")
    r"(?:\s+[^?]*)?",
    re.IGNORECASE,
)
# An act pressed for with "just" ("can't you just give me a credit or something"): a
# `request` with its pushback ("Can't you remove it?" about a design asks why not); a fact
# pressed for ("can't you just tell me when…?") stays a question.
_MK36_PRESSED_ACT = re.compile(
    r"\b(?:can['’]?t|cannot|couldn['’]?t)\s+you\s+just\s+(?:give|refund|credit|waive|cancel"
    r"|change|move|put|upgrade|make|let|send|add|remove|reverse)\b",
    re.IGNORECASE,
)
# "what about X, has it shipped yet?": the fact of another thing asked, a `question`.
_MK36_WHAT_ABOUT_FACT = re.compile(
    r"(?:[^?]*[.!]\s+)?what\s+about\s+[^?,]{1,40},\s*(?:has|have|is|was|did|does|will)\s+"
    r"(?:it|that|they|this)\b[^?]*\?+",
    re.IGNORECASE,
)
# A want for the user's own order, then whether it can still be done ("I want the red one
# instead, is it too late?"): the change asked, a `request`.
_MK36_WANT_STILL = re.compile(
    r".*\bi\s+(?:want|need|would\s+like|['’]d\s+like)\b[^?]*,\s*(?:is\s+it\s+too\s+late|is\s+that"
    r"\s+(?:possible|ok|okay)|can\s+(?:you|i|it)\s+still\b[^?]*)\s*\?+",
    re.IGNORECASE,
)
# A go-ahead, then a new thing wanted in a sentence of its own ("yes look for something later.
# and I want some kind of compensation"): a new act asked, a `request` (after a question of the
# agent's, "Yes, that would be nice. I need a garage" answers it).
_MK36_YES_THEN_WANT = re.compile(
    r"(?:yes|ok(?:ay)?|sure|fine)\b[^.!?]*[.!]+\s+(?:and\s+|also\s+)?i\s+(?:want|need|demand|expect)"
    r"\s+(?:some|a|an|my)\b",
    re.IGNORECASE,
)


def _mk36_turn(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """mk36's readings of a customer's turn after the agent's message (session 33), or
    ``None``."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    if len(t) <= _MK36_EMOJI_CHARS and _MK36_APPROVAL_EMOJI.fullmatch(t):
        return "greeting", "mk36_approval_emoji"
    if context == "solicit" and _MK36_YES_THANKS.fullmatch(t):
        return "answer", "mk36_yes_thanks"
    if (
        context != "solicit"
        and _MK36_THANKS_CHAT.fullmatch(t)
        and not _MK36_NEW_ASK.search(t)
        and not _MK36_NEGATION.search(t)
    ):
        return "greeting", "mk36_thanks_chat"
    if _MK36_ANNOUNCES_QUESTIONS.fullmatch(t):
        return "greeting", "mk36_announces_questions"
    if context != "solicit" and _MK36_NOT_GOT.fullmatch(t):
        return "request", "mk36_not_got"
    if _MK36_PRESSED_FACT.search(t):
        return "question", "mk36_pressed_fact"
    if context != "solicit" and _MK36_NEED_TO_KNOW.fullmatch(t):
        return "question", "mk36_need_to_know"
    if "?" not in t:
        act = _MK36_ACK_ACT.match(t)
        if (
            act is not None
            and not _MK36_NEW_ASK.search(t)
            and " and " not in t.lower()
            # the act's word where a word of the agent's starts ("book" not inside "rebook":
            # mk37, session 34)
            and re.search(rf"\b{re.escape(act.group(1).lower()[:4])}", previous, re.IGNORECASE)
        ):
            return "answer", "mk36_ack_act"
    if (
        context != "solicit"
        and (_MK36_CHANGE_ASKED.fullmatch(t) or _MK36_INSTEAD_ASKED.fullmatch(t))
        and not _MK36_SUPPOSED.search(t)
        and not _MK36_KIND_OF.search(t)
    ):
        return "request", "mk36_change_asked"
    if _MK36_WANT_STILL.fullmatch(t):
        return "request", "mk36_want_still"
    if _MK36_PRESSED_ACT.search(t):
        return "request", "mk36_pressed_act"
    if _MK36_WHAT_ABOUT_FACT.fullmatch(t):
        return "question", "mk36_what_about_fact"
    if context != "solicit" and _MK36_YES_THEN_WANT.match(t):
        return "request", "mk36_yes_then_want"
    echo = _MK36_ECHO_ASK.match(t)
    if echo is not None and "?" not in t[echo.end() :] and not _MK36_NEW_ASK.search(t):
        return "other", "mk36_incredulous"
    return None


# mk37 (made-up, session 34): readings of a third writer's airline, retail, telecom and bank
# customers (round mk37), each a GUIDELINE distinction stated in general form, by the shape
# of the turn and of the agent's message, never by mk37's words.
# A change asked of a thing in the passive, in a question's words ("can that be cancelled
# too?", "Also my card, could it be replaced?"): the user asks the agent to act on the user's
# own booking or account (sessions 14 and 21's change of the user's own thing asked in a
# question's words), a `request`; what a kind of thing allows stays a question ("Can a
# Basic fare be changed?" names no thing of the user's: no pronoun, no "my").
_MK37_ACT_PARTICIPLE = (
    r"(?:cancell?ed|refunded|raised|increased|lowered|reduced|changed|moved|upgraded|extended"
    r"|waived|reversed|removed|added|rebooked|reissued|replaced|transferred|switched|reinstated"
    r"|expedited|credited|unblocked|unlocked|reactivated|closed|split|combined|merged)\b"
)
_MK37_PASSIVE_ACT = re.compile(
    r"\b(?:can|could)\s+(?:it|that|this|they|them|those|these|my\s+\w+(?:\s+\w+)?)\s+(?:also\s+)?be\s+"
    + _MK37_ACT_PARTICIPLE
    + r"[^?]*\?",
    re.IGNORECASE,
)
# ... "the <thing>" the agent's message just named ("Can the fee be waived?" after "A $20 fee
# applies"): this case's thing; "Can a Basic fare be changed?" asks what the kind allows.
_MK37_PASSIVE_THE = re.compile(
    r"\b(?:can|could)\s+the\s+([a-z]+)\s+(?:also\s+)?be\s+" + _MK37_ACT_PARTICIPLE + r"[^?]*\?",
    re.IGNORECASE,
)
# A negative ask pressing for an act ("Can't you just reset it now?", "Can't I get a refund
# for the other one too?"): the act asked with its pushback, a `request` (session 33's
# "can't you just …"), whatever the act's verb; pressing to be told ("can't you just tell
# me …?") stays a question.
_MK37_PRESSED_ACT = re.compile(
    r"\b(?:can['’]?t|cannot|couldn['’]?t)\s+(?:you\s+(?:just|simply|please)\s+(?!(?:tell|say|explain|confirm|show|let\s+me"
    r"\s+know|give\s+me\s+(?:an?\s+)?(?:answer|idea|estimate))\b)[a-z]+"
    r"|i\s+(?:just\s+)?(?:get|have)\s+(?:a|an|my|the|some|cash|money|credit)\b)",
    re.IGNORECASE,
)
# Paying with or applying the user's own means to the user's own order, asked ("can I pay
# for my order with my gift card instead?", "Can I use it on an order I placed today?"): a
# change to the user's own order in a question's words (session 21), a `request`.
_MK37_APPLY_TO_MINE = re.compile(
    r"\b(?:can|could|may)\s+i\s+(?:please\s+)?(?:use|apply|pay|put)\b[^?]{0,40}?"
    r"\b(?:on|to|for|toward|towards|with)\s+(?:my\s+(?!next\b|future\b|new\b|other\b)\w+|an?\s+\w+\s+(?:i|we)\s+(?:placed|made|booked"
    r"|ordered|bought|have))\b",
    re.IGNORECASE,
)
# Asking to be told when a thing comes back or is available ("Can you tell me when it's back
# in stock?", "could you let me know when the blue one is available"): a notice asked for
# later, an act (round 32's "Can you let me know when one with a study is available"), a
# `request`.
_MK37_NOTIFY = re.compile(
    r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:tell|let|notify|email|text|message|ping)"
    r"\s+(?:me|us)\s+(?:know\s+)?when\s+[^?]{0,30}?\b(?:is|['’]s|are|comes?|gets?)\s+(?:back|available"
    r"|in\s+stock|restocked)\b",
    re.IGNORECASE,
)
# The agent asks to be told how a step went ("Let me know what happens.", "tell me what you
# see", "let me know how it goes"): a step whose outcome is asked, as "let me know if …" is
# (sessions 28 and 29: the report that follows answers it).
_MK37_OUTCOME_ASKED = re.compile(
    r"\b(?:let\s+me\s+know|tell\s+me)\s+(?:what\s+(?:happens|you\s+see|it\s+(?:says|shows))"
    r"|how\s+it\s+goes)\b",
    re.IGNORECASE,
)
# An echo of the agent's words or one word of disbelief, with its question marks ("14
# minutes?? fine", "Ugh, seriously? I thought it had more", "Final sale? I never saw that"):
# pushback. A wh-word asks a reason and stays a question (see _MK36_ECHO_ASK).
_MK37_ECHO = re.compile(
    r"\s*(?![^?]*\b(?:why|how|when|where|which|who|what|any|anything)\b)(?!(?:is|are|was|were|do|does"
    r"|did|can|could|will|would|should|has|have|may|shall)\b)(?:[a-z]+[,.!]*\s+)?(?!(?:is|are|was"
    r"|were|do|does|did|can|could|will|would|should|has|have|may|shall)\b)"
    r"[\w$.%,'’-]+(?:\s+[\w$.%,'’-]+){0,2}\s*\?+!*\s+(?=\S)",
    re.IGNORECASE,
)
# "Why would you …" set against what the agent reported ("why would you ship it separately
# without telling me"), with no question mark: rhetorical pushback, asking no fact (the r4
# section's rhetorical pushback), `other`.
_MK37_WHY_WOULD = re.compile(r"why\s+(?:would|did|do)\s+(?:you|they)\s+[^?]+", re.IGNORECASE)
# A one-letter acknowledgement ("k", "kk"): "ok" shortened, an `answer` (round 6's bare
# acknowledgement).
_MK37_BARE_K = re.compile(r"\s*k{1,2}\s*[.!]*\s*", re.IGNORECASE)
# The user's "I'll …" for a step: "ok I'll check the chart", "alright, I'll do it in the app".
# It takes the agent's step up, an `answer` (session 28's "Okay, I will try that"; session
# 32's step given as a suggestion), when it names something of the agent's message; with a
# time later on ("I'll do that tonight") it is the user's plan, `other` (session 29).
_MK37_ILL_STEP = re.compile(
    r"(?:(?:ok(?:ay)?|alright|all\s+right|sure|fine|got\s+it)[,.!]*\s+)?i['’]?ll\s+(?:just\s+)?"
    r"(check|do|try|look\s+at|use|submit|fill\s+out|call|email|contact|visit|go\s+to|send|claim"
    r"|request|download|read|follow|apply)\b([^?]*)",
    re.IGNORECASE,
)
_MK37_WORD = re.compile(r"[a-z]{3,}", re.IGNORECASE)
_MK37_FUNCTION_WORDS = frozenset(
    {"the", "that", "this", "then", "and", "with", "for", "from", "now", "just", "your", "you"}
)
# A yes, then a bare act on a pronoun ("ok yes add it", "yes, book them"): the yes answers
# what the agent proposed and the pronoun points back to it, an `answer` (the GUIDELINE's
# confirmation; round 8's option taken up), also when an answer to a side question came
# between. Without the yes ("ok cancel it") it may be the user's own new act (session 33).
_MK37_ACK_PRONOUN = re.compile(
    r"(?:[a-z]{2,8}[.!]+\s+)?(?:(?:ok(?:ay)?|sure|fine|alright)[,.!]*\s+)?(?:yes|yeah|yep)\b[,.!]*\s+"
    r"(?:please\s+)?[a-z]+\s+(?:it|that|them|those)"
    r"(?:\s+(?:please|then|now))?\s*[.!]*",
    re.IGNORECASE,
)
# An act commanded "anyway" after the agent's caveat ("Add the bag anyway", "ok cancel it
# anyway"): the user goes ahead with what was under way despite it, an `answer` (round 8's
# option taken up).
_MK37_ANYWAY = re.compile(r"\b(?:anyway|regardless|all\s+the\s+same)\s*[.!]*\s*$", re.IGNORECASE)
# ... "send me the address anyway" asks to be told, a question still
_MK37_TELL_ME = re.compile(r"\b(?:send|give|tell|show|text|email)\s+(?:me|us)\b", re.IGNORECASE)
# The user's want naming the remedy the agent just said it can set up ("I just want a
# replacement honestly" after "… I can set up a replacement"): the offer taken up, an
# `answer` (round 8's remedy offered, taken up).
_MK37_WANT = re.compile(
    r"\bi\s+(?:just\s+|really\s+)?(?:want|need|['’]d\s+like|would\s+like)\s+(?:a|an|the)\s+([a-z]+)",
    re.IGNORECASE,
)
# A supposition of the user's, then whether the agent would pay or cover it ("if I buy one
# today just in case, will you pay for it?"): what the rules allow, a `question` (the
# GUIDELINE's "Can I pause my subscription if I need to skip a month?").
_MK37_IF_THEN_WILL_YOU = re.compile(
    r"\bif\s+(?:i|we)\s+[^?,]{3,60},\s*(?:will|would|do|does)\s+(?:you|it|that|they)\s+"
    r"(?:pay|cover|reimburse|refund|count|qualify)\b[^?]*\?",
    re.IGNORECASE,
)
# The words that open a new ask after an answer ("… and can you check it again", "Can you
# waive the fee?"): the act's verb follows.
_MK37_CAN_YOU = re.compile(
    r"(?:and\s+|also\s+|but\s+)?(?:can|could|would)\s+you\s+(?:please\s+|also\s+)?([a-z]+)\b",
    re.IGNORECASE,
)
# Round 35 (session 34): the callers of an LLM voice receptionist (a practice's phone line;
# candidates' patient bots, LLM-played and scripted). A call mixes greetings and holds with its
# content, and a caller's opening line answers the agent's identity check. Each reading below
# is a GUIDELINE ruling (the round's section "Sealed round 35" quotes them); none reads words
# of the round's own practice, people or values.
#
# A clause of acknowledgement, thanks or a wait told ("Okay", "Of course!", "That'd be great",
# "Thanks for your help", "Take your time", "I'll wait for your update", "I'll be here"):
# a turn made of these asks and tells nothing.
_CALL35_ACK_CLAUSE = re.compile(
    r"oh|um|uh|well|(?:(?:oh|um|uh|well)\s+)?(?:(?:okay|ok|alright|all\s+right|sure|got\s+it|of\s+course|"
    r"no\s+problem|great|perfect|yes|yeah|understood|sounds\s+good|"
    r"that(?:['’]d|\s+would)\s+be\s+(?:great|perfect|fine)|"
    r"thank\s+you(?:\s+so\s+much)?|thanks(?:\s+(?:a\s+lot|so\s+much))?|"
    r"i\s+appreciate\s+(?:it|that)|take\s+your\s+time)\s*)+"
    r"(?:(?:thank\s+you|thanks)\s+for\s+(?:your|the)\s+help)?|"
    r"(?:thank\s+you|thanks)\s+for\s+(?:your|the)\s+help|"
    r"i['’]ll\s+(?:wait|hold(?:\s+on)?|be\s+(?:right\s+)?here|stay\s+on(?:\s+the\s+line)?)"
    r"(?:\s+(?:for\s+(?:that|your|the)\s+\w+|to\s+hear\s+back))?",
    re.IGNORECASE,
)
# ... of them, the caller's own wait told ("I'll wait", "I'll be here", "Take your time") and
# thanks
_CALL35_WAIT_TOLD = re.compile(
    r"\bi['’]ll\s+(?:wait|hold|be\s+(?:right\s+)?here|stay\s+on)\b|\btake\s+your\s+time\b",
    re.IGNORECASE,
)
# The agent's explicit hold, in its last sentences ("1 moment while I look that up", "Let me
# check …", "Please stay on the line", "Please hold on while I document your request", "Let me
# try again"): taking it up, thanks or not, is an `answer` (session 32's "Please hold on" taken
# up; round 13's "Ok, take your time." after "Please hold on for a moment.").
_CALL35_HOLD = re.compile(
    r"\b(?:one|1|a)\s+moment\b|\bme\s+(?:check|look|see|try|find|pull|fetch)\b|"
    r"\bplease\s+(?:hold|wait|stay)\b|\bhold\s+on\b|\bstay\s+on\s+the\s+line\b|\bwhile\s+i\b",
    re.IGNORECASE,
)
# ... unless a result follows the hold ("Let me check … there aren't any openings"): thanks for
# it close the exchange (session 5); nor a handover ("I'm transferring you to a human agent now.
# Please hold."): thanks to it take leave (a greeting)
_CALL35_RESULT_AFTER = re.compile(
    r"\b(?:there\s+(?:are|is|aren['’]t|isn['’]t)|we\s+(?:have|don['’]t)|i\s+(?:see|found|don['’]t))\b",
    re.IGNORECASE,
)
_CALL35_HANDOVER = re.compile(
    r"\b(?:transferr?ing|connecting|passing)\s+you\b|\btransfer\s+you\b", re.IGNORECASE
)
# A check that the line is still live ("Hello? Are you still there?", "Can you still hear me?")
# asks no information: `other` (round 17's mid-call "Hello?"). "still" marks the call under way;
# "Hello? Are you there?" may open one (round 6's phone opener, a greeting) and is left alone.
_CALL35_LIVE = re.compile(
    r"(?:are\s+)?you\s+still\s+(?:there|with\s+me)|can\s+you\s+still\s+hear\s+me", re.IGNORECASE
)
_CALL35_LINE_CLAUSE = re.compile(r"hello|hi|hey|" + _CALL35_LIVE.pattern, re.IGNORECASE)
# A tag alone closing a restatement ("So you take that plan, and I should check my card.
# Right?", "Is that right?"): a fact put to the agent to be confirmed, a `question` (session 5's
# "Can you confirm …"; the GUIDELINE's restatement ending "Right?"). "Is that correct?" is left
# out: it is the agent's recap question, and a turn closing with it speaks as the agent (round
# 8's "Okay, I'll book that for you. … Is that correct?", `other`).
_CALL35_TAG = re.compile(
    r"(?:right|is\s+that\s+right|am\s+i\s+right|did\s+i\s+get\s+that\s+right)\s*\?",
    re.IGNORECASE,
)
# The agent's identity check ("Am I speaking with Sarah?", "Is this John?", "Who am I speaking
# with?") and the caller's name given before what the call is for ("No, this is David
# Thompson. I need to …", "Yes. This is Sarah. I'd like to …"): the name answers, the rest adds
# a task the agent did not name, and the turn is labelled by what it asks (session 14).
_CALL35_IDENTITY_ASKED = re.compile(
    r"\b(?:am\s+i\s+speaking|speaking\s+with|is\s+this)\b[^.?!]*\?\s*$", re.IGNORECASE
)
_CALL35_NAME_GIVEN = re.compile(
    r"\W*(?:(?i:hi|hello|hey|yes|yeah|yep|no|nope)\W+)*(?i:this\s+is|my\s+name\s+is|it['’]s)\s+"
    r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?\s*(?:[.,;!]\s*)?(?:(?i:and)\s+)?"
)
# ... the call's topic only announced after the name ("I had a quick question about …", "I'm
# calling about …") asks nothing yet: left to the other rules (an `answer` there, hard rows)
_CALL35_TOPIC_ONLY = re.compile(
    r"^\W*(?:(?:hi|hello|hey)\W+)?i(?:['’]m|\s+am|\s+was)?\s+(?:just\s+)?(?:(?:had|have|got)\s+"
    r"(?:a\s+|some\s+|a\s+few\s+|a\s+couple\s+(?:of\s+)?)?(?:quick\s+)?(?:other\s+)?"
    r"questions?\s+about|calling\s+(?:about|regarding)|(?:wanted|want)\s+to\s+check\s+in\s+about)\b",
    re.IGNORECASE,
)
# ... facts of the practice asked in act words ("I was just calling to get your office hours",
# "I wanted to check if you take …"): facts asked, a `question` (session 17's "Can you confirm
# if …")
_CALL35_FACT_IN_ACT = re.compile(
    r"\b(?:calling|wanted|want|like|hoping|trying)\s+to\s+(?:get|know|find\s+out|check|ask|"
    r"confirm|learn|verify)\s+(?:if\s+you|whether\s+you|your|what|when|where|how)\b",
    re.IGNORECASE,
)
# Whether the caller should come in or act, asked indirectly ("I'm not sure if I should come
# in", "Can you tell me if I should come in or do something else?"): advice on the caller's own
# act, a `question` (sessions 15 and 29).
_CALL35_SHOULD_I = re.compile(
    r"\b(?:not\s+sure|don['’]t\s+know|unsure|wondering|wonder|tell\s+me)\s+(?:if|whether)\s+"
    r"i\s+should\b",
    re.IGNORECASE,
)


# A bare reply is a few words ("Expedited.", "whole thing.", "yes add the note."): a longer
# first sentence tells or reports, and what follows it is read by the rules above.
_MK37_SHORT_REPLY = 4


_MK37_NOT_PICKED = frozenset(
    {
        "yes",
        "yeah",
        "okay",
        "sure",
        "fine",
        "alright",
        "right",
        "great",
        "perfect",
        "absolutely",
        "thanks",
        "thank",
        "that",
        "this",
        "then",
        "there",
        "with",
        "what",
        "hey",
        "hello",
        "got",
    }
)


# ... an ask to be told ("Can you confirm …?") is read by the rules above
_MK37_TELL_VERBS = frozenset({"tell", "let", "confirm", "explain", "show", "give", "send"})


# A problem of the user's own booking or account told, then what the agent can do about it
# ("My train was cancelled and I paid for a taxi. What can you do for me?"): a problem report
# that asks for help (session 21), a `request`.
_MK37_MY_EVENT = re.compile(
    r"\b(?:my|our)\s+(?:[\w-]+\s+){0,3}?(?:was|were|got|has\s+been|have\s+been|is)\s+"
    r"(?:cancell?ed|delayed|lost|damaged|overcharged|double[ -]charged|declined|blocked|stolen)\b"
    r"|\b(?:cancell?ed|delayed|lost|damaged|overcharged|blocked)\s+(?:my|our)\b",
    re.IGNORECASE,
)
_MK37_WHAT_CAN_YOU_DO = re.compile(
    r"\bwhat\s+(?:can|could|will)\s+you\s+do\b|\bwhat\s+are\s+my\s+options\b", re.IGNORECASE
)
# A pick with "then" opening the turn ("OK, the outbound only then."), and how to pay for it
# after: the option the agent offered, taken up (session 16's pick; _CHOICE_THEN),
# an `answer`.
_MK37_HOW_TO_PAY = re.compile(
    r"\b(?:put|charge|pay|use|bill)\b[^.!?]*\b(?:card|certificate|voucher|credit|points|miles"
    r"|balance|account|paypal)\b",
    re.IGNORECASE,
)
# "let's do the blue one": an option the agent's message names, picked (session 16), an
# `answer`.
_MK37_LETS_PICK = re.compile(
    r"let['’]?s\s+(?:do|go\s+with|take|get|pick)\s+the\s+([\w-]+)(?:\s+one)?\b", re.IGNORECASE
)


def _mk37_said(text: str) -> list[str]:
    return [s.strip() for s in _sentences(" ".join(text.split())) if s.strip()]


def _mk37_answer_then_ask(text: str, previous: str) -> tuple[str, str] | None:
    """After the agent's question, a reply that answers and then asks ("Expedited. Can you
    waive the $15?", "whole thing. is there a fee?"): labelled by what it asks (the
    GUIDELINE's top section), when the ask is no act the agent put forward (round 8)."""
    said = _mk37_said(text)
    if len(said) < 2 or "?" in said[0] or len(said[0].split()) > _MK37_SHORT_REPLY:
        return None
    # the reply picks up a word of the agent's question ("Expedited." to "standard or
    # expedited?"); "Sure!", "Perfect!" or "Hi!" before an ask is no reply of its own
    picked = [w for w in re.findall(r"[a-z]{4,}", said[0].lower()) if w not in _MK37_NOT_PICKED]
    if not any(re.search(rf"\b{w}", previous, re.IGNORECASE) for w in picked):
        return None
    for ask in said[1:]:
        act = _MK37_CAN_YOU.match(ask)
        if act is not None:
            verb = act.group(1).lower()
            if verb not in _MK37_TELL_VERBS and (
                re.search(rf"\b{re.escape(verb)}", previous, re.IGNORECASE) is None
            ):
                return "request", "mk37_answer_then_act"
            return None
        if ask.endswith("?") and _rule(ask, "none")[0] == "question":
            nouns = [w for w in _MK37_WORD.findall(ask) if len(w) > 4]
            if nouns and not any(re.search(rf"\b{w}", previous, re.IGNORECASE) for w in nouns):
                return "question", "mk37_answer_then_question"
            return None
    return None


def _mk37_turn(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """mk37's readings of a customer's turn after the agent's message (session 34), or
    ``None``."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    if _MK37_BARE_K.fullmatch(t):
        return "answer", "mk37_bare_k"
    if context in ("opening", "open", "none") and _MK37_MY_EVENT.search(t):
        said = _mk37_said(t)
        if said and _MK37_WHAT_CAN_YOU_DO.search(said[-1]):
            return "request", "mk37_problem_what_can_you_do"
    if context in ("none", "solicit") and "?" not in t:
        said = _mk37_said(t)
        if (
            len(said) > 1
            and _CHOICE_THEN.fullmatch(said[0])
            and all(_MK37_HOW_TO_PAY.search(x) for x in said[1:])
        ):
            return "answer", "mk37_pick_then_how"
        pick = _MK37_LETS_PICK.search(t)
        if pick is not None and re.search(
            rf"\b{re.escape(pick.group(1))}\b", previous, re.IGNORECASE
        ):
            return "answer", "mk37_lets_pick"
    if context == "solicit":
        both = _mk37_answer_then_ask(t, previous)
        if both is not None:
            return both
    if _MK37_IF_THEN_WILL_YOU.search(t):
        return "question", "mk37_if_will_you"
    if context != "confirm" and (_MK37_PRESSED_ACT.search(t) or _MK37_NOTIFY.search(t)):
        return "request", "mk37_pressed_act"
    if context in ("none", "open", "opening", "failed") and (
        _MK37_PASSIVE_ACT.search(t) or _MK37_APPLY_TO_MINE.search(t)
    ):
        return "request", "mk37_change_of_mine"
    named = _MK37_PASSIVE_THE.search(t)
    if (
        named is not None
        and context in ("none", "open", "failed")
        and re.search(rf"\b{re.escape(named.group(1))}", previous, re.IGNORECASE)
    ):
        return "request", "mk37_change_of_named"
    echo = _MK37_ECHO.match(t)
    if (
        echo is not None
        and "?" not in t[echo.end() :]
        and not _MK36_NEW_ASK.search(t)
        and _rule(t[echo.end() :], "none")[0] != "request"
    ):
        # after the agent's question the pushback replies to it (session 32's pushback on the
        # steps; the r4 section), else it asks nothing
        return ("answer" if context == "solicit" else "other"), "mk37_echo_pushback"
    if context == "none" and "?" not in t and _MK37_WHY_WOULD.fullmatch(t.rstrip(".!")):
        return "other", "mk37_why_would"
    step = _MK37_ILL_STEP.fullmatch(t.rstrip(".!"))
    if step is not None and context in ("none", "open"):
        if _PLAN_LATER.search(step.group(2)):
            return "other", "mk37_plan_later"
        words = [w.lower() for w in _MK37_WORD.findall(step.group(2))]
        content = [w for w in words if w not in _MK37_FUNCTION_WORDS]
        if content and all(re.search(rf"\b{w}", previous, re.IGNORECASE) for w in content):
            return "answer", "mk37_step_taken"
    if (
        context == "none"
        and "?" not in t
        and not _MK36_NEW_ASK.search(t)
        and (
            _MK37_ACK_PRONOUN.fullmatch(t)
            or (_MK37_ANYWAY.search(t) and not _MK37_TELL_ME.search(t))
        )
    ):
        return "answer", "mk37_takes_up"
    if context == "none" and "?" not in t:
        want = _MK37_WANT.search(t)
        if want is not None and re.search(
            rf"\b(?:i|we)\s+can\s+(?:\w+\s+){{1,3}}(?:a|an|the)\s+{re.escape(want.group(1))}\b",
            previous,
            re.IGNORECASE,
        ):
            return "answer", "mk37_offer_wanted"
    return None


# mk38 (made-up, session 34): a customer's turn, read by the GUIDELINE's general lines.
# A go-ahead opener (ok, fine, alright, perfect, forget it) and then a bare pick of a thing
# already on the table: "ok fine. do the refund", "forget it. just do the credit", "great. the
# blue one it is", "ok. let's go with plan B then". The definite "the", "X it is" and "then"
# point back at an option the conversation already holds; taking it up answers the agent
# (session 16's pick; round 8's choice in a request's words), an `answer`. A new item ("do
# a refund", "ok. cancel my order") names no option held and stays with the other rules.
_MK38_GO_OPENER = (
    r"(?:(?:ok(?:ay)?|fine|alright|all\s+right|perfect|great|sure|cool|yes|yeah|forget\s+it"
    r"|no\s+worries|whatever)[,.!]*\s+)+"
)
_MK38_PICK_HELD = re.compile(
    _MK38_GO_OPENER + r"(?:(?:just|then)\s+)?(?:do|go\s+with|take)\s+the\s+[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s+(?:then|please|instead))?\s*[.!]*",
    re.IGNORECASE,
)
_MK38_IT_IS = re.compile(
    r"(?:" + _MK38_GO_OPENER + r")?(?:the\s+)?[\w$-]+(?:\s+[\w$-]+)?\s+it\s+is\s*[.!]*",
    re.IGNORECASE,
)
_MK38_LETS_THEN = re.compile(
    r"^(?:" + _MK38_GO_OPENER + r")?let['’]?s\s+(?:do|go\s+with|take|get)\s+(?:the\s+)?[\w-]+"
    r"(?:\s+[\w-]+)?(?:\s+ones?)?\s+then\b",
    re.IGNORECASE,
)
# A problem of the user's own thing (arrived broken, cancelled, not working), or a need of
# it told, then what to do, the options or how to do it ("the lid came cracked, what can i
# do", "I need my card to work abroad. How do I do that?"): the GUIDELINE's problem told,
# then an ask for a remedy (session 21), and "need to send back X, how do I do that" (a want
# told, then how): a `request`. With no fault or want told, "What can I do?" stays advice.
_MK38_FAULT = re.compile(
    r"\b(?:broken|broke|cracked|damaged|faulty|defective|smashed|not\s+working"
    r"|(?:has|have)\s+been\s+cancell?ed|stopped\s+working|doesn['’]?t\s+work|won['’]?t\s+work"
    # mk39 (session 35): a missed connection, a service gone slow ("my data has been super slow")
    r"|missed\s+my\s+(?:connection|flight|train|bus)"
    r"|(?:has|have)\s+been\s+(?:\w+\s+)?(?:slow|down|dropping))\b",
    re.IGNORECASE,
)
_MK38_NEED_MINE = re.compile(
    r"\b(?:i|we)\s+(?:really\s+)?(?:need|want|would\s+like|['’]d\s+like)\s+(?:that\s+|to\s+\w+\s+)?"
    r"(?:my|our)\b",
    re.IGNORECASE,
)
_MK38_WHAT_TO_DO = re.compile(
    r"^\W*(?:so\s+|and\s+|then\s+)?(?:what\s+(?:can|should|do|could)\s+i\s+do|what\s+i\s+(?:can|should)\s+do"
    r"|how\s+(?:(?:do|can|should|could)\s+)?i\s+(?:do|fix|solve|sort)\s+(?:this|that|it)"
    r"|what\s+are\s+my\s+options"
    # mk39 (session 35): "What now?", "I don't know what to do", and whether something is wrong
    # with the service after its fault is told (session 21's cause asked of the user's own case)
    r"|what\s+now|now\s+what|i\s+don['’]?t\s+know\s+what\s+to\s+do"
    r"|is\s+(?:something|anything)\s+wrong\s+with)\b",
    re.IGNORECASE,
)
# A want of an act with a permission tag ending the clause ("I'd like to send it back if
# that's ok"): the act asked, politely, a `request` (the top section: asks the agent to do
# something). A wish to be told ("I would like to know if it is possible for …") asks a fact.
_MK38_WANT_IF_OK = re.compile(
    r"\b(?:i['’]d|i\s+would|i|we['’]d|we\s+would|we)\s+(?:like|want|need)\s+to\s+"
    r"(?!(?:know|ask|check|see|find|understand|confirm|learn|hear)\b)\w+[^.?!]{0,40}?"
    r"\bif\s+(?:that['’]?s|that\s+is|it['’]?s|it\s+is)\s+(?:ok(?:ay)?|possible|alright|all\s+right|fine)"
    r"\s*(?:[.!,]|$)",
    re.IGNORECASE,
)
# Why the user's own order, refund or parcel has not moved ("Why hasn't my refund come
# through?", "why is my order still not shipped"): the GUIDELINE's fault told as a why
# (session 18), a `request`.
_MK38_WHY_NOT_MINE = re.compile(
    r"^\W*why\s+(?:(?:has|have|is|are|did|does)n['’]?t|(?:has|have|is|are|did|does)\s+(?:my|our)"
    r"\s+(?:[\w-]+\s+){0,2}?(?:still\s+)?not)\b",
    re.IGNORECASE,
)

# Thanks, then a fact asked without its question mark ("ty. what's the fee again", "thanks!
# when does it open"): the GUIDELINE's top section labels a turn that greets and asks by
# what it asks, a `question` (session 33's thanks-and-chat reading leaves the ask out).
_MK38_THANKS_WH = re.compile(
    r"(?:thank\s+you(?:\s+so\s+much)?|thanks(?:\s+so\s+much)?|thx|ty)\s*[!.,]+\s+"
    r"(?:so\s+|and\s+|also\s+)?(?:what|when|where|which|who|how)(?:['’]?s\b|\s+(?:is|are|was|were|do|does|did"
    r"|can|will|would|should|much|many|long)\b)[^?]*",
    re.IGNORECASE,
)
# A lone dismissal ("whatever", "fine, whatever."): pushback that asks nothing, `other`.
_MK38_DISMISSAL = re.compile(r"(?:(?:ok(?:ay)?|fine|sure)[,.!]*\s+)?whatever[.!]*", re.IGNORECASE)
# An acknowledgement, then "no that's all" with no thanks: the decline of more help is an
# `answer` without thanks (the GUIDELINE's top section), whatever opens it.
_MK38_ACK_OPENER = re.compile(
    r"(?:(?:ok(?:ay)?|good|great|cool|perfect|alright|got\s+it|i\s+see)[,.!]*\s+)+", re.IGNORECASE
)
# A question, then the user's own purpose or need of a thing already named ("When does it
# land? I need to tell my sister.", "Why is it still held? I need that money for rent."): the
# need says why the user asks, not an act for the agent (session 33's purpose of the user's
# own); the question decides, a `question`.
_MK38_OWN_PURPOSE = re.compile(
    r"i\s+(?:really\s+)?need\s+(?:to\s+(?:tell|let|pay|be|get\s+to|catch|make|leave|arrive|plan|know)\b"
    r"|(?:that|this|those)\s+(?![^.?!]*\b(?:fixed|changed|cancell?ed|refunded|replaced|sorted|sent|done)\b)\w+)",
    re.IGNORECASE,
)
# A remedy demanded ("I expect some form of compensation", "I want a refund") beside a
# question about it ("What are you offering?"): the act decides (session 21), and session 5's
# demand in pushback is a `request`.
_MK38_REMEDY_DEMANDED = re.compile(
    r"\bi\s+(?:\w+\s+)?(?:expect|want|demand|deserve|need)\s+(?:some\s+(?:form|kind|sort)\s+of\s+|some\s+|a\s+|an\s+|my\s+)?"
    r"(?:compensation|refund|reimbursement|credit|voucher|discount|money\s+back)\b",
    re.IGNORECASE,
)
# After the agent's question, an answer, then another item of the user's own for the same act
# ("Mastercard. And the charger too", "Yes turn it off. And my other line as well"): an act
# the agent did not offer, asked beside the answer (session 17), a `request`.
_MK38_ITEM_TOO = re.compile(
    r"^(?:and|plus)\s+(?:the|my|our|his|her|their)\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+\s+(?:too|as\s+well)"
    r"(?:\s*[.!]*$|\s*,|\s+if\b)",
    re.IGNORECASE,
)
# "can't you waive it just this once": a remedy pressed for without "just" before the verb
# (session 33's "can't you just …"), a `request`; the verbs are remedies of the user's case.
_MK38_PRESSED_REMEDY = re.compile(
    r"^\W*(?:\w+[,.!]*\s+)?(?:can['’]?t|cannot|couldn['’]?t)\s+you\s+(?:waive|refund|credit|reimburse"
    r"|compensate|reverse|release|extend|match|discount)\b",
    re.IGNORECASE,
)

# The act the agent just put forward as possible ("I can transfer you to a person", "you can
# add them any time"), asked with the same verb ("Can you just transfer me.", "yes add two
# please"): the option its message listed, taken up in a request's words (round 8's choice;
# session 16's pick), an `answer`. Another verb ("book" after "rebook") is a new act.
_MK38_CAN_OFFER = re.compile(
    r"\b(?:i|we|you)\s+(?:can|could)\s+(?:also\s+|still\s+|always\s+)?([a-z]+)", re.IGNORECASE
)
# ... the take-up opens with a yes or asks "can you …" ("Speak to agent." after "You can speak
# to me like a person" is a new ask, round 32's caller)
_MK38_TAKES_ACT = re.compile(
    r"^\W*(?:(?:(?:oh|ok(?:ay)?|yes|yeah|yep|sure|then|fine)[,.!]*\s+)+(?:please\s+|just\s+)?"
    r"|(?:(?:oh|ok(?:ay)?|yes|yeah|yep|sure|then|fine)[,.!]*\s+)*(?:can|could)\s+you\s+(?:just\s+|please\s+)?)"
    r"([a-z]+)\b",
    re.IGNORECASE,
)
_MK38_NOT_ACTS = frozenset(
    {
        *("help", "tell", "let", "see", "check", "look", "find", "confirm", "give", "ask"),
        *("do", "be", "i", "speak", "talk", "call", "contact", "reach"),
    }
)

# Which of the options the agent listed it would recommend ("hmm ok. Which one would you
# recommend then?"): the GUIDELINE's pick among the listed (session 21), told: a `question`
# (items of a kind to find, "what would you recommend for …", stay a search).
_MK38_WHICH_RECOMMEND = re.compile(
    r"\bwhich\s+(?:one|of\s+(?:these|those|them|the\s+\w+))\s+(?:would|do|should)\s+you\s+"
    r"(?:recommend|suggest|pick|choose)\b",
    re.IGNORECASE,
)
# Whether the agent's side will pay for the user's own costs ("Will you pay for them?", "will
# you cover that?"): what the policy covers, asked, a `question`, as session 34's "if I take a
# taxi, will you cover it?" reads.
_MK38_WILL_YOU_PAY = re.compile(
    r"\bwill\s+you\s+(?:pay\s+for|cover|reimburse)\s+(?:it|them|that|this|those)\s*\?",
    re.IGNORECASE,
)


def _mk38_turn(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """mk38's readings of a customer's turn (made-up support runs, session 34), or ``None``."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    if context != "confirm" and "?" not in t:
        if _MK38_PICK_HELD.fullmatch(t) or _MK38_IT_IS.fullmatch(t):
            return "answer", "mk38_pick_held"
        pick = _MK38_LETS_THEN.search(t)
        # ... with nothing asked after it ("Let's do the booking then. Cancel my old one."
        # adds an act of its own)
        if pick is not None and all(
            _rule(x, "none")[0] not in ("request", "question") for x in _mk37_said(t[pick.end() :])
        ):
            return "answer", "mk38_lets_then"
    if context != "solicit" and _MK38_THANKS_WH.fullmatch(t.rstrip(".!")):
        return "question", "mk38_thanks_wh"
    if _MK38_DISMISSAL.fullmatch(t):
        return "other", "mk38_dismissal"
    ack = _MK38_ACK_OPENER.match(t)
    if ack is not None and ack.end() < len(t) and _declines_done(t[ack.end() :]):
        return "answer", "mk38_ack_declines"
    if _MK38_PRESSED_REMEDY.search(t):
        return "request", "mk38_pressed_remedy"
    if context in ("none", "solicit") and _MK38_WHICH_RECOMMEND.search(t):
        return "question", "mk38_which_recommend"
    if context != "confirm" and _MK38_WILL_YOU_PAY.search(t):
        return "question", "mk38_will_you_pay"
    said = _mk37_said(t)
    if (
        len(said) == 2
        and said[0].endswith("?")
        and len(said[0].split()) > 2  # "monday?? I need it this week" is incredulity
        and _MK38_OWN_PURPOSE.match(said[1])
        and "?" not in said[1]
        and _rule(said[0], "none")[0] == "question"
    ):
        return "question", "mk38_own_purpose"
    if any(_MK38_REMEDY_DEMANDED.search(x) and not x.endswith("?") for x in said) and any(
        x.endswith("?") for x in said
    ):
        return "request", "mk38_remedy_demanded"
    if (
        context == "solicit"
        and len(said) > 1
        and "?" not in t
        and any(_MK38_ITEM_TOO.match(x) for x in said[1:])
    ):
        return "request", "mk38_item_too"
    if context in ("solicit", "none") and said and "?" not in said[0] and len(t) <= 120:
        act = _MK38_TAKES_ACT.match(said[0])
        verb = act.group(1).lower() if act is not None else ""
        offered = {m.group(1).lower() for m in _MK38_CAN_OFFER.finditer(previous)}
        if (
            verb in offered
            and verb not in _MK38_NOT_ACTS
            and all(_rule(x, "none")[0] not in ("request", "question") for x in said[1:])
        ):
            return "answer", "mk38_offered_act_taken"
    if context in ("opening", "open", "none", "solicit") and len(said) > 1:
        told = " ".join(said[:-1])
        if _MK38_WHAT_TO_DO.search(said[-1]) and (
            _MK38_FAULT.search(told) or _MK38_NEED_MINE.search(told)
        ):
            return "request", "mk38_fault_then_what"
    if context in ("opening", "open", "none") and _MK38_WANT_IF_OK.search(t):
        return "request", "mk38_want_if_ok"
    if context in ("opening", "open", "none") and said and _MK38_WHY_NOT_MINE.search(said[0]):
        return "request", "mk38_why_not_mine"
    return None


# mk39 (made-up, session 34): a customer's turn, read by the GUIDELINE's general lines (the
# top section: a question that is really an instruction is a `request`; a turn that answers
# and then asks is labelled by what it asks; session 21: an act asked beside a fact, the act
# decides).
# An act asked in a question's words, with a softening adverb or another doer ("can I at least
# get it refunded?", "Can they call me instead?", "is there any way to get a window seat?",
# "Can I use miles to upgrade?"): the adverb and the doer change nothing of what is asked.
_MK39_SOFTENER = re.compile(
    r"\b(?:(?:can|could|may)\s+(?:i|we|you))\s+(at\s+least|also|just|maybe|still)\s+", re.IGNORECASE
)
_MK39_OTHER_DOER = re.compile(
    r"^(\W*(?:\w+[,.!]*\s+)?(?:can|could|would))\s+(?:they|someone|somebody|you\s+guys)\s+(?=\w+\s+me\b)",
    re.IGNORECASE,
)
_MK39_USE_TO = re.compile(
    r"\b(can|could|may)\s+(i|we)\s+use\s+(?:my\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?\s+to\s+(?=[a-z]+)",
    re.IGNORECASE,
)
_MK39_ANY_WAY = re.compile(
    r"\b(?:is\s+there\s+any\s+way|would\s+it\s+be\s+possible)\s+(?:for\s+(?:me|us)\s+)?to\s+"
    r"(?:just\s+)?(?:get|have|change|switch|move|swap|add|upgrade|book)\b",
    re.IGNORECASE,
)
# ... what is asked to be got is a thing or a service, not a fact to be told ("Can I get the
# reference number?" asks a fact: the r5 section)
_MK39_INFO_OBJECT = re.compile(
    r"\b(?:number|reference|details?|info(?:rmation)?|address|name|code|link|receipt|copy|email"
    r"|estimate|quote|idea|list|update|status|time|date|price|total|answer)s?\b",
    re.IGNORECASE,
)
# A new act the agent did not ask about, after the answer, opened by "also", "and", "plus" or
# "oh, and": an instruction ("also lower my limit to $500"), a fault of the user's own thing
# told ("Also the address is wrong", "Also I have an older order … that never came"), an item of
# a kind looked for ("Do you also have …?", "what monitor should I get"): session 14's "Also,
# <new task>", a `request`.
_MK39_AND_NEW = re.compile(
    r"^(?:oh[,.!]*\s+)?(?:(?:and|also|plus)[,]?\s+)+(?:(?:oh|one\s+more\s+thing)[,.!]*\s+)?",
    re.IGNORECASE,
)
_MK39_ACT_VERB = re.compile(
    r"(?:please\s+)?(?:lower|raise|upgrade|call|text|swap|exchange|increase|change|update|cancel|send|add|remove|put|ship|make"
    r"|switch|move|lock|block|unlock|freeze|refund|fix|waive|credit|reverse|replace|order|book)\b",
    re.IGNORECASE,
)
_MK39_FAULT_TOLD = re.compile(
    r"\b(?:is|are|was|were)\s+(?:wrong|incorrect|missing|broken|damaged)\b|\bnever\s+(?:came|arrived"
    r"|showed\s+up|got\s+here)\b",
    re.IGNORECASE,
)
_MK39_RECOMMEND_ITEM = re.compile(
    r"^what\s+(?:\w+\s+){1,2}should\s+i\s+(?:get|buy|order)\b", re.IGNORECASE
)
_MK39_ASK_CLAUSE = re.compile(
    r"(?:^|[,;:\u2014\u2013]\s*|\s-\s)((?:can|could|would|may)\s[^,;:\u2014\u2013]*)$",
    re.IGNORECASE,
)
_MK39_ON_THE_PICK = re.compile(r"\s+(?:it|that|that\s+one|this\s+one|them)\W*$", re.IGNORECASE)
_MK39_GET_IT_DONE = re.compile(r"\s+(?:it|that|this|them|those)\s+[a-z]+ed\b", re.IGNORECASE)
_MK39_SUPPOSED = re.compile(r"\b(?:if|when|once|after|in\s+case)\b", re.IGNORECASE)
# After the agent's yes-or-no question on what it will do ("Cancel the whole order?",
# "Proceed?"), a correction opened with "actually" ("wait, actually just the monitor", "Yes.
# Actually wait, can I change the date instead?") answers it, in a request's words or not
# (session 5's recap: "a correction opened with 'Actually' … an `answer`, unless it asks a
# question"), an `answer`.
_MK39_ACTUALLY = re.compile(
    r"^\W*(?:(?:yes|yeah|no|oh|hmm|wait|hold\s+on|sorry)[,.!]*\s+)*actually\b", re.IGNORECASE
)
_MK39_CONFIRM_ASKED = re.compile(
    r"^\W*(?:(?:shall|should)\s+i|is\s+that\s+(?:correct|right)|proceed|go\s+ahead|confirm|cancel"
    r"|book|place|submit|remove|process|refund)\b[^?]{0,80}\?$",
    re.IGNORECASE,
)
_MK39_WH_START = re.compile(
    r"^\W*(?:what|which|when|where|who|whom|whose|how|why)\b", re.IGNORECASE
)
# After the answer, a remedy the agent did not offer demanded ("But I don't want a voucher, I
# want cash."): session 34's "No, I just want my money back", a `request`.
_MK39_DEMAND = re.compile(
    r"\bi\s+(?:just\s+|only\s+)?(?:want|need|expect|demand)\s+(?:my\s+money\s+back|cash|a\s+refund"
    r"|(?:a\s+|my\s+)?(?:money|refund)\s+(?:back|instead))\b",
    re.IGNORECASE,
)
# A fault of the user's own thing and, after a comma, what now or whether something is wrong
# ("my data has been slow for days, is something wrong with the network?"): the problem told,
# help asked (session 21), in one sentence as _MK38_WHAT_TO_DO reads it in two.
_MK39_COMMA_WHAT = re.compile(r",\s*(?=\S)")
# An urging after the values asked for ("5520931, 02 Nov 1991. hurry pls"): it asks no act of its
# own, so the rest of the turn decides (the answer the agent asked for).
_MK39_URGE = re.compile(
    r"(?:(?:please|pls|plz)\s+)?(?:hurry(?:\s+up)?|quick(?:ly)?|asap|fast)(?:\s+(?:please|pls|plz))?"
    r"\s*[.!]*",
    re.IGNORECASE,
)
_MK39_A_THING = re.compile(r"\s+(?:a|an)\s+\w+", re.IGNORECASE)
_MK39_INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)
_MK39_FACT_ASKED = re.compile(
    r"^(?:how|what|when|where|which|who|is|are|does|do|will|did)\b", re.IGNORECASE
)
_MK39_CAN_I = re.compile(r"(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?([a-z]+)\b", re.IGNORECASE)
# A go-ahead opener, then the transfer asked ("Alright. Please transfer me.", "ok, transfer me",
# "Connect me to a person then."), after a message that names the human or specialist team:
# the handoff the conversation put forward, taken up (the r4 section's "Go ahead, connect me"),
# an `answer`. With no team named before, asking for a person is a request of its own.
_MK39_TRANSFER_ME = re.compile(
    r"^(?:(?:[\w' ]{0,40}\bbut\s+)?(?:ok(?:ay)?|alright|all\s+right|fine|yes|yeah|sure|then)[,.!]*\s+)*"
    r"(?:yes\s+|just\s+|please\s+)*(?:transfer|connect|put)\s+me\b(?:\s+(?:to|with|through)\s+(?:a|an|the)"
    r"\s+(?:person|human|agent|specialist|team|someone)s?)?(?:\s+(?:then|please|now))?"
    r"(?=\s*[.!]*$|\s*,\s*and\b)",
    re.IGNORECASE,
)
_MK39_TEAM_NAMED = re.compile(
    r"\b(?:human|specialist|person|representative|supervisor|live)\s*(?:agents?|team|staff)?\b"
    r"|\b(?:specialist|human|support|warranty|billing)\s+team\b",
    re.IGNORECASE,
)
# A go-ahead, then "go with X" or "do both": the option on the table picked (session 16's
# pick), an `answer`.
_MK39_GO_WITH = re.compile(
    r"(?:(?:ok(?:ay)?|fine|alright|great|sure|yes|yeah|then)[,.!]*\s+)*(?:let['’]?s\s+|i['’]ll\s+)?"
    r"(?:go\s+with\s+(?:the\s+)?[\w-]+(?:\s+one)?|do\s+both(?:\s+of\s+them)?|both(?:\s+of\s+them)?\s+please)"
    r"(?:\s+(?:then|please))?\s*[.!]*",
    re.IGNORECASE,
)
# A fact asked without its question mark, the last sentence ("So what happens if nobody
# signs", "How much is it and who do I pay"): a `question`, as with its mark.
_MK39_BARE_WH = re.compile(
    r"^(?:so\s+|and\s+|but\s+|ok(?:ay)?[,]?\s+)?(?:what\s+happens|how\s+(?:much|long|many)|who\s+do"
    r"|when\s+(?:will|does|do|is)|where\s+(?:is|do|does|can))\b[^?]*$",
    re.IGNORECASE,
)
# The user's own purpose for the thing asked about ("I need the covers for a party on the
# 20th", "I'll need it for the new lens anyway"): why the user asks, not an act (as
# _MK38_OWN_PURPOSE reads "I need that money for rent").
_MK39_NEED_FOR = re.compile(
    r"^(?:i|we)(?:['’]ll|\s+will|\s+really)?\s+need\s+(?:it|them|the\s+[\w\s-]{1,30}?|those\s+[\w\s-]{1,30}?)"
    r"\s+(?:for|by|before)\b",
    re.IGNORECASE,
)
# Thanks after declining, with "though" or "anyway" ("Thanks for checking though!"): a closing,
# whatever the user says before it of their own plan (the r4 section's thanks that decline
# more help), a `greeting`.
_MK39_THANKS_THOUGH = re.compile(
    r"(?:thanks|thank\s+you)(?:\s+(?:for\s+(?:checking|looking|trying|your\s+help|the\s+help)))?"
    r"\s+(?:though|anyway|all\s+the\s+same)\s*[.!]*",
    re.IGNORECASE,
)
_MK39_DECLINE_OPEN = re.compile(r"^\W*(?:\w+[,.!]*\s+)?(?:no|nah|nope)\b", re.IGNORECASE)


def _mk39_normalised(sentence: str) -> str:
    """``sentence`` with the softening adverb and the other doer of an asked act taken out."""
    s = _MK39_SOFTENER.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)], sentence)
    s = _MK39_OTHER_DOER.sub(r"\1 you ", s)
    return _MK39_USE_TO.sub(r"\1 \2 ", s)


def _mk39_new_act(
    sentence: str, previous: str, first: bool, lone: bool, confirming: bool = False
) -> bool:
    """True when ``sentence`` asks the agent for an act its message did not put forward: after
    an answer, opened by "also" or "and"; or in a question's words that the base rules miss for
    a softening adverb or another doer, or beside a fact asked (``lone`` False)."""
    s = _mk39_normalised(sentence)
    opener = _MK39_AND_NEW.match(s)
    rest = s[opener.end() :] if opener is not None else s
    # ... a lone "Is there any way to get a credit instead?" may ask what the policy allows,
    # and "Can I use my certificate for it?" whether it may pay: beside another sentence, or
    # paying "instead" of what the agent set up, each asks the change itself
    if _MK39_ANY_WAY.search(rest) and not (first and lone):
        return True
    if (
        _PAY_WITH_MINE.search(rest)
        and rest.endswith("?")
        and _MK39_INSTEAD.search(rest)
        # "Can I use my name and zip instead?" offers another identifier (_GIVE_INSTEAD)
        and not _GIVE_INSTEAD.search(rest)
    ):
        return True
    if not first and _MK39_RECOMMEND_ITEM.match(rest):
        return True
    if opener is not None and not first:
        if _MK39_FAULT_TOLD.search(rest):
            return True
        act = _MK39_ACT_VERB.match(rest)
        # after the agent's recap asked to be confirmed, an instruction beside the yes details
        # the act confirmed ("Yes, both of them. And refund to PayPal."): session 5's recap
        if (
            not confirming
            and act is not None
            # "the 9:15 one. and book it": the act on the thing just picked, the pick's own
            # act (mk40's pick then act), not a new one
            and not _MK39_ON_THE_PICK.match(rest, act.end())
            and re.search(rf"\b{re.escape(act.group(0).split()[-1])}", previous, re.IGNORECASE)
            is None
        ):
            return True
    if not rest.endswith("?") or (s == sentence and lone):
        return False
    # the clause that asks, after what opens the sentence ("While I have you, can I …?")
    clause = _MK39_ASK_CLAUSE.search(rest)
    if clause is not None and _MK39_SUPPOSED.search(rest, 0, clause.start(1)):
        return False  # "when I'm better, can I book it again?": supposed, what the policy allows
    rest = clause.group(1) if clause is not None else rest
    ask = _MK37_CAN_YOU.match(rest) or _MK39_CAN_I.match(rest)
    if ask is None or ask.group(1).lower() in _MK37_TELL_VERBS | {"ask", "see", "know", "check"}:
        return False
    verb = ask.group(1).lower()
    if verb in ("get", "have") and _MK39_INFO_OBJECT.search(rest, ask.end()):
        return False
    if verb in ("get", "have") and _MK39_GET_IT_DONE.match(rest, ask.end()):
        return True  # "Can I get it refunded?": the act done to the user's own thing
    # ... or a thing or a service got ("can I at least get an exit row?"), no fact told
    thing = verb in ("get", "have") and _MK39_A_THING.match(rest, ask.end()) is not None
    if not thing and not _MK39_ACT_VERB.fullmatch(verb):
        return False  # only an act on the user's things ("could you also hint …" asks a telling)
    return (
        _rule(rest, "none")[0] == "request"
        and re.search(rf"\b{re.escape(ask.group(1))}", previous, re.IGNORECASE) is None
    )


def _mk39_turn(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """mk39's readings of a customer's turn (made-up support runs, session 34), or ``None``."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    said = _mk37_said(t)
    if not said:
        return None
    if _MK39_TRANSFER_ME.match(t) and _MK39_TEAM_NAMED.search(previous):
        return "answer", "mk39_transfer_taken"
    if context == "solicit" and len(said) > 1 and _MK39_URGE.fullmatch(said[-1]):
        rest = _rule_after(" ".join(said[:-1]), previous, context)
        if rest[0] == "answer":
            return "answer", "mk39_urged"
    asked_last = _sentences(" ".join(previous.split()))[-1:] if previous.strip() else ()
    if (
        asked_last
        and _MK39_CONFIRM_ASKED.match(asked_last[0])
        and any(_MK39_ACTUALLY.match(x) for x in said[:2])
        and not any(_MK39_WH_START.match(x) and x.endswith("?") for x in said)
    ):
        return "answer", "mk39_actually_correction"
    if context in ("solicit", "confirm") and any(_MK39_DEMAND.search(x) for x in said[1:]):
        return "request", "mk39_demand_after_answer"
    if context in ("opening", "open", "none"):
        for comma in _MK39_COMMA_WHAT.finditer(said[-1]):
            if _MK38_WHAT_TO_DO.match(said[-1][comma.end() :]) and _MK38_FAULT.search(
                " ".join([*said[:-1], said[-1][: comma.start()]])
            ):
                return "request", "mk39_fault_then_what"
    if (
        context != "confirm"
        and "?" not in t
        and _MK39_GO_WITH.fullmatch(said[-1])
        and all(_rule(x, "none")[0] not in ("request", "question") for x in said[:-1])
    ):
        return "answer", "mk39_go_with"
    if (
        len(said) > 1
        and "?" not in t
        and _MK39_DECLINE_OPEN.match(said[0])
        and _MK39_THANKS_THOUGH.fullmatch(said[-1])
    ):
        return "greeting", "mk39_thanks_though"
    lone = len(said) == 1 or not any(
        x.endswith("?") and _rule(x, "none")[0] == "question" for x in said
    )
    # after the agent's question the first sentence answers it, in a request's words or not
    # ("Can you book it? Friday at 3?"); an act asked after it is the user's own
    asked = context in ("solicit", "confirm")
    if any(
        _mk39_new_act(x, previous, i == 0, lone, context == "confirm")
        for i, x in enumerate(said)
        if not (asked and i == 0)
    ):
        return "request", "mk39_new_act"
    if (
        len(said) > 1
        and any(x.endswith("?") and _rule(x, "none")[0] == "question" for x in said[:-1])
        and all(_MK39_FACT_ASKED.match(x) for x in said[:-1] if x.endswith("?"))
        and _MK39_NEED_FOR.match(said[-1])
        and "?" not in said[-1]
    ):
        return "question", "mk39_need_for"
    if (
        len(said) > 1
        and _MK39_BARE_WH.match(said[-1])
        and _rule(said[-1] + "?", "none")[0] == "question"
    ):
        return "question", "mk39_bare_wh"
    return None


# mk38 (made-up, session 34): "And X?" is the same task on another object (a follow-on
# request) only when X is a bare object. A clause after a comma that asks of its own ("and the
# old card, was it charged?", "And rent is due Friday, will it go through?") asks a fact: the
# GUIDELINE's `question`. An "and X?" right after the user's own question in the same turn
# ("Is it on my bill? and the same discount?") carries that question over to X, not a task.
_MK38_ASKS_OF_ITS_OWN = re.compile(
    r",\s*(?:(?:is|are|was|were|will|would|did|does|do|has|have|can|could|should)\s+"
    r"(?:it|that|this|they|he|she|i|we|there|my|our|her|his|their|the)\b|(?:what|when|where|why|how|who|which)\b"
    # mk39 (session 35): a question in a statement's order, asked by its mark ("And my seat,
    # it is window?")
    r"|(?:it|that|this|they)\s+(?:is|are|was|were)\b)",
    re.IGNORECASE,
)


def _mk38_not_follow_on(said: Sequence[str]) -> bool:
    """True when the turn's last sentence "And X?" asks a fact rather than the task again on
    X: its object holds a question clause of its own, or the user's own question in the same
    turn comes right before it (mk38, session 34)."""
    if not said:
        return False
    m = _FOLLOW_ON.match(said[-1])
    obj = (m.group(1) or m.group(2)) if m is not None else ""
    if obj and _MK38_ASKS_OF_ITS_OWN.search(obj):
        return True
    return len(said) > 1 and _rule(said[-2], "none")[0] == "question"


# mk40 (made-up, session 34): a customer's turn read by the GUIDELINE's general lines, in the
# shapes mk40's misses showed (airline, retail, telecom and bank customers typing fast).
#
# A "?" typed after a hedge on a statement ("its under my wifes name maybe?", "I moved the card
# over I think correctly?") marks the user's own doubt, not a question: the sentence states a
# value or a fact of the user's own case (the top section's `answer` or problem report). The
# turn is read with that mark made a full stop. A sentence that asks by its own form ("Is it
# the blue one maybe?") keeps its mark.
_MK40_TENTATIVE_MARK = re.compile(
    r"\b(?:maybe|perhaps|probably|i\s+think(?:\s+so)?|i\s+guess|i\s+believe)(?:\s+[a-z]+ly)?\s*\?+",
    re.IGNORECASE,
)
# The sentence the tentative mark ends opens with a question's own form: it asks.
_MK40_ASKS_BY_FORM = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|and|but|or|hmm|well)[,\s]+)*(?:(?:what|when|where|which|who|whom|whose|why|how)\b"
    r"|(?:is|are|was|were|am|do|does|did|can|could|will|would|should|shall|may|might|has|have|had)"
    r"(?:n['’]?t)?\s+(?:i|we|you|it|he|she|they|this|that|there|these|those|the|my|your|our)\b)",
    re.IGNORECASE,
)


def _mk40_untentative(text: str) -> str | None:
    """``text`` with the "?" of a hedged statement made a full stop, or ``None`` when it holds
    none (see :data:`_MK40_TENTATIVE_MARK`)."""
    if "?" not in text:
        return None
    out, last, changed = [], 0, False
    for m in _MK40_TENTATIVE_MARK.finditer(text):
        start = max(text.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if _MK40_ASKS_BY_FORM.match(text[start : m.start()]):
            continue
        out.append(text[last : m.end()].rstrip("?") + ".")
        last, changed = m.end(), True
    return "".join(out) + text[last:] if changed else None


# A last sentence typed in a question's form without its "?" ("or can i just refuse the
# package", "ok and if it doesnt clear can i pay for it instead", "yes open one. and how do I
# know if it's on"): the user asks all the same, and the GUIDELINE labels a turn by what it asks
# (the top section; "a turn that answers and then asks is labelled by what it asks for"). The
# turn is read with the mark put back. An inversion with the user or the agent as subject, or a
# wh-word before an auxiliary, is the form.
_MK40_UNMARKED_ASK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|or|but|so|then|also|yes|yeah|hmm|well)[,\s]+)*"
    r"(?:if\s+[^,?]{3,60}?[,\s]\s*)?"
    r"(?:(?:can|could|may|should|do|must)\s+(?:i|we)\s+(?:just\s+|still\s+|also\s+)?[a-z]{2,}"
    # (not "why": "why would you ship it separately" is the r4 section's rhetorical pushback)
    r"|(?:what|when|where|which|how)\s+(?:do|does|did|can|could|should|would|will|is|are)"
    r"\s+(?:i|we|you|it|they)\b)",
    re.IGNORECASE,
)


def _mk40_unmarked(text: str) -> str | None:
    """``text`` with a "?" after its last sentence when that sentence asks by its form and
    the turn holds no "?" (see :data:`_MK40_UNMARKED_ASK`), else ``None``."""
    t = " ".join(text.split())
    if not t or "?" in t or "？" in t or _CJK.search(t):
        return None
    said = _mk37_said(t)
    if not said or not _MK40_UNMARKED_ASK.match(said[-1]):
        return None
    return t.rstrip(" .!") + "?"


# A hand-off to a person the agent's message names ("An agent can check and add her",
# "I can connect you with a representative"), taken up with a bare "transfer me" or "connect
# me": the GUIDELINE's r4 section labels accepting what the agent offered an `answer` ("Go
# ahead, connect me"), request verb or not, after a go-ahead word. With no person named, or
# with no go-ahead ("Connect me to a representative." after "Let me connect you …": round 32's
# caller), it asks the act.
_MK40_HANDOFF_NAMED = re.compile(
    r"\b(?:agents?|representatives?|reps?|specialists?|colleagues?|supervisors?|(?:a|the)\s+person"
    r"|(?:a|the)\s+human|(?:the|our|a)\s+[\w-]+\s+team)\b[^.?!]{0,40}\b(?:can|could|will|would)\b"
    r"|\b(?:transfer|connect)\s+you\b",
    re.IGNORECASE,
)
_MK40_TRANSFER_ME = re.compile(
    r"\W*(?:(?:ok(?:ay)?|fine|sure|yes|yeah|yep|alright|all\s+right|then|go\s+ahead)[,.!\s]+)+(?:please\s+|just\s+)*"
    r"(?:transfer|connect|put)\s+me(?:\s+(?:through|over|to\s+(?:them|him|her|one|someone|an?\s+\w+)))?"
    r"(?:\s+(?:please|then|now))*[.!]*",
    re.IGNORECASE,
)
# A pick hedged with "then … I guess" ("Then the refund I guess", "ok then the grey one i
# guess"): the user settles for an option of the conversation, session 16's pick (as
# :data:`_CHOICE_THEN`'s "green then"), an `answer`; a reason after a comma stays part of it.
_MK40_THEN_GUESS = re.compile(
    r"\W*(?:(?:ok(?:ay)?|fine|alright|hmm|oh)[,.!\s]+)*(?:then\s+(?:the\s+)?[\w$-]+(?:\s+[\w$-]+){0,2}"
    r"|(?:the\s+)?[\w$-]+(?:\s+[\w$-]+){0,2}\s+then)[,\s]+i\s+guess\b",
    re.IGNORECASE,
)
# An option named by its number or letter ("I try number 1 please", "let's go with option B"):
# a number points at a list the agent gave, so the pick answers it (session 16).
_MK40_NUMBERED_PICK = re.compile(
    r"\W*(?:(?:ok(?:ay)?|fine|alright|yes|yeah|then)[,.!\s]+)*(?:i['’]?ll\s+|i\s+will\s+|i\s+|we['’]?ll\s+"
    r"|let['’]?s\s+)?(?:try|take|go\s+(?:with|for)|do|pick|choose)\s+(?:the\s+)?(?:number|option|choice|#)"
    r"\s*(?:\d|[a-c]\b|one\b|two\b|three\b)",
    re.IGNORECASE,
)
# "let's do premium" with a word of the agent's message: its option named without "the"
# (extends mk37's let's-pick, which needs "the").
_MK40_LETS_BARE = re.compile(
    r"\blet['’]?s\s+(?:do|go\s+with|take|get|pick)\s+(?!it\b|that\b|this\b|them\b)([a-z]{4,})\b",
    re.IGNORECASE,
)
# What the agent will do about the user's case, asked ("so what are you going to do about it"):
# a remedy asked for (session 21: a problem of the user's own told, then an act asked), a
# `request`.
_MK40_DO_ABOUT = re.compile(
    r"\bwhat\s+(?:are\s+you\s+(?:going\s+to|gonna)|will\s+you|can\s+you|do\s+you\s+(?:plan|intend)\s+to"
    r"|is\s+(?:the\s+\w+|your\s+\w+|[\w-]+)\s+(?:going\s+to|gonna))\s+do\s+about\s+(?:it|this|that|them)\b",
    re.IGNORECASE,
)
# The refund or charge put on another of the user's own payment methods, asked ("can it go on
# my amex instead of the gift card?"): a change to the order asked in a question's words, a
# `request`, as :data:`_PAY_WITH_MINE` reads "Can I use my gift card instead?".
_MK40_GO_ON_MINE = re.compile(
    r"\b(?:can|could)\s+(?:it|that|this|the\s+(?:refund|money|charge|payment|credit|difference))\s+"
    r"(?:go|be\s+(?:put|charged|sent|refunded|credited|paid))\s+(?:back\s+)?(?:on|to|onto|into)\s+"
    r"(?:my|our)\b[^?]*\b(?:instead|rather)\b",
    re.IGNORECASE,
)
# A want of an act tagged with whether it can be done ("I'd love to switch to an earlier flight,
# is that doable?"): the act asked, politely, a `request`, as mk38's "… if that's ok" is; a
# wish to be told ("I'd like to know …") asks a fact.
_MK40_WANT_DOABLE = re.compile(
    r"\b(?:i['’]d|i\s+would|we['’]d|we\s+would)\s+(?:really\s+)?(?:love|like)\s+to\s+"
    r"(?!(?:know|ask|check|see|find|understand|confirm|learn|hear)\b)\w+[^?]{0,80}?[,.;]?\s*"
    r"(?:is\s+(?:that|it|this)\s+(?:doable|possible|an\s+option|ok(?:ay)?)|can\s+(?:that|it|this)\s+be\s+done"
    r"|would\s+(?:that|it|this)\s+(?:work|be\s+possible)|can\s+you\s+do\s+(?:that|it|this))\s*\?",
    re.IGNORECASE,
)
# An opener that checks on a case of the user's own ("Hi, checking on a dispute I filed",
# "following up on my refund"): the status asked (session 21), a `question`.
_MK40_CHECKING_ON = re.compile(
    r"\W*(?:(?:hi|hello|hey)(?:\s+there)?[,.!\s]+)*(?:i['’]?m\s+|i\s+am\s+|just\s+)*"
    r"(?:checking\s+(?:in\s+)?on|following\s+up\s+on)\s+(?:a|an|my|the|our)\b",
    re.IGNORECASE,
)

# A step the agent gave, in its imperative after a colon or a comma ("To check it: open the
# Phone app, tap …", "On the phone, go to Settings and scan it"), and its doing reported with
# the subject dropped and the step's object as "it" ("ok found it, it was off.", "scanned it
# and it says activating..."): session 29's step's outcome told, an `answer`, as "I found it"
# is (:data:`_REPORTS_STEP`). A failure told ("tried it but still nothing") is left to
# session 28's ruling.
_MK40_STEP_AFTER_MARK = re.compile(
    r"[:,]\s+(?:then\s+)?(?:go\s+to|open|tap|scan|select|press|turn|toggle|restart|enter|choose"
    r"|look\s+for|click|swipe|hold)\b",
    re.IGNORECASE,
)
_MK40_DROPPED_I_REPORT = re.compile(
    r"\W*(?:(?:ok(?:ay)?|alright|yes|yeah|so|done)[,.!\s]+)*(?:just\s+|already\s+)?"
    # (not "got it": an acknowledgement, mk37's "got it, thanks")
    r"(?:[a-z]{3,}ed|found|did|ran|put|set|made|took|tried)\s+(?:it|that|them)\b",
    re.IGNORECASE,
)

# A go-ahead opener and a bare act on "it" after the agent said what it can do ("I can proceed
# with the return …, or you can keep it." → "ok fine, process it"): "it" is the act the agent
# put forward, taken up (round 8's choice in a request's words; the r4 section's accepting
# what was offered), an `answer`. "do it <when> then" picks when, as "green then" picks
# (:data:`_CHOICE_THEN`).
_MK40_GO_IT = re.compile(
    _MK38_GO_OPENER
    + r"(?:please\s+|just\s+)?[a-z]{2,}\s+(?:it|that)(?:\s+(?:then|please|now))*\s*[.!]*",
    re.IGNORECASE,
)
_MK40_AGENT_CAN = re.compile(r"\b(?:i|we)\s+can\s+(?:also\s+|still\s+)?[a-z]+", re.IGNORECASE)
_MK40_DO_IT_WHEN_THEN = re.compile(
    r"(?:" + _MK38_GO_OPENER + r")?(?:just\s+)?do\s+it\s+[^.?!]{1,30}?\s+then\s*[.!]*",
    re.IGNORECASE,
)
# The alternative the agent's last question gave after "or" ("Would you like to do that, or
# wait and see?"), typed back as the turn's first word ("wait. ill check in the morning"):
# the option picked (session 16), an `answer`.
_MK40_OR_OPTION = re.compile(r"\bor\s+(?:to\s+|just\s+)?([a-z]{3,})\b", re.IGNORECASE)
# "What about <another date>?" after the agent listed options with their times or prices (two
# flights, slots): the same search on another date (session 18's other flights; session 29's
# another search), a `request`. After a single fact ("What about tomorrow?" after the weather)
# it stays the same fact asked.
_MK40_ABOUT_DATE = re.compile(
    r"\W*(?:(?:hmm+|hm|um+|uh|oh|well|ok(?:ay)?|and|so)[,.\s]+)*(?:what|how)\s+about\s+(?:on\s+)?(?:the\s+)?"
    r"(?:\d{1,2}(?:st|nd|rd|th)\b|tomorrow|next\s+\w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d)",
    re.IGNORECASE,
)
_MK40_LISTED_VALUE = re.compile(r"\$\s?\d[\d,.]*|\b\d{1,2}:\d{2}\s*(?:[ap]\.?m\b)?", re.IGNORECASE)
# A need of the user's own told with a bare noun ("I need hotspot for a work trip", "I need
# more data") and then what can be added or got: session 32's want, then what fits, a `request`
# (extends :data:`_WANTS_ITEM`, which needs "a" or "some").
_MK40_NEED_BARE = re.compile(
    r"\bi\s+(?:really\s+|also\s+|just\s+)?need\s+(?:more\s+)?"
    r"(?!(?:to|help|you|it|the|my|your|a|an|some|this|that|them)\b)[a-z]{3,}",
    re.IGNORECASE,
)
_MK40_WHAT_CAN_I_ADD = re.compile(
    r"\bwhat\s+(?:can|could|should)\s+i\s+(?:add|get|buy|use|switch\s+to)\b", re.IGNORECASE
)
# "where is my bag … bag never came out": where the user's own thing is, asked with its loss
# told, is a problem report asking for help (session 21), a `request`; "where is my order?"
# alone asks a status.
_MK40_WHERE_MINE = re.compile(r"\bwhere\s+(?:is|are)\s+(?:my|our)\b", re.IGNORECASE)
_MK40_NEVER_CAME = re.compile(
    r"\bnever\s+(?:came|arrived|showed\s+up|turned\s+up|got\s+here|made\s+it)\b"
    r"|\b(?:is|was|went|got)\s+missing\b",
    re.IGNORECASE,
)


def _mk40_turn(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """mk40's readings of a customer's turn (made-up support runs, session 34), or ``None``."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    said = _mk37_said(t)
    if not said:
        return None
    if (
        context in ("none", "failed")
        and _MK40_TRANSFER_ME.fullmatch(t)
        and _MK40_HANDOFF_NAMED.search(previous)
    ):
        return "answer", "mk40_handoff_taken"
    if context in ("none", "solicit") and "?" not in t:
        if _MK40_THEN_GUESS.match(said[0]) or _MK40_NUMBERED_PICK.match(said[0]):
            rest = said[1:]
            if all(
                x.lower().startswith("if ") or _rule(x, "none")[0] not in ("request", "question")
                for x in rest
            ):
                return "answer", "mk40_pick"
        lets = _MK40_LETS_BARE.search(t)
        if lets is not None and re.search(
            rf"\b{re.escape(lets.group(1))}", previous, re.IGNORECASE
        ):
            return "answer", "mk40_lets_pick"
    if context in ("none", "failed", "open") and _MK40_DO_ABOUT.search(t):
        return "request", "mk40_do_about"
    if _MK40_GO_ON_MINE.search(t):
        return "request", "mk40_go_on_mine"
    if context in ("opening", "open", "none") and _MK40_WANT_DOABLE.search(t):
        return "request", "mk40_want_doable"
    if context == "opening" and "?" not in t and _MK40_CHECKING_ON.match(said[0]):
        return "question", "mk40_checking_on"
    if (
        context in ("none", "solicit")
        and "?" not in t
        and _MK40_DROPPED_I_REPORT.match(said[0])
        and not _STEP_FAILED.search(t)
    ):
        tail = " ".join(_sentences(" ".join(previous.split()))[-4:])
        if _STEP_GIVEN.search(tail) or _MK40_STEP_AFTER_MARK.search(tail):
            return "answer", "mk40_step_reported"
    if context == "none" and "?" not in t:
        if _MK40_GO_IT.fullmatch(t) and _MK40_AGENT_CAN.search(previous):
            return "answer", "mk40_go_it"
        if _MK40_DO_IT_WHEN_THEN.fullmatch(t):
            return "answer", "mk40_do_it_then"
    if context == "solicit" and len(said[0].split()) <= 2 and "?" not in said[0]:
        asks = [x for x in _sentences(" ".join(previous.split())[-_AGENT_TAIL:]) if "?" in x]
        first = re.sub(r"\W+$", "", said[0]).lower()
        if asks and first in {m.group(1).lower() for m in _MK40_OR_OPTION.finditer(asks[-1])}:
            return "answer", "mk40_or_option"
    if (
        context in ("none", "failed")
        and _MK40_ABOUT_DATE.match(said[-1])
        and len(_MK40_LISTED_VALUE.findall(previous)) >= 2
    ):
        return "request", "mk40_other_date"
    if (
        context in ("opening", "open", "none")
        and any(_MK40_NEED_BARE.search(x) for x in said[:-1])
        and _MK40_WHAT_CAN_I_ADD.search(said[-1])
    ):
        return "request", "mk40_need_then_what"
    if context in ("opening", "open") and _MK40_WHERE_MINE.search(t) and _MK40_NEVER_CAME.search(t):
        return "request", "mk40_where_lost"
    if (
        context == "solicit"
        and len(said) > 1
        and "?" not in t
        and _mk40_pick_then_act(said, previous)
    ):
        return "request", "mk40_pick_then_act"
    if context == "solicit":
        value = _MK40_DO_VALUE.match(t)
        if value is not None and value.group(1).replace(",", "") in previous.replace(",", ""):
            return "answer", "mk40_value_proposed"
        if len(said) > 2 and "?" not in said[-1]:
            kept = [x for x in said[1:-1] if not _MK40_SO_RESTATED.match(x)]
            if len(kept) < len(said) - 2:
                again = _rule_after_marked(" ".join([said[0], *kept, said[-1]]), previous, context)
                return again[0], "mk40_restated_" + again[1]
    return None


# After the agent's offer with a value ("I can transfer up to $5,000 now, or connect you"), the
# act proposed with that value ("do 5000 now and the other 1000 after?"): another value for the
# act offered (session 5's declining with another value; round 7's act's words giving the
# value), an `answer`, with its "?" or without.
_MK40_DO_VALUE = re.compile(
    r"\W*(?:(?:ok(?:ay)?|then|just|fine)[,.!\s]+)*(?:do|make\s+it|go\s+with|send|transfer|move)\s+\$?(\d[\d,]*)\b",
    re.IGNORECASE,
)
# "so the day pass is 45 and the monthly is 35?" between the answer and the pick: the agent's
# figures said back to check them (round 35's "Right?" restatements), no question of its own
# when the turn goes on to decide; the turn is read without it.
_MK40_SO_RESTATED = re.compile(
    r"\W*so\s+(?:the\s+|my\s+|that\s+)?[\w\s-]{1,30}?\s+(?:is|are|would\s+be|comes\s+to|costs?)\s+[^?]{1,60}\?+$",
    re.IGNORECASE,
)


# After the agent's question for a choice, the option picked ("SL 631 since its free.") and then,
# in a sentence of its own opened by "and", "also" or "plus", an act with an object the agent's
# last sentences did not name ("and add 1 bag"): a turn that answers and then asks is labelled
# by what it asks (the top section; session 14's "Also, <new task>"), a `request`. An act on
# what was named ("and book it") is the task under way.
_MK40_AND_ACT = re.compile(r"^\W*(?:and|also|plus)\b[,\s]*", re.IGNORECASE)


def _mk40_pick_then_act(said: Sequence[str], previous: str) -> bool:
    """True for a pick of a named option, then a new act (see :data:`_MK40_AND_ACT`)."""
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    picked = {w.lower() for w in _WORD.findall(said[0]) if len(w) > 1}
    if not picked & {w.lower() for w in _WORD.findall(tail)}:
        return False
    named = _stems(tail)
    start = _patterns()["request_start"]
    for x in said[1:]:
        lead = _MK40_AND_ACT.match(x)
        if lead is None:
            continue
        body = x[lead.end() :]
        verb = start.match(body)
        if verb is None:
            continue
        own = {w for w in _WORD.findall(body[verb.end() :].lower()) if not w.isdigit()} - _ANAPHORA
        if own and not (_stems(body) & named):
            return True
    return False


# The act the agent offers, asked back with the same verb ("Could you check the week after?"
# after "Would you like me to check for later dates?", "Can I book the 1:30 slot?" after "You
# like to book with him?", "Can we just confirm my name again?" after "… we can confirm your name
# again"): the offer taken up with its value, an `answer` (round 8's choice in a request's words;
# session 14). "Shall I book it?" asks a go-ahead, and "Yes, can you book it?" stays the rules'
# request.
_CALL35_OFFERED = re.compile(
    r"\b(?:would\s+you\s+like|(?:do\s+)?you\s+(?:like|want))(?:\s+me)?\s+to\s+(\w+)|"
    r"\bwe\s+can\s+(\w+)",
    re.IGNORECASE,
)
_CALL35_ASKED_ACT = re.compile(
    r"^\W*(?:(?:yes|yeah|ok|okay|so|then|um)\W+)?(?:can|could|would)\s+(?:you|we|i)\s+"
    r"(?:just\s+|please\s+)?(\w+)",
    re.IGNORECASE,
)
# ... an item added ("Can you add the salad too?" after "Would you like to add a drink?") asks
# for more than the offer named: left to the other rules (a request)
_CALL35_SHORT_TURN = 200  # characters: a long turn carries more than the offer taken up
# A preference the agent asked for ("Would you prefer mornings?", "or do you have a preferred
# time?"), given, then whether something fits it ("Mornings work better. Do you have anything
# early next week?"): the value asked with the search it feeds, an `answer` (session 16's want
# that answers).
_CALL35_PREFERENCE_ASKED = re.compile(
    r"\bprefer(?:red|ence)?\b|\bworks?\s+(?:best\s+)?for\s+you\b", re.IGNORECASE
)
_CALL35_PREFERENCE_TOLD = re.compile(
    r"\b(?:i\s+(?:was\s+|am\s+|['’]m\s+)?hoping\s+for|i\s+(?:would\s+|['’]d\s+)?prefer|"
    r"works?\s+(?:better|best)|(?:is|are)\s+better\s+for\s+me)\b",
    re.IGNORECASE,
)
_CALL35_ANYTHING = re.compile(
    r"^\W*(?:do\s+you\s+have|is\s+there|are\s+there)\s+any(?:thing|\s+\w+)", re.IGNORECASE
)
# Assent, then what the agent needs for the act under way ("Sure! What do you need from me?"):
# the agent's ask or offer taken up, an `answer`; asked alone ("Is there anything else you need
# to know to schedule it?") it asks to be told, a `question`.
_CALL35_ASSENT = re.compile(
    r"(?:yes|yeah|yep|sure|okay|ok|alright|all\s+right|of\s+course|great|absolutely)\b.*",
    re.IGNORECASE,
)
_CALL35_WHAT_NEEDED = re.compile(
    r"(?:so\s+)?what\s+(?:else\s+)?(?:do|would)\s+you\s+need(?:\s+from\s+me)?\s*\?",
    re.IGNORECASE,
)
_CALL35_ANYTHING_NEEDED = re.compile(
    r"^\W*is\s+there\s+anything\s+(?:else\s+)?(?:you\s+need|i\s+need\s+to\s+(?:give|tell))\b",
    re.IGNORECASE,
)
# A fact of the agent's side asked in the words of a wish to check ("I just wanted to check if
# you take …", "I'm just interested in knowing if you accept …"): asks to be told, a `question`
# (session 17's "Can you confirm if …"); "… if you can move it" asks an act and is left alone.
_CALL35_CHECK_IF_YOU = re.compile(
    r"\b(?:(?:wanted|want|calling|hoping|trying)\s+to\s+(?:check|know|ask|find\s+out|see)|"
    r"interested\s+in\s+knowing|wondering)\s+(?:if|whether)\s+you\s+"
    r"(?!can\b|could\b|would\b|will\b|['’]d\b|might\b|may\b)",
    re.IGNORECASE,
)


# Another slot asked after the agent listed times or said none are open, and asked nothing ("Is
# there anything on Thursday?", "Um, what about afternoon?"): another search, a `request`
# (round 32's other slots after a list; session 29).
_CALL35_SLOTS_TOLD = re.compile(
    r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|"
    r"\b(?:no|aren['’]t\s+any|isn['’]t\s+any|none)\b[^.?!]{0,40}?\b(?:openings?|availability|"
    r"slots?|appointments?|times?)\b",
    re.IGNORECASE,
)
_CALL35_ANOTHER_SLOT = re.compile(
    r"^\W*(?:(?:um|uh|okay|ok|so|and|then)\W+)*(?:what|how)\s+about\b|"
    r"^\W*(?:(?:um|uh|okay|ok|so|and|then)\W+)*(?:is\s+there|are\s+there|do\s+you\s+have)\s+"
    r"any(?:thing|\s+\w+)?\s+(?:on|for|in|at|later|earlier|next|this)\b",
    re.IGNORECASE,
)


# Words the line cut off: thanks cut short ("Thank") still thank, a greeting (session 5; round 20's
# "Thank."); a question word alone without its mark ("What") asks nothing that can be read, a
# fragment, `other` (the round's "a fragment cut off by the line").
_CALL35_THANK_CUT = re.compile(r"\W*thank\W*", re.IGNORECASE)
_CALL35_WH_CUT = re.compile(r"\W*(?:what|why|how|when|where|who|which)[.…]*\s*", re.IGNORECASE)
# The agent asked to check again, with the agent as doer ("You double check?", "Could you please
# double-check your system?"): an act asked, a `request` (session 24); "Just to double-check,
# will …?" and "Could you double-check and confirm if that's correct?" ask the fact and are left
# alone.
_CALL35_YOU_DOUBLE_CHECK = re.compile(
    r"\b(?:(?:can|could|would|will)\s+)?you\s+(?:please\s+)?double[-\s]?check\b"
    r"(?![^?]*\b(?:confirm|if|whether)\b)",
    re.IGNORECASE,
)
# "Yes, I'd like to know what …" after "Can I help with …?": the yes takes the offer of help, the
# wish asks to be told a fact, a `question` (an answer then an ask is labelled by what it asks).
_CALL35_YES_WISH_TO_KNOW = re.compile(
    r"\W*(?:yes|yeah|yep|sure)\W+i(?:['’]d|\s+would)\s+like\s+to\s+know\s+"
    r"(?:what|when|where|who|which|how|if|whether)\b[^?]*$",
    re.IGNORECASE,
)
# A restatement closed by "Is that right?" run on into its last sentence ("… at 220 Main Is that
# right?": the transcription lost the stop): the tag as above.
_CALL35_RUN_ON_TAG = re.compile(r"\s[A-Za-z0-9]+\s+is\s+that\s+right\s*\?\s*$", re.IGNORECASE)


# A caller's own check tagged on a pick ("Yes. I'll take the 9 AM slot, please, just to confirm
# that's next Friday."): "just to confirm" is the agent's recap wording, but here it checks the
# pick the caller just made; the turn is read without it (session 5's recap reading).
_CALL35_JUST_TO_CONFIRM = re.compile(
    r"[,;]?\s*\bjust\s+to\s+confirm\b[^.?!]*[.?!]?\s*$", re.IGNORECASE
)


def _call35_offer_taken(text: str, previous: str) -> bool:
    """Whether ``text`` asks the act the agent's last sentences offered, with its verb."""
    tail = " ".join(_sentences(" ".join(previous.split()))[-3:])
    offered = {v.lower() for m in _CALL35_OFFERED.finditer(tail) for v in m.groups() if v}
    offered -= {"help", "do", "be", "have", "know", "get", "go", "add"}
    if len(text) > _CALL35_SHORT_TURN:
        return False
    asked = {
        m.group(1).lower()
        for s in _sentences(text)
        if (m := _CALL35_ASKED_ACT.match(s)) is not None
    }
    return bool(offered & asked)


def _call35_clauses(text: str) -> list[str]:
    """The clauses of ``text`` split at sentence and comma marks, empty ones left out."""
    return [c.strip() for c in re.split(r"[.!?,;…]+", text) if c.strip()]


def _call35_reading(text: str, previous: str, context: str) -> tuple[str, str] | None:
    """The class of a caller's turn on a voice line (session 34, round 35), or ``None``: a hold
    taken up, the wait told, a check that the line is live, a restatement put to be confirmed,
    the name given then a task, whether to come in."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    clauses = _call35_clauses(t)
    if not clauses:
        return None
    if _CALL35_THANK_CUT.fullmatch(t):
        return "greeting", "call35_thank_cut"
    if "?" not in t and _CALL35_WH_CUT.fullmatch(t):
        return "other", "call35_wh_cut"
    if (
        "?" in t
        and all(_CALL35_LINE_CLAUSE.fullmatch(c) for c in clauses)
        # "Hello?" alone is labelled both ways (a greeting in cs16, `other` in round 17): only
        # a turn that asks whether the agent is there is read
        and any(_CALL35_LIVE.fullmatch(c) for c in clauses)
    ):
        return "other", "call35_line_check"
    if "?" not in t and all(_CALL35_ACK_CLAUSE.fullmatch(c) for c in clauses):
        agent = " ".join(_sentences(" ".join(previous.split()))[-2:])
        hold = [m.end() for m in _CALL35_HOLD.finditer(agent)]
        if (
            context in ("none", "failed")
            and hold
            and not _CALL35_RESULT_AFTER.search(agent[hold[-1] :])
            and not _CALL35_HANDOVER.search(agent)
        ):
            return "answer", "call35_hold_taken_up"
        if _CALL35_WAIT_TOLD.search(t) and context in ("none", "failed"):
            # after a promise to come back: thanks close the exchange (session 5), the wait
            # told alone acknowledges it (round 6's bare acknowledgement)
            if _THANKS_WORD.search(t):
                return "greeting", "call35_thanks_wait"
            return "answer", "call35_wait_told"
    sentences = _sentences(t)
    if (
        len(sentences) > 1
        and _CALL35_TAG.fullmatch(sentences[-1].strip())
        and not any("?" in s for s in sentences[:-1])
    ):
        return "question", "call35_restated_right"
    if (
        _CALL35_RUN_ON_TAG.search(t)
        and t.count("?") == 1
        and len(sentences) > 1
        and "?" not in " ".join(sentences[:-1])
    ):
        return "question", "call35_restated_run_on"
    if "?" in sentences[-1] and _CALL35_YOU_DOUBLE_CHECK.search(sentences[-1]):
        return "request", "call35_double_check"
    if context == "solicit" and _CALL35_YES_WISH_TO_KNOW.fullmatch(t):
        return "question", "call35_yes_wish_to_know"
    if _CALL35_SHOULD_I.search(t):
        return "question", "call35_should_i"
    # A greeting, then the call's topic only ("Hi, I had a quick question about what insurance
    # you accept.", "Hi, I'm calling about my mother."), when the agent has only read its
    # recording notice or asked nothing: it opens the call and asks nothing yet, a `greeting`
    # (session 17).
    if (
        "?" not in t
        and context in ("none", "opening")
        and _HELLO.match(t)
        and len(sentences) <= 2
        and len(_sentences(_HELLO.sub("", t, count=1).lstrip(" ,.!"))) == 1
        and _CALL35_TOPIC_ONLY.search(_HELLO.sub("", t, count=1))
    ):
        return "greeting", "call35_hi_topic"
    if (
        len(sentences) > 1
        and _CALL35_WHAT_NEEDED.fullmatch(sentences[-1].strip())
        and all(_CALL35_ASSENT.match(x.strip()) for x in sentences[:-1])
    ):
        return "answer", "call35_what_needed"
    if len(sentences) == 1 and _CALL35_ANYTHING_NEEDED.search(t) and "?" in t:
        return "question", "call35_anything_needed"
    if _CALL35_CHECK_IF_YOU.search(t) and not _CALL35_NAME_GIVEN.match(t):
        return "question", "call35_check_if_you"
    if (
        context in ("none", "failed")
        and "?" in sentences[-1]
        and _CALL35_ANOTHER_SLOT.search(sentences[-1])
        and _CALL35_SLOTS_TOLD.search(" ".join(_sentences(" ".join(previous.split()))[-3:]))
    ):
        return "request", "call35_another_slot"
    tagged = _CALL35_JUST_TO_CONFIRM.search(t)
    if (
        tagged is not None
        and context == "solicit"
        # a yes opens the pick: "Got it! I'll look for a hotel … Just to confirm, …" speaks as
        # the agent (heldout un-023, `other`)
        and re.match(r"\W*(?:yes|yeah|yep|sure)\b", t, re.IGNORECASE)
    ):
        picked = _rule(t[: tagged.start()], context)
        if picked[0] == "answer":
            return "answer", "call35_pick_then_check"
    if "?" in t and _call35_offer_taken(t, previous):
        return "answer", "call35_offer_taken"
    if (
        context == "solicit"
        and len(sentences) > 1
        and _CALL35_PREFERENCE_ASKED.search(_sentences(" ".join(previous.split()))[-1])
        and _CALL35_PREFERENCE_TOLD.search(sentences[0])
        and _CALL35_ANYTHING.search(sentences[-1])
    ):
        return "answer", "call35_preference_then_search"
    name = _CALL35_NAME_GIVEN.match(t)
    if name is not None and _CALL35_IDENTITY_ASKED.search(previous.strip()):
        rest = t[name.end() :].strip()
        if rest and not _CALL35_TOPIC_ONLY.search(rest):
            if _CALL35_FACT_IN_ACT.search(rest):
                return "question", "call35_name_then_fact"
            verdict = _rule(rest, "opening")
            if verdict[0] in ("request", "question"):
                return verdict[0], "call35_name_then_" + verdict[0]
    return None


def _rule_after(text: str | None, previous: str, context: str) -> tuple[str, str]:
    """:func:`_rule` of a turn after the agent's message ``previous``, and a request that
    takes up what that message offered ("Could you please check if the compost is in stock at
    the Anytown store?" after "Would you like me to check the availability of these at your
    preferred store?") is an answer: choosing the option the agent just offered, in a
    request's words (round 8's ruling, as "Can you book a table for 7 at Ask?" after "which
    would you like to book?"), or a question's ("I would like to know how I can redeem my
    points" after "Would you like to know how you can redeem your loyalty points?")."""
    if text:
        # mk40 (session 35): a "?" of the user's own doubt on a statement, or a question typed
        # without its "?", read as it is meant
        plain = _mk40_untentative(text)
        if plain is not None:
            return _rule_after(plain, previous, context)
        marked = _mk40_unmarked(text)
        if marked is not None:
            first = _rule_after_marked(text, previous, context)
            if first[0] in ("other", "answer"):
                again = _rule_after_marked(marked, previous, context)
                if again[0] in ("question", "request"):
                    return again[0], "mk40_unmarked_" + again[1]
            return first
    return _rule_after_marked(text, previous, context)


def _rule_after_marked(text: str | None, previous: str, context: str) -> tuple[str, str]:
    """:func:`_rule_after` once the turn's question marks are read as meant."""
    if context == "solicit" and _describes_item_asked(text or "", previous):
        return "request", "describes_item"
    if text:
        mk39 = _mk39_turn(text, previous, context)
        if mk39 is not None:
            return mk39  # session 35: mk39's made-up support customers
        verdict34 = _rule(text, context)
        call = _call34_reading(text, previous, context, verdict34)
        if call is not None:
            return call  # session 32: round 34's callers and support customers
        mk40 = _mk40_turn(text, previous, context)
        if mk40 is not None:
            return mk40  # session 35: mk40's made-up support customers
        mk38 = _mk38_turn(text, previous, context)
        if mk38 is not None:
            return mk38  # session 34: mk38's made-up support customers
        mk37 = _mk37_turn(text, previous, context)
        if mk37 is not None:
            return mk37  # session 34: mk37's made-up support customers
        call35 = _call35_reading(text, previous, context)
        if call35 is not None:
            return call35  # session 34: round 35's callers of a voice receptionist
        mk36 = _mk36_turn(text, previous, context)
        if mk36 is not None:
            return mk36  # session 33: mk36's made-up support customers
    if text:
        leasing = _leasing_reading(text, previous) or _leftover32_reading(text, previous)
        if leasing is not None:
            return leasing  # sessions 30 and 31: round 32's leasing prospects and residents
    if text:
        plan = _plan_told(text, context)
        if plan is not None:
            return plan  # session 31: the user's own plan, nothing asked
    if previous.strip() and text:
        bare = _bare_reply(text, previous)
        if bare is not None:
            return bare
        leftover = _leftover_reading(text, previous)
        if leftover is not None:
            return leftover  # session 30: round 29's and the made-up runs' leftovers
        planner = _planner_reading(text, previous, context)
        if planner is not None:
            return planner  # session 31: round 33's trip and gift planners
        if _another_option(text) or _NEW_SEARCH.search(text):
            return "request", "another_option"  # session 29: another search asked for
    verdict = _rule(text, context)
    if verdict == ("other", "fallback") and _picks_named(text or "", previous):
        return "answer", "picks_named"  # mk35 (session 33): "PayPal is fine, I'm not in a hurry."
    if (
        verdict[0] == "answer"
        and context == "solicit"
        and _remedy_after_issue(text or "", previous)
    ):
        return "request", "remedy_after_issue"
    if verdict[0] == "request" and text and _zh_told_asked(text):
        return "question", "told_asked"  # session 29: "能否给我列举一下…的具体步骤"
    shop = _shop_turn(text or "", previous, verdict)
    if shop is not None:
        return shop
    if (
        verdict[0] == "question"
        and context == "open"
        and _greeting_offer(previous)
        and _asks_remedy(list(_sentences(" ".join((text or "").split()))))
    ):
        # "Hi! How can I help you today?" opens the conversation for the user: a remedy of
        # the user's own order asked after it is asked as in a first message ("My order arrived
        # damaged. What are my options?", session 21), not the task under way restated
        return "request", "remedy"
    # "Add the shelves to my cart, first of all." after "What do you think of the black
    # chair?": the agent asked no value, it proposed; an imperative to act asks for one
    if (
        verdict == ("answer", "solicited")
        and _OPINION.search(previous[-_OPINION_TAIL:])
        and _is_request(_PLEASE.sub(" ", " ".join((text or "").split())))
    ):
        return "request", "acts_on_proposal"
    if verdict[0] == "question" and context == "opening" and _fix_asked_passive(text or ""):
        return "request", "fix_passive"
    if verdict[0] == "question" and context in ("none", "open") and previous:
        # "What about the Hilton in the North?" after the agent's result (known to be one:
        # without the agent's message "none" says nothing of what came before)
        said = _drop_agree_tags(list(_sentences(" ".join((text or "").split()))))
        if said and _follows_on(said[-1]) and not _mk38_not_follow_on(said):
            return "request", "follow_on"
    if verdict[0] == "question" and _act_beside_question(text or "", previous):
        return "request", "act_beside_question"
    if verdict[0] == "question" and context != "confirm" and _want_then_options(text or ""):
        return "request", "want_then_options"  # session 32: the user's want, then what fits
    if (
        verdict[0] == "question"
        and previous.strip()
        and context != "confirm"
        and not _CJK.search(text or "")
        and _EN_CHANGE_PROPOSED.search(" ".join((text or "").split()))
    ):
        return "request", "change_proposed"  # session 32: a change to the agent's proposal
    if verdict[0] == "answer" and context == "solicit" and _only_act_asked(text or ""):
        return "request", "only_act_asked"  # session 32: an act commanded, no value given
    if verdict == ("other", "offer") and text and _long_with_own_plans(text):
        # "… I'll make sure to book a table at Sukiyabashi Jiro … Could you help me find a
        # suitable flight?": the client's own plans, told in a long reply (session 31, round
        # 33), are no offer of the agent's; the rest of the turn is read
        rest = _rule(_drop_own_plans(text), context)
        if rest[0] != "other":
            return rest[0], "own_plans_" + rest[1]
    if verdict[0] == "question" and text and _plan_act_beside(text):
        return "request", "plan_act"  # session 31: round 33's travel clients
    if verdict[0] in ("question", "other") and context == "opening" and _opening_act(text or ""):
        return "request", "opening_act"  # the act asked, how it goes beside it (session 21)
    if verdict == ("other", "rhetorical") and _QUOTED_AMOUNT.search(previous[-_AGENT_TAIL:]):
        # "Wait, $84? Why is it so much more?" after "The new flight would cost $84 more.": why
        # the charge the agent just quoted is what it is, a `question` (sealed round 6's "asking
        # why a charge or balance is what it is"); "Why are you so expensive?" as an opener
        # judges the shop (the r4 section's rhetorical pushback)
        said = list(_sentences(" ".join((text or "").split())))
        if said and _WHY_CHARGE.search(said[-1]):
            return "question", "why_charge"
    if verdict == ("question", "q_told") and _negative_ask(text or ""):
        return "request", "negative_ask"  # mk35 (session 33): "Can't you make an exception?"
    if verdict[0] == "question" and context in ("none", "failed") and previous:
        # "Why not? I paid a lot for this ticket." after "Basic economy flights cannot be
        # modified.": a bare "why not?" set against the refusal, then the user's grievance, asks
        # for no fact: rhetorical pushback, `other` (the r4 section; session 5's pushback that
        # judges the policy and asks for nothing)
        said = list(_sentences(" ".join((text or "").split())))
        if (
            len(said) > 1
            and _WHY_NOT.fullmatch(said[0])
            and not any(_is_question(s) or _is_request(s) for s in said[1:])
        ):
            return "other", "why_not"
    if (
        verdict[0] in QUERY_CLASSES
        and context in ("solicit", "open")
        and _takes_up_offer(text or "", previous)
        # "Before adding them to my cart, could you check …?" puts the offered act off
        and _DEFERS.search(text or "") is None
    ):
        return "answer", "takes_offer"
    if (
        verdict[0] != "request"
        and context in ("none", "failed")
        and _QUOTED_ERROR.search(text or "") is not None
    ):
        return "request", "quoted_error"  # 'it is showing "Could not place order…"'
    if verdict == ("other", "fallback") and context == "none" and previous.strip():
        typed = " ".join((text or "").split())
        if _BARE_COMMAND.fullmatch(typed):
            return "request", "bare_act"  # "checkout": the act asked for, as a command
        if _patterns()["approve"].fullmatch(typed.rstrip(".!")):
            return "answer", "approve"  # "Good to know.": an acknowledgement, no topic typed
        if _KEYWORD.fullmatch(typed):
            # "Spousal support", "Regional differences" after the agent's answer: a topic
            # typed as to a search engine, to be told about (session 18's keyword turns)
            return "question", "keyword"
    if verdict == ("request", "open") and _first_offer(previous):
        typed = " ".join((text or "").split())
        if (
            _KEYWORD.fullmatch(typed)
            and not _BARE_COMMAND.fullmatch(typed)
            # a common noun among its words: a topic, not a name or a place ("BLOOMINGTON IN")
            and _LOWER_WORD.search(typed)
            # "Leasing agent.", "Representative.": a person asked for (round 32's ruling)
            and not _PERSON_NOUN.search(typed)
        ):
            # "Preview program.", "Question about leasing." after "How can I help you today?":
            # a topic typed, to be told about (session 18's keyword turns; round 32's notes)
            return "question", "keyword_after_offer"
        if _ROLE_ONLY.fullmatch(typed):
            # "I'm a resident." after the greeting offer: who the user is, nothing asked
            return "other", "role_told"
    if verdict[0] in QUERY_CLASSES and _approves_offer(text or "", previous):
        # "That sounds like a good alternative, could you provide me with more information about
        # the hotel in the moderate price range …?" after "I can recommend a hotel … in the
        # moderate price range if you're interested": takes up the offer (round 13)
        return "answer", "approves_offer"
    if verdict[0] == "answer" and context == "solicit" and _accepts_then_acts(text or "", previous):
        return "request", "accepts_then_acts"
    if (
        verdict[0] == "answer"
        and context in ("solicit", "none", "failed")
        and _reply_then_new_act(text or "", previous, context)
    ):
        return "request", "reply_new_act"
    if verdict == ("answer", "solicited") and _commands_unoffered_act(text or "", previous):
        return "request", "unoffered_act"
    if verdict == ("answer", "q_act_value") and _asks_other_act(text or "", previous):
        return "request", "other_act"
    if (
        verdict[0] == "answer"
        and context == "solicit"
        and _value_then_new_act(text or "", previous)
    ):
        return "request", "value_new_act"
    if (
        verdict[0] == "request"
        and context == "solicit"
        and _gives_value_in_act(text or "", previous)
    ):
        return "answer", "value_in_act"
    if verdict[0] == "request" and context == "solicit" and _asks_pending_act(text or "", previous):
        return "answer", "pending_act"
    if (
        verdict[0] == "question"
        and _RETURN_WANTED.search(text or "")
        and _RETURN_HOW.search(text or "")
    ):
        # "I want to send back the lamp I bought. What are the steps?", "那我要退货，怎么操作？":
        # a return wanted, then how (the GUIDELINE's clause): the return asked to be done
        return "request", "return_then_how"
    if verdict == ("request", "q_act") and context in ("solicit", "confirm"):
        instead = _VALUE_INSTEAD.search(text or "")
        # an id's words count ("gift_card_1591389" names the gift card)
        named = previous.lower().replace("_", " ")
        if (
            instead is not None
            and instead.group(1)
            and instead.group(1).lower() in named
            and _GO_AHEAD_ASKED.search(previous)
        ):
            # "Actually, can you charge it to my credit card instead of the gift card?" after
            # a recap the agent asked to go ahead with: another value for one the recap names,
            # an answer in a request's form (the r5 and r6 sections)
            return "answer", "q_act_instead"
    if (
        verdict[0] == "question"
        and _VARIANT_ASKED.search(text or "")
        and len(_FIGURE.findall(previous)) >= _LISTED_FIGURES
    ):
        return "request", "variant_unlisted"
    if (
        verdict == ("request", "q_act")
        and _WHAT_IF_I.match(text or "")
        and _MAY_I.search(text or "")
    ):
        # "What if I upgrade to economy first, could I cancel then?" after a refusal: whether
        # the rules would allow the user's own act under a supposition, a fact asked
        return "question", "what_if_allowed"
    if (
        verdict == ("other", "shift")
        and _PREFERS_INSTEAD.search(text or "")
        and _GO_AHEAD_ASKED.search(previous)
    ):
        # "Actually, I'd prefer the refund to go to my PayPal account instead." after "Shall I
        # proceed?": another value for the recap asked about, no unprompted correction
        return "answer", "prefers_instead"
    if verdict[0] == "answer" and _adds_new_act(text or "", previous):
        return "request", "adds_act"
    if verdict[0] == "answer" and context in ("solicit", "confirm") and _adds_fact_ask(text or ""):
        return "question", "adds_fact"
    if verdict == ("answer", "solicited") and _greets_then_new_act(text or ""):
        return "request", "greets_new_act"
    if verdict[0] == "answer" and context == "open" and _HOW_ABOUT_IN.search(text or ""):
        # "If the booking fails how about 14:00." after "Is there anything else I can assist
        # you with?": no value was asked, the proposal is another search (session 5's "Are
        # there any others?" after "anything else?")
        return "request", "open_proposal"
    if verdict == ("answer", "solicited") and _zh_asks_new_act(text or "", previous):
        return "request", "zh_new_act"
    if (
        verdict[0] in ("request", "other")
        and context in ("none", "solicit", "confirm", "failed")
        and _goes_ahead(text or "", previous)
    ):
        return "answer", "goes_ahead"
    if (
        verdict[0] in ("request", "other")
        # after "Is there anything else I can help you with?" the act is done: proceeding
        # asks for another ("Great, please proceed with applying the discount to my order.")
        and context in ("none", "solicit", "confirm", "failed")
        and _PROCEEDS.match(text or "")
        and not _QUESTION_MARK.search(text or "")
    ):
        # "ok please proceed with the phone and DHL option!", "Please proceed booking with the
        # name Stephen Evans.", "Okay, please proceed with the request and apply the discount once
        # approved.": proceeding takes up the act already under way, what the agent proposed or
        # is doing, whatever it names beside it: an `answer` (the r4 section's "Okay, proceed.
        # But…"; session 31, rounds 8, 13, 17 and 27)
        return "answer", "proceeds"
    if (
        verdict[0] == "request"
        and context in ("none", "failed", "solicit")
        and _picks_listed(text or "", previous)
    ):
        return "answer", "picks_listed"
    if verdict[0] in ("other", "answer") and context == "none" and _states_requirement(text or ""):
        return "request", "states_need"
    if verdict[0] != "request" and previous.strip() and _reworks_answer(text or "", previous):
        return "request", "reworks_answer"
    if verdict[0] != "request" and _next_coding_task(text or "", previous):
        return "request", "next_coding_task"
    return _helpdesk_reading(text or "", previous, context, verdict)


# The fault told fixed ("my laptop battery's performance is back to normal", "My steering is
# much better now", "the solution worked", "Cleaning them did the trick"): the need is met.
_FIXED_NOW = re.compile(
    r"\bback\s+to\s+normal\b|\bdid\s+the\s+trick\b|\b(?:much|a\s+lot)\s+better\s+now\b"
    r"|\b(?:solution|suggestion|fix|advice)\s+(?:has\s+)?worked\b"
    r"|\b(?:works?|working|worked|runs?|running)\s+(?:great|fine|perfectly|well|again|like\s+new)\b"
    r"|\b(?:problem|issue)s?\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?"
    r"(?:solved|resolved|fixed|gone)\b"
    r"|\b(?:fixed|solved|resolved)\s+(?:the|my|all\s+the|everything|it)\b",
    re.IGNORECASE,
)
# What to try or do next, or what else ("What should I try next?", "What else can I do?", "Any
# other ideas?", "What now?").
_WHAT_NEXT = re.compile(
    r"\bwhat\s+(?:should|can|could|do|shall|must)\s+(?:i|we)\s+(?:try|do|check)\s+next\b"
    r"|\bwhat\s+else\s+(?:should|can|could|do|shall|might)\s+(?:i|we)\s+(?:try|do|check)\b"
    r"|\bwhat\s+(?:now|next)\s*[?？]"
    r"|\bany\s+other\s+(?:ideas|suggestions|things\s+(?:i|we)\s+(?:can|could|should)\s+try)\b",
    re.IGNORECASE,
)
# A step's outcome told as still failing ("but still no connection", "it still won't boot",
# "that didn't help", "same problem").
_STILL_FAULT = re.compile(
    r"\bstill\s+(?:no|not|doesn['’]?t|does\s+not|won['’]?t|will\s+not|can['’]?t|cannot|isn['’]?t"
    r"|is\s+not|getting|the\s+same|having|nothing|dead|off|blinking|red)\b"
    r"|\b(?:didn['’]?t|did\s+not|doesn['’]?t|does\s+not)\s+(?:help|work|fix|change\s+anything)\b"
    r"|\b(?:same|no)\s+(?:problem|issue|result|luck|change)\b",
    re.IGNORECASE,
)
# An acknowledgement, then the user's plan to take the step ("Okay, I will try that.", "Sure,
# I'll do that now", "Alright, let me try it").
_ACK_THEN_TRY = re.compile(
    r"^\s*(?:ok(?:ay)?|sure|alright|all\s+right|got\s+it|yes|yeah|right)\b[,.!]?\s+"
    r"(?:i['’]ll|i\s+will|let\s+me|i['’]m\s+going\s+to|i\s+am\s+going\s+to)\s+"
    r"(?:(?:now|just|go\s+ahead\s+and)\s+)?(?:try|do|check|give)\s+(?:it|that|this|them|those)\b"
    r"[^?？]*$",
    re.IGNORECASE,
)
# What the user did not hear, see or feel, told in one sentence with no question mark.
_NOT_OBSERVED = re.compile(
    r"^\s*(?:no[,.!]?\s+)?i\s+(?:do\s+not|don['’]?t|did\s+not|didn['’]?t|can['’]?t|cannot|could\s+not"
    r"|couldn['’]?t)\s+(?:hear|see|feel|notice|smell|find)\b[^?？.!。！]*[.!。！]?\s*$",
    re.IGNORECASE,
)
_THANKS_WORD = re.compile(r"\b(?:thanks?|thank\s+you|appreciate)\b", re.IGNORECASE)
# "Do you know how to find your computer's BIOS setup screen?" / "Do you know the method …?"
_DO_YOU_KNOW = re.compile(
    r"\bdo\s+you\s+know\s+(?:how|the\s+(?:method|way)|where|what|whether|if)\b", re.IGNORECASE
)
_DONT_KNOW = re.compile(
    r"^\s*(?:no[,.!]?\s+)?i\s+(?:do\s+not|don['’]?t|can['’]?t|cannot)\s+(?:really\s+)?"
    r"(?:know|figure\s+out)\b[^?？]*$",
    re.IGNORECASE,
)
# What to do to fix it, or not knowing how to fix it ("What can I do to fix it?", "I don't know
# how to fix it."): the fix names the fault, help with it asked (session 14's "How do I solve the
# problem?"; session 18's fault of something the agent serves).
_FIX_ASKED = re.compile(
    r"\bwhat\s+(?:can|should|could|do|shall|must)\s+(?:i|we)\s+do\s+to\s+"
    r"(?:fix|solve|resolve|repair|sort\s+out)\s+(?:it|this|that|the|my)\b"
    r"|\bi\s+(?:do\s+not|don['’]?t)\s+know\s+how\s+to\s+(?:fix|solve|resolve|repair)\s+"
    r"(?:it|this|that|the|my)\b",
    re.IGNORECASE,
)


def _helpdesk_reading(
    text: str, previous: str, context: str, verdict: tuple[str, str]
) -> tuple[str, str]:
    """Readings of troubleshooting turns (session 28's helpdesk dialogs), after every other
    rule: the fault told fixed with thanks closes (a `greeting`, session 5's need met), "I
    don't know how" to the agent's "Do you know how …?" is a no (an `answer`), and asking
    what to do to fix a fault asks for help with it (a `request`, session 14)."""
    t = " ".join(text.split())
    if (
        verdict[0] in ("other", "answer")
        and context in ("none", "open")
        and _FIXED_NOW.search(t)
        and _THANKS_WORD.search(t)
        and not any(_is_question(s) for s in _sentences(t))
    ):
        # "I replaced the CV joints. My steering is much better now. Thanks to you! Goodbye!"
        # after the agent's fix, with no question before it
        return "greeting", "fixed_thanks"
    if (
        verdict == ("question", "at_a_loss")
        and context == "solicit"
        and _DO_YOU_KNOW.search(previous[-_AGENT_TAIL:])
        and _DONT_KNOW.match(t)
    ):
        return "answer", "knows_not"  # "I don't know how to do that." after "Do you know how …?"
    if (
        verdict[0] == "question"
        and _WHAT_NEXT.search(t)
        and (_STILL_FAULT.search(t) or _FAULT_TOLD.search(t))
    ):
        # "I restarted the router and the light is green now, but still no connection. What
        # should I try next?": the step failed, help with the fault asked (session 21's problem
        # told, then an ask for advice on it; session 14's "How do I solve the problem?")
        return "request", "step_failed_next"
    if verdict[0] == "other" and context in ("none", "solicit") and _ACK_THEN_TRY.match(t):
        # "Okay, I will try that." after the agent's step: the acknowledgement answers it
        # (round 12's "对的 我先试试"; a bare "我先试试" stays the user's plan, `other`)
        return "answer", "ack_try"
    if verdict[0] == "request" and context == "solicit" and _NOT_OBSERVED.match(t):
        # "I don't hear anything like that." after "Are you hearing noises from your car's
        # steering?": a no, not a wish for more items (session 5's "Anything else …?" search)
        return "answer", "not_observed"
    if verdict[0] == "question" and context in ("opening", "none", "open") and _FIX_ASKED.search(t):
        return "request", "fix_asked"  # "… battery in my HP laptop. What can I do to fix it?"
    return _step_reading(t, previous, context, verdict)


# Session 29, round 28's helpdesk customers (an LLM support agent walking a simulated customer
# through steps), each read by a GUIDELINE clause ("Turn rulings of session 29"):
#
# the next step asked after a step's report ("I ran the scan and it found nothing. What should
# I do next?", "Yes, I can see it listed. What's next?"): the fix of the fault asked, whatever
# the step showed (session 21's problem told and an ask for advice on it);
_NEXT_STEP_ASK = re.compile(
    r"^\W*(?:(?:so|and|okay|ok|alright)\W+)?(?:"
    r"what(?:['’]s|\s+is)\s+(?:the\s+|our\s+|my\s+)?next(?:\s+step)?"
    r"|what\s+(?:should|can|could|do|shall|must)\s+(?:i|we)\s+(?:try|do|check)\s+(?:next|now)"
    r"|what\s+(?:steps?|else)\s+(?:should|can|could)\s+(?:i|we)\s+(?:take|try|do)(?:\s+next)?"
    r"|what\s+now|now\s+what)\W*$",
    re.IGNORECASE,
)
# the customer taking up the agent's step, or telling what it showed ("Okay, I'll clear the
# cache now. Just a moment!", "I'm running the DISM command now.", "I've double-clicked the
# file and started the installer."): the reply to the step (round 12's check reported, session
# 28's acknowledgement);
_TAKES_STEP = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all\s+right|sure|got\s+it|great|yes|yeah)\W+)?"
    r"(?:i['’]ll|i\s+will|i['’]m\s+going\s+to|let\s+me|i['’]m\s+(?:now\s+|just\s+)?\w+ing"
    r"|i\s+am\s+(?:now\s+|just\s+)?\w+ing|\w+ing\s[^.?!]*\bnow\b)",
    re.IGNORECASE,
)
_REPORTS_STEP = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all\s+right|yes|yeah|so)\W+)?(?:"
    r"i(?:['’]ve|\s+have|\s+had)?\s+(?:just\s+|already\s+|also\s+)?"
    r"(?:[\w-]+ed|ran|found|saw|did|made|tried|got|went|took|put|set|chose|gave|cleared|reset)\b"
    r"|the\s+(?:\w+\s+){0,2}(?:has|have|is|was)\s+(?:now\s+)?(?:completed|finished|done)\b"
    # session 32: "Done, mobile data is on now.", "It's back on, but still no data."
    r"|done\b|it['’]?s\s+(?:now\s+)?(?:back\s+)?(?:on|off|up|running|restarted)\b)",
    re.IGNORECASE,
)
# ... when the agent's message gave a step ("Please go to Settings …", "Let's try …", "Can you
# check …?", "… and see if that helps");
_STEP_GIVEN = re.compile(
    r"\b(?:please|let['’]s|can\s+you|could\s+you|try\s+\w+ing|let\s+me\s+know\s+(?:once|when|the))\b"
    r"|(?:^|[.!?]\s+)(?:go|open|click|select|type|run|restart|check|make\s+sure|ensure|download"
    r"|install|disable|enable|follow|clear|press|visit|hold|unplug|plug|look)\b",
    re.IGNORECASE,
)
# ... but a promise to give what the agent asked for ("Sure, I'll provide my zip code") gives
# nothing yet (round 6's `other`).
_WILL_GIVE = re.compile(
    r"\b(?:i['’]ll|i\s+will|let\s+me)\s+(?:\w+\s+)?(?:provide|share|send|tell|get\s+back"
    r"|give(?!\s+(?:it|that|this|them)\s+a\s+(?:try|shot|go)\b))\b",
    re.IGNORECASE,
)
# ... a step whose outcome is asked for ("Let me know what you find", "let me know once it has
# restarted and if you can open your photos", "… and see if there are any updates"): then even
# a report that the fault persists answers it (round 12's check the agent asked for);
_OUTCOME_ASKED = re.compile(
    r"\blet\s+me\s+know\b(?!\s+if\s+(?:you\s+(?:need|have|want|would|require)|there\s+is\s+anything"
    r"|anything))|\b(?:see|check)\s+(?:if|whether)\b",
    re.IGNORECASE,
)
_STEP_NAMED_BACK = re.compile(r"\b(?:that|it|this|those)\b", re.IGNORECASE)  # "I'll try that"
_STEP_FAILED = re.compile(
    r"\b(?:still|but|however|unfortunately|didn['’]?t|did\s+not|doesn['’]?t|won['’]?t)\b",
    re.IGNORECASE,
)
# The verb of the agent's step said back as the user takes it up ("Okay, I'll check now." after
# "please check whether …").
_TAKEN_UP_VERB = re.compile(r"\b(?:i['’]ll|i\s+will|let\s+me)\s+(\w+)", re.IGNORECASE)


def _step_verb_taken_up(first: str, tail: str) -> bool:
    """True when the user's "I'll <verb>" names the verb of the agent's step."""
    m = _TAKEN_UP_VERB.search(first)
    return m is not None and m.group(1).lower() in re.findall(r"\w+", tail.lower())


_PLAN_LATER = re.compile(
    r"\b(?:later|tomorrow|tonight|next\s+week|another\s+time)\b", re.IGNORECASE
)
_STEP_STOPWORDS = frozenset(
    {
        "that",
        "this",
        "those",
        "these",
        "with",
        "what",
        "when",
        "your",
        "from",
        "have",
        "then",
        "them",
        "they",
        "there",
        "their",
        "will",
        "would",
        "should",
        "could",
        "just",
        "about",
        "after",
        "before",
        "once",
        "into",
        "also",
        "still",
        "again",
        "some",
        "more",
        "sure",
        "okay",
        "alright",
        "moment",
        "second",
        "know",
        "help",
        "helps",
        "check",
    }
)
# a how-to asked when nothing in the step is broken ("I'm not sure how to use that tool. Can you
# guide me through it?", "I'm not sure which restore point to choose. Can you help me with
# that?"): to be told how (session 14's how-to when nothing is broken);
_UNSURE_HOW = re.compile(
    r"\b(?:i['’]m|i\s+am)\s+not\s+sure\s+(?:how|which|what|where)\b"
    r"|\bi\s+(?:don['’]?t|do\s+not)\s+know\s+(?:how|which|where)\s+to\b",
    re.IGNORECASE,
)
_GUIDE_ME = re.compile(
    r"\b(?:can|could|would)\s+you\s+(?:please\s+)?(?:guide|walk|show|help)\s+me\b",
    re.IGNORECASE,
)
# a fault of the user's own told after the agent's first greeting offer ("Thank you for
# calling PC Support, how can I help you today?" -> "My computer won't turn on at all."): a
# problem report, as in a first message (session 26's remedy after the greeting offer).
_OWN_FAULT = re.compile(
    r"\b(?:won['’]?t|keeps?|isn['’]?t|aren['’]?t|can['’]?t|cannot|doesn['’]?t|does\s+not|not\s+working"
    r"|trouble|problems?|issues?|errors?|broken|crash(?:es|ed|ing)?|fail(?:s|ed|ing)?)\b",
    re.IGNORECASE,
)


# Session 29, round 28's Chinese members (a care assistant proposing tests and habits to a
# member who reports readings): the member's plan that takes up the step the assistant's
# message proposed ("明早测完我直接截图发你" after "明早测完发我") is an `answer` (the r4 section's
# accepting what was offered); a plan of the member's own that the message did not propose
# stays `other`. A plan names when it is done ("今晚", "明早") or that it is done now ("照做");
_ZH_PLAN_TIME = re.compile(
    r"今晚|今晚上|今天晚上|明早|明天|明晚|后天|今儿|今早|下午|睡前|饭后|待会|回头|这就|马上|照做|记下|记在|发你"
)
# ... the message proposes a step with "咱们", "试试", "记得", "先 …" or a test to come.
_ZH_STEP_PROPOSED = re.compile(
    r"咱们|咱|试试|记得|可以先|先[^，。！？]{0,6}(?:测|记|看|别|把|喝|吃|走)|测完|再测|测一次"
)
# ... a plan announced as the member's own ("我打算…", "我琢磨着，…") or a further act the member
# sets for a result that stays bad ("要是还高，就…") proposes a step of its own rather than taking
# one up.
_ZH_OWN_PLAN = re.compile(r"我打算|我琢磨着，|(?:要是|如果|万一)(?:还|仍|依然)")
# An opener telling the member's own reading with worry and no ask of an act ("今早空腹测了7.2…
# 心里有点打鼓……", "这数字我真拿不准是高是低"): the ask it implies is whether the value is a
# concern, a fact of the user's own condition: a `question` (sessions 15 and 19).
_ZH_READING = re.compile(r"\d(?:\.\d)?|[测量]了|空腹|餐后|血糖")
_ZH_WORRY = re.compile(
    r"打鼓|拿不准|有点懵|真有点懵|发愣|有点慌|我有点慌|心慌|拖不得|不敢|咋还|怎么还|担心|犯嘀咕|没底"
)
_ZH_ACT_ASKED = re.compile(r"帮我|请你|请您|麻烦|给我|能不能|可不可以|可以帮|安排|预约|办理")
# Relief after the assistant's reading ("听你这么说，我心头那块石头好像轻了点"): the need is met, as
# r17's "嗯，那我就放心了" (a `greeting`).
_ZH_RELIEVED = re.compile(
    r"听(?:你|您)这么(?:说|一说)[^？?]{0,12}(?:轻了|松了|踏实|没那么|放心|安心|不慌)"
)


def _member_reading(
    text: str, previous: str, context: str, verdict: tuple[str, str]
) -> tuple[str, str]:
    """Readings of a Chinese member of a care service (session 29's rulings): relief says
    the need is met, the step the assistant proposed taken up answers it, and an opener
    telling a worrying reading of the member's own asks whether it is a concern."""
    t = " ".join(text.split())
    if "？" in t or "?" in t:
        return verdict
    if context == "opening":
        if (
            verdict[0] == "request"
            and _ZH_READING.search(t)
            and _ZH_WORRY.search(t)
            and not _ZH_ACT_ASKED.search(t)
        ):
            return "question", "reading_worried"
        return verdict
    if not _CJK.search(previous):
        return verdict
    if verdict[0] in ("other", "request") and _ZH_RELIEVED.search(t):
        return "greeting", "relieved"
    if (
        verdict[0] in ("other", "question")
        and verdict[1] in ("fallback", "q_told", "question_any")
        and _ZH_PLAN_TIME.search(t)
        and _ZH_STEP_PROPOSED.search(previous[-_AGENT_TAIL:])
        and not _ZH_OWN_PLAN.search(t)
    ):
        return "answer", "takes_step"
    return verdict


def _content_words(text: str) -> set[str]:
    """The words of four letters or more of ``text``, lower-cased, but the commonest."""
    return {
        w[:-1] if w.endswith("s") else w
        for w in re.findall(r"[a-z]{4,}", text.lower())
        if w not in _STEP_STOPWORDS
    }


# The same in Chinese (mk35zh, made-up support runs of session 33): a step the agent gave
# ("请打开飞行模式，等10秒左右再关闭", "插进SIM卡托旁边的小孔"), reported done at the turn's start
# ("试了，还是无服务。", "好了，擦完重新插上了，开机后有信号了！"), answers it when it worked or when
# its outcome was asked ("然后看看信号有没有恢复"); told failed after a plain instruction it
# stays round 12's `other` ("开了，还是不行，显示有信号但是网页打不开").
_ZH_STEP_GIVEN = re.compile(
    r"请(?:您|你)?(?:先|再)?(?:打开|关闭|关掉|重启|开启|插|拔|取出|进入|点击|点|选择|设置|检查|试试|尝试)"
    r"|(?:先|再)?试(?:一下|试)|(?:重启|关机|开机)一下|(?:可以|能)用[^。！？\n]{1,12}(?:代替|插|按)"
)
_ZH_OUTCOME_ASKED = re.compile(
    r"(?:看看|看一下|看下|告诉我|确认一下)[^。！？\n]{0,16}(?:有没有|是否|能不能|能否|好了没|恢复|正常)"
)
_ZH_REPORTS_STEP = re.compile(
    r"^\W*(?:(?:好的?|嗯|行)[，,、\s]*)?(?:我)?(?:已经|刚刚|刚才)?"
    r"(?:试了|试过了|试过|弄了|弄好了|做了|重启了|打开了|开了|关了|换了|插了|插好了|擦了|擦完|拔了|好了|设置了|设置好了)"
)
_ZH_STEP_FAILED = re.compile(r"还是|仍然|依然|不行|没用|没反应|打不开|用不了|没有信号|无服务")


# mk38zh (made-up Chinese support runs, session 34). The agent's instruction in the forms a
# support agent writes it beside _ZH_STEP_GIVEN: numbered steps ("1. 打开“设置”"), a path of
# screens ("打开APP → “转账”"), a step with its time limit ("请在15分钟内点击完成支付"), or one
# that ends "…就可以了/啦" ("需要您在商品页面选择…后点击…就可以啦").
_MK38ZH_STEP_GIVEN = re.compile(
    r"(?:^|\n)\s*\d+[.、．]\s*(?:打开|点击|点|进入|找到|选择|设置|登录|下载)"
    r"|\S\s*(?:→|->)\s*\S"
    r"|请(?:您|你)?在[^。！？\n]{1,12}?(?:内|前)(?:点击|点|完成|支付|付款|操作)"
    r"|(?:点击|点|选择|填|输入)[^。！？\n]{1,30}?就可以(?:了|啦|的)"
)
# ... the instruction taken up, with what the user will do ("好的我试试", "那我自己弄"): session
# 28's acknowledged step, an answer; and a payment or transfer reported done ("付好了", "付了",
# "转好了"), the step's report (mk35zh's 试了 / 好了).
_MK38ZH_TAKES_STEP = re.compile(
    r"^\W*(?:(?:好的?|嗯+|哦+|行|那|好吧|那好吧|ok)[吧啊呀]?[，,、\s]*)*(?:那)?(?:我)?(?:先|再|就|这就)?"
    r"(?:试试|试一下|试一试|去试|自己弄|自己来|自己操作|自己去|去弄|去操作)"
    r"|^\W*(?:(?:好的?|嗯+|行)[，,、\s]*)?(?:我)?(?:已经|刚刚|刚才)?"
    r"(?:付|支付|转|转账|缴|交)(?:好|完)?了"
)
# ... and, after the agent told why it cannot do otherwise, a resigned acceptance ("算了，那就改
# 吧", "行吧 降吧", "那好吧，申请维修") with a bare act of the agent's: it takes up the course the
# agent proposed, an answer (the r4 section's "Okay, proceed. But…"), not a new task; the
# user's own plan ("让它送原地址吧", "我让朋友帮我收") is none.
_MK38ZH_RESIGNED = re.compile(
    r"^\W*(?:算了|那好吧|好吧|行吧|那行吧?|那算了)[，,。、\s~～]*(?:那)?(?:你)?(?:就)?"
    # (not the user's own waiting or weighing: "好吧，那我等着了", "好吧，那在考虑一下": round 8's
    # JD customers, `other`)
    r"(?!(?:在|再)?(?:考虑|想想|想一想|看看))(?:(?![我让等那])[\u4e00-\u9fff]){1,6}?吧?(?:[，,。！!\s]|$)"
)


# mk38zh (made-up, session 34): another way asked for, after the agent told what cannot be done
# or listed what there is: another option of the kind ("你们就没别的办法吗？", "有没有更合适的套
# 餐"), session 29's another option asked, REQUEST_ALTS of the r4 section; or what to do now
# ("那怎么办") after the agent told the user's own attempt failed or a limit, help with it
# (session 18), a request. Another option's facts ("有没有其他费用") name no option.
# A way (办法, 方法…) is asked of the service only with the agent's side as who has it ("你们就没
# 别的办法吗"); "还有没有其他治疗方法？" asks a doctor what treatments there are, to be told
# (round 18's patients).
_MK38ZH_ALTS = re.compile(
    r"(?:有没有|没有|就没|还有没有|有其他|有别的|有其它)(?:什么)?"
    r"(?:别的|其他|其它|更[\u4e00-\u9fff]{1,4}?的|合适的|便宜点?的)[^，,。？?！!]{0,4}?"
    r"(?:套餐|航班|班次|产品|款式?|型号|房型|路线)"
    r"|(?:你们|你|您|客服)(?:这边|那边)?(?:就|还|真的)?"
    r"(?:有没有|没有|没|就没)(?:什么)?(?:别的|其他|其它)[^，,。？?！!]{0,2}?(?:办法|方法|方案|途径)"
)
_MK38ZH_WHAT_NOW = re.compile(
    r"^\W*(?:那|那我|我)?(?:该|应该|要)?怎么(?:办|弄)[呢啊呀]?(?:[？?，,。\s]|$)"
)
_MK38ZH_FAILED_TOLD = re.compile(
    r"失败|不成功|没成功|超过|超出|限额|上限|无法|没法|没办法|不能|不支持|不可以|不允许"
)


def _mk38zh_other_way(text: str, previous: str) -> bool:
    """True when a Chinese turn asks for another way (:data:`_MK38ZH_ALTS`) or what to do now
    after a failure or limit the agent told (:data:`_MK38ZH_WHAT_NOW`)."""
    if _MK38ZH_ALTS.search(text):
        return True
    return bool(
        _MK38ZH_WHAT_NOW.match(text) and _MK38ZH_FAILED_TOLD.search(previous[-_AGENT_TAIL:])
    )


def _mk38zh_turn(text: str, previous: str, verdict: tuple[str, str]) -> tuple[str, str] | None:
    """A Chinese customer's take-up of the agent's instruction or course (mk38zh, made-up,
    session 34: :data:`_MK38ZH_TAKES_STEP`, :data:`_MK38ZH_RESIGNED`), or None."""
    if verdict[0] == "question" and _mk38zh_other_way(text, previous):
        return "request", "other_way"
    if verdict[0] not in ("other", "request") or _QUESTION_MARK.search(text):
        return None
    if _MK38ZH_TAKES_STEP.match(text) and (
        _ZH_STEP_GIVEN.search(previous) or _MK38ZH_STEP_GIVEN.search(previous)
    ):
        return "answer", "takes_step"
    if _MK38ZH_RESIGNED.match(text) and not _patterns()["agent_asks"].search(previous):
        return "answer", "resigned"
    return None


# mk39zh (made-up Chinese support runs, session 34). The GUIDELINE's lines in general form:
# - an act of the user's supposed, then what it allows asked ("那我要是不去了能全退吗", "如果改
#   到下周要加多少钱"): what the rules allow under a supposition, a `question` (the GUIDELINE's
#   "Can I pause my subscription if I need to skip a month?"; session 33's "Can I switch plans
#   later if…"); politeness ("可以的话", "方便的话") supposes nothing, and an act asked of the
#   agent (帮我, 给我) stays a request.
_MK39ZH_SUPPOSED_ACT = re.compile(
    r"(?:要是|如果|假如|万一|萬一)(?!(?:可以|方便|可能|能)(?:的话|的話))(?:我|我们|我們)?"
    r"[^，,。？?！!]{1,12}?(?:的[话話])?[，,]?\s*(?:还|還|也)?(?:能|可以)(?:不能)?"
    # (not a concession asked of the agent: "如果我直接下单，能再砍1万吗" asks a discount, a request)
    r"(?!(?:帮|幫|给|給|替)(?:我|我们|我們)|再|便宜|优惠|優惠|打折|砍|包邮|包郵|送)"
    r"[^，,。？?！!]{0,8}?(?:吗|嗎|么|麼|多少|几|幾|[？?])"
)
# - a change of the user's own things asked in a question's words, with 把 or an act verb the
#   change list lacks (add, buy afterwards, upgrade, look up): "能不能把我也加到订单里", "还能补买
#   吗", "能查一下我有没有买保险吗": the agent asked to act (the GUIDELINE's request in a
#   question's form; "Can you check the details…" acts on the fact), a `request`;
_MK39ZH_ACT_ASKED = re.compile(
    r"(?<![可才只])(?:能不能|能否|可不可以|能|可以)(?:还|還|再|现在|現在|也|帮我|幫我|给我|給我)*"
    r"(?:把[^，,。？?！!]{1,12}?)?(?:加(?![重快速])|补买|補買|补办|補辦|加购|加購|升到|升级到|升級到|查(?=我|一下|下))"
)
# - a want of an act on the user's own things ("我想把默认地址改一下", "这张票想升到公务舱"),
#   beside a question or not: the task (the GUIDELINE: a turn that asks a task and asks about
#   it is a `request`);
_MK39ZH_WANTS_ACT = re.compile(
    r"(?:我)?(?:想|想要|要)(?:把[^，,。？?！!]{1,12}?)?"
    r"(?:改成|改到|改为|改為|改一下|改下|升到|升级到|升級到|换成|換成|换到|換到|退掉|取消掉)"
)
# - a lookup told as an order ("你再查一下…", "看下21号的呢"), or a bare act on an order opening
#   the conversation ("取消订单 A123"): the agent asked to act, a `request`;
_MK39ZH_LOOKUP_TOLD = re.compile(
    r"^\W*(?:那)?(?:你|您)?(?:再|帮我|幫我|给我|給我)*(?:查|看|搜)一?下"
)
_MK39ZH_OPENING_ACT = re.compile(
    r"^\W*(?:取消|退订|退訂|退掉|改签|改簽|办理|辦理|开通|開通|注销|註銷)"
)
# - assent said over ("是是是", "对对对"), and an acknowledgement run on after "ok" ("ok了解"):
#   an `answer`, as the one word is;
_MK39ZH_ASSENT_OVER = re.compile(r"^\W*(是|对|對|好|行|嗯|可以)(?:\1|的){1,3}\W*$")
_MK39ZH_OK_RUN_ON = re.compile(
    r"^\W*(?:ok|okay|OK|好的?|嗯+)\s*(?:了解|明白|知道了|收到|懂了)[了啦的]?\W*$", re.IGNORECASE
)
# - a pick settled on after the agent told what can and cannot be had ("那就都换成M吧", "那还是
#   退款吧，省得麻烦", "不用了，就取消吧"): the user settles the open choice, an `answer` (the
#   GUIDELINE's choice in a request's words, the r4 section's "Okay, proceed. But…");
_MK39ZH_SETTLED = re.compile(
    # (not an act asked of the agent for the user: "那就帮我把C盘整理一下吧", a request)
    r"^\W*(?:(?:不用了|那算了|算了|好|行|嗯)[，,、\s]*)?(?:那)?(?:就|还是|還是)(?!(?:帮|幫|给|給|替)(?:我|我们|我們))"
    r"[^，,。？?！!]{1,12}?吧(?:[，,。！!\s]|$)"
)
# - the agent's advice taken up as the user's own plan, its words repeated ("建议您修改密码" ->
#   "好的，那我去改密码"): an `answer`, as session 28's acknowledged step.
_MK39ZH_PLAN = re.compile(
    r"^\W*(?:(?:好的?|行|嗯+|ok)[吧]?[，,、\s]*)?(?:那)?(?:我)(?:去|再去|这就去|现在去|马上去)"
    r"([\u4e00-\u9fff]{2,8})"
)


# - more of the kind asked ("没有更早的了吗", "还有更便宜的吗"): another option, the GUIDELINE's
#   REQUEST_ALTS, a `request` (as mk38zh's "有没有更便宜的航班", with the option left unnamed);
_MK39ZH_MORE_OF_KIND = re.compile(
    r"(?:有没有|有沒有|没有|沒有|还有|還有)(?:再|比这|比這)?更[\u4e00-\u9fff]{1,3}?(?:一点|一點|点|點)?的(?:了)?"
    r"(?:吗|嗎|么|麼|[？?]|$)"
)
# - "那怎么办" with the user's own trouble told beside it ("那怎么办，我不想再等了"): help with
#   the case asked (the GUIDELINE's fault report, session 18), a `request`;
_MK39ZH_WHAT_NOW_MINE = re.compile(
    r"^\W*(?:那|那我|我)?(?:该|应该|要)?怎么(?:办|弄)[呢啊呀]?[，,。！!\s]+(?:我|我们|我們)"
)
# - the user taking time to decide ("我考虑一下，明天再说", "回头再说吧"): no answer to the choice
#   asked, `other` (round 8's "好吧，那在考虑一下", kept `other` by mk38zh);
_MK39ZH_DEFERS = re.compile(
    r"^\W*(?:(?:好的?|嗯+|行|那)[吧]?[，,、\s]*)?(?:我|那我)?(?:再|先)?(?:考虑|考慮|想想|想一想|琢磨)(?:一下|下)?"
    r"[，,。！!\s]*(?:(?:明天|回头|回頭|改天|之后|之後|以后|以後)?再说(?:吧)?)?\W*$"
    r"|^\W*(?:明天|回头|回頭|改天)再说(?:吧)?\W*$"
)
# - a greeting that only announces a question to come ("您好，想咨询一下", "在吗，问个事"): no
#   content asked yet, a `greeting`.
_MK39ZH_ANNOUNCES = re.compile(
    r"^\W*(?:(?:您好|你好|hi|hello|在吗|在嗎)[呀啊]?[，,！!。~～\s]*)+(?:我)?(?:想|要)?"
    r"(?:咨询|諮詢|问|問)(?:一下|下|个事|個事|点事|點事|个问题|個問題)?\W*$",
    re.IGNORECASE,
)
_MK39ZH_FOR_ME = re.compile(r"(?:帮|幫|给|給|替)(?:我|我们|我們)")
# - "怎么回事" / "怎么办" anywhere, with the user's own need or trouble after it ("…取消了？怎么回
#   事，我明天必须到"): the same help with the case, a `request`;
_MK39ZH_TROUBLE_ASKED = re.compile(
    r"(?:怎么办|怎麼辦|怎么回事|怎麼回事)[呢啊呀]?[？?，,。！!\s]+(?:我|我们|我們)"
    r"(?:明天|今天|马上|馬上|必须|必須|得|要|急|不想|等不了)"
)
# - a new task added after taking up the agent's course or answering it ("就提交吧，顺便帮我把X
#   退订了", "肯定不是我。我要申请拒付"): the GUIDELINE's "declining … then asking for a new
#   task", a `request`;
_MK39ZH_ALSO_FOR_ME = re.compile(
    r"(?:顺便|順便|另外|还有|還有|再)(?:帮|幫|给|給|替)(?:我|我们|我們)"
)
_MK39ZH_I_WANT_ACT = re.compile(
    r"(?:^|[。！!？?，,\s])(?:我|那我)(?:要|想|想要)(?:申请|申請|办理|辦理)?(?:取消|退订|退訂|退款|退货|退貨|拒付|挂失|掛失|冻结|凍結|投诉|投訴|注销|註銷|改签|改簽)"
)
# - the place or way to do the user's own step asked ("证明在哪上传", "去哪里办"): a how-to asked
#   when nothing is broken, a `question` (the GUIDELINE), no act asked of the agent;
_MK39ZH_WHERE_TO = re.compile(
    r"(?:在哪|在哪里|在哪裡|在哪儿|去哪|去哪里|去哪裡|到哪)(?:儿|兒)?(?:上传|上傳|提交|办理|辦理|填|交|领|領|下载|下載|申请|申請)"
)
# - a hedged value given for the one the agent asked ("应该是B2吧", "会员号好像是A-77什么的"): the
#   reply, an `answer`; "什么的" ("or so") asks nothing.
_MK39ZH_HEDGED_VALUE = re.compile(
    r"(?:应该|應該|大概|好像|可能)?是\s*[A-Za-z0-9][A-Za-z0-9-]{2,}[\s]*(?:吧|什么的|什麼的|之类的|之類的)"
)
_MK39ZH_ETC = re.compile(r"什么的|什麼的")
# - a yes-no question in the spoken "V不" form at the turn's end ("这款支持不", "明天能到不"): asks,
#   as "V不V" and "V吗" do, a `question` (the GUIDELINE's information question); not a negation
#   the user says of themselves ("我也不", "还不").
_MK39ZH_V_NOT = re.compile(
    r"(?<![不没沒])(?:[\u4e00-\u9fff](?<![我你他她也还還都就可并並绝絕决決真是]))"
    r"(?:[\u4e00-\u9fff](?<![我你他她也还還都就可并並绝絕决決真是]))不[呀啊]?[？?]?\s*$"
)


def _mk39zh_turn(text: str, previous: str, verdict: tuple[str, str]) -> tuple[str, str] | None:
    """The readings of the block above (mk39zh, made-up, session 34), or None."""
    kind = verdict[0]
    if _MK39ZH_ANNOUNCES.match(text):
        return "greeting", "announces"
    if kind != "other" and previous.strip() and _MK39ZH_DEFERS.match(text):
        return "other", "defers"
    if kind == "question" and (
        _MK39ZH_MORE_OF_KIND.search(text)
        or _MK39ZH_WHAT_NOW_MINE.match(text)
        or _MK39ZH_TROUBLE_ASKED.search(text)
    ):
        return "request", "other_way"
    if kind in ("answer", "other") and previous.strip() and _MK39ZH_V_NOT.search(text):
        return "question", "v_not"
    if kind == "request" and _MK39ZH_WHERE_TO.search(text) and _MK39ZH_FOR_ME.search(text) is None:
        return "question", "where_to"
    if kind == "answer" and (_MK39ZH_ALSO_FOR_ME.search(text) or _MK39ZH_I_WANT_ACT.search(text)):
        return "request", "task_added"
    if (
        kind == "question"
        and _QUESTION_MARK.search(previous[-_AGENT_TAIL:])
        and _MK39ZH_HEDGED_VALUE.search(text)
        and not _QUESTION_MARK.search(text)
        and _ZH_WH_FACT.search(_MK39ZH_ETC.sub("", text)) is None
        and "吗" not in text
    ):
        return "answer", "hedged_value"
    if kind == "request" and _MK39ZH_SUPPOSED_ACT.search(text):
        return "question", "supposed_act"
    if kind == "question":
        for clause in _CLAUSE.split(text):
            if _MK39ZH_ACT_ASKED.search(clause) and _ZH_WH_FACT.search(clause) is None:
                return "request", "act_asked"
        if _MK39ZH_WANTS_ACT.search(text) and _MK39ZH_SUPPOSED_ACT.search(text) is None:
            return "request", "act_wanted"
        if _MK39ZH_LOOKUP_TOLD.match(text) and "吗" not in text and "嗎" not in text:
            return "request", "lookup_told"
    if (
        kind == "other"
        and not _QUESTION_MARK.search(text)
        and (
            _MK39ZH_LOOKUP_TOLD.match(text)
            or (not previous.strip() and _MK39ZH_OPENING_ACT.match(text))
        )
    ):
        return "request", "lookup_told"
    if kind in ("other", "request") and not _QUESTION_MARK.search(text) and previous.strip():
        if _MK39ZH_ASSENT_OVER.match(text) or _MK39ZH_OK_RUN_ON.match(text):
            return "answer", "assent"
        if _MK39ZH_SETTLED.match(text) and _MK39ZH_FOR_ME.search(text) is None:
            return "answer", "settled"
        plan = _MK39ZH_PLAN.match(text)
        words = plan.group(1) if plan is not None else ""
        if any(words[i : i + 2] in previous for i in range(len(words) - 1)):
            return "answer", "advice_taken"
    return None


# mk40zh (made-up Chinese support runs, session 34; tuned in session 35). The GUIDELINE's lines in
# general form, read on a Chinese customer's turn:
# - whether the agent can act on the user's own things, with the thing put first by 把 or adverbs
#   between the modal and the act ("能不能只把A取消掉", "B能不能也一起换成别的", "可以开个发票吗"):
#   a question that is really an instruction (the top section), a `request`, as the change list
#   reads "能改下收货地址吗"; "I want to ask" before it ("我想问一下能不能…") wraps the same ask.
#   An act verb with 个 and its object ("开个发票", "升个舱") is an act, as 开票 and 升舱 are.
_MK40ZH_CHANGE = (
    "更改|修改|变更|變更|改|取消|换|換|撤销|撤銷|撤回|退|升|补发|補發|暂停|暫停|加(?![重快速])"
)
_MK40ZH_ACT_ASKED = re.compile(
    r"(?<![只才不])(?:能不能|可不可以|能否|可以|能)"
    r"(?:也|都|一起|只|先|直接|再|顺便|順便|帮我|幫我|给我|給我)*"
    r"(?:把[^，,。？?！!\s]{1,12}?(?:也|都|一起|只|先|直接)*(?:" + _MK40ZH_CHANGE + r")(?!成功)"
    r"|(?:也|都)(?:一起)?(?:" + _MK40ZH_CHANGE + r")"
    r"|(?:开|開|升|办|辦|补|補|换|換)[个個张張][\u4e00-\u9fff]{1,4}(?:吗|嗎|么|麼|[？?]|$))"
)
# ... and an act told with 吧 ("那查16号吧", "那我下单吧", "退吧") beside a question: a turn that asks
#   the agent to do a task and asks about it is a `request` (the r4 section's "Can you guys install
#   it? How much?"): the act decides.
_MK40ZH_ACT_TOLD = re.compile(
    r"^(?:(?:那|那就|就|那我|我|那行|行|好)[，,\s]*)*(?:(?:你|您)?(?:再|帮我|幫我|给我|給我)?)"
    r"(?:查|下单|下單|订|訂|买|買|办|辦|开|開|" + _MK40ZH_CHANGE + r")[^，,。？?！!]{0,10}吧$"
)
# - an act the user wants, bare ("充电宝想退了", "我想取消"): the want of an act on the user's own
#   things, beside a question or not, the task (mk39zh's _MK39ZH_WANTS_ACT, its bare verbs);
_MK40ZH_WANTS_BARE = re.compile(
    r"(?:想|想要|要)(?:退|取消|退订|退訂|退掉)(?:了|掉)?(?=[，,。！!\s]|因为|因為|$)"
)
# - after an answer or a confirmation, a further act opened by "对了", "还有", "另外", "顺便"
#   ("确认。对了以后地址也帮我改成这个", "…。还有我想把扣款换成银行卡"): the GUIDELINE's "declining … then
#   asking for a new task", a `request`, as mk39zh's "顺便帮我…";
_MK40ZH_TASK_ADDED = re.compile(
    r"(?:对了|對了|还有|還有|另外|顺便|順便)[，,\s]*[^。！!？?]{0,16}?"
    r"(?:(?:帮|幫|给|給|替)(?:我|我们|我們)(?:把|改|换|換|取消|退|开|開|办|辦|加)|(?:想|要)把)"
)
# - the need said met with no "no" before it ("好，就这样吧", "行，那没事了", "明白，那没问题了"): a
#   closing, a `greeting` (session 14's "That will be all"; "没有了，就这样" declines, an answer);
_MK40ZH_NEED_MET = re.compile(
    r"^\W*(?:(?:好的?|行|嗯+|明白了?|了解了?|知道了|ok|OK|Ok)[吧啊]?[，,。\s]*)+(?:那)?(?:就)?"
    r"(?:这样吧|這樣吧|没事了|沒事了|没问题了|沒問題了|没别的了|沒別的了)\W*$"
)
# - the agent's offer taken up in an order's words ("我也可以帮您转人工客服" -> "那你给我转人工吧";
#   "…的话，我现在可以帮您办" -> "那你把24号那次暂停吧"): choosing what the agent offered is an `answer`,
#   request verb or not (the r4 section), when the order repeats a word of the offer;
_MK40ZH_OFFER = re.compile(
    r"(?:我|我们|我們)(?:也|还|還|现在|現在|这边|這邊)*(?:可以|能)(?:帮|幫|给|給|为|為)(?:您|你)"
    r"([^。！!？?\n]{1,30})"
)
_MK40ZH_ORDER = re.compile(
    r"^\W*(?:(?:那|那就|就|好|好的|行)[，,\s]*)*(?:你|您)(?:就)?(?:帮我|幫我|给我|給我|把)?"
    r"([^，,。？?！!]{2,16}?)吧(?:[，,。！!\s]|$)"
)
# - a fact asked with a wh-word of number or time and no question mark ("新的几天能到", "是几号航站楼啊")
#   or as "A不A" ("贵不贵"): an information `question`, as the mark makes it; not what the user
#   does not know ("我也不知道是几号");
_MK40ZH_WH_NO_MARK = re.compile(
    # (not 几 as "a few": "等了几天", "送我几张", "前几天", "好几次", "有几个")
    r"(?<![了我你他她这這那前后後好过過十有])几(?:天|号|號|点|點|个|個|件|次|站|楼|樓|月|年|岁|歲|分钟|分鐘|小时|小時|周|週|位|张|張)"
    r"|多少|多久|多长时间|多長時間|什么时候|什麼時候|啥时候|啥時候"
    r"|(?<![不没沒])([\u4e00-\u9fff])不\1(?![\u4e00-\u9fff]{0,2}(?:的|得))"
)
# (a whether put inside the user's own act, "看看稳不稳", "留意带不带酸味", asks nothing)
_MK40ZH_EMBEDS = re.compile(
    r"看看|看一下|留意|注意|知道|确认|確認|试试|試試|问问|問問|观察|觀察|测|測|记|記|想想"
)
_MK40ZH_NOT_KNOWN = re.compile(r"不知道|不清楚|不记得|不記得|忘了|记不清|記不清")
# - a trouble supposed, and what then asked ("要是到了坏了怎么办"): what the rules allow under a
#   supposition, a `question` (mk39zh's supposed act), no fault of the user's to help with.
_MK40ZH_SUPPOSED_WHAT_NOW = re.compile(
    r"(?:要是|如果|假如|万一|萬一)[^，,。？?！!]{1,16}?(?:怎么办|怎麼辦|怎么处理|怎麼處理)"
)
_MK40ZH_AGENT_COURSE = re.compile(r"(?:你|您)(?:们|們)?(?:会|會|要)怎么办")
# - more of a kind asked with a quality worded "X一点的" ("有没有流量多一点的套餐", "有没有屏幕大点的"):
#   another option of the kind, REQUEST_ALTS (mk38zh's "有没有更便宜的", the comparison unnamed);
_MK40ZH_MORE_OF_KIND = re.compile(
    r"(?:有没有|有沒有|还有没有|還有沒有)[\u4e00-\u9fff]{0,4}?"
    r"(?:多|大|小|少|便宜|快|早|晚|长|長|短|高|低|好)(?:一)?(?:点|點)的"
)
# - a value given for a field of the case with nothing asked ("好吧，新地址是…", "邮箱是…"): the
#   GUIDELINE's "订单号是 …", an `answer`, though the agent's last message asked nothing;
_MK40ZH_FIELD_GIVEN = re.compile(
    r"^\W*(?:(?:好吧|好的?|行|嗯+|那)[，,\s]*)*(?:我的?|他的?|她的?)?(?:新的?)?(?:收货|收貨)?"
    r"(?:地址|手机号|手機號|电话|電話|订单号|訂單號|邮箱|郵箱|身份证号|身份證號|会员号|會員號)"
    r"(?:是|为|為|：|:)\s*[^\s，,。？?！!]{4,}"
)
# - a figure the agent just gave, echoed with a question mark and nothing asked after it ("712？？
#   这么多", "才200？我…"): pushback on the amount, `other` (the r4 section's rhetorical pushback);
#   a question beside it ("200？能不能多给点") asks;
_MK40ZH_FIGURE_ECHO = re.compile(r"^\W*(?:才|就|只有)?(\d+(?:\.\d+)?)(?:元|块|塊)?\s*[？?]+")
# - incredulity at what the agent told ("不会吧，…一班都没有？"): pushback, asks for no fact;
_MK40ZH_INCREDULOUS = re.compile(
    r"^\W*(?:不会吧|不會吧|不是吧|真的假的|开什么玩笑|開什麼玩笑)[，,！!。\s]"
)
_MK40ZH_ASKS = re.compile(
    r"吗|嗎|呢|能不能|可不可以|能否|是不是|有没有|有沒有|怎么|怎麼|为什么|為什麼|为啥|為啥|什么|什麼|啥"
    r"|多少|几|幾|哪|谁|誰"
)
# - a want to book told at the opening, beside how it goes ("我想给爸妈订两张机票…这个怎么弄啊"):
#   the task, and asking about it, a `request` (the r4 section's "Can you guys install it?");
_MK40ZH_WANTS_BOOKING = re.compile(
    r"(?:我|我们|我們)(?:想|想要|要)(?:给|給|帮|幫|替)?[^，,。？?！!]{0,6}?(?:订|訂|预订|預訂)"
    r"[^，,。？?！!]{0,4}?(?:张|張|间|間|个|個|晚|份)"
)
# - the check the agent asked for reported ("您先检查一下…有没有松动" -> "我看了，线是插着的…"): the
#   outcome asked told, an `answer` (session 29's step reported), failure or not.
_MK40ZH_CHECK_ASKED = re.compile(
    r"(?:检查|檢查|看|查看)(?:一下|下)[^。！？?\n]{0,24}(?:有没有|有沒有|是否|是不是)"
)
_MK40ZH_CHECK_REPORTED = re.compile(
    r"^\W*(?:(?:好的?|嗯+|行)[，,、\s]*)?(?:我)?(?:已经|已經|刚刚|剛剛|刚才|剛才)?"
    r"(?:看了|看过了|看過了|检查了|檢查了|检查过了|檢查過了|查了|查过了|查過了)"
)
_MK40ZH_SPLIT = re.compile(r"[，,;；。！!？?\s]+")


def _mk40zh_offer_taken(text: str, previous: str) -> bool:
    """True when ``text`` orders what ``previous`` offered (:data:`_MK40ZH_OFFER`), repeating
    two characters of the offer's sentence."""
    order = _MK40ZH_ORDER.match(text)
    if order is None:
        return False
    words = order.group(1)
    tail = previous[-_AGENT_TAIL:]
    for offer in _MK40ZH_OFFER.finditer(tail):
        # the offered act with what its sentence names before the offer ("24号之后需要暂停的话，
        # 我现在可以帮您办")
        opens = max(tail.rfind(p, 0, offer.start()) for p in "。！!？?\n") + 1
        act = tail[opens : offer.end()]
        if any(_CJK.match(words[i]) and words[i : i + 2] in act for i in range(len(words) - 1)):
            return True
    return False


def _mk40zh_turn(text: str, previous: str, verdict: tuple[str, str]) -> tuple[str, str] | None:
    """The readings of the block above (mk40zh, made-up, session 34), or None."""
    kind = verdict[0]
    clauses = [c for c in _MK40ZH_SPLIT.split(text) if c]
    if (
        kind == "request"
        and previous.strip()
        and _MK40ZH_SUPPOSED_WHAT_NOW.search(text)
        # (not the agent's own course asked, "你会怎么办", nor an act asked for the user)
        and not _MK39ZH_FOR_ME.search(text)
        and not _MK40ZH_AGENT_COURSE.search(text)
    ):
        return "question", "supposed_what_now"
    if kind == "question" and _MK39ZH_SUPPOSED_ACT.search(text) is None:
        for clause in clauses:
            if _MK40ZH_ACT_ASKED.search(clause) and _ZH_WH_FACT.search(clause) is None:
                return "request", "act_asked"
            if _MK40ZH_WANTS_BARE.search(clause):
                return "request", "act_wanted"
        # (after the agent asked a choice or a go-ahead, the act told picks it, the reply, and the
        # question beside it decides: "退支付宝吧，多久能到账？" after "请问选哪种？")
        asked = _QUESTION_MARK.search(previous) or _patterns()["agent_asks"].search(previous)
        if not asked and any(_MK40ZH_ACT_TOLD.match(c) for c in clauses):
            return "request", "act_told"
    if kind == "question" and _MK40ZH_MORE_OF_KIND.search(text):
        return "request", "more_of_kind"
    if kind == "question" and not previous.strip() and _MK40ZH_WANTS_BOOKING.search(text):
        return "request", "wants_booking"
    if kind == "question" and previous.strip():
        echo = _MK40ZH_FIGURE_ECHO.match(text)
        rest = text[echo.end() :] if echo is not None else ""
        if (
            echo is not None
            and echo.group(1) in previous[-_AGENT_TAIL:]
            and not _MK40ZH_ASKS.search(rest)
            and not _QUESTION_MARK.search(rest)
        ):
            return "other", "figure_echoed"
        incredulous = _MK40ZH_INCREDULOUS.match(text)
        if incredulous is not None and not _MK40ZH_ASKS.search(text, incredulous.end()):
            return "other", "incredulous"
    if (
        kind == "other"
        and previous.strip()
        and not _QUESTION_MARK.search(text)
        and (
            _MK40ZH_FIELD_GIVEN.match(text)
            or (_MK40ZH_CHECK_ASKED.search(previous) and _MK40ZH_CHECK_REPORTED.match(text))
        )
    ):
        return "answer", "value_or_check_given"
    if kind == "answer" and previous.strip() and _MK40ZH_TASK_ADDED.search(text):
        return "request", "task_added"
    if kind in ("answer", "other") and previous.strip() and _MK40ZH_NEED_MET.match(text):
        return "greeting", "need_met"
    if (
        kind in ("request", "other")
        and previous.strip()
        and not _QUESTION_MARK.search(text)
        and _mk40zh_offer_taken(text, previous)
    ):
        return "answer", "offer_taken"
    if (
        kind == "other"
        and verdict[1] == "fallback"
        and not _QUESTION_MARK.search(text)
        and any(_MK40ZH_WH_NO_MARK.search(c) and _MK40ZH_EMBEDS.search(c) is None for c in clauses)
        and _MK40ZH_NOT_KNOWN.search(text) is None
    ):
        return "question", "wh_no_mark"
    return None


def _zh_step_reading(text: str, previous: str, verdict: tuple[str, str]) -> tuple[str, str] | None:
    """A Chinese turn that reports the agent's step done (:data:`_ZH_REPORTS_STEP`), or None."""
    if (
        verdict[0] not in ("other", "greeting", "request")
        or "？" in text
        or "?" in text
        or not (_ZH_STEP_GIVEN.search(previous) or _MK38ZH_STEP_GIVEN.search(previous))
        or not _ZH_REPORTS_STEP.match(text)
    ):
        return None
    if _ZH_OUTCOME_ASKED.search(previous) or not _ZH_STEP_FAILED.search(text):
        return "answer", "step_reported"
    return "other", "step_failed_told"


def _step_reading(
    text: str, previous: str, context: str, verdict: tuple[str, str]
) -> tuple[str, str]:
    """Readings of a customer walked through a support agent's steps (session 29's
    rulings): the next step asked after a step's report is a `request`, the step taken up or
    its outcome told an `answer`, a how-to asked when nothing is broken a `question`, and a
    fault told after the agent's first greeting offer a `request`."""
    if _CJK.search(text):
        step = _zh_step_reading(text, previous, verdict)
        if step is not None:
            return step
        taken = _mk38zh_turn(text, previous, verdict)
        if taken is not None:
            return taken
        taken = _mk39zh_turn(text, previous, verdict)
        if taken is not None:
            return taken
        taken = _mk40zh_turn(text, previous, verdict)
        if taken is not None:
            return taken
        return _member_reading(text, previous, context, verdict)
    if not previous.strip():
        return verdict
    sentences = _sentences(text)
    if not sentences:
        return verdict
    asks = any(_is_question(s) for s in sentences)
    if (
        verdict[0] == "question"
        and len(sentences) > 1
        and _NEXT_STEP_ASK.match(sentences[-1])
        and not any(_is_question(s) for s in sentences[:-1])
        # "I deleted them. Now what?": a short report counts (session 32, round 34)
        and any(len(s.split()) >= 4 or _REPORTS_STEP.match(s) for s in sentences[:-1])
    ):
        return "request", "next_step_asked"
    tail = " ".join(_sentences(" ".join(previous.split()))[-4:])
    closes = verdict[0] == "greeting" and _THANKS_WORD.search(text) is not None
    if (
        not asks
        and not closes
        and verdict[0] in ("other", "greeting", "request")
        and _STEP_GIVEN.search(tail)
        and not _WILL_GIVE.search(text)
    ):
        first = sentences[0]
        shared = _content_words(text) & _content_words(previous)
        outcome = _OUTCOME_ASKED.search(tail) is not None
        if (
            (verdict[0] != "request" or outcome)
            and _TAKES_STEP.match(first)
            and not _PLAN_LATER.search(first)
            and (shared or _STEP_NAMED_BACK.search(first) or _step_verb_taken_up(first, tail))
        ):
            return "answer", "takes_step"
        # a step told failed ("I've rebooted it, but it still crashes") answers only a step
        # whose outcome was asked for; after a plain instruction it stays round 12's `other`
        failed = verdict[0] == "request" or _STEP_FAILED.search(text) is not None
        if _REPORTS_STEP.match(first) and shared and (outcome or not failed):
            return "answer", "step_reported"
        if (
            verdict[0] == "request"
            and not outcome
            and _REPORTS_STEP.match(first)
            and _STEP_FAILED.search(text)
            and (shared or _STEP_NAMED_BACK.search(first))
        ):
            # "I turned it on but it still doesn't work." after a plain instruction: the
            # failed step told with no ask, round 12's `other` (session 28's ruling)
            return "other", "step_failed_told"
    if (
        verdict == ("request", "q_act")
        and _UNSURE_HOW.search(text)
        and _GUIDE_ME.search(sentences[-1])
    ):
        return "question", "how_to_step"
    if (
        verdict[0] in ("answer", "question")
        and context == "open"
        and _greeting_offer(previous)
        and not asks
        and _OWN_FAULT.search(text)
    ):
        return "request", "fault_after_greeting"
    return verdict


# Session 32, round 34's callers and shop customers (an LLM-written IT helpdesk that walks a
# caller through steps it gives as suggestions; a shop's and an AI company's support agents),
# each read by a clause of the GUIDELINE ("Turn rulings of session 29", the round's notes):
#
# the agent's step given as a suggestion, a wait or a next step ("You can do this via Device
# Manager", "you might want to try a different USB port", "it may be worth checking …", "I
# recommend …", "Now try printing a test page", "Please hold on for a moment", "I'll be here")
# is a step as an instruction is (session 29's "the step taken up, or its outcome told");
_CALL34_STEP = re.compile(
    r"\byou\s+(?:can|could|may|might)\s+(?:also\s+)?(?:want\s+to\s+)?(?:consider\s+)?"
    r"(?:try|do|check|use|run|go|open|type|find|see|disable|enable|restart|access|clos|delet"
    r"|updat|right-click|navigate|select)"
    r"|\btry\s+(?:\w+ing|to)\b|\blet['’]s\s+try\s+(?:to|\w+ing)\b"
    r"|\bi\s+(?:recommend|suggest)\s+(?:\w+ing|that\s+you|you)\b"
    r"|\b(?:may|might|could)\s+be\s+(?:worth|worthwhile|beneficial|a\s+good\s+idea)\b"
    r"|\bhold\s+on\b|\b(?:i['’]ll|i\s+will)\s+be\s+(?:here|waiting)\b"
    r"|\blet\s+me\s+know\s+(?:once|when|if|whether)\b"
    r"(?!\s+(?:you|u)(?:\s+(?:need|have\s+any|want|would|require)|['’]d))|\bgo\s+ahead\s+and\b"
    r"|\b(?:can|could)\s+you\s+(?:please\s+)?(?:try|check|go|navigate|open|plug|verify|confirm|look"
    r"|restart|run)\b|\bplease\s+(?:\w+\s+)?(?:access|check|verify|try|open|go|navigate|select"
    r"|click|plug|unplug|restart|run|delete)\b|\bmake\s+sure\b|\bgo\s+to\s+(?:the|your)\b"
    r"|(?:^|[.!?]\s+)(?:now\W+|please\s+)?(?:try|check|open|click|select|type|run|restart"
    r"|make\s+sure|disable|enable|delete|unplug|plug|press|go\s+to|navigate)\b",
    re.IGNORECASE,
)
# ... the agent waits for the step's outcome ("Please hold on", "I'll be here", "Just let me
# know once …"): a report of a step that failed answers it, as one the agent asked for does;
_CALL34_WAITS = re.compile(
    r"\bhold\s+on\b|\b(?:i['’]ll|i\s+will)\s+be\s+(?:here|waiting)\b"
    r"|\blet\s+me\s+know\s+(?:once|when)\b|\btake\s+your\s+time\b",
    re.IGNORECASE,
)
# ... a clause of the caller's that takes the step up or tells what it showed ("Okay, I'm
# looking at the Startup tab now.", "I'm waiting.", "I haven't run a scan in a while.", "I've
# entered my new password.", "Alright, I see it.", "It still shows offline.", "It worked!",
# "Okay, I'm back.", "I can grab my phone and check");
_CALL34_REPLY = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|all\s+right|sure|got\s+it|great|yes|yeah|perfect)\W+)?(?:"
    r"i(?:['’]ll|\s+will)\s+(?:definitely\s+|now\s+|just\s+)?(?!need\b|have\s+to\b|make\s+sure\b|be\b)\w+"
    r"|i(?:['’]ll|\s+will)\s+make\s+sure\s+to\s+follow\b"
    r"|i(?:['’]m|\s+am)\s+(?:now\s+|just\s+)?(?:back\b|(?!looking\s+(?:for|to)|searching|going|shopping"
    r"|interested|wondering|hoping|planning|thinking|contacting)\w+ing\b)"
    r"|let\s+me\s+(?:find|check|look|try|see|do)\b"
    r"|i(?:['’]ve|\s+have)\s+(?:just\s+|now\s+|already\s+)?(?:\w+ed|run|done|taken|seen|found)\b"
    r"|i\s+haven['’]?t\s+(?:\w+ed|run|done|tried)\b"
    r"|i\s+(?:found|see\s+(?!that\b)|can\s+see\s+(?!that\b)|deleted|restarted|checked|tried|ran|did|switched|cleared"
    r"|plugged|unplugged|disabled|enabled|updated|opened|closed|rebooted|reconnected)\b"
    r"|i\s+can\s+(?:grab|use|get)\s+[^.!?…]*\band\s+(?:check|see|try)\b"
    r"|it\s+(?:looks\s+like|worked|works|still|shows|connects|(?:is|['’]s)\s+(?:now|currently|still|set|working))\b"
    r"|(?:they|the\s+\w+(?:\s+\w+)?)\s+(?:(?:are|is|['’]re)\s+(?:now\s+|still\s+)?"
    r"(?:working|showing|set|connected|not)|still|worked|has\s+(?:now\s+)?\w+ed)\b"
    r")",
    re.IGNORECASE,
)
# ... a step told failed ("I still can't access it there either", "the keyboard lights aren't
# coming on"): an answer only where the outcome was asked or awaited; after a plain suggestion it
# stays round 12's `other` (session 29);
_CALL34_BACK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|sure|got\s+it|yes|yeah)\W+)?(?:i(?:['’]ll|\s+will|['’]ve|\s+have)?\s+)?"
    r"(?:\w+\s+){0,3}?(?:that|this|those|them|it)\b|\byou\s+(?:mentioned|said|suggested)\b",
    re.IGNORECASE,
)
_CALL34_FAILED = re.compile(
    r"\bkeeps?\s+(?:getting|showing|\w+ing)\b|"
    r"\b(?:isn['’]?t|aren['’]?t|not)\s+(?:working|coming\s+on|responding|showing\s+up)\b"
    r"|\bstill\s+(?:happening|there|the\s+same|sluggish|slow|lagging|offline)\b"
    r"|\bcan['’]?t\s+(?:\w+\s+)?(?:access|get\s+in|connect|start|open|log\s+in)\b",
    re.IGNORECASE,
)
# ... a suggestion taken up in a verdict on it ("That sounds like a plan.", "That makes sense.",
# "That sounds reasonable, but …", "I think that might be best", "That's probably what I'll have
# to do", "That might be necessary."): the r4 section's accepting what was offered, an `answer`;
_CALL34_ACCEPTS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright|yes|yeah)\W+)?(?:i\s+think\s+)?that(?:"
    r"\s+sounds\s+(?:like\s+a\s+(?:good\s+)?plan|reasonable|good|fair|like\s+a\s+good\s+idea)"
    r"|\s+makes\s+sense|\s+(?:might|may|would)\s+be\s+(?:best|necessary|the\s+best\s+option)"
    r"|(?:['’]s|\s+is)\s+probably\s+what\s+i\b)",
    re.IGNORECASE,
)
# ... pushback on the steps, asking nothing ("That sounds complicated. … I just need it to
# work.", "Upgrading RAM sounds like a hassle.", "It's really disappointing since …", "I just
# want to get everything set up properly without …"): the round's notes, the top section's
# pushback, `other`; a question in it only echoes the step ("A system restore?") or asks why it
# is hard ("Why can't this just be fixed easily?": the r4 section's rhetorical pushback);
_CALL34_PUSHBACK = re.compile(
    r"\bsounds?\s+(?:\w+\s+)?(?:complicated|like\s+a\s+hassle|time-consuming|tedious)\b"
    r"|\bhassle\b|\bdisappointing\b|\bi\s+just\s+feel\s+stuck\b"
    r"|\bi\s+just\s+(?:want|need)\s+(?:it|my|this|the|everything|to\s+get)\b[^.!?]*"
    r"\b(?:work|working|fixed|functional|set\s+up)\b",
    re.IGNORECASE,
)
_CALL34_RHETORIC = re.compile(
    r"^\W*why\s+(?:can['’]?t|won['’]?t|isn['’]?t|doesn['’]?t)\s+(?:this|it|that)\s+just\b"
    r"|^\W*(?:an?|the)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*\?\s*$",
    re.IGNORECASE,
)
# ... a stall before the step ("Okay, I'll need to gather a little more information before
# starting that."): the top section's stalling, `other`;
_CALL34_STALLS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|alright)\W+)?i(?:['’]ll|\s+will)\s+need\s+to\s+[^.!?]*\bbefore\b",
    re.IGNORECASE,
)
# ... another fault told mid-call ("Now, about the keyboard—sometimes it doesn't respond", "What
# about the mouse? Sometimes it just stops moving."): the round's notes, a problem report, a
# `request`;
_CALL34_NEXT_TOPIC = re.compile(
    r"(?:^|[.!?…]\s*)(?:now|also|and)?\W*(?:what\s+)?about\s+(?:the|my)\s+\w+", re.IGNORECASE
)
_CALL34_FAULT = re.compile(
    r"\b(?:stops?|lags?|freezes?|flickers?|flickering|doesn['’]?t\s+respond|won['’]?t"
    r"|isn['’]?t\s+working|not\s+working|crash\w*)\b",
    re.IGNORECASE,
)
# ... the caller's or customer's own fault told, nothing asked ("I'm having some performance
# issues with my laptop.", "my laptop is running extremely slow", "I'm having a critical issue
# with my integration and nothing works!", "my project is yet to be delivered"): a problem
# report (the top section's "邮箱打不开了"), a `request`, after the first offer of help or an
# answer;
_CALL34_OWN_PROBLEM = re.compile(
    r"\b(?:i['’]m|i\s+am)\s+(?:really\s+)?(?:having|experiencing|facing)\s+(?:\w+\s+){0,3}?"
    r"(?:issues?|problems?|trouble)\s+with\s+(?:my|our)\b"
    r"|\bmy\s+\w+\s+is\s+running\s+(?:very\s+|extremely\s+|really\s+|so\s+)?slow"
    r"|\bmy\s+\w+\s+(?:is|are)\s+(?:yet\s+to\s+be|still\s+not)\s+(?:delivered|completed|done|shipped)\b",
    re.IGNORECASE,
)
# ... a greeting that names the agent ("Hi, Eev", "hello, Eev") or the user ("Hi. I'm
# Dipeolu"): a `greeting` (session 17); the name alone after the first offer of help ("I'm
# Ayomide", "My name is Ayomide") says who the user is, `other` (session 31);
_CALL34_HI_NAME = re.compile(
    r"^\W*(?:hi|hello|hey|good\s+(?:morning|afternoon|evening|day))\W+(?:there\W+)?"
    r"(?:(?:i['’]m|i\s+am|my\s+name\s+is|this\s+is)\s+)?(?-i:[A-Z])\w*\W*$",
    re.IGNORECASE,
)
_CALL34_NAME_ONLY = re.compile(
    r"^\W*(?:i['’]m|i\s+am|my\s+name\s+is)\s+(?-i:[A-Z])\w*\W*$", re.IGNORECASE
)
# ... facts asked in act words: an estimated date confirmed ("Can you confirm the estimated
# delivery date for order #43189?"), what the agent remembers, names to look up, what a named
# firm offers (session 17's "Can you provide …"), what is going on with the user's order
# (session 21's fact asked beside a problem): `question`s; asking whether one may ask ("can I
# ask something?") asks nothing yet (session 17), `other`, and so does "I don't understand you"
# (pushback, asking nothing new);
_CALL34_FACT_ASKED = re.compile(
    r"\b(?:can|could)\s+you\s+(?:please\s+)?confirm\s+(?:the|my)\s+(?:\w+\s+){0,2}"
    r"(?:date|time|status)\b"
    r"|\b(?:can|could|do)\s+you\s+(?:still\s+)?(?:remember|recall)\b"
    r"|\b(?:can|could)\s+you\s+(?:please\s+)?(?:give|tell|share)\s+(?:me\s+)?(?:the\s+)?names?\s+of\b"
    r"|^\W*what\s+(?:products|services)\s+(?:does|do)\s+(?-i:[A-Z])"
    r"|(?:^|[.!]\s+)what['’]s\s+going\s+on\s*\?\s*$",
    re.IGNORECASE,
)
_CALL34_ASKS_NOTHING = re.compile(
    r"^\W*(?:can|may)\s+[iı]\s+ask\s+(?:you\s+)?(?:some\w*|a\s+question)\W*$"
    r"|^\W*i\s+(?:don['’]?t|do\s+not)\s+understand\s+(?:you|that|this)\b[^?]*\?*\s*$",
    re.IGNORECASE,
)
# ... a yes or no, then a remedy the agent's message did not offer ("No, I just want my money
# back.", "Yes please, send me the right one!"): a new act (session 5), a `request`; one the
# message listed among its options ("… or process a refund. What works best for you?" -> "No, I
# don't want replacement or store credit. Just refund to my card please.") picks it, an
# `answer` (session 16);
_CALL34_REMEDY = re.compile(
    r"\b(?:want|need|give|send|get|would\s+like)\s+(?:me\s+)?(?:my\s+|a\s+|the\s+)?"
    r"(?:money\s+back|refund|replacement|(?:right|correct)\s+(?:one|items?))\b",
    re.IGNORECASE,
)
_CALL34_REMEDY_OFFERED = re.compile(
    r"\b(?:refund|money\s+back|replac\w+|correct\s+items?|right\s+(?:one|items?)|store\s+credit)\b",
    re.IGNORECASE,
)
_CALL34_PROPOSAL = re.compile(
    r"\b(?:would\s+(?:that|this|it)\s+work|would\s+you\s+like|shall\s+i|should\s+i|do\s+you\s+want)\b",
    re.IGNORECASE,
)
# ... "Not right now." to "Do you have any other questions?", then the caller's own plan:
# declining more help without thanks, an `answer` (the top section).
_CALL34_NOT_NOW = re.compile(
    r"^\W*(?:no|nope|not\s+(?:right\s+)?now|not\s+at\s+the\s+moment|not\s+for\s+now)\W*$",
    re.IGNORECASE,
)
_CALL34_OWN_PLAN = re.compile(r"^\W*(?:i\s+think\s+)?i(?:['’]ll|\s+will)\b", re.IGNORECASE)


def _call34_clauses(text: str) -> list[str]:
    """The sentences of ``text``, split at an ellipsis too ("Let me check… Yes, it's set")."""
    return [c for s in _sentences(text) for c in re.split(r"…|\.\.\.", s) if c.strip()]


def _call34_reading(
    text: str, previous: str, context: str, verdict: tuple[str, str]
) -> tuple[str, str] | None:
    """The class of a caller's or support customer's turn (session 32, round 34), or ``None``:
    a step taken up or its outcome told, a suggestion accepted, pushback, a stall, another
    fault told, the user's own problem, a greeting by name, facts asked in act words, a remedy
    after a yes or no."""
    t = " ".join(text.split())
    if not t or _CJK.search(t):
        return None
    asks = "?" in t
    if _CALL34_HI_NAME.match(t):
        return "greeting", "call34_hi_name"
    if context in ("open", "opening") and _CALL34_NAME_ONLY.match(t):
        return "other", "call34_name_only"
    if _CALL34_ASKS_NOTHING.match(t):
        return "other", "call34_asks_nothing"
    if verdict[0] in ("request", "question") and _CALL34_FACT_ASKED.search(t):
        return "question", "call34_fact_asked"
    if (
        verdict == ("answer", "yes_no")
        and context == "solicit"
        and _CALL34_REMEDY.search(t)
        # "no I want a refund" to "would that work for you?" declines the proposal with its
        # alternative: an answer (round 11)
        and not _CALL34_PROPOSAL.search(previous[-_AGENT_TAIL:])
        and not _CALL34_REMEDY_OFFERED.search(previous)
    ):
        return "request", "call34_remedy_unoffered"
    if (
        verdict == ("request", "decline_asks")
        and context == "solicit"
        and _CALL34_REMEDY.search(t)
        and _CALL34_REMEDY_OFFERED.search(previous[-_AGENT_TAIL:])
    ):
        return "answer", "call34_remedy_listed"
    if not asks and context in ("open", "opening", "none") and _CALL34_OWN_PROBLEM.search(t):
        return "request", "call34_own_problem"
    clauses = _call34_clauses(t)
    if not clauses or not previous.strip():
        return None
    if (
        context == "open"
        and not asks
        and len(clauses) > 1
        and _CALL34_NOT_NOW.match(clauses[0])
        and all(_CALL34_OWN_PLAN.match(c) for c in clauses[1:])
    ):
        return "answer", "call34_not_now"
    if _THANKS_WORD.search(t):
        return None  # thanks beside it: the closings' rules read it
    if not asks and _CALL34_ACCEPTS.match(clauses[0]):
        return "answer", "call34_accepts"
    if (
        # after the agent's question, pushback declines what it asked: a reply (session 5)
        context in ("none", "failed", "open")
        and _CALL34_PUSHBACK.search(t)
        and all(_CALL34_RHETORIC.match(c) for c in clauses if "?" in c)
    ):
        return "other", "call34_pushback"
    tail = " ".join(_sentences(" ".join(previous.split()))[-4:])
    if not _CALL34_STEP.search(tail):
        return None
    if _CALL34_NEXT_TOPIC.search(t) and (_CALL34_FAULT.search(t) or _OWN_FAULT.search(t)):
        return "request", "call34_next_fault"
    if asks:
        return None
    if _CALL34_STALLS.match(t):
        return "other", "call34_stalls"
    if _WILL_GIVE.search(t):
        return None
    if not any(_CALL34_REPLY.match(c) for c in clauses) or _PLAN_LATER.search(clauses[0]):
        return None
    # the reply names the step back or shares its words ("I tried the app yesterday and liked
    # it." after "You can update the card …" tells of something else)
    waits = _CALL34_WAITS.search(tail) is not None  # "I'm waiting." after "Please hold on."
    if not (
        waits
        or _content_words(t) & _content_words(tail)
        or any(_CALL34_BACK.search(c) for c in clauses)
    ):
        return None
    failed = _CALL34_FAILED.search(t) or _STILL_FAULT.search(t)
    if failed and not (context == "solicit" or _OUTCOME_ASKED.search(tail) or waits):
        return "other", "call34_step_failed"
    return "answer", "call34_step_reply"


# Session 28, round 27's shop conversations (SynTOD's LLM-simulated shoppers), each read by a
# GUIDELINE clause:
#
# a turn that writes a script for the agent's user ("Sure! Here's a single sentence prompt you
# can use: …", "Here's a possible response: …"): "a user who speaks as the helper (… a reply that
# writes the agent's script) is `other`", whatever the script asks (round 21's handed-over body);
_HANDED_SCRIPT = re.compile(
    r"\W*(?:(?:sure|okay|ok|certainly|absolutely|of\s+course)\W+)?"
    r"(?:i\s+can\s+help\s+you\s+with\s+that\W+)?here(?:['’]s|\s+is)\s+(?:a|an|one)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:prompt|response|reply)\b"
    r"(?:\s+(?:you\s+can\s+use|for\s+the\s+\w+|to\s+the\s+\w+|asking\b)|\s*:)",
    re.IGNORECASE,
)
# a turn in the shop's voice: it offers help, speaks of the listener's cart, or offers to put an
# item in it ("I'd be happy to help you find…", "I can assist you in checking…", "As your
# shopping assistant, I would recommend…", "I'll remove the pull from your compare list", "Shall
# I add it to the cart?", "Are you ready to add … to your shopping cart?", "Maybe you would like
# to compare it with…"): "a simulated user who speaks as the agent (offers help, asks the agent
# about its plans, lists options back) is `other`";
_SHOP_VOICE = re.compile(
    r"\b(?:i['’]d|i\s+would|i['’]m|i\s+am)\s+(?:be\s+)?(?:happy|glad|delighted)\s+to\s+help\s+you\b|"
    r"\bi\s+can\s+(?:help|assist)\s+you\b|\b(?:can|may)\s+i\s+(?:help|assist)\s+you\b|"
    r"\bhow\s+(?:can|may)\s+i\s+(?:help|assist)\s+you\b|\bas\s+your\s+(?:\w+\s+)?assistant\b|"
    r"\b(?:to|from|in|into)\s+your\s+(?:shopping\s+)?(?:cart|basket|compare\s+list|comparison\s+list|"
    r"wish\s*list)\b|"
    r"\b(?:shall|should|may)\s+i\s+(?:add|put|place|remove)\b[^.?!]{0,60}?\b(?:cart|basket|list)\b|"
    r"\b(?:are\s+you\s+ready|would\s+you\s+like|you\s+would\s+like|do\s+you\s+want)\s+to\s+"
    r"(?:add|buy|purchase|compare|check\s*out)\b",
    re.IGNORECASE,
)
# ... but a turn in that voice that opens by doing the act the agent's message offered ("Sure,
# I'll add the second option for comparison. Is there anything else …?" after "Compare its
# powers?", "Let's get that flag in your cart." after "purchase this flag now or add it to your
# cart?") still takes the option: an `answer` (the round's notes; round 7's choice in a
# request's words); one that only greets in the shop's words ("Hi there! How can I help you
# today?") a `greeting`.
_DOES_ACT = re.compile(
    r"\W*(?:(?:sure|okay|ok|alright|all\s+right|great)\W+)?(?:i['’]ll|i\s+will|let['’]s)\s+"
    r"(?:\w+\s+){0,3}?(?:add|get|put|compare|purchase|buy)\b",
    re.IGNORECASE,
)
_SHOP_GREETING = re.compile(
    r"\W*(?:hi|hello|hey)(?:\s+there)?\W+how\s+(?:can|may)\s+i\s+(?:help|assist)\s+you"
    r"(?:\s+today)?\W*",
    re.IGNORECASE,
)
# The shop's acts a menu offers and a turn asks for: the cart, the comparison list, buying.
_SHOP_ACTS = (
    (
        "cart",
        re.compile(
            r"\b(?:add|put|place|get)\b[^.?!]{0,80}?\b(?:cart|basket|shopping\s+bag)\b|\badd\s+to\s+cart\b",
            re.I,
        ),
    ),
    ("compare", re.compile(r"\bcompar(?:e|ing|ison)\b", re.I)),
    ("buy", re.compile(r"\b(?:buy|purchas(?:e|ing)|check\s*out|checkout)\b", re.I)),
)
_SHOP_MENU_TAIL = 400  # the menu of acts closes the agent's message
# the facts of the user's own cart or list ("Show me my cart.", "Can you please show me the
# list of products I have marked to buy?"): session 18's "Show me …" of the user's own order,
# a `question`;
_OWN_CART = re.compile(
    r"\b(?:show|see|view|display)\s+(?:me\s+)?(?:my|the)\s+(?:shopping\s+)?"
    r"(?:cart|basket|compare\s+list|comparison\s+list|wish\s*list|"
    r"list\s+of\s+(?:the\s+)?(?:products|items)\s+(?:that\s+)?i(?:['’]ve|\s+have)?\s+\w+)",
    re.IGNORECASE,
)
_CART_WITH_MINE = re.compile(r"\bcart\s+with\s+the\s+(?:products|items)\s+i['’]ve\b", re.IGNORECASE)
# a pick of the items the agent's message listed ("- Give me the first option.", "I'm
# interested in the one with the white colors.", "Option 3: I like the style of …"): session
# 17's want that picks among the options listed, an `answer`.
_PICKS_ITEM = re.compile(
    r"\W*(?:option\s+\d+\s*:|(?:give\s+me|i['’]ll\s+take|i\s+(?:like|want|choose|prefer)|"
    r"i['’]m\s+(?:interested\s+in|going\s+with))\s+(?:the\s+(?:one|item|option|product)\s+"
    r"(?:with|that)\b|the\s+(?:first|second|third|fourth|fifth|last)\s+(?:one|option|item)\b))",
    re.IGNORECASE,
)


# A first message that tells a fault of the user's own device or account and asks, in the
# passive, for it to be fixed ("My thermostat reads 6 degrees colder than the room. Can it be
# calibrated?", "The intercom is way too loud when someone buzzes me. Can that be turned
# down?"): session 21's remedy of the user's own item asked in a first message (and session
# 14's fixing the user's own fault), a `request`, as "Is it possible to change …?" is.
_PASSIVE_FIX = re.compile(
    r"\b(?:can|could)\s+(?:it|that|this|they|these|those|(?:the|my)\s+\w+)\s+be\s+"
    r"(?:\w+ed|reset|set|fixed|turned\s+(?:up|down|off|on))\b(?:\s+(?:up|down|off|on))?\s*\?\s*$",
    re.IGNORECASE,
)
_MINE_TOLD = re.compile(r"\b(?:my|me|mine)\b", re.IGNORECASE)


def _fix_asked_passive(text: str) -> bool:
    """True when the turn tells something of the user's own and ends asking, in the passive,
    for it to be fixed (:data:`_PASSIVE_FIX`)."""
    typed = " ".join(text.split())
    fix = _PASSIVE_FIX.search(typed)
    return fix is not None and _MINE_TOLD.search(typed, 0, fix.start()) is not None


# an item described for the agent to find, after any question ("I'm looking for a watch that's
# both casual and stylish", "Can you help me find a laptop with 16gb of RAM, please?", "Show me
# other products available in different sizes"): session 17's "describing the item asked for
# instead of naming it" asks for a search, a `request`, and so does a new one after the agent's
# offer of acts (session 5's new task);
_SEARCH_WANT = re.compile(
    r"\b(?:i['’]m|i\s+am)\s+(?:also\s+)?(?:looking|searching|shopping)\s+for\s+(?:an?|some|any)\b|"
    r"\b(?:can|could|would)\s+you\s+(?:please\s+)?(?:help\s+me\s+)?(?:find|suggest|recommend|show\s+me)"
    r"\s+(?:me\s+)?(?:an?|some|other|more|similar)\b|"
    r"^\W*(?:please\s+)?show\s+me\s+(?:some\s+)?(?:other|more|similar)\s+(?:products|items|options)\b",
    re.IGNORECASE,
)
# a shop act asked as such (an imperative or a wish, not a value named in passing)
_SHOP_ACT_ASKED = re.compile(
    r"^\W*(?:please\s+)?(?:include|add|put|compare)\b|\b(?:i['’]d|i\s+would)\s+like\s+to\s+"
    r"(?:add|compare|buy|purchase)\b",
    re.IGNORECASE,
)


def _shop_turn(text: str, previous: str, verdict: tuple[str, str]) -> tuple[str, str] | None:
    """The class of a shop conversation's turn the rules above misread (session 28, round 27),
    or ``None``: a script handed over, the shop's voice, the act the menu offered, the user's
    own cart shown, a pick of the listed items."""
    typed = " ".join(text.split())
    if not typed:
        return None
    if _HANDED_SCRIPT.match(typed):
        return "other", "handed_script"
    tail = " ".join(previous.split())[-_SHOP_MENU_TAIL:]
    offered = {name for name, pattern in _SHOP_ACTS if pattern.search(tail)}
    if _SHOP_VOICE.search(typed):
        if _SHOP_GREETING.fullmatch(typed):
            return "greeting", "shop_greeting"
        done = _DOES_ACT.match(typed)
        if done is not None and any(
            name in offered and pattern.search(typed) for name, pattern in _SHOP_ACTS
        ):
            return "answer", "shop_voice_takes_act"
        return "other", "shop_voice"
    if verdict[0] in ("request", "answer") and (
        _OWN_CART.search(typed) or _CART_WITH_MINE.search(typed)
    ):
        return "question", "own_cart"
    if verdict[0] == "request" and len(offered) >= 2:
        asked = {name for name, pattern in _SHOP_ACTS if pattern.search(typed)}
        if asked and asked <= offered:
            return "answer", "menu_act"
    if verdict[0] == "other" and _PICKS_ITEM.match(typed):
        return "answer", "picks_item"
    if verdict[0] == "answer":
        asked = {name for name, pattern in _SHOP_ACTS if pattern.search(typed)}
        if asked and not asked & offered and _SHOP_ACT_ASKED.search(typed):
            # "Include the capris in the comparison list" after "add these capris to your
            # cart, or learn more?": an act the agent did not offer (session 5's new task)
            return "request", "unoffered_shop_act"
        if offered and _SEARCH_WANT.search(typed):
            # after a message that closes offering the cart, the comparison or buying, not
            # after "What are you looking for?" (where naming what is wanted answers)
            return "request", "describes_search"
    return None


# A task on the agent's own answer, or the next work product after it (session 22's "a task
# on the agent's own answer": "Rewrite your previous response, making it shorter.", "Now do it
# in Python instead."; session 20's task on given material): "Reformulate your earlier reply
# …", "Amend your earlier answer by …", "Rework your previous response.", "Identify and fix one
# incorrect fact in your previous response.", "Take a moment to evaluate and critique your own
# response.", "Now, do the same task again but …", "Come up with 3 similar examples …",
# "Craft a succinct and persuasive pitch …": an act and its product, a `request`, whatever the
# agent's message asked before it (a long answer often ends on an offer or a question).
_REWORKS = re.compile(
    r"^\s*(?:(?:now|next|then|ok(?:ay)?|great|good|thanks?)[,!.]?\s+)?(?:with\s+[^,.?!\n]{1,60},\s*)?"
    r"(?:please\s+|can\s+you\s+|could\s+you\s+)?"
    r"(?:(?:reformulate|amend|modify|rework|revise|rewrite|rephrase|redo|restructure|adapt|edit"
    r"|shorten|condense|expand|translate|summari[sz]e)\s+(?:it|this|that|them|your|the\s+(?:story|text"
    r"|poem|essay|article|email|e-mail|letter|answer|response|reply|plan|code|program|function"
    r"|list|table|above))\b"
    r"|(?:identify\s+and\s+)?(?:fix|correct)\s+(?:\w+\s+){0,3}(?:in|of)\s+your\s+(?:previous|earlier|last|own)\b"
    r"|(?:take\s+a\s+moment\s+to\s+)?(?:evaluate|critique|review|assess)\s+(?:and\s+\w+\s+)?your\s+(?:own|previous"
    r"|earlier|last)\b"
    r"|do\s+(?:the\s+same|it|that|this)\s+(?:task\s+|thing\s+)?again\b"
    r"|come\s+up\s+with\s+(?:an?|one|two|three|\d+|some|several|more)\b"
    r"|prove\s+(?:that|the|it|this)\b|provide\s+an?\s+(?:detailed\s+|brief\s+)?(?:plan|proposal|outline"
    r"|itinerary|schedule)\b"
    r"|(?:craft|compose|draft|write)\s+(?:an?|one|two|three|\d+)\s+(?:\w+\s+){0,3}?(?:pitch|proposal|poem|story"
    r"|letter|email|e-mail|speech|song|limerick|tweet|post|slogan|summary|paragraph|essay|dialogue|script)\b)",
    re.IGNORECASE,
)


def _reworks_answer(text: str, previous: str) -> bool:
    """Whether a turn after the agent's message ``previous`` asks a task on that answer or the
    next work product (:data:`_REWORKS`), as its first sentence; not when the agent's last
    words named the act ("Which languages do you want the text translated into?" before
    "Translate it into Spanish": the value asked, given in the act's words)."""
    m = _REWORKS.match(text)
    if m is None:
        return False
    if not previous.rstrip().endswith("?"):
        return True
    verb = _WORD.findall(m.group(0).lower())
    stems = [w[:5] for w in verb if len(w) > 3 and w not in _REWORK_LEAD]
    return not (stems and stems[0] in previous[-_REWORK_TAIL:].lower())


_REWORK_LEAD = (
    "please",
    "could",
    "next",
    "then",
    "okay",
    "great",
    "thanks",
    "same",
    "thing",
    "again",
)


_REWORK_TAIL = 200  # the agent's last sentence or two


# After the agent's code, the task changed or the next one given ("What if it is not a binary
# tree?", "What if the problem changed from a binary tree to a ternary tree?", "what about this
# one?" with code, "… Write a program to find the nth number."): the next version of the coding
# task, a `request` (session 22's "Now do it in Python instead"; round 24's notes).
_CODE_VARIANT = re.compile(
    r"^\s*(?:what|how)\s+(?:if|about)\s+(?:it|the\s+(?:problem|task|input|tree|graph|list|array"
    r"|string|function|code)|we|this\s+one|these)\b",
    re.IGNORECASE,
)
_CODE_TASK = re.compile(
    r"(?:^|[.!?:]\s+)(?:now\s+)?(?:please\s+)?(?:write|implement|develop|code)\s+(?:a|the|an)\s+"
    r"(?:\w+\s+)?(?:program|function|script|class|method|algorithm)\b",
    re.IGNORECASE,
)


def _next_coding_task(text: str, previous: str) -> bool:
    """Whether a turn after the agent's code (a fenced block in ``previous``) changes the
    coding task or gives the next one (:data:`_CODE_VARIANT`, :data:`_CODE_TASK`)."""
    if "```" not in previous:
        return False
    return bool(_CODE_VARIANT.match(text) or _CODE_TASK.search(text))


_ORDER_ONLY = re.compile(
    r"\b(?:place|make|put\s+in|start)\s+(?:an?\s+|my\s+|the\s+|our\s+)?"
    r"(?:order|reservation|booking)\b(?!\s+(?:for|of)\b)"
    r"|\bordering\s+(?:some|something|food|dinner|lunch)\b",
    re.IGNORECASE,
)
# An order, or a change to it, named beside a question for a fact ("I'd like to order one
# French Onion Soup, please. Could you confirm the price for me?", "Could you update that,
# please? … will it still be $16.99 without the cheese?", "Also, I'm interested in adding a
# bowl of French Onion Soup to my order. Could you give me the price …?"): when a turn asks
# both a fact and an act, the act decides (session 21's ruling; session 5's new task beside a
# question; session 16's want of another item). The act the agent's last sentences offered
# ("Let's go ahead and add that to the order. Also, could you tell me about …?" after "Would you
# like to go ahead and order that?") is taken up, and the question decides (the ToolTalk
# clause, round 5's "Yes. Book it … Can I get the reference number?"); announcing the call's
# purpose with no item ("I'm looking to place an order. Could you tell me about …?") orders
# nothing yet (session 24's simulated guests).
_ORDERS = re.compile(
    r"\b(?:i['’]?d\s+(?:also\s+)?(?:like|love)|i\s+would\s+(?:also\s+)?(?:like|love)"
    r"|i\s+(?:also\s+)?(?:want|need)|i['’]?m\s+(?:also\s+)?(?:interested\s+in|planning\s+on)"
    r"|let\s+me|(?:can|could|may)\s+(?:i|we|you)|would\s+you|please)"
    r"(?:\s+(?:also|just|please|kindly|go\s+ahead\s+and|to))*\s+"
    r"(?:(?P<verb>order|add|update|adjust|correct|change|remove)(?:ing)?\b(?!\s+(?:is|was|me|us)\b)"
    r"|(?:get|have)\s+(?=(?:a|an|one|two|three|four|five|six|\d+)\s)"
    # ... an item, not a fact or a document ("could I get a quote for that", "a breakdown")
    r"(?!(?:a|an|one)\s+(?:\w+\s+)?(?:quote|estimate|price|cost|total|number|receipt|"
    r"confirmation|breakdown|update|idea|copy|list|summary)\b))"
    # ... or an instruction for an act ("And if possible, make sure to request an aisle seat")
    r"|\bmake\s+sure\s+to\s+(?P<act>request|book|reserve|add|order)\b",
    re.IGNORECASE,
)


# Session 32 (blind misses of rounds 27, 29 and 33). The user's own want of an item of a kind
# nobody named ("I'm looking for a place that's not too far away", "I need a cheap flight", "I'm
# a big fan of vinyl door mats", "我想要为我的大学老师准备一份礼物"), then a question that asks only
# for what fits it ("What do you suggest?", "What can you do for me?", "do you have any with a
# sports theme?", "有什么建议吗"): the items are to be found, a search (session 17's items of a
# kind in a question's words), a `request`, whatever the agent's message before it. A named item
# wanted ("I'm interested in the "Gaming Laptop Beast"") asks its facts; a goal or an act of the
# user's own ("我想规划教育基金，有啥推荐吗") asks advice, a `question` (session 5).
_WANTS_ITEM = re.compile(
    r"\bi(?:['’]m|\s+am)\s+(?:(?:also|really|just)\s+)?(?:looking\s+(?:for|at)|interested\s+in|searching\s+for"
    r"|shopping\s+for|in\s+the\s+market\s+for)\s+(?:(?:a|an|some|any)\s+)?(?!the\b)[a-z]"
    r"|\bi\s+(?:(?:really|also|just)\s+)?(?:need|want|would\s+like|['’]d\s+like)\s+(?:a|an|some)\s+"
    r"(?!help\b|advice\b|information\b|info\b)\w"
    r"|\bi['’]?m\s+a\s+(?:big\s+)?fan\s+of\b",
    re.IGNORECASE,
)
_ASKS_OPTIONS = re.compile(
    r"\bwhat\s+(?:do|would|can|could)\s+you\s+(?:suggest|recommend|have|offer)\b"
    r"|\bwhat\s+(?:other\s+)?(?:\w+\s+)?(?:options|choices)\b|\bwhat(?:['’]s|\s+is|\s+are)?\s+(?:available|avaliable)\b"
    r"|\bwhat\s+(?:else\s+)?(?:do\s+)?you\s+have\b|\bwhat\s+can\s+you\s+(?:do|offer|find)\b"
    r"|\bdo\s+(?:you|i)\s+have\s+any\b|\bany\s+(?:options|suggestions|recommendations)\b"
    r"|\b(?:can|could)\s+you\s+(?:please\s+)?(?:show|find|suggest|recommend)\s+(?:me\s+)?(?:some|something|any|a|an)\b",
    re.IGNORECASE,
)
_ZH_WANTS_ITEM = re.compile(
    r"我们?(?:想|想要|要|打算|准备|需要)(?:给|为|帮)?[\u4e00-\u9fff]{0,8}?"
    r"(?:买|购买|找|挑|挑选|选|选购|送|准备|订|预订|租)(?:一|个|份|款|些|几|点|台|件|双|本)"
)
_ZH_ASKS_OPTIONS = re.compile(
    r"有(?:什么|啥|哪些)(?:好的|合适的)?(?:建议|推荐|选择|好物)|推荐(?:一下|几个|一些|一款|一个)|有推荐(?:的)?吗"
)


def _want_then_options(text: str) -> bool:
    """True when the turn tells the user's own want of an item of a kind and asks only what
    fits it (see :data:`_WANTS_ITEM`)."""
    typed = " ".join(text.split())
    if _CJK.search(typed):
        typed = typed.replace(" ", "")
        return bool(_ZH_WANTS_ITEM.search(typed) and _ZH_ASKS_OPTIONS.search(typed))
    return bool(_WANTS_ITEM.search(typed) and _ASKS_OPTIONS.search(typed))


# Session 32 (blind misses of rounds 29 and 33). After the agent's proposal (a plan, places,
# a flight), a change to it proposed in a question's or a suggestion's words, with "we" or
# "you" doing it ("Maybe we just remove the museum and center our activities around Mad
# Seoul?", "Do you mind trying to squeeze something in between my meetings?", "BAMPFA can
# probably be replaced by something more fun for the kids.", "Could we explore accommodation
# options close to the museum?"): a change asked of the agent's own plan, a `request` in a
# question's words too (session 31, said of Chinese planners; session 29's another option).
_EN_CHANGE_LEAD = (
    r"(?:maybe\s+(?:we|you)\s+(?:just\s+|could\s+|can\s+)?|(?:can|could|shall)\s+(?:we|you)\s+"
    r"(?:please\s+|just\s+|also\s+)?|(?:do|would)\s+you\s+mind\s+(?:trying\s+to\s+)?|how\s+about\s+(?:we|you)\s+"
    r"|is\s+it\s+possible\s+to\s+)"
)
_EN_CHANGE_PROPOSED = re.compile(
    rf"\b{_EN_CHANGE_LEAD}(?:remove|replace|swap|drop|skip|add|include|move|squeeze|switch|change|center"
    r"|go\s+with|fit|shift|push|rework|redo)\b|\bcan\s+(?:probably\s+)?be\s+replaced\b"
    # ... or a search the two of them make ("Could we explore …", "can we find …"); "Can you
    # find me the cost …" asks a fact (session 17)
    r"|\b(?:maybe\s+we|(?:can|could|shall)\s+we)\s+(?:also\s+|just\s+)?(?:explore|find|look\s+for|look\s+into)\b",
    re.IGNORECASE,
)


# Session 32 (blind misses of rounds 27 and 29). After the agent's question for a value, a turn
# that is only a command for an act, with no value of its own beside it ("Can you suggest some warm
# gloves with …?", "Can you help me find a laptop with 16gb of RAM, please?", "那帮我也写一个文案吧",
# "推荐一些法餐吧"), asks the act: a `request` (the top section's instruction in a question's
# words; session 17's want of another item), not the value asked for.
_ZH_ACT_BA = re.compile(
    r"(?:那|那就|那你|好的?，?)?(?:帮我|给我|请你?|你)?也?(?:写|推荐|生成|设计|做|列|制定|规划|翻译)"
    # ... its object bare ("一个文案", "一些法餐"): "帮我写一个车险的文案吧" names the kind asked
    r"(?:一个|一些|几个|一份|一篇|点)?[\u4e00-\u9fff]{1,4}吧[。！!]?"
)
_EN_FIND_FOR_ME = re.compile(
    r"\W*(?:can|could)\s+you\s+(?:please\s+)?(?:help\s+me\s+find|suggest|recommend|find\s+me)\s+(?:some|a|an|me)\b",
    re.IGNORECASE,
)


def _only_act_asked(text: str) -> bool:
    """True when the turn is one sentence that only commands an act (see :data:`_ZH_ACT_BA`)."""
    typed = " ".join(text.split())
    if len([s for s in _sentences(typed) if s.strip()]) != 1:
        return False
    if _CJK.search(typed):
        return _ZH_ACT_BA.fullmatch(typed.replace(" ", "")) is not None
    return _EN_FIND_FOR_ME.match(typed) is not None


_QUOTED_AMOUNT = re.compile(r"[$€£¥]\s?\d|\d\s?(?:dollars|euros|usd|eur|元)\b", re.IGNORECASE)
_WHY_CHARGE = re.compile(
    r"\bwhy\s+(?:is|was|would)\s+(?:it|this|that|the\s+(?:\w+\s+)?(?:fee|fare|price|charge|total"
    r"|difference|cost|amount|refund))\s+(?:be\s+)?so\s+(?:much|high|expensive|low|little)\b",
    re.IGNORECASE,
)
_WHY_NOT = re.compile(r"\s*(?:but\s+|and\s+|so\s+)?why\s+not\s*\?+\s*", re.IGNORECASE)


def _act_beside_question(text: str, previous: str) -> bool:
    """True when an English turn the rules read as a question also orders an item or asks to
    change the order in one of its sentences, and the agent did not offer that act (see
    above)."""
    if _CJK.search(text):
        return False
    sentences = _drop_agree_tags(list(_sentences(" ".join(text.split()))))
    if len(sentences) < 2:
        return False
    said = [x for x in _split_sentences(" ".join(previous.split())[-_AGENT_TAIL:]) if x.strip()]
    tail = " ".join(said[-3:]).lower()
    asked = [i for i, x in enumerate(sentences) if _is_question(x)]
    for i, sentence in enumerate(sentences):
        if asked and i == asked[-1]:
            continue  # the question the turn's class was read from
        m = _ORDERS.search(sentence)
        if m is None or _ORDER_ONLY.search(sentence) or _asks_for_fact(sentence):
            continue
        if _WH_BEFORE.search(sentence[: m.start()]):
            continue  # "how can I add or delete storage?": how, to be told
        if _picks_listed(sentence, previous) or _takes_up_offer(sentence, previous):
            continue  # "I'd love to add the Red Wine Reduction sauce" after "any sauce …?"
        verb = m.group("verb") or m.group("act")
        offered = re.search(rf"\b{verb.lower()}", tail) if verb else "would you like" in tail
        if not offered:
            return True
    return False


# Session 28 (`turns_sop28.jsonl`: simulated users opening a service conversation). A first
# message that asks for an act on the user's own account, with its object and details, and
# beside it asks whether the act went through or offers more details ("I would like to reset
# the contents of my safety box. … Could you please let me know if the reset was successful?",
# "I'd like to update my healthcare policy. Here are my details: … Please let me know if
# there's anything else you need") asks the act: session 21's "when a message asks both a fact
# and an act, the act decides", the top section's request. A purpose with no object of its own
# ("I'm looking to place an order. Could you tell me about your Chicken Parmesan?") orders
# nothing yet: session 24 lets the question decide.
_WANTS_ACT = re.compile(
    r"\bI(?:['\u2019]d|\s+would|\s+want|\s+need|['\u2019]m\s+looking|\s+am\s+looking|"
    r"['\u2019]m\s+trying|\s+am\s+trying)\s+(?:like\s+)?to\s+(?:request\s+(?:a|an|to)\s+)?"
    r"(?P<verb>cancel|reset|transfer|apply|deposit|exchange|open|create|update|change|switch|"
    r"register|renew|schedule|reschedule|submit|borrow|reserve|return|withdraw|enroll|enrol|"
    r"declare|pay|add|remove|delete|reactivate|deactivate|activate|close|validate|file|"
    r"appeal|initiate|make\s+a\s+payment|book)\b"
    r"(?!\s+(?:an?\s+)?(?:order|booking|reservation|appointment|purchase|request)\s*[.!?,]|"
    r"\s*[.!?,])",
    re.IGNORECASE,
)
# The asks beside it that ask nothing new: whether the act went through, what it comes to, or
# an offer of more details ("Please let me know if you need any additional information").
_ACT_OUTCOME = re.compile(
    r"\b(?:successful(?:ly)?|success|went\s+through|completed?|processed|in\s+order|true\s+or\s+"
    r"false|true/false|confirm(?:ation)?|let\s+me\s+know\s+(?:if|once|when|whether)|"
    r"anything\s+else|additional|further|need\s+from\s+me|assist|help|proceed)\b",
    re.IGNORECASE,
)


def _opening_act(text: str) -> bool:
    """True when an English opening turn asks for an act on the user's own account, with its
    object, and its other asks only ask how the act went or offer more details."""
    if _CJK.search(text) or _WANTS_ACT.search(text) is None:
        return False
    sentences = list(_sentences(" ".join(text.split())))
    asks = [x for x in sentences if _is_question(x) or re.search(r"\blet\s+me\s+know\b", x, re.I)]
    return all(_ACT_OUTCOME.search(x) for x in asks)


# A requirement on the item stated after the agent's recommendation ("No it must also have
# impact absorption", "It should also be have a play list", "but I definitely want a 17.3
# inch", "The shoes need to have good grip"): session 16's ruling, after a recommendation
# that asks nothing a stated need stays a request (round 17's recommender's users).
_REQUIREMENT = re.compile(
    r"\b(?:it|they|this|that|the\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:also\s+|still\s+|really\s+)?"
    r"(?:must|should|needs?\s+to|has\s+to|have\s+to)\s+(?:also\s+|still\s+)?"
    # ... a property, not a passive ("The answer has to be waited for": round 12's complaint)
    r"(?:be(?!\s+\w+ed\b)|have|come|work|fit|include|support|offer|handle|keep|feature|provide)\b"
    r"|\bi\s+(?:definitely|absolutely|really|also|still)\s+(?:want|need)\s+(?:a|an|one|something)\b",
    re.IGNORECASE,
)


def _states_requirement(text: str) -> bool:
    """True when an English turn states a requirement on the item looked for (see
    :data:`_REQUIREMENT`), outside a condition ("if it has to be…")."""
    if _CJK.search(text):
        return False
    return any(_REQUIREMENT.search(s) and not _CONDITIONAL.search(s) for s in _sentences(text))


# The agent asking for an item's name or details ("Could you please provide the name of the
# course you would like to take?", "the details of the courses you want to take", "Which
# hotel would you like to book?"), in the tail of its message.
_ITEM_NAME_ASKED = re.compile(
    rf"\b(?:name|names|details|title|code)\s+(?:of|for)\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"(?:{_KIND_PLURAL}|{_KIND_SINGULAR})\b"
    rf"|\b(?:which|what)\s+(?:{_KIND_PLURAL}|{_KIND_SINGULAR})\s+(?:would|do|did|will)\s+you\b",
    re.IGNORECASE,
)
# An item described for the agent to find, not named: an indefinite item of a kind, or bare
# "something" / "anything", with a constraint after it ("a class that takes 10 hours per
# week", "a course similar to CS 109", "courses that cover sensor data", "something related to
# AI in healthcare").
_CONSTRAINT = (
    r"(?:that|which|where|on|about|related|similar|involving|covering|with|above|below|under|"
    r"specifically|offered|in|for|near|close)\b"
)
_ITEM_DESCRIBED = re.compile(
    rf"\b(?:a|an|another|some|any)\s+(?:[\w-]+\s+){{0,5}}?(?:{_KIND_SINGULAR}|{_KIND_PLURAL})"
    rf"\s+{_CONSTRAINT}"
    rf"|\b(?:take|find|want|need|me|in|for)\s+(?:[\w-]+\s+)?{_KIND_PLURAL}\s+{_CONSTRAINT}"
    rf"|\b(?:something|anything)\s+(?:[\w-]+\s+)?{_CONSTRAINT}",
    re.IGNORECASE,
)


def _describes_item_asked(text: str, previous: str) -> bool:
    """True when, after the agent asked for an item's name, the user describes an item for
    it to find instead of naming one ("Something related to AI in healthcare", "I want to
    take a class that takes 10 hours per week"): session 17's ruling, a search, a `request`
    (round cs16's students); naming one ("CS 231N") or giving the constraint the agent asked
    for ("Something in the centre" after "What area?") answers."""
    if _CJK.search(text) or not _ITEM_NAME_ASKED.search(previous[-_AGENT_TAIL:]):
        return False
    return _ITEM_DESCRIBED.search(text) is not None


_PICK_WORDS = 10  # a choice is short: "I would like to go with the UberXL please"
# The words of a choice that name nothing ("I'd like to go with the …, please").
_PICK_FRAME = frozenset(
    {"please", "i", "would", "like", "to", "go", "with", "the", "a", "an", "i'll", "ill", "take"}
    | {"one", "want", "i'd", "id", "me", "for", "ok", "okay", "yes", "sure", "then", "just"}
    | {"need", "prefer"}
)
_PICK_TOKEN = re.compile(r"[a-z0-9$]+(?:['’-][a-z0-9]+)*", re.IGNORECASE)


def _picks_listed(text: str, previous: str) -> bool:
    """True when a short turn names only what the agent's message lists, in a request's
    words ("uberX please", "I would like to go with the UberXL please" after a list of rides
    and prices): choosing among what the agent offered, asked or not, is an `answer` (round
    9b's ruling on choices), and so is a want or need that names one ("I need a desktop size"
    after "what size you look for .. we have one in pocket size, and one in desktop size":
    session 16's ruling)."""
    if _CJK.search(text):
        return False
    words = [w.lower() for w in _PICK_TOKEN.findall(text)]
    named = [w for w in words if w not in _PICK_FRAME]
    if not named or len(words) > _PICK_WORDS:
        return False
    listed = {w.lower() for w in _PICK_TOKEN.findall(previous[-_AGENT_TAIL:])}
    return all(w in listed for w in named)


# The agent stating what it will do or can do next ("I can ask a manager…", "I'll cancel
# it", "Let me check", "Would you like me to…"): a proposal the user may accept.
_AGENT_PLAN = re.compile(
    r"\b(?:i\s+can|i\s+could|i\s+will|i['’]ll|i\s+would|i['’]d|let\s+me|we\s+can|we\s+will|"
    r"we['’]ll|shall\s+i|should\s+i|want\s+me\s+to|like\s+me\s+to)\b",
    re.IGNORECASE,
)
# Verbs that go ahead with whatever was proposed, naming no act of their own.
_GO_AHEAD = re.compile(
    r"(?:go\s+ahead|proceed|continue|carry\s+on|do\s+(?:it|that|so|this)|make\s+it\s+so)\b",
    re.IGNORECASE,
)
# What may open the accepting sentence: yes, okay, "then", "please", "let's".
_ACCEPT_LEAD = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|sure|yes|yeah|yep|great|alright|all\s+right|perfect|then|so|please|"
    r"just|let['’]?s|kindly)\b[\s,!.]*)+",
    re.IGNORECASE,
)
_FIRST_WORD = re.compile(r"[a-z]+\b", re.IGNORECASE)
# Words an act's object may hold and still name nothing new ("proceed with the request",
# "book it for me then"), beside :data:`_ANAPHORA` and :data:`_BARE_ACT`.
_NOTHING_NEW = frozenset({"with", "the", "a", "and", "request", "now", "right"})


def _only_accepts(sentence: str) -> bool:
    """True when ``sentence`` holds acceptance words only ("Yes, perfect.", "Okay great!")."""
    return not _PUNCT.sub("", _ACCEPT.sub("", _ACCEPT_LEAD.sub("", sentence)))


# A turn that opens by telling the agent to proceed ("Please proceed with the booking.", "ok
# please proceed with …", "Alright, … let's proceed!" after an approval).
_PROCEEDS = re.compile(
    r"^\W*(?:\d+\.\s*)?(?:(?:ok(?:ay)?|sure|alright|all\s+right|yes|yeah|yep|great|perfect|fine"
    r"|(?:that|it)\s+sounds\s+good)\W+)*(?:i['’]m\s+happy\s+with\s+[^.!?]{1,60}[,.!]\s*)?"
    r"(?:please\s+)?(?:let['’]?s\s+)?proceed\b",
    re.IGNORECASE,
)
_QUESTION_MARK = re.compile(r"[?？]")


# The same in Chinese (mk35zh, session 33): a short command whose every character the agent's
# offer just named ("转人工。" after "如果您希望…，我可以为您转接人工客服"), the offer taken up.
_ZH_OFFERED = re.compile(
    r"(?:我可以|我来|我能)(?:为您|帮您|给您|替您)?[^。！？?!\n]{2,24}"
    r"|(?:需要|要不要|要)我(?:为您|帮您|给您|替您)?[^。！？?!\n]{2,24}(?:吗|么)?[？?]"
)
_ZH_TAKE_UP_FILLER = re.compile(r"那就|那|就|好的|好|请|麻烦|帮我|给我|吧|[。！!，,~～\s]")


def _zh_goes_ahead(text: str, previous: str) -> bool:
    """True when a short Chinese command takes up the act the agent's last sentences offered
    (:data:`_ZH_OFFERED`), naming nothing the offer did not."""
    act = _ZH_TAKE_UP_FILLER.sub("", text)
    if not 2 <= len(act) <= 6 or not _CJK.fullmatch(act[0]):
        return False
    offers = [m.group() for m in _ZH_OFFERED.finditer(previous[-_AGENT_TAIL:])]
    return any(all(ch in offer for ch in act) for offer in offers)


def _goes_ahead(text: str, previous: str) -> bool:
    """True when the turn accepts an act the agent's last sentences proposed, in an
    imperative that names nothing new: "Please go ahead." / "Please proceed with the request."
    after "I can ask a manager if we can match that coupon"; "Okay great, let's play it."
    after "I can play Same Old War…". Accepting what the agent offered is an `answer` (the r4
    section's "Go ahead, connect me", "Send it."); an act the agent did not name ("Book it."
    after a hotel's details) stays a request. The other sentences may only approve ("That
    sounds good. Please send it.", "Let's play it. Yes, perfect.")."""
    if _CJK.search(text):
        return _zh_goes_ahead(text, previous)
    p = _patterns()
    sentences = [s for s in _sentences(" ".join(text.split())) if _PUNCT.sub("", s)]
    acts = [
        s for s in sentences if not (_short(s) and (p["approve"].search(s) or _only_accepts(s)))
    ]
    if len(acts) != 1:
        return False
    act = _ACCEPT_LEAD.sub("", _ACCEPT.sub("", acts[0], count=1), count=1)
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-3:])
    generic = _GO_AHEAD.match(act)
    verb = generic or _FIRST_WORD.match(act)
    if verb is None or not (_AGENT_PLAN.search(tail) or _OFFER.search(tail)):
        return False
    words = {w.lower() for w in _WORD.findall(act[verb.end() :])}
    if words - _NOTHING_NEW - _ANAPHORA - _BARE_ACT:
        return False
    # a generic verb accepts whatever the agent proposed; a named act must be the one it named
    return bool(generic) or bool(_stems(act[: verb.end()]) & _stems(tail))


# What the agent asks the user's values for, in a purpose clause ("To fetch the pollen data for
# your location, I would need your latitude", "… so we can schedule a visit for your furnace
# inspection", "I'll need the URL to get a download link"): the act the values are for, its
# words the group (not "if you would like to book any of these trains": a wish, no purpose).
_PURPOSE = re.compile(
    # ... not a frame of the agent's recap ("…, to recap your order: …", "To sum up your
    # booking"), which names what was said, no act the values are for
    r"(?:^|[,;]\s*)(?:in\s+order\s+)?to\s+"
    r"(?!(?:recap|summari[sz]e|sum\s+up|reiterate|review|restate)\b)[a-z]+\b([^.?!;,]*)"
    r"|\bso(?:\s+that)?\s+(?:we|i)\s+can\s+[a-z]+\b([^.?!;]*)"
    r"|\bneed\s+(?:your|the|a|an|some)\b[^.?!;]*?\bto\s+[a-z]+\b([^.?!;]*)",
    re.IGNORECASE,
)
# A quoted value: an opening quote at the start or after a non-word character, a closing
# quote before a non-word character or the end ('the title "Dune"', "the code 'X7'"); the
# apostrophe inside a word ("I'm", "can't") opens and closes nothing.
_QUOTED_VALUE = r"(?<!\w)[\"“'‘](?=\S)[^\n]{1,80}?(?<=\S)[\"”'’](?!\w)"
# A value given in a sentence: an id or a number, a quote, a link, "my X is …", "here is …".
_GIVEN = re.compile(
    _ID_OR_NUMBER.pattern + "|" + _QUOTED_VALUE + r"|https?://|\bmy\s+(?:\w+\s+){0,3}(?:is|are)\b"
    r"|\bhere(?:['’]s|\s+is|\s+are)\b",
    re.IGNORECASE,
)


def _asks_pending_act(text: str, previous: str) -> bool:
    """True when the turn gives a value and then asks for the act the agent asked that value
    for ("… my latitude is 22.5431 and my longitude is 114.0579. Can you check the pollen data
    for me?" after "to fetch the pollen data for your location, I would need your latitude";
    "I'm Barry Allen, 221B Baker St. Can you come today at 4 PM for the inspection?" after "so
    we can schedule a visit for your furnace inspection?"): session 14's ruling, an answer, as
    the act was asked for already. The asking sentence shares a word with what the agent's
    last sentences name as the values' purpose."""
    if _CJK.search(text):
        return False
    sentences = list(_sentences(" ".join(text.split())))
    if len(sentences) < 2:
        return False
    given = " ".join(sentences[:-1])
    if not (_GIVEN.search(given) or _INTRO.match(given)):
        return False
    named: set[str] = set()
    for sentence in _split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-3:]:
        for m in _PURPOSE.finditer(sentence.strip()):
            named |= _stems(next(g for g in m.groups() if g is not None))
    return bool(named & _stems(sentences[-1]))


def _zh_asks_new_act(text: str, previous: str) -> bool:
    """True when a Chinese reply to the agent's question asks its help for an act the agent's
    message does not name ("忘记了 找得到还用的麻烦你帮我找 帮我查看下往年购买记录" after "大概多少"):
    an act the agent did not offer is a new task, a `request` (round 13's ruling), as
    English's "Also, <an act it did not name>" is; "帮我订这个" after "要订哪家？" takes up its
    act."""
    m = _ZH_HELP_ACT.search(text)
    if m is None:
        return False
    verb = _ZH_HELP_ACT_VERB.search(m.group(0))
    return verb is not None and verb.group(0)[0] not in previous[-_AGENT_TAIL:]


# A sentence that opens by adding something ("Also, I want to borrow a book.", "Additionally,
# save their information"): what follows may be a new act.
# ... "And also, I want to hear a symphony" adds as "Also, …" does
_ALSO_START = re.compile(
    r"\s*(?:and\s+)?(?:also|additionally|in\s+addition|plus)\b[\s,]*", re.IGNORECASE
)
_MAKE_SURE = re.compile(r"\b(?:make\s+sure|ensure)\b", re.IGNORECASE)
# Where a clause that adds begins inside a sentence ("…, and also cancel …").
_AND_ALSO = re.compile(
    r"(?:[,;]\s*(?:and\s+)?|\s+and\s+)(?=(?:also|additionally)\b)", re.IGNORECASE
)


def _adds_new_act(text: str, previous: str) -> bool:
    """True when a sentence after the first opens with "Also" and asks for an act that the
    agent's last sentences did not name ("Yes, I want to apply for the membership. Also, I
    want to borrow a book." after "would you like to apply for a library membership?";
    "Searcy, Uganda. Also, search for 'Switched'."): session 14's ruling, a new task, a
    `request`; the act the agent named ("Also, please add a premium raised bed mix." after
    "… and a premium raised bed mix to your cart?") stays an answer."""
    if _CJK.search(text):
        return False
    sentences = list(_sentences(" ".join(text.split())))
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-3:])
    # "Yes please, and also cancel my other order": a clause that opens with "also" inside
    # a sentence adds as a sentence does
    added = [c for s in sentences for c in _AND_ALSO.split(s)[1:]]
    for sentence in sentences[1:] + added:
        m = _ALSO_START.match(sentence)
        if m is None:
            continue
        rest = sentence[m.end() :]
        acts = _new_task(rest) or (_is_question(rest) and _asks_to_act(rest))
        # "Also, let's avoid strenuous activities", "Also, I want to make sure I have
        # everything for post-op care": a constraint or a wish about the plan, no new act
        if _LETS.match(rest) or _MAKE_SURE.search(rest):
            continue
        if acts and not (_stems(rest) & _stems(tail)):
            return True
    return False


# The agent's question for a value: "Which restaurant do you want to book a table at?", "In
# which city are you trying to book the table?", "What city do you want to dine in?".
_VALUE_ASK = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:in|at|for|from|to|on)\s+)?(?:which|what)\s+([a-z]+)\s+"
    r"(?:do|would|are|did|will)\s+you\b[^?]*\?",
    re.IGNORECASE,
)


# The user says they cannot give the value asked for ("I don't remember the reservation
# number. Can you look it up?", "I forgot my order ID, could you find it?"): the act asked
# after it is the agent's lookup, no choice given in a request's words; a `request` (session
# 17's "Can you check if …", a lookup asked for).
_LACKS_VALUE = re.compile(
    r"\bi\s+(?:(?:do\s+not|don['’]?t|can\s*not|can['’]?t)\s+(?:remember|recall|find|know)"
    r"|forgot|(?:have\s+)?lost)\b",
    re.IGNORECASE,
)


def _gives_value_in_act(text: str, previous: str) -> bool:
    """True when the agent asked which item or place the user wants for an act ("Which
    restaurant do you want to book a table at?") and the turn gives it in a request's words
    about the same act ("Can you get me a table at Ludwig's German Table?"): round 7's
    ruling, choosing in a request's words is an answer. The turn shares a word with the
    question beside the value it names."""
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    asked = list(_VALUE_ASK.finditer(tail))
    if not asked or _CJK.search(text) or _LACKS_VALUE.search(text):
        return False
    t = " ".join(text.split())
    said = [x for x in _sentences(t) if x.strip()]
    if (
        len(said) > 1
        and not _is_request(said[0])
        and any(_ALSO_ACT.search(x) and _asks_to_act(x) for x in said[1:])
    ):
        # "The delivered one. Actually, before we do the exchange, could you also cancel the
        # pending order?": the value given, then another act asked (session 31's made-up runs)
        return False
    return bool(_stems(asked[-1].group(0)) & _stems(t))


# "also" inside an act asked: another act beside the one under way.
_ALSO_ACT = re.compile(r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?also\b", re.IGNORECASE)


# A turn that opens by accepting what the agent proposed ("That's fine", "That is perfect",
# "That will, yes", "Sounds good", "好的"): what follows may ask for an act.
_ACCEPT = re.compile(
    r"^\s*(?:(?:that|this|it)(?:['’]s| is| will| would)?\s*(?:be\s+)?"
    r"(?:fine|perfect|great|good|ok|okay|works|will\s+work|will\s+do)"
    r"|(?:that|this|it)\s+(?:will|would|does)(?=[\s,]+(?:yes|yeah)\b)"
    r"|sounds?\s+(?:good|great|perfect|fine)|perfect|great|okay|ok)\b"
    r"(?:[\s,]*(?:yes|yeah|thanks|thank you))?\s*[,.!;]*\s*",
    re.IGNORECASE,
)
# The words of an act's object that name nothing new ("please do", "go ahead").
_BARE_ACT = frozenset(
    {"please", "do", "it", "that", "so", "go", "ahead", "yes", "thanks"}
    # ... "let's do it", "Okay, let's do that now" (session 18)
    | {"let", "lets", "s", "now", "then", "this", "just", "proceed"}
)


def _accepts_then_acts(text: str, previous: str) -> bool:
    """True when the turn accepts what the agent's last question proposed and then asks for
    an act that question did not offer ("That's fine, get me one ticket" after "How about
    this bus that leaves at 6:50 am?"; "That will, yes. Please make a booking for 5 people."
    after "Will this work for you?"): round 13's ruling makes it a request, as accepting a
    recommendation and asking for a reservation is; the act the agent offered ("Would you
    like me to book it?" → "Sounds good, book it for 5") stays an answer."""
    t = " ".join(text.split())
    accepted = _ACCEPT.match(t)
    if accepted is None or accepted.end() >= len(t):
        return False
    rest = t[accepted.end() :]
    words = {w.lower() for w in _WORD.findall(rest)}
    if not words - _BARE_ACT or not _is_request(rest):
        return False
    # a question after the acceptance asks what it asks, unless it asks to act ("can you
    # book that for me please")
    if any(_is_question(s) and not _asks_to_act(s) for s in _sentences(rest)):
        return False
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    # an offer of an act, or the act named in the agent's question, is taken up: an answer
    return _OFFER.search(tail) is None and not (_stems(tail) & _stems(rest))


# A reply word that opens a turn: a yes ("Yes,", "Yup,", "Sure.") ...
_YES_LEAD = re.compile(r"^\s*(?:(?:yes|yeah|yep|yup|sure)\b[\s,.!;]*)+", re.IGNORECASE)
# ... or a decline in other words than "no" ("That's not necessary, thank you.", "No need.")
_DECLINE_WORDS = re.compile(
    r"^\s*(?:(?:(?:that|it)(?:['’]s|\s+is)\s+not\s+necessary|no\s+need(?:\s+for\s+that)?)"
    r"(?:[\s,]*(?:thanks|thank\s+you))?\s*[,.!;]+\s*"
    # ... or no preference for what the agent asked about, to its sentence's end or a "but"
    # ("I don't mind an expensive restaurant so that will be fine.", "I don't mind it but
    # please, look for more": session 5's r5-mw-051, "I don't have a preference. I suppose you
    # could book me a table")
    r"|(?:i\s+(?:don['’]t|do\s+not)\s+(?:mind|care|have\s+(?:a|any)\s+preference)|no\s+preference"
    r"|(?:it\s+)?(?:doesn['’]t|does\s+not)\s+matter)\b[^.!?]*?(?:[.!?]+|\bbut\b)\s*)",
    re.IGNORECASE,
)


def _reply_then_new_act(text: str, previous: str, context: str) -> bool:
    """True when the turn opens with a decline, or with a yes when the agent asked nothing,
    and then asks for an act with an object of its own that the agent's last sentences did
    not name: a new task, a `request` (the top section: a turn that answers and then asks is
    labelled by what it asks for; session 5: declining and then an action verb with an object
    of its own). "That's not necessary, thank you. You could, however, find me a restaurant"
    after "Would you like me to book a room?"; "Yes, I want to find a hotel with free wifi."
    after a result that asked nothing. A yes to the agent's question accepts what it asked
    ("Yes, please book it", "Yes, please send me the link" after "Would you like me to do
    that?": the hvac section), a decline with another value or a constraint answers it ("No,
    change it to economy", "No, I need three tickets"), and the act the agent named is the one
    answered: all stay answers."""
    if _CJK.search(text):
        return False
    t = " ".join(text.split())
    lead = _DECLINE.match(t) or _DECLINE_WORDS.match(t)
    if lead is None and context in ("none", "failed"):
        lead = _YES_LEAD.match(t)
    if lead is None or lead.end() >= len(t):
        return False
    sentences = list(_sentences(t[lead.end() :]))
    # a question after the reply asks what it asks (the other rules read it)
    if any(_is_question(s) and not _asks_to_act(s) for s in sentences):
        return False
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    named = _stems(tail)
    start = _patterns()["request_start"]
    for sentence in sentences:
        for clause in _CLAUSE.split(_PLEASE.sub(" ", sentence)):
            if _SWAP.match(clause):
                continue  # "no, replace Juan with my daughter Mia": another value (session 5)
            # "I wish to book a cab", "You could find me a restaurant": the act after the wish
            verb = start.match(_WISH_TO.sub("", clause, count=1))
            if verb is None:
                continue
            words = _WORD.findall(_WISH_TO.sub("", clause, count=1)[verb.end() :].lower())
            own = {w for w in words if not w.isdigit()} - _ANAPHORA
            if words and words[0] not in _PRONOUN and own and not (_stems(clause) & named):
                return True
    return False


# The act the agent's yes-or-no question offers ("Would you like me to book it?", "Shall I
# go ahead and cancel it?"), its verb the group ...
_OFFERED_ACT = re.compile(
    r"\b(?:would\s+you\s+like\s+(?:me|us)\s+to|shall\s+(?:i|we)|should\s+(?:i|we)"
    r"|do\s+you\s+want\s+(?:me|us)\s+to|want\s+me\s+to)\s+(?:go\s+ahead\s+and\s+|now\s+)?"
    r"([a-z]+)\b[^?]*\?",
    re.IGNORECASE,
)
# ... and the act a question of the user's asks for, its verb the group ("Is it possible to
# change my flight …?", "Can you move my flight …?")
_ASKED_ACT = re.compile(
    r"\b(?:(?:can|could|would|will)\s+(?:you|i|we)(?:\s+(?:please|also|just))?"
    r"|(?:is|would)\s+it\s+(?:be\s+)?possible\s+to)\s+([a-z]+)\s+(\w+)",
    re.IGNORECASE,
)


def _asks_other_act(text: str, previous: str) -> bool:
    """True when the agent's last question offered an act ("Would you like me to book it?")
    and the turn asks, with a value in it, for another act on an object of its own ("Is it
    possible to change my flight to May 22?"): no value was asked, so the value is no answer
    (round 7's ruling reads a value given in a request's words after a question for it); a
    new act is a request. The offered act with another value ("Could you book it for the
    13th?") or on the offered thing ("Can you make it 2 tickets?") answers it."""
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    offered = list(_OFFERED_ACT.finditer(tail))
    asked = _ASKED_ACT.search(text)
    if not offered or asked is None or _CJK.search(text):
        return False
    verb, first = asked.group(1).lower(), asked.group(2).lower()
    if first in _PRONOUN or first in _ANAPHORA:
        return False
    return not (_stems(verb) & _stems(offered[-1].group(0))) and verb[:_STEM] not in _stems(tail)


# The agent's yes-or-no question ("Do you want to take more courses?", "Are you still
# interested in those?"), not one for a value ("Which …?", "What time …?").
_YES_NO_ASK = re.compile(
    r"(?:^|[.!?]\s+)(?:do|does|did|are|is|was|were|have|has|can|could|would|will|shall|should)"
    r"\s+(?:you|i|we|it|that|this|they)\b(?!\s+(?:please\s+)?(?:provide|tell|give|share|send|let"
    r"|specify|enter|type|name|list)\b)[^?]*\?\s*$",
    re.IGNORECASE,
)


def _commands_unoffered_act(text: str, previous: str) -> bool:
    """True when the agent's last question asks only a yes or no and offers no act of its own
    ("Do you want to take more courses?") and the turn, instead of yes or no, commands an act
    on an object of its own that the agent's last sentences did not name ("Enroll me in the
    easiest CS class"): a new task, a `request` (session 5's new task with an object of its
    own; the top section: a turn is labelled by what it asks)."""
    if _CJK.search(text):
        return False
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    if _YES_NO_ASK.search(tail) is None or _OFFER.search(tail) or _AGENT_PLAN.search(tail):
        return False
    sentences = list(_sentences(" ".join(text.split())))
    if not sentences or _ACCEPT.match(sentences[0]) or _YES_LEAD.match(sentences[0]):
        return False
    first = _PLEASE.sub(" ", sentences[0]).strip()
    verb = _patterns()["request_start"].match(first)
    if verb is None or _is_question(first):
        return False
    words = _WORD.findall(first[verb.end() :].lower())
    own = {w for w in words if not w.isdigit()} - _ANAPHORA
    return (
        bool(words)
        and words[0] not in _PRONOUN
        and bool(own)
        and not (_stems(first) & _stems(tail))
    )


# A value that names a record or the user: a token with a digit, an underscore or a hyphen
# inside ("sophia_martin_4574", "#W2378156", "4WQ150", "555-0134"), an e-mail address, or
# "my <noun> is …" ("my user ID is …", "my name is …").
_RECORD_VALUE = re.compile(
    r"\b[A-Za-z]*\d[\w-]*|\b[A-Za-z]+[_-][A-Za-z0-9]|[\w.+-]+@[\w-]+\.[a-z]{2,}"
    r"|\bmy\s+(?:\w+\s+){0,3}(?:is|are)\s+\S",
    re.IGNORECASE,
)
# The agent asking who the user is or which record to open: an id, an account, an e-mail
# address, a name, a number, a code ("Could you provide your user ID?", "May I have the
# order number?", "What's the email on your account?").
_ASKS_RECORD = re.compile(
    r"\b(?:(?:user|customer|member|account|passenger)\s*(?:id|name|number)|username|id"
    r"|e-?mail(?:\s+address)?|account|(?:first\s+and\s+last\s+|full\s+)?name"
    r"|(?:order|reservation|booking|confirmation|membership|phone|ticket|tracking|policy"
    r"|case)\s+(?:number|id|code)|zip\s*code|post(?:al)?\s*code)\b",
    re.IGNORECASE,
)
# Help asked for a matter of the user's ("I need help with a delayed flight").
_HELP_WITH = re.compile(
    r"\s*(?:i|we)\s+(?:need|want|would\s+like|['’]d\s+like)\s+(?:some\s+)?help\s+(?:with|on)\s+",
    re.IGNORECASE,
)
# Where a clause that gives a value ends and one that asks begins: "My user ID is x and I
# want to exchange …", "… and please cancel it".
_AND_ASKS = re.compile(
    r"[,;]?\s+and\s+(?=(?:i|we|please|can|could|would|also|then)\b)", re.IGNORECASE
)


def _value_then_new_act(text: str, previous: str) -> bool:
    """True when the agent asked who the user is or which record to open (an id, an e-mail
    address, a name, an order number) and the turn gives it and then, in a sentence or a
    clause of its own, asks for an act the agent's message did not name ("Sure, my user ID is
    x_123. I'd like to cancel my flight to Boston." after "Could you provide your user ID so I
    can look up your account?"; "It's 4WQ150. Please cancel it."): a turn that answers and
    then asks is labelled by what it asks for (the top section), as the r4 section's "I'm
    Steve Rogers, 123 Liberty Ln. Can you send someone tomorrow afternoon?" is a request. An
    act the agent's message named is the task under way, the one answered (session 14,
    :func:`_asks_pending_act`); after a question for a date, a time or a choice an act's words
    usually give that value (round 7's ruling), so those stay answers."""
    if _CJK.search(text):
        return False
    agent = " ".join(previous.split())[-_AGENT_TAIL:]
    if not _ASKS_RECORD.search(" ".join(_split_sentences(agent)[-2:])):
        return False
    t = " ".join(text.split())
    clauses = [c for s in _sentences(t) for c in _AND_ASKS.split(s) if _PUNCT.sub("", c)]
    named = _stems(agent)
    start = _patterns()["request_start"]
    given = False
    for clause in clauses:
        if not given:
            given = bool(_RECORD_VALUE.search(clause)) and not _is_request(clause)
            continue
        # a question after the value asks what it asks (the other rules read it)
        if _is_question(clause) and not _asks_to_act(clause):
            return False
        body = _WISH_TO.sub("", _PLEASE.sub(" ", _ALSO_START.sub("", clause, count=1)), count=1)
        # "cancel my flight", or help asked with a matter ("I need help with a delayed flight")
        verb = start.match(body)
        helped = _HELP_WITH.match(clause) if verb is None else None
        if (verb is None and helped is None) or not _new_task(clause):
            continue
        after = body[verb.end() :] if verb is not None else clause[helped.end() :] if helped else ""
        words = _WORD.findall(after.lower())
        # "Please cancel it": the value just given is its object
        own = {w for w in words if not w.isdigit()} - _ANAPHORA
        if (own or (words and words[0] in _PRONOUN)) and not (_stems(body) & named):
            return True
    return False


# A proposal anywhere in the turn, after a condition ("If it fails, how about 14:00").
_HOW_ABOUT_IN = re.compile(r"\b(?:how|what)\s+about\s+\S", re.IGNORECASE)
# A greeting that opens a turn in the middle of a conversation ("Hi, I would like …").
_HELLO = re.compile(
    r"^\s*(?:hi|hello|hey|good\s+(?:morning|afternoon|evening))\b[\s,.!]*", re.IGNORECASE
)


def _greets_then_new_act(text: str) -> bool:
    """True when a turn after the agent's question opens with a greeting and then states a
    task in its own words, the user's wish for an act with an object of its own ("Hi, I would
    like to get movie tickets for Deadpool tonight at the UA Showcase" after "What theater are
    you interested in?"): the user starts the task over, as an opening states its need, and a
    turn that greets and asks is labelled by what it asks (the top section). A greeting before
    a value ("Hello, the 5th works") or a remark ("Hey, The Upside is a really good one.")
    stays what it was."""
    if _CJK.search(text):
        return False
    t = " ".join(text.split())
    hello = _HELLO.match(t)
    if hello is None or hello.end() >= len(t):
        return False
    start = _patterns()["request_start"]
    for sentence in _sentences(t[hello.end() :]):
        wish = _WISH_TO.match(sentence)
        if wish is None:
            continue
        rest = sentence[wish.end() :]
        verb = start.match(rest)
        words = _WORD.findall(rest[verb.end() :].lower()) if verb else []
        if words and words[0] not in _PRONOUN and set(words) - _ANAPHORA:
            return True
    return False


# A conjunct after the answer: "… for 8 people and provide the reference number", "… and the
# reference number".
_AND = re.compile(r"\s*(?:,\s*)?\b(?:and|also|plus)\b\s*(?:also\s+)?", re.IGNORECASE)


# The fact's ask: a verb of giving, or the fact alone ("provide the reference number", "the
# reference number too"); not a value stated ("my address is …").
_GIVE_FACT = re.compile(
    r"(?:(?:please\s+)?(?:provide|give|send|get|tell)\s+(?:me\s+|us\s+)?)?(?:the|a)\s+",
    re.IGNORECASE,
)


def _adds_fact_ask(text: str) -> bool:
    """True when an answer is followed, in the same sentence after "and", by an ask to be given
    a fact ("Yes please book it for 8 people and provide the reference number.", "I need 6
    tickets and the reference number"): a `question`, as "Yes. Book it for 6. Can I get the
    reference number please?" is (the r5 section; session 5: an answer beside the question
    adds no task)."""
    if _CJK.search(text):
        return False
    for sentence in _sentences(" ".join(text.split())):
        for part in _AND.split(sentence)[1:]:
            part = part.strip(" ,.!")
            if not part:
                continue
            asked = _GIVE_FACT.match(part)
            if asked is None:
                continue
            fact = _fact(part[asked.end() :])
            rest = part[asked.end() :]
            if fact is not None and fact.start() == 0 and len(rest[fact.end() :].split()) <= 2:
                return True
    return False


# A tokenized transcript's split contraction or punctuation ("I 'm", "do n't", "Yes , I").
_TOKENIZED = re.compile(r"\s+('(?:m|s|re|ve|ll|d)\b|n't\b|[,.!?;:](?=\s|$))")
# The user putting off what the agent asked for ("I'll handle that part later", "Let me get
# back to you on this", "Can we skip this part?", "Let's move on!", "Before adding them, …").
_DEFERS = re.compile(
    r"\b(?:(?:handle|do|deal\s+with|sort|figure|provide|give\s+you)\s+(?:that|this|it)"
    r"(?:\s+part|\s+out)?\s+later|get\s+back\s+to\s+you\b|skip\s+(?:this|that)\b"
    r"|let['’]?s\s+move\s+on\s*[.!]"
    # ... or the act the agent offered put after the one asked ("Before adding them to my cart,
    # could you please check if … is in stock?")
    r"|(?:^|[.!?]\s+)before\s+(?:we\s+|you\s+)?[a-z]+\b[^,.!?]{0,40},)",
    re.IGNORECASE,
)
# The user's wish or a modal before the act it asks for ("I wish to", "I need to", "you
# could", "can you"): the act is the verb after it.
_WISH_TO = re.compile(
    # "I'd like to" typed with its contraction joined, or split ("I 'd like to")
    r"^\s*(?:(?:(?:i|we)(?:\s+(?:would|['’]d)|['’]d)\s+(?:also\s+|really\s+)?(?:like|love)"
    r"|(?:i|we)\s+(?:want|wish|need|have))\s+to\s+|(?:(?:can|could|would|will)\s+you|you\s+(?:can|could))\s+(?:also\s+|just\s+)?)",
    re.IGNORECASE,
)


# The agent's question asking the user's opinion of what it proposes ("What do you think of
# the black chair from earlier?", "Do you like either of the two wooden options?", "How
# are these blue hoodies?"): it asks for no value (round 10's shopping assistant).
_OPINION = re.compile(
    r"\b(?:what\s+do\s+you\s+think|(?:do|how\s+do)\s+you\s+like|how\s+(?:are|is))\s+"
    r"(?:of\s+)?(?:either|any|these|those|this|that|they|them|it|the)\b"
    r"[^?]*\?\s*(?:[^?]*[.!])?\s*$",
    re.IGNORECASE,
)
_OPINION_TAIL = 300  # characters of the agent's message read for its opinion question

# The agent's offer to act: "Would you like me to check the availability of…?", "Shall I
# add it?", "Do you want me to book…?", "Perhaps adding the Flower Power Fertilizer?"; the
# verb it offers is the group.
_OFFER = re.compile(
    r"\b(?:would\s+you\s+like\s+(?:me\s+)?to|shall\s+i|should\s+i|do\s+you\s+want\s+me\s+to|"
    r"want\s+me\s+to|perhaps|maybe)\s+(?:go\s+ahead\s+and\s+|help\s+you\s+)?([a-z]{3,})",
    re.IGNORECASE,
)
_OFFER_WORD = re.compile(r"[a-z]{4,}")
_STEM = 5  # leading letters that make two words one ("availability", "available")


def _stems(text: str) -> set[str]:
    stop = _lists()["offer_stop"]
    return {w[:_STEM] for w in _OFFER_WORD.findall(text.lower()) if w not in stop}


def _takes_up_offer(text: str, previous: str) -> bool:
    """True when the turn asks for the act the agent's last sentences offered, with the
    same verb and a word of what the offer named."""
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    low = text.lower()
    for m in _OFFER.finditer(tail):
        verb = m.group(1).lower()
        verb = verb[:-3] if verb.endswith("ing") and len(verb) > 5 else verb
        if not re.search(rf"\b{re.escape(verb)}(?:s|ed|ing)?\b", low):
            continue
        named = _stems(tail[m.end() :]) - {verb[:_STEM]}
        if named & (_stems(text) - {verb[:_STEM]}):
            return True
    return False


# An offer on a condition at the end of the agent's message ("but I can recommend a hotel with
# free wifi in the moderate price range if you're interested"), and an approval that opens the
# user's turn ("That sounds like a good alternative, …", "Sounds good, …").
_CONDITIONAL_OFFER = re.compile(
    r"\bi\s+(?:can|could)\s+(?:also\s+)?([a-z]{3,})\b([^.!?]{3,}?)\s*,?\s*if\s+"
    r"(?:you['’]re|you\s+are|you['’]d\s+like|you\s+would\s+like|you\s+want|you\s+wish)\b",
    re.IGNORECASE,
)
_APPROVES = re.compile(
    r"\s*(?:(?:that|this|it)\s+(?:sounds|seems|would\s+be)|sounds|great|perfect|yes|sure)\b",
    re.IGNORECASE,
)
_OFFER_SHARED = 3  # words of the offered item the turn repeats to ask for that item


def _approves_offer(text: str, previous: str) -> bool:
    """True when the turn opens approving what the agent's last sentences offered on a
    condition and asks for the item it named, repeating three of its words."""
    if not _APPROVES.match(text):
        return False
    tail = " ".join(_split_sentences(" ".join(previous.split())[-_AGENT_TAIL:])[-2:])
    for m in _CONDITIONAL_OFFER.finditer(tail):
        verb = m.group(1).lower()[:_STEM]
        if len((_stems(m.group(2)) - {verb}) & _stems(text)) >= _OFFER_SHARED:
            return True
    return False


# A bare topic of one to six words, with no word of the user's own, no pronoun, no
# interjection, no greeting or closing and no control word ("Spousal support", "Buying vs
# renting a home.", "query definition"): a keyword turn (session 18).
_KEYWORD = re.compile(
    # no verb of a statement ("The desk arrived damaged."): a past tense after the first word
    # or an auxiliary
    r"(?![A-Za-z'’-]+\s+(?:.*\s)?[a-z]+ed\b)"
    r"(?!.*\b(?:is|are|was|were|has|have|had|do|does|did|will|can|could|should|would|got)\b)"
    r"(?!.*\b(?:i|i['’]m|me|my|we|us|our|you|your|it|its|that|this|these|those|they|them|he|she|"
    r"his|her|oh|uh+|um+|ah+|hmm+|yikes|damn|wow|ok|okay|yes|yeah|no|nope|hi|hey|hello|thanks?|"
    r"bye|goodbye|test|exit|quit|stop|done|end|just|please|let|go|sorry|great|nice|cool)\b)"
    r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){0,5}\s*[.]?",
    re.IGNORECASE,
)
# A bare act as a command ("checkout", "sign up"): asks the agent to do it (session 18).
_BARE_COMMAND = re.compile(
    r"(?:check\s*out|log\s*in|sign\s*(?:in|up)|(?:un)?subscribe|rebook|reschedule)\s*[.!]?",
    re.IGNORECASE,
)


#: The learned model's file, ``projeval/data/turn_model.json``, written by
#: ``benchmarks/train_turns.py``.
TURN_MODEL = "turn_model"
#: Whether :func:`classify_turn` uses the learned model: when it beat the rules on rounds
#: neither had seen, each measured at the commit that labelled it (the model's
#: ``meta["classifier"]``, from ``benchmarks/train_turns.py``'s ``BLIND_ROUNDS``, which a
#: test holds this equal to; session 35: 0.754 against 0.741 over 8,288 turns of 25
#: rounds, ahead on 17). A constant, so that a process that classifies with the rules never
#: reads the model file (about 1 MB of JSON).
MODEL_CLASSIFIES = True


@functools.cache
def turn_model() -> LinearModel:
    """The shipped user-turn model (read once per process)."""
    return linear.load(TURN_MODEL)


@functools.lru_cache(maxsize=8192)
def _model_turn(text: str | None, asked: bool, previous: str | None) -> str:
    return turn_model().predict(turn_features(text, asked, previous))[0]


def _drop_agree_tags(sentences: list[str]) -> list[str]:
    """``sentences`` without the last ones that only ask for agreement ("Does that
    work?", "Proceed?") or are marks alone ("???"), when something is left."""
    p = _patterns()
    kept = list(sentences)
    # ... and marks alone ("你能把这个号给送货的吗? ???"), which ask nothing of their own
    while len(kept) > 1 and (p["agree_tag"].match(kept[-1]) or not _PUNCT.sub("", kept[-1])):
        kept.pop()
    return kept


# A last question that asks for help and names nothing ("Can you help me with that?",
# "Could you help?", "你能帮我吗？"): after a wish to be told it asks to be told ("I want to
# know the rate… Can you help me with that?"), after anything else it asks for help ("I want
# to see pictures of axolotls. Can you help me with that?").
# Asking the agent what it recommends, with no item named ("What do you recommend?", "What
# would you suggest?"), after a goal of the user's own to reach by doing something ("I want
# to save more money."), asks advice on the user's own act: a question (session 5, session
# 18's own situation); after an item wished for ("I need a hotel with good Wi-Fi. What do you
# suggest?") it asks for the item, a search.
_BARE_RECOMMEND = re.compile(
    r"^\W*(?:(?:so|then|ok|okay|please|and)\W+)*what\s+(?:do|would|can)\s+you\s+"
    r"(?:recommend|suggest|advise)(?:\s+(?:then|me|i\s+do))?\W*$",
    re.IGNORECASE,
)
_OWN_GOAL = re.compile(
    r"\b(?:i|we)(?:['’]d|\s+would)?\s+(?:really\s+)?(?:want|like|need|hope|am\s+trying|['’]m\s+trying)"
    r"\s+to\s+(?!(?:buy|get|find|book|order|purchase|have|rent|reserve|try|see|visit|eat|stay)\b)[a-z]+",
    re.IGNORECASE,
)
_BARE_HELP = re.compile(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?help(?:\s+(?:me|us))?"
    r"(?:\s+(?:with\s+(?:that|this|it)|out))?(?:\s+please)?"
    r"|(?:你|您)?(?:能|可以)(?:帮|帮帮)(?:我|忙)?(?:吗|么))\s*[?？]+\s*$",
    re.IGNORECASE,
)


# A Chinese turn's last words asking whether the agent is there ("… 在吗?", "… 人呢").
_ZH_THERE = re.compile(
    r"(?<=\S)[\s，,。.!！]+(?:还)?(?:在吗|在么|在不在|有人吗|有人在吗|人呢)[?？!！。.~～]*$"
)
# A Chinese clause that opens by asking the agent's help to act ("请帮我检查一下", "能帮我查一下",
# "你能帮我找到…吗"): at a clause's start, not inside one ("有没有其他方式能帮我查到" asks whether).
_ZH_HELP_ACT = re.compile(
    r"(?:^|[，,。？?！!；;\s])(?:那|那么|对了[，,]?)?(?:请|麻烦)?(?:你|您)?"
    r"(?:能不能|能否|可不可以|可以|能)?(?:帮我|帮忙)"
    r"(?:查|找|检查|核对|生成|预订|预定|订|处理|安排|取消|修改|设置|创建|添加|删除|计算|翻译)"
)
_ZH_HELP_ACT_VERB = re.compile(
    r"(?:查|找|检查|核对|生成|预订|预定|订|处理|安排|取消|修改|设置|创建|添加|删除|计算|翻译)$"
)
# Emoji and their modifiers (pictographs, dingbats, variation selectors, joiners).
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0e\ufe0f\u200d]+")
# A simulated user's turn may come quoted, with its speaker's name or a markdown label
# before it ('Sarah: "Thanks, ..."', '**Response:** "..."'): read past them.
_SPEAKER = re.compile(r"^\s*(?:\*\*[^*\n]{1,30}\*\*|[A-Z][\w.]*(?: [A-Z][\w.]*){0,2}:)\s*(?=[\"“])")
_QUOTES = re.compile(r"[\"“”*]+")
# A turn that adds a task to what it answers ("No more requirements; 还想请你帮我推荐...").
# (an English "also" after the subject tells, not one at the end: "I need the insurance
# also.")
_ADDS = re.compile(
    r"还想|还要|另外|再帮|\b(?:i|we)(?:['’]d| would| will|['’]ll| am|['’]m| are|['’]re)?\s+also\b"
    r"|\balso\s+(?:i|we)\b",
    re.IGNORECASE,
)
# A sentence that opens by adding to a question ("Can you tell me the rate? Also, please set
# an alert…", "Additionally, I'd like to…"): what it adds may be a new task.
_ALSO = re.compile(r"(?:^|[.!?]\s+)(?:also|additionally|in addition|plus)\s*,", re.IGNORECASE)
# A question given with its answer ("Q: Why the blueberries are blue? A: Because …",
# "Question: Is … ? Answer: Yes, …", "问：… 答：…"): handed to the agent to check or store, it
# asks nothing itself (round 11's fact-checking agent): `other`.
_QA_PAIR = re.compile(
    r"\s*(?:q|question|问题?)\s*[:：].+?[?？。.]\s*(?:a|answer|答案?)\s*[:：]\s*\S",
    re.IGNORECASE | re.DOTALL,
)
# A turn that is one upper-case token, bare or in markers: a simulator's control signal.
_CONTROL = re.compile(
    r"\s*(?:(?:#+|\[|<)\s*[A-Z][A-Z_ ]{2,}?\s*(?:#+|\]|>)|[A-Z][A-Z_]{3,}[.!]?)\s*"
)
# "I was wondering if you could …", "I'm wondering whether you can …": a polite "Could you …?".
_WONDER_YOU = re.compile(
    r"^\s*(?:hi|hello|hey)?[,!.\s]*(?:i\s+was|i['’]m|i\s+am)\s+(?:just\s+)?wondering\s+"
    r"(?:if|whether)\s+you\s+(?:could|can|would|might)\s+(?:please\s+)?",
    re.IGNORECASE,
)
# A control signal that ends a turn after its words (:data:`_CONTROL` at its end).
_TRAILING_CONTROL = re.compile(
    r"(?<=[^\s#\[<])\s*(?:#+\s*[A-Z][A-Z_ ]{2,}?\s*#+|\[[A-Z][A-Z_ ]{2,}?\]|<[A-Z][A-Z_ ]{2,}?>)$"
)
_QUOTED = re.compile(r"[\"“”*]")
# A recap that checks what the user understood of their own case ("Just to confirm, the refund
# goes back to my original card, right?"): no "you" in its sentence, so the user does not
# speak as the agent recapping the listener's wishes ("Just to confirm, you'd prefer…").
_OWN_RECAP = re.compile(
    r"just\s+to\s+(?:confirm|clarify|recap)\b(?=[^.!?]*\?)(?![^.!?]*\b(?:you|you['’]\w+|your)\b)",
    re.IGNORECASE,
)
# A turn that opens by going on from what the user said before ("Anyway, I'm pretty sure…",
# "As for customer service, …", "Of course, with all that said, …", "Beyond that, …"): a
# later message of the user's, even where no agent message stands before it (a user who
# writes several messages in a row, round 11's BFCL customer), so no opening statement of
# the need; what it asks decides, and a statement alone is a remark.
_CONTINUES = re.compile(
    r"\s*(?:anyway|anyhow|as\s+for|beyond\s+that|besides\s+that|speaking\s+of|in\s+the\s+meantime"
    r"|meanwhile|of\s+course|on\s+top\s+of\s+that|(?:with\s+)?(?:all\s+)?that\s+said|another\s+thing"
    r"|one\s+more\s+thing|in\s+terms\s+of|at\s+the\s+end\s+of\s+the\s+day|to\s+give\s+you\s+(?:a\s+bit\s+of\s+)?context"
    r"|[a-z]+-wise|(?:i|we)\s+also)\b",
    re.IGNORECASE,
)
# the adverbs of _SUBJECT_ADVERB: a turn without any of them needs no substitution
_ADVERBS = ("also", "really", "just", "still", "actually", "only")
# "I'm also looking for", "I'd just need": the adverb is no part of the request phrase.
_SUBJECT_ADVERB = re.compile(
    r"\b(i|we|i['’]m|we['’]re|i['’]d|we['’]d|i am|we are|i will|i would|we would|i['’]ll|we['’]ll)"
    r"\s+(?:also|really|just|still|actually|only)\s+",
    re.IGNORECASE,
)


# The polite words before an imperative ("请", "麻烦你", "please", "now"), read past to
# its verb.
_IMPERATIVE_LEAD = re.compile(
    r"^\s*(?:(?:请|麻烦|麻烦你|你|再|那|那么|please|kindly|now|just|so|then|also)\s*[,，]?\s*)*",
    re.IGNORECASE,
)


def _tells(text: str) -> bool:
    """True when ``text`` is an imperative whose verb is one of telling ("请介绍一下中国高等
    教育的体系和特点", "请说出4个国家的GDP", "Tell me about that coat please") and it asks
    for no act: to be told, a question, as "Can you tell me…?" is."""
    p = _patterns()
    lead = _IMPERATIVE_LEAD.match(text)
    verb = text[lead.end() if lead else 0 :]
    if p["act"].search(verb):
        return False
    if p["inform_verb"].match(verb):
        return True
    # Chinese names the topic first and the verb of telling after it ("竞争环境分析详细说明",
    # "上面每一点都展开说明。", "更详细地阐述，包括…": round 11's ShareGPT users): the first
    # clause ends with it
    if _CJK.search(verb):
        first = _PUNCT.sub("", _CLAUSE.split(verb, maxsplit=1)[0])
        told = _ZH_TOLD_END.search(first)
        return told is not None and told.start() > 0
    return False


# A story, a joke, a poem or a riddle to be told ("Tell me a story about …", "tell us a joke",
# "给我讲个故事", "说一个笑话"): made up by the agent, a work product (session 22's chat prompts).
_TELLS_MADE_UP = re.compile(
    r"\btell\s+(?:me|us|him|her|them)\s+(?:a|an|another|one|some|two|three|\d+)\s+(?:\w+\s+){0,2}?"
    r"(?:story|stories|joke|jokes|poem|poems|riddle|riddles|fairy\s*tale|tale|tales|bedtime\s+story)\b"
    r"|(?:讲|说|编)(?:一个|一段|个|几个|一则|段)[^，,。？?！!]{0,10}?(?:故事|笑话|段子|童话)",
    re.IGNORECASE,
)
# A name, a title or a slogan to make up, asked in a question's words ("What would be a good
# name for my bakery?", "What's a catchy slogan for a recycling campaign?"; not "What is the name
# for a baby kangaroo?", a fact), and a task on given material asked as how the agent would do it
# ("How would you rewrite this sentence …?"): session 22's ideas the agent makes up.
_MAKES_UP = re.compile(
    r"\b(?:good|catchy|creative|clever|funny|better|cool|memorable|fun|great|nice|unique|original"
    r"|short|witty|cute|fitting|suitable)\s+(?:[\w-]+\s+)?"
    r"(?:name|title|slogan|tagline|caption|headline|motto|nickname|username|hashtag)s?\s+for\b"
    r"|^\s*how\s+would\s+you\s+(?:rewrite|rephrase|reword|translate|summari[sz]e|edit|shorten"
    r"|paraphrase|proofread)\b",
    re.IGNORECASE,
)

# A verb of telling that ends a Chinese clause, with its softeners ("详细说明", "展开说明一下").
_ZH_TOLD_END = re.compile(r"(?:说明|阐述|讲解|解释|介绍)(?:一下|下)?(?:吧)?$")


def _presses(text: str) -> bool:
    """True when ``text`` is a verb of telling with nothing named to tell ("告诉我", "Tell me!"):
    it presses the agent for the answer it held back, a request (round 11's ruling), not a
    question about a fact."""
    return _PUNCT.sub("", text).lower() in _PRESS


_PRESS = frozenset(
    {"告诉我", "快告诉我", "你告诉我", "tellme", "justtellme", "回答我的问题", "answermyquestion"}
)


def _instructs_first(text: str, at: int) -> bool:
    """True when ``text`` opens with a sentence that instructs the agent ("Please find the
    restaurants in Day 1 of the Travel Itinerary database, then create…", "Please execute
    the following task in my repository…:") and a later sentence, at ``at``, reads as the
    agent's voice ("Based on your understanding, solve the task…"), and asks nothing: a task
    given to the agent, whose later sentences are its spec (a benchmark's task prompt,
    MCPMark's), not a user speaking as the agent, who asks as it does ("Yes, please book
    that for me.Okay, I'll book that for you. … Is that correct?")."""
    first = _BOUNDARY.search(text)
    if first is None or first.end() > at or "?" in text or "？" in text:
        return False
    return _is_request(text[: first.end()])


# A rhetorical question: pushback in a question's form that judges the agent, its price or
# the service and asks for no fact ("Why are you so expensive?", "And why does this keep
# costing me money?", "How am I supposed to know that?", "谁知道你们倒来倒去需要多长时间",
# "不下水我怎么知道会不会起球", "凭什么"), or a reaction that seeks agreement ("Isn't that
# awful?"): the r4 section's rhetorical pushback and session 5's judging pushback, `other`;
# not "How do I know if a tech is experienced?" (asks whether), "你知道谁知道吗".
_RHETORICAL = re.compile(
    r"\bwhy\s+(?:are|is|do|does)\s+(?:you(?:\s+guys)?|your\s+\w+|this|it|that)\s+(?:\w+\s+)?so\s+\w+"
    r"|\bwhy\s+(?:does|do|did)\s+(?:this|it|that|you)\s+(?:always\s+)?keep\b"
    r"|\bhow\s+(?:do|would|am|should|could|can)\s+i\s+(?:be\s+)?(?:supposed\s+to\s+|even\s+)?know\b"
    r"(?!\s+(?:if|whether|what|which|when|where|who|how)\b)"
    r"|\b(?:isn['’]?t|is\s+not|wasn['’]?t)\s+(?:that|it|this)\s+(?:just\s+|so\s+|really\s+)?"
    r"(?:awful|terrible|ridiculous|crazy|unfair|insane|horrible|absurd|outrageous|sad|unbelievable)\b"
    r"|(?:^|[\s，,。！!？?])谁知道|我(?:怎么|咋|哪|怎么会|如何)知道|凭什么|有没有搞错"
    # ... or mocks the company's conduct in a question's form (round 12's Weibo and e-mail
    # customers: "莫非移动公司很缺钱？", "有必要天天发这种垃圾消息？", "你们就这样对待老用户的？",
    # "你这是闹哪样？… 至于嘛？", "是几个意思啊", "Is it fun to always modify the skin?",
    # "…, but is it useful?", "What is the use?"): a telecom's or a shop's customer venting,
    # not asking (a fault or a demand beside it is read by the other rules)
    r"|莫非|有必要[^，,。！!？?]{0,20}(?:吗|么|[？?])|至于[吗嘛么]|闹哪样|几个意思"
    r"|就(?:这样|这么)对待|\bis\s+it\s+(?:fun|funny)\s+to\b|\b(?:but\s+)?is\s+(?:it|that|this)\s+useful\s*\?"
    r"|\bwhat(?:['’]s|\s+is)\s+the\s+(?:use|point)\s*\?|\bare\s+you\s+(?:kidding|joking)(?:\s+me)?\s*\?"
    # ... or asks who is being fooled, whether the shop forgot or ignores the user, or whether
    # the money was wasted (round 22's after-sales customers: "…糊弄谁呢？", "你们是不是把我当空气？",
    # "…你们是不是忘了？", "就这么对老客户？", "…钱白花了？", "…你们还让我等排期？": session 21)
    r"|糊弄谁|把我(?:当|忘)|(?:是不是|难道)[^，,。？?！!]{0,4}?忘了|就(?:这样|这么)对(?!待)|白花了[？?吗]"
    r"|你们还让我[^，,。？?！!]{0,8}[？?]",
    re.IGNORECASE,
)
# A fault of an after-sales order or service told in Chinese: it does not move or was not done
# ("物流还是不动", "问题一点没解决", "维修单开了一周都没人联系我", "你们凭什么不发货", "冰箱插头都烧黑了"):
# round 22's customers' rhetorical questions beside it report the fault (session 21's rulings:
# a complaint that tells a fault of the item or the order is a problem report, a `request`).
_ZH_SERVICE_FAULT = re.compile(
    r"(?:一点|都|还|一直)?没(?:有)?(?:人)?(?:解决|处理|发货|联系|回复|上门|到货|动静)"
    r"|不发货|(?:物流|快递|订单)[^，,。？?！!]{0,4}不动|烧(?:黑|焦|坏)"
)


# An ask put as a condition ("It would be appreciated if a ticket could be opened", "I'd be
# grateful if you could…"): a request beside a complaint, whatever request words it lacks.
_CONDITIONAL_ASK = re.compile(
    r"\b(?:appreciate\w*|grateful|glad|helpful)\b[^.!?]*\bif\b|\bif\s+you\s+(?:could|can|would)\b",
    re.IGNORECASE,
)


# An appraisal of a topic ("It's interesting to see how…", "Isn't it fascinating how a simple
# postcode can…"), and a tag that asks only for agreement with it ("…, don't you think?",
# "…, isn't it?", "…, right?", "…, aye?"): round 15's ToolACE users chatting, `other` (an
# opinion asks for no fact); a tag after a fact of the task ("It leaves at 5, right?") asks
# to have it confirmed, and the turn holds no appraisal.
_APPRAISAL_WORDS = (
    r"interesting|fascinating|amazing|amusing|incredible|intriguing|impressive|remarkable"
    r"|captivating|astonishing|wild"
)
_APPRAISAL = re.compile(rf"\b(?:{_APPRAISAL_WORDS})\b", re.IGNORECASE)
_AGREE_TAG = re.compile(
    r"[,，]\s*(?:don['’]?t\s+you\s+think|isn['’]?t\s+it|aren['’]?t\s+they|ain['’]?t\s+it"
    r"|right|huh|aye|eh)\s*[?？]+\s*$"
    rf"|\bisn['’]?t\s+it\s+(?:(?:so|really|just)\s+)?(?:{_APPRAISAL_WORDS})\s+(?:how|that|to)\b",
    re.IGNORECASE,
)


def _rhetorical(sentences: list[str]) -> bool:
    """True when the last question of ``sentences`` is rhetorical (:data:`_RHETORICAL`) and
    no sentence but the rhetorical ones asks the agent to act ("Why are you so expensive?
    Can you match $75?" asks for a discount); or it asks only for agreement with the turn's
    appraisal (:data:`_AGREE_TAG`, :data:`_APPRAISAL`)."""
    tagged = [s for s in sentences if _is_question(s) or _AGREE_TAG.search(s)]
    if (
        tagged
        and _AGREE_TAG.search(tagged[-1])
        and any(_APPRAISAL.search(s) for s in sentences)
        and not any(map(_is_request, sentences))
    ):
        return True  # ... "It's been an incredible season so far, right? So many surprises."
    asking = [s for s in sentences if _is_question(s) or _RHETORICAL.search(s)]
    if not asking or not _RHETORICAL.search(asking[-1]):
        return False
    return not any(
        _is_request(s) or (_is_question(s) and _asks_to_act(s))
        for s in sentences
        if not _RHETORICAL.search(s)
    )


# A turn that only reacts to what the agent said ("Oh no.", "That's unfortunate.", "What a
# shame!", "太可惜了", "真倒霉"): it asks and answers nothing, `other` (after the agent asked
# for a value, a reply that only voices a feeling answers it: the r4 section).
_REACTION = re.compile(
    r"\s*(?:(?:oh|ah|aw|ugh|well|hmm+|wow|ok|okay|but)[\s,]+)*(?:oh\s+no|oh\s+(?:man|dear)|no\s+way"
    r"|bummer|that['’]?s\s+(?:too\s+bad|unfortunate|a\s+(?:shame|pity|bummer)|sad|(?:so\s+|really\s+)?"
    r"(?:annoying|frustrating|disappointing))|what\s+a\s+(?:shame|pity|bummer)"
    r"|(?:太|真|好)?可惜了?|真倒霉|太倒霉了?|倒霉"
    # ... or only voices the user's feeling ("I am happy.", "Okay, but I'm still stressed.",
    # "我好着急啊"): the r4 section's feeling with no question before it
    r"|(?:i['’]?m|i\s+am|i\s+feel|we['’]?re|we\s+are)\s+(?:still\s+|so\s+|really\s+|very\s+|a\s+bit\s+)*"
    r"(?:happy|glad|sad|upset|angry|stressed|worried|annoyed|excited|tired|frustrated|nervous|scared)"
    r"|我(?:还是|很|好|真|太|有点)*(?:开心|高兴|难过|生气|着急|郁闷|担心|害怕)(?:了|啊|呀|死了)?"
    r")[\s.!！。~～…]*",
    re.IGNORECASE,
)


# A fault the user reports, beside a complaint ("It's broken again! This is unacceptable!",
# "My AC is making a weird sound. It's really annoying.", "不到一个月就坏了"): a problem
# report asks for help, a `request` (the r4 section), so the complaint is no mere venting.
_FAULT = re.compile(
    r"\b(?:broken|broke|not\s+working|doesn['’]?t\s+work|won['’]?t\s+\w+|can['’]?t\s+\w+"
    r"|damaged|leak\w*|noise|sound|freezing|stopped|missing|never\s+(?:arrived|came|got)"
    r"|hasn['’]?t\s+(?:arrived|come|shipped)|still\s+(?:not|no))\b"
    r"|坏|不能用|用不了|打不开|没收到|收不到|还没到|没到|不到货|破了|漏",
    re.IGNORECASE,
)


# Thanks for nothing, or for what did not help ("Thanks for the worthless response!",
# "THANKS FOR NO INSTRUCTIONS ON THE PET ZEN!"), or thanks beside saying the agent did not
# help ("Thank you! You didnt provide any help."): round 12's e-mail and Weibo customers'
# sarcasm is pushback (`other`), not a closing; a question or a request beside it still
# asks ("Thanks for nothing. Can I speak to a manager?").
_SARCASM = re.compile(
    r"\b(?:thanks|thank\s+(?:you|u))\s+(?:\w+\s+){0,2}?for\s+(?:nothing|no\s+(?!longer\b)\w+"
    r"|(?:the|your|a|an|all\s+the|this)\s+(?:\w+\s+)?(?:worthless|useless|unhelpful|pointless"
    r"|non-?answer|runaround)|(?:wasting|ignoring)\b)"
    r"|\byou\s+(?:didn['’]?t|did\s+not|haven['’]?t|have\s+not|never)\s+(?:\w+\s+)?"
    r"(?:any|much)\s+help\b|\b(?:no|zero)\s+help\s+at\s+all\b"
    r"|谢谢你们?的(?:不作为|无作为|敷衍)",
    re.IGNORECASE,
)


# What an e-mail client or a forward appends ("Sent from my iPhone", "Sent from Yahoo Mail for
# iPhone", "Begin forwarded message:", "-------- Original message --------"): nothing the
# customer wrote, so the rules read the text before it (round 12's e-mail customers).
_MAIL_FOOTER = re.compile(
    r"\bsent\s+from\s+(?:my\s+)?(?:iphone|ipad|android|galaxy|samsung|mobile|phone|smartphone"
    r"|yahoo\s+mail|outlook|mail|gmail|aol|car)\b|\bbegin\s+forwarded\s+message\s*:|-{2,}\s*original\s+message",
    re.IGNORECASE,
)
# ... and a confidentiality notice at a mail's end ("This e-mail and any attachments are intended
# solely for the named recipient. … If you are not the intended recipient, please delete it"):
# the sender's firm's words, no ask of the user's (round 32's e-mails, session 31).
_MAIL_DISCLAIMER = re.compile(
    r"\bthis\s+(?:e-?mail|message|communication)(?:\s+and\s+any\s+(?:attachments?|files))?"
    r"\s+(?:(?:is|are)\s+(?:intended|confidential)|may\s+contain\s+(?:privileged|confidential))"
    r"|\bconfidentiality\s+notice\b",
    re.IGNORECASE,
)
# ... and the clients' own taglines, with no "Sent from" ("Yahoo Mail: Search, Organize, Conquer",
# "Get Outlook for Android"): round 32's e-mail prospects (session 31).
_MAIL_TAGLINE = re.compile(
    r"\byahoo\s+mail\s*:\s*search,\s*organi[sz]e,\s*conquer\b|\bget\s+outlook\s+for\s+(?:ios|android)\b",
    re.IGNORECASE,
)
_SIGN_OFF_WORDS = 3  # a name or a slogan before the footer, no more ("Patch power !")
# Praise of the product or the service in a turn that asks for nothing ("I use these!!!",
# "they work great", "So awesome", "为你点赞", "觉得他们还是很敬业的"): a testimonial, `other`
# as venting is, also as a first turn.
_PRAISE = re.compile(
    r"\b(?:(?:they|these|it|this|those)\s+(?:really\s+|all\s+)?work(?:s|ed)?\s+"
    r"(?:great|well|wonders|perfectly|like\s+a\s+charm)|i\s+(?:use|love)\s+(?:these|them)"
    r"|(?:love|loved)\s+(?:your|this|these)\s+(?:product|patch|sticker|service|app)\w*|so\s+awesome"
    r"|highly\s+recommend)\b|点赞|好评|敬业|很给力",
    re.IGNORECASE,
)


# "Do you (happen to) know if there is / there are …": the embedded question, asked directly.
_KNOW_IF_THERE = re.compile(
    r"\b(?:do|does)\s+(?:you|anyone|anybody)\s+(?:happen\s+to\s+)?know\s+(?:if|whether)\s+"
    r"there(?:(?P<is>['’]s|\s+is)|\s+are)\b",
    re.IGNORECASE,
)


def _there_question(m: re.Match[str]) -> str:
    """ "Is there" or "Are there" for a :data:`_KNOW_IF_THERE` match, capitalised as it was."""
    words = "is there" if m.group("is") else "are there"
    return words.capitalize() if m.group(0)[0].isupper() else words


# "I'm looking for somewhere where I can grab a quick bite", "… a place that feels part of the
# local community": a place described by what the user will do there.
_PLACE_REASON = re.compile(
    r"^\s*i['’]?\s*a?m\s+(?:just\s+|really\s+)?looking\s+for\s+(?:somewhere|a\s+place|a\s+spot)"
    r"\s+(?:where|that|which)\b",
    re.IGNORECASE,
)


def _drop_place_reason(text: str) -> str:
    """``text`` without the sentences that, after a question, say what the user wants the
    answer for ("Could you tell me more about the restaurant options at the hotel? I'm looking
    for somewhere where I can grab a quick bite."): the question decides (round 18's
    travellers); the same sentence with no question before it is a search."""
    sentences = _sentences(text)
    if len(sentences) < 2 or not _is_question(sentences[0]):
        return text
    kept = [s for s in sentences[1:] if not _PLACE_REASON.match(s)]
    return " ".join([sentences[0], *kept]) if len(kept) < len(sentences) - 1 else text


def _classify(text: str | None, context: str) -> str:
    """The rules' class of a user turn after an agent message of ``context``."""
    return _rule(text, context)[0]


_OK_DOTTED = re.compile(r"(?<![\w.])[oO]\.[kK]\.?(?![\w.])")


# A line break after a word (no mark before it): where one chat message ended.
_LINE_END = re.compile(r"(?<=[A-Za-z0-9])[ \t]*\n+")


# A short bracketed aside that ends a turn, after a clause's end: "（男，26岁）", "(female, 30)".
_TRAILING_ASIDE = re.compile(r"(?<=[^\s(（])\s*[（(][^()（）]{1,16}[）)]$")


@functools.lru_cache(maxsize=8192)  # turns repeat across conversations ("Yes", "Thanks!")
def _rule(text: str | None, context: str) -> tuple[str, str]:
    """The rules' class of a user turn and the name of the rule that gave it (the
    learned model reads both)."""
    if text and _ZH_TRADITIONAL_CHARS.search(text):
        # "為什麼春聯叫上下聯但是貼左右", "國小數學在學什麼": a Chinese turn in traditional characters
        # asks with the same words the lists hold in simplified ones (session 22)
        text = text.translate(_TO_SIMPLIFIED)
    asked = context in ("open", "asked", "solicit", "confirm")
    solicited = context in ("solicit", "confirm")
    t = text or ""
    if ".k" in t or ".K" in t:  # cheap test first: "O.k." is "Ok" spelled with its letters
        t = _OK_DOTTED.sub("Ok", t)  # (round 32's texts, session 31)
    if _QUOTED.search(t):  # cheap test first: most turns hold no quote or label
        t = _QUOTES.sub(" ", _SPEAKER.sub("", t))
    if "\n" in t:
        # a chat's consecutive messages joined by line breaks ("Thank you so much\nI also need
        # some pens and pencils": round 17's shop clients) are sentences of their own
        t = _LINE_END.sub(". ", t)
    t = " ".join(t.split())
    if " '" in t or " n't" in t:  # cheap test first: most turns are not tokenized
        # "Yes , I 'm looking for a restaurant ." (a tokenized transcript, round 13's MultiWOZ
        # turns): the words as typed
        t = _TOKENIZED.sub(r"\1", t)
    if "wondering" in t:  # cheap test first
        # "I was wondering if you could help me cancel my order.": asks what "Could you help
        # me cancel my order?" asks (session 18); "… whether my flight includes meals" a fact
        wonder = _WONDER_YOU.match(t)
        if wonder is not None:
            t = "Could you " + t[wonder.end() :].rstrip(" .!") + "?"
    if t.endswith(("#", "]", ">")):  # cheap test first: most turns end with no signal
        # "Thanks, that's perfect! [DONE_SUCCESS]", "No, that is all. ###STOP###": a simulated
        # user's control signal after its words says nothing; the words are what it says
        t = _TRAILING_CONTROL.sub("", t) or t
    if _EMOJI.search(t):  # cheap test first: most turns hold no emoji
        # "好的👌", "Thanks 😊": an emoji adds a tone, no words (a turn of emoji only stays)
        t = " ".join(_EMOJI.sub(" ", t).split()) or t
    if t.endswith((")", "）")):  # cheap test first
        # "腰肌劳损可以做附身动作吗（男，26岁）": a bracketed aside after the last clause (the
        # user's sex and age, as round 17's patients' openings carry) tells nothing of what
        # the turn asks; the turn is read without it
        t = _TRAILING_ASIDE.sub("", t) or t
    if "在" in t or "有人" in t:  # cheap test first
        # "物流查询 在吗?", "改送货地址 在吗?": asking whether the agent is there greets; what
        # comes before it is what the turn asks
        t = _ZH_THERE.sub("", t) or t
    adds = _ADDS.search(t) is not None  # "还想请你帮我推荐...", "再帮我找个..."
    low = t.lower()
    if any(w in low for w in _ADVERBS):
        t = _SUBJECT_ADVERB.sub(r"\1 ", t)
    if not t:
        return "other", "empty"
    if (
        "sent from" in low
        or "forwarded" in low
        or "original message" in low
        or "mail" in low
        or "outlook" in low
    ):
        signed = _MAIL_FOOTER.search(t) or _MAIL_TAGLINE.search(t)  # cheap test first
        if signed is not None:
            t = t[: signed.start()].strip()
            if not t or (
                len(_WORD.findall(t)) <= _SIGN_OFF_WORDS
                and context not in ("asked", "solicit", "confirm")  # a short reply answers
                and not any(_is_question(s) or _is_request(s) or _thanks(s) for s in _sentences(t))
            ):
                # "PatchPower Sent from my iPhone": a sign-off and the mail app's footer
                return "other", "sign_off"
    if t[0] in _ZH_FILLERS:  # cheap test first: most turns open with no filler
        # ... but an interjection with only its mark ("哦！") is the acknowledgement itself
        t = _ZH_FILLER.sub("", t) if _PUNCT.sub("", _ZH_FILLER.sub("", t)) else t
    if "know" in low:  # cheap test first
        # "Do you happen to know if there's a restaurant nearby that serves Italian food?"
        # asks what "Is there a restaurant nearby …?" asks (round 18's travellers)
        t = _KNOW_IF_THERE.sub(_there_question, t)
    if "looking for" in low:  # cheap test first
        t = _drop_place_reason(t)
    lists, p = _lists(), _patterns()
    if _CONTROL.fullmatch(t) and not p["lead"].fullmatch(t):
        return (
            "other",
            "control",
        )  # a simulated user's stop signal: "###STOP###", "FINISHED", "[END]"
    if _QA_PAIR.match(t):
        return "other", "qa_pair"  # "Q: Why are blueberries blue? A: Because …": handed over
    if context in ("opening", "none", "open"):
        framed = _instruction_frame(text or "")
        if framed is not None:
            return framed, "instruction_frame"
    # after a recap to confirm, "Actually", "Sorry, no" open a correction: an answer
    shift = p["shift"] if context != "confirm" else _NEVER
    if _SARCASM.search(t) and not any(
        _is_question(s) or _is_request(s) for s in _sentences(_SARCASM.sub(" ", t))
    ):
        return "other", "sarcasm"  # "Thanks for the worthless response!": pushback, no thanks
    if len(t) <= _GREETING_CHARS and p["greeting"].search(t) and _words_only(t, p["closing"]):
        return "greeting", "greeting_only"
    # Pushback first: an opening that holds the agent to what it said ("You mentioned that
    # the manager approved…") is no recap the user speaks as the agent (an offer, below).
    pushed = p["pushback"].match(t) if context != "confirm" else None
    if pushed is not None:
        # Pushback ("That's not what I asked", "You misunderstood me") answers no question
        # of the agent: it is a remark, or what the rest of the turn asks. After a recap to
        # confirm, a correction answers it (above).
        rest = _rule(t[pushed.end() :], "none")[0] if pushed.end() < len(t) else "other"
        return (rest if rest in QUERY_CLASSES else "other"), "pushback"
    if context != "confirm" and _rhetorical(list(_sentences(t))):
        if _CJK.search(t) and (_ZH_SERVICE_FAULT.search(t) or _FAULT.search(t)):
            # "都过了承诺时间了，你们凭什么不发货？": the fault told is reported (session 21)
            return "request", "rhetorical_fault"
        return "other", "rhetorical"  # "Why are you so expensive?", "谁知道你们…需要多长时间"
    if not solicited and _REACTION.fullmatch(t):
        return "other", "reaction"  # "Oh no.", "That's unfortunate.", "太可惜了": asks nothing
    offered = p["offer"].search(t)
    if offered is not None and _OWN_RECAP.match(t, offered.start()):
        offered = None  # "Just to confirm, the refund goes to my card, right?": the user's own
    if offered is not None and _WHY_YOU_NEED.search(t):
        offered = (
            None  # "Why do you need my zip code?": what the agent asked of the user, asked about
        )
    if offered is not None and not _instructs_first(t, offered.start()):
        return "other", "offer"  # the user speaks as the agent: "I can help with that. When...?"
    switched = p["switch"].match(t) if context != "confirm" else None
    if switched is not None and switched.end() < len(t):
        # "Oh no, Publish a song I recorded", "算了，给我找找健身课程": the user drops what
        # the agent asked and states another need, as a first turn does; or says nothing
        # new it asks for ("Oh no, I'm going to use Tucson.")
        rest = _rule(t[switched.end() :], "opening")[0]
        return (rest if rest in QUERY_CLASSES else "other"), "switch"
    if _declines_done(t):
        return "answer", "declines_done"  # "No that is all.": no thanks, no goodbye
    if _is_closing(t, list(_sentences(t)), solicited):
        return "greeting", "closing"
    lead = p["lead"].match(t)
    greeted = False
    while lead and lead.end() < len(t) and lead.group(1).lower() in lists["greeting"]:
        t = t[lead.end() :]  # "Hi, I'm looking to book..." is what follows the greeting
        lead = p["lead"].match(t)
        greeted = True
    if greeted and _LEAVE_TO_ASK.match(t):
        # "你好，能向你咨询一个婚姻纠纷吗", "Hi, can I ask you a few questions?": the greeting
        # announces the consultation and asks nothing yet (session 17, session 18)
        return "greeting", "leave_to_ask"
    if context != "confirm" and _declines_then_asks(t):
        return (
            "request",
            "decline_asks",
        )  # "No thanks, but I will need a taxi.": a new task after declining
    if lead:
        word, rest = lead.group(1).lower(), t[lead.end() :].strip()
        sentences = list(_sentences(rest))
        if word in lists["yesno"]:
            return _after_yes_no(word, rest, sentences, context), "yes_no"
        # "好的 知道了", "Okay, got it.": nothing but acknowledgements
        if (
            not rest
            or (len(rest.split()) <= 1 and len(_CJK.findall(rest)) <= 2)
            or _words_only(rest, p["ack"])
        ):
            return "answer", "lead_short"
        t = rest
    every = list(_sentences(t))
    # a statement that adds a new task ("I am also looking for a museum.", "I would also
    # like a place to eat") is what the turn asks, beside a question about a fact
    new_task = (adds or _ALSO.search(t) is not None) and any(
        _new_task(s) for s in every if not _is_question(s)
    )
    sentences = _drop_agree_tags(every)
    if len(sentences) > 1 and any(map(_directs_answer, sentences[1:])):
        # "What are all the stages of construction in a house …? As well please include a
        # brief statement as to why …", "… Try to explain your answer.": what the answer should
        # hold, no act of its own; the turn asks what its other sentences ask (session 22)
        sentences = [sentences[0]] + [s for s in sentences[1:] if not _directs_answer(s)]
    if len(sentences) < len(every):
        t = " ".join(sentences)
    # A question followed only by remarks or the user's own purpose is what the question
    # asks ("Could you confirm if he is certified? I've heard mixed things.",
    # "电话是多少呢?我想打电话预定门票。").
    asked_at = [i for i, s in enumerate(sentences) if _is_question(s)]
    if asked_at and all(_remark(s) or _ANSWER_FORM.match(s) for s in sentences[asked_at[-1] + 1 :]):
        sentences = sentences[: asked_at[-1] + 1]
    if not solicited and _details_of_act(sentences):
        sentences = sentences[:-1]
    last = sentences[-1] if sentences else t
    if solicited and _BY_REFERENCE.match(t):
        # "The place mentioned in the email: Dear customer, …", "邮件里提到的地点：…": the
        # value asked for, given by quoting where it stands, whatever the quote says
        return "answer", "by_reference"
    if context == "failed" and every and _retries(every[0]):
        return "request", "retry"  # another search after the agent found nothing
    # ... as a first message or a new one after "How can I help?", not the task under way
    # restated beside a question about it ("I still need to process this return. What other
    # information can I provide?")
    if context == "opening" and _asks_remedy(every):
        return "request", "remedy"  # "I'd like to return it. What is the process?" (session 21)
    if _CJK.search(t) and _ZH_TELL_WHETHER.search(t) and not _ZH_HELP_ACT.search(t):
        return "question", "tell_whether"  # "你猜一下这台冰箱还值不值得修。" (session 21)
    clauses = [c for c in _CLAUSE.split(last) if c.strip()]
    tail = clauses[-1] if clauses else last
    # "Help me filter and delete each row in an excel table, where value of a certain column
    # is 0": a relative clause after an imperative, no question (session 22)
    relative = (
        len(clauses) > 1
        and "?" not in last
        and _RELATIVE_WH.match(tail) is not None
        and _is_request(clauses[0])
    )
    if not relative and (_is_question(tail) or (_CJK.search(last) is None and _is_question(last))):
        if _asks_for_more(last):
            return (
                "request",
                "q_more",
            )  # "Are there any other trains?", "Do you have a hotel nearby?"
        if (
            asked
            and _PROPOSAL.match(last)
            and (solicited or _ID_OR_NUMBER.search(last))
            # "What about the average weekly hours for the other courses?" asks for a fact
            # (round cs16's students), "How about the 3 pm slot?" proposes a value
            # ... and "How about one in the moderate price range?" another item, a value
            and not (
                p["fact"].search(last)
                and not _ID_OR_NUMBER.search(last)
                and not _PROPOSES_ITEM.match(last)
            )
            # mk35 (made-up, session 33): "What about a baby, does a lap infant need a
            # ticket?": a clause after it asks a question of its own, which decides
            and not _asks_after_proposal(last)
        ):
            return (
                "answer",
                "q_proposal",
            )  # "How about 2025-03-15T10:00?" proposes the value asked for
        # The clause that asks: in English the last one that starts like a question ("Also,
        # can we include X, like Y?"), else the sentence; in Chinese the sentence without
        # the user's wishes ("逛完我想要找个地方休息,附近有什么酒店么?").
        asking = [] if _CJK.search(last) else [c for c in clauses if p["question_start"].match(c)]
        if (
            solicited
            and not asking
            and not _CJK.search(last)
            and not shift.match(last)
            # a value, or a word or three tried ("snail?", "wind....?" after a quiz's blank)
            and (
                _VALUE.search(last)
                or (len(every) == 1 and len(_WORD.findall(t)) <= _TRIED_WORDS)
                or _TENTATIVE_VALUE.match(last)
            )
        ):
            return (
                "answer",
                "q_value",
            )  # "Maybe from the 3rd to the 10th?": a tentative value, asked for
        if asking:
            asks = asking[-1]
            before = last[: last.rfind(asks)] if asks in last else ""
            if _OWN_CONDITION_BEFORE.search(before):
                asks = before + asks  # mk35 (session 33): the condition set before "can I"
        elif _CJK.search(last):
            # without the clauses that only say the user's wish ("逛完我想要找个地方休息")
            kept = [c for c in clauses if not _only_desire(c)]
            asks = "，".join(kept) or tail
        else:
            asks = last
        wish_told = bool(_BARE_HELP.match(last)) and any(map(p["ask_info"].search, sentences))
        if _BARE_RECOMMEND.match(last) and any(map(_OWN_GOAL.search, sentences[:-1])):
            return "question", "own_goal"  # "I want to save more money. What do you recommend?"
        if wish_told or not (_asks_to_act(asks) or _asks_for_more(last)):
            if solicited and _problem_handed_over(asks):
                # "Can you calculate (5+10)*3?" after "What calculation do you want me to
                # perform?": the value asked for, in a request's words (session 5)
                return "answer", "q_act_value"
            # an unprompted wish for an item to find, then a question about it, asks for
            # the item ("I want a moderately priced restaurant in the east part of town.
            # What is the phone number?": session 5's new task beside a question)
            wish = not solicited and (
                any(map(_wishes_for_item, sentences[:-1])) or _zh_which_to_find(sentences)
            )
            # a task asked, then what the user wants to know of it ("能帮我分析一下…的工资分布情况
            # 吗？我想知道有哪些因素会影响薪资差距。": round 11, an act and a question, round 4's
            # "Can you guys install it? How much?")
            purpose = (
                len(sentences) > 1
                and _wish_to_know(sentences[-1])
                and any(_is_question(s) and _asks_to_act(s) for s in sentences[:-1])
            )
            # an opening that first asks for an act, then a question about it ("Go to the
            # documents folder. What does the last line of the first file look like?"):
            # the task, as an opening's need is
            acts = (
                context == "opening"
                and any(
                    p["request_start"].match(_PLEASE.sub("", s))
                    and not _is_question(s)
                    # "Please tell me about pearls. Where are they found?": telling of a named
                    # topic, no act ("Please explain that." after a told fault points at it)
                    and not (_tells(s) and not _POINTS_BACK.search(s))
                    # "Show me order 4127. Is it eligible for a refund?": the record's facts
                    # (session 30)
                    and not _RECORD_TOLD.match(s)
                    and not _ORDER_NAMED.match(s)
                    for s in sentences[:-1]
                )
            )
            # a Chinese turn that asks the agent's help to act, whatever it asks after ("请帮我
            # 检查一下…的健身包…，还要看看它们的状态怎么样", "…你能帮我找到对应的赛季ID吗？或者有
            # 其他方式可以查询…吗？": round 15's long ToolAce turns), asks for the act
            helps = _ZH_HELP_ACT.search(t) is not None
            # which items of a kind there are ("What courses are offered related to HCI?",
            # "What's a good machine learning class I can take?"): a search (round cs16)
            kind_asked = _asks_for_kind(asks)
            # what to do, asked after a fault of what the agent serves ("I cannot get select
            # query to work, what steps should I take?"): help with the fault (session 18)
            fault = (
                _WHAT_TO_DO.search(asks) is not None and _FAULT_TOLD.search(t) is not None
            ) or _fault_then_ask(every, t)
            # a lower price or a gift asked for in Chinese, beside any question ("能再砍1万吗？或者
            # 有没有隐藏优惠？", "能送个赠品吗", "按799算吧"): session 16's discount asked, a request
            fault = fault or any(_ZH_PRICE_ASKED.search(s) for s in every)
            # mk38zh (made-up, session 34): a change of the user's own things asked in one
            # clause beside facts asked in others ("我这期账单是多少，什么时候要还，还有能不能分
            # 期"): the task asked and asked about, a request (round 4's "Can you guys install
            # it? How much?")
            fault = fault or _mk38zh_act_clause(every, beside_question=True)
            searches = new_task or wish or purpose or acts or helps or kind_asked or fault
            # records listed, items a shop has, a remedy asked after a fact (session 30)
            searches = searches or bool(
                _RECORDS_LISTED.search(asks)
                or _STOCK_ASKED.search(asks)
                or (len(clauses) > 1 and _AND_REMEDY.match(tail))
            )
            return ("request" if searches else "question"), ("q_kind" if kind_asked else "q_told")
        shifts = shift.match(t) or shift.match(last)
        # "I'll just handle that part later. Let's move on! … Can we get first-class flights
        # …?": the value asked for is put off, so the act asked is no answer to it
        defers = _DEFERS.search(t) is not None
        if solicited and not shifts and not defers and _ID_OR_NUMBER.search(last):
            return (
                "answer",
                "q_act_value",
            )  # "Could you make it for the 13th at 1 pm?" after "What time?"
        return "request", "q_act"
    if _AT_A_LOSS.search(t):
        # "女方要争，我不知道该怎么办。", "没报过，我不知道该怎么做。" (also after the agent's
        # question): advice asked on the user's own situation, a question (session 18); beside
        # a fault of what the agent serves ("手机开不了机，我不知道该怎么办"), help with it
        faulty = _FAULT_TOLD.search(t) or _ZH_DEVICE_FAULT.search(t) or _FAULT.search(t)
        return ("request" if faulty else "question"), "at_a_loss"
    if _stalls(sentences):
        return "other", "stall"  # "Let me check.", "Maybe, but let me text him first."
    if _FIELD_VALUE.match(t):
        return "answer", "field_value"  # "Order ID: 3348917502", "Username: cminh730"
    chooses = any(p["choice"].match(_strip_lead(s)) for s in sentences)
    if chooses and _CJK.search(t):
        # a Chinese decision chooses what the agent offered, not the first turn's plan
        # ("我决定去北京旅游", an opening), and a clause asking the agent to act after it asks
        # for more than the choice ("我决定去北京旅游，帮我推荐一家酒店")
        clauses = [c for s in sentences for c in _CLAUSE.split(s) if c.strip()]
        chooses = context != "opening" and not any(
            _is_request(c) and not p["choice"].match(_strip_lead(c)) for c in clauses
        )
    if chooses and not any(_is_question(s) for s in sentences):
        return "answer", "choice"  # "I'm going with the 12:00 flight. Please book it." chooses
    if _asks_for_more(t):
        return "request", "more"  # "I would like more options."
    if any(map(_asks_for_route, sentences)):
        return "request", "route"  # "Okay, tell me the quickest route there." (session 19)
    if not solicited and _WANTS_DONE.search(t):
        return "request", "wants_done"  # "I got charged a fee and I'd like it removed please"
    if p["ask_info"].search(t):
        # "I want to know when they expire."; "…. Also, I'd like to set an alert" adds a task;
        # "我想了解一下…，能帮我查一下…吗？" asks the agent's help to look it up
        helps = _ZH_HELP_ACT.search(t) is not None or _and_act(t)
        return ("request" if new_task or helps else "question"), "ask_info"
    if _SHOW_SEARCH.match(t):
        return "request", "show_search"  # "Show me mugs that cost $30 or less." (session 30)
    if _SHOW_FACT.match(t) or _record_told(sentences):
        return ("request" if new_task else "question"), "show_fact"
    if _presses(t):
        return "request", "press"  # "告诉我", "Tell me!": for the answer held back
    if _tells(t):
        # "请介绍一下特斯拉的汽车充电方式", "Tell me about that coat please": to be told; a story,
        # a joke or a poem told ("Tell me a story about when Natalie was born") is a work product
        # made up, a request (session 22)
        return ("request" if new_task or _TELLS_MADE_UP.search(t) else "question"), "tell"
    if (_asks_for_info(t) or _asks_for_fact(t)) and not (_asks_for_more(t) or _asks_for_list(t)):
        # "麻烦您发一下这家店的地址给我吧", "I need the postcode": a fact
        return ("request" if new_task else "question"), "fact"
    if (
        solicited
        and not shift.match(t)
        and not (adds and _is_request(t))
        and not any(_is_question(s) for s in sentences)
    ):
        return (
            "answer",
            "solicited",
        )  # "I want to start on July 1." after "When do you want to start?"
    if _HELP_UNDERSTAND.match(t) and not new_task:
        return "question", "understand"  # "Help me understand recursion." (session 22)
    if (
        _ADVICE_ASKED.search(t)
        and not new_task
        and not (_FAULT_TOLD.search(t) or _ORDER_FAULT.search(t) or _HAS_PROBLEM.search(t))
    ):
        # "please advise how I should deal with a colleague …", "real estate investment advice",
        # "给创业初期的小企业主建议": advice asked, to be told (session 5, session 22)
        return "question", "advice"
    if (
        _CJK.search(t)
        and p["complaint"].search(t)
        and not any(_is_question(s) for s in sentences)
        and not _is_request(p["complaint"].sub(" ", t))
        # a fault told beside the complaint asks for help ("it's broken again! … unacceptable!")
        and not (_FAULT.search(t) or _FAULT_TOLD.search(t) or _ORDER_FAULT.search(t))
        and not (_HAS_PROBLEM.search(t) or _CONDITIONAL_ASK.search(t))
    ):
        # "这也太麻烦了吧" after a rule told: the complaint's own word (麻烦) is no "please"
        # (session 31's made-up runs), and beside it nothing is asked
        return "other", "vent"
    if _is_request(t):
        return "request", "request"
    if _mk38zh_act_clause(sentences):
        # mk38zh (made-up, session 34): "就不能免了手续费吗，我是你们的金卡会员": the clause that
        # asks, a statement after it, asks a change of the user's own things: a request
        return "request", "act_clause"
    if any(_is_question(s) for s in sentences):
        return "question", "question_any"
    shifted = shift.match(t)
    if shifted and _ZH_STILL_COUNT.match(t):
        shifted = None  # "还有4天" after "您在泰国待几天？": how many remain, no "also"
    if shifted:
        if shifted.end() < len(t) and _is_request(t[shifted.end() :].lstrip(" ,")):
            return "request", "shift_request"  # "Actually want to see my savings balance instead"
        rest = t[shifted.end() :]
        if context in ("open", "opening") and (
            _HAS_PROBLEM.search(rest) or _ORDER_FAULT.search(rest) or _FAULT_TOLD.search(rest)
        ):
            # "Actually, yes. My order #W123 hasn't arrived yet." after "Anything else?": a
            # problem told asks for help, as it does without "Actually"
            return "request", "shift_problem"
        return "other", "shift"  # an unprompted correction: "Oh wait, I meant 12 people."
    if context in ("opening", "none") and p["greeting_start"].match(low) and _pleasantries(t):
        # "Hi there, I have some questions about the 10-K report.", "Hey there! It's Michael
        # from Seattle again. I hope you've been well!": greets, asks nothing yet
        return "greeting", "pleasantries"
    if (
        context in ("opening", "none")
        and (p["complaint"].search(t) or _PRAISE.search(t))
        and not _FAULT.search(t)
        and not _CONDITIONAL_ASK.search(t)
    ):
        # ... and so is praise that reports no fault ("I use these!!!", "they work great",
        # "不过为你点赞": round 12's e-mail and Weibo customers' testimonials)
        # venting that judges the service and reports no fault ("好失望的京东", "That's not
        # fair."): asks for nothing, even as a first turn (the r4 section's opener pushback)
        return "other", "vent"
    if context in ("none", "failed") and (_FAULT_TOLD.search(t) or _ORDER_FAULT.search(t)):
        # "I also tried to update my credit card, but it keeps showing errors" after the
        # agent's answer: a fault of what it serves, help asked (round 6, session 18)
        return "request", "fault_told"
    if context == "opening" and not (_CONTINUES.match(t) or _CONTINUES.match(low)):
        if _ZH_TOPIC_FACT.search(t) or _EN_TOPIC_FACT.match(t):
            # "D2D通信系统技术简介", "美国现任总统的名字", "中国智慧农业发展的挑战": a noun phrase
            # naming a fact or an account of a named topic, to be told (session 18's keyword
            # turns, as an opening; session 22)
            return "question", "topic_fact"
        if _ZH_CONSULT_TOPIC.search(t):
            # "我想咨询一下，离婚以后争夺孩子抚养权的问题": asks about the topic it names, a
            # question (round 19's Lawyer LLaMA clients)
            return "question", "consults"
        if _identifies_only(t):
            # "Hi there I am Alina", "[订单x]": who the user is, or a value, and no need
            return ("greeting" if p["greeting"].search(low) else "other"), "identifies"
        return (
            "request",
            "opening",
        )  # the first turn states the need: "My AC is making a thump sound."
    if _short(t) and p["approve"].search(t):
        return "answer", "approve"  # "That sounds great to me.", "ok thats great. it suits for me."
    if context == "open" and (
        _HAS_PROBLEM.search(t) or _ORDER_FAULT.search(t) or _FAULT_TOLD.search(t)
    ):
        # "I have an issue with my recent order.", "My order arrived damaged.", "The app
        # keeps crashing." after "How can I help you today?": a problem told, help asked
        # (round 6's problem report; the faults session 18 reads after the agent's answer)
        return "request", "problem_told"
    if p["answer_start"].match(t) or (_short(t) and _ID_OR_NUMBER.search(t)):
        return "answer", "answer_form"
    if len(_CJK.findall(t)) <= _TASK_CJK and p["task_noun"].search(t[-4:]):
        return "request", "task_noun"
    if context == "open":
        # after "Anything else?": the next task ("We're planning a tour..."), unless it
        # complains and asks for nothing ("That's not fair. I've been a customer for years.")
        # ... or muses on the topic ("It's really intriguing how the internet can be governed
        # so uniquely…": round 15's ToolACE users, an appraisal that asks for nothing)
        mused = _APPRAISAL.search(t) and not _is_request(t)
        return ("other" if p["complaint"].search(t) or mused else "request"), "open"
    if not asked and _ZH_RESTATE.search(t):
        return "question", "restates"  # "意思就是说…", "嗯十三呗": to be confirmed
    if not asked and _RUN_ON_WH.search(t):
        return "question", "run_on_wh"  # "I can change day what other days are available"
    return ("answer" if asked else "other"), "fallback"


# An instruction's frame (session 20's rulings, round 21's instruction sets). "Answer the
# following question", a quiz's choice or a problem's answer asked for hands the agent a
# question: what it asks, to be told ("请回答以下问题:印度尼西亚的首都是哪里？", "请给出以下数学问题
# 的答案：…", "请从以下选项中选择所有适用的选项:…", "Select the correct option").
_ANSWER_FRAME = re.compile(
    r"^\s*请?(?:根据(?:以下|下面|下列)[^，,:：。？?\n]{0,6}?)?(?:回答|解答)(?:以下|下面|下列|这个|这道)"
    r"[^，,:：。？?\n]{0,4}问题"
    # ... "请根据下面的材料回答问题：…" (session 22): the material's question handed over
    r"|^\s*请?根据(?:以下|下面|下列|上面|上述)的?[^，,:：。？?\n]{0,6}?(?:回答|解答)[^，,:：。？?\n]{0,4}问题"
    r"|^\s*请?(?:根据(?:以下|下面|下列)问题)?(?:给出|提供)(?:以下|下面|下列)?[^，,:：。？?\n]{0,4}?的?答案"
    r"|^\s*请?从(?:以下|下面|下列|给出的)选项中选(?:择|出)"
    r"|\b(?:answer\s+the\s+following\s+question|select\s+the\s+correct\s+(?:option|answer)"
    r"|choose\s+the\s+correct\s+(?:option|answer))\b",
    re.IGNORECASE,
)
# A problem handed over as an imperative to solve or compute, with its numbers or symbols.
_SOLVE = re.compile(
    r"^\s*(?:please\s+)?(?:calculate|compute|solve|evaluate|simplify|differentiate|integrate"
    r"|factori[sz]e|convert|find\s+the\s+(?:value|sum|product|derivative|integral|roots?|equation)"
    r"\s+of)\b"
    r"|^\s*(?:请)?(?:计算|求解|解方程|解下列方程|解不等式|化简|求出|算一下|换算)",
    re.IGNORECASE,
)
_MATH = re.compile(
    r"\d\s*[-+*/×÷^=%]|[-+*/×÷^=]\s*\d|[=√∫∑]|\d\s*(?:°|degrees|fahrenheit|celsius)|\d+\s*[乘除加减]",
    re.IGNORECASE,
)
# ... not a conversion of files, formats or code ("Convert this JSON to YAML").
_NOT_MATH = re.compile(
    r"\b(?:json|csv|yaml|xml|html|file|files|code|text|string|list|array|table|image|pdf|video)\b"
    r"|代码|文件|表格|字符串|图片",
    re.IGNORECASE,
)
# A Chinese imperative that asks to be told what a named thing is, how it works or why it
# matters ("描述法国大革命的影响。", "给我解释量子力学。", "用自己的话解释以下词汇：", "简述下面这段代码的功
# 能", "请分析说明下列历史事件："): to be told, a question (session 20).
_ZH_EXPLAIN = re.compile(
    r"^\s*(?:请|给我|为我|向我|用自己的话|用简单的语言|简要地?|简单地?|详细地?)*"
    r"(?:描述|解释|简述|阐述|分析说明|说明一下|讲解)"
    r"|^\s*请?为(?:以下|下面|下列)[^，,:：。？?\n]{0,8}写[^，,:：。？?\n]{0,6}(?:解释|介绍|说明)"
)
# A named thing's name asked for, then what it is ("请给出中国即将发布的数字货币的名称，并简要介绍其特点"):
# facts of it, to be told (session 20).
_ZH_NAME_AND_TELL = re.compile(
    r"^\s*请?(?:给出|说出|告诉我)[^，,。]{1,30}?的名(?:称|字)[，,]\s*(?:并|并且|再)?(?:简要|简单|详细)?地?"
    r"(?:介绍|描述|解释|说明)"
)
_ZH_SUM_NAMED = re.compile(
    r"^\s*(?:请|给我|帮我)?(?:简要|简单)?地?(?:总结|概括|比较|对比)(?:一下|下)?"
    r"(?!以下|下面|下列|这|上面|上述|该|此|给定|我的|我们)"
)
# A Chinese task on material the turn gives ("从以下文章中提取…", "给定以下两个句子，判断…", "对于
# 给定的问答对，判断…", "用5个步骤解决一个给定问题。"): an act and its product, a request (session
# 20), whatever questions the material holds.
_ZH_GIVEN = re.compile(r"给定|(?:以下|下面|下列)(?:的)?(?!问题)")
_ZH_TASK_VERB = re.compile(
    r"筛选|提取|找出|判断|分成|分类|归类|排序|翻译|改写|重写|总结|摘要|概括|解决|修改|纠正|改正|生成|续写|写一"
)
# An English instruction that works on material the turn gives after it, on its next lines or
# in quotes ("Correct the transcription of an excerpt containing errors.\n\n…", "Respond to
# the last text in the chat …", "Simplify \"…\""): a request, whatever questions the material
# holds (session 20).
_EN_TASK = re.compile(
    r"^\s*(?:please\s+)?(?:(?:for\s+\w+ing\s+[^,.?\n]{1,30},\s*)?"
    r"(?:correct|simplify|respond|reply|rewrite|paraphrase|translate|summari[sz]e|extract|classify"
    r"|categori[sz]e|sort|filter|edit|proofread|convert|complete|continue|think\s+of|come\s+up\s+with"
    r"|generate|write|compose|create|make|rank|rate|identify|detect|find|determine|decide|judge"
    r"|label|tag|fix|improve|shorten|expand)\b)",
    re.IGNORECASE,
)
# An English imperative that asks to be told what a named thing, concept or word is, how it
# works or what its story is ("Explain sarcoidosis to me …", "Discuss the origins and history
# of the word …", "Give a brief summary of the movie or series' plot."): to be told, a
# question (session 20), as session 17's "Tell me more about …" a named item is.
_EN_EXPLAIN = re.compile(
    r"^\s*(?:please\s+)?(?:explain|describe|discuss|outline|elaborate\s+on"
    r"|give\s+(?:me\s+)?an?\s+(?:brief\s+|short\s+|quick\s+)?(?:summary|overview|description"
    r"|explanation|history)\s+of"
    # ... and "please introduce renmin university of china", "Please give the pros and cons of
    # hodl versus active trading." (session 22's chat prompts): a named thing's facts
    r"|introduce|give\s+(?:me\s+|us\s+)?(?:the\s+|some\s+)?(?:pros\s+and\s+cons|advantages\s+and"
    r"\s+disadvantages|benefits\s+and\s+drawbacks)\s+of)\b",
    re.IGNORECASE,
)
# A made-up thing to describe ("Describe a vivid and unique character", "Describe an imaginary
# city …"): writing it, a work product (session 22), not a named thing's facts.
_EN_MADE_UP = re.compile(
    r"^\s*(?:please\s+)?(?:describe|depict|portray)\s+(?:an?\s+)(?:[\w-]+\s+(?:and\s+)?){0,4}?"
    r"(?:fictional|imaginary|made-up|invented|vivid|original|fantasy)\b",
    re.IGNORECASE,
)
# A text the turn hands over ("Describe the content of the article in a brief manner."):
# describing it is a task on given material (session 20).
_GIVEN_TEXT = re.compile(
    r"\b(?:article|text|passage|paragraph|excerpt|e-?mail|document|transcript|conversation|chat"
    r"|essay|poem|review|sentence|content)s?\b",
    re.IGNORECASE,
)
# The length the answer is asked in ("Explain a black hole in five sentences.", "in a few
# paragraphs", "in 100 words"): no text handed over (session 22).
_LENGTH_ASKED = re.compile(
    r"\b(?:in|within|using|with)\s+(?:(?:just|only|no\s+more\s+than|under|about|a|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|few|couple\s+of|several|\d+)\s+){1,3}"
    r"(?:short\s+|simple\s+)?(?:sentences?|paragraphs?|words|lines|bullet\s+points|points)\b",
    re.IGNORECASE,
)
# Role play: the agent asked to speak as someone or in a made-up situation ("As a pirate
# captain, what would you say …?", "If you were a Shakespearean character, how would you …?",
# "Assume a role of master psychologist."): writing in that voice, a request (session 20).
_ROLE_PLAY = re.compile(
    r"^\s*(?:(?:as|if\s+you\s+were)\s+an?\s+[^,?.\n]{1,40},\s*(?:what|how)\s+would\s+you\b"
    r"|assume\s+(?:a|the)\s+role\b|pretend\s+(?:that\s+)?(?:you\s+are|to\s+be)\b"
    r"|imagine\s+you\s+are\s+an?\b|act\s+as\s+an?\b"
    # ... "Picture yourself as an old lighthouse.", "Now you are a career coach.", "act like an
    # ls-dyna expert", "You are a medical doctor, …", "Embrace the role of …" (session 22)
    r"|(?:picture|imagine|consider)\s+yourself\s+(?:as|to\s+be)\b|suppose\s+you\s+are\s+an?\b"
    r"|act\s+like\s+(?:an?|and)\b|(?:embrace|take\s+on|play)\s+the\s+role\b"
    r"|(?:now\s+)?you\s+are\s+(?:now\s+)?an?\s+(?:[\w-]+\s+){0,3}?(?:expert|doctor|teacher|coach|lawyer"
    r"|professor|engineer|analyst|consultant|writer|poet|chef|guide|translator|tutor|therapist"
    r"|psychologist|detective|historian|scientist|journalist|editor|critic|advisor|adviser"
    r"|counsell?or|manager|developer|programmer|designer|marketer|strategist|character)\b\s*[,.;:])",
    re.IGNORECASE,
)


# The user's own things in an instruction's first sentence ("Explain why my card was charged
# twice", "Describe what happened to our booking", "解释一下为什么我的订单还没发货"): no topic
# handed over, the user's own situation, which the rules after the frame read.
_EN_OWN = re.compile(r"\b(?:my|our|i\s+was|i\s+got|i\s+have|i['’]ve|we\s+were)\b", re.IGNORECASE)
_ZH_OWN = re.compile(r"我的|我们的|我家|我买|我订|我下单|我在你们")
# A customer's own standing, not a role to play ("As a loyal customer, what would you offer
# me?"): asks as the customer (discounts, session 16).
_OWN_ROLE = re.compile(
    r"^\s*as\s+an?\s+(?:[\w-]+\s+){0,2}(?:customer|member|client|user|subscriber|patient|student)\b",
    re.IGNORECASE,
)


# Role frames the patterns above miss (session 20's role play, session 22's frames in any
# words): "Embody the persona of Tony Stark …", "Pretend yourself to be Elon Musk …", and the
# Chinese ones ("你扮演一个…", "你现在要扮演…", "假设你是何同学…", "假如你是一名高校教师…", "你是互联网
# 公司的一位产品经理，…", "在一个虚拟的世界中，你是一个IT程序员…"): the agent asked to speak as
# someone, a work product (a `request`, whatever question the persona is asked).
_ROLE_PLAY_MORE = re.compile(
    r"^\s*(?:embody|adopt|assume)\s+the\s+(?:persona|role|character)\s+of\b"
    r"|^\s*pretend\s+(?:yourself|you['’]re)\s+(?:to\s+be\s+|as\s+)?\w",
    re.IGNORECASE,
)
_ZH_ROLE_PLAY = re.compile(
    r"^\s*(?:现在|接下来|下面)?[，,]?\s*(?:请)?(?:你|您)?(?:现在)?(?:要|来|将)?扮演"
    r"|^\s*(?:假设|假如|假定|如果|设想)(?:你|您)(?:现在)?是(?!否|不是)"
    r"|^\s*(?:(?:在|设想)[^，,。？?！!\n]{1,16}(?:中|里)[，,]\s*)?(?:现在)?(?:你|您)(?:现在)?是"
    r"(?:一(?:个|名|位|只|棵|家)|[^，,。？?！!\n]{1,12}的一(?:个|名|位))[^，,。？?！!\n]{1,24}[，,。]"
)
# A problem handed over to be solved or a quiz to be answered (session 20's quiz and problems,
# session 22's "proofs and problems"; round 24's AlignBench and MT-Bench maths): a quiz's kind
# named ("下面是一道多选题", "选择题", "填空题"), a blank to fill ("…的一句是（）", "均值近似为____"),
# a riddle's "打一物", a Chinese problem's 求 or 解 before what is sought ("求不定积分…", "已知…，求
# 表面积。", "解微分方程…", "计算矩阵…的行列式"), an English "find the value of f(2)", "find x such
# that …", "express x-y in z": the answer is to be told, a `question`. A proof stays a request;
# code's empty call "main()" is no blank.
_QUIZ = re.compile(
    r"(?:单选题|多选题|选择题|填空题|判断题|不定项选择)|（\s*）|\(\s+\)|(?<![A-Za-z0-9_])_{3,}(?![A-Za-z0-9_])"
    r"|打一(?:物|字|成语|动物|水果|用品)"
)
_ZH_PROBLEM = re.compile(
    r"(?:^|[，,。；;：:\s])\s*(?:请)?(?:求|试求|求出|求解|解)(?:不定积分|定积分|积分|导数|原函数|极限|微分方程"
    r"|行列式|f\s*\()"
    r"|(?:^|[，,。；;：:\s])\s*(?:请)?(?:求|试求|求出)[^，,。？?\n]{1,30}?的(?:不定积分|定积分|积分|导数|原函数"
    r"|极限|行列式|值域|定义域|通项)"
    r"|^\s*(?:请)?计算(?:矩阵|行列式|积分|极限|[^，,。？?\n]{0,12}的(?:行列式|积分|导数))"
    # ... and "已知…，求…" (a problem stated with its givens)
    r"|^\s*(?:已知|设\s*[A-Za-z(（])[^？?\n]{2,300}?[，,。；;]\s*(?:请|试)?(?:求|求出)(?![退换助你您])"
)
# A word problem stated with its numbers and ended by its unknown to work out ("有一个三角形，三
# 边的长度分别是7厘米、14厘米和17厘米，求周长。", "…今年的人数是6000人，求去年的学生数量。"): what the
# problem asks, a `question` (session 22's "proofs and problems", which session 28 found
# supersedes round 10's reading of these as tasks). Not a plea (求助, 求你) nor a wish for
# something to be done (求退换, 求帮忙, 求推荐).
_ZH_WORD_PROBLEM = re.compile(
    r"[，,。；;]\s*(?:请|试)?(?:求|求出|算出)(?![退换助你您救帮推])[^，,。？?！!\n]{1,12}?[。.]?\s*$"
)
# The same in English: statements with numbers, then "Calculate his profit.", "Find the
# integer.", "Determine the area of the garden." (round 10's MOSS calculator turns).
_EN_WORD_PROBLEM = re.compile(
    r"[.;]\s+(?:please\s+)?(?:calculate|compute|determine|work\s+out|find)\s+"
    r"(?:(?:the|his|her|its|their|this|that|each|all|both)\s+)?(?:\w+\s+){0,2}?"
    r"(?:integers?|numbers?|values?|sum|product|profit|loss|area|perimeter|volume|radius|diameter"
    r"|circumference|angle|ratio|percentage|remainder|quotient|average|mean|median|speed"
    r"|equation|roots?|solutions?|digits?)\b[^.?!\n]{0,40}[.!]?\s*$",
    re.IGNORECASE,
)
# A number of the problem: digits, or (in English) a number word ("A three-digit integer is
# equal to twice the sum of its digits.").
_PROBLEM_NUMBER = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|double|triple)\b",
    re.IGNORECASE,
)
_EN_PROBLEM = re.compile(
    r"(?:^|[.,;:]\s*)(?:please\s+)?(?:find\s+(?:the\s+value\s+of\s+\w*\s*\(|[a-z]\s+such\s+that\b"
    r"|all\s+(?:real\s+)?(?:solutions|roots)\b)|express\s+[a-z]\s*[-+*/]\s*[a-z]\s+in\s+(?:terms\s+of\s+)?[a-z]\b)",
    re.IGNORECASE,
)
# A made-up situation put to the agent (session 20's role play; round 24's notes: "如果学习和学
# 生会工作冲突了你会怎么办？", "当你坐朋友的车时，…你要怎么做让他快速平静下来", "…的你被任命为本科生的辅导
# 员。…你会告诉学弟学妹哪些经验"): what the agent would do or say there, a `request`; not the
# user's own case ("如果我退货你们会怎么处理？" asks how the shop goes about it).
_ZH_SITUATION = re.compile(
    r"^\s*(?:如果|假如|要是|当你|若)[^？?。\n我]{2,60}?(?:你|您)(?:会|要|该|应该|应当|将)(?:怎么|如何|怎样)"
    r"(?:办|做|说|回|应对|处理|沟通|吐槽)"
    r"|的你(?:被任命为|成为了?|当上了?)"
)
# What a poem, a passage or emoji the turn gives means ("这首诗是什么意思：…", "你如何理解这首诗：…",
# "请解释以下这段话的意思：“…”", "以下表情组合表示什么意思：…", "根据以下emoji预测接下来会发生什么：…"): a
# task on given material, a `request` (session 20; round 24's notes); a word or a term to
# explain stays a question ("用自己的话解释以下词汇：幽默。").
_ZH_MATERIAL_MEANING = re.compile(
    r"^\s*(?:请)?(?:你)?(?:如何|怎么|怎样)?(?:理解|解释|解读|赏析)?(?:一下)?(?:以下|下面|下列|这首|这段|这句|这个)?"
    r"(?:的)?(?:这首|这段|这句)?(?:诗|诗句|古诗|词|话|文字|表情组合|表情|emoji)"
    r"(?:的意思|是什么意思|什么意思|表示什么(?:意思)?|表达了什么)?"
    r"[^：:\n]{0,14}[：:]\s*\S{2,}"
    r"|^\s*(?:请)?根据(?:以下|下面|下列|这些)(?:的)?(?:emoji|表情)",
    re.IGNORECASE,
)
# A text the user wants written ("我想写一段关于…的介绍"): the work product asked, a `request`
# (session 22's "the thing itself"), unless it asks how ("我想写一篇文章，怎么写？").
_ZH_WRITE_WISH = re.compile(r"^\s*我(?:想|想要|要|需要)写一(?:段|篇|封|首|个|份)[^？?怎如]{2,80}$")
# Questions on a text handed over ("根据文本回答我的几个问题,…问题1：…"): the answer-the-questions
# frame (session 20), a `question`.
_ZH_TEXT_QUESTIONS = re.compile(
    r"^\s*请?根据(?:这段|该|此|以下|下面)?(?:文本|文章|材料|短文|上文|原文|段落)[^，,:：。？?\n]{0,4}?(?:回答|解答)"
)
# "Provide insights into the correlation between …": to be told about a named topic, as
# "Explain …" (session 20).
_EN_INSIGHTS = re.compile(
    r"^\s*(?:please\s+)?(?:provide|give|share)\s+(?:me\s+)?(?:some\s+)?insights?\s+(?:into|on)\b",
    re.IGNORECASE,
)
_PROVE = re.compile(r"\bprove\b|证明", re.IGNORECASE)


# Session 30 (round 31's computing problems, DISC-FinLLM): a problem stated with its figures,
# then asked to be worked out in a command's words at its end ("某公司去年的净利润为500万美元，今年
# 为600万美元。请计算公司的利润增长率。", "…要求计算出净利润。", "…请评估这家公司的违约风险。") or
# as "…是多少？" after a report's figures handed over ("请回答下面的问题：…的增长率是多少？"): what the
# problem asks, a `question` (session 22's problem handed over, as "请计算123乘以456"), also after
# a colon, since a figure worked out is no task on the text. The user's own case (我, 我的贷款) is
# work asked of the agent (session 29's "Can you calculate … my loan"), and a problem with fewer
# than two figures is left to the rules.
_ZH_WORK_OUT_ASK = re.compile(
    r"(?:^|[，,。；;：:\s])\s*(?:请|要求|试)?(?:计算出?|算出|求出|估算|评估)"
    r"(?![退换助你您救帮推])[^。！!？?\n]{1,60}?[。.？?]?\s*$"
)
_ZH_HOW_MUCH_ASK = re.compile(
    r"(?:请回答|请计算|计算)[^\n]{0,80}?(?:是多少|有多少|多少[\u4e00-\u9fff]{0,4})[？?]\s*$"
)
_ZH_FIGURE = re.compile(r"\d")
_ZH_OWN_WORK = re.compile(r"我(?!们|們)|咱")


def _zh_stated_problem(head: str) -> bool:
    """Whether a Chinese turn states a problem with its figures and asks it worked out at its
    end (:data:`_ZH_WORK_OUT_ASK`, :data:`_ZH_HOW_MUCH_ASK`)."""
    if not _CJK.search(head[:40]) or _ZH_OWN_WORK.search(head):
        return False
    m = _ZH_WORK_OUT_ASK.search(head) or _ZH_HOW_MUCH_ASK.search(head)
    return m is not None and len(_ZH_FIGURE.findall(head, 0, m.start())) >= 2


# ... and an analysis of named things asked after what the turn states or asks ("储能技术…发挥着重要作用。
# 请分析储能技术的发展现状和未来趋势", "…跌幅居前。分析一下这些公司的业绩下滑原因", "…这是否意味着…？请您分析
# 一下这个问题", "…有哪些影响？请给出具体分析。"): the facts of named things, to be told (session 20's
# explanation of a named thing; session 22's directive that only says what the answer should hold).
# Material handed over to analyse ("请分析以下数据：…", "分析这段代码") is a task on it, and the other
# sentences must ask no act.
_ZH_ANALYSIS_ASK = re.compile(
    r"^\s*(?:请|请您)?(?:(?:给出|进行|做)?(?:具体|详细|深入)?分析(?:一下)?)"
    r"(?!以下|下面|下列|上述|给定|这段|这篇|这份|此段|该段|我)"
)


def _zh_analysis_asked(head: str) -> bool:
    """Whether a Chinese turn asks named things analysed in a sentence after the first
    (:data:`_ZH_ANALYSIS_ASK`), its other sentences asking no act."""
    if not _CJK.search(head[:40]) or _ZH_OWN_WORK.search(head):
        return False
    parts = [p for p in re.split(r"(?<=[。！？?!])", head.strip()) if p.strip()]
    if len(parts) < 2:
        return False
    asks = [i for i, p in enumerate(parts) if _ZH_ANALYSIS_ASK.match(p)]
    if not asks or asks[0] == 0:
        return False
    return not any(_is_request(p) for i, p in enumerate(parts) if i not in asks)


# ... and Chinese instructions whose object is told (round 31's consultations): a topic's
# importance, meaning or a how-to named alone ("领导中同情心的重要性。", "制作基本杯子蛋糕的快速教程。":
# session 22's topic typed as a first message), advice asked in an imperative ("为这种情况提供建议",
# session 22's advice), a named thing's background or definition ("提供这个句子的背景：…", "写一个准确
# 简洁的定义，解释生态系统这个术语"), and a named topic's facts listed ("列出三种创造性的解决问题的技巧":
# session 20's facts of a topic). Items of a kind to find and made-up works stay requests.
_ZH_TOPIC_TOLD = re.compile(
    # the noun after 的 ("…的快速教程"); "编写差异表达基因教程" asks a tutorial written (a request)
    r"^[^，,。？?！!；;：:]{2,30}?的[^，,。？?！!；;：:的]{0,4}?(?:重要性|意义|教程|利弊|好处|坏处)[。.]?$"
)
_ZH_TOLD_IMPERATIVE = re.compile(
    r"^\s*请?(?:为|给|对)[^，,。？?！!\n]{0,12}?(?:提供|给出|提|给)(?:一些|几条|点)?(?:建议|意见)"
    r"|^\s*请?(?:提供|给出|说明|介绍)[^，,。？?！!\n]{0,12}?的(?:背景|含义|意思|来历|出处)"
    r"|^\s*请?(?:写|给出|提供)(?:一个|一下)?[^，,。？?！!\n]{0,8}?的?定义"
    r"|^\s*请?列(?:出|举)[一二三四五六七八九十两几\d]+(?:种|个|条|项|点)[^，,。？?！!\n]{0,16}?"
    r"(?:技巧|方法|原因|特点|优点|缺点|好处|区别|因素|策略|原则|作用|影响)[。.]?\s*$"
)
# The solutions of a problem handed over after the ask ("找出这个数学问题的两个解。输入：2x + 6 = 16"):
# session 22's equation handed over, with its mathematics (_MATH) in the turn.
_ZH_SOLUTIONS_OF = re.compile(
    r"^\s*请?(?:找出|求出|给出|写出)[^，,。？?！!\n]{0,12}?的?[一二两三几\d]*个?(?:解|根)"
)


def _problem_or_role(head: str) -> str | None:
    """The class a role frame or a problem handed over gives an instruction
    (:data:`_ROLE_PLAY_MORE`, :data:`_ZH_ROLE_PLAY`, :data:`_QUIZ`, :data:`_ZH_PROBLEM`,
    :data:`_EN_PROBLEM`), or ``None``."""
    if _ROLE_PLAY_MORE.match(head) or _ZH_ROLE_PLAY.match(head) or _ZH_SITUATION.search(head[:200]):
        return "request"
    if _ZH_MATERIAL_MEANING.match(head) or _ZH_WRITE_WISH.match(head):
        return "request"
    if _ZH_TEXT_QUESTIONS.match(head) or _EN_INSIGHTS.match(head):
        return "question"
    first = head[:400]
    if _PROVE.search(first):
        return None
    if _QUIZ.search(first) or _ZH_PROBLEM.search(first) or _EN_PROBLEM.search(first):
        return "question"
    if _word_problem(head):
        return "question"
    if _zh_stated_problem(head):
        return "question"  # session 30: a problem stated with its figures, then worked out
    if _zh_analysis_asked(head):
        return "question"  # session 30: named things analysed, after what the turn states
    if _ZH_SOLUTIONS_OF.match(head) and _MATH.search(head):
        return "question"  # session 30: "找出这个数学问题的两个解。输入：2x + 6 = 16"
    if _CJK.search(head[:20]) and (_ZH_TOPIC_TOLD.match(head) or _ZH_TOLD_IMPERATIVE.match(head)):
        return "question"  # session 30: a topic's importance, advice, a background, a definition
    return None


def _word_problem(text: str) -> bool:
    """Whether a turn states a problem with its numbers and ends by asking its unknown to be
    worked out (:data:`_ZH_WORD_PROBLEM`, :data:`_EN_WORD_PROBLEM`): the numbers come before
    the instruction, in the problem, and the user's own things are not worked on ("I have 3
    orders. Find my receipts." is a search). Material handed over after a colon ("请为这篇文章
    选择一个适当的标题：…") makes a task on it, whatever its last clause says."""
    if len(text) > 400 or "：" in text or ":" in text:
        return False
    m = _ZH_WORD_PROBLEM.search(text) or _EN_WORD_PROBLEM.search(text)
    return m is not None and _PROBLEM_NUMBER.search(text, 0, m.start()) is not None


def _instruction_frame(text: str) -> str | None:
    """The class an opening instruction's frame gives (session 20's rulings), or ``None``:
    ``question`` for a question handed over to answer and for a Chinese "describe / explain"
    of a named thing, ``request`` for a task on material the turn gives and for role play."""
    head = text.lstrip()
    if not head:
        return None
    if _ANSWER_FRAME.search(head[:200]):
        return "question"
    first_line = head.split("\n", 1)[0]
    if _SOLVE.match(first_line) and _MATH.search(first_line) and not _NOT_MATH.search(first_line):
        # "Solve for x: 2x + 3 = 11", "解方程：2x+3=11", "请计算123乘以456": a problem to be
        # told its answer (session 20's problems, session 22)
        return "question"
    if _ROLE_PLAY.match(head) and not _OWN_ROLE.match(head):
        return "request"
    framed = _problem_or_role(head)
    if framed is not None:
        return framed
    if _CJK.search(head[:20]):
        first = re.split(r"[。！？?!\n]", head, maxsplit=1)[0]
        if _ZH_OWN.search(first):
            # "解释一下为什么我的订单还没发货": the user's own order or account, a fault or a
            # fact of it, which the rules above the frame read (session 14, session 18)
            return None
        if _ZH_EXPLAIN.match(first):
            return "question"
        if _ZH_SUM_NAMED.match(first) and not _ZH_GIVEN.search(first) and "\n" not in head.strip():
            # "请总结一下《红楼梦》的主要情节", "请比较一下Python和Java的优缺点": a named work's or
            # named things' facts told, no text handed over (session 22; session 21's comparison
            # between named products)
            return "question"
        if _ZH_NAME_AND_TELL.match(first):
            # "请给出…的名称，并简要介绍其特点": a named thing's name and what it is, to be told
            return "question"
        if _ZH_GIVEN.search(first) and _ZH_TASK_VERB.search(first):
            return "request"
        return None
    lines = head.split("\n", 1)
    first = lines[0].strip()
    if _EN_OWN.search(first):
        return None  # "Explain why I was charged twice": the user's own account, not a topic
    if _EN_MADE_UP.match(first):
        return "request"  # "Describe a vivid and unique character": made up (session 22)
    if _EN_EXPLAIN.match(first):
        # ... describing or summarising a text the turn gives is a task on it
        return "request" if _GIVEN_TEXT.search(_LENGTH_ASKED.sub(" ", first)) else "question"
    material = len(lines) > 1 and bool(lines[1].strip())
    if "?" in first or not (material or re.match(r"^\s*\w+\s+[\"“]", first)):
        return None
    return "request" if _EN_TASK.match(first) else None


# Saying the user does not know what to do ("我不知道该怎么办", "我也不知道该怎么做", "I don't know
# what to do"): it asks the agent's advice on the user's own act, as "What should I do?" does.
# Also what the English user's at-a-loss says of how to do a thing or of a term.
_AT_A_LOSS = re.compile(
    r"不知道(?:该|要|应该|应当)?(?:怎么办|咋办|怎么做|怎么处理|如何处理)"
    r"|\b(?:don['’]?t|do\s+not)\s+know\s+what\s+(?:to\s+do|i\s+should\s+do)\b"
    # ... or how to do a thing ("I do not know how to set up namespaces"), or what a term
    # means ("I am not understanding this term"): to be told how or what (session 14)
    r"|\b(?:don['’]?t|do\s+not)\s+know\s+how\s+to\b"
    r"|\b(?:don['’]?t|do\s+not|am\s+not|['’]m\s+not)\s+understand(?:ing)?\s+(?:this|the|that)\s+"
    r"(?:term|word|concept|phrase)\b",
    re.IGNORECASE,
)
# Asking leave to ask, and nothing yet ("can I ask you a few questions?", "能向你咨询一个婚姻纠纷
# 吗", "可以问您几个问题吗"): after a greeting, it announces the consultation.
# Consulting on a named topic, at the turn's end ("我想咨询一下，离婚以后争夺孩子抚养权的问题",
# "想请教一下关于房贷提前还款的问题"); not "some questions" or "this question" announced
# ("想咨询一下关于这个病情的一些问题": a greeting's announcement, session 17).
_ZH_CONSULT_TOPIC = re.compile(
    r"(?:咨询|请教)(?:一下|下)?[，,：:\s]*(?:关于|有关)?"
    r"(?!(?:这个|那个|一些|几个|一个|个|点|些|你|您))[^，,。？?！!\s]{2,24}?(?<![些个点])问题[。.！!]?$"
)
_LEAVE_TO_ASK = re.compile(
    r"(?:(?:can|could|may)\s+i\s+(?:please\s+)?ask\s+(?:you\s+)?"
    r"(?:(?:a\s+(?:few|couple\s+of)|some|a)\s+)?(?:quick\s+)?(?:questions?|something|things?)"
    r"|(?:我)?(?:能|可以|能不能)(?:向(?:你|您))?(?:咨询|问|请教)(?:(?:你|您))?(?:一下)?"
    r"(?:(?:一个|几个|一些|点)?[^，,。？?！!\s]{0,4}(?:问题|纠纷|事情|事))?(?:吗|么)?)\W*$",
    re.IGNORECASE,
)


# A Chinese noun phrase alone that names a fact or an account of a named topic (the keyword
# turns of session 18, typed as a first message).
_ZH_TOPIC_FACT = re.compile(
    r"^[^，,。？?！!；;]{2,30}?(?:简介|用途|作用|定义|原理|历史|发展史|挑战|区别|日期|名字|名称|含义|特点"
    r"|优缺点|优势|影响|概述|发展趋势|由来|起源|现状|前景)[。.]?$"
)

# A sentence after the first that only says what the answer should hold ("As well please
# include a brief statement as to why …", "Include Memory Bandwidth example calculations",
# "Try to explain your answer.", "pls explain your answer"): no act of its own (session 22).
_ANSWER_DIRECTIVE = re.compile(
    r"^\s*(?:as\s+well|also|and)?[\s,]*(?:please\s+|pls\s+|plz\s+|kindly\s+|try\s+to\s+)?"
    r"(?:include|add|mention|cite|give|provide|explain|show|justify|list)\s+"
    r"(?:(?:a|an|some|the|your|any|all|its|their)\s+)?(?:\w+\s+){0,3}?"
    r"(?:statement|explanation|examples?|reasons?|reasoning|sources?|citations?|references?"
    r"|calculations?|answer|steps|working|work|effects|impacts|consequences|factors)\b",
    re.IGNORECASE,
)
# More sentences that only say what the answer should hold (session 22's frames and
# directives): "Please explain.", "Please perform calculations and use numbers to illustrate
# them.", "请告诉我所有详细的推理步骤", "请给出推理过程".
_ANSWER_DIRECTIVE_MORE = re.compile(
    r"^\s*(?:please\s+)?(?:explain|elaborate|justify)(?:\s+(?:why|your\s+(?:answer|reasoning)))?"
    r"\s*[.!]?\s*$"
    r"|^\s*(?:please\s+)?(?:perform|do|show)\s+(?:the\s+|some\s+)?calculations?\b"
    r"|^\s*(?:please\s+)?use\s+(?:numbers|figures|examples)\s+to\s+(?:illustrate|explain|support)\b"
    r"|^\s*请?(?:告诉我|给出|写出|列出)(?:所有|全部)?(?:详细的?|完整的?)?(?:推理|推导|解题|计算|思考)"
    r"(?:步骤|过程)",
    re.IGNORECASE,
)


def _directs_answer(sentence: str) -> bool:
    """Whether a later sentence only says what the answer should hold
    (:data:`_ANSWER_DIRECTIVE`, :data:`_ANSWER_DIRECTIVE_MORE`)."""
    return bool(_ANSWER_DIRECTIVE.match(sentence) or _ANSWER_DIRECTIVE_MORE.match(sentence))


# A clause that opens with a relative wh-word, its subject before its verb ("where value of a
# certain column is 0", "which has three rooms"); "where is it?" keeps the question's order.
_RELATIVE_WH = re.compile(
    r"\s*(?:where|which|when|whose|that)\s+(?!(?:is|are|was|were|do|does|did|can|could|will"
    r"|would|should|has|have)\b)\w+",
    re.IGNORECASE,
)

# Help asked to understand a thing, as the turn's opening ("Help me understand recursion.",
# "Can you help me make sense of Bayes' theorem?", "帮我理解一下…"): to be told (session 22); not
# a purpose told after an ask ("It will help me understand its league structure").
_HELP_UNDERSTAND = re.compile(
    r"\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?help\s+me\s+(?:to\s+|better\s+)?"
    r"(?:understand|make\s+sense\s+of|grasp)\b|\s*(?:请)?(?:帮我|帮助我)(?:更好地)?理解",
    re.IGNORECASE,
)
# ... and the same in English, led by the fact it names ("Recipe dumplins", "Technical details of
# GDDR6 and GDDR7, no qualitative info, only precise details.", "history of the Ottoman empire").
_EN_TOPIC_FACT = re.compile(
    r"\s*(?:the\s+)?(?:recipe|history|definition|meaning|origins?|etymology|biography|(?:technical\s+)?details"
    r"|specifications|specs|symptoms|causes|pros\s+and\s+cons|advantages\s+and\s+disadvantages)"
    r"(?:\s+(?:of|for|on))?\s+[^?!]{1,80}$",
    re.IGNORECASE,
)

# Advice asked as an imperative or a bare noun phrase ("In just a few sentences, please advise
# how I should deal with …", "real estate investment advice", "give me some advice on …",
# "给创业初期的小企业主建议"): to be told, as "What should I do?" is (session 5, session 22); a
# fault told beside it makes it a request for help with the fault (session 21).
_ADVICE_ASKED = re.compile(
    r"(?:^|[,.;:]\s*)(?:please\s+|kindly\s+|can\s+you\s+|could\s+you\s+)?advise\s+(?:me\s+|us\s+)?"
    r"(?:on|how|what|whether|if|about|which)\b"
    r"|\b(?:give|need|want)\s+(?:me\s+|us\s+)?(?:some\s+|any\s+)?advice\b"
    r"|^[\w\s-]{1,40}\badvice\W*$"
    r"|^\s*(?:请)?(?:给|提供)[^，,。？?！!]{0,16}(?:建议|意见)\W*$",
    re.IGNORECASE,
)

# The user saying they have a problem ("I have an issue with my recent order", "I've got a
# problem with my booking").
_HAS_PROBLEM = re.compile(
    r"\b(?:i|we)\s+(?:have|['’]ve\s+got|have\s+got|am\s+having|['’]m\s+having|are\s+having)\s+"
    r"(?:an?\s+|some\s+)?(?:\w+\s+)?(?:issue|problem|trouble)s?\s+(?:with|on|regarding|about)\b",
    re.IGNORECASE,
)


# A wh-question run on after a statement, typed without a mark ("I can change day what
# other days are available", "Hey that's better what about saturday"): crowd workers' chat.
_RUN_ON_WH = re.compile(
    r"[a-z]\s+(?:what|when|where|which)(?:['’]s\s|\s+(?:is|are|will|was|were|about|other)\b)[^.!?]*$",
    re.IGNORECASE,
)
# A spoken Chinese turn that restates what the agent said to have it confirmed, without a
# question mark (round 6's ruling): it opens with "就是说" / "意思是" ("哦意思就说移动全部都要变
# 成实名制了", "就是说不一定有"), or is a short echo ending in "呗" ("嗯十三呗", "没有呗就一毛九呗").
_ZH_RESTATE = re.compile(
    r"^[^，,。！!]{0,3}(?:也)?(?:就是说|意思(?:就|也)?(?:是|说))"
    # ... or opens with a bare 意思 before a clause ("意思不能练重的器械哟": round 17's
    # patients), not "不好意思"
    r"|^(?:[哦噢嗯那]\s*)?意思(?=[不没要就也能可会还])"
    r"|^[^，,。！!？?]{1,8}呗[。.]?$"
)


# --- The learned model's features -------------------------------------------------------
# A turn is read as a set of feature strings: what the rules said and why, the signals
# they compute, the words (English unigrams and bigrams, Chinese character unigrams and
# bigrams), its length, and what the agent's message before it asked.
_TOKEN = re.compile(r"[a-z]+(?:['’][a-z]+)?|\d+|[?？!！]")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD_BUCKETS = (1, 2, 3, 5, 8, 13, 21, 34)
_CJK_BUCKETS = (2, 4, 6, 9, 13, 20, 30, 45)


def _bucket(n: int, bounds: tuple[int, ...]) -> str:
    """The smallest bound ``n`` is at most, or ``"more"``."""
    for bound in bounds:
        if n <= bound:
            return str(bound)
    return "more"


def _words_of(text: str) -> list[str]:
    """Lower-cased English words of ``text``, digits folded to one token ("0")."""
    return ["0" if w.isdigit() else w.replace("’", "'") for w in _TOKEN.findall(text.lower())]


def _text_features(text: str, prefix: str, out: list[str]) -> None:
    """Word unigrams and bigrams of ``text`` (Chinese: character unigrams and bigrams),
    each name starting with ``prefix``."""
    words = _words_of(_CJK_RUN.sub(" ", text))
    out += [f"{prefix}w:{w}" for w in words]
    out += [f"{prefix}ww:{a} {b}" for a, b in itertools.pairwise(words)]
    for run in _CJK_RUN.findall(text):
        out += [f"{prefix}c:{ch}" for ch in run]
        out += [f"{prefix}cc:{run[i : i + 2]}" for i in range(len(run) - 1)]


def _start_features(text: str, prefix: str, out: list[str]) -> None:
    """The first word or two (the first Chinese characters) of ``text``."""
    t = text.strip()
    if not t:
        return
    if _CJK.match(t):
        out += [f"{prefix}c1:{t[:1]}", f"{prefix}c2:{t[:2]}"]
        return
    words = _words_of(t)[:2]
    if words:
        out.append(f"{prefix}w1:{words[0]}")
    if len(words) > 1:
        out.append(f"{prefix}w2:{words[0]} {words[1]}")


def turn_features(text: str | None, asked: bool = False, previous: str | None = None) -> list[str]:
    """The features of a user turn the learned model reads (see :func:`classify_turn`
    for the arguments): the rules' class and the rule that gave it, the signals the
    rules compute, the words, the length, and what the agent's message before asked."""
    context = agent_context(previous) if previous is not None else ("asked" if asked else "none")
    verdict, why = _rule_after(text, previous, context) if previous else _rule(text, context)
    t = " ".join((text or "").split())
    out = [
        "bias",
        f"rule:{verdict}",
        f"why:{why}",
        f"ctx:{context}",
        f"rule_ctx:{verdict}|{context}",
    ]
    cjk = len(_CJK.findall(t))
    out.append("lang:zh" if cjk else "lang:en")
    out.append(
        f"len:{_bucket(cjk, _CJK_BUCKETS)}"
        if cjk
        else f"len:{_bucket(len(t.split()), _WORD_BUCKETS)}"
    )
    if not t:
        return out
    p = _patterns()
    sentences = list(_sentences(t)) or [t]
    out.append(f"sentences:{min(len(sentences), 4)}")
    end = t.rstrip()[-1:]
    if end in "?？":
        out.append("end:?")
    elif end in "!！":
        out.append("end:!")
    elif end in ".。":
        out.append("end:.")
    if "?" in t or "？" in t:
        out.append("has:?")
    signals = (
        ("question_last", _is_question(sentences[-1])),
        ("question_any", any(_is_question(s) for s in sentences)),
        ("question_start", p["question_start"].match(t) is not None),
        ("wh", p["wh"].search(t) is not None),
        ("particle_end", p["particle_end"].search(t) is not None),
        ("request", _is_request(t)),
        ("fact", _asks_for_fact(t)),
        ("info", _asks_for_info(t)),
        ("more", _asks_for_more(t)),
        ("act", _asks_to_act(t)),
        ("greeting", p["greeting"].search(t) is not None),
        ("closing", _is_closing(t, sentences)),
        ("decline", _DECLINE.match(t) is not None),
        ("id_or_number", _ID_OR_NUMBER.search(t) is not None),
        ("approve", p["approve"].search(t) is not None),
        ("answer_start", p["answer_start"].match(t) is not None),
        ("choice", p["choice"].match(t) is not None),
        ("shift", p["shift"].match(t) is not None),
        ("problem", p["problem"].search(t) is not None),
        ("adds", _ADDS.search(t) is not None),
        ("field_value", _FIELD_VALUE.match(t) is not None),
    )
    out += [f"sig:{name}" for name, on in signals if on]
    lead = p["lead"].match(t)
    if lead:
        word = lead.group(1).lower()
        lists = _lists()
        kind = (
            "yesno"
            if word in lists["yesno"]
            else "greeting"
            if word in lists["greeting"]
            else "ack"
        )
        out.append(f"lead:{kind}")
        if kind == "yesno":
            out.append(f"lead:{'no' if word in _NO else 'yes'}")
    _start_features(t, "", out)
    _text_features(t, "", out)
    if previous:
        prev = " ".join(previous.split())[-_AGENT_TAIL:]
        said = [s for s in _split_sentences(prev) if s.strip()]
        asking = [s for s in said if "?" in s or "？" in s]
        last = asking[-1] if asking else (said[-1] if said else prev)
        if prev.rstrip().endswith(("?", "？")):
            out.append("prev:end?")
        if asking:
            out.append("prev:asks")
            _start_features(last, "prevq:", out)
        _text_features(last, "prev:", out)
    elif previous is None:
        out.append("prev:unknown")
    return out
