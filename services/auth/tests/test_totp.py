"""TOTP against the test vectors of RFC 6238 (SHA-1), and the sealing of secrets (no I/O)."""

from __future__ import annotations

import base64

import pytest
from cryptography.exceptions import InvalidTag

from auth_service import totp

RFC_SECRET = base64.b32encode(b"12345678901234567890").decode().rstrip("=")


@pytest.mark.parametrize(
    ("unix_time", "code"),
    [
        (59, "94287082"),
        (1111111109, "07081804"),
        (1111111111, "14050471"),
        (1234567890, "89005924"),
        (2000000000, "69279037"),
        (20000000000, "65353130"),
    ],
)
def test_rfc_6238_vectors(unix_time: int, code: str) -> None:
    assert totp.code_at(RFC_SECRET, unix_time, digits=8) == code


def test_a_code_matches_its_own_step_with_one_step_of_drift_and_no_more() -> None:
    secret = totp.new_secret()
    now = 1_700_000_010.0  # step 56,666,667
    assert totp.matching_step(secret, totp.code_at(secret, now), now) == 56_666_667
    assert totp.matching_step(secret, totp.code_at(secret, now - 30), now) == 56_666_666
    assert totp.matching_step(secret, totp.code_at(secret, now + 30), now) == 56_666_668
    assert totp.matching_step(secret, totp.code_at(secret, now - 90), now) is None


def test_sealed_secrets_open_only_with_the_same_key() -> None:
    sealed = totp.seal("JBSWY3DPEHPK3PXP", "key-one")
    assert "JBSWY3DPEHPK3PXP" not in sealed
    assert totp.unseal(sealed, "key-one") == "JBSWY3DPEHPK3PXP"
    with pytest.raises(InvalidTag):
        totp.unseal(sealed, "key-two")


def test_provisioning_uri_names_issuer_and_account() -> None:
    uri = totp.provisioning_uri("ABC", "ayse1990", "F2 Türkiye")
    assert uri.startswith("otpauth://totp/F2%20T%C3%BCrkiye:ayse1990?secret=ABC&issuer=F2%20T%C3%BCrkiye")
