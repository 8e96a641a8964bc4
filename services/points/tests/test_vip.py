"""VIP levels (issue 47, item 4): a brand's ladder by lifetime valid-bet turnover, written by its admin alone (audited;
bad input writes nothing), the levels settled bets reach (once per event, several at once, never a trial account's),
and each level's one-time cash bonus paid by the wallet once per member and level (parallel sweeps, a wallet away
and back); the demo brand's seeded ladder and referral rule, the same however often seeded."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import nats
from points_helpers import MERCHANT, Points, game_bet, lottery_bet, registered
from sqlalchemy import inspect, select

from points_service.conversion.models import ConversionRule
from points_service.ops.models import PointsAudit
from points_service.promotions.models import Promotion
from points_service.referral.models import ReferralRule
from points_service.rules.models import PointRule
from points_service.vip import service as vip
from points_service.vip.models import VipLevel, VipLevelUp, VipMember
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering
from portal_kit.testing.events import eventually
from portal_kit.testing.sessions import ops_session
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.money import service as money
from wallet_service.money.rpc import money_answers

LEVELS = f"/wps/ops/points/merchants/{MERCHANT}/vip/levels"
INFO = "/wps/relay/MCSFE_getVipInfo"


def level(number: int, turnover: int, bonus: int, **changes: Any) -> dict[str, Any]:
    return {"level": number, "names": {"TR": f"Seviye {number}", "EN": f"Level {number}", "CN": f"{number}级"},
            "turnover": turnover, "bonus": bonus, "pointsMultiplierPct": 100 + 10 * number,
            "perks": {"EN": f"Perk {number}"}, **changes}  # fmt: skip


LADDER = [level(1, 100_00, 5_00), level(2, 500_00, 20_00), level(3, 2_000_00, 0), level(4, 10_000_00, 300_00)]


async def admin(points: Points, merchants: tuple[str, ...] = (MERCHANT,), **kwargs: Any) -> dict[str, str]:
    return {"Authorization": await ops_session(points.servers.redis_url, "ayse", merchants=merchants, **kwargs)}


async def set_ladder(points: Points, levels: list[dict[str, Any]] = LADDER) -> None:
    answer = await points.http.put(LEVELS, json={"levels": levels, "reason": "launch"}, headers=await admin(points))
    assert answer.status_code == 200, answer.text


async def with_wallet(points: Points, wallet_db: Database) -> tuple[str, str]:
    account, token = await points.member()
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount(account, 0, "m"), "TRY", 0)
    return account, token


async def cash(wallet_db: Database, account: str) -> int:
    return int((await money.balance(wallet_db, MERCHANT, account))["value"]["balance"])


async def level_ups(points: Points, account: str) -> list[tuple[int, int, str]]:
    async with points.db.reader() as session:
        query = select(VipLevelUp).where(VipLevelUp.account_id == account).order_by(VipLevelUp.level)
        return [(row.level, row.amount, row.status) for row in (await session.scalars(query)).all()]


async def test_bets_reach_levels_once_and_their_bonuses_are_paid_once(
    points: Points, worker: None, wallet_db: Database, wallet_money: Responder
) -> None:
    await set_ladder(points)
    account, token = await with_wallet(points, wallet_db)
    first = game_bet(account, 60_00)
    await points.publish(first)
    await points.publish(first, msg_id=str(uuid.uuid4()))  # redelivered under another message id
    await points.publish(lottery_bet(account, 50_00))
    await points.consumed("GAMES", "game_bet", 2)
    await points.consumed("LOTTERY", "lottery_bet", 1)
    await eventually(lambda: _paid(points, account, 1), timeout=15)
    assert await level_ups(points, account) == [(1, 5_00, "PAID")]
    info = (await points.http.get(INFO, headers={"Authorization": token})).json()["value"]
    assert (info["level"], info["levelName"], info["turnover"]) == (1, "Level 1", 110_00)
    assert (info["nextLevel"]["level"], info["missing"], info["percent"]) == (2, 390_00, 2)
    assert [row["level"] for row in info["levels"]] == [1, 2, 3, 4]
    assert info["levels"][0]["perks"] == "Perk 1" and info["levels"][0]["pointsMultiplierPct"] == 110
    assert [(u["level"], u["amount"], u["status"]) for u in info["levelUps"]] == [(1, 5_00, "PAID")]
    # One bet past three levels at once: each recorded once, each bonus paid once (none for a level without one).
    await points.publish(game_bet(account, 2_500_00))
    await points.consumed("GAMES", "game_bet", 3)
    await eventually(lambda: _paid(points, account, 2), timeout=15)
    assert await level_ups(points, account) == [(1, 5_00, "PAID"), (2, 20_00, "PAID"), (3, 0, "NONE")]
    assert await cash(wallet_db, account) == 25_00
    info = (await points.http.get(INFO, headers={"Authorization": token})).json()["value"]
    assert (info["level"], info["turnover"], info["nextLevel"]["level"]) == (3, 2_610_00, 4)


async def _paid(points: Points, account: str, count: int) -> bool:
    return sum(1 for _, _, status in await level_ups(points, account) if status == "PAID") == count


async def test_a_trial_account_reaches_no_level(points: Points, worker: None) -> None:
    await set_ladder(points)
    trial = str(uuid.uuid4())
    await points.publish(registered(trial, account_type=4))
    await points.consumed("AUTH", "registered", 1)
    await points.publish(game_bet(trial, 50_000_00))
    await points.consumed("GAMES", "game_bet", 1)
    async with points.db.reader() as session:
        assert (await session.scalars(select(VipMember))).all() == []
    assert await level_ups(points, trial) == []
    token = await points.member_token(trial, account_type=4)
    refused = await points.http.get(INFO, headers={"Authorization": token})
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")


async def test_parallel_sweeps_and_a_wallet_away_then_back_pay_each_bonus_once(
    points: Points, wallet_db: Database, wallet_clean: None
) -> None:
    await set_ladder(points)
    account, _ = await with_wallet(points, wallet_db)
    async with points.db.transaction() as session:  # as the consumer does, without a worker sweeping
        await vip.count_bets(session, [(MERCHANT, account, 600_00)])
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await vip.sweep(points.db, nc, 0.0) == 2  # nobody answers for the wallet: both stay pending
        assert await level_ups(points, account) == [(1, 5_00, "PENDING"), (2, 20_00, "PENDING")]
        async with answering(points.servers.nats_url, "wallet-back", money_answers, wallet_db):
            await asyncio.gather(*(vip.sweep(points.db, nc, 0.0) for _ in range(6)))
            assert await vip.sweep(points.db, nc, 0.0) == 0
    finally:
        await nc.close()
    assert await level_ups(points, account) == [(1, 5_00, "PAID"), (2, 20_00, "PAID")]
    assert await cash(wallet_db, account) == 25_00


async def test_a_member_without_a_wallet_gets_a_failed_bonus(
    points: Points, wallet_db: Database, wallet_money: Responder
) -> None:
    await set_ladder(points)
    account, _ = await points.member()  # no wallet: the wallet refuses, nothing moved
    async with points.db.transaction() as session:
        await vip.count_bets(session, [(MERCHANT, account, 100_00)])
    nc = await nats.connect(points.servers.nats_url)
    try:
        await vip.sweep(points.db, nc, 0.0)
    finally:
        await nc.close()
    assert await level_ups(points, account) == [(1, 5_00, "FAILED")]


async def test_the_ladder_is_the_admins_and_bad_ladders_write_nothing(points: Points) -> None:
    viewer = await admin(points, roles=(OpsRole.VIEWER,))
    body = {"levels": LADDER, "reason": "launch"}
    assert (await points.http.put(LEVELS, json=body, headers=viewer)).status_code == 403
    other = await admin(points, merchants=("otherbrand",))
    refused = await points.http.put(LEVELS, json=body, headers=other)
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied")
    assert (await points.http.put(LEVELS, json=body)).status_code == 401
    for levels, code in (
        ([level(1, 100, 0), level(2, 100, 0)], "vip.turnover_not_increasing"),
        ([level(1, 500, 0), level(2, 100, 0)], "vip.turnover_not_increasing"),
        ([level(1, 100, 0), level(3, 200, 0)], "vip.levels_not_consecutive"),
        ([level(2, 100, 0)], "vip.levels_not_consecutive"),
        ([level(1, 0, 0)], "validation.failed"),
        ([level(1, 100, -1)], "validation.failed"),
        ([level(1, "100", 0)], "validation.failed"),
        ([level(1, 100, 0, names={"EN": "Level 1"})], "validation.failed"),
        ([level(1, 100, 0, pointsMultiplierPct=50)], "validation.failed"),
    ):
        answer = await points.http.put(LEVELS, json={"levels": levels, "reason": "x"}, headers=await admin(points))
        assert (answer.status_code, answer.json()["errorCode"]) == (400, code), levels
    async with points.db.reader() as session:
        assert (await session.scalars(select(VipLevel))).all() == []
        assert (await session.scalars(select(PointsAudit))).all() == []
    await set_ladder(points)
    read = await points.http.get(LEVELS, headers=viewer)
    assert [row["turnover"] for row in read.json()["value"]] == [100_00, 500_00, 2_000_00, 10_000_00]
    visitors = await points.http.get("/wps/relay/MCSFE_getVipLevels", headers={"Language": "TR"})
    assert [row["name"] for row in visitors.json()["value"]] == ["Seviye 1", "Seviye 2", "Seviye 3", "Seviye 4"]
    async with points.db.reader() as session:
        audit = (await session.scalars(select(PointsAudit))).one()
    assert (audit.action, audit.actor, audit.reason) == ("vip.levels.change", "ayse", "launch")
    assert len(audit.after["levels"]) == 4 and audit.before == {"levels": []}


async def seeded_rows(points: Points) -> list[list[dict[str, Any]]]:
    """Every row of the tables the demo seed writes, in a stable order."""
    tables = (PointRule, ConversionRule, Promotion, VipLevel, ReferralRule)
    async with points.db.reader() as session:
        return [
            sorted(
                ({column.key: getattr(row, column.key) for column in inspect(model).columns} for row in
                 (await session.scalars(select(model))).all()),
                key=repr,
            )
            for model in tables
        ]  # fmt: skip


async def test_the_demo_seed_gives_a_ladder_and_a_referral_rule_and_a_second_run_changes_nothing(
    points: Points,
) -> None:
    await points.seeded()
    first = await seeded_rows(points)
    await points.seeded()
    assert await seeded_rows(points) == first
    ladder = (await points.http.get("/wps/relay/MCSFE_getVipLevels", headers={"Language": "CN"})).json()["value"]
    assert [(row["name"], row["pointsMultiplierPct"], row["bonus"]) for row in ladder] == [
        ("青铜", 100, 0), ("白银", 110, 25_00), ("黄金", 125, 100_00)
    ]  # fmt: skip
    assert all(set(row["names"]) == set(row["perksByLanguage"]) == {"TR", "EN", "CN"} for row in ladder)
    _, token = await points.member()
    rule = (await points.http.get("/wps/relay/MCSFE_getReferralInfo", headers={"Authorization": token})).json()
    assert rule["value"]["rule"] == {"minDeposit": 100_00, "minValidBet": 500_00, "reward": 20_00, "enabled": True}
    # A ladder the brand's admin made is the brand's: the seed leaves it as it is.
    await set_ladder(points, [level(1, 100_00, 0)])
    await points.seeded()
    async with points.db.reader() as session:
        assert [row.names["EN"] for row in (await session.scalars(select(VipLevel))).all()] == ["Level 1"]
