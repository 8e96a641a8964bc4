"""Issue #43's review, items 6 and 7: the sweep of slips the wallet left unanswered measures their age by the
database's clock (the one that wrote them), not the worker's; an approved void answers the bets it refunds, not the
slips still waiting for their debit's answer, whose debit is rolled back instead."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from lottery_helpers import Lottery
from sqlalchemy import select, update

from lottery_service import worker
from lottery_service.bets import service as bets
from lottery_service.bets.models import Bet, Slip
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import issue_session

BIG = {"betType": "SUM_BIG_SMALL", "option": "BIG", "stake": 1000}


class TenMinutesAhead(datetime):
    """The worker's clock, ten minutes ahead of the database's (two machines, one of them drifting)."""

    @classmethod
    def now(cls, tz: Any = None) -> Any:
        return datetime.now(tz) + timedelta(minutes=10)


async def test_the_sweep_measures_a_slips_age_by_the_database_clock(
    lottery: Lottery, lottery_wallet: Responder, monkeypatch: pytest.MonkeyPatch
) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    await lottery_wallet.stop()  # the debit's answer is late: the slip waits, pending
    late = await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-in-flight")
    assert late.status_code == 503, late.text
    await lottery_wallet.start()
    monkeypatch.setattr(bets, "datetime", TenMinutesAhead, raising=False)
    assert await bets.recover(lottery.db, lottery.nc, 15.0) == 0  # written a moment ago, by the database's clock
    replay = await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-in-flight")
    assert replay.status_code == 200 and replay.json()["value"]["bets"][0]["status"] == "accepted", replay.text
    assert await lottery.balance(account) == 99_000 and await lottery.reconciled()


async def ops(lottery: Lottery, name: str, role: OpsRole) -> dict[str, str]:
    principal = Principal(role=Role.OPS, merchant="*", username=name, ops_roles=frozenset({role}),
                          ops_merchants=frozenset({"*"}))  # fmt: skip
    return {"Authorization": await issue_session(lottery.redis_url, principal)}


async def test_an_approved_void_answers_the_bets_it_refunds_not_the_slips_rolled_back(
    lottery: Lottery, lottery_wallet: Responder
) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_5M")
    assert (await lottery.bet(token, "SSC_5M", issue, [BIG])).status_code == 200  # accepted: refunded by the worker
    await lottery_wallet.stop()
    unanswered = await lottery.bet(token, "SSC_5M", issue, [BIG, BIG])  # pending: its debit is rolled back
    assert unanswered.status_code == 503
    await lottery_wallet.start()
    proposed = await lottery.http.post(
        f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void", json={"reason": "feed down"},
        headers=await ops(lottery, "ops.maker", OpsRole.FINANCE_MAKER),
    )  # fmt: skip
    approve = f"/wps/ops/lottery/void-requests/{proposed.json()['value']['requestId']}/approve"
    approved = await lottery.http.post(approve, headers=await ops(lottery, "ops.checker", OpsRole.FINANCE_CHECKER))
    assert approved.status_code == 200, approved.text
    assert approved.json()["value"]["betsToRefund"] == 1

    async with lottery.db.transaction() as session:  # past the sweep's delay
        await session.execute(update(Slip).values(created_at=datetime.now(UTC) - timedelta(minutes=1)))
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    async with lottery.db.reader() as session:
        statuses = sorted((await session.execute(select(Slip.total, Bet.status).join(Bet))).all())
    assert statuses == [(1000, "cancelled"), (2000, "void"), (2000, "void")]  # one refund, one rollback
    assert await lottery.balance(account) == 100_000 and await lottery.reconciled()
