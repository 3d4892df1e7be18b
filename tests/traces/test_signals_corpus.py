"""The trace signals on the labelled recorded conversations keep issue #16's floors
(``benchmarks/bench_signals.py`` prints the full numbers)."""

from __future__ import annotations

import importlib.util
import json
import sys

import pytest
from trace_helpers import REPO

_spec = importlib.util.spec_from_file_location(
    "bench_signals", REPO / "benchmarks/bench_signals.py"
)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_signals"] = bench
_spec.loader.exec_module(bench)


def _hedge_pairs(name: str) -> list[tuple[bool, bool]]:
    lexicon = bench.Lexicon.load(["en", "zh"])
    rows = bench.load(name)
    return [
        (
            bool(
                bench.find_hedges(
                    lexicon,
                    r["text"],
                    r["latest_result"],
                    records=bench.records(r),
                    user=r.get("user"),
                )
            ),
            bool(r["hedge"]),
        )
        for r in rows
    ]


def test_labelled_sets_are_real_and_large_enough() -> None:
    rows = bench.load("hedges.jsonl")
    assert len(rows) >= 300
    assert {r["lang"] for r in rows} == {"en", "zh"}
    assert len({r["source"] for r in rows}) >= 2
    assert len(bench.load("turns.jsonl")) >= 80


def test_hedge_precision_and_recall_floors() -> None:
    precision, recall, *_ = bench.precision_recall(_hedge_pairs("hedges.jsonl"))
    assert precision >= 0.8 and recall >= 0.7, (precision, recall)


def test_every_row_names_its_source_file() -> None:
    for name in (
        "hedges.jsonl",
        "hedges_heldout.jsonl",
        "hedges_heldout_tasks.jsonl",
        "hedges_heldout_fresh.jsonl",
        "hedges_heldout_sealed.jsonl",
        "hedges_heldout_late.jsonl",
        "hedges_heldout_r4.jsonl",
        "hedges_agentdojo.jsonl",
        "hedges_sealed_r6.jsonl",
        "hedges_sealed_r7.jsonl",
        "hedges_train_r8.jsonl",
        "hedges_sealed_r8.jsonl",
        "hedges_sealed_r8b.jsonl",
        "hedges_sealed_r9.jsonl",
        "hedges_sealed_r9b.jsonl",
        "hedges_sealed_r10.jsonl",
        "hedges_sealed_r10b.jsonl",
        "hedges_sealed_r11.jsonl",
        "hedges_sealed_r12.jsonl",
        "hedges_sealed_r13.jsonl",
        "hedges_sealed_r15.jsonl",
        "hedges_sealed_r16.jsonl",
        "hedges_sealed_r17.jsonl",
        "hedges_sealed_r18.jsonl",
        "hedges_sealed_r19.jsonl",
        "hedges_sealed_r20.jsonl",
        "hedges_sealed_r21.jsonl",
        "hedges_sealed_r22.jsonl",
        "hedges_sealed_r23.jsonl",
        "hedges_sealed_r24.jsonl",
        "hedges_sealed_r24b.jsonl",
        "hedges_sealed_r25.jsonl",
        "hedges_sealed_r26.jsonl",
        "hedges_sealed_r27.jsonl",
        "hedges_sealed_r28.jsonl",
        "hedges_sealed_r29.jsonl",
        "hedges_sealed_r30.jsonl",
        "hedges_sealed_r31.jsonl",
        "hedges_sealed_r32.jsonl",
        "hedges_sealed_r33.jsonl",
        "hedges_sealed_r34.jsonl",
        "hedges_sealed_r35.jsonl",
        "hedges_sealed_r36.jsonl",
        "hedges_thoughts_r14.jsonl",
        "hedges_advice.jsonl",
        "hedges_cs16.jsonl",
        "hedges_answers.jsonl",
        "hedges_sim24.jsonl",
        "hedges_sop28.jsonl",
        "turns.jsonl",
        "turns_heldout.jsonl",
        "turns_heldout_fresh.jsonl",
        "turns_heldout_sealed.jsonl",
        "turns_heldout_late.jsonl",
        "turns_sealed_r6.jsonl",
        "turns_sealed_r8.jsonl",
        "turns_sealed_r9.jsonl",
        "turns_sealed_r9b.jsonl",
        "turns_sealed_r10.jsonl",
        "turns_sealed_r10b.jsonl",
        "turns_sealed_r11.jsonl",
        "turns_sealed_r12.jsonl",
        "turns_sealed_r13.jsonl",
        "turns_sealed_r15.jsonl",
        "turns_sealed_r16.jsonl",
        "turns_sealed_r17.jsonl",
        "turns_sealed_r18.jsonl",
        "turns_sealed_r19.jsonl",
        "turns_sealed_r20.jsonl",
        "turns_sealed_r21.jsonl",
        "turns_sealed_r22.jsonl",
        "turns_sealed_r23.jsonl",
        "turns_sealed_r24.jsonl",
        "turns_sealed_r24b.jsonl",
        "turns_sealed_r25.jsonl",
        "turns_sealed_r26.jsonl",
        "turns_sealed_r27.jsonl",
        "turns_sealed_r28.jsonl",
        "turns_sealed_r29.jsonl",
        "turns_sealed_r30.jsonl",
        "turns_sealed_r31.jsonl",
        "turns_sealed_r32.jsonl",
        "turns_sealed_r33.jsonl",
        "turns_sealed_r34.jsonl",
        "turns_sealed_r35.jsonl",
        "turns_sealed_r36.jsonl",
        "turns_train_r8.jsonl",
        "turns_cs16.jsonl",
        "turns_prompts.jsonl",
        "turns_sim24.jsonl",
        "turns_sop28.jsonl",
        "turns_helpdesk28.jsonl",
    ):
        for row in bench.load(name):
            assert row["source"].count("/") == 1 and row["path"], (name, row["id"])
            assert len(row["commit"]) == 40, (name, row["id"])


def test_held_out_slice_shares_no_source_file_with_the_labelled_set() -> None:
    # The held-out numbers are printed by bench_signals.py, not gated here: a floor on
    # them would invite tuning the rules to them, which would end their use.
    labelled = {(r["source"], r["path"]) for r in bench.load("hedges.jsonl")}
    held = bench.load("hedges_heldout.jsonl")
    assert held and not {(r["source"], r["path"]) for r in held} & labelled


def test_turn_classification_accuracy_floor() -> None:
    rows = bench.load("turns.jsonl")
    right = sum(bench.classify_row(r) == r["label"] for r in rows)
    assert right / len(rows) >= 0.93  # 0.935 after session 9's rules


def test_precision_recall_arithmetic() -> None:
    assert bench.precision_recall([(True, True), (True, False), (False, True)]) == (
        0.5,
        0.5,
        1,
        1,
        1,
    )
    assert bench.precision_recall([]) == (1.0, 1.0, 0, 0, 0)


