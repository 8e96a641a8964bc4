"""Cashback on net loss and activity applications (issue #47 item 4) against real PostgreSQL: a day's net loss of a
member who joined before it earns its share once (a day won earns nothing; members who did not join are not
counted); members apply to an activity promotion with a remark and images (one waiting at a time, however many are
sent at once), ops read them with their images and approve with a bonus (at most the promotion's maximum, with its
wagering) or reject, once; bad input is refused with nothing written."""

from __future__ import annotations

import asyncio
import base64
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any

from points_helpers import MERCHANT, Points
from sqlalchemy import func, select, update
from test_promotions import OPS, create, ops

from points_service.promotions.models import BonusGrant, PlayDayNet, PromotionApplication, PromotionJoin
from points_service.promotions.service import Bet, Deposit, bets_settled, deposit_credited, grant_cashback
from points_service.settings import PointsSettings
from points_service.worker import build_worker
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import eventually
from portal_kit.testing.plugin import running_worker

APPLY = "/wps/relay/MCSFE_signUpRequestReward"
PNG = "data:image/png;base64," + base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()
JPG = base64.b64encode(b"\xff\xd8\xff\xe0" + b"\x00" * 64).decode()
GIF = base64.b64encode(b"GIF89a" + b"\x00" * 64).decode()


def bet(account: str, stake: int, win: int, day: date, game_type: str = "RNG") -> Bet:
    settled = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=12)
    return Bet(MERCHANT, account, game_type, stake, stake, settled, win)


async def test_a_days_net_loss_earns_its_cashback_once(points: Points) -> None:
    promotion = await create(points, kind="CASHBACK", percentBp=1_000, maxBonus=10_000, minDeposit=1_000,
                             names={"TR": "Kayıp iadesi"}, startsAt=(datetime.now(UTC) - timedelta(days=5)).isoformat())  # fmt: skip
    loser, token = await points.member()
    winner, winner_token = await points.member()
    stranger, _ = await points.member()
    for who in (token, winner_token):
        joined = await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                                        headers={"Authorization": who})  # fmt: skip
        assert joined.status_code == 200, joined.text
    async with points.db.transaction() as session:  # they joined before yesterday began
        await session.execute(update(PromotionJoin).values(joined_at=func.now() - timedelta(days=3)))
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    async with points.db.transaction() as session:
        await bets_settled(session, [
            bet(loser, 30_000, 0, yesterday), bet(loser, 20_000, 20_000, yesterday, "LIVE"),
            bet(loser, 10_000, 0, yesterday - timedelta(days=1)),  # another day
            bet(winner, 10_000, 25_000, yesterday), bet(stranger, 50_000, 0, yesterday),
        ])  # fmt: skip
    async with points.db.reader() as session:
        rows = (await session.scalars(select(PlayDayNet).order_by(PlayDayNet.account_id, PlayDayNet.day))).all()
    assert sorted((r.account_id, r.day, r.staked, r.won) for r in rows) == sorted([
        (loser, yesterday - timedelta(days=1), 10_000, 0), (loser, yesterday, 50_000, 20_000),
        (winner, yesterday, 10_000, 25_000), (stranger, yesterday, 50_000, 0),  # every member's day (raffles read it)
    ])  # fmt: skip
    assert await grant_cashback(points.db, yesterday) == 1
    assert await grant_cashback(points.db, yesterday) == 0  # once a day
    assert await grant_cashback(points.db, yesterday - timedelta(days=1)) == 1
    async with points.db.reader() as session:
        grants = (await session.scalars(select(BonusGrant).order_by(BonusGrant.source))).all()
    assert [(g.account_id, g.source, g.deposit_amount, g.amount, g.turnover_required) for g in grants] == [
        (loser, f"cashback:{yesterday - timedelta(days=1)}", 10_000, 1_000, 5_000),
        (loser, f"cashback:{yesterday}", 30_000, 3_000, 15_000),  # 10 % of 300.00, wagered 5 times
    ]


async def test_a_member_joining_today_earns_no_cashback_for_today_or_before(points: Points) -> None:
    promotion = await create(points, kind="CASHBACK", percentBp=1_000, maxBonus=10_000, minDeposit=0)
    account, token = await points.member()
    await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                           headers={"Authorization": token})  # fmt: skip
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    async with points.db.transaction() as session:
        await bets_settled(session, [bet(account, 30_000, 0, yesterday)])
    assert await grant_cashback(points.db, yesterday) == 0


async def apply(points: Points, token: str, promotion: int, **changes: Any) -> Any:
    body = {"promotionId": promotion, "remark": "Turnuvada ilk üçe girdim", "images": [PNG, JPG],
            "requestId": f"app-{uuid.uuid4()}", **changes}  # fmt: skip
    return await points.http.post(APPLY, json=body, headers={"Authorization": token})


async def applications(points: Points) -> int:
    async with points.db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(PromotionApplication)) or 0)


