"""Hedge rules by class of language written in session 9 on rounds 6, 8b and 9, unsealed to
tune on: doctors' consultations (COVID-Dialogue, DISC-MedLLM's LLM doctors), customer-service
staff, ReAct and tool agents. Each rule has a sentence it fires on and one it does not."""

from __future__ import annotations

from projeval.traces.hedges import Lexicon, find_hedges, hedge_candidates


def _hedged(text: str, latest: str | None = None) -> list[str]:
    # The hand rules alone (the learned gate has its tests in test_trace_hedges.py).
    return [h.match for h in find_hedges(Lexicon.load(["en", "zh"]), text, latest, gate="rules")]


def _rules(text: str, latest: str | None = None) -> list[tuple[str, str]]:
    return [
        (c.match.match, c.rule) for c in hedge_candidates(Lexicon.load(["en", "zh"]), text, latest)
    ]


def test_a_chinese_answer_to_you_still_guesses_about_the_case() -> None:
    # 你 without 您 no longer makes every cue advice: a guess about the patient counts
    assert _hedged("可能是肛裂或痔疮出血，你晚上用温热水泡一下") == ["可能"]
    assert _hedged("我觉得不会感染，你要不放心就去查一下吧") == ["我觉得"]
    # the user's own things are the case, not the user: "你的症状", "您的症状", "你这个"
    assert _hedged("你的症状可能是由于神经系统疾病引起的。") == ["可能"]
    assert _hedged("你这个应该就是咽喉炎，注意多喝点淡盐水。") == ["应该"]
    # the user as the subject still is about the user
    assert _hedged("你可能需要更多休息。") == []


def test_a_judgement_said_with_kenen_is_no_guess() -> None:
    assert _hedged("重复的词语在写作中可能是一个常见的问题。") == []
    assert _hedged("有效地使用它们可能是一项棘手的任务。") == []
    assert _hedged("寻求医生或专业戒烟辅导的帮助可能更加有效。") == []
    assert _hedged("这个订单可能是明天到。") == ["可能"]


def test_what_a_thing_lacks_is_no_missing_information() -> None:
    assert _hedged("陈旧的比喻可能会显得懒惰和缺乏灵感。") == []
    assert _hedged("半乳糖血症是由于体内缺乏一种酶。") == []
    assert _hedged("缺乏这些关键信息，无法验证结果。") == ["缺乏"]


def test_a_doctors_tentative_diagnosis_with_kaolv_is_a_guess() -> None:
    assert _hedged("前面有没有感冒了？首先考虑气管炎。") == ["考虑"]
    assert _hedged("目前的情况考虑是急性咽炎。") == ["考虑"]
    assert _hedged("暂时不考虑新型冠状病毒感染") == ["考虑"]
    assert _hedged("按您描述考虑上呼吸道感染") == ["考虑"]
    # advice to consider an act, "considering that", a flat ruling-out, a condition
    assert _hedged("有抽烟，建议可以考虑做个肺部ct") == []
    assert _hedged("那您可以考虑去周庄古镇玩玩。") == []
    assert _hedged("考虑到天气，明天出发更好。") == []
    assert _hedged("从血常规看是炎症，不考虑新型冠状病毒感染。") == []
    assert _hedged("如果没有明确的流行病学史，暂时不考虑新冠病毒感染。") == []


def test_how_likely_it_is_in_this_case_is_a_guess() -> None:
    assert _hedged("根据目前症状，感染新冠可能性不大") == ["可能性不大"]
    assert _hedged("考虑普通感冒可能性大。") == ["考虑", "可能性大"]
    assert _hedged("我可以分析几种可能性。") == []


def test_cannot_judge_or_confirm_from_what_was_given_is_missing_information() -> None:
    assert _hedged("目前资料不完整，也不清晰。无法判断") == ["无法判断"]
    assert _hedged("单纯问诊不能确诊新冠。") == ["不能确诊"]
    assert _hedged("不太清楚，有点炎性病灶，先口服抗炎2周。") == ["不太清楚"]
    assert _hedged("我无法找到任何关于这款药的具体信息。") == ["无法找到"]
    assert _hedged("关于它的作用机制，尚需要进一步的研究来明确。") == ["进一步的研究"]
    assert _hedged("我们能判断这是过敏。") == []


def test_what_a_kind_of_thing_may_cause_is_knowledge() -> None:
    assert _hedged("辛辣食物可能会刺激直肠和肛门区域。") == []
    assert _hedged("布洛芬还可能增加心脏事件的风险。") == []
    assert _hedged("秋天的气候变化也可能引发高血压。") == []
    assert _hedged("你的症状可能与心脏疾病有关。") == ["可能"]


def test_possible_candidates_named_are_no_claim() -> None:
    assert _hedged("以下是一些可能的检查：") == []
    assert _hedged("排除其他可能的病因。") == []
    assert _hedged("可能的话，明天来复查。") == []
    assert _hedged("这是可能的原因之一，可能是血液循环不好。") == ["可能"]


