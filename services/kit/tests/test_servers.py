"""The local servers' process settings (pure rules, no process started)."""

from __future__ import annotations

import pytest

from portal_kit.servers import go_env


@pytest.mark.parametrize(("cores", "expected"), [(1, "1"), (2, "1"), (3, "1"), (8, "4"), (None, "1")])
def test_a_go_server_schedules_on_half_the_cores(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, expected: str
) -> None:
    monkeypatch.delenv("GOMAXPROCS", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    assert go_env() == {"GOMAXPROCS": expected}


def test_an_operators_gomaxprocs_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOMAXPROCS", "6")
    assert go_env() == {}  # the child inherits the operator's own setting
