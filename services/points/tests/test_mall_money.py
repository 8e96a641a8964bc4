"""Mall items that cost money as well as points (issue 47 item 2), against real PostgreSQL and NATS with the wallet's
own money answers: a redemption takes the points and the stock, then the wallet charges the price once; a balance
that cannot pay is refused before anything is written; a rejection gives the points, the stock and the money back
(the refund once); a charge the wallet did not answer is taken by the sweep, and ops cannot decide it meanwhile; the
points record shows the amount required; the wallet's ledger reconciles."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import nats
from points_helpers import MERCHANT, Points
from sqlalchemy import select
from test_mall import OPS, REDEEM, new_item, ops, redemption

from points_service.mall.models import MallRedemption
from points_service.mall.service import sweep
from portal_events import WalletBalanceReply, WalletBalanceRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.ledger.service import differences
from wallet_service.money import service as wallet
from wallet_service.money.rpc import money_answers
from wallet_service.money.service import Movement


async def member_with_cash(points: Points, wallet_db: Database, held: int, cash: int) -> tuple[str, str]:
    account, token = await points.member(held)
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, 0, "m"), "TRY", 0)
    if cash:
        await wallet.credit(wallet_db, Movement(MERCHANT, account, "TRY", cash, f"fund:{account}"))
    return account, token


async def cash_of(wallet_db: Database, account: str) -> int:
    return int((await wallet.balance(wallet_db, MERCHANT, account))["value"]["balance"])


async def items(points: Points) -> dict[int, int]:
    listed = (await points.http.get(f"{OPS}/items", headers=await ops(points))).json()["value"]["list"]
    return {item["itemId"]: item["stock"] for item in listed}


async def test_an_item_with_a_price_is_charged_once_and_refunded_once_on_rejection(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    item = await new_item(points, money=2_500, stock=3)
    account, token = await member_with_cash(points, wallet_db, 100, 10_000)
    listed = (await points.http.get("/wps/relay/MCS2_getPointReward", headers={"Authorization": token})).json()
    assert [(i["points"], i["money"]) for i in listed["value"]] == [(30, 2_500)]

    body = redemption(item, 2)
    answers = await asyncio.gather(*(points.sealed(REDEEM, token, body) for _ in range(5)))
    assert {a.status_code for a in answers} == {200}, [a.text for a in answers]
    assert len({a.json()["value"]["transactionNo"] for a in answers}) == 1  # one redemption, however often asked
    made = (await points.sealed(REDEEM, token, body)).json()["value"]  # asked again once the first is settled
    assert (made["points"], made["money"], made["payment"], made["status"]) == (60, 5_000, "PAID", "IN_PROCESS")
    assert made["decidedBy"] is None
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (40, 5_000)
    assert (await items(points))[item] == 1

    redeemed = [(e.kind, e.points, e.base_amount) for e in await points.entries(account)]
    assert redeemed[-1] == ("REDEEM", -60, 5_000)  # the points record's amount required

    maker = await ops(points, OpsRole.FINANCE_MAKER)
    rejects = await asyncio.gather(*(
        points.http.post(f"{OPS}/redemptions/{made['transactionNo']}/reject", json={"reason": "gone"}, headers=maker)
        for _ in range(3)
    ))  # fmt: skip
    assert sorted(r.status_code for r in rejects) == [200, 409, 409]
    rejected = next(r.json()["value"] for r in rejects if r.status_code == 200)
    assert (rejected["status"], rejected["payment"]) == ("REJECTED", "REFUNDED")
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (100, 10_000)
    assert [(e.kind, e.points, e.base_amount) for e in await points.entries(account)][-1] == ("REFUND", 60, 5_000)
    assert (await items(points))[item] == 3
    assert await differences(wallet_db) == []


async def test_a_balance_that_cannot_pay_takes_nothing(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    item = await new_item(points, money=2_500)
    account, token = await member_with_cash(points, wallet_db, 100, 2_499)
    answer = await points.sealed(REDEEM, token, redemption(item))
    assert (answer.status_code, answer.json()["errorCode"]) == (409, "wallet.insufficient_funds")
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (100, 2_499)
    assert (await items(points))[item] == 2
    async with points.db.reader() as session:
        assert (await session.scalars(select(MallRedemption))).all() == []
    free = await new_item(points, money=0, names={"TR": "Kalem", "EN": "Pen"})
    paid_in_points = await points.sealed(REDEEM, token, redemption(free))
    assert paid_in_points.json()["value"]["payment"] == "NONE", paid_in_points.text
    assert await cash_of(wallet_db, account) == 2_499


async def test_asked_again_after_the_balance_is_spent_answers_the_first_redemption(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    item = await new_item(points, money=2_500)
    account, token = await member_with_cash(points, wallet_db, 100, 2_500)
    body = redemption(item)
    first = (await points.sealed(REDEEM, token, body)).json()["value"]
    assert (first["payment"], await cash_of(wallet_db, account)) == ("PAID", 0)
    again = await points.sealed(REDEEM, token, body)  # the balance is 0 now: still the first redemption
    assert (again.status_code, again.json()["value"]["transactionNo"]) == (200, first["transactionNo"])
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (70, 0)


async def test_the_last_pennies_buy_one_of_two_redemptions_sent_at_once(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    item = await new_item(points, money=3_000, stock=5)
    account, token = await member_with_cash(points, wallet_db, 200, 5_000)
    answers = await asyncio.gather(*(points.sealed(REDEEM, token, redemption(item)) for _ in range(2)))
    assert sorted((a.status_code, a.json()["errorCode"]) for a in answers) == [
        (200, None), (409, "wallet.insufficient_funds"),
    ]  # fmt: skip
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (170, 2_000)
    assert (await items(points))[item] == 4
    mine = (await points.http.get("/wps/relay/MCS2_getRedeemPointList", headers={"Authorization": token})).json()
    states = sorted((r["status"], r["payment"]) for r in mine["value"]["list"])
    assert states in ([("IN_PROCESS", "PAID")], [("IN_PROCESS", "PAID"), ("REJECTED", "FAILED")]), states
    assert await differences(wallet_db) == []


def balances_only(responder: Responder, db: Database) -> None:
    """The wallet answering balances but not charges: a charge asked meanwhile goes unanswered."""

    async def balance(request: WalletBalanceRequest) -> WalletBalanceReply:
        return WalletBalanceReply.model_validate(await wallet.balance(db, request.merchant, request.accountId))

    responder.answer("rpc.wallet.balance", WalletBalanceRequest, WalletBalanceReply, balance, queue="wallet")


async def test_a_charge_the_wallet_did_not_answer_is_taken_by_the_sweep(
    points: Points, wallet_db: Database, wallet_clean: None
) -> None:
    item = await new_item(points, money=1_000)
    account, token = await member_with_cash(points, wallet_db, 100, 4_000)
    async with answering(points.servers.nats_url, "wallet-balances", balances_only, wallet_db):
        answer = await points.sealed(REDEEM, token, redemption(item))
    assert answer.status_code == 200, answer.text
    made = answer.json()["value"]
    assert (made["status"], made["payment"]) == ("IN_PROCESS", "PENDING")
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (70, 4_000)
    maker = await ops(points, OpsRole.FINANCE_MAKER)
    for decision, body in (("approve", {}), ("reject", {"reason": "too early"})):
        early = await points.http.post(
            f"{OPS}/redemptions/{made['transactionNo']}/{decision}", json=body, headers=maker
        )
        assert (early.status_code, early.json()["errorCode"]) == (409, "mall.payment_pending")
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await sweep(points.db, nc, timedelta(0)) == 1  # still nobody: stays pending
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            assert await sweep(points.db, nc, timedelta(0)) == 1
            assert await sweep(points.db, nc, timedelta(0)) == 0  # paid: nothing left to ask
            approved = await points.http.post(
                f"{OPS}/redemptions/{made['transactionNo']}/approve", json={}, headers=maker
            )
            assert (approved.json()["value"]["status"], approved.json()["value"]["payment"]) == ("APPROVED", "PAID")
    finally:
        await nc.close()
    assert (await points.balance(account), await cash_of(wallet_db, account)) == (70, 3_000)
    assert await differences(wallet_db) == []