def test_what_a_doctor_may_do_is_no_guess_about_the_case() -> None:
    assert _hedged("医生可能会建议使用睾丸支架。") == []
    assert _hedged("Your MD may recommend starting antibiotic treatment.") == []
    assert _hedged("The pharmacist may ask for a prescription.") == []
    assert _hedged("Your cough may be from the dust.") == ["may be"]


def test_a_step_of_care_side_effects_and_a_treatments_course_are_knowledge() -> None:
    assert _hedged("确定病因可能需要进行以下检查：") == []
    assert _hedged("有时，可能需要切除整个脾脏。") == []
    assert _hedged("医生还可能使用α受体阻滞剂来缓解症状。") == []
    assert _hedged("治疗方法可能包括手术和放疗。") == []
    assert _hedged("但这些药物可能有一些副作用，如恶心、口干。") == []
    assert _hedged("仍可能存在出血的风险。") == []
    assert _hedged("有些人可能会感到恶心。") == []
    assert _hedged("手术后可能会出现一定程度的疼痛。") == []
    assert _hedged("宝宝脚心白可能是因为血液循环不好。") == ["可能"]


def test_values_that_may_differ_and_a_usual_course_are_general() -> None:
    assert _hedged("以上时间只是参考，具体的等待时间可能会因医院和地区的不同而有所差异。") == []
    assert _hedged("具体影响可能因人而异。") == []
    assert _hedged("请注意，这只是一般情况，具体的时间可能会有所不同。") == []
    text = "Usually community acquired infection may present with methicillin resistance."
    assert _hedged(text) == []
    # a meaning guessed, or a value supplied, with a frequency word still counts
    assert _hedged('通常"京东"可能指北京东部地区。') == ["可能"]
    assert _hedged("During this time, sunrise is generally around 7:50 AM.") == ["around 7"]


def test_advice_with_yinggai_and_estimates_named_as_such_are_no_guesses() -> None:
    assert _hedged("如果发现体重有明显增加，应该及时就医。") == []
    assert _hedged("先心病患者在服用任何药物之前，都应该先咨询医生。") == []
    assert _hedged("需要注意的是，以上的时间只是一个大概的估计。") == []
    assert _hedged("这个订单应该已经发货了。") == ["应该"]
    assert _hedged("是的 这个是大概时间哦") == ["大概"]


def test_staff_who_do_not_see_the_users_records_lack_the_fact() -> None:
    assert _hedged("抱歉您的这个流量我这不显示") == ["我这不显示"]
    assert _hedged("您这个月的话费详单我这边是暂时查询不了的") == ["查询不了"]
    assert _hedged("您的流量我这边显示已经用完了") == []


def test_english_doctors_guesses() -> None:
    assert _hedged("Hello As you explain the history it might be a gastric reflux.") == ["might be"]
    assert _hedged("There must be superimposed bacteria infection too.") == ["There must be"]
    assert _hedged("Probable flu.") == ["Probable"]
    assert _hedged("Could very well be stress right now.") == ["Could very well"]
    assert _hedged("Your symptoms sound more like seasonal allergy.") == ["sound more like"]
    assert _hedged("I did not find any information about undercover agents.") == ["did not find"]
    # a compliment, the user recapped, the user's own plan
    assert _hedged("That sounds like an exciting and ambitious project, Alex!") == []
    assert _hedged("As you explain, you might want to rest.") == []
    assert _rules("I did not find any flights.", '{"flights": []}') == [
        ("did not find", "missing_restates")
    ]


def test_kaolv_counts_only_when_it_names_a_condition() -> None:
    assert _hedged("考虑躯体化障碍") == ["考虑"]
    assert _hedged("您的症状考虑中医肝郁等有关。") == ["考虑"]
    assert _hedged("考虑个人选择：您的个人选择也很重要。") == []
    assert _hedged("卵巢癌的治疗需要综合考虑病人的具体情况。") == []


def test_the_usual_duration_of_a_test_or_a_treatment_is_no_estimate() -> None:
    assert _hedged("心电图（ECG）：约10到20分钟。") == []
    assert _hedged("尿流动力学检查：这个检查通常需要约30分钟。") == []
    assert (
        _hedged("一般情况下，简单的霉菌性阴道炎，使用这些药物治疗一周左右，症状就可以缓解。") == []
    )
    assert _hedged("一般来说，大约需要6个月到一年的时间才能恢复。") == []
    # this order's arrival, or a duration with no setting, stays an estimate
    assert _hedged("一般这个包裹七天左右才到货。") == ["左右"]
    assert _hedged("李医生约30分钟后回来。") == ["约3"]


def test_a_symptom_described_under_its_name_or_in_some_cases_is_knowledge() -> None:
    assert _hedged("冷汗：可能会突然出现冷汗。") == []
    assert _hedged("在某些情况下，可能会感到轻微的不适。") == []
    assert _hedged("你的情况：可能是血液循环不良。") == ["可能"]
    assert _hedged("您的宝宝可能会出现食欲不振。") == ["可能"]