# The held-out task conversations' figures as reached (benchmarks/bench_signals.py, round 2
# of the detector fixes; the corpus README gives the figures before). They are below issue
# 16's goals: the floors keep a change from losing ground silently, and a change that gains
# on them should raise them.
HELD_OUT_HEDGE_FLOORS = {
    "hedges_heldout_tasks.jsonl": (1.0, 1.0),
    # 0.857 / 0.923 with round 11's "should cover" (a budget "that should cover" the costs);
    # 0.923 / 0.923 with session 10's adverb on the agent's next step ("and possibly include")
    "hedges_heldout_fresh.jsonl": (0.92, 0.92),
    "hedges_heldout_sealed.jsonl": (0.85, 1.0),
    "hedges_heldout_late.jsonl": (1.0, 1.0),
    # round 4c was written looking at this set's failures: no longer held out
    # 0.636 / 0.913 before session 5; 0.778 / 0.913 after round 5e, written looking at it;
    # 0.793 / 1.000 with session 6's conclusions drawn with a modal ("so it should be");
    # 0.852 / 1.000 with session 18's "no record of a booking for you" (the user's input)
    "hedges_heldout_r4.jsonl": (0.85, 1.0),
    # the lead's sealed set: labelled by a helper who never ran a detector, measured once
    # after every rule of the session had landed (0.214 / 0.600); round 5's rules were
    # written looking at its failures (0.667 / 0.600), so it is tuning data now
    "hedges_sealed_r5.jsonl": (0.66, 0.6),
    # sealed rounds 6 and 7: labelled on a branch the rule writers never read, measured once
    # after every rule of session 5 had landed (r6 0.250 / 0.333, r7 0.444 / 0.235; pooled
    # 0.367 / 0.256): far below the goal. Round 5f (doubt about a proposition after an
    # empty result, "cannot find/determine", "to see if") was written looking at r7's
    # misses: 0.783 / 0.529, no other set moved. r6 was measured in sessions 5-8 (0.250 /
    # 0.333 first, 0.273 / 0.333 last), then unsealed in session 9: tuning data now.
    # Session 9's rules written on its misses (staff's "我这不显示", the agent after 可能, a
    # number beside Chinese or in bold, an English word beside Chinese, "did not find"):
    # 0.750 / 0.667
    "hedges_sealed_r6.jsonl": (0.75, 0.66),
    # 0.800 / 0.588 with session 6's lexicon additions (missing information and doubt met in
    # the round-8 training rows' misses), 0.821 / 0.676 once "No more results." (the end of
    # a lookup's pages) no longer reads as a result that found nothing (GUIDELINE, round 7),
    # 0.857 / 0.882 with a conclusion drawn with a modal ("so it should be a film") a guess;
    # 0.938 / 0.882 with session 7's Chinese courtesy ("应该的") and processing times; 0.968 /
    # 0.882 with session 10's adverb on the agent's next step ("Maybe I can look up")
    "hedges_sealed_r7.jsonl": (0.96, 0.88),
    # sealed round 8 (session 6): labelled on branches nobody tuning the rules or training
    # the gate read, measured once after every rule and model of the session had landed:
    # r8 (an ADK customer-service agent with simulated customers, API-Bank, HammerBench,
    # ShopBot) 0.257 / 0.429, r8b (online doctors' consultations, EN and ZH) 0.654 / 0.333;
    # the learned gate 0.300 / 0.429 and 0.640 / 0.314. Far below the goal; r8b still sealed.
    # r8 was measured once in sessions 6-8 (0.257 / 0.429, 0.265 / 0.429, 0.281 / 0.429),
    # then unsealed in session 8 to tune on: tuning data now. Session 8's rules written on
    # its misses (records that do not show an item, "cannot identify", the agent's own
    # trouble, the result's own words, eligibility, powers, conditions): 0.594 / 0.905;
    # with advice ("you'll want…") and a superlative of means ("the most effective way"):
    # 0.633 / 0.905; 0.731 / 0.905 with session 10's "Treatment may involve…" (what a
    # treatment involves, the general case)
    "hedges_sealed_r8.jsonl": (0.73, 0.9),
    # r8b was measured in sessions 6-8 (0.654 / 0.333 first, 0.739 / 0.333 last: Chinese
    # 0.800 / 0.250, English 0.692 / 0.474), then unsealed in session 9: tuning data now.
    # Session 9's rules on doctors' language (a diagnosis with 考虑, 可能性不大, 无法判断, the
    # patient's own things not the user, knowledge of a kind not counted): 0.957 / 0.882
    "hedges_sealed_r8b.jsonl": (0.95, 0.88),
    # sealed rounds 9 and 9b (session 7): labelled on branches by helpers who never read or
    # ran a detector, measured once after every rule of the session had landed: r9 0.105 /
    # 0.423 (DISC-MedLLM's doctors in Chinese 0.101 / 0.417: 89 false positives; ToolAlpaca
    # 0 / 0), r9b 0.932 / 0.719 (AutoTOD's task agent and FireAct's ReAct runs, English).
    # r9 was measured in sessions 7 and 8 (0.106 / 0.423 last), then unsealed in session
    # 9: tuning data now. Session 9's rules (knowledge of a kind of disease, drug or
    # treatment not counted, the patient's case counted): 0.421 / 0.923
    "hedges_sealed_r9.jsonl": (0.42, 0.92),
    # r9b was measured sealed in sessions 7-11 (0.953 / 0.719 last), then unsealed in
    # session 12 to tune on: tuning data now
    "hedges_sealed_r9b.jsonl": (0.93, 0.71),
    # sealed rounds 10 and 10b (session 8): labelled on branches by helpers who never read
    # or ran a detector, measured once after every rule and model of the session had landed:
    # r10 0.400 / 0.583 (MOSS's plugin conversations, EN and ZH, 0.478 / 0.579; InstructTODS
    # 0.250 / 1.000; SIMMC 2.1 0.250 / 0.333; to-llm-bot no hedge, none found), r10b
    # 0.500 / 0.333 on 9 hedges (a barbershop's booking agent, the Microsoft dialogue
    # challenge's taxi and movie agents, Taobao shop staff). Far below the goal.
    # Measured three times sealed (r10 0.412 / 0.583 last), then unsealed in session 9:
    # tuning data now. The rules written on them (a database agent's nothing-found in words,
    # a shop's flat absence, the agent's search failing in other words, a result's own
    # caveat, an estimate for the user, opinions of worth, 应该 of what one ought to do):
    # r10 0.773 / 0.708, r10b 0.778 / 0.778; r10 0.810 / 0.708 with session 10's slip in
    # the agent's own previous answer ("it seems there was an error in my previous response");
    # 0.850 / 0.708 with a table that has "no column that contains" the field (nothing found)
    "hedges_sealed_r10.jsonl": (0.85, 0.70),
    "hedges_sealed_r10b.jsonl": (0.77, 0.77),
    # sealed round 11 (session 9: ACEBench, ChatGPT in Chinese, ADK sample agents' evals,
    # AutoGen's notebooks), labelled by a helper who never read or ran a detector, measured
    # once after the rules written on rounds 6, 8b and 9 had landed: 0.383 / 0.545 (en 0.263
    # / 0.556, zh 0.464 / 0.542), turns 0.710; again after those written on rounds 10 and
    # 10b: 0.375 / 0.545 (one false hit more), turns 0.708; a third time at the start of
    # session 10 (unchanged), then unsealed to tune on: tuning data now. Session 10's rules
    # written on its misses (list labels, comparisons, reported forecasts, cited figures,
    # advice's benefit, what the customer should receive; ChatGPT's disclaimers of access,
    # beliefs handed down, candidates named, refusals with their reason): 0.816 / 0.939
    # (ADK samples 0.500 / 1.000: two read-backs of unrecorded results left)
    "hedges_sealed_r11.jsonl": (0.81, 0.93),
    # sealed round 12 (session 10: STC-3's Weibo helpdesk staff, ZH and EN, NATPAT's support
    # staff and an LLM agent's replies to the same tickets, Vertu's LLM sales agent), labelled
    # by a helper who never read or ran a detector, measured once before any rule of
    # session 10 had landed: 0.737 / 0.311 (en 0.600 / 0.188, zh 0.786 / 0.379), turns 0.622;
    # the same four times, then unsealed in session 12 to tune on: tuning data now. 0.909 /
    # 0.870 after session 17's rules ("perhaps" in what the customer may be looking for)
    "hedges_sealed_r12.jsonl": (0.9, 0.86),
    # sealed round 13 (session 11: DialogStudio's BiTOD, Frames and AirDialogue samples,
    # MTU-Bench's dialogues and GPT-4's thoughts and replies, a Chinese hotel assistant),
    # labelled by a helper who never read or ran a detector, measured once before any rule
    # of session 11 had landed: 0.286 / 0.526 (19 hedges, all English; GPT-4's thoughts
    # give 21 of the 25 false hits), turns 0.816 (the model 0.829)
    # Session 12's rules written on the unsealed rounds 9b and 12 (a field nothing states, a
    # softener after an empty text, ...) took five more false hits here: 0.286 -> 0.250,
    # recall 0.526 unchanged, seen only through this floor failing. No rule was changed for
    # it (that would tune on a sealed set); the floor records the cost, and the rules stand
    # on leave one source out (F1 0.835 -> 0.876) and on round 15, sealed and unseen.
    # Measured three times while sealed (0.250 / 0.526 last), then unsealed in session 13
    # to tune on: tuning data now. Session 13's rules written on its misses (what the user's
    # request leaves out, assumptions, guesses at what the user wants): 0.857 / 0.632
    "hedges_sealed_r13.jsonl": (0.85, 0.63),
    # sealed round 15 (session 12: ToolACE's GPT-4 tool dialogues, a Chinese MCP price
    # agent, Claude-generated Chinese tool dialogues), labelled by a helper who never read
    # or ran a detector, measured once after every rule of the session had landed: 0.222 /
    # 0.762 (ToolACE 0.080 / 0.500: 46 false hits in 295 English messages; Chinese 0.545 /
    # 0.923); the session's starting rules scored 0.206 / 0.667 on it, turns 0.814 both.
    # Unsealed in session 13 to tune on: tuning data now. Session 13's rules written on its
    # misses (what a kind of thing tends to do, the agent's self, no access to data, averages
    # of the result's values): 0.447 / 1.000 (ToolACE 0.242 / 1.000, Chinese 0.929 / 1.000);
    # 0.467 / 1.000 with session 18's "no insights into your …" (the user's input)
    "hedges_sealed_r15.jsonl": (0.46, 1.0),
    # sealed round 16 (session 13: a RAG support bot for a snack subscription and its
    # simulated customers, a recorded hotel-booking agent, MIE's real Chinese cardiology
    # consultations), labelled by a helper who never read or ran a detector, measured once
    # after every rule of the session had landed: 0.739 / 0.548 (en 1.000 / 0.333, zh
    # 0.714 / 0.600), turns 0.797; the session's starting rules 0.708 / 0.548, turns 0.797.
    # Measured again at the end of session 14: 0.760 / 0.613 (en 1.000 / 0.333, zh 0.739 /
    # 0.680; the standard Chinese hedge cues added that session), turns 0.797. Unsealed in
    # session 15 to tune on: tuning data now. Session 15's rules written on its misses (a
    # doctor's likelihood in a noun's words, a reassurance with 一般, modals under a
    # condition, a kind named by a threshold, what the user may find in a product):
    # 0.968 / 0.968 (en 1.000 / 0.833, zh 0.962 / 1.000)
    "hedges_sealed_r16.jsonl": (0.96, 0.96),
    # round 17 (session 14: real participants with an LLM product recommender whose
    # retrieval and comparison results are recorded, coached English shop assistants,
    # ReMeDi's real Chinese online doctors), labelled by a helper who never read or ran a
    # detector, measured once with the session's starting rules (0.255 / 0.500, turns
    # 0.702) and once after every rule of the session had landed: 0.250 / 0.500 (en 0.184
    # / 0.643: 40 false hits in 249 English messages; zh 0.714 / 0.357), turns 0.704.
    # Measured again at the end of session 15: hedges unchanged (the advice rules written on
    # new unsealed recommenders took none of its 39 recommender false hits), turns 0.715.
    # Unsealed in session 16 to tune on: tuning data now. Session 16's rules written on its
    # misses (what a stated property brings the user is advice, a frequency word on a named
    # item's contents or price, a Chinese condition governing only what follows it, 功能紊乱,
    # 我个人觉得, 我不是特别熟悉, a treatment's visits before its duration): 0.741 / 0.714 (en
    # 0.647 / 0.786, zh 0.900 / 0.643)
    "hedges_sealed_r17.jsonl": (0.72, 0.7),
    # round 18 (session 15: a small LLM hotel assistant against simulated travellers,
    # SPADE's GPT-3.5 hotel customer service, CMtMedQA's Chinese consultations; no tool
    # results), labelled by a helper who never read or ran a detector, measured with the
    # session's starting rules (5b05a26: 0.683 / 0.837, turns 0.793) and after every rule of
    # the session: 0.695 / 0.837 (en 0.694 / 0.893, zh 0.696 / 0.762; SPADE 1.000 / 1.000,
    # the hotel assistant 0.656 / 0.875: 11 false hits), turns 0.793. Unchanged at the end of
    # session 16; a second labeller, blind, scores 0.842 / 0.980 against the first. Unsealed
    # in session 17 to tune on: 11 labels corrected to session 17's rulings (60 hedges;
    # 0.780 / 0.767 on them before any rule), then the rules written on its misses ("X
    # doesn't mention Y" with no record in the row, fit to the user's needs, a cause not yet
    # settled, 一般不会, a condition carried by 这些症状, ...): 0.967 / 0.967 (en 1.000 /
    # 1.000, zh 0.923 / 0.923)
    "hedges_sealed_r18.jsonl": (0.96, 0.96),
    # round 19 (session 16: pytest-aitest's GPT-4.1 / gpt-5-mini banking agents with
    # their tool results, MTRAG's GPT-4o and Llama answers with the retrieved passages, Lawyer
    # LLaMA's Chinese consultations with the law articles), labelled by a helper who never
    # read or ran a detector, measured with the session's starting rules (92d6fbf: 0.311 /
    # 0.500, turns 0.787) and after every rule of the session: 0.318 / 0.500 (en 0.321 /
    # 0.500, zh 0.312 / 0.500), turns 0.784. A second labeller, blind, scores 0.679 / 0.679
    # against the first (agreement_sealed_r19.jsonl)
    # Measured again at the end of session 17 (after its rulings and rules on unsealed round
    # 18): 0.333 / 0.500 (Lawyer LLaMA 0.312 -> 0.357 precision; the others unchanged).
    # Unsealed in session 18 to tune on: 6 labels corrected to session 18's rulings (30
    # hedges; 0.357 / 0.500 on them before any rule: en 0.286 / 0.421, zh 0.500 / 0.636), then
    # the rules written on its misses (approximate amounts in advice, sums and the user's
    # own values, 应该 of duty and 应该是 of the client's case, causes of the user's own
    # problem, what an empty result could mean, kinds and their members, a passage's own
    # softener, ...): 0.771 / 0.900 (en 0.692 / 0.947: pytest-aitest 1.000 / 1.000, MTRAG
    # 0.652 / 0.938; zh 1.000 / 0.818)
    "hedges_sealed_r19.jsonl": (0.77, 0.9),
    # round 20 (session 17: KVRET's crowd in-car assistant wizards with each
    # scenario's knowledge-base table, real doctors answering Chinese online consultations),
    # labelled by a helper who never read or ran a detector, measured with the session's
    # starting rules (eed17e3: 0.571 / 0.632 on its 19 hedges; en 1.000 / 0.400, zh 0.526 /
    # 0.714), turns 0.819, and after every rule of the session: unchanged. A second labeller,
    # blind, scores 0.905 / 1.000 against the first. The same at both ends of session 18;
    # unsealed in session 19 to tune on: 2 labels corrected to session 19's ruling on causes
    # listed for the user's own complaint (21 hedges; 0.571 / 0.571 on them before any rule),
    # then the rules written on its misses and false hits (这种情况的话, the user's relatives,
    # 不除外, causes listed, the driver's trip with "should", approximate figures and what a
    # drug, an act or a disease may bring that are not the case's): 0.955 / 1.000 (en 1.000 /
    # 1.000, zh 0.941 / 1.000)
    "hedges_sealed_r20.jsonl": (0.95, 1.0),
    # round 21 (session 18: GPT-3.5 Turbo answering AlpacaEval's instructions,
    # ChatGPT's reference answers to BELLE's Chinese evaluation set), labelled by a helper
    # who never read or ran a detector, measured with the session's starting rules
    # (b1e69ba, round 19 just unsealed: 0.326 / 0.625 on its 24 hedges, 31 false hits; en
    # 0.389 / 0.538, zh 0.286 / 0.727), turns 0.797. A second labeller, blind, scores 0.885
    # / 0.958 against the first. At the end of session 18 (its rulings and rules on round
    # 19): 0.311 / 0.583 (one English hedge fewer found: en 0.353 / 0.462; zh unchanged),
    # turns unchanged. The same at both ends of session 19 (its rulings and rules on round 20);
    # unsealed in session 20 to tune on: 3 labels corrected to session 18's ruling on frequency
    # words about a kind, which session 20's reads for answers from general knowledge (21 hedges;
    # 0.311 / 0.667 on them before any rule), then the rules written on its misses and false
    # hits (computation and rounding, the answerer's own judgement, a drafted letter, refusals
    # on policy, role-play, words not epistemic there, general remarks, a duty, a recipe's
    # step, 近 and "an estimated … of N", no access to a list, any one of a kind, the forms a
    # kind's members take): 0.667 / 0.857 (en 0.900 / 0.750, zh 0.529 / 1.000)
    "hedges_sealed_r21.jsonl": (0.66, 0.85),
    # round 22 (session 19: TicketWorld's LLM support agent reasoning over each
    # customer's records, a Chinese home-appliance after-sales assistant), labelled by a
    # helper who never read or ran a detector, measured with session 19's starting rules
    # (8a6ba3c, round 20 just unsealed and both models retrained): 0.300 / 0.310 on its 29
    # hedges, 21 false hits (en 0.250 / 0.235, zh 0.357 / 0.417); turns 0.637 (EN 0.560, ZH
    # 0.776). A second labeller, blind, scores 0.757 / 0.966 against the first. At the end of
    # session 19 (its rulings and rules on round 20, both models retrained): unchanged; the
    # same at the end of session 20 (its rulings and rules on round 21, both models retrained)
    # and at the start of session 21; unsealed in session 21 to tune on. Session 21 corrected 6
    # Chinese labels that contradicted rulings already written (a fact of the user's own case
    # left open until an inspection or a review) and relabelled 2 English rows by its rulings
    # (29 -> 37 hedges): 0.333 / 0.270 with the same rules; then its rules on round 22's classes
    # (declining to guess the user's case, eligibility with a modal, a likely cause drawn from
    # evidence, an assumption in the passive, a possibility given as a step's reason, the staff's
    # decision with must / should, a step's modal, the customer's own issue or request, words
    # quoted after a verb of saying, an instruction's 大致, a look-up failing as a future case):
    # 0.917 / 0.892 (en 0.941 / 0.842, zh 0.895 / 0.944), no other set changed
    "hedges_sealed_r22.jsonl": (0.91, 0.89),
    # sealed round 23 (session 20: an open LLM's function-calling conversations with a
    # retrieval tool and its passages, ChatGPT's Chinese counselling conversations of
    # SmileChat), labelled by a helper who never read or ran a detector, measured with session
    # 20's starting rules (1bd48c1, round 21 just unsealed): 0.661 / 0.804 on its 46 hedges, 19
    # false hits (en 0.850 / 0.895, zh 0.556 / 0.741); turns 0.843 (EN 0.987, ZH 0.700). A
    # second labeller, blind, scores 0.935 / 0.935 against the first. At the end of session 20
    # (its rulings and rules on round 21, both models retrained): unchanged
    "hedges_sealed_r23.jsonl": (0.66, 0.8),
    # sealed round 24 (session 21: GPT-4o's recorded answers to MT-Bench, AlignBench's Chinese
    # reference answers), labelled by a helper who never read or ran a detector. Measured with
    # session 21's starting rules (39d3168): 0.183 / 0.867 on its 15 hedges, 58 false hits (en
    # 0.152 / 0.714, zh 0.211 / 1.000: explanatory prose's "may", "typically", 可能 and 一般 of
    # how the world goes); after session 22's rules on the answers set of that genre
    # (9bac21a): 0.191 / 0.867, 55 false hits (en 0.156 / 0.714, zh 0.222 / 1.000), the same in
    # sessions 23-26. A second labeller, blind, scores 0.933 / 0.933 against the first. Unsealed
    # in session 27 and tuned on (stories, role play, puzzles, formulas, kinds as the subject):
    # 0.382 / 0.867, 21 false hits
    "hedges_sealed_r24.jsonl": (0.37, 0.86),
    # sealed round 24b (session 21: Claude Sonnet 4's recorded run as LiveMCPBench's tool-using
    # assistant, with its tool results; English only), labelled by a helper who never read or ran
    # a detector. Measured with session 21's starting rules (39d3168): 0.667 / 0.727 on its 11
    # hedges (tp 8, fp 4, fn 3); unchanged at 9bac21a (session 22's work merged)
    "hedges_sealed_r24b.jsonl": (0.66, 0.72),
    # sealed round 25 (session 22: ChatChecker's recorded AutoTOD runs with simulated users, CRSA's
    # Chinese airline-booking dialogues), labelled by a helper who never read or ran a detector.
    # Measured with session 22's starting rules (5671470): 0.759 / 0.759 on its 29 hedges, 7
    # false hits (en 0.741 / 0.769, zh 1.000 / 0.667 on only 3 Chinese hedges); unchanged at
    # 9bac21a (session 22's rules and both retrains merged). Two labellers agree, kappa 0.981
    "hedges_sealed_r25.jsonl": (0.75, 0.75),
    # sealed round 26 (session 24: a Qwen2.5-1.5B hotel-booking assistant's recorded runs against an
    # LLM traveller, a Chinese hotel-booking assistant with its search results), labelled by a helper
    # who never read or ran a detector. Drawn from two repositories rounds 18 and 13 used (rows they
    # did not take): no unused public source of the genre was found. Measured with session 24's
    # starting rules (4b68e79): 0.576 / 0.594 on its 32 hedges, 14 false hits (en 0.704 / 0.613,
    # zh 0 / 0 on 1 Chinese hedge and 6 false hits); unchanged at 00b5db9 (session 24's rules and
    # both retrains merged). Two labellers agree, kappa 0.853 (en 0.900)
    "hedges_sealed_r26.jsonl": (0.57, 0.59),
    # sealed round 35 (session 33: an LLM voice receptionist of a demo orthopaedic practice,
    # phoned by three job candidates' patient bots; transcripts only, no tool results; English),
    # labelled by a helper who never read or ran a detector. Measured with session 32's rules
    # (main c995929): 0.667 / 0.714 on its 14 hedges (5 false hits, 4 misses). Unsealed in
    # session 34 and tuned on (a caller's doubt whose "If" the transcription lost, a modal on
    # people of a kind, a place's hours out of reach, a guess at the caller's words): 0.857 /
    # 0.857 (2 false hits, 2 misses)
    "hedges_sealed_r35.jsonl": (0.85, 0.85),
    # sealed round 36 (session 34: an LLM-written travel agency contact centre, Microsoft's
    # Woodgrove Travel sample calls; no tools; English), labelled by a helper who never read or
    # ran a detector. Measured with session 33's rules (main 639748f): 1.000 / 0.625 on its 8
    # hedges (no false hit, 3 misses): recall rests on few rows
    "hedges_sealed_r36.jsonl": (0.99, 0.62),
    # sealed round 27 (session 27: SynTOD's LLM shopping assistant over catalogue search results
    # with LLM-simulated shoppers; a smart-home support AI's replies to residents' tickets),
    # English only, labelled by a helper who never read or ran a detector. Measured with session
    # 27's starting rules (3916d1c): 0.077 / 0.286 on its 7 hedges, 24 false hits (SynTOD's
    # sales talk 0.042 / 0.500, the support replies 0.500 / 0.200). Unsealed in session 28 and
    # tuned on (an item's delivery status, drafts handed over, kinds of buyer, item caveats,
    # sales judgements, a diagnosis against another cause): 1.000 / 0.857, no false hit
    "hedges_sealed_r27.jsonl": (0.99, 0.85),
    # sealed round 28 (session 28: an LLM PC-support helpdesk agent with LLM-simulated
    # customers; a Chinese diabetes-care membership assistant with simulated members; no tool
    # results), labelled by a helper who never read or ran a detector. Measured with session
    # 28's rules at 54498b5: 0.847 / 0.790 on its 105 hedges (EN 0.560 / 0.778, ZH 0.945 / 0.793),
    # the same measured blind at the end of session 28. Unsealed in session 29 and tuned on (the
    # work done so far, what the user is asked to look for, a step's outcome, a hold's length, a
    # reason for a step; Chinese conditions, 这几天, notes asked): 0.988 / 0.810 (EN 1.000 / 0.833,
    # ZH 0.986 / 0.805). Session 30 (leftovers30: a kind's frequency standing in for the
    # member's reading, a cause in general words after the member's report is granted with
    # 确实): 0.989 / 0.886 (ZH 0.987 / 0.897)
    "hedges_sealed_r28.jsonl": (0.98, 0.88),
    # sealed round 29 (session 29: DialOp's recorded human travel and flight-booking agents, with
    # the proposals the system recorded; SysBench's Chinese LLM service assistants under role
    # prompts), labelled by a helper who never read or ran a detector. Measured with session
    # 28's rules (fb52a95): 0.394 / 0.722 on its 36 hedges (EN 0.476 / 0.588, ZH 0.356 / 0.842).
    # Unsealed in session 29 and tuned on (role-prompted Chinese advice, agents proposing
    # options, a statement before a tag question): 0.596 / 0.778 (EN 0.800 / 0.706, ZH 0.500 /
    # 0.842). Session 30 (leftovers30: general advice read in its sentence: a marked kind carried
    # on, what the user is told to avoid, another party's help, a step's outcome, holding an
    # investment, 有时候 opening the sentence, a dispute told, 应该 naming the priority): 0.700 /
    # 0.778 (ZH 0.640 / 0.842). Session 32 (usercontext: each row's ``user``, a question asked
    # in general answered with the general case): 0.778 / 0.778 (tp 28, fp 8, fn 8)
    "hedges_sealed_r29.jsonl": (0.77, 0.77),
    # sealed round 30 (session 29: a course's LLM marketplace-support agent reading order and
    # policy records through tools; students' recorded sessions and LLM-written openers), English
    # only, labelled by a helper who never read or ran a detector. Measured with session 29's
    # rules before unseal29 (stage 3a1b048): 0.333 / 0.667 on its 12 hedges (16 false hits);
    # unsealed in session 30 to tune on, the same before any rule changed (main 6c02125); tuned on
    # (a refusal the result states read back, the agent's own tools as the limit, an out-of-scope
    # refusal, two facts left in conflict, a record's fact not shown, a policy's processing time
    # cited, dates and spans worked across sentences, a status no listed record holds): 0.857 /
    # 1.000 (12 of 12 found, 2 false hits)
    "hedges_sealed_r30.jsonl": (0.85, 1.0),
    # sealed round 31 (session 30: DISC-FinLLM's Chinese LLM financial consultant; consultations,
    # answers from retrieved news passages, calculator answers), Chinese only, labelled by a
    # helper who never read or ran a detector. Measured with session 30's rules before any
    # helper's merge (stage fc26de1): 0.412 / 0.757 on its 37 hedges (40 false hits).
    # Unsealed in session 30 and tuned on (what a thing may bring, actors of a kind, duties,
    # caveats, the passage named as the source, a named market's course, a value assumed):
    # 0.795 / 0.838 (8 false hits, 6 misses)
    "hedges_sealed_r31.jsonl": (0.79, 0.83),
    # sealed round 32 (session 30: NurtureBoss's AI leasing assistant for apartment communities,
    # real production traces with its tool calls and results), English only, labelled by a helper
    # who never read or ran a detector. Measured with session 30's rules (main cd8a519): 0.421 /
    # 0.800 on its 10 hedges (11 false hits; every lexicon phrase 0.136 / 0.900). Unsealed in
    # session 30; its hedge rules were written and reverted (they took sealed round 26 below its
    # floor), so the same. Session 31 (leftovers32: one narrow reading per kind of false hit, read
    # only where every other rule keeps the cue; details of the fact asked not given): 1.000 /
    # 0.900 (no false hit, 1 miss)
    "hedges_sealed_r32.jsonl": (0.95, 0.9),
    # sealed round 33 (session 31: RecLLMSim, gpt-4-turbo as a travel advisor to an LLM-simulated
    # client in English, real people planning trips and choosing gifts in Chinese; no tools),
    # labelled by a helper who never read or ran a detector. Measured with session 30's rules
    # (main 11b8f36): 0.748 / 0.765 on its 132 hedges (34 false hits; en 0.704 / 0.691, zh 0.778 /
    # 0.818; every lexicon phrase 0.512 / 0.803). Unsealed in session 31 and tuned on (options in
    # an itinerary, a recommendation judged, cautions and climates, counters no operands, trip
    # legs and hours estimated): 0.919 / 0.864 (en 0.957 / 0.800, zh 0.897 / 0.909)
    "hedges_sealed_r33.jsonl": (0.91, 0.86),
    # round 34 (session 32: a shop's Claude support agents over Shopify tools and an AI company's
    # retrieval assistant, from committed LangGraph checkpoints; LLM-written IT-helpdesk calls;
    # English), labelled by a helper who never read or ran a detector. Measured blind with
    # session 31's rules (main 713d005): 0.863 / 0.710 on its 62 hedges (7 false hits, 18 misses;
    # every lexicon phrase 0.402 / 0.823); unsealed in session 32 and tuned on (a parcel's cause
    # put forward, "wasn't able to find", what a name may refer to, the customer's issue with no
    # tool read; ids the list lacks, steps' effects, the agent's memory): 1.000 / 0.887
    "hedges_sealed_r34.jsonl": (0.99, 0.88),
    # the advice set (session 15: LLM recommender, shop-advisor and sales agents: CRS Arena's
    # ChatGPT movie recommender, a RAG brewing-shop assistant and its ChatGPT baseline,
    # SalesGPT), labelled and committed before any detector ran on them: 0.679 / 0.864 on the
    # first run; 0.905 / 0.864 with the advice rules written on it (what an option means for
    # the user, a matter of taste, a target advised)
    "hedges_advice.jsonl": (0.9, 0.86),
    # the customer-service set cs16 (session 16: a GPT-4o course-enrollment agent serving real
    # students, each reply with its turn's query results), labelled and committed before any
    # detector ran on it: 0.857 / 0.789 on its first, held-out run; 0.927 / 1.000 with the
    # rules written on it ("I currently don't have …", a null field read back, an empty list
    # assigned)
    "hedges_cs16.jsonl": (0.9, 0.95),
    # the service-agent set sim24 (session 24: SOPBench's recorded runs of tool-using bank, DMV,
    # health-insurance, library and university assistants with simulated users, each message
    # with its latest tool result), labelled and committed before any detector ran on it: 0.507
    # / 0.735 on its first, held-out run; 0.745 / 0.837 with the rules written on it (a check's
    # bare False restated, causes put forward for a failed check, "which likely means")
    "hedges_sim24.jsonl": (0.74, 0.83),
    # the function-calling service-agent set sop28 (session 28: SOPBench's runs of GPT-4.1, GPT-4o,
    # Claude 3.5 Sonnet and o4-mini-high, texts sim24 does not hold, each with its latest tool
    # result), labelled and committed before any detector ran on it: 0.758 / 0.806 on its first,
    # held-out run (tp 25, fp 8, fn 6; the model gate the same); 0.969 / 1.000 (tp 31, fp 1, fn 0)
    # with session 28's rules written on it (the user's input named with "you provided", a
    # softener's alternatives or cause, "the error indicates that", an issue doing the agent's
    # step, an ISO date or a rate worked out); 1.000 / 1.000 with each row's ``records`` (session
    # 29: a softener before what a record read earlier states, sop28-dmv-047)
    "hedges_sop28.jsonl": (1.0, 1.0),
}
# Training rows (round 8, sources the project already used, labelled by a helper who never
# ran a detector): the rules reached 0.619 / 0.561 on their first run, 0.652 / 0.662 with the
# lexicon additions written looking at their misses, 0.673 / 0.727 with "No more results."
# read as the end of a lookup, 0.684 / 0.763 with a conclusion drawn with a modal a guess;
# 0.921 / 0.848 with session 7's rules, written looking at their misses (plan steps, estimate
# fields read back, quotations, outages and not-found errors restated, Chinese chat
# sentences; the azernik customer-service agents 0.189 / 0.500 -> 0.900 / 0.692) and one
# label corrected (t8-az-195).
# Session 9's rules (written on rounds 6, 8b and 9): 0.930 / 0.856. Session 10's second
# round (JD.com staff's caveats that a process may be slow, "看不到" about the records):
# 0.961 / 0.878.
# Round 14 (session 11: GPT-4's ReAct thoughts from FireAct's trajectories, labelled and
# committed before any detector ran on them, a training file for the gate): 0.947 / 0.750 on
# the first run; 0.977 / 0.875 with the rules written on it (a likelihood after a softener,
# "unlikely", "I don't recall", "I did not get", an answer the thought means to confirm, a
# conversion from inches to feet).
# The answers set (session 22: Claude 3.5 Sonnet's answers to AlpacaEval, ChatGPT's in BELLE's
# evaluation set; no tool), labelled and committed before any detector ran on it: 0.323 /
# 0.721 on its first run (the rules taking how a kind goes for uncertainty); 0.685 / 0.860
# with session 22's rulings (a kind as the subject of an explanation, duties, regard,
# concessions, a recipe's quantities, values called approximate).
TRAINING_HEDGE_FLOORS = {
    "hedges_train_r8.jsonl": (0.96, 0.87),
    "hedges_thoughts_r14.jsonl": (0.97, 0.87),
    "hedges_answers.jsonl": (0.68, 0.86),
}
# The AgentDojo runs (tests/corpora/agentdojo/), a source hedges_heldout.jsonl drew one row
# from, so kept apart from the held-out sets: 0.535 / 0.575 on its first run, 0.731 / 0.475
# after the fixes written looking at it (the recall lost was hits on "estimated delivery
# date" and "if ... unavailable" in messages whose real hedges the detector misses);
# 0.781 / 0.625 after round 5 (process words in the predicate, "you likely…", conclusions),
# 0.862 / 0.625 with conditional modals as hypotheticals; 0.871 / 0.675 with session 9's
# rules written on rounds 10 and 10b (an estimate for the user, the agent's search failing);
# 0.879 / 0.725 with session 10's conclusions that a fee or step should not apply.
# 0.889 / 0.800 at the start of session 18; 0.900 / 0.900 with its rules (what this user may
# be able to do or reach, requirements that appear satisfied, a carrier's network).
AGENTDOJO_HEDGE_FLOOR = (0.9, 0.9)
# Turn floors as reached in round 4 (the rules read the agent's message before the turn).
# Each set was tuning data once measured: the four earlier sets from the start, r4 after
# its first run (0.726), r5 after its first run (0.794), r6 after its (0.833), r7 after
# its (0.820); see the corpus README.
# Session 9's rules (round 9 unsealed) raised most of them; each is today's figure rounded
# down (benchmarks/bench_signals.py).
HELD_OUT_TURN_FLOORS = {
    "turns_heldout.jsonl": 0.95,
    "turns_heldout_fresh.jsonl": 0.86,
    # 0.848 -> 0.879 with session 18's rules (a control signal after the words is read
    # without it: "Thanks, that's perfect! [DONE_SUCCESS]")
    "turns_heldout_sealed.jsonl": 0.87,
    "turns_heldout_late.jsonl": 0.94,
    # 0.929 -> 0.932 with session 10's rules on pushback ("Why are you so expensive?")
    "turns_heldout_r4.jsonl": 0.93,
    # 0.956 until session 10's rules on round 11 ("Can someone come within the next hour?")
    "turns_heldout_r5.jsonl": 0.96,
    # 0.833 on its first run (pass 3), 0.919 after pass 4, written looking at it too; 0.934
    # after session 9; 0.939 -> 0.944 with session 11's rules on task customers (a value
    # given in a request's words)
    "turns_heldout_r6.jsonl": 0.94,
    # 0.820 on its first run (pass 4), 0.851 after pass 5, written looking at it too
    "turns_heldout_r7.jsonl": 0.93,
    # 0.816 when measured once, after pass 5 was tuned on r7; tuning data from session 5;
    # 0.893 -> 0.903 with session 11's rules (accepting a proposal, then a new act); 0.913
    # with session 17's ("do you know if there are …" asks what "are there …?" asks)
    "turns_heldout_r8.jsonl": 0.91,
    # the lead's sealed set: 0.838 on its one sealed run, after every rule of session 4 had
    # landed; tuning data from session 5 (the fact-ask and closing rules read its misses);
    # 0.959 -> 0.964 with session 11's rules on task customers
    "turns_sealed_r5.jsonl": 0.96,
    # sealed round 6, measured once after every rule of session 5 had landed: 0.603
    # (STAR 0.777, MobileCS's spoken Chinese transcripts 0.446); then tuned: round 5g
    # (unpunctuated Chinese questions, spoken fillers) was written looking at its misses;
    # 0.726 -> 0.772 with session 9's rules (quiz answers, faults reported as why); 0.777 ->
    # 0.810 with session 11's (spoken agent questions without a mark, restatements to be
    # confirmed, run-on wh-questions)
    "turns_sealed_r6.jsonl": 0.80,
    # sealed round 8 (session 6), measured once after every rule and model had landed:
    # 0.793 (EN 0.832, ZH 0.720; the learned model the same). Session 7's turn rules
    # (train r8 0.721 -> 0.803, written on the training rows only) took it to 0.788 (3
    # turns fewer), seen through this floor alone. Measured once in sessions 6-8 (0.793,
    # 0.788, 0.790), then unsealed in session 8 to tune on: tuning data now. Session 8's
    # rules written on its misses (compliance with an instruction, taking up an offer,
    # holding the agent to what it said, corrections of an earlier value, Chinese slot
    # questions without their mark, values quoted from where they stand): 0.869; 0.900
    # with Chinese lookup verbs asking to act and "Oh no," switching to another need; 0.910
    # with the agent's part written by the user and "you mentioned" narrowed to recaps;
    # 0.914 after session 9's
    "turns_sealed_r8.jsonl": 0.91,
    # sealed rounds 9 and 9b (session 7), measured once: r9 0.830 (the learned model
    # 0.882), r9b 0.795 (AutoTOD's simulated users; the model 0.789); r9b 0.821 at its last
    # sealed run (session 11), then unsealed in session 12 to tune on.
    # r9 was measured three times while sealed (sessions 7 and 8, last 0.830: ToolAlpaca
    # 0.790, TapeAgents 0.917, DISC-MedLLM 0.844), then unsealed in session 9 to tune on:
    # tuning data now. Session 9's rules written on its misses (the user's own need, a wish
    # to be told, what a lookup tells, the first act asked for): 0.979
    "turns_sealed_r9.jsonl": 0.97,
    "turns_sealed_r9b.jsonl": 0.79,
    # sealed rounds 10 and 10b (session 8), measured once after every rule and model of the
    # session had landed: r10 0.798 (the learned model 0.792; 27 of 108 requests read as
    # questions), r10b 0.775 (the model 0.784; 22 of 79 requests read as questions).
    # Measured three times while sealed (sessions 8 and 9: r10 0.798, 0.801, 0.804; r10b
    # 0.775, 0.775, 0.787), then unsealed later in session 9 to tune on: tuning data now.
    # The rules written on their misses (verbs of telling, a shop's stock asked for, an act
    # asked after the agent proposes, a price to lower, calling back): r10 0.926, r10b 0.805;
    # r10b 0.829 with session 10's rules on venting, rhetorical questions, Chinese stock
    # searches and verbs that change a fact; 0.844 with session 14's (a choice named from
    # the agent's list, phatic greetings)
    "turns_sealed_r10.jsonl": 0.92,
    "turns_sealed_r10b.jsonl": 0.84,
    # round 11 (session 9): 0.710, 0.708 and 0.708 while sealed (sessions 9 and 10), then
    # unsealed in session 10 to tune on. The rules written on its misses (a wish to be told
    # in a customer's longer words, a message continuing the user's own, a greeting's small
    # talk, Chinese lists, role-plays and verbs of telling after their topic): 0.857 (EN
    # 0.844, ZH 0.881; BFCL 0.744, MedicalGPT 0.782, ACEBench 0.966, adk-samples 0.943);
    # 0.859 -> 0.861 with session 11's rules (an opening instruction before a question)
    "turns_sealed_r11.jsonl": 0.86,
    # round 12 (session 10): 0.622 first, 0.632 at its last sealed run (session 11), then
    # unsealed in session 12 to tune on
    "turns_sealed_r12.jsonl": 0.62,
    # rounds 13 (0.816 at its three sealed runs) and 15 (0.814 once) were unsealed in
    # session 13 to tune on. The rules written on their misses (a Chinese decision to take
    # the hotel recommended, a Chinese search for one not yet named, a summary or advice
    # asked first, an appraisal with an agreement tag, the need met in other words): r13
    # 0.922 (EN 0.895, ZH 0.980), r15 0.890 (EN 0.892, ZH 0.880). Session 14's rulings (one
    # r13 row relabelled) and rules: r13 0.931, r15 0.916 (EN 0.913, ZH 0.940)
    "turns_sealed_r13.jsonl": 0.93,
    # ... r15 0.924 with session 17's rulings (one ToolACE row relabelled) and rules
    "turns_sealed_r15.jsonl": 0.92,
    # round 16, measured twice while sealed (0.797 both), unsealed in session 15 to tune on;
    # session 15's ruling (8 MIE rows relabelled) and rules: 0.914 (EN 0.907, ZH 0.916; the
    # same rules on the old labels 0.892)
    "turns_sealed_r16.jsonl": 0.91,
    # round 17: 0.702 with session 14's starting rules, 0.704 at its end, 0.715 at the end of
    # session 15 (Chinese 0.650 -> 0.678), then unsealed in session 16 to tune on; session
    # 16's rulings (11 rows relabelled) and rules: 0.825 (EN 0.825, ZH 0.825; the shop
    # clients 0.758, the recommender's users 0.871, ReMeDi 0.825); session 17's rules (a
    # requirement after a recommendation, an item in a price range, which item would suit):
    # 0.841 (EN 0.850; the shop clients 0.768, the recommender's users 0.905)
    "turns_sealed_r17.jsonl": 0.84,
    # the customer-service set cs16 (session 16: the students of a course-enrollment agent):
    # 0.740 on its first, held-out run; 0.810 with "which items of a kind there are" a search;
    # 0.882 with session 17's (an item described when its name was asked, a greeting that
    # introduces the student); 0.889 with session 18's ("What about <a fact> …?" asks for it);
    # 0.900 with session 30's ("Okay, let's take it for 4 then" goes with an option named)
    "turns_cs16.jsonl": 0.89,
    # round 18: 0.793 with session 15's starting rules and at its end (SPADE 0.901, the hotel
    # assistant's travellers 0.703, CMtMedQA 0.762), and at the end of session 16, all sealed;
    # two labellers agree on 0.849. Unsealed in session 17 to tune on: its rulings (43 rows
    # relabelled, each to the second labeller's label) and rules: 0.975 (EN 0.965, ZH 0.992;
    # SPADE 0.955, the travellers 0.978, CMtMedQA 0.992; on the old labels 0.855); session 18's
    # rules on its leftovers (thanks with a trailing clause, "How about a 4-star hotel …?" after
    # nothing was found, approving a conditional offer): 0.985 (SPADE 0.982)
    "turns_sealed_r18.jsonl": 0.98,
    # round 19: 0.787 with session 16's starting rules, 0.784 at its end (pytest-aitest
    # 0.875, MTRAG 0.790, Lawyer LLaMA 0.761); two labellers agree on 0.898
    # 0.790 at the end of session 17 (MTRAG 0.790 -> 0.803), all sealed. Unsealed in session
    # 18 to tune on: its turn rulings (27 rows relabelled, 26 to the second labeller's label)
    # make the starting rules 0.832; session 18's rules (a legal client's 怎么办 and "I don't
    # know what to do", "Show me my balances", faults of an account or an order, keyword
    # turns, a greeting asking leave to consult): 0.921 (EN 0.928, ZH 0.910; pytest-aitest
    # 0.917, MTRAG 0.930, Lawyer LLaMA 0.910; on the old labels 0.841); session 19's rules
    # (a story's 给我, "What do you recommend?" after the user's own goal, consulting on a
    # named topic): 0.930 (pytest-aitest 0.958, Lawyer LLaMA 0.925)
    "turns_sealed_r19.jsonl": 0.93,
    # round 20: 0.819 with session 17's starting rules (KVRET's drivers 0.840, the Chinese
    # patients 0.783), unchanged at its end and at both ends of session 18, all sealed; two
    # labellers agree on 0.946. Unsealed in session 19 to tune on: its turn rulings (11 rows
    # relabelled, each to the second labeller's label) make the starting rules 0.835 (drivers
    # 0.855, patients 0.800); session 19's rules (a patient's told story asks nothing of the
    # doctor, a route asked for, a told condition with numbers, a need to find out, "Display
    # …" a fact): 0.924 (EN 0.915, ZH 0.939)
    "turns_sealed_r20.jsonl": 0.92,
    # round 21 (AlpacaEval's and BELLE's instructions): 0.797 with session 18's
    # starting rules (EN 0.833, ZH 0.760); two labellers agree on 0.960. At the end of session
    # 19: 0.807 (ZH 0.780). Unsealed in session 20 to tune on: its turn rulings (4 rows
    # relabelled, each to the second labeller's label) make the starting rules 0.793 (EN 0.813,
    # ZH 0.773); session 20's rules (an instruction's frame: a question handed over, a quiz, a
    # word problem, describe / explain a named thing, a task on given material, role play; how
    # the answer should be given; a faulty thing of the user's own to fix; facts of a topic
    # listed; the names in a named thing asked for): 0.970 (EN 0.953, ZH 0.987)
    "turns_sealed_r21.jsonl": 0.97,
    # round 22 (TicketWorld's customer e-mails, the Chinese after-sales customers): 0.637
    # with session 19's starting rules (EN 0.560, ZH 0.776; the model 0.713), unchanged at its
    # end, at session 20's end (the model 0.670 after its retrain) and at session 21's start;
    # two labellers agree on 0.980. Unsealed in session 21 to tune on: its turn rulings relabel
    # no row (the six disagreements keep their first labels); session 21's rules (a remedy of
    # the user's own order asked in any form, what to do about a problem told of it, an order's
    # update or a comparison asked to be told, a Chinese imperative to tell whether, complaints
    # that ask nothing, a rhetorical question beside a service fault): 0.973 (EN 0.984, ZH
    # 0.953), rules alone, /tmp/t21/bench.py
    "turns_sealed_r22.jsonl": 0.97,
    # the chat prompts (session 22: URS's user-reported questions, EN and ZH, and Arena-Hard's
    # Chatbot Arena prompts, each opening its exchange; labelled before any classifier ran):
    # 0.831 on its first run (EN 0.831, ZH 0.831); session 22's rules (traditional characters,
    # 谁, a fault of the user's own program, Chinese works of a kind, stories told, advice and
    # topics asked, answer directives, role frames): 0.919 (EN 0.881, ZH 0.956); 0.925 (EN 0.894,
    # ZH 0.956) with its later rules, at 9bac21a
    "turns_prompts.jsonl": 0.91,
    # session 24's simulated restaurant guests (an LLM order-taking agent and its LLM-simulated
    # callers; labelled before any classifier ran): 0.705 on its first, held-out run (the model
    # 0.715); session 24's rules ("Can you confirm the total?" asks to be told, an order beside
    # a question is a request, a name or a choice given with thanks answers): 0.821
    "turns_sim24.jsonl": 0.81,
    # session 28's service-agent openers (SOPBench's simulated users' opening requests, labelled
    # before any classifier ran): 0.827 on its first, held-out run (the model 0.800); 0.987
    # with session 28's rule (an opening act with its outcome asked beside it is a request)
    "turns_sop28.jsonl": 0.98,
    # session 28's troubleshooting dialogs (FloDial's crowd-sourced car and laptop users and
    # their flowchart-following agents; labelled before any classifier ran): 0.876 on its
    # first, held-out run (the model 0.884); session 28's rules (a report opening "When I …",
    # "let me know if …" asks a yes or no, a fix reported with thanks closes, "I don't know how"
    # to "Do you know how …?", a failed step and "What should I try next?"): 0.952 on 0.876's floor
    "turns_helpdesk28.jsonl": 0.87,
    # sealed round 23 (the function-calling conversations' users, SmileChat's clients): 0.843
    # with session 20's starting rules (EN 0.987, ZH 0.700; the model 0.847), unchanged at its
    # end (the model 0.843); two labellers agree on 0.943
    "turns_sealed_r23.jsonl": 0.84,
    # sealed round 24 (MT-Bench's questions, AlignBench's Chinese user queries): 0.707 with
    # session 21's starting rules (39d3168; EN 0.667, ZH 0.747; the model 0.703); 0.740 at
    # 9bac21a, after session 22's rules on the chat prompts (EN 0.727, ZH 0.753; the model
    # 0.733), the same in sessions 23-26; two labellers agree on 0.970. Unsealed in session 27
    # and tuned on (problems and quizzes handed over, role frames, tasks on the agent's own
    # answer): 0.927 (EN 0.907, ZH 0.947)
    "turns_sealed_r24.jsonl": 0.92,
    # sealed round 24b (LiveMCPBench's task instructions, the openers of its conversations).
    # 0.890 with session 21's starting rules (39d3168) and at 9bac21a (65 of 73)
    "turns_sealed_r24b.jsonl": 0.89,
    # sealed round 25 (the simulated users and personas of the AutoTOD runs, CRSA's Chinese
    # ticket buyers): 0.727 with session 22's starting rules (5671470; EN 0.727, ZH 0.727; the
    # model 0.730), unchanged at 9bac21a; two labellers agree on 0.920
    "turns_sealed_r25.jsonl": 0.72,
    # sealed round 26 (the simulated Amsterdam travellers, the Chinese hotel-booking users).
    # 0.893 with session 24's starting rules (4b68e79; EN 0.867, ZH 0.920; the model 0.907),
    # unchanged at 00b5db9 (the retrained model 0.900); two labellers agree on 0.993
    "turns_sealed_r26.jsonl": 0.89,
    # sealed round 35 (the receptionist's callers, patient bots): 0.759 with session 32's rules
    # (main c995929; answers 132 of 167, questions 49 of 71, requests 40 of 54, others 4 of 15,
    # greetings 62 of 71), 0.765 with session 33's (639748f). Unsealed in session 34 and tuned on
    # (holds taken up, the wait told, the line checked, "Right?" restatements, the name then the
    # task, the offered act asked back, a greeting with the topic only, what the agent needs,
    # another slot, words the line cut off): 0.939 (355 of 378)
    "turns_sealed_r35.jsonl": 0.93,
    # sealed round 36 (the travel contact centre's LLM-written callers): 0.733 with session 33's
    # rules (main 639748f; answers 108 of 135, requests 37 of 76, greetings 64 of 76, questions
    # 11 of 14, others 2 of 2)
    "turns_sealed_r36.jsonl": 0.73,
    # sealed round 27 (SynTOD's simulated shoppers, the residents' tickets): 0.663 with session
    # 27's starting rules (3916d1c; SynTOD 0.650, the tickets 0.750; the model 0.663); 0.667
    # measured blind at the end of session 27. Unsealed in session 28 and tuned on (scripts
    # handed over, the shop's voice, the acts a menu offered, the user's own cart, searches
    # described, a fix asked in the passive): 0.847 (SynTOD 0.854, the tickets 0.800)
    "turns_sealed_r27.jsonl": 0.84,
    # sealed round 28 (the helpdesk's simulated customers, the diabetes-care members): 0.413
    # with session 28's rules at 54498b5 (EN 0.447, ZH 0.380; the model 0.423); 0.463 measured
    # blind at the end of session 28 (EN 0.547). Unsealed in session 29 and tuned on (the next
    # step asked after a step's report, the step taken up or reported, a how-to when nothing is
    # broken, a fault after the greeting offer; the member's plan taking up the proposed step,
    # relief, a worrying reading as an opener): 0.913 (EN 0.973, ZH 0.853)
    "turns_sealed_r28.jsonl": 0.91,
    # sealed round 29 (DialOp's travellers, SysBench's annotators' turns): 0.697 with session
    # 28's rules (fb52a95; EN 0.671, ZH 0.725; the model 0.703). Unsealed in session 29 and
    # tuned on (another option or a new search asked for; a Chinese ask to be told in a
    # request's words): 0.743 (EN 0.733, ZH 0.753). Session 30 (leftovers30: another value, a
    # verdict or a choice set against the option sent, the preferences asked for, advice on
    # the user's own goal asked as 有啥推荐): 0.797 (EN 0.827, ZH 0.767); then ("Let's try that", a
    # Chinese fault of the user's own device or a failed step with 怎么办, the documents a
    # procedure needs): 0.820 (EN 0.833, ZH 0.807)
    "turns_sealed_r29.jsonl": 0.81,
    # sealed round 30 (the support agent's users: openers, two replies): 0.829 with session 29's
    # rules before unseal29 (stage 3a1b048; questions read as requests 30 of 80; the model 0.829);
    # unsealed in session 30 to tune on, the same before any rule changed (main 6c02125); seven
    # labels corrected to the GUIDELINE (lookups asked for, a return wanted then how: 0.861), then
    # tuned on (a named record shown or told, records listed, a shop's items, the policy's window):
    # 0.991 (214 / 216)
    "turns_sealed_r30.jsonl": 0.99,
    # sealed round 31 (the financial consultant's users, Chinese; almost all questions): 0.844
    # with session 30's rules before any helper's merge (stage fc26de1; questions read as
    # requests 51 of 329; the model 0.847)
    # Unsealed in session 30 and tuned on (problems stated with their figures, analyses and
    # told things asked in act words): 0.977 (the model 0.977)
    "turns_sealed_r31.jsonl": 0.97,
    # sealed round 32 (the leasing assistant's prospects and residents, by text, e-mail and
    # phone): 0.629 with session 30's rules (main cd8a519; requests read as questions 28 and as
    # answers 19 of 103, others as requests 15 of 33; the model 0.632). Unsealed in session 30
    # and tuned on (a person or a tour asked for, units searched, other slots after a list, the
    # user's booking gone wrong, closings returned, acts asked): 0.767 (244 / 318). Session 31
    # (leftovers32: three labels corrected to the GUIDELINE, tours taken up from the offer; mail
    # footers, notices and tags read past; the user's own plan told; topics after the first offer
    # of help; spoken wishes to be told; an apartment or a price limit searched; the user's own
    # slot changed when nothing is pending; a phone line asked; a no, then what is asked; a
    # verdict that declines, then thanks): 0.862 (274 / 318)
    "turns_sealed_r32.jsonl": 0.85,
    # sealed round 33 (the travel advisor's simulated clients, real Chinese trip and gift
    # planners): 0.668 with session 30's rules (main 11b8f36; en 0.635, zh 0.696; requests read
    # as questions 30, as answers 16 and as others 16 of 233; the model 0.703). Unsealed in
    # session 31 and tuned on (Chinese plan edits, searches and constraints; closings; acts beside
    # questions; details then the pending plan; one label corrected): 0.869 (en 0.776, zh 0.950)
    "turns_sealed_r33.jsonl": 0.86,
    # round 34 (the shop's and the AI company's support users, the helpdesk's callers): 0.774
    # blind with session 31's rules (main 713d005; answers read as others 25 of 154, requests 30
    # of 40, others 9 of 23; the model 0.780), unsealed in session 32 and tuned on (steps given as
    # suggestions taken up or told, suggestions accepted, pushback, another fault told, the
    # user's own problem, greetings by name, facts asked in act words): 0.987
    "turns_sealed_r34.jsonl": 0.98,
}


