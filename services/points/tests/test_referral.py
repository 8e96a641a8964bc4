"""Referrals (issue 47, item 5): each real member's invite code (made once, its own), the invitations that
registrations naming it record (never oneself, never another brand's, never a trial account), an invitee qualifying
once its credited deposits and valid bets reach the brand's rule, and the inviter's reward paid by the wallet once per
invitee; the rule is the brand's admin's (audited; bad input writes nothing)."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import nats
from points_helpers import MERCHANT, Points, deposit, game_bet, lottery_bet
from sqlalchemy import select

from points_service.ops.models import PointsAudit
from points_service.referral import service as referral
from points_service.referral.models import ReferralInvitation, ReferralRule
from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from portal_kit.testing.events import eventually
from portal_kit.testing.sessions import ops_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money import service as money
from wallet_service.money.rpc import money_answers

RULE = f"/wps/ops/points/merchants/{MERCHANT}/referral/rule"
INFO = "/wps/relay/MCSFE_getReferralInfo"
GOOD_RULE = {"minDeposit": 100_00, "minValidBet": 300_00, "reward": 25_00, "enabled": True, "reason": "launch"}


def joined(account_id: str, code: str | None, account_type: int = 0, merchant: str = MERCHANT,
           username: str = "mehmet77") -> AuthMemberRegisteredV1:  # fmt: skip
    data = {"accountId": account_id, "username": username, "accountType": account_type, "uplineId": None,
            "registerMethod": "USERNAME", "referralCode": code}  # fmt: skip
    return new_event(AuthMemberRegisteredV1, merchant, data)


async def admin(points: Points, merchants: tuple[str, ...] = (MERCHANT,), **kwargs: Any) -> dict[str, str]:
    return {"Authorization": await ops_session(points.servers.redis_url, "ayse", merchants=merchants, **kwargs)}


async def set_rule(points: Points, **changes: Any) -> None:
    answer = await points.http.put(RULE, json={**GOOD_RULE, **changes}, headers=await admin(points))
    assert answer.status_code == 200, answer.text


async def inviter(points: Points, wallet_db: Database) -> tuple[str, str, str]:
    account, token = await points.member()
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, 0, "m"), "TRY", 0)
    info = (await points.http.get(INFO, headers={"Authorization": token})).json()["value"]
    return account, token, info["code"]


async def invitations(points: Points) -> list[tuple[str, str, str, int]]:
    async with points.db.reader() as session:
        rows = (await session.scalars(select(ReferralInvitation).order_by(ReferralInvitation.id))).all()
    return [(row.inviter_id, row.invitee_id, row.status, row.reward) for row in rows]


async def test_the_code_is_the_members_own_and_made_once(points: Points) -> None:
    _, token = await points.member()
    _, other_token = await points.member()
    first = await points.http.get(INFO, headers={"Authorization": token})
    assert first.status_code == 200, first.text
    value = first.json()["value"]
    again = await asyncio.gather(*(points.http.get(INFO, headers={"Authorization": token}) for _ in range(4)))
    assert {answer.json()["value"]["code"] for answer in again} == {value["code"]}
    assert len(value["code"]) == 8 and value["code"].isalnum() and value["code"].isupper()
    assert value["link"] == f"/register?ref={value['code']}"
    assert value["rule"] == {"minDeposit": 0, "minValidBet": 0, "reward": 0, "enabled": False}
    assert value["invitations"] == [] and value["totals"] == {"invited": 0, "qualified": 0, "rewarded": 0, "pending": 0}
    theirs = (await points.http.get(INFO, headers={"Authorization": other_token})).json()["value"]["code"]
    assert theirs != value["code"]
    assert (await points.http.get(INFO)).status_code == 401
    trial = await points.member_token(str(uuid.uuid4()), account_type=4)
    assert (await points.http.get(INFO, headers={"Authorization": trial})).json()["errorCode"] == "in_need_true_account"


async def test_an_invitee_qualifies_by_deposits_and_bets_and_the_inviter_is_paid_once(
    points: Points, worker: None, wallet_db: Database, wallet_money: Responder
) -> None:
    await set_rule(points)
    account, token, code = await inviter(points, wallet_db)
    friend, stranger, trial, abroad = (str(uuid.uuid4()) for _ in range(4))
    await points.publish(joined(friend, code.lower()))  # typed in any case
    await points.publish(joined(stranger, "NOSUCH99"))
    await points.publish(joined(trial, code, account_type=4))
    await points.publish(joined(abroad, code, merchant="otherbrand"))
    await points.publish(joined(account, code))  # oneself (a replayed registration naming its own code)
    await points.consumed("AUTH", "registered", 5)
    assert await invitations(points) == [(account, friend, "WAITING", 0)]
    await points.publish(deposit(friend, 60_00))
    await points.publish(game_bet(friend, 200_00))
    await points.consumed("WALLET", "deposit", 1)
    await points.consumed("GAMES", "game_bet", 1)
    assert await invitations(points) == [(account, friend, "WAITING", 0)]  # not enough yet
    second = deposit(friend, 40_00)
    await points.publish(second)
    await points.publish(second, msg_id=str(uuid.uuid4()))  # redelivered: counted once
    await points.publish(lottery_bet(friend, 100_00))
    await points.consumed("WALLET", "deposit", 3)
    await points.consumed("LOTTERY", "lottery_bet", 1)
    await eventually(lambda: _status(points, "PAID"), timeout=15)
    await points.publish(game_bet(friend, 500_00))  # more play pays nothing more
    await points.consumed("GAMES", "game_bet", 2)
    assert await invitations(points) == [(account, friend, "PAID", 25_00)]
    assert int((await money.balance(wallet_db, MERCHANT, account))["value"]["balance"]) == 25_00
    info = (await points.http.get(INFO, headers={"Authorization": token})).json()["value"]
    [row] = info["invitations"]
    assert (row["invitee"], row["qualified"], row["status"], row["reward"]) == ("me***7", True, "PAID", 25_00)
    assert (row["deposited"], row["validBet"]) == (100_00, 300_00)  # counted toward the rule until it qualified
    assert info["totals"] == {"invited": 1, "qualified": 1, "rewarded": 25_00, "pending": 0}


async def _status(points: Points, status: str) -> bool:
    return [row[2] for row in await invitations(points)] == [status]


async def test_play_before_the_registration_counts_and_a_wallet_away_then_back_pays_once(
    points: Points, wallet_db: Database, wallet_clean: None
) -> None:
    await set_rule(points)
    account, _, code = await inviter(points, wallet_db)
    friend = str(uuid.uuid4())
    async with points.db.transaction() as session:  # the deposit and bet streams read before the registration's
        await referral.counted(session, [(MERCHANT, friend, 100_00, 0), (MERCHANT, friend, 0, 300_00)])
    async with points.db.transaction() as session:
        await referral.registered(session, [(MERCHANT, friend, "zeynep", 0, code, joined(friend, code).occurredAt)])
    assert await invitations(points) == [(account, friend, "PENDING", 25_00)]
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await referral.sweep(points.db, nc, 0.0) == 1  # nobody answers: still pending
        assert await _status(points, "PENDING")
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            await asyncio.gather(*(referral.sweep(points.db, nc, 0.0) for _ in range(6)))
            assert await referral.sweep(points.db, nc, 0.0) == 0
    finally:
        await nc.close()
    assert await invitations(points) == [(account, friend, "PAID", 25_00)]
    assert int((await money.balance(wallet_db, MERCHANT, account))["value"]["balance"]) == 25_00


async def test_the_rule_is_the_admins_and_bad_rules_write_nothing(points: Points) -> None:
    viewer = await admin(points, roles=(OpsRole.VIEWER,))
    assert (await points.http.put(RULE, json=GOOD_RULE, headers=viewer)).status_code == 403
    other = await admin(points, merchants=("otherbrand",))
    refused = await points.http.put(RULE, json=GOOD_RULE, headers=other)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    for changes in ({"reward": 0}, {"minDeposit": -1}, {"minValidBet": "300"}, {"reason": " "}, {"extra": 1}):
        answer = await points.http.put(RULE, json={**GOOD_RULE, **changes}, headers=await admin(points))
        assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed"), changes
    async with points.db.reader() as session:
        assert (await session.scalars(select(ReferralRule))).all() == []
        assert (await session.scalars(select(PointsAudit))).all() == []
    await set_rule(points)
    read = await points.http.get(RULE, headers=viewer)
    assert read.json()["value"] == {k: v for k, v in GOOD_RULE.items() if k != "reason"}
    async with points.db.reader() as session:
        audit = (await session.scalars(select(PointsAudit))).one()
    assert (audit.action, audit.before, audit.after["reward"]) == ("referral.rule.change", None, 25_00)
