"""Promotions with bonuses (issue #47 item 4) against real servers: ops define a promotion; a member joins it; the
deposit credits the bonus, held by the real wallet; settled bets of its game types, each at most its maximum stake,
count toward the wagering; met, the bonus becomes main-wallet cash once. Expired, it goes back to the house; a
withdrawal that forfeited it in the wallet closes it here; a deposit redelivered or two at once grant one bonus; bad
input and the wrong callers are refused with nothing written."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, Points, game_bet, lottery_bet
from sqlalchemy import func, select, update

from points_service.promotions import repository
from points_service.promotions.models import BonusGrant, Promotion, PromotionJoin
from points_service.promotions.service import Deposit, deposit_credited, move_due
from portal_events import PointsBonusReleasedV1, WalletBonusForfeitedV1, WalletDepositCreditedV1
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import eventually
from portal_kit.testing.fixtures import responder
from portal_kit.testing.sessions import ops_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.bonuses import service as wallet_bonuses
from wallet_service.bonuses.rpc import bonus_answers
from wallet_service.ledger.domain import BONUS, MAIN
from wallet_service.ledger.models import LedgerAccount
from wallet_service.reconcile import differences

OPS = f"/wps/ops/points/merchants/{MERCHANT}"
wallet_bonus = responder("wallet-bonus-for-points-test", bonus_answers, "wallet_db", after=("wallet_clean",))


def terms(**changes: Any) -> dict[str, Any]:
    body = {
        "kind": "FIRST_DEPOSIT", "names": {"TR": "İlk yatırım bonusu", "EN": "First deposit bonus"},
        "details": {"TR": "Yüzde 100, en çok 500,00.", "EN": "100 %, at most 500.00."},
        "picture": "/images/promotions/first-deposit.webp", "percentBp": 10_000, "maxBonus": 50_000,
        "minDeposit": 10_000, "wageringMultiple": 5, "gameTypes": ["RNG", "LOTT"], "maxBet": 5_000, "expiryDays": 7,
        "startsAt": (datetime.now(UTC) - timedelta(hours=1)).isoformat(), "active": True, "sort": 1,
        "reason": "winter campaign",
    }  # fmt: skip
    return {**body, **changes}


async def ops(points: Points, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, f"ops{uuid.uuid4().hex[:6]}", roles=roles or (OpsRole.CONTENT,),
                              merchants=(merchant,))  # fmt: skip
    return {"Authorization": token}


async def create(points: Points, **changes: Any) -> int:
    made = await points.http.post(f"{OPS}/promotions", json=terms(**changes), headers=await ops(points))
    assert made.status_code == 200, made.text
    return int(made.json()["value"]["promotionId"])


async def member_with_wallet(points: Points, wallet_db: Database) -> tuple[str, str]:
    account, token = await points.member()
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, 0, "m"), "TRY", 0)
    return account, token


def credited(account: str, amount: int, number: int, deposit_id: str | None = None) -> WalletDepositCreditedV1:
    data = {"depositId": deposit_id or str(uuid.uuid4()), "accountId": account, "channel": "SANDBOX",
            "amount": amount, "currency": "TRY", "creditedAt": datetime.now(UTC).isoformat(),
            "depositNumber": number}  # fmt: skip
    return new_event(WalletDepositCreditedV1, MERCHANT, data)


async def wallets(wallet_db: Database, account: str) -> dict[str, int]:
    async with wallet_db.reader() as session:
        rows = (await session.scalars(select(LedgerAccount).where(LedgerAccount.owner_id == account))).all()
    return {row.kind: row.balance for row in rows if row.kind in (MAIN, BONUS)}


async def grants(points: Points, account: str) -> list[BonusGrant]:
    async with points.db.reader() as session:
        query = select(BonusGrant).where(BonusGrant.account_id == account).order_by(BonusGrant.created_at)
        return list((await session.scalars(query)).all())


async def status_becomes(points: Points, account: str, status: str, count: int = 1) -> list[BonusGrant]:
    async def reached() -> bool:
        found = await grants(points, account)
        return len(found) == count and all(grant.status == status for grant in found)

    await eventually(reached, timeout=30)
    return await grants(points, account)


async def test_a_joined_first_deposit_bonus_is_held_wagered_and_released_as_cash_once(
    points: Points, worker: None, wallet_db: Database, wallet_bonus: Responder
) -> None:
    promotion = await create(points)
    visitor = await points.http.get("/wps/relay/MCSFE_getPromotions")
    assert [(p["promotionId"], p["name"], p["joined"]) for p in visitor.json()["value"]] == [
        (promotion, "First deposit bonus", None)
    ]
    account, token = await member_with_wallet(points, wallet_db)
    listed = await points.http.get("/wps/relay/MCSFE_getPromotions", headers={"Authorization": token})
    assert listed.json()["value"][0]["joined"] is False
    joins = await asyncio.gather(*(
        points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                         headers={"Authorization": token})
        for _ in range(5)
    ))  # fmt: skip
    assert {(j.status_code, j.json()["value"]["joined"]) for j in joins} == {(200, True)}
    listed = await points.http.get("/wps/relay/MCSFE_getPromotions", headers={"Authorization": token})
    assert listed.json()["value"][0]["joined"] is True

    await points.publish(credited(account, 30_000, 1))  # 300.00: a bonus of 300.00, wagering 1,500.00
    [grant] = await status_becomes(points, account, "ACTIVE")
    assert (grant.amount, grant.turnover_required, grant.deposit_amount) == (30_000, 150_000, 30_000)
    assert await wallets(wallet_db, account) == {MAIN: 0, BONUS: 30_000}

    await points.publish(game_bet(account, 10_000))  # above the maximum stake of 50.00: does not count
    await points.publish(game_bet(account, 5_000, game_type="LIVE"))  # not one of its game types
    for _ in range(20):
        await points.publish(game_bet(account, 5_000))  # 1,000.00 of slots
    await points.publish(lottery_bet(account, 5_000))
    await points.consumed("GAMES", "game_bet", 22)
    await points.consumed("LOTTERY", "lottery_bet", 1)
    [grant] = await grants(points, account)
    assert (grant.status, grant.turnover_done) == ("ACTIVE", 105_000)
    for _ in range(9):
        await points.publish(game_bet(account, 5_000))
    [grant] = await status_becomes(points, account, "RELEASED")
    assert grant.turnover_done == 150_000
    assert await wallets(wallet_db, account) == {MAIN: 30_000, BONUS: 0}
    await points.publish(game_bet(account, 5_000))  # released: no bet counts any more
    await points.consumed("GAMES", "game_bet", 32)
    assert (await grants(points, account))[0].turnover_done == 150_000

    async with points.db.reader() as session:
        told = (
            await session.scalars(select(OutboxMessage).where(OutboxMessage.subject == "points.bonus.released.v1"))
        ).all()
    assert [(e.body["data"]["grantId"], e.body["data"]["amount"], e.body["data"]["currency"]) for e in told] == [
        (grant.id, 30_000, "TRY")
    ]
    PointsBonusReleasedV1.model_validate(told[0].body)
    details = await points.http.get("/wps/relay/MCSFE_getBonusDetails", headers={"Authorization": token})
    [bonus] = details.json()["value"]["list"]
    assert (bonus["promotionName"], bonus["amount"], bonus["status"], bonus["turnoverDone"]) == (
        "First deposit bonus", 30_000, "RELEASED", 150_000,
    )  # fmt: skip
    assert await differences(wallet_db) == []


async def test_a_redelivered_deposit_and_two_reloads_a_day_grant_one_bonus_each(
    points: Points, worker: None, wallet_db: Database, wallet_bonus: Responder
) -> None:
    first = await create(points)
    reload = await create(points, kind="RELOAD", percentBp=5_000, maxBonus=20_000, names={"TR": "Yeniden yükleme"})
    account, token = await member_with_wallet(points, wallet_db)
    for promotion in (first, reload):
        joined = await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                                        headers={"Authorization": token})  # fmt: skip
        assert joined.status_code == 200, joined.text
    event = credited(account, 20_000, 1)
    for _ in range(3):  # the same event delivered again (a new message id: the inbox knows it by its event id)
        await points.publish(event, msg_id=str(uuid.uuid4()))
    await asyncio.gather(*(points.publish(credited(account, 100_000, n)) for n in (2, 3)))
    await points.consumed("WALLET", "deposit", 5)
    found = await status_becomes(points, account, "ACTIVE", count=2)
    assert sorted((g.promotion_id, g.amount) for g in found) == sorted([(first, 20_000), (reload, 20_000)])
    assert await wallets(wallet_db, account) == {MAIN: 0, BONUS: 40_000}


async def test_an_expired_bonus_goes_back_to_the_house_and_a_withdrawals_forfeit_closes_one(
    points: Points, worker: None, wallet_db: Database, wallet_bonus: Responder
) -> None:
    promotion = await create(points)
    expiring, token = await member_with_wallet(points, wallet_db)
    leaving, other = await member_with_wallet(points, wallet_db)
    for who in (token, other):
        await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                               headers={"Authorization": who})  # fmt: skip
    await points.publish(credited(expiring, 10_000, 1))
    await points.publish(credited(leaving, 20_000, 1))
    await status_becomes(points, expiring, "ACTIVE")
    [held] = await status_becomes(points, leaving, "ACTIVE")

    async with points.db.transaction() as session:
        await session.execute(update(BonusGrant).where(BonusGrant.account_id == expiring)
                              .values(expires_at=func.now() - timedelta(seconds=1)))  # fmt: skip
    [gone] = await status_becomes(points, expiring, "EXPIRED")
    assert gone.settled_at is not None
    assert await wallets(wallet_db, expiring) == {MAIN: 0, BONUS: 0}

    async with wallet_db.transaction() as session:  # the member asks to withdraw and forfeits the bonus
        _, holds = await wallet_bonuses.held_total(session, MERCHANT, leaving)
        await wallet_bonuses.forfeit_for_withdrawal(session, holds, str(uuid.uuid4()))
    data = {"accountId": leaving, "grantIds": [held.id], "amount": 20_000, "currency": "TRY", "reason": "WITHDRAWAL",
            "forfeitedAt": datetime.now(UTC).isoformat()}  # fmt: skip
    await points.publish(new_event(WalletBonusForfeitedV1, MERCHANT, data))
    await status_becomes(points, leaving, "FORFEITED")
    for _ in range(30):  # bets after it count toward nothing
        await points.publish(game_bet(leaving, 5_000))
    await points.consumed("GAMES", "game_bet", 30)
    assert (await grants(points, leaving))[0].turnover_done == 0
    assert await wallets(wallet_db, leaving) == {MAIN: 0, BONUS: 0}
    assert await differences(wallet_db) == []


async def test_a_bonus_the_wallet_cannot_hold_fails_with_nothing_moved(
    points: Points, wallet_db: Database, wallet_bonus: Responder
) -> None:
    promotion = await create(points)
    account, _ = await points.member()  # known here, without a wallet
    async with points.db.transaction() as session:
        session.add(PromotionJoin(merchant=MERCHANT, promotion_id=promotion, account_id=account))
        await session.flush()
        assert await deposit_credited(session, Deposit(MERCHANT, account, "d-1", 20_000, 1, datetime.now(UTC))) == 1
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await move_due(points.db, nc) == 1
    finally:
        await nc.close()
    [grant] = await grants(points, account)
    assert (grant.status, grant.error) == ("FAILED", "account.not_found")


async def test_joining_is_checked_on_the_server(points: Points, wallet_db: Database) -> None:
    closed = await create(points, active=False)
    later = await create(points, startsAt=(datetime.now(UTC) + timedelta(days=1)).isoformat())
    first = await create(points)
    account, token = await points.member()
    trial = await points.member_token(str(uuid.uuid4()), account_type=4)
    join = "/wps/relay/MCSFE_signUpPromotionJoin"
    cases = [
        (token, {"promotionId": 999_999}, 404, "promotion.not_found"),
        (token, {"promotionId": closed}, 409, "promotion.closed"),
        (token, {"promotionId": later}, 409, "promotion.closed"),
        (token, {"promotionId": "1"}, 400, "validation.failed"),
        (token, {"promotionId": first, "extra": 1}, 400, "validation.failed"),
        (trial, {"promotionId": first}, 403, "in_need_true_account"),
        (None, {"promotionId": first}, 401, None),
    ]
    for who, body, status, code in cases:
        headers = {"Authorization": who} if who else {}
        refused = await points.http.post(join, json=body, headers=headers)
        assert refused.status_code == status, (body, refused.text)
        if code:
            assert refused.json()["errorCode"] == code
    async with points.db.transaction() as session:  # the member has deposited before
        await repository.count_deposit(session, MERCHANT, account)
    late = await points.http.post(join, json={"promotionId": first}, headers={"Authorization": token})
    assert (late.status_code, late.json()["errorCode"]) == (409, "promotion.not_eligible")
    assert late.json()["message"] == "This promotion is only for members who have not deposited yet."
    async with points.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(PromotionJoin)) == 0


async def test_only_the_brands_content_role_writes_promotions_and_finance_readers_read_bonuses(
    points: Points,
) -> None:
    promotion = await create(points)
    for roles, merchant, status in (
        ((OpsRole.VIEWER,), MERCHANT, 403),
        ((OpsRole.FINANCE_MAKER,), MERCHANT, 403),
        ((OpsRole.CONTENT,), "otherbrand", 403),
    ):
        headers = await ops(points, *roles, merchant=merchant)
        refused = await points.http.put(f"{OPS}/promotions/{promotion}", json=terms(sort=5), headers=headers)
        assert refused.status_code == status
    member = (await points.member())[1]
    assert (await points.http.get(f"{OPS}/promotions", headers={"Authorization": member})).status_code == 403
    assert (await points.http.get(f"{OPS}/bonuses", headers=await ops(points, OpsRole.CONTENT))).status_code == 403
    readers = await ops(points, OpsRole.FINANCE_MAKER)
    assert (await points.http.get(f"{OPS}/bonuses", headers=readers)).json()["value"]["total"] == 0

    editor = await ops(points, OpsRole.CONTENT)
    for bad in (terms(percentBp=0), terms(maxBonus="500"), terms(gameTypes=[]), terms(gameTypes=["RNG", "RNG"]),
                terms(names={"EN": "no Turkish"}), terms(endsAt=(datetime.now(UTC) - timedelta(days=2)).isoformat()),
                terms(picture="javascript:alert(1)"), terms(kind="LOYALTY")):  # fmt: skip
        refused = await points.http.post(f"{OPS}/promotions", json=bad, headers=editor)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), bad
    changed = await points.http.put(f"{OPS}/promotions/{promotion}", json=terms(sort=5, maxBonus=70_000),
                                    headers=editor)  # fmt: skip
    assert changed.json()["value"]["maxBonus"] == 70_000
    async with points.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Promotion)) == 1
    audit = await points.http.get(f"{OPS}/audit", headers=editor)
    actions = [(row["action"], (row["before"] or {}).get("maxBonus"), row["after"]["maxBonus"])
               for row in audit.json()["value"]["list"]]  # fmt: skip
    assert actions == [("promotion.change", 50_000, 70_000), ("promotion.create", None, 50_000)]


@pytest.mark.parametrize("status", ["ACTIVE", "NOPE"])
async def test_bonus_details_filter_by_status(points: Points, status: str) -> None:
    _, token = await points.member()
    answer = await points.http.get(f"/wps/relay/MCSFE_getBonusDetails?status={status}",
                                   headers={"Authorization": token})  # fmt: skip
    if status == "NOPE":
        assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed")
    else:
        assert answer.json()["value"] == {"pageNum": 1, "totalPages": 0, "total": 0, "list": []}