def test_held_out_task_conversations_keep_their_hedge_floors() -> None:
    for name, (min_precision, min_recall) in HELD_OUT_HEDGE_FLOORS.items():
        precision, recall, *_ = bench.precision_recall(_hedge_pairs(name))
        assert precision >= min_precision and recall >= min_recall, (name, precision, recall)


def test_training_rows_keep_their_hedge_floors() -> None:
    for name, (min_precision, min_recall) in TRAINING_HEDGE_FLOORS.items():
        precision, recall, *_ = bench.precision_recall(_hedge_pairs(name))
        assert precision >= min_precision and recall >= min_recall, (name, precision, recall)


def test_agentdojo_runs_keep_their_hedge_floor() -> None:
    precision, recall, *_ = bench.precision_recall(_hedge_pairs("hedges_agentdojo.jsonl"))
    min_precision, min_recall = AGENTDOJO_HEDGE_FLOOR
    assert precision >= min_precision and recall >= min_recall, (precision, recall)


# Training rows (round 8: JDDC customer turns, a turn source new to the project, and more
# STAR, SGD and azernik simulator turns; labelled by a helper who never ran a detector, no
# rule tuned on them): the rules' first run, 0.721 (JDDC 0.626, STAR 0.783, SGD 0.872,
# azernik 0.829). The learned turn model is not the classifier (it lost to the rules leave
# one source out, benchmarks/train_turns.py), so these floors are the rules'. Session 7's
# rules by class of language, written on its misses: 0.803 (JDDC 0.743, STAR 0.837, SGD
# 0.917, azernik 0.842); session 9's (round 9 unsealed): 0.836 (JDDC 0.772, STAR 0.882);
# session 10's rules on venting, rhetorical pushback and Chinese stock searches: 0.845
# (JDDC 0.789); session 14's (emoji, "在吗" read past, 查下 and 需要改 asking to act): 0.859
# (JDDC 0.810).
# Session 17's (a requirement on the item, "do you know if there are …"): 0.860 (859/999).
TRAINING_TURN_FLOORS = {"turns_train_r8.jsonl": 0.85}