async def test_an_application_waits_for_ops_who_grant_its_bonus_once(points: Points, wallet_money: Responder) -> None:
    promotion = await create(points, kind="ACTIVITY", maxBonus=20_000, wageringMultiple=3, names={"TR": "Turnuva"})
    account, token = await points.member()
    sent = await asyncio.gather(*(apply(points, token, promotion) for _ in range(5)))
    assert sorted(a.status_code for a in sent) == [200, 409, 409, 409, 409]
    assert {a.json()["errorCode"] for a in sent if a.status_code == 409} == {"application.pending"}
    made = next(a.json()["value"] for a in sent if a.status_code == 200)
    assert (made["status"], made["images"], made["promotionName"]) == ("PENDING", 2, "Turnuva")
    assert await applications(points) == 1

    reader = await ops(points, OpsRole.FINANCE_MAKER)
    assert (await points.http.get(f"{OPS}/applications", headers=await ops(points, OpsRole.CONTENT))).status_code == 403
    listed = await points.http.get(f"{OPS}/applications?status=PENDING", headers=reader)
    assert [a["applicationId"] for a in listed.json()["value"]["list"]] == [made["applicationId"]]
    pictures = await points.http.get(f"{OPS}/applications/{made['applicationId']}/images", headers=reader)
    assert [p.split(";")[0] for p in pictures.json()["value"]] == ["data:image/png", "data:image/jpeg"]
    approve = f"{OPS}/applications/{made['applicationId']}/approve"
    too_much = await points.http.post(approve, json={"amount": 20_001}, headers=reader)
    assert (too_much.status_code, too_much.json()["errorCode"]) == (400, "application.amount_too_large")
    assert "200.00" in too_much.json()["message"]
    viewer = await ops(points, OpsRole.VIEWER)
    assert (await points.http.post(approve, json={"amount": 5_000}, headers=viewer)).status_code == 403
    twice = await asyncio.gather(*(points.http.post(approve, json={"amount": 5_000}, headers=reader) for _ in range(3)))
    assert sorted(a.status_code for a in twice) == [200, 409, 409]
    approved = next(a.json()["value"] for a in twice if a.status_code == 200)
    assert (approved["status"], approved["amount"]) == ("APPROVED", 5_000)
    async with points.db.reader() as session:
        grant = (await session.scalars(select(BonusGrant))).one()
    assert (grant.id, grant.account_id, grant.amount, grant.turnover_required, grant.status) == (
        approved["grantId"], account, 5_000, 15_000, "GRANTING",
    )  # fmt: skip

    again = await apply(points, token, promotion)  # decided: the member may apply again
    assert again.status_code == 200
    rejected = await points.http.post(f"{OPS}/applications/{again.json()['value']['applicationId']}/reject",
                                      json={"reason": "not in the top three"}, headers=reader)  # fmt: skip
    assert (rejected.json()["value"]["status"], rejected.json()["value"]["reason"]) == (
        "REJECTED",
        "not in the top three",
    )
    mine = await points.http.get("/wps/relay/MCSFE_getPromotionApplications", headers={"Authorization": token})
    assert [(a["status"], a["decidedBy"]) for a in mine.json()["value"]["list"]] == [
        ("REJECTED", None), ("APPROVED", None),
    ]  # fmt: skip  # members never see who at the brand decided


async def test_bad_applications_are_refused_and_write_nothing(points: Points) -> None:
    activity = await create(points, kind="ACTIVITY")
    first = await create(points)
    _, token = await points.member()
    big = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * (5 * 1024 * 1024)).decode()
    for changes, status, code in (
        ({"remark": "x" * 141}, 400, "validation.failed"),
        ({"remark": "  "}, 400, "validation.failed"),
        ({"images": [PNG] * 4}, 400, "validation.failed"),
        ({"images": [GIF]}, 400, "image.type_invalid"),
        ({"images": ["not base64!"]}, 400, "image.type_invalid"),
        ({"images": [big]}, 400, "image.too_large"),
        ({"promotionId": first}, 409, "promotion.not_applicable"),
        ({"promotionId": 999_999}, 404, "promotion.not_found"),
    ):
        refused = await apply(points, token, activity, **changes)
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code), changes
    trial = await points.member_token(str(uuid.uuid4()), account_type=4)
    assert (await apply(points, trial, activity)).json()["errorCode"] == "in_need_true_account"
    assert await applications(points) == 0


async def test_the_worker_grants_a_days_cashback_by_itself(points: Points, settings: PointsSettings) -> None:
    promotion = await create(points, kind="CASHBACK", percentBp=1_000, maxBonus=10_000, minDeposit=0,
                             startsAt=(datetime.now(UTC) - timedelta(days=5)).isoformat())  # fmt: skip
    account, token = await points.member()
    await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                           headers={"Authorization": token})  # fmt: skip
    async with points.db.transaction() as session:
        await session.execute(update(PromotionJoin).values(joined_at=func.now() - timedelta(days=3)))
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    async with points.db.transaction() as session:
        await bets_settled(session, [bet(account, 40_000, 10_000, yesterday)])
    quick = settings.model_copy(update={"cashback_grace_seconds": 0.0, "cashback_sweep_seconds": 0.2})

    async def granted() -> bool:
        async with points.db.reader() as session:
            found = (await session.scalars(select(BonusGrant.source).where(BonusGrant.account_id == account))).all()
        return list(found) == [f"cashback:{yesterday}"]

    async with running_worker(build_worker(quick)):
        await eventually(granted, timeout=20)


async def test_a_deposit_credited_before_joining_earns_no_bonus(points: Points) -> None:
    promotion = await create(points)
    account, token = await points.member()
    before = datetime.now(UTC) - timedelta(minutes=5)  # credited, its event consumed only after the member joined
    joined = await points.http.post("/wps/relay/MCSFE_signUpPromotionJoin", json={"promotionId": promotion},
                                    headers={"Authorization": token})  # fmt: skip
    assert joined.status_code == 200
    async with points.db.transaction() as session:
        late = Deposit(MERCHANT, account, "d-early", 30_000, 1, before)
        assert await deposit_credited(session, late) == 0
        assert await deposit_credited(session, Deposit(MERCHANT, account, "d-now", 30_000, 1, datetime.now(UTC))) == 1
