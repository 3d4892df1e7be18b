"""The store's errors, all of them :class:`~projeval.errors.StoreError`."""

from __future__ import annotations

from ..errors import StoreError


class StoreBusyError(StoreError):
    """Another projeval process holds the store for longer than the lock timeout."""


class StoreVersionError(StoreError):
    """The store was written by a newer projeval."""


class NotAStoreError(StoreError):
    """The file at the store path is not a projeval history store; it is left untouched."""


class StoreWriteError(StoreError):
    """A run (or a migration) could not be written; the store is as it was before."""
