"""Rebuild the unlabelled rows of sealed round 30 (``hedges_sealed_r30.jsonl``, ``turns_sealed_r30.jsonl``).

Usage: ``python sealed_r30_build.py SOURCES HEDGES_OUT TURNS_OUT``.

``SOURCES`` holds one folder per repository, named ``owner+name``, with each file of ``SESSIONS`` and
``SCENARIOS`` at its repository path, as stored at the commit the tables give (no snapshot of these
repositories could be fetched here; the files were read through the code index at those commits and
copied reduced: each line's ``request``, its last tool call with ``result`` and ``response``, each
scenario's ``turns`` with the opener and the last agent text; that is all the script reads).

- ``SESSIONS``: ``hw1-session.jsonl`` of students' copies of the AI Evals course's Cartwheel homework
  (ai-evals-course/cartwheel-homeworks). Each line is one recorded session of the course's LLM support
  agent for "Cartwheel", a multi-store marketplace: a person (the student, acting as a shopper, a
  merchant or a support employee) typed ``request``; the agent called Cartwheel tools (``get_order``,
  ``search_help_center``, ``get_policy``, ``issue_refund``, ``escalate_to_human``, ...) whose calls and
  results are in ``tool_calls``; ``response`` is the agent's final reply. Only the first ``N`` lines of
  a file are read (``N`` is the table's last column: the lines the index returned whole).
- ``SCENARIOS``: the course's ``scenarios/hw5-wave1-results.jsonl`` and ``hw5-wave2-results.jsonl`` (its
  first 13 records, the ones the index returned whole): the same agent answering
  LLM-generated shopper openers (``turns[0].user`` / ``turns[-1].agent``); no tool result is recorded.

Hedge rows (``kind`` ``message``): every session's ``response`` and every scenario's last agent text;
``latest_result`` is the result of the session's last tool call (``json.dumps``, ``ensure_ascii=False``,
cut at ``RESULT_CHARS``), ``""`` when the session called no tool or the source records none; ``user`` is the
user turn the text answers (the session's ``request``, the scenario's ``turns[-1].user``; session 32). No cue
words are used to draw: every line read is kept. Turn rows: every session's ``request`` and every
scenario's first user turn, ``previous`` ``""`` and ``asked`` false (each opens its session), except
the ``FOLLOWS`` lines, which reply to the line before them. A text
already taken (same kind) is not taken again, and a text another unsealed file of this folder holds is
dropped.

If an output file exists, its hand-written ``hedge`` / ``label`` and ``note`` are kept by ``id``. The
labels were written by hand with GUIDELINE.md before any projeval detector or classifier ran on the
rows. The sealed files of rounds 23-29 are never opened (not even to check for overlap).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

COURSE = ("ai-evals-course/cartwheel-homeworks", "a9bbef8a03c655045d3b3db7d2ffc22b3a9c746e")
SESSIONS = [
    # (repository, commit, path, lines read, id slug)
    (
        "BertStaub/cartwheel-homeworks",
        "1f60c6c8ce83b91ceea67c2cddc694117126a430",
        "hw1-session.jsonl",
        10,
        "bst",
    ),
    (
        "Charlie-McDaddy/cartwheel-homeworks",
        "16bfbcde3f16d18528e2a3837d7c5a28506d026b",
        "hw1-session.jsonl",
        10,
        "cmd",
    ),
    (
        "Lwhieldon/cartwheel-homeworks",
        "518721621bb3e8681c64315b407ab3fc6f51821c",
        "hw1-session.jsonl",
        12,
        "lwh",
    ),
    (
        "MunozJL/cartwheel-homeworks",
        "bf2934b9592c7195c2f6884fae7f82a8bb0c8b8f",
        "hw1-session.jsonl",
        11,
        "mjl",
    ),
    (
        "SCRKT/cartwheel-homeworks",
        "b839451d41c78b663615ddf477b73977ad4d613c",
        "hw1-session.jsonl",
        12,
        "scr",
    ),
    (
        "Vignesh-95/cartwheel-homeworks",
        "2c224c4d0a3083902a7634973e6aba5e36d554e3",
        "hw1-session.jsonl",
        10,
        "vig",
    ),
    (
        "adazxx/maven-ai-evals",
        "ca185892f88f54ee4c1c03b4f955899f3ba0883c",
        "hw1-session.jsonl",
        11,
        "ada",
    ),
    (
        "alexgsm/cartwheel-homeworks",
        "a1e136f77c11413d830eecd84a32ce31a83b8df6",
        "hw1-session.jsonl",
        10,
        "alx",
    ),
    (
        "anur2008/cartwheel-homeworks",
        "6fccdbd566badddeebe253292c5476244f89ff40",
        "hw1-session.jsonl",
        9,
        "anu",
    ),
    (
        "avinaru-cpto/cartwheel-homeworks",
        "8f186239cc72466a94789d231798583d0f790991",
        "hw1-session.jsonl",
        8,
        "avi",
    ),
    (
        "bermanium/cartwheel-homeworks",
        "c0730ccb6ad0e45804dca804274517389c99a5c6",
        "hw1-session.jsonl",
        4,
        "ber",
    ),
    (
        "bfalkowski/cartwheel-homeworks",
        "f5a2020e6812ace376c9d439b7bcba378f98e91a",
        "hw1-session.jsonl",
        7,
        "bfa",
    ),
    (
        "brice-tossim/cartwheel-homeworks",
        "59176ebaa7e70bf79ca8f1dc4b1fa7b83028f790",
        "hw1-session.jsonl",
        10,
        "bri",
    ),
    (
        "delorenzostefano/cartwheel-homeworks",
        "198f9bae9821c9c41042e2e6040b27fddc6ebf19",
        "hw1-session.jsonl",
        5,
        "del",
    ),
    (
        "dianamp/cartwheel-homeworks",
        "5e332c943d7208041ff6b196590e6d72b7a2db39",
        "hw1-session.jsonl",
        4,
        "dia",
    ),
    (
        "eckrag89/cartwheel-homeworks",
        "2244a085a8b2abab5b026813ddcb5d07947914e4",
        "hw1-session.jsonl",
        8,
        "eck",
    ),
    (
        "edangx100/cartwheel-homeworks",
        "a2877209a61ce60cf594b4dcf20afd42268ba278",
        "hw1-session.jsonl",
        9,
        "eda",
    ),
    (
        "elizabethjane/cartwheel-homeworks",
        "e6af73a6dcf796434bf1a97ddb80ea0325c28b2c",
        "hw1-session.jsonl",
        10,
        "eli",
    ),
    (
        "jarrettpickel/cartwheel-homeworks",
        "e42d5dc0537d99dc25780daff2e859efaa131466",
        "hw1-session.jsonl",
        4,
        "jar",
    ),
    (
        "jrnold/cartwheel-homeworks",
        "0d1696c6d24bdea37aa65a14a2c34a3c219ea063",
        "hw1-session.jsonl",
        8,
        "jrn",
    ),
    (
        "kalsaj123/cartwheel-homeworks",
        "6e5736dd5eed62b10a7a5c844e01e5c302d02bf6",
        "hw1-session.jsonl",
        6,
        "kal",
    ),
    (
        "michaelcheung2/cartwheel-homeworks",
        "c91415c8057dd1aec6aa19c40d31ceb425ce780c",
        "hw1-session.jsonl",
        12,
        "mch",
    ),
    (
        "naoyak/cartwheel-homeworks",
        "346a502bc060093484fc4694d0ba2d2bf05285fd",
        "hw1-session.jsonl",
        11,
        "nao",
    ),
    (
        "nazletoff/cartwheel-homeworks",
        "0658330c35e109757906ca3c55a7cc44c27ef5fa",
        "hw1-session.jsonl",
        8,
        "naz",
    ),
    (
        "lgood712/cartwheel-homeworks",
        "392537d4084e87cd00ad7cdeec5fa39d7c61f231",
        "hw1-session.jsonl",
        7,
        "lgo",
    ),
    (
        "mayerantoine/cartwheel-homeworks",
        "6debff84c594b02d89cc6ffd1ca8e289c3bd0a06",
        "hw1-session.jsonl",
        7,
        "may",
    ),
    (
        "pammayer/cartwheel-homeworks",
        "d5a0c15d91d268fcc872c62792b5c40c820053eb",
        "hw1-session.jsonl",
        14,
        "pam",
    ),
    (
        "persadha/cartwheel-homeworks",
        "05e2225c793a3280698d75eab65c06f3828f6057",
        "hw1-session.jsonl",
        5,
        "per",
    ),
    (
        "shelbyprue/cartwheel-homeworks",
        "c2fe5a0892c20e7080c6e1454beb8dc4b835f95f",
        "hw1-session.jsonl",
        6,
        "she",
    ),
    (
        "yuliaknut/cartwheel-homeworks",
        "5e3cdb5d06490aa4b8730c1354b91e93959450a9",
        "hw1-session.jsonl",
        5,
        "yul",
    ),
]
SCENARIOS = [
    (COURSE[0], COURSE[1], "scenarios/hw5-wave1-results.jsonl", 24, "hw5"),
    (COURSE[0], COURSE[1], "scenarios/hw5-wave2-results.jsonl", 13, "wv2"),
]
RESULT_CHARS = 2000
SEALED = re.compile(r"sealed_r(2[3-9]|30)")
HERE = Path(__file__).parent


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


def lines(sources: Path, repo: str, path: str, n: int) -> list[dict]:
    """The first n records of one source file."""
    text = (sources / repo.replace("/", "+") / path).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()][:n]


def latest(record: dict) -> str:
    """The last tool result of a session, as text."""
    calls = record.get("tool_calls") or []
    if not calls:
        return ""
    return json.dumps(calls[-1].get("result"), ensure_ascii=False)[:RESULT_CHARS]


# Lines that continue the line before them in the same file (the student typed the reply to the
# agent's question as a new line): the turn's ``previous`` is that line's response, ``asked`` true.
FOLLOWS = {"anur2008-01", "anur2008-08"}


def rows(sources: Path) -> tuple[list[dict], list[dict]]:
    """Hedge rows and turn rows, in source order."""
    taken = folder_texts()
    hedges: list[dict] = []
    turns: list[dict] = []
    seen_h: set[str] = set()
    seen_t: set[str] = set()

    def add(
        repo: str,
        commit: str,
        where: str,
        rid: str,
        reply: str,
        result: str,
        asks: str,
        previous: str = "",
        user: str | None = None,
    ) -> None:
        reply, asks = reply.strip(), asks.strip()
        asker = asks if user is None else user.strip()
        if reply and reply not in seen_h and reply not in taken:
            seen_h.add(reply)
            hedges.append(
                {
                    "id": f"s30-{rid}",
                    "source": repo,
                    "commit": commit,
                    "path": where,
                    "lang": "en",
                    "kind": "message",
                    "text": reply,
                    "latest_result": result,
                    "user": asker,
                }
            )
        if asks and asks not in seen_t and asks not in taken:
            seen_t.add(asks)
            turns.append(
                {
                    "id": f"s30-{rid.replace('-', '-t', 1)}",
                    "source": repo,
                    "commit": commit,
                    "lang": "en",
                    "path": where,
                    "text": asks,
                    "previous": previous,
                    "asked": bool(previous),
                }
            )

    for repo, commit, path, n, slug in SESSIONS:
        recs = lines(sources, repo, path, n)
        for i, rec in enumerate(recs):
            prev = (
                recs[i - 1]["response"].strip()
                if f"{repo.split('/')[0]}-{i:02d}" in FOLLOWS
                else ""
            )
            add(
                repo,
                commit,
                f"{path}#{i}",
                f"{slug}-{i:02d}",
                rec["response"],
                latest(rec),
                rec["request"],
                prev,
            )
    for repo, commit, path, n, slug in SCENARIOS:
        for i, rec in enumerate(lines(sources, repo, path, n)):
            add(
                repo,
                commit,
                f"{path}#{i}",
                f"{slug}-{i:02d}",
                rec["turns"][-1]["agent"],
                "",
                rec["turns"][0]["user"],
                user=rec["turns"][-1]["user"],
            )
    return hedges, turns


def keep_labels(out_file: str, new: list[dict], fields: tuple[str, ...]) -> None:
    """Write rows, keeping the hand-written fields of an existing file by id."""
    old: dict[str, dict] = {}
    out = Path(out_file)
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                old[row["id"]] = row
    with out.open("w", encoding="utf-8") as f:
        for r in new:
            for field in fields:
                if field in old.get(r["id"], {}):
                    r[field] = old[r["id"]][field]
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main(argv: list[str]) -> int:
    """Build both files."""
    if len(argv) != 4:
        print(__doc__.splitlines()[2], file=sys.stderr)
        return 2
    hedges, turns = rows(Path(argv[1]))
    keep_labels(argv[2], hedges, ("hedge", "note"))
    keep_labels(argv[3], turns, ("label", "note"))
    print(f"{len(hedges)} hedge rows, {len(turns)} turn rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
