"""Hedge rules by class of language written in session 22 on the answers set
(``tests/corpora/conversations/hedges_answers.jsonl``): chat models explaining, advising and
writing with no tool. English rows are Claude 3.5 Sonnet's answers to AlpacaEval
(tatsu-lab/alpaca_eval @ cd543a1, ``results/claude-3-5-sonnet-20240620/model_outputs.json``,
cited ``#index``), Chinese rows ChatGPT's answers in BELLE's evaluation set
(LianjiaTech/BELLE @ 645084d, ``eval/eval_set.json``, cited ``#line``). Each rule has a
sentence of a row it fires on and one it does not (GUIDELINE, "Hedge rulings of session 22")."""

from __future__ import annotations

from projeval.traces.hedges import Lexicon, find_hedges


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


# The opening of #180 (ans-bl-001), an answer that reads no result and speaks to nobody: the
# Chinese sentences below are read inside it, as in their rows (session 22's rulings frame
# an explanation of a few sentences, not a short reply to the user's own case).
_OPENING = "焦虑是一种精神上的不安和担忧，它可能导致身体、情绪、认知和行为方面的一系列反应。以下是常见的迹象：\n"
_CLOSING = (
    "\n这些迹象并不表示每个人都会出现，不同的人出现的迹象也不同，且会随着时间和环境的变化而有所不同。"
    "如果一个人出现了这些迹象，并且感到焦虑和不安，那么需要进行进一步的评估和治疗。"
)


def _in_explanation(sentence: str) -> list[str]:
    """The cues the rules keep in ``sentence``, read inside an explanation."""
    text = _OPENING + sentence + _CLOSING
    start = len(_OPENING)
    return [
        h.match
        for h in find_hedges(Lexicon.load(["en", "zh"]), text, None, gate="rules")
        if start <= h.start < start + len(sentence)
    ]


def test_a_kind_as_the_subject_of_a_chinese_explanation_is_general() -> None:
    # #180 (ans-bl-001), #689 (ans-bl-059): 可能 of a kind
    assert (
        _hedged(
            _OPENING
            + "失眠可能会使人感到疲惫、烦躁和易怒，甚至会导致身体和认知方面的问题。"
            + _CLOSING
        )
        == []
    )
    text = "人口密度：人口密集的地区可能会产生更多的废弃物和污染物，从而导致环境质量下降。"
    assert _in_explanation(text) == []
    assert (
        _in_explanation("一些地区可能实施更严格的环保法规，而其他地区可能缺乏这些法规的保护。")
        == []
    )
    # #772 (ans-bl-085): what a thing may bring, after a demonstrative
    text = "行星之间的空间充满了各种危险的物质，如彗星、陨石等，这可能会对航天器造成损坏或意外。"
    assert _in_explanation(text) == []
    # ... a case named by a demonstrative or no subject stays a guess: #791 (ans-bl-072),
    # #734 (ans-bl-037); so do the user's own case and a short reply to it (#23 of round 22's
    # after-sales assistant: "外壳麻手可能是漏电或接地不良")
    text = "另外，也有可能是在倒序排列的过程中，没有正确地处理好数组下标的范围。"
    assert _in_explanation(text) == ["可能"]
    text = "可能是因为这些冰淇淋采用了一些特殊的成分或制作工艺，可以防止在高温下融化。"
    assert _in_explanation(text) == ["可能"]
    assert _in_explanation("您的症状可能是胃炎。") != []
    assert _in_explanation("这些症状可能是感冒或者过敏引起的。") == ["可能"]
    assert _hedged("外壳麻手可能是漏电或接地不良，属于安全隐患。请立刻停止触碰。") != []


def test_a_third_partys_lack_and_a_lines_label_are_not_missing_information() -> None:
    # #351 (ans-bl-105), #321 (ans-bl-086): what people or a kind lack, and a heading
    text = "尤其是对于年轻人，他们的大脑和身体还没有完全发育，缺乏足够的成熟度和认知能力来应对驾驶危险。"
    assert _in_explanation(text) == []
    text = "1. 缺乏面对面互动：在线学习通常无法提供传统课堂教学中的面对面互动。"
    assert _hedged(text) == []
    # #174 (ans-bl-103): what people cannot get; #163 (ans-bl-096): a feeling named
    text = "尤其是在经济不发达的地区，人们可能会因为无法承担成本而无法获取有效的替代品。"
    assert _in_explanation(text) == []
    assert _in_explanation("自我感觉：孤独感可能使人对自我评价更为负面，甚至会产生自我怀疑；") == []
    # ... the answerer's own lack stays missing information
    assert _in_explanation("我缺乏关于这家公司的信息。") != []


def test_chinese_should_with_an_act_is_a_duty() -> None:
    # #148 (ans-bl-040), #381 (ans-bl-058), #201 (ans-bl-104): 应该 before an act (session 17)
    assert _in_explanation("同时，应该及早就医并接受适当的治疗。") == []
    assert _in_explanation("公司应该对其成本结构进行更深入的分析。") == []
    assert _in_explanation("在处理数据之前，应该将数据格式化为一致的格式。") == []
    # ... 应该 concluding a state stays a guess
    assert _in_explanation("底层应该基于较新的安卓版本。") != []
    assert _hedged("包裹应该快到了。") != []