def test_training_rows_keep_their_turn_floors() -> None:
    for name, floor in TRAINING_TURN_FLOORS.items():
        rows = bench.load(name)
        right = sum(bench.classify_row(r) == r["label"] for r in rows)
        assert right / len(rows) >= floor, (name, right / len(rows))


def test_held_out_task_conversations_keep_their_turn_floors() -> None:
    for name, floor in HELD_OUT_TURN_FLOORS.items():
        rows = bench.load(name)
        right = sum(bench.classify_row(r) == r["label"] for r in rows)
        assert right / len(rows) >= floor, (name, right / len(rows))


def test_held_out_task_conversations_are_large_enough_and_bilingual() -> None:
    hedges = [r for n in HELD_OUT_HEDGE_FLOORS for r in bench.load(n)]
    turns = [r for n in HELD_OUT_TURN_FLOORS for r in bench.load(n)]
    assert len(hedges) >= 150 and sum(r["hedge"] for r in hedges) >= 20
    assert {r["lang"] for r in hedges} == {"en", "zh"} and len(turns) >= 100
    old = {r["source"] for n in ("hedges.jsonl", "hedges_heldout.jsonl") for r in bench.load(n)}
    assert not {r["source"] for r in hedges} & old  # new public sources only


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("agreement.jsonl", 600),
        ("agreement_sealed_r18.jsonl", 323 + 324),
        ("agreement_sealed_r19.jsonl", 363 + 315),
        ("agreement_sealed_r20.jsonl", 325 + 315),
        ("agreement_sealed_r21.jsonl", 300 + 300),
        ("agreement_sealed_r22.jsonl", 300 + 300),
        ("agreement_sealed_r23.jsonl", 300 + 300),
        ("agreement_sealed_r24.jsonl", 300 + 300),
        ("agreement_sealed_r24b.jsonl", 200 + 73),
        ("agreement_sealed_r25.jsonl", 300 + 300),
        ("agreement_sealed_r26.jsonl", 300 + 300),
    ],
)
def test_labeller_agreement_rows_match_the_labelled_sets(name: str, size: int) -> None:
    # Each row was labelled again, blind, by a second labeller: its first label must be
    # the one its set holds now, or the agreement figures describe labels no longer there.
    rows = bench.load(name)
    assert len(rows) == size
    assert name in [n for n, _ in bench.AGREEMENT_FILES]
    labels = {}
    for labelled in {r["file"] for r in rows}:
        key = "hedge" if labelled.startswith("hedges") else "label"
        labels |= {(labelled, r["id"]): (r[key], r["lang"]) for r in bench.load(labelled)}
    for r in rows:
        assert labels[(r["file"], r["id"])] == (r["first"], r["lang"]), r["id"]


