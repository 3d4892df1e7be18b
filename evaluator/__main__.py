"""``python -m projeval``: the same command as ``projeval``."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":
    main()
