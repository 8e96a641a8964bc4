"""Pure money rules, without I/O: withdrawal confirmation and proofs, signed orders, brand settings, the
account record's filters, the sandbox gateway's switch."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from portal_kit.errors import DomainError
from wallet_service.deposits.domain import open_order, seal_order, sign, signature_valid
from wallet_service.ledger.domain import MoneyError
from wallet_service.merchants.domain import WalletRules, validated
from wallet_service.records.domain import kinds_for
from wallet_service.settings import WalletSettings
from wallet_service.withdrawals.domain import checked_confirmation, effective_status, proof_type

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def test_a_paid_withdrawal_past_its_deadline_counts_as_received() -> None:
    assert effective_status("paid", NOW + timedelta(seconds=1), NOW) == "paid"
    assert effective_status("paid", NOW, NOW) == "received_auto"
    assert effective_status("not_received", NOW - timedelta(days=1), NOW) == "not_received"


@pytest.mark.parametrize(
    ("answer", "remainder", "proofs", "expected"),
    [
        ("received", None, 0, None),
        ("partly", 1, 0, 1),
        ("partly", 9_999, 3, 9_999),
        ("not_received", None, 1, 10_000),
    ],
)
def test_accepted_confirmations(answer: str, remainder: int | None, proofs: int, expected: int | None) -> None:
    assert checked_confirmation(answer, 10_000, remainder, proofs) == expected


@pytest.mark.parametrize(
    ("answer", "remainder", "proofs", "code"),
    [
        ("partly", None, 0, "remainder.invalid"),
        ("partly", 0, 0, "remainder.invalid"),
        ("partly", 10_000, 0, "remainder.invalid"),
        ("not_received", None, 0, "proof.required"),
        ("not_received", None, 4, "proof.too_many"),
        ("lost", None, 0, "request.invalid"),
    ],
)
def test_refused_confirmations(answer: str, remainder: int | None, proofs: int, code: str) -> None:
    with pytest.raises(MoneyError) as refusal:
        checked_confirmation(answer, 10_000, remainder, proofs)
    assert refusal.value.code == code


def test_proof_images_are_png_or_jpg_under_5_mb() -> None:
    assert proof_type(b"\x89PNG\r\n\x1a\n....") == "image/png"
    assert proof_type(b"\xff\xd8\xff\xe1....") == "image/jpeg"
    for data, code in (
        (b"GIF89a....", "proof.type_invalid"),
        (b"%PDF-1.7", "proof.type_invalid"),
        (b"\x89PNG\r\n\x1a\n" + b"0" * (5 * 1024 * 1024), "proof.too_large"),
    ):
        with pytest.raises(DomainError) as refusal:
            proof_type(data)
        assert refusal.value.code == code


def test_a_sealed_order_opens_only_unchanged_and_with_the_right_secret() -> None:
    order = {"orderId": "o1", "amount": 150_000, "currency": "TRY"}
    sealed = seal_order("s3cret", order)
    assert open_order("s3cret", sealed) == order
    assert open_order("other", sealed) is None
    encoded, signature = sealed.split(".")
    assert open_order("s3cret", encoded[:-2] + "xx." + signature) is None
    assert open_order("s3cret", "garbage") is None
    assert signature_valid("k", b"body", sign("k", b"body"))
    assert not signature_valid("k", b"body!", sign("k", b"body"))
    assert not signature_valid("k", b"body", None)


def test_brand_settings_are_checked_before_they_are_kept() -> None:
    assert validated(WalletRules(mode="transfer", vendors=("PG", "BGS"))).vendor_wallets() == [
        "vendor:PG",
        "vendor:BGS",
    ]
    assert WalletRules(vendors=("PG",)).vendor_wallets() == []  # single mode: no vendor wallets
    for rules, field in (
        (WalletRules(mode="double"), "mode"),
        (WalletRules(vendors=("pg",)), "vendors"),
        (WalletRules(deposit_min=0), "limits"),
        (WalletRules(withdrawal_min=10, withdrawal_max=9), "limits"),
        (WalletRules(confirm_minutes=0), "confirmMinutes"),
    ):
        with pytest.raises(MoneyError) as refusal:
            validated(rules)
        assert (refusal.value.code, refusal.value.params["field"]) == ("settings.invalid", field)
    with pytest.raises(MoneyError):
        WalletRules().check_withdrawal(4_999)
    WalletRules().check_withdrawal(5_000)


def test_record_filters() -> None:
    assert kinds_for(None) is None and kinds_for("all") is None
    assert kinds_for("withdrawal") == ("withdrawal", "withdrawal_refund")
    with pytest.raises(MoneyError):
        kinds_for("casino")


def test_the_free_sandbox_gateway_is_off_in_production_unless_turned_on_with_its_own_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("ENVIRONMENT", "WALLET_ENVIRONMENT", "WALLET_SANDBOX_ENABLED", "WALLET_SANDBOX_SECRET"):
        monkeypatch.delenv(name, raising=False)
    production = {"environment": "production", "secret_key": "a-real-secret", "payload_secret": "another-one"}
    assert WalletSettings(environment="development").sandbox_enabled is True
    assert WalletSettings(environment="test").sandbox_enabled is True
    assert WalletSettings(**production).sandbox_enabled is False
    with pytest.raises(ValidationError, match="sandbox_secret must be set in production"):
        WalletSettings(**production, sandbox_enabled=True)
    assert WalletSettings(**production, sandbox_enabled=True, sandbox_secret="its-own").sandbox_enabled is True