def test_labeller_agreement_floors() -> None:
    rows = bench.load("agreement.jsonl")
    for signal, floor in (("hedge", 0.9), ("turn", 0.9)):
        pairs = [(r["first"], r["second"]) for r in rows if r["signal"] == signal]
        assert bench.kappa(pairs) >= floor, signal
    assert bench.kappa([(1, 1), (0, 0), (1, 0), (0, 1)]) == 0.0  # chance agreement


@pytest.mark.parametrize(
    ("name", "hedge_kappa", "turn_kappa", "second_vs_first"),
    [
        # Sealed rounds 18 and 19 labelled twice, blind (session 16): on text no ruling was
        # written on, two labellers agree less than on the tuning rows (above). Round 18:
        # hedges kappa 0.887, the second's precision / recall against the first 0.842 / 0.980,
        # turns 0.849 (kappa 0.778); round 19: hedges kappa 0.652, 0.679 / 0.679, turns 0.898
        # (kappa 0.757). Floors a little under, so that a relabel that moves them is seen.
        # Round 18's first labels follow session 17's 11 corrections (rulings written on its
        # disagreements, so no longer text nobody ruled on): hedges kappa 0.927, the second's
        # precision / recall against the first 0.965 / 0.917.
        ("agreement_sealed_r18.jsonl", 0.92, 0.77, (0.96, 0.91)),
        # Round 19's first labels follow session 18's corrections (rulings written on its
        # disagreements): 6 hedge labels, hedges kappa 0.775 (agree 0.967), 0.821 / 0.767; 27
        # turn labels (26 to the second labeller's), turns 0.981 (kappa 0.949)
        ("agreement_sealed_r19.jsonl", 0.77, 0.94, (0.82, 0.76)),
        # Round 20 (session 17, unsealed session 19; KVRET's crowd wizards, Chinese doctors):
        # hedges kappa 0.947, 0.905 / 1.000 (two Chinese messages hedged by the second only), turns 0.946
        # (kappa 0.913): plainer text than rounds 18 and 19. Its first turn labels follow session
        # 19's 11 relabels (turn rulings written on its disagreements; all 11 to the second
        # labeller's label): turns 0.981 (kappa 0.969; EN 0.970, ZH 1.000)
        ("agreement_sealed_r20.jsonl", 0.94, 0.96, (0.9, 1.0)),
        # Round 21 (session 18, unsealed session 20; GPT-3.5 AlpacaEval answers, ChatGPT's BELLE answers, no
        # tools): hedges kappa 0.913, 0.885 / 0.958 (24 hedged first, 26 second), turns 0.960
        # (kappa 0.918; EN 0.933, ZH 0.987). Its first labels follow session 20's corrections:
        # 4 turn relabels (all 4 to the second labeller's label): turns 0.973 (kappa 0.945; EN
        # 0.953, ZH 0.993); 3 hedge corrections (session 18's frequency words about a kind, which
        # both labellers hedged before that ruling existed): hedges kappa 0.839 (agree 0.977; EN
        # 0.832, ZH 0.847), 0.769 / 0.952 (21 hedged first, 26 second)
        ("agreement_sealed_r21.jsonl", 0.83, 0.94, (0.76, 0.95)),
        # Round 22 (session 19, unsealed in session 21; TicketWorld's support reasoning over customer records,
        # a Chinese after-sales assistant): hedges kappa 0.830, 0.757 / 0.966 (29 hedged
        # first, 37 second; EN kappa 0.906, ZH 0.740: the second hedges 7 more Chinese
        # replies), turns 0.980 (kappa 0.944; EN 1.000, ZH 0.944). Its first hedge labels follow
        # session 21's 8 relabels (6 corrections to rulings already written, 2 by its rulings; all
        # 8 to the second labeller's label): hedges kappa 0.969 (agree 0.993; EN 0.970, ZH
        # 0.968), 0.973 / 0.973 (37 hedged by each)
        ("agreement_sealed_r22.jsonl", 0.96, 0.94, (0.97, 0.97)),
        # Sealed round 23 (session 20; an LLM's retrieval-agent conversations with the passages
        # returned, ChatGPT's Chinese counselling conversations): hedges kappa 0.923, 0.935 /
        # 0.935 (46 hedged by each; EN all alike, ZH kappa 0.864), turns 0.943 (kappa 0.890; EN
        # 0.993, all but one a question; ZH 0.893)
        ("agreement_sealed_r23.jsonl", 0.92, 0.88, (0.93, 0.93)),
        # Sealed round 24 (session 21; GPT-4o's MT-Bench answers, AlignBench's Chinese reference
        # answers, no tool results): hedges kappa 0.930, 0.933 / 0.933 (15 hedged by each; EN
        # 0.875 / 1.000, ZH 1.000 / 0.875), turns 0.970 (kappa 0.940; EN 0.993, ZH 0.947)
        ("agreement_sealed_r24.jsonl", 0.92, 0.93, (0.93, 0.93)),
        # Sealed round 24b (session 21; Claude Sonnet 4 as LiveMCPBench's tool-using assistant,
        # English only): hedges kappa 0.895, 1.000 / 0.818 (11 hedged first, 9 second), turns
        # 0.959 (kappa 0.833; 73 openers)
        ("agreement_sealed_r24b.jsonl", 0.89, 0.83, (1.0, 0.81)),
        # Sealed round 25 (session 22; AutoTOD's recorded GPT-4 Turbo runs against simulated
        # users, CRSA's Chinese airline-booking dialogues): hedges kappa 0.981, 0.967 / 1.000 (29
        # hedged first, 30 second; ZH 3 and 3), turns 0.920 (kappa 0.873; EN and ZH 0.920)
        ("agreement_sealed_r25.jsonl", 0.98, 0.87, (0.96, 1.0)),
        # Sealed round 26 (session 24; a Qwen2.5 hotel assistant against an LLM-simulated
        # traveller (rows round 18 did not take), a Chinese hotel assistant with its searches
        # (files round 13 did not take)): hedges kappa 0.853, 0.811 / 0.938 (32 hedged first, 37
        # second; EN kappa 0.900, ZH 0.326: 1 and 5), turns 0.993 (kappa 0.989; ZH all alike)
        ("agreement_sealed_r26.jsonl", 0.85, 0.98, (0.81, 0.93)),
    ],
)
def test_labeller_agreement_on_rounds_nobody_ruled_on(
    name: str, hedge_kappa: float, turn_kappa: float, second_vs_first: tuple[float, float]
) -> None:
    rows = bench.load(name)
    hedges = [(r["first"], r["second"]) for r in rows if r["signal"] == "hedge"]
    turns = [(r["first"], r["second"]) for r in rows if r["signal"] == "turn"]
    assert bench.kappa(hedges) >= hedge_kappa and bench.kappa(turns) >= turn_kappa
    precision, recall, *_ = bench.precision_recall((b, a) for a, b in hedges)
    assert precision >= second_vs_first[0] and recall >= second_vs_first[1]


