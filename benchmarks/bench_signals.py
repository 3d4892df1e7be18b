"""Trace signals measured against hand-labelled recorded conversations.

    .venv/bin/python benchmarks/bench_signals.py          # every section
    .venv/bin/python benchmarks/bench_signals.py -v       # and every disagreement

The labelled sets and their sources are in ``tests/corpora/conversations/``
(README and GUIDELINE there). Each section prints its numbers, then the goal
issue #16 sets:

- **hedges**: precision and recall of :func:`projeval.traces.hedges.find_hedges`
  on assistant messages (a message is flagged when it has a hedge), beside
  the bare lexicon match it replaced, per set, language and source, and every
  held-out set pooled; goal precision >= 0.8, recall >= 0.7;
- **user turns**: accuracy of the rules (:func:`projeval.traces.turns.rule_turn`) and of
  the shipped learned model (``projeval/data/turn_model.json``) per set, then both
  leave-one-source-out on every training set pooled (each source's turns classified by
  a model trained on the other sources; the rules' figure is optimistic, as they were
  written looking at these sets); goal >= 0.85;
- **follow-ups**: precision and recall of follow-up lookups on
  ``tests/corpora/followups/`` (labels per candidate call argument; a call is a true
  lookup when one of its arguments is labelled ``lookup``), for every follow-up call
  (what projeval counted before lookups and actions were told apart) and for the
  follow-up lookups (not to a tool that writes), without and with the corpus's tools
  file; and how many true lookups name a right producing tool; then the same on the
  55 labelled calls of ``tests/corpora/agentdojo/`` (recorded AgentDojo-style runs), and
  on the held-out set ``tests/corpora/followups_heldout/`` (other sources, never tuned on);
- **claims**: precision and recall of ungrounded counts and unquoted names
  (:mod:`projeval.traces.claims`) on ``claims.jsonl``'s ToolTalk conversations, and of
  every ungrounded value flagged in 12 labelled AgentDojo final answers, and of every value
  flagged in the final answers of the customer-service sets (``claims_cs.jsonl``), the
  held-out task agents (``claims_cs_heldout.jsonl``) and session 15's fresh SDK agent runs
  (``claims_fresh_r15.jsonl``) and session 19's held-out travel, weather and cashflow agents
  (``claims_heldout_r19.jsonl``) and session 25's fresh travel-support runs
  (``claims_fresh_r25.jsonl``);
- **labeller agreement**: how often a second labeller, blind to the first labels, agrees
  on 300 hedge and 300 turn rows of the tuning sets (``agreement.jsonl``) and on the whole
  of rounds 18 to 24 as they were labelled sealed (``agreement_sealed_r18.jsonl`` to
  ``agreement_sealed_r26.jsonl``; a round still sealed gives figures only): Cohen's kappa,
  per language, and the second labeller's hedge
  precision and recall against the first.

A section is a function returning its lines; ``SECTIONS`` lists them in the
order printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from projeval.traces.hedges import DEFAULT_GATE, Lexicon, find_hedges, gate_model
from projeval.traces.turns import (
    MODEL_CLASSIFIES,
    TURN_CLASSES,
    classify_turn,
    rule_turn,
    turn_model,
)

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpora" / "conversations"


def _script(name: str) -> ModuleType:
    """The training script ``benchmarks/<name>.py`` as a module (it sits beside this one,
    which tests load by path, so not on ``sys.path``)."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


train = _script("train_hedges")
train_turns = _script("train_turns")


