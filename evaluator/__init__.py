"""projeval: question-driven evaluation of tool-result projections."""

from __future__ import annotations

__version__ = "0.1.0"