def test_the_bench_lists_disagreements_of_unsealed_rounds_only() -> None:
    # An unsealed round's second labelling is read to write rulings; a sealed round's
    # disagreements would show its rows, so only its figures are printed.
    lines = "\n".join(bench.agreement_section(True))
    sealed = {*bench.SEALED_HEDGE_SETS, *bench.train_turns.SEALED}
    for name, _ in bench.AGREEMENT_FILES:
        rows = bench.load(name)
        split = [r for r in rows if r["first"] != r["second"]]
        listed = [r for r in split if f"    {r['id']} ({r['file']})" in lines]
        if {r["file"] for r in rows} & sealed:
            assert not listed, name
        else:
            assert split and len(listed) == len(split), name


def test_the_bench_shows_the_sealed_hedge_set_only_when_asked() -> None:
    # The lead measures the learned gate on it once: a plain run never prints it.
    for name in bench.SEALED_HEDGE_SETS:
        assert name not in [name for name, _ in bench.hedge_sets(False)]
        assert name in [name for name, _ in bench.hedge_sets(True)]
    assert not set(bench.SEALED_HEDGE_SETS) & {p.name for p in bench.train.training_files()}
    sealed_turns = {name for name, _ in bench.SEALED_TURNS}
    assert not sealed_turns & {p.name for p in bench.train_turns.training_files()}
    assert not any(name in line for line in bench.turns_section(False) for name in sealed_turns)
    shown = {name for name, _ in bench.hedge_sets(False)}
    assert {p.name for p in bench.train.training_files()} <= shown