def load(name: str) -> list[dict[str, Any]]:
    """The rows of one labelled JSON Lines file."""
    with (CORPUS / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def precision_recall(pairs: Iterable[tuple[bool, bool]]) -> tuple[float, float, int, int, int]:
    """``(precision, recall, true positives, false positives, false negatives)`` of
    ``(predicted, labelled)`` pairs."""
    tp = fp = fn = 0
    for predicted, labelled in pairs:
        tp += predicted and labelled
        fp += predicted and not labelled
        fn += labelled and not predicted
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, tp, fp, fn


def _pr_line(label: str, pairs: list[tuple[bool, bool]]) -> str:
    p, r, tp, fp, fn = precision_recall(pairs)
    return (
        f"  {label:<34} precision {p:.3f}  recall {r:.3f}  "
        f"(messages {len(pairs)}, hedged {tp + fn}: tp {tp}, fp {fp}, fn {fn})"
    )


#: Hedge sets rules were written looking at: printed, not pooled with the held-out sets.
_TUNED_HEDGE_SETS = ("hedges.jsonl", "hedges_agentdojo.jsonl")


#: Shown only with ``--sealed`` (never their misses): labelled on branches nobody tuning
#: the rules or training the models read, measured once at the end of a session; the
#: training scripts name them (one list each), and never train on them.
SEALED_HEDGE_SETS = train.SEALED
#: The hedge sets, in the order printed, each with its title.
HEDGE_SETS = (
    ("hedges.jsonl", "labelled set"),
    ("hedges_heldout.jsonl", "held-out set"),
    ("hedges_heldout_tasks.jsonl", "held-out task conversations"),
    ("hedges_heldout_fresh.jsonl", "fresh held-out task conversations"),
    ("hedges_heldout_sealed.jsonl", "sealed held-out runs"),
    ("hedges_heldout_late.jsonl", "late held-out runs"),
    ("hedges_heldout_r4.jsonl", "round-4 held-out set"),
    ("hedges_agentdojo.jsonl", "AgentDojo runs"),
    # sealed until it was measured once (0.214 / 0.600); round 5's rules were
    # written looking at its failures, so it is tuning data now
    ("hedges_sealed_r5.jsonl", "round-5 set (tuned; sealed until measured once)"),
    # labelled on a branch nobody tuning the rules read, measured once after every rule
    # of session 5 had landed (r6 0.250 / 0.333, r7 0.444 / 0.235): the figures that say
    # whether the rules generalise; round 5f was then written looking at r7's misses
    # Round 6 was measured in sessions 5-8 (0.250 / 0.333 first, 0.273 / 0.333 last),
    # then unsealed in session 9 to tune on
    ("hedges_sealed_r6.jsonl", "round-6 set (tuned from session 9; 0.273 / 0.333 sealed)"),
    ("hedges_sealed_r7.jsonl", "round-7 set (tuned; 0.444 / 0.235 on its one sealed run)"),
    # session 6: labelled on s6-sealed and s6-sealed2, never read by anyone tuning the
    # rules or training the gate; measured once after every rule and model had landed.
    # Round 8 was measured once in each of sessions 6-8 (0.257 / 0.429, 0.265 / 0.429,
    # 0.281 / 0.429), then unsealed in session 8 to tune on
    ("hedges_sealed_r8.jsonl", "round-8 set (tuned from session 8; 0.257 / 0.429 sealed)"),
    # Round 8b was measured in sessions 6-8 (0.654 / 0.333 first, 0.739 / 0.333 last),
    # then unsealed in session 9 to tune on (Chinese and English doctors)
    ("hedges_sealed_r8b.jsonl", "round-8b set (tuned from session 9; 0.739 / 0.333 sealed)"),
    # session 7: labelled on s7-sealed and s7-sealed2 by helpers who never read or ran a
    # detector, merged and measured once after every rule of the session had landed
    # Round 9 was measured in sessions 7 and 8 (0.105 / 0.423 first, 0.106 / 0.423 last),
    # then unsealed in session 9 to tune on
    ("hedges_sealed_r9.jsonl", "round-9 set (tuned from session 9; 0.106 / 0.423 sealed)"),
    # Round 9b was measured in sessions 7-11 (0.932 / 0.719 first, 0.953 / 0.719 last), then
    # unsealed in session 12 to tune on
    ("hedges_sealed_r9b.jsonl", "round-9b set (tuned from session 12; 0.953 / 0.719 sealed)"),
    # session 8: labelled on s8-sealed10 by a helper who never read or ran a detector;
    # measured once, after every rule and model of the session has landed. Measured three
    # times (sessions 8, 8 and 9: 0.400 / 0.583 first, 0.412 / 0.583 last), then unsealed
    # in session 9 to tune on
    ("hedges_sealed_r10.jsonl", "round-10 set (tuned from session 9; 0.412 / 0.583 sealed)"),
    # session 8: labelled on s8-sealed10b by a helper who never read or ran a detector
    # (customer-service agents: an LLM receptionist with tools, human agents); measured
    # once, with round 10, after every rule and model of the session has landed. Measured
    # three times (0.500 / 0.333 each), then unsealed in session 9 to tune on
    ("hedges_sealed_r10b.jsonl", "round-10b set (tuned from session 9; 0.500 / 0.333 sealed)"),
    # session 9: labelled on s9-sealed11 by a helper who never read or ran a detector
    # (ACEBench's tool dialogues, ChatGPT in Chinese, ADK sample agents' evals, AutoGen's
    # notebooks); measured once, after every rule and model of the session has landed.
    # Measured three times (sessions 9, 9 and 10: 0.383 / 0.545 first, 0.375 / 0.545 last),
    # then unsealed in session 10 to tune on
    ("hedges_sealed_r11.jsonl", "round-11 set (tuned from session 10; 0.375 / 0.545 sealed)"),
    # session 10: labelled on s10-sealed12 by a helper who never read or ran a detector
    # (Weibo customer helpdesks in Chinese and their English translation, e-mail support
    # tickets and an LLM support agent's replies, an LLM sales agent with simulated
    # customers); measured in sessions 10 and 11 (0.737 / 0.311 each time), then unsealed in
    # session 12 to tune on
    ("hedges_sealed_r12.jsonl", "round-12 set (tuned from session 12; 0.737 / 0.311 sealed)"),
    # session 11: labelled on s11-sealed13 by a helper who never read or ran a detector
    # (task and booking agents whose records keep the results: DialogStudio's BiTOD, Frames
    # and AirDialogue samples, MTU-Bench's dialogues and GPT-4's replies, a Chinese hotel
    # assistant over CrossWOZ's database); measured in sessions 11 and 12 (0.286 / 0.526
    # first, 0.250 / 0.526 last), then unsealed in session 13 to tune on
    ("hedges_sealed_r13.jsonl", "round-13 set (tuned from session 13; 0.250 / 0.526 sealed)"),
    # session 12: labelled on s12-sealed15 by a helper who never read or ran a detector
    # (ToolACE's GPT-4 tool dialogues with simulated results, a Chinese agent calling MCP
    # price tools, Claude-generated Chinese tool dialogues); measured once, after every
    # rule of the session (0.222 / 0.762; 0.206 / 0.667 with its starting rules), then
    # unsealed in session 13 to tune on
    ("hedges_sealed_r15.jsonl", "round-15 set (tuned from session 13; 0.222 / 0.762 sealed)"),
    # session 13: labelled on s13-sealed16 by a helper who never read or ran a detector (a
    # RAG support bot for a snack subscription against simulated customers, with the
    # retrieved knowledge of each turn; a hotel-booking agent with its tool outputs; real
    # Chinese online cardiology consultations); measured in sessions 13 and 14 (0.739 /
    # 0.548 first, 0.760 / 0.613 last), then unsealed in session 15 to tune on
    ("hedges_sealed_r16.jsonl", "round-16 set (tuned from session 15; 0.760 / 0.613 sealed)"),
    # session 14: labelled on s14-sealed17 by a helper who never read or ran a detector
    # (real participants with an LLM product recommender and its retrieval and comparison
    # results, coached English shop assistants, ReMeDi's Chinese online doctors); measured in
    # sessions 14 and 15 (0.255 / 0.500 first, 0.250 / 0.500 last), then unsealed in session
    # 16 to tune on
    ("hedges_sealed_r17.jsonl", "round-17 set (tuned from session 16; 0.250 / 0.500 sealed)"),
    # session 15: labelled on s15-sealed18 by a helper who never read or ran a detector (a
    # small LLM hotel assistant against simulated travellers, SPADE's GPT-3.5 hotel
    # customer-service dialogues, CMtMedQA's Chinese medical consultations; no row records
    # a tool result); measured in sessions 15 and 16 (0.683 / 0.837 first, 0.695 / 0.837
    # last), then unsealed in session 17 to tune on
    ("hedges_sealed_r18.jsonl", "round-18 set (tuned from session 17; 0.695 / 0.837 sealed)"),
    # session 16: labelled on s16-sealed19 by a helper who never read or ran a detector
    # (GPT-4.1 / gpt-5-mini banking agents in pytest-aitest's test reports with their tool
    # results, MTRAG's GPT-4o and Llama answers with the retrieved passages, Lawyer LLaMA's
    # Chinese legal consultations with the retrieved law articles); measured in sessions 16
    # and 17 (0.318 / 0.500 first, 0.333 / 0.500 last), then unsealed in session 18 to tune on
    ("hedges_sealed_r19.jsonl", "round-19 set (tuned from session 18; 0.333 / 0.500 sealed)"),
    # session 17: labelled on s17-sealed20 by a helper who never read or ran a detector
    # (KVRET's crowd in-car assistant wizards with each scenario's knowledge-base table,
    # real doctors answering Chinese online consultations); measured in sessions 17 and 18
    # (0.571 / 0.632 each time), then unsealed in session 19 to tune on
    ("hedges_sealed_r20.jsonl", "round-20 set (tuned from session 19; 0.571 / 0.632 sealed)"),
    # session 18: labelled on s18-sealed21 by a helper who never read or ran a detector
    # (GPT-3.5 Turbo answering AlpacaEval's instructions, ChatGPT's reference answers to
    # BELLE's Chinese evaluation set; no tool results); measured in sessions 18 and 19
    # (0.326 / 0.625 first, 0.311 / 0.583 last), then unsealed in session 20 to tune on
    ("hedges_sealed_r21.jsonl", "round-21 set (tuned from session 20; 0.311 / 0.583 sealed)"),
    # session 19: labelled on s19-sealed22 by a helper who never read or ran a detector
    # (TicketWorld's LLM support agent reasoning over each customer's records, a Chinese
    # home-appliance after-sales assistant with some order-system results); measured in
    # sessions 19-21 (0.300 / 0.310 each time), then unsealed in session 21 to tune on
    ("hedges_sealed_r22.jsonl", "round-22 set (tuned from session 21; 0.300 / 0.310 sealed)"),
    # session 20: labelled on s20-sealed23 by a helper who never read or ran a detector
    # (an open LLM's function-calling conversations with a retrieval tool and the passages
    # it returns, ChatGPT's Chinese counselling conversations of SmileChat, no result); the
    # owner measures it once
    ("hedges_sealed_r23.jsonl", "sealed round-23 set (never tuned, never trained on)"),
    # session 21: labelled on s21-sealed24 by a helper who never read or ran a detector
    # (GPT-4o's recorded answers to MT-Bench's two-turn questions, AlignBench's Chinese
    # reference answers with their web evidence; no tool results); measured in sessions 21-26
    # (0.183 / 0.867 first, 0.191 / 0.867 each time after), then unsealed in session 27 to tune on
    ("hedges_sealed_r24.jsonl", "round-24 set (tuned from session 27; 0.191 / 0.867 sealed)"),
    # session 21: labelled on s21-sealed24b by a helper who never read or ran a detector
    # (Claude Sonnet 4's recorded run as LiveMCPBench's tool-using assistant, each message with
    # the tool result before it; English only); the owner measures it once
    ("hedges_sealed_r24b.jsonl", "sealed round-24b set (never tuned, never trained on)"),
    # session 22: labelled on s22-sealed25 by a helper who never read or ran a detector
    # (ChatChecker's recorded AutoTOD runs, GPT-4 Turbo over the MultiWOZ APIs with simulated
    # users, no results recorded; CRSA's Chinese airline-booking dialogues with the flights
    # the searches returned); the owner measures it once
    ("hedges_sealed_r25.jsonl", "sealed round-25 set (never tuned, never trained on)"),
    # session 24: labelled on s24-sealed26 by a helper who never read or ran a detector
    # (a Qwen2.5-1.5B hotel-booking assistant's recorded runs against an LLM traveller, no
    # results logged; a Chinese hotel-booking assistant with the search results it read); the
    # owner measures it once
    ("hedges_sealed_r26.jsonl", "sealed round-26 set (never tuned, never trained on)"),
    # session 34: labelled on s34-sealed36 by a helper who never read or ran a detector (an
    # LLM-written travel agency contact centre: Microsoft's Woodgrove Travel sample calls, both
    # sides written by an LLM, no tools), English only; the owner measures it once
    ("hedges_sealed_r36.jsonl", "sealed round-36 set (never tuned, never trained on)"),
    # session 27: labelled on s27-sealed27 by a helper who never read or ran a detector (an
    # LLM shopping assistant over catalogue search results, LLM-simulated shoppers; a smart-home
    # support AI's replies to residents' tickets), English only; measured once blind in session
    # 27 (0.077 / 0.286), then unsealed in session 28 to tune on
    ("hedges_sealed_r27.jsonl", "round-27 set (tuned from session 28; 0.077 / 0.286 sealed)"),
    # session 28: labelled on s28-sealed28 by a helper who never read or ran a detector (an
    # LLM PC-support helpdesk agent with LLM-simulated customers; a Chinese diabetes-care
    # membership assistant with simulated members), no tool results in either; measured once
    # blind in session 28 (0.847 / 0.790), then unsealed in session 29 to tune on
    ("hedges_sealed_r28.jsonl", "round-28 set (tuned from session 29; 0.847 / 0.790 sealed)"),
    # session 29: labelled on s29-sealed29 by a helper who never read or ran a detector (DialOp's
    # recorded human travel and flight-booking agents, with the proposals the system recorded;
    # SysBench's Chinese LLM service assistants under role prompts), no tool calls in SysBench;
    # measured once blind in session 29 (0.394 / 0.722), then unsealed in session 29 to tune
    # the rules on (the model not trained on it)
    (
        "hedges_sealed_r29.jsonl",
        "round-29 set (tuned from session 29; 0.394 / 0.722 sealed; the model not trained on it)",
    ),
    # session 29: labelled on s29-sealed30 by a helper who never read or ran a detector (a
    # course's LLM marketplace-support agent that reads order and policy records through tools,
    # students' recorded sessions and LLM-written shoppers' openers), English only; measured
    # once blind in session 29 (0.333 / 0.667), then unsealed in session 30 to tune the rules on
    # (the model not trained on it)
    (
        "hedges_sealed_r30.jsonl",
        "round-30 set (tuned from session 30; 0.333 / 0.667 sealed; the model not trained on it)",
    ),
    # session 30: labelled on s30-sealed31 by a helper who never read or ran a detector
    # (DISC-FinLLM's Chinese LLM financial consultant: consultations, answers from retrieved
    # news passages, answers computed with a calculator tool), Chinese only; measured once blind
    # in session 30 (0.412 / 0.757), then unsealed in session 30 to tune the rules on (the model
    # not trained on it)
    (
        "hedges_sealed_r31.jsonl",
        "round-31 set (tuned from session 30; 0.412 / 0.757 sealed; the model not trained on it)",
    ),
    # session 30: labelled on s30-sealed32 by a helper who never read or ran a detector
    # (NurtureBoss's AI leasing assistant for apartment communities: real production traces
    # with its tool calls and results, real prospects and residents), English only; measured
    # once blind in session 30 (0.421 / 0.800), then unsealed in session 30 to tune the rules on
    # (the model not trained on it)
    (
        "hedges_sealed_r32.jsonl",
        "round-32 set (tuned from session 30; 0.421 / 0.800 sealed; the model not trained on it)",
    ),
    # session 31: labelled on s31-sealed33 by a helper who never read or ran a detector
    # (RecLLMSim: gpt-4-turbo as a travel advisor to an LLM-simulated client, English; real
    # people planning trips and choosing gifts with an LLM assistant, Chinese), no tools;
    # measured once blind in session 31 (0.748 / 0.765), then unsealed in session 31 to tune
    # the rules on (the model not trained on it)
    (
        "hedges_sealed_r33.jsonl",
        "round-33 set (tuned from session 31; 0.748 / 0.765 sealed; the model not trained on it)",
    ),
    # session 32: labelled on s32-sealed34 by a helper who never read or ran a detector (a
    # shop's Claude support agents over Shopify tools and an AI company's retrieval assistant,
    # both from committed LangGraph checkpoints; LLM-written IT-helpdesk calls), English only;
    # measured once blind in session 32 (0.863 / 0.710), then unsealed in session 32 to tune the
    # rules on (the model not trained on it)
    (
        "hedges_sealed_r34.jsonl",
        "round-34 set (tuned from session 32; 0.863 / 0.710 sealed; the model not trained on it)",
    ),
    # session 33: labelled on s33-sealed35 by a helper who never read or ran a detector (an
    # LLM voice receptionist of a demo orthopaedic practice, phoned by three job candidates'
    # patient bots; transcripts only, no tool results), English only; measured blind twice in
    # session 33 (0.667 / 0.714 both times), then unsealed in session 34 to tune the rules on
    # (the model not trained on it)
    (
        "hedges_sealed_r35.jsonl",
        "round-35 set (tuned from session 34; 0.667 / 0.714 sealed; the model not trained on it)",
    ),
    # session 15: LLM recommender, shop-advisor and sales agents (CRS Arena's ChatGPT movie
    # recommender, a RAG brewing-shop assistant and its ChatGPT baseline, SalesGPT), labelled
    # and committed by advice15 before any detector ran on them; held out, then the advice
    # rules were written looking at it (advice about what an item means for the user is no hedge)
    ("hedges_advice.jsonl", "advice set (held out; labelled session 15, then tuned)"),
    # session 16: a GPT-4o course-enrollment agent (Genie Worksheets) serving real students,
    # each reply with its turn's query results, labelled and committed by cs16 before any
    # detector ran on it; its first run was held out, then rules were written looking at it
    ("hedges_cs16.jsonl", "customer-service set cs16 (held out once; labelled session 16)"),
    # session 22: chat models answering open prompts with no tools (Claude 3.5 Sonnet on
    # AlpacaEval, ChatGPT on BELLE's Chinese evaluation set), labelled and committed by
    # hedges22 before any detector ran on them, after sealed round 24's free prose over-fired;
    # held out once (0.323 / 0.721), then rules were written looking at it
    ("hedges_answers.jsonl", "answers set (held out once: 0.323 / 0.721; labelled session 22)"),
    # session 24: tool-using service agents with simulated users (SOPBench's recorded runs:
    # bank, DMV, health insurance, library, university assistants), each message with its
    # latest tool result, labelled and committed by hedges24 before any detector ran on them
    ("hedges_sim24.jsonl", "service-agent set sim24 (held out once; labelled session 24)"),
    # session 28: SOPBench's function-calling runs of four models (GPT-4.1, GPT-4o, Claude 3.5
    # Sonnet, o4-mini-high), texts sim24 does not hold, each with its latest tool result,
    # labelled and committed by sop28 before any detector ran on them; first run held out
    (
        "hedges_sop28.jsonl",
        "service-agent set sop28 (held out once; labelled session 28; the model not trained on it)",
    ),
    # session 11: GPT-4's ReAct thoughts (FireAct's trajectories), labelled and committed
    # before any detector ran on them, then tuned on; a training file for the gate
    ("hedges_thoughts_r14.jsonl", "round-14 thoughts set (labelled session 11, then tuned)"),
)


def hedge_sets(sealed: bool) -> list[tuple[str, str]]:
    """The hedge sets there are (the training sets of ``train_hedges.py`` too), in order;
    the sealed ones only when ``sealed``."""
    named = {name for name, _ in HEDGE_SETS}
    more = [(p.name, "training rows") for p in train.training_files() if p.name not in named]
    return [
        (name, title)
        for name, title in [*HEDGE_SETS, *more]
        if (CORPUS / name).exists() and (sealed or name not in SEALED_HEDGE_SETS)
    ]


def records(row: dict[str, Any]) -> list[tuple[str, str]]:
    """The records a hedge row's conversation read before its text, with their calls'
    arguments, where the set gives them (``hedges_sop28.jsonl``: ``records``)."""
    return [(asked, result) for asked, result in row.get("records", ())]


def hedges_section(verbose: bool, sealed: bool = False) -> list[str]:
    """Hedge precision and recall per labelled set: the rules alone and the learned gate
    (trained on every set but the sealed ones, so its figures on them are in-sample)."""
    lexicon = Lexicon.load(["en", "zh"])
    lines = [
        "Hedges (a message counts as hedged when it has at least one hedge);",
        f"  find_hedges' default gate: {DEFAULT_GATE}; the model is trained on every set",
        "  printed but the sealed ones (its figures on them are in-sample)",
    ]
    pooled: list[tuple[bool, bool]] = []  # every held-out set together
    pooled_model: list[tuple[bool, bool]] = []
    # the sealed sets' (found, labelled) pairs with each row's language
    sealed_pairs: dict[str, list[tuple[tuple[bool, bool], str]]] = {"rules": [], "model": []}
    for name, title in hedge_sets(sealed):
        rows = load(name)
        found = [
            find_hedges(
                lexicon,
                r["text"],
                r["latest_result"],
                gate="rules",
                records=records(r),
                user=r.get("user"),
            )
            for r in rows
        ]
        gated = [
            find_hedges(
                lexicon,
                r["text"],
                r["latest_result"],
                gate="model",
                source=train.source_of(r),
                records=records(r),
                user=r.get("user"),
            )
            for r in rows
        ]
        pairs = [(bool(f), bool(r["hedge"])) for f, r in zip(found, rows, strict=True)]
        model = [(bool(f), bool(r["hedge"])) for f, r in zip(gated, rows, strict=True)]
        if name not in _TUNED_HEDGE_SETS and title != "training rows":
            pooled += pairs
            pooled_model += model
        if name in SEALED_HEDGE_SETS:
            langs = [r["lang"] for r in rows]
            sealed_pairs["rules"] += list(zip(pairs, langs, strict=True))
            sealed_pairs["model"] += list(zip(model, langs, strict=True))
        bare = [(bool(lexicon.find(r["text"])), bool(r["hedge"])) for r in rows]
        lines.append(f" {title} ({name})")
        lines.append(_pr_line("rules, all", pairs))
        lines.append(_pr_line("model, all", model))
        for lang in ("en", "zh"):
            sub = [p for p, r in zip(pairs, rows, strict=True) if r["lang"] == lang]
            lines.append(_pr_line(f"rules, {lang}", sub))
            sub = [p for p, r in zip(model, rows, strict=True) if r["lang"] == lang]
            lines.append(_pr_line(f"model, {lang}", sub))
        for source in sorted({r["source"] for r in rows}):
            sub = [p for p, r in zip(pairs, rows, strict=True) if r["source"] == source]
            lines.append(_pr_line(f"rules, {source}", sub))
        lines.append(_pr_line("every lexicon phrase, no rules", bare))
        if verbose and name not in SEALED_HEDGE_SETS:
            for f, g, r in zip(found, gated, rows, strict=True):
                for who, hits in (("rules", f), ("model", g)):
                    if bool(hits) != bool(r["hedge"]):
                        kind = "false positive" if hits else "false negative"
                        cues = ", ".join(f"{h.phrase} ({h.kind})" for h in hits) or "-"
                        lines.append(f"    {who} {kind} {r['id']}: {cues}: {r['text'][:120]!r}")
    lines.append(" every set once held out together (not the training rows)")
    lines.append(_pr_line("rules, all", pooled))
    lines.append(_pr_line("model, all (in-sample but the sealed sets)", pooled_model))
    if sealed:
        lines.append(" the sealed sets together (never tuned, never trained on)")
        for lang in ("all", "en", "zh"):
            for who in ("rules", "model"):
                part = [p for p, lg in sealed_pairs[who] if lang == "all" or lg == lang]
                lines.append(_pr_line(f"{who}, {lang}", part))
    lines.append("  goal: precision >= 0.8, recall >= 0.7")
    return lines


def hedge_gate_section(verbose: bool) -> list[str]:
    """The learned gate against the rules, leave one source out: each message scored by
    a model trained without its source repository (``train_hedges.py``)."""
    messages = train.read_messages(train.training_files())
    scores = train.cross_scores(messages, **train.FIT_OPTIONS)
    threshold = train.best_threshold(scores, [m.hedge for m in messages])
    lines = [
        "Hedge gate, leave one source out (every training set; the rules were tuned on",
        "  most of these rows, so their figures are optimistic)",
        f"  threshold by cross-validation: {threshold} (shipped model: {gate_model()[1]})",
    ]
    for lang in ("all", "en", "zh"):
        idx = [i for i, m in enumerate(messages) if lang == "all" or m.row["lang"] == lang]
        rules = [(messages[i].rules, messages[i].hedge) for i in idx]
        model = [(scores[i] >= threshold, messages[i].hedge) for i in idx]
        for who, pairs in (("rules", rules), ("model", model)):
            *_, f = train.f1(pairs)
            lines.append(_pr_line(f"{who}, {lang}", pairs) + f"  F1 {f:.3f}")
    if verbose:
        for source in sorted({m.row["source"] for m in messages}):
            idx = [i for i, m in enumerate(messages) if m.row["source"] == source]
            lines.append(
                _pr_line(f"rules, {source}", [(messages[i].rules, messages[i].hedge) for i in idx])
            )
            lines.append(
                _pr_line(
                    f"model, {source}",
                    [(scores[i] >= threshold, messages[i].hedge) for i in idx],
                )
            )
    return lines


#: The held-out turn sets (no rule was written looking at them when they were labelled),
#: in the order they were read; ``turns_section`` also prints them pooled.
HELD_OUT_TURNS = (
    ("turns_heldout.jsonl", "held-out set"),
    ("turns_heldout_fresh.jsonl", "fresh held-out set"),
    ("turns_heldout_sealed.jsonl", "sealed held-out set"),
    ("turns_heldout_late.jsonl", "late held-out set"),
    ("turns_heldout_r4.jsonl", "round-4 held-out set"),
    ("turns_heldout_r5.jsonl", "round-5 held-out set"),
    ("turns_heldout_r6.jsonl", "round-6 held-out set"),
    ("turns_heldout_r7.jsonl", "round-7 held-out set"),
    ("turns_heldout_r8.jsonl", "round-8 held-out set (tuned from session 5)"),
    (
        "turns_sealed_r5.jsonl",
        "sealed round-5 set (0.838 on its one sealed run; tuned from session 5)",
    ),
    # measured once, sealed (0.603); round 5g was written looking at its misses
    ("turns_sealed_r6.jsonl", "round-6 set (tuned; 0.603 on its one sealed run)"),
    # measured once in each of sessions 6-8 (0.793, 0.788, 0.790), unsealed in session 8
    ("turns_sealed_r8.jsonl", "round-8 set (tuned from session 8; 0.793 sealed)"),
    # measured three times while sealed in sessions 7 and 8 (last 0.830: ToolAlpaca 0.790,
    # TapeAgents 0.917, DISC-MedLLM 0.844; the model 0.870), unsealed in session 9
    ("turns_sealed_r9.jsonl", "round-9 set (tuned from session 9; 0.830 sealed)"),
    # measured three times while sealed in sessions 8 and 9 (0.798, 0.801, 0.804: SIMMC 2.1
    # 0.573, InstructTODS 0.762, MOSS 0.920), unsealed later in session 9
    ("turns_sealed_r10.jsonl", "round-10 set (tuned from session 9; 0.804 sealed)"),
    # measured three times while sealed in sessions 8 and 9 (0.775, 0.775, 0.787: syntag
    # barbershop 0.812, MS e2e 0.903, Taobao 0.614), unsealed later in session 9
    ("turns_sealed_r10b.jsonl", "round-10b set (tuned from session 9; 0.787 sealed)"),
    # Round 11 (session 9) was measured three times while sealed (0.710, 0.708, 0.708),
    # then unsealed in session 10 to tune on
    ("turns_sealed_r11.jsonl", "round-11 set (tuned from session 10; 0.708 sealed)"),
    # Rounds 9b (session 7; 0.795 first, 0.821 last) and 12 (session 10; 0.622 first, 0.632
    # last) were measured at least four times while sealed, then unsealed in session 12
    ("turns_sealed_r9b.jsonl", "round-9b set (tuned from session 12; 0.821 sealed)"),
    ("turns_sealed_r12.jsonl", "round-12 set (tuned from session 12; 0.632 sealed)"),
    # Rounds 13 (session 11; 0.816 at each of its three sealed runs) and 15 (session 12;
    # 0.814 once) were unsealed in session 13
    ("turns_sealed_r13.jsonl", "round-13 set (tuned from session 13; 0.816 sealed)"),
    ("turns_sealed_r15.jsonl", "round-15 set (tuned from session 13; 0.814 sealed)"),
    # Round 16 (session 13; 0.797 at both its sealed runs) was unsealed in session 15
    ("turns_sealed_r16.jsonl", "round-16 set (tuned from session 15; 0.797 sealed)"),
    # Round 17 (session 14; 0.702, 0.704 and 0.715 at its sealed runs) was unsealed in session 16
    ("turns_sealed_r17.jsonl", "round-17 set (tuned from session 16; 0.715 sealed)"),
    # Round 18 (session 15; 0.793 at each of its four sealed runs) was unsealed in session 17
    ("turns_sealed_r18.jsonl", "round-18 set (tuned from session 17; 0.793 sealed)"),
    # Round 19 (session 16; 0.787, 0.784 and 0.790 at its sealed runs) was unsealed in session 18
    ("turns_sealed_r19.jsonl", "round-19 set (tuned from session 18; 0.790 sealed)"),
    # Round 20 (session 17; 0.819 at each of its four sealed runs) was unsealed in session 19
    ("turns_sealed_r20.jsonl", "round-20 set (tuned from session 19; 0.819 sealed)"),
    # Round 21 (session 18; 0.797 at three sealed runs, 0.807 at the fourth) was unsealed in
    # session 20
    ("turns_sealed_r21.jsonl", "round-21 set (tuned from session 20; 0.807 sealed)"),
    # TicketWorld's customer e-mails, the Chinese after-sales customers: 0.637 four times
    # sealed (sessions 19-21), unsealed in session 21 to tune on
    ("turns_sealed_r22.jsonl", "round-22 set (tuned from session 21; 0.637 sealed)"),
    # MT-Bench's two-turn questions, AlignBench's Chinese queries: 0.707 first, 0.740 each
    # time after (sessions 21-26) sealed, unsealed in session 27 to tune on
    ("turns_sealed_r24.jsonl", "round-24 set (tuned from session 27; 0.740 sealed)"),
    # SynTOD's LLM-simulated shoppers, the smart-home residents' tickets: 0.667 measured once
    # blind (session 27), unsealed in session 28 to tune on
    ("turns_sealed_r27.jsonl", "round-27 set (tuned from session 28; 0.667 sealed)"),
    # The PC-support helpdesk's LLM-simulated customers, the diabetes-care members: 0.463
    # measured once blind (session 28), unsealed in session 29 to tune on
    ("turns_sealed_r28.jsonl", "round-28 set (tuned from session 29; 0.463 sealed)"),
    # DialOp's travellers, SysBench's annotators' turns: 0.697 measured once blind (session
    # 29), unsealed in session 29 to tune the rules on (the model not trained on it)
    (
        "turns_sealed_r29.jsonl",
        "round-29 set (tuned from session 29; 0.697 sealed; the model not trained on it)",
    ),
    # the Cartwheel marketplace support agent's users (students' typed requests, LLM-written
    # shoppers' openers): 0.829 measured once blind (session 29), unsealed in session 30 to tune
    # the rules on (the model not trained on it)
    (
        "turns_sealed_r30.jsonl",
        "round-30 set (tuned from session 30; 0.829 sealed; the model not trained on it)",
    ),
    # DISC-FinLLM's users of a Chinese financial consultant (almost all questions): 0.844
    # measured once blind (session 30), unsealed in session 30 to tune the rules on (the model
    # not trained on it)
    (
        "turns_sealed_r31.jsonl",
        "round-31 set (tuned from session 30; 0.844 sealed; the model not trained on it)",
    ),
    # NurtureBoss's leasing assistant's prospects and residents (by text, e-mail and phone):
    # 0.629 measured once blind (session 30), unsealed in session 30 to tune the rules on (the
    # model not trained on it)
    (
        "turns_sealed_r32.jsonl",
        "round-32 set (tuned from session 30; 0.629 sealed; the model not trained on it)",
    ),
    # RecLLMSim's simulated clients of a travel advisor, real Chinese trip and gift planners:
    # 0.668 measured once blind (session 31), unsealed in session 31 to tune the rules on (the
    # model not trained on it)
    (
        "turns_sealed_r33.jsonl",
        "round-33 set (tuned from session 31; 0.668 sealed; the model not trained on it)",
    ),
    # the NATPAT shop's and Optimus AI Labs' test customers, the Woodgrove IT helpdesk's
    # LLM-written callers: 0.774 measured once blind (session 32), unsealed in session 32 to tune
    # the rules on (the model not trained on it)
    (
        "turns_sealed_r34.jsonl",
        "round-34 set (tuned from session 32; 0.774 sealed; the model not trained on it)",
    ),
    # the demo orthopaedic practice's callers (candidates' patient bots, LLM-played and
    # scripted): 0.759 and 0.765 measured blind (session 33), unsealed in session 34 to tune the
    # rules on (the model not trained on it)
    (
        "turns_sealed_r35.jsonl",
        "round-35 set (tuned from session 34; 0.765 sealed; the model not trained on it)",
    ),
    # session 16: the students of the course-enrollment agent (cs16), labelled and committed
    # before any detector ran on them; first run held out, then tuned on
    ("turns_cs16.jsonl", "customer-service set cs16 (held out once; labelled session 16)"),
    # session 22: real users' prompts to chat assistants (URS, Arena-Hard), labelled and
    # committed before any classifier ran on them; 0.831 on its first run, then tuned on
    ("turns_prompts.jsonl", "chat prompts (held out once: 0.831; labelled session 22)"),
    # session 24: an LLM-simulated restaurant guest answering an LLM order-taking agent,
    # labelled and committed before any classifier ran on them; first run held out (rules
    # 0.705, model 0.715), then tuned on
    ("turns_sim24.jsonl", "simulated-user task turns (held out once: 0.705; labelled session 24)"),
    # session 28: the opening requests of SOPBench's simulated users (function-calling runs),
    # labelled and committed by sop28 before any classifier ran on them
    (
        "turns_sop28.jsonl",
        "service-agent openers sop28 (held out once; labelled session 28; the model not trained on it)",
    ),
    # session 28: FloDial's crowd-sourced car and laptop troubleshooting dialogs, labelled
    # and committed before any classifier ran on them; first run held out, then tuned on
    (
        "turns_helpdesk28.jsonl",
        "troubleshooting dialogs (held out once: 0.876; labelled session 28)",
    ),
)


def classify_row(row: dict[str, Any]) -> str:
    """:func:`classify_turn` of one labelled row: with the agent's message before the
    turn (``previous``) where the row has it, else with ``asked``."""
    return classify_turn(row["text"], bool(row.get("asked")), row.get("previous"))


def rule_row(row: dict[str, Any]) -> str:
    """The rules' class of one labelled row (:func:`projeval.traces.turns.rule_turn`)."""
    return str(train_turns.rules(row))


def model_row(row: dict[str, Any]) -> str:
    """The shipped model's class of one labelled row, whether or not it is the classifier."""
    return turn_model().predict(train_turns.features(row))[0]


#: Sealed turn sets (``train_turns.SEALED``): printed only with ``--sealed``, never their
#: misses (see ``SEALED_HEDGE_SETS``).
SEALED_TURNS = tuple(
    (name, "sealed set (never tuned, never trained on)") for name in train_turns.SEALED
)


def turns_section(verbose: bool, sealed: bool = False) -> list[str]:
    """User-turn classification accuracy on the labelled set and the held-out sets, for
    the rules and the shipped model (trained on them all: in-sample), and on the
    training rows no rule was tuned on."""
    used = "the classifier" if MODEL_CLASSIFIES else "not the classifier"
    lines = [f"User turns: the rules, and the learned model ({used}; in-sample on every set)"]
    lines += _turns_lines("turns.jsonl", "labelled set", verbose)
    right = by_model = total = 0
    for name, title in HELD_OUT_TURNS:
        lines.append("")
        # rounds 28 to 32 and session 28's sets are not trained on (train_turns.NOT_TRAINED)
        trained = name not in train_turns.NOT_TRAINED
        lines += _turns_lines(name, title, verbose, trained=trained)
        rows = load(name)
        right += sum(rule_row(r) == r["label"] for r in rows)
        by_model += sum(model_row(r) == r["label"] for r in rows)
        total += len(rows)
    lines.append("")
    lines.append(
        f"User turns, the held-out sets pooled, rules: accuracy {right / total:.3f} "
        f"({right}/{total})"
    )
    # The model is trained on these sets, so its pooled figure is in-sample; what it scores
    # on rounds it had not seen is the blind figure its training recorded.
    blind = turn_model().meta.get("blind", {})
    lines.append(
        f"User turns, the held-out sets pooled, the model (in-sample): accuracy "
        f"{by_model / total:.3f} ({by_model}/{total}); blind, each round at its labelling "
        f"commit: rules {blind.get('rules')}, model {blind.get('model')}"
    )
    named = {"turns.jsonl", *(name for name, _ in HELD_OUT_TURNS)}
    for path in train_turns.training_files():
        if path.name not in named:
            lines.append("")
            lines += _turns_lines(
                path.name,
                "training rows (session 7 wrote rules on their misses; first run 0.721)",
                verbose,
            )
    for name, title in SEALED_TURNS if sealed else ():
        if (CORPUS / name).exists():
            lines.append("")
            lines += _turns_lines(name, title, verbose=False, trained=False)
    return lines


def turn_model_section(verbose: bool) -> list[str]:
    """The learned user-turn model against the rules, leave one source out: each turn
    classified by a model trained without its source repository (``train_turns.py``)."""
    rows = train_turns.read_rows(train_turns.training_files())
    meta = turn_model().meta.get("leave_one_source_out", {}).get("all", {})
    return [
        f"User turns, leave one source out ({len(rows)} turns of every training set; the rules",
        "  were tuned on most of these rows, so their figure is optimistic)",
        *train_turns.figure_lines(train_turns.leave_one_source_out(rows)),
        f"  recorded in the shipped model: model {meta.get('model')}, rules {meta.get('rules')}",
        "  goal: accuracy >= 0.85; the model classifies only when it beats the rules here",
    ]


def _source(row: dict[str, Any]) -> str:
    """A row's source repository, and for ConvLab's unified copies the corpus inside it
    (``multiwoz21``, ``kvret``, ``camrest``), which come from different crowds."""
    parts = row["path"].split("/")
    if "unified_datasets" in parts[:-2]:
        return f"{row['source']} ({parts[parts.index('unified_datasets') + 1]})"
    return str(row["source"])


def _turns_lines(name: str, title: str, verbose: bool, trained: bool = True) -> list[str]:
    """Accuracy on one turns file, overall, per language and per class.

    Each row's ``previous`` is the agent's message before it, which trace analysis
    passes to :func:`classify_turn` (rows without it have ``asked``: whether that
    message ended with a question mark); the accuracy without either (the text alone)
    is printed beside."""
    rows = load(name)
    got = [rule_row(r) for r in rows]
    ok = [g == r["label"] for g, r in zip(got, rows, strict=True)]
    bare = sum(rule_turn(r["text"]) == r["label"] for r in rows)
    learned = sum(model_row(r) == r["label"] for r in rows)
    lines = [f"User turns, {title} ({name})"]
    lines.append(f"  rules: accuracy {sum(ok) / len(ok):.3f} ({sum(ok)}/{len(ok)})")
    lines.append(
        f"  model{' (trained on this set too)' if trained else ''}: accuracy "
        f"{learned / len(rows):.3f} "
        f"({learned}/{len(rows)})"
    )
    lines.append(
        f"  the text alone (no question before): {bare / len(rows):.3f} ({bare}/{len(rows)})"
    )
    for lang in ("en", "zh"):
        sub = [o for o, r in zip(ok, rows, strict=True) if r["lang"] == lang]
        if sub:
            lines.append(
                f"  rules, {lang}: accuracy {sum(sub) / len(sub):.3f} ({sum(sub)}/{len(sub)})"
            )
    sources = sorted({_source(r) for r in rows})
    for source in sources if len(sources) > 1 else ():
        sub = [o for o, r in zip(ok, rows, strict=True) if _source(r) == source]
        lines.append(
            f"  rules, {source}: accuracy {sum(sub) / len(sub):.3f} ({sum(sub)}/{len(sub)})"
        )
    confusion = Counter((r["label"], g) for g, r in zip(got, rows, strict=True))
    for label in TURN_CLASSES:
        total = sum(n for (lab, _), n in confusion.items() if lab == label)
        if total:
            wrong = ", ".join(
                f"{g} {n}" for (lab, g), n in sorted(confusion.items()) if lab == label and g != lab
            )
            right = confusion[(label, label)]
            lines.append(f"  {label:<9} {right}/{total}" + (f" (as {wrong})" if wrong else ""))
    if verbose:
        for g, r in zip(got, rows, strict=True):
            if g != r["label"]:
                lines.append(f"    {r['id']}: labelled {r['label']}, classified {g}: {r['text']!r}")
    lines.append("  goal: accuracy >= 0.85")
    return lines


FOLLOWUPS = ROOT / "tests" / "corpora" / "followups"
# Held out: labelled like FOLLOWUPS from two other sources, never tuned on.
FOLLOWUPS_HELDOUT = ROOT / "tests" / "corpora" / "followups_heldout"


def _followup_truth(
    folder: Path = FOLLOWUPS,
) -> tuple[set[tuple[str, int]], dict[tuple[str, int], set[str]]]:
    """Calls labelled as follow-up lookups, and the producing tools their labels name."""
    truth: set[tuple[str, int]] = set()
    producers: dict[tuple[str, int], set[str]] = {}
    with (folder / "labels.jsonl").open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["label"] == "lookup":
                key = (row["trace"], row["call"])
                truth.add(key)
                producers.setdefault(key, set()).add(row["producer_tool"])
    return truth, producers


def followups_section(verbose: bool) -> list[str]:
    """Follow-up precision and recall on the labelled follow-up sets (tuned and held out)."""
    lines = _followup_lines(FOLLOWUPS, "follow-ups", verbose)
    lines += agentdojo_followups(verbose)
    lines += _followup_lines(FOLLOWUPS_HELDOUT, "held-out follow-ups", verbose)
    lines.append("  goal: follow-ups counted are lookups (precision well above the 0.3 before)")
    return lines


def followup_figures(folder: Path, tools: bool) -> dict[str, Any]:
    """One labelled follow-up set's figures: ``every`` and ``lookups`` as
    ``(precision, recall, tp, fp, fn)`` over its calls, ``right`` (true lookups whose first
    reported producing tool is a labelled one), and the reported and true call sets."""
    from projeval.traces import analyse_traces

    truth, producers = _followup_truth(folder)
    extra: dict[str, Any] = {"tools": [folder / "tools.json"]} if tools else {}
    a = analyse_traces([folder / "conversations.jsonl"], workers=1, **extra)
    calls = a.calls.sort_values(["trace_id", "seq"])
    number = {
        (r.trace_id, r.seq): i + 1
        for _, group in calls.groupby("trace_id", sort=False)
        for i, r in enumerate(group.itertuples())
    }
    every: dict[tuple[str, int], str] = {}
    lookups: set[tuple[str, int]] = set()
    named: dict[tuple[str, int], set[tuple[str, str, str | None]]] = {}
    for r in a.followups.itertuples():
        key = (r.trace_id, number[(r.trace_id, r.seq)])
        every.setdefault(key, r.producer_tool)
        named.setdefault(key, set()).add((r.consumer_arg, r.producer_tool, _path(r.producer_path)))
        if r.kind != "write":
            lookups.add(key)
    keys = {(trace, k) for (trace, _seq), k in number.items()}
    want: dict[tuple[str, int], set[tuple[str, str, str | None]]] = {}
    with (folder / "labels.jsonl").open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["label"] == "lookup":
                where = (row["argument"], row["producer_tool"], row["producer_path"])
                want.setdefault((row["trace"], row["call"]), set()).add(where)
    return {
        "truth": truth,
        "reported": {"every": set(every), "lookups": lookups},
        "every": precision_recall([(k in every, k in truth) for k in keys]),
        "lookups": precision_recall([(k in lookups, k in truth) for k in keys]),
        "right": sum(1 for k in lookups & truth if every[k] in producers[k]),
        # one of the call's reported arguments names a labelled producing tool and path
        "path_right": sum(1 for k in lookups & truth if named[k] & want[k]),
    }


def _followup_lines(folder: Path, title: str, verbose: bool) -> list[str]:
    """Precision and recall of every follow-up call and of follow-up lookups on one set."""
    truth, _ = _followup_truth(folder)
    lines = [f"{title} ({folder.relative_to(ROOT)}, calls labelled lookup: {len(truth)})"]
    for tools in (False, True):
        fig = followup_figures(folder, tools)
        how = "with tools.json" if tools else "verbs only"
        for label, which in (("every follow-up call", "every"), ("follow-up lookups", "lookups")):
            p, r, tp, fp, fn = fig[which]
            lines.append(
                f"  {label + ' (' + how + ')':<44} precision {p:.3f}  recall {r:.3f}  "
                f"(reported {tp + fp}: tp {tp}, fp {fp}, fn {fn})"
            )
            if verbose:
                reported = fig["reported"][which]
                lines += [f"    fp {k}" for k in sorted(reported - truth)]
                lines += [f"    fn {k}" for k in sorted(truth - reported)]
        found = len(fig["reported"]["lookups"] & truth)
        lines.append(
            f"  producing tool right ({how}): {fig['right']} of {found}; "
            f"tool and path: {fig['path_right']} of {found}"
        )
    return lines


AGENTDOJO = ROOT / "tests" / "corpora" / "agentdojo"


def _path(value: Any) -> str | None:
    return value if isinstance(value, str) else None  # a missing path is NaN in the frame


def agentdojo_followups(verbose: bool) -> list[str]:
    """Follow-up lookups on the labelled calls of the AgentDojo-style runs: precision,
    recall, and how many true lookups name the labelled producing tool and path."""
    from projeval.traces import analyse_traces

    with (AGENTDOJO / "followups.jsonl").open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    a = analyse_traces([AGENTDOJO / "runs.jsonl"], workers=1)
    ids = {(c.trace_id, c.seq): c.call_id for c in a.calls.itertuples()}
    found: dict[tuple[str, str], list[Any]] = {}
    for r in a.followups.itertuples():
        if r.kind != "write":
            found.setdefault((r.trace_id, ids[(r.trace_id, r.seq)]), []).append(r)
    pairs = [((r["run_id"], r["call_id"]) in found, r["call"] == "lookup") for r in rows]
    p, rec, tp, fp, fn = precision_recall(pairs)
    lines = [
        f"  agentdojo lookups ({len(rows)} labelled calls, {sum(t for _, t in pairs)} lookups)"
        f"{'':<3} precision {p:.3f}  recall {rec:.3f}  (reported {tp + fp}: tp {tp}, fp {fp}, fn {fn})"
    ]
    right = [0, 0]
    for row in rows:
        got = found.get((row["run_id"], row["call_id"]))
        if row["call"] != "lookup" or not got:
            continue
        want = {
            (c["arg"], c["producer_tool"], c["producer_path"])
            for c in row["candidates"]
            if c["label"] == "lookup"
        }
        # Right when one of the call's reported arguments names its labelled producer.
        named = {(r.consumer_arg, r.producer_tool, _path(r.producer_path)) for r in got}
        right[0] += any((a, t) == (b, u) for a, t, _ in named for b, u, _ in want)
        right[1] += bool(named & want)
        if verbose and not named & want:
            lines.append(f"    producer {row['tool']}: {sorted(named)}; labelled {sorted(want)}")
    lines.append(
        f"  agentdojo producing tool right: {right[0]} of {tp}; tool and path: {right[1]} of {tp}"
    )
    if verbose:
        for row, (got, want) in zip(rows, pairs, strict=True):
            if got != want:
                lines.append(
                    f"    {'fp' if got else 'fn'} {row['run_id']} {row['tool']} ({row['call']})"
                )
    return lines


def claims_section(verbose: bool) -> list[str]:
    """Precision and recall of ungrounded counts and names on the labelled claim set."""
    from projeval.traces import analyse_traces

    rows = load("claims.jsonl")
    kinds = ("count", "name")
    lines = [
        f"claims (tests/corpora/conversations/claims.jsonl, counts and names {len(rows)}, "
        f"labelled ungrounded {sum(r['ungrounded'] for r in rows)})"
    ]
    flagged: set[tuple[str, str, str]] = set()
    for file in sorted({r["file"] for r in rows}):
        a = analyse_traces([CORPUS / file], workers=1)
        traces = {r["trace"] for r in rows if r["file"] == file}
        for c in a.claims.itertuples():
            if c.kind in kinds and c.trace_id in traces:
                flagged.add((c.trace_id, c.kind, str(c.value)))

    def same(row: dict[str, Any], claim: tuple[str, str, str]) -> bool:
        value, got = row["value"].lower(), claim[2].lower()
        return (
            row["trace"] == claim[0] and row["kind"] == claim[1] and (value in got or got in value)
        )

    for kind in (*kinds, "both"):
        want = [r for r in rows if kind in ("both", r["kind"])]
        got = {c for c in flagged if kind in ("both", c[1])}
        tp = sum(1 for c in got if any(r["ungrounded"] and same(r, c) for r in want))
        wrong = sum(1 for c in got if any(not r["ungrounded"] and same(r, c) for r in want))
        found = sum(1 for r in want if r["ungrounded"] and any(same(r, c) for c in got))
        truth = sum(r["ungrounded"] for r in want)
        p = tp / len(got) if got else 1.0
        r_ = found / truth if truth else 1.0
        lines.append(
            f"  ungrounded {kind:<6} precision {p:.3f}  recall {r_:.3f}  (flagged {len(got)}: "
            f"labelled ungrounded {tp}, labelled grounded {wrong}, "
            f"not labelled {len(got) - tp - wrong}; labelled ungrounded found {found} of {truth})"
        )
        if verbose and kind == "both":
            lines += [f"    flagged {c}" for c in sorted(got)]
    lines.append("  (a flagged value no row labels counts against precision)")
    lines += agentdojo_claims(verbose)
    lines += cs_claims(verbose)
    lines += cs_claims(verbose, name="claims_cs_heldout", what="held-out task-agent final answers")
    lines += cs_claims(
        verbose, name="claims_fresh_r15", what="fresh SDK agent runs' final answers (session 15)"
    )
    lines += cs_claims(
        verbose,
        name="claims_heldout_r19",
        what="held-out travel, weather and cashflow agents' answers (session 19)",
    )
    lines += cs_claims(
        verbose,
        name="claims_fresh_r25",
        what="fresh travel-support runs' assistant texts (session 25)",
    )
    return lines


def answer_seqs(path: Path) -> dict[tuple[str, int], int]:
    """``(trace, seq)`` of each answer a claims set labels (the message indexes its traces
    list as ``answers``) -> the message's index. An OpenAI Chat message is one event per
    text and per tool call, so an event's ``seq`` is not the message's index."""
    found: dict[tuple[str, int], int] = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            trace = json.loads(line)
            answers, seq = set(trace["answers"]), 0
            for i, m in enumerate(trace["messages"]):
                if i in answers:
                    found[trace["id"], seq] = i
                calls = len(m.get("tool_calls") or []) if m["role"] == "assistant" else 0
                seq += calls + (1 if m.get("content") or not calls else 0)
    return found


def cs_claims(
    verbose: bool,
    scores: dict[str, tuple[float, float]] | None = None,
    name: str = "claims_cs",
    what: str = "customer-service final answers",
) -> list[str]:
    """Ungrounded values flagged in the final answers of a customer-service set
    (``claims_cs.jsonl`` unless ``name`` names another, with its ``<name>_traces.jsonl``):
    precision and recall, overall and by the labelled kind. A flag is right when it is, or
    sits inside, a value labelled ungrounded in the same message (of any kind); a flag no row
    labels counts against precision, under its own kind. ``scores``, when given, receives
    each kind's (and ``"all"``'s) precision and recall."""
    from projeval.traces import analyse_traces

    rows = load(f"{name}.jsonl")
    path = CORPUS / f"{name}_traces.jsonl"
    scope = answer_seqs(path)
    a = analyse_traces([path], workers=1)
    flagged = [
        (c.trace_id, scope[c.trace_id, int(c.seq)], c.kind, str(c.value))
        for c in a.claims.itertuples()
        if (c.trace_id, int(c.seq)) in scope
    ]

    def norm(value: str) -> str:
        return " ".join(value.strip("\"“”'’*.,;:!? ").lower().split())

    def same(row: dict[str, Any], claim: tuple[str, int, str, str]) -> bool:
        value, got = norm(row["value"]), norm(claim[3])
        return (
            (row["trace"], row["message"]) == claim[:2]
            and bool(got)
            and (value in got or got in value)
        )

    def kind_of(claim: tuple[str, int, str, str]) -> str:
        # The row the flag names exactly first ("DUB" is the code's row, not "Dublin"'s).
        match = sorted(
            (r for r in rows if same(r, claim)), key=lambda r: norm(r["value"]) != norm(claim[3])
        )
        return match[0]["kind"] if match else claim[2]

    truth = sum(r["ungrounded"] for r in rows)
    lines = [
        f"claims (tests/corpora/conversations/{name}.jsonl, {what}: "
        f"{len(rows)} values, labelled ungrounded {truth})"
    ]
    kinds = sorted({r["kind"] for r in rows} | {c[2] for c in flagged})
    for kind in (*kinds, "all"):
        want = [r for r in rows if kind in ("all", r["kind"])]
        got = [c for c in flagged if kind in ("all", kind_of(c))]
        right = [c for c in got if any(r["ungrounded"] and same(r, c) for r in want)]
        wrong = [c for c in got if c not in right and any(same(r, c) for r in want)]
        found = sum(1 for r in want if r["ungrounded"] and any(same(r, c) for c in got))
        n = sum(r["ungrounded"] for r in want)
        p = len(right) / len(got) if got else 1.0
        r_ = found / n if n else 1.0
        if scores is not None:
            scores[kind] = (p, r_)
        lines.append(
            f"  ungrounded {kind:<8} precision {p:.3f}  recall {r_:.3f}  (flagged {len(got)}: "
            f"labelled ungrounded {len(right)}, labelled grounded {len(wrong)}, not labelled "
            f"{len(got) - len(right) - len(wrong)}; labelled ungrounded found {found} of {n})"
        )
    if verbose:
        for c in flagged:
            ok = any(r["ungrounded"] and same(r, c) for r in rows)
            lines.append(f"    flagged {c} ({'right' if ok else 'wrong'})")
        for r in rows:
            if r["ungrounded"] and not any(same(r, c) for c in flagged):
                lines.append(f"    missed {r['trace']} #{r['message']} {r['kind']} {r['value']!r}")
    return lines


def agentdojo_claims(verbose: bool) -> list[str]:
    """Ungrounded claims flagged in the 12 labelled AgentDojo final answers: precision
    (a flag is right when it is, or sits inside, a value labelled ungrounded) and recall."""
    from projeval.traces import analyse_traces

    with (AGENTDOJO / "claims.jsonl").open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    runs = {r["run_id"] for r in rows}
    a = analyse_traces([AGENTDOJO / "runs.jsonl"], workers=1)
    flagged = [(c.trace_id, str(c.value)) for c in a.claims.itertuples() if c.trace_id in runs]

    def norm(value: str) -> str:
        return " ".join(value.strip("\"“”'’*.,;: ").lower().split())

    def same(row: dict[str, Any], claim: tuple[str, str]) -> bool:
        value, got = norm(row["value"]), norm(claim[1])
        return row["run_id"] == claim[0] and bool(got) and (value in got or got in value)

    right = [c for c in flagged if any(not r["grounded"] and same(r, c) for r in rows)]
    wrong = [
        c for c in flagged if c not in right and any(r["grounded"] and same(r, c) for r in rows)
    ]
    found = [r for r in rows if not r["grounded"] and any(same(r, c) for c in flagged)]
    truth = sum(not r["grounded"] for r in rows)
    p = len(right) / len(flagged) if flagged else 1.0
    lines = [
        f"claims (tests/corpora/agentdojo/claims.jsonl, {len(rows)} values, labelled ungrounded "
        f"{truth})",
        f"  ungrounded values  precision {p:.3f}  recall {len(found) / truth:.3f}  (flagged "
        f"{len(flagged)}: labelled ungrounded {len(right)}, labelled grounded {len(wrong)}, "
        f"not labelled {len(flagged) - len(right) - len(wrong)})",
    ]
    if verbose:
        lines += [f"    flagged {c} ({'right' if c in right else 'wrong'})" for c in flagged]
    return lines


#: The sections printed, in order.
def kappa(pairs: list[tuple[Any, Any]]) -> float:
    """Cohen's kappa of ``(first, second)`` labels: agreement beyond what chance gives."""
    n = len(pairs)
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    chance = sum(first[c] * second[c] for c in first) / (n * n)
    return (observed - chance) / (1 - chance) if chance < 1 else 1.0


#: Rows labelled again, blind, by a second labeller, and what each file is. The first was
#: drawn from the tuning sets, whose rulings were written on those very rows; the others are
#: whole sealed rounds, labelled again without the first labeller's notes, so they show how
#: far two labellers following the GUIDELINE agree on text nobody has ruled on. Their
#: disagreements are never listed (the rounds are sealed), only their figures.
AGREEMENT_FILES = (
    ("agreement.jsonl", "300 hedge and 300 turn rows of the tuning sets"),
    ("agreement_sealed_r18.jsonl", "all of round 18 (sealed when labelled; unsealed session 17)"),
    ("agreement_sealed_r19.jsonl", "all of round 19 (sealed when labelled; unsealed session 18)"),
    ("agreement_sealed_r20.jsonl", "all of round 20 (sealed when labelled; unsealed session 19)"),
    ("agreement_sealed_r21.jsonl", "all of round 21 (sealed when labelled; unsealed session 20)"),
    ("agreement_sealed_r22.jsonl", "all of round 22 (sealed when labelled; unsealed session 21)"),
    ("agreement_sealed_r23.jsonl", "all of sealed round 23, without the first labeller's notes"),
    ("agreement_sealed_r24.jsonl", "all of round 24 (sealed when labelled; unsealed session 27)"),
    ("agreement_sealed_r24b.jsonl", "all of sealed round 24b, without the first labeller's notes"),
    ("agreement_sealed_r25.jsonl", "all of sealed round 25, without the first labeller's notes"),
    ("agreement_sealed_r26.jsonl", "all of sealed round 26, without the first labeller's notes"),
)


def agreement_section(verbose: bool) -> list[str]:
    """How often a second labeller, blind to the first labels, agrees: the ceiling a
    detector can be measured against."""
    lines = []
    sealed = {*SEALED_HEDGE_SETS, *train_turns.SEALED}
    for name, what in AGREEMENT_FILES:
        # a sealed round's disagreements would show its rows: figures only
        shown = verbose and not {r["file"] for r in load(name)} & sealed
        lines += _agreement_lines(name, what, shown)
    lines.append("  goal (none): how far the labels themselves are from the goals above")
    return lines


def _agreement_lines(name: str, what: str, verbose: bool) -> list[str]:
    rows = load(name)
    lines = [
        f"labeller agreement (tests/corpora/conversations/{name}, {len(rows)} rows "
        f"labelled again, blind, by a second labeller: {what})"
    ]
    for signal in ("hedge", "turn"):
        sub = [r for r in rows if r["signal"] == signal]
        for lang in ("all", "en", "zh"):
            part = [r for r in sub if lang == "all" or r["lang"] == lang]
            pairs = [(r["first"], r["second"]) for r in part]
            if not pairs:  # a round in one language (24b) has no rows in the other
                continue
            same = sum(a == b for a, b in pairs)
            line = (
                f"  {signal + 's, ' + lang:<34} agree {same / len(pairs):.3f}  "
                f"kappa {kappa(pairs):.3f}  ({same} of {len(pairs)})"
            )
            if signal == "hedge":
                p, r, *_ = precision_recall((b, a) for a, b in pairs)
                line += f"  second vs first: precision {p:.3f} recall {r:.3f}"
            lines.append(line)
        if verbose:
            for r in sub:
                if r["first"] != r["second"]:
                    lines.append(f"    {r['id']} ({r['file']}): {r['first']} / {r['second']}")
    return lines


SECTIONS: list[Callable[[bool], list[str]]] = [
    hedges_section,
    hedge_gate_section,
    turns_section,
    turn_model_section,
    followups_section,
    claims_section,
    agreement_section,
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every disagreement")
    parser.add_argument(
        "--sealed", action="store_true", help="print the sealed sets too (never their misses)"
    )
    args = parser.parse_args()
    for i, section in enumerate(SECTIONS):
        if i:
            print()
        if section is hedges_section or section is turns_section:
            print("\n".join(section(args.verbose, args.sealed)))
        else:
            print("\n".join(section(args.verbose)))


if __name__ == "__main__":
    main()
