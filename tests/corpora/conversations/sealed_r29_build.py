"""Rebuild the unlabelled rows of sealed round 29 (``hedges_sealed_r29.jsonl``, ``turns_sealed_r29.jsonl``).

Usage: ``python sealed_r29_build.py DIALOP_GIT SYSBENCH_GIT HEDGES_OUT TURNS_OUT``.

- ``DIALOP_GIT``: a clone (or ``fetch`` mirror) of jlin816/dialop. ``dialop/data.zip`` at ``DIALOP[1]``
  holds the recorded human-human games of DialOp (Lin et al., 2024): ``data/itinerary.jsonl`` (113 games: a
  travel agent, player 1, who searches a database of Berkeley places and proposes itineraries to a
  traveller, player 0, who holds the preferences) and ``data/mediation.jsonl`` (162 games: a flight-booking
  agent, player 2, who sees the flights and proposes one to each of two travellers, players 0 and 1, each in
  a room of their own, ``vroom``). Each game's ``action_log`` holds the messages in order, the agent's
  proposals as the system recorded them (for itineraries the places proposed and the score the system
  computed; for flights the flight, the calendar conflicts it causes and its cost) and each traveller's
  accept or reject.
- ``SYSBENCH_GIT``: a clone (or mirror) of PKU-Baichuan-MLSystemLab/SysBench. ``output/<model>/<model>_analysis.
  xlsx`` at ``SYSBENCH[1]`` holds, per model, 500 Chinese system prompts (roles of an assistant: a
  travel consultant, a property or legal adviser, a product's customer-service agent, …) each with five
  user turns written by the benchmark's annotators and the model's answer to each, the model answering with
  its own earlier answers as history (``round_index`` 1-5). Read with the standard library (an xlsx file
  is a zip of XML).

Hedge rows (``kind`` ``message``): ``N_EN`` agent messages of DialOp, half from each game, and ``N_ZH``
SysBench answers. ``latest_result`` is, for DialOp, the last proposal or proposal response the system
recorded in the agent's room before the message (JSON, times dropped, cut at ``RESULT_CHARS``), ``""``
when none; SysBench records no tool result (``""``). ``user`` is the last traveller message before it in the
agent's room (DialOp; ``""`` when none) or the round's user turn (SysBench; session 32). SysBench rows come from the system prompts of
service domains and scenes (``ZH_DOMAINS``, ``ZH_SCENES``), each system prompt answered by one model
drawn by ``SEED`` from ``ZH_MODELS``. In each part half of the draw comes from the messages that hold a
word of ``CUES_EN`` / ``CUES_ZH`` (uncertainty words written for this draw, not projeval's detector: most
messages state plans or facts flatly, and a set with no hedge measures nothing), half from the rest.
Texts shorter than ``MIN_CHARS`` or longer than ``MAX_CHARS`` are skipped, a text already drawn is not
drawn again, and a text another file of this folder holds is dropped.

``lang`` is ``en`` for DialOp; for SysBench it follows the text (``lang``): several models answer some
prompts in English and some annotators wrote English turns (the system prompts ask for it to test the
model), so the "ZH" part is mostly, not only, Chinese, and one user turn is Japanese (``ja``).

Turn rows: ``N_EN_TURNS`` traveller messages of DialOp (half from each game) and ``N_ZH_TURNS`` SysBench
user turns, drawn by ``SEED`` from the conversations that gave a hedge row. ``previous`` is the agent
message right before the turn in its room (the SysBench model's answer to the previous round; ``""`` when
the turn opens), ``asked`` whether ``previous`` ends with a question mark.

If an output file exists, its hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The
labels were written by hand with GUIDELINE.md before any projeval detector or classifier ran on the
rows. The sealed files of rounds 23-30 are never opened (not even to check for overlap).
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

DIALOP = ("jlin816/dialop", "04a095add0bd66e21405e9430929cc76d1173eea")
SYSBENCH = ("PKU-Baichuan-MLSystemLab/SysBench", "627ffa8010d00e270426975b33b1fb7a0a635602")
DIALOP_ZIP = "dialop/data.zip"
# game -> (file in the zip, the agent's player number)
DIALOP_GAMES = {"iti": ("data/itinerary.jsonl", 1), "med": ("data/mediation.jsonl", 2)}
ZH_MODELS = (
    "qwen2_72b",
    "ernie4",
    "glm4",
    "deepseek",
    "moonshot",
    "yi_large",
    "gpt4o",
    "claude35_opus",
)
ZH_DOMAINS = frozenset({"旅游", "金融", "房地产", "政务", "法律", "汽车", "医疗", "美食"})
ZH_SCENES = frozenset(
    {"客户服务", "售后与维修", "购买指南", "使用技巧", "办事指南", "客户服务和智能客服"}
)
SEED = 2929
N_EN = 150
N_ZH = 150
N_EN_TURNS = 150
N_ZH_TURNS = 150
MIN_CHARS = 25
MAX_CHARS = 1500
RESULT_CHARS = 2000
CUES_EN = re.compile(
    r"\b(seems?|appears?|apparently|likely|unlikely|probably|possibly|perhaps|maybe|might|may|could|"
    r"should|presumably|assum\w+|not sure|unsure|unclear|uncertain|unable to|couldn't|could not|"
    r"cannot|can't|don't have|do not have|don't know|no information|not available|unfortunately|"
    r"approximately|about \d|around \d|roughly|typically|usually|generally|I think|I believe|guess|"
    r"estimate|I feel)\b",
    re.I,
)
CUES_ZH = re.compile(
    r"可能是|可能与|可能有以下|可能原因|可能由|可能符合|可能会导致您|也许|或许|大概|左右|似乎|好像|估计|"
    r"不确定|无法确定|很难(给出|确定|说)|不清楚|不一定|不排除|据估计|因人而异"
)
CJK = re.compile(r"[\u4e00-\u9fff]")
KANA = re.compile(r"[\u3040-\u30ff]")
XLSX = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
SEALED = re.compile(r"sealed_r(2[3-9]|30)")
HERE = Path(__file__).parent


def show(git: str, commit: str, path: str) -> bytes:
    """A file's bytes at a commit."""
    done = subprocess.run(
        ["git", "-C", git, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return done.stdout


def folder_texts() -> set[str]:
    """Texts the other (unsealed) files of this folder hold."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.jsonl")):
        if SEALED.search(path.name):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                text = json.loads(line).get("text")
                if isinstance(text, str):
                    out.add(text.strip())
    return out


def lang(text: str) -> str:
    """``zh`` when the text holds Chinese characters (SysBench's models sometimes answer in English).

    A text whose kana are over a fifth of its kana and Chinese characters is Japanese (``ja``): one
    SysBench user turn is written in Japanese; answers that append a Japanese translation stay ``zh``.
    """
    han, kana = len(CJK.findall(text)), len(KANA.findall(text))
    if kana and kana > (han + kana) / 5:
        return "ja"
    return "zh" if han else "en"


def asked(previous: str) -> bool:
    """Whether the agent message before the turn ends with a question mark."""
    return previous.rstrip().endswith(("?", "？"))


def _result(event: dict, room: int | None) -> str:
    """A proposal or proposal response as the system recorded it, for one room, times dropped."""
    body = {k: v for k, v in event.items() if k not in ("time", "player", "type", "vroom")}
    if (
        room is not None
        and isinstance(body.get("proposals"), list)
        and len(body["proposals"]) > room
    ):
        body = {"proposal": body["proposals"][room]}
    return json.dumps({event["type"]: body}, ensure_ascii=False)[:RESULT_CHARS]


def dialop_messages(git: str) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
    """Every agent message and traveller message of the two games, with their context, by game."""
    archive = zipfile.ZipFile(io.BytesIO(show(git, DIALOP[1], DIALOP_ZIP)))
    agent: dict[str, list[dict]] = {}
    user: dict[str, list[dict]] = {}
    for key, (name, agent_player) in DIALOP_GAMES.items():
        agent[key], user[key] = [], []
        for gi, line in enumerate(archive.read(name).decode("utf-8").splitlines()):
            if not line.strip():
                continue
            latest: dict[int | None, str] = {}
            previous: dict[int | None, str] = {}
            asker: dict[int | None, str] = {}  # the last traveller message in each room
            for ai, act in enumerate(json.loads(line)["action_log"]):
                room = act.get("vroom") if key == "med" else None
                where = f"{DIALOP_ZIP}!{name}#{gi}/{ai}"
                if act["type"] == "proposal":
                    rooms = [0, 1] if key == "med" else [None]
                    for r in rooms:
                        latest[r] = _result(act, r)
                elif act["type"] == "proposal_response":
                    latest[room] = _result(act, None)
                elif act["type"] == "message":
                    text = str(act["message"]["data"]).strip()
                    if act["player"] == agent_player:
                        agent[key].append(
                            {
                                "path": where,
                                "conv": gi,
                                "text": text,
                                "latest_result": latest.get(room, ""),
                                "user": asker.get(room, ""),
                            }
                        )
                        previous[room] = text
                    else:
                        asker[room] = text
                        user[key].append(
                            {
                                "path": where,
                                "conv": gi,
                                "text": text,
                                "previous": previous.get(room, ""),
                            }
                        )
    return agent, user


def xlsx_rows(data: bytes) -> list[dict[str, str]]:
    """The first sheet of an xlsx file as dicts keyed by the header row."""
    book = zipfile.ZipFile(io.BytesIO(data))
    shared = [
        "".join(t.text or "" for t in si.iter(XLSX + "t"))
        for si in ET.fromstring(book.read("xl/sharedStrings.xml")).findall(XLSX + "si")
    ]
    table: list[dict[str, str]] = []
    for row in ET.fromstring(book.read("xl/worksheets/sheet1.xml")).iter(XLSX + "row"):
        cells: dict[str, str] = {}
        for c in row.findall(XLSX + "c"):
            col = re.match(r"[A-Z]+", c.get("r", "")).group()  # type: ignore[union-attr]
            v = c.find(XLSX + "v")
            if c.get("t") == "s" and v is not None and v.text is not None:
                cells[col] = shared[int(v.text)]
            elif c.get("t") == "inlineStr":
                cells[col] = "".join(x.text or "" for x in c.iter(XLSX + "t"))
            elif v is not None and v.text is not None:
                cells[col] = v.text
        table.append(cells)
    header = table[0]
    return [{header[k]: v for k, v in r.items() if k in header} for r in table[1:]]


def sysbench_messages(git: str, rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Answers and user turns of the service system prompts, each prompt answered by one drawn model."""
    by_model = {
        m: xlsx_rows(show(git, SYSBENCH[1], f"output/{m}/{m}_analysis.xlsx")) for m in ZH_MODELS
    }
    first = by_model[ZH_MODELS[0]]
    ids = sorted(
        {
            r["system_id"]
            for r in first
            if r.get("领域") in ZH_DOMAINS or r.get("场景") in ZH_SCENES
        },
        key=int,
    )
    model_of = {sid: rng.choice(ZH_MODELS) for sid in ids}
    answers: list[dict] = []
    turns: list[dict] = []
    for sid in ids:
        model = model_of[sid]
        rounds = sorted(
            (r for r in by_model[model] if r["system_id"] == sid),
            key=lambda r: int(r["round_index"]),
        )
        previous = ""
        for r in rounds:
            where = f"output/{model}/{model}_analysis.xlsx#system_id={sid}/round={r['round_index']}"
            turns.append(
                {
                    "path": where,
                    "conv": int(sid),
                    "text": (r.get("prompt") or "").strip(),
                    "previous": previous,
                }
            )
            answer = (r.get("answer") or "").strip()
            answers.append(
                {
                    "path": where,
                    "conv": int(sid),
                    "text": answer,
                    "latest_result": "",
                    "user": (r.get("prompt") or "").strip(),
                }
            )
            previous = answer
    return answers, turns


def draw(
    pool: list[dict], n: int, cues: re.Pattern[str], taken: set[str], rng: random.Random
) -> list[dict]:
    """Half of n from messages holding a cue word, half from the rest; in source order."""
    seen: set[str] = set()
    ok = []
    for m in pool:
        if (
            MIN_CHARS <= len(m["text"]) <= MAX_CHARS
            and m["text"] not in taken
            and m["text"] not in seen
        ):
            seen.add(m["text"])
            ok.append(m)
    cue = [m for m in ok if cues.search(m["text"])]
    rest = [m for m in ok if not cues.search(m["text"])]
    pick = rng.sample(cue, min(n // 2, len(cue)))
    pick += rng.sample(rest, min(n - len(pick), len(rest)))
    pick.sort(key=lambda m: m["path"])
    taken.update(m["text"] for m in pick)
    return pick


def draw_turns(
    pool: list[dict], convs: set[int], n: int, taken: set[str], rng: random.Random
) -> list[dict]:
    """n user turns from the conversations that gave a hedge row; in source order."""
    seen: set[str] = set()
    ok = []
    for t in pool:
        if t["conv"] in convs and t["text"] and t["text"] not in taken and t["text"] not in seen:
            seen.add(t["text"])
            ok.append(t)
    pick = rng.sample(ok, min(n, len(ok)))
    pick.sort(key=lambda t: t["path"])
    taken.update(t["text"] for t in pick)
    return pick


def keep_labels(out_file: str, rows: list[dict], fields: tuple[str, ...]) -> None:
    """Write rows, keeping the hand-written fields of an existing file by id."""
    old: dict[str, dict] = {}
    out = Path(out_file)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    with out.open("w", encoding="utf-8") as f:
        for r in rows:
            for field in fields:
                if field in old.get(r["id"], {}):
                    r[field] = old[r["id"]][field]
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(dialop_git: str, sysbench_git: str, hedges_out: str, turns_out: str) -> None:
    """Draw the rows and write them (labels kept from existing outputs)."""
    taken = folder_texts()
    rng = random.Random(SEED)
    hedges: list[dict] = []
    turns: list[dict] = []
    agent, user = dialop_messages(dialop_git)
    for k, key in enumerate(DIALOP_GAMES):
        n = N_EN // len(DIALOP_GAMES) + (1 if k < N_EN % len(DIALOP_GAMES) else 0)
        pick = draw(agent[key], n, CUES_EN, taken, rng)
        for i, m in enumerate(pick):
            hedges.append(
                {
                    "id": f"s29-dop-{key}-{i:03d}",
                    "source": DIALOP[0],
                    "commit": DIALOP[1],
                    "path": m["path"],
                    "lang": "en",
                    "kind": "message",
                    "text": m["text"],
                    "latest_result": m["latest_result"],
                    "user": m["user"],
                }
            )
        nt = N_EN_TURNS // len(DIALOP_GAMES) + (1 if k < N_EN_TURNS % len(DIALOP_GAMES) else 0)
        for i, t in enumerate(draw_turns(user[key], {m["conv"] for m in pick}, nt, taken, rng)):
            turns.append(
                {
                    "id": f"s29-dop-{key}-t{i:03d}",
                    "source": DIALOP[0],
                    "commit": DIALOP[1],
                    "lang": "en",
                    "path": t["path"],
                    "text": t["text"],
                    "previous": t["previous"],
                    "asked": asked(t["previous"]),
                }
            )
    answers, zturns = sysbench_messages(sysbench_git, rng)
    pick = draw(answers, N_ZH, CUES_ZH, taken, rng)
    for i, m in enumerate(pick):
        hedges.append(
            {
                "id": f"s29-sys-{i:03d}",
                "source": SYSBENCH[0],
                "commit": SYSBENCH[1],
                "path": m["path"],
                "lang": lang(m["text"]),
                "kind": "message",
                "text": m["text"],
                "latest_result": "",
                "user": m["user"],
            }
        )
    for i, t in enumerate(draw_turns(zturns, {m["conv"] for m in pick}, N_ZH_TURNS, taken, rng)):
        turns.append(
            {
                "id": f"s29-sys-t{i:03d}",
                "source": SYSBENCH[0],
                "commit": SYSBENCH[1],
                "lang": lang(t["text"]),
                "path": t["path"],
                "text": t["text"],
                "previous": t["previous"],
                "asked": asked(t["previous"]),
            }
        )
    keep_labels(hedges_out, hedges, ("hedge", "note"))
    keep_labels(turns_out, turns, ("label", "note"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4])
