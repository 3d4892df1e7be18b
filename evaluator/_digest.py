"""Content digests, so a trend can say what changed between two runs."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .suites import Suite


def digest_bytes(data: bytes) -> str:
    """Short sha256 of some bytes."""
    return hashlib.sha256(data).hexdigest()[:16]


def digest_json(value: Any) -> str:
    """Digest of a JSON value, independent of key order and whitespace."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return digest_bytes(text.encode())


def digest_suite(text: str, suite: Suite) -> str:
    """Digest of the suite file's text (fixtures and projections are digested apart)."""
    return digest_bytes(text.encode())
