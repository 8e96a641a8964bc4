"""A bank account's names are plain text, over HTTP against real servers: markup or a control or format character
in the holder's or the bank's name is refused with a 400 envelope naming the field, and nothing is bound; a name in
any script is kept as written."""

from __future__ import annotations

import pytest
from wallet_http import PAYMENT_PASSWORD, WalletClient

BANKS = "/wps/v2/wallets/bank-accounts"
BODY = {"bankName": "Akbank", "holderName": "Ayşe Yılmaz", "accountNumber": "TR560004600000888000012345"}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("holderName", "<img src=x onerror=alert(1)>"),
        ("holderName", "Ayşe <b>Yılmaz</b>"),
        ("holderName", "Ayşe\x00Yılmaz"),
        ("holderName", "Ayşe\nYılmaz"),
        ("holderName", "Ayşe \u202eYılmaz"),  # a right-to-left override reverses what ops read
        ("holderName", "Ayşe\u2028Yılmaz"),  # the line separator and the paragraph separator break lines too
        ("bankName", "Ak\u2029bank"),
        ("bankName", "<script>alert(1)</script>"),
        ("bankName", "Akbank\x1b[31m"),
    ],
)
async def test_markup_or_control_characters_in_a_name_are_refused_and_nothing_is_bound(
    wallet: WalletClient, field: str, value: str
) -> None:
    _, token = await wallet.member("ayse")
    refused = await wallet.call_sealed(
        "POST", BANKS, token, {**BODY, field: value, "paymentPassword": PAYMENT_PASSWORD}
    )
    envelope = refused.json()
    assert (refused.status_code, envelope["success"], envelope["errorCode"]) == (400, False, "validation.failed")
    assert field in envelope["message"]  # "Invalid field: holderName. ..."
    assert (await wallet.call("GET", BANKS, token)).json()["value"] == []


async def test_a_name_in_any_script_is_bound_as_written(wallet: WalletClient) -> None:
    _, token = await wallet.member("ayse")
    for holder in ("Ayşe O'Neil-Yılmaz", "张伟"):
        number = "TR56000460000088800001234" + str(len(holder))
        bound = await wallet.call_sealed(
            "POST", BANKS, token, {**BODY, "holderName": f"  {holder} ", "accountNumber": number,
                                   "paymentPassword": PAYMENT_PASSWORD},
        )  # fmt: skip
        assert bound.status_code == 200, bound.text
        assert bound.json()["value"]["holderName"] == holder