def test_a_kinds_typical_figure_is_general_and_a_named_things_is_an_estimate() -> None:
    # #43 (ans-bl-150), #225 (ans-bl-126): a member of a kind, a typical value
    assert _in_explanation("柑橘类水果富含维生素C，一颗橙子中含有约70毫克的维生素C。") == []
    assert _in_explanation("它们是中等体型的鸟类，体重约为100克左右，体长约为45厘米。") == []
    # #121 (ans-cs-138): the same in English, in a kind's setting
    text = "For most people, it takes about 30 to 45 minutes for their eyes to reach full dark adaptation."
    assert _hedged(text) == []
    # ... one entity's figure and a date in history stay estimates: #469 (ans-bl-141)
    assert _in_explanation("地球的半径是约6,371公里。") != []
    assert _hedged("甲骨文是指中国商朝（约公元前16世纪至公元前11世纪）时期的文字。") != []


def test_a_recipes_quantities_are_instructions() -> None:
    # #54, #52, #36, #66 (ans-cs-096, -099, -091, -018): a step, an ingredient line, a yield
    assert _hedged("3. Shake well for about 10-15 seconds.") == []
    text = "7. Lower the temperature to 170°C (340°F) and continue roasting for about 1.5 hours."
    assert _hedged(text) == []
    assert _hedged("Ingredients:\n- 1 can of snails (about 24 snails)\n- 4 cloves garlic") == []
    text = (
        "This recipe makes enough frosting to cover a 9-inch two-layer cake or about 24 cupcakes."
    )
    assert _hedged(text) == []
    # ... a figure the answer states of the world stays an estimate
    assert _hedged("The bridge is about 1,200 metres long.") != []


def test_regard_naming_use_and_either_way_are_no_guesses() -> None:
    # #705 (ans-cs-031), #16 (ans-cs-112): how a thing is regarded or seems to others
    text = (
        "It does contain an insulting personal characterization that could be considered offensive."
    )
    assert _hedged(text) == []
    text = "These traditions might seem unusual to outsiders but are cherished parts of local celebrations."
    assert _hedged(text) == []
    # #635 (ans-cs-043), #242 (ans-cs-008): a name's use
    text = "The contract states that these two entities may be referred to individually as Parties."
    assert _hedged(text) == []
    # #545 (ans-cs-032): a use suggested; #317 (ans-cs-011): both ways
    assert _hedged("This motto could be used in various marketing materials, such as menus.") == []
    text = "Some states have their own holidays, which may or may not coincide with the federal holiday."
    assert _hedged(text) == []
    # ... a guess at this entity's fact stays one
    assert _hedged("The museum may be closed on Mondays.") != []


def test_a_concession_another_partys_act_and_what_someone_may_like_are_no_guesses() -> None:
    # #167 (ans-cs-017): the concession on the way to a flat claim
    text = (
        "While Weaver may not be as widely recognized as some other civil rights leaders, "
        "his work in government was significant."
    )
    assert _hedged(text) == []
    # #10 (ans-cs-135): what a dermatologist may suggest (session 9: another party's act)
    assert _hedged("They might suggest retinoids in combination with other treatments.") == []
    # #611 (ans-cs-090), #653 (ans-cs-154): what an item may mean to someone (advice)
    assert _hedged("Readers of Fitzgerald, they might also like the following books:") == []
    text = "These papers relate to question answering, which would likely be relevant to the paper."
    assert _hedged(text) == []
    # ... "suggest" as indicate, and a concession about the user's own case, stay guesses
    assert _hedged("This might suggest a hormonal imbalance.") != []
    assert _hedged("While your refund may take a week, it was approved.") != []


def test_appearance_a_display_a_deduction_and_the_answerers_self() -> None:
    # #97 (ans-cs-040), #90 (ans-bl-071): how a thing looks
    assert (
        _hedged("Under certain lighting, blood might appear to have a slightly different hue.")
        == []
    )
    assert _hedged("酒石酸可以使葡萄酒看起来更清澈。") == []
    # #565 (ans-cs-144): a figure shown; #615 (ans-cs-003): a deduction in a proof
    assert _hedged("Explanation: The triangle looks like:\n   2\n  3 4") == []
    assert _hedged("Therefore, (k + 1)^2 must be non-negative for all integer values of k.") == []
    # #420 (ans-cs-141): the answerer's self
    text = "I'm a language model, but I don't have human-like consciousness or experiences."
    assert _hedged(text) == []
    # #260 (ans-bl-152): 应该是 before the operation in words (the computation case)
    assert _hedged("英国伦敦的时间应该是下午8点加1个小时，也就是晚上9点。") == []
    # #359 (ans-bl-008): 假设 as "a hypothesis"; #448 (ans-bl-139): a legend told as one
    assert _hedged("哥白尼的日心说是一个天文学的假设，它于16世纪提出。") == []
    assert _hedged("龙舟节起源于中国的一个传说故事，相传在战国时期，屈原投江自尽。") == []
    # ... "it seems" about a fact stays a softener
    assert _hedged("It seems the museum is closed.") != []


def test_values_called_approximate_and_what_nobody_knows_are_hedges() -> None:
    # #301 (ans-cs-023), #149 (ans-cs-109), #620 (ans-cs-100), #611 (ans-bl-079)
    assert _hedged("Note: These values are approximate and may vary slightly.") != []
    assert _hedged("Finally, she bought sneakers for $8 each, but we don't know how many.") != []
    text = "This quote is often attributed to Albert Einstein, though there's some debate about it."
    assert _hedged(text) != []
    assert _hedged("作为AI语言模型，我无法确切地回答这个问题，因为涉及到具体的公司情况。") != []
    # ... "someone thinks" is no cue
    assert _in_explanation("孤独感是指某个人认为自己与他人之间缺乏关联性。") == []
