"""``./portal ops-token`` is for development: outside it, it refuses before it touches anything."""

from __future__ import annotations

import pytest

from portal_stack.ops_token import main


@pytest.mark.parametrize("variable", ["ENVIRONMENT", "AUTH_ENVIRONMENT"])
@pytest.mark.parametrize("environment", ["production", "staging", "Prod", " PRODUCTION "])
def test_ops_token_refuses_outside_development(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], variable: str, environment: str
) -> None:
    for name in ("ENVIRONMENT", "AUTH_ENVIRONMENT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, environment)
    monkeypatch.setenv("PORTAL_DATA_DIR", "/nonexistent/portal-data")  # reaching the stack would fail loudly
    assert main(["ops.person", "*"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "development sessions only" in captured.err
