"""The fuzz tier's marker: it runs by default; ``-m "not fuzz"`` leaves it out."""
from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz: seeded mutations of player files through the real entry points")
