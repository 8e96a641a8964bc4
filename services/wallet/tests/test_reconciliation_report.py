"""The brand's reconciliation report (``opsReconciliation``): its ledger's totals by kind and each currency's sum,
and every balance that is not its journal and every transaction whose entries do not sum to zero, for this brand
only; read by the brand's finance readers only."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from wallet_http import MERCHANT, WalletClient

from portal_kit.sessions import OpsRole

REPORT = f"/wps/ops/wallet/merchants/{MERCHANT}/dashboard/reconciliation"


async def report(wallet: WalletClient) -> dict[str, Any]:
    answer = await wallet.call("GET", REPORT, await wallet.ops("finance.reader", MERCHANT, OpsRole.VIEWER))
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


def total(found: dict[str, Any], kind: str, *, house: bool) -> int:
    return sum(row["balance"] for row in found["totals"] if row["kind"] == kind and row["house"] is house)


async def test_a_ledger_that_adds_up_reports_its_totals_and_no_problem(wallet: WalletClient) -> None:
    ayse, _ = await wallet.member("ayse")
    await wallet.member("mehmet")
    await wallet.ops_credit(ayse, 12_345, await wallet.ops())
    found = await report(wallet)
    assert found["balanced"] is True and found["differences"] == [] and found["unbalanced"] == []
    assert found["differenceCount"] == 0 and found["unbalancedCount"] == 0
    assert found["currencies"] == [{"currency": "TRY", "total": 0, "balanced": True}]
    assert total(found, "main", house=False) == 12_345
    assert total(found, "house:adjustments", house=True) == -12_345
    assert sum(row["balance"] for row in found["totals"]) == 0
    (members,) = [row for row in found["totals"] if row["kind"] == "main" and not row["house"] and not row["trial"]]
    assert members["accounts"] == 2


async def test_a_balance_moved_outside_the_journal_is_reported_with_both_figures(wallet: WalletClient) -> None:
    ayse, _ = await wallet.member("ayse")
    async with wallet.db.transaction() as session:  # a write that skipped the money API: no journal entry
        await session.execute(
            text("UPDATE ledger_account SET balance = balance + 500 WHERE owner_id = :owner AND kind = 'main'"),
            {"owner": ayse},
        )
    found = await report(wallet)
    assert found["balanced"] is False
    assert found["currencies"] == [{"currency": "TRY", "total": 500, "balanced": False}]
    assert found["differences"] == [
        {"accountId": ayse, "kind": "main", "currency": "TRY", "balance": 500, "journal": 0}
    ]
    assert found["differenceCount"] == 1


async def test_another_brands_problem_is_not_in_this_brands_report(wallet: WalletClient) -> None:
    await wallet.member("ayse")
    async with wallet.db.transaction() as session:
        await session.execute(
            text(
                "INSERT INTO ledger_account (merchant, currency, owner_id, kind, trial, allow_negative, balance, held) "
                "VALUES ('otherbrand', 'TRY', 'someone', 'main', false, false, 999, 0)"
            )
        )
    found = await report(wallet)
    assert found["balanced"] is True and found["differences"] == []
    other = await wallet.call("GET", REPORT.replace(MERCHANT, "otherbrand"), await wallet.ops("o", "otherbrand"))
    assert other.status_code == 200, other.text
    assert other.json()["value"]["differenceCount"] == 1 and other.json()["value"]["balanced"] is False


async def test_only_the_brands_finance_readers_read_the_report(wallet: WalletClient) -> None:
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,), (OpsRole.FINANCE_CHECKER,), (OpsRole.ADMIN,)):
        answer = await wallet.call("GET", REPORT, await wallet.ops("reader", MERCHANT, *roles))
        assert answer.status_code == 200, (roles, answer.text)
    editor = await wallet.ops("editor", MERCHANT, OpsRole.CONTENT)
    other_brand = await wallet.ops("other", "otherbrand", OpsRole.ADMIN)
    member = (await wallet.member("ayse"))[1]
    for token, status, code in ((editor, 403, "ops.role_required"), (other_brand, 403, "access.denied"),
                                (member, 403, "access.denied"), (None, 401, None)):  # fmt: skip
        refused = await wallet.call("GET", REPORT, token)
        assert refused.status_code == status, refused.text
        if code:
            assert refused.json()["errorCode"] == code
