"""Every test runs with its own user folders: nothing a test writes (saves,
settings, the seal key, crash logs) lands in the real user's folders."""
from __future__ import annotations

import pytest

from opensky.persistence import sealkey


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("OPENSKY_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("OPENSKY_CONFIG_DIR", str(base / "config"))
    sealkey.forget()