def test_what_ought_to_be_done_and_a_missing_action_of_the_agent_are_no_hedges() -> None:
    text = "There were recent reports of abuse, so it should be reported as malware."
    assert _hedged(text, '{"success": true}') == []
    assert _hedged("The film came out in 1999, so it should be a drama.") == ["should be"]
    text = "I couldn't find a relevant action for your request."
    assert _hedged(text, '{"candidates": []}') == []
    assert _hedged("I couldn't find your booking for May 3.", '{"bookings": ["B1"]}') == [
        "couldn't find"
    ]


def test_a_number_beside_chinese_or_in_bold_is_found_in_the_result() -> None:
    result = "加统计局估算，截至今年1月1日，该国估算总人口约为3956.62万人。"
    assert _hedged("加拿大2022年的人口数量约为3956.62万人。", result) == []
    assert _hedged("加拿大2022年的人口数量约为3956.62万人。") == ["约为"]
    text = "The minimum ratio is approximately **35.36**."
    assert _hedged(text, "Minimum ratio: 35.36059850374065") == []
    assert _hedged(text, "Minimum ratio: 41.2") == ["approximately"]


def test_an_english_word_beside_chinese_is_still_a_word() -> None:
    assert _hedged("Wolfram Alpha API应该能完成这项任务。") == []
    assert _hedged("这个订单应该能今天完成。") == ["应该"]


def test_the_previous_observation_named_as_the_source_is_a_reading() -> None:
    text = "Based on the previous action and observation, it seems the club is Paris Saint-Germain."
    assert _hedged(text, '{"club": "PSG"}') == []
    assert _hedged("It seems the club is Paris Saint-Germain.", '{"name": "Messi"}') == ["seems"]


def test_the_agent_after_kenen_is_its_plan() -> None:
    assert _hedged("那可能我们还要联系网维那边再看一下") == []
    assert _hedged("那可能是基站信号不好") == ["可能"]


def test_a_stop_before_a_quote_or_a_capital_ends_the_sentence() -> None:
    text = 'A scratchy throat could be caused by heartburn or the "common cold".If you have a fever, isolate.'
    assert _hedged(text) == ["could be"]
    text = (
        'The verse reads "whoever believes in him shall not perish." '
        "Unfortunately, the verse is not available in Spanish."
    )
    error = '{"error": "Bad Request", "message": "The specified language is not supported."}'
    assert _hedged(text, error) == []
    assert _hedged(text, '{"error": "Internal Server Error"}') == ["not available"]


def test_an_organs_function_is_no_tool() -> None:
    assert _hedged("估计肺功能可能已经到中重度了。") == ["估计", "可能"]
    assert _hedged("搜索功能可能暂时有问题。") == []


def test_an_epistemic_adverb_after_a_condition_is_hypothetical() -> None:
    text = "Take him to the ER if he is inconsolable. IF mild symptoms likely virus, so watch him."
    assert _hedged(text) == []
    assert _hedged("Mild symptoms, likely a virus.") == ["likely"]


def test_a_tilde_between_numbers_is_a_range() -> None:
    assert _hedged("本来阿奇霉素的诊疗疗程也就是3~5天，你都吃10天了。") == []
    assert _hedged("The fare is ~$40 more.") == ["~$4"]


def test_worth_and_what_a_kind_of_thing_may_do_to_something_are_no_guesses() -> None:
    assert _hedged("一些止痛药和皮肤贴片也可能有用。") == []
    assert _hedged("手术可能是必要的。") == []
    assert _hedged("对于孕妇，X线检查可能会对胎儿造成潜在风险。") == []
    assert _hedged("胎儿入盆时可能会对膀胱产生压力。") == []
    assert _hedged("你的胸闷可能是心脏供血不足。") == ["可能"]


def test_idioms_relative_clauses_interactions_and_whether_are_no_guesses() -> None:
    assert _hedged("寻找专家：尽可能地寻找有肺癌专业知识的医生。") == []
    assert _hedged("定期产检可以及时发现并处理可能存在的问题。") == []
    assert _hedged("鱼肝油可能与某些药物相互作用，影响其吸收。") == []
    assert _hedged("女性需要告知医生是否怀孕或可能怀孕。") == []
    assert _hedged("医生应该能够详细解释药物的效果。") == []
    assert _hedged("这个药可能已经过期了。") == ["可能"]


def test_advice_and_steps_of_care_need_their_act_so_a_guess_about_an_order_counts() -> None:
    # 应该 with an adverb of time and no act is a guess about this order
    assert _hedged("您的快递应该马上就到了。") == ["应该"]
    assert _hedged("如有不适，应该马上就医。") == []
    # a step of care names one; a carrier the order may use is a guess about it
    assert _hedged("此外，还可能使用α受体阻滞剂来缓解症状。") == []
    assert _hedged("这个订单可能会使用顺丰发货。") == ["可能"]


def test_a_condition_that_restates_what_the_user_saw_leaves_the_guess() -> None:
    text = "If you saw an axolotl with a unique color, it could have been any of these."
    assert _hedged(text) == ["could have been"]
    # a condition nobody reported is the hypothetical
    assert _hedged("If the water was warm, it could have been a leucistic axolotl.") == []
