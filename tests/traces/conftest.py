"""Fixtures for the trace tests."""

from __future__ import annotations

import pytest
from trace_helpers import Suite, desk_suite


@pytest.fixture
def desk() -> Suite:
    return desk_suite()