def test_customer_service_claims_floors() -> None:
    # claims_cs.jsonl: 303 values stated in the final answers of a barbershop receptionist
    # (syntag-umd/eval-framework) and Google ADK's garden-store agent (jcarah's runs),
    # labelled before the detector ran on them. Measured: all 0.940 / 1.000, times
    # 1.000 / 1.000, names 0.931 / 1.000 (rules written on this set: in-sample figures);
    # 0.955 / 1.000 once "both" grounds a count of two (session 11, from the held-out set).
    rows = bench.load("claims_cs.jsonl")
    assert len(rows) >= 300 and sum(r["ungrounded"] for r in rows) >= 50
    assert len({r["trace"].rsplit("/", 1)[-1] for r in rows if "jcarah" in r["trace"]}) >= 10
    assert all(len(r["commit"]) == 40 and r["source"] and r["path"] for r in rows)
    scores: dict[str, tuple[float, float]] = {}
    bench.cs_claims(False, scores)
    assert scores["all"][0] >= 0.95 and scores["all"][1] >= 1.0, scores["all"]
    assert scores["time"] >= (1.0, 1.0) and scores["name"][0] >= 0.93, scores
    assert scores["amount"][1] >= 1.0 and scores["duration"][1] >= 1.0, scores


def test_held_out_customer_service_claims_floors() -> None:
    # claims_cs_heldout.jsonl: 207 values stated in the final answers of WorkBench's task
    # agents (CRM, calendar, e-mail, tasks, analytics; olly-styles/WorkBench), labelled and
    # committed before the detector ran on them. First held-out run 0.406 / 0.524 (204
    # values; 0.438 / 0.545 with three omitted counts labelled); after session 11's rules
    # (signed numbers, e-mail addresses, a bare hour the user gave, days named relative to
    # the record's date, durations named by a word, "both", code words): 0.826 / 0.773.
    rows = bench.load("claims_cs_heldout.jsonl")
    assert len(rows) >= 200 and sum(r["ungrounded"] for r in rows) >= 20
    assert all(len(r["commit"]) == 40 and r["source"] and r["path"] for r in rows)
    scores: dict[str, tuple[float, float]] = {}
    bench.cs_claims(False, scores, name="claims_cs_heldout")
    assert scores["all"][0] >= 0.82 and scores["all"][1] >= 0.77, scores["all"]
    assert scores["amount"] >= (1.0, 1.0) and scores["id"] >= (1.0, 0.57), scores


