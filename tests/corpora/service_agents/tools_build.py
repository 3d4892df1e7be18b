"""Write ``sopbench_tools.json``: SOPBench's tool definitions as OpenAI function definitions.

Usage: ``python tools_build.py SOPBENCH_GIT``. Source: ``arpitg1991/SOPBench`` at
``f4a86fe5e838aced7a0a7f46025e61fd2c033f09``, ``env/domains/<domain>/<domain>_assistant.py``: each
module's ``actions`` list (name, description, parameters), the description built as the source's
``env.helpers.get_action_full_description`` does (the action's description, then its return).
The tools the runs add themselves (``exit_conversation``) are not in these modules. SOPBench gives
no read-only annotation: projeval reads each tool's verb, or its description.
"""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

SOURCE = ("arpitg1991/SOPBench", "f4a86fe5e838aced7a0a7f46025e61fd2c033f09")
DOMAINS = ("bank", "dmv", "healthcare", "library", "university")
HERE = Path(__file__).parent


def full_description(descriptions: dict, returns: dict, name: str) -> str:
    """The action's description followed by what it returns."""
    return f"{descriptions[name]} {returns.get(name, '')}".strip()


def actions(git: str, domain: str) -> list[dict]:
    """One domain's ``actions`` list, read by running its module with a stub helper."""
    code = subprocess.run(
        ["git", "-C", git, "show", f"{SOURCE[1]}:env/domains/{domain}/{domain}_assistant.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    helpers = types.ModuleType("env.helpers")
    helpers.get_action_full_description = full_description  # type: ignore[attr-defined]
    sys.modules["env"] = types.ModuleType("env")
    sys.modules["env.helpers"] = helpers
    space: dict = {}
    exec(compile(code, f"{domain}_assistant.py", "exec"), space)
    return list(space["actions"])


def main(git: str) -> None:
    """Every domain's tools, each name once, as ``{"type": "function", "function": ...}``."""
    seen: dict[str, dict] = {}
    for domain in DOMAINS:
        for action in actions(git, domain):
            seen.setdefault(action["name"], {"type": "function", "function": action})
    out = HERE / "sopbench_tools.json"
    out.write_text(json.dumps(list(seen.values()), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
