"""Fixtures for the trace tests."""

from __future__ import annotations

import pytest
from trace_helpers import Suite, desk_suite


@pytest.fixture
def desk() -> Suite:
    return desk_suite()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the Dask engine's tests last: a Dask client leaves a thread in the process
    (``Dask-Offload``), and the local engine forks its shards only when there is none."""
    last = [i for i in items if i.path.name == "test_trace_distributed.py"]
    items[:] = [i for i in items if i.path.name != "test_trace_distributed.py"] + last