def test_fresh_sdk_agent_claims_floors() -> None:
    # claims_fresh_r15.jsonl: 124 values (1 ungrounded) stated in the final answers of 18
    # recorded agent runs no other set used (Semantic Kernel's sample outputs, an OpenAI
    # Agents SDK invoicing assistant, Mistral cookbook runs), labelled and committed before
    # the detector ran on them. First run 0.000 / - (3 flagged, all grounded: a float
    # rounded to the cent, a tax rate as the share of two fields); the phone number the
    # bank agent made up was no claim. After session 15's rules (rounded decimals, a
    # field's share of a sibling, phone numbers as ids): 1.000 / 1.000.
    rows = bench.load("claims_fresh_r15.jsonl")
    assert len(rows) >= 120 and len({r["trace"] for r in rows}) >= 18
    assert sum(r["ungrounded"] for r in rows) >= 1
    assert all(len(r["commit"]) == 40 and r["source"] and r["path"] for r in rows)
    scores: dict[str, tuple[float, float]] = {}
    bench.cs_claims(False, scores, name="claims_fresh_r15")
    assert scores["all"] >= (1.0, 1.0), scores["all"]
    assert scores["amount"] >= (1.0, 1.0) and scores["id"] >= (1.0, 1.0), scores


def test_held_out_travel_agent_claims_floors() -> None:
    # claims_heldout_r19.jsonl: 480 values (18 ungrounded) stated in the assistant texts of
    # seven recorded conversations of tally's example agents (Gemini 2.5 Flash-Lite travel
    # planner, weather and cashflow agents with an LLM-simulated user; tally-evals/tally),
    # labelled and committed before the detector ran on them. First held-out run:
    # 0.520 / 0.611 (25 flagged: 13 right, 9 labelled grounded, 3 not labelled; 11 of 18).
    # A duration held in another spelling of its length ("7h 30m"): 0.619 / 0.611; plural
    # abbreviations ("SUVs") and a people's adjective alone ("American") no names: 0.722;
    # dates the record's dates give (a weekday inside a trip's dates, a check-out): 1.000;
    # one label corrected (17 ungrounded): 1.000 / 0.647; a place's code in brackets
    # ("San Francisco (SFO)") an id: 1.000 / 0.706.
    rows = bench.load("claims_heldout_r19.jsonl")
    assert len(rows) >= 450 and len({r["trace"] for r in rows}) >= 7
    assert sum(r["ungrounded"] for r in rows) >= 17
    assert all(len(r["commit"]) == 40 and r["source"] and r["path"] for r in rows)
    scores: dict[str, tuple[float, float]] = {}
    bench.cs_claims(False, scores, name="claims_heldout_r19")
    assert scores["all"][0] >= 1.0 and scores["all"][1] >= 0.70, scores["all"]
    assert scores["name"] >= (1.0, 1.0) and scores["time"] >= (1.0, 1.0), scores
    assert scores["duration"] >= (1.0, 1.0) and scores["date"] >= (1.0, 1.0), scores
    assert scores["id"] >= (1.0, 1.0), scores


def test_fresh_travel_support_claims_floors() -> None:
    # claims_fresh_r25.jsonl: 164 values (24 ungrounded) stated in the 40 assistant texts of
    # five printed runs no other set used (two owners' runs of LangGraph's customer-support
    # tutorial program, an A2A flight-request chatbot), labelled and committed before the
    # detector ran on them. First held-out run 0.950 / 0.792 (a label's value read as a
    # sentence's first word, a hyphenated name cut, "DUB" held inside "Dublin", "UK" for
    # "United Kingdom"); after session 25's rules: 1.000 / 1.000.
    rows = bench.load("claims_fresh_r25.jsonl")
    assert len(rows) >= 160 and len({r["trace"] for r in rows}) >= 5
    assert sum(r["ungrounded"] for r in rows) >= 24
    assert all(len(r["commit"]) == 40 and r["source"] and r["path"] for r in rows)
    scores: dict[str, tuple[float, float]] = {}
    bench.cs_claims(False, scores, name="claims_fresh_r25")
    assert scores["all"] >= (1.0, 1.0), scores["all"]
    assert scores["name"] >= (1.0, 1.0) and scores["id"] >= (1.0, 1.0), scores


def test_follow_up_lookup_floors() -> None:
    # tests/corpora/followups/ (ToolTalk, AgentDojo-style runs; 8 lookups in 28 calls):
    # lookups 1.000 / 1.000, every producing tool right.
    for tools in (False, True):
        fig = bench.followup_figures(bench.FOLLOWUPS, tools)
        assert fig["lookups"][:2] >= (1.0, 1.0) and fig["right"] == 8, fig["lookups"]


def test_held_out_follow_up_lookup_floors() -> None:
    # tests/corpora/followups_heldout/: 171 candidates in 112 calls (34 true lookups) from
    # LangGraph's customer-support tutorial runs and an LLM travel-agent generator, labelled
    # and committed before projeval ran on them. First run: lookups 0.895 / 1.000 (the 4
    # false ones credit a date the user said as "today", or one the agent picked, to a
    # flight list that holds it by chance); every follow-up call 0.654 / 1.000 (the rest
    # are writes); producing tool right 31 of 34, 34 of 34 once a word held under an
    # unrelated key (the ticket's fare class "Economy") gave way to the later result
    # holding it under the argument's own key (a car rental's price tier).
    rows = [json.loads(line) for line in (bench.FOLLOWUPS_HELDOUT / "labels.jsonl").open()]
    assert len(rows) >= 100 and len({(r["trace"], r["call"]) for r in rows}) >= 100
    labels = {r["label"] for r in rows}
    assert labels == {"lookup", "action", "user", "echo", "none"}
    for tools in (False, True):
        fig = bench.followup_figures(bench.FOLLOWUPS_HELDOUT, tools)
        assert len(fig["truth"]) >= 30
        assert fig["lookups"][:2] >= (0.89, 1.0), fig["lookups"]
        assert fig["every"][:2] >= (0.65, 1.0), fig["every"]
        assert fig["right"] >= 34 and fig["path_right"] >= 34, (fig["right"], fig["path_right"])
