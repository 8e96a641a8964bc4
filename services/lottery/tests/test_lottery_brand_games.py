"""A brand's settings of its lottery games (``/wps/ops/lottery/merchants/{code}/games``) on the real servers: who may
read and change them, and how each change holds on the member's next call."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest
from lottery_helpers import MERCHANT, Lottery
from sqlalchemy import func, select

from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.models import Slip
from lottery_service.brand_games.models import BrandGame
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

GAMES = f"/wps/ops/lottery/merchants/{MERCHANT}/games"
BIG = {"betType": "SUM_BIG_SMALL", "option": "BIG", "stake": 1000}
HOUSE = {"enabled": True, "minStake": 100, "maxStake": 1_000_000, "maxPerIssue": 5_000_000, "prizeMode": None}


async def ops(
    lottery: Lottery, role: OpsRole = OpsRole.ADMIN, merchants: tuple[str, ...] = (MERCHANT,)
) -> dict[str, str]:
    token = await ops_session(lottery.redis_url, f"ops.{role.value}.{uuid.uuid4().hex[:6]}", roles=(role,),
                              merchants=merchants)  # fmt: skip
    return {"Authorization": token}


async def change(lottery: Lottery, game: str, headers: dict[str, str], **settings: Any) -> httpx.Response:
    return await lottery.http.put(f"{GAMES}/{game}", json={**HOUSE, **settings}, headers=headers)


async def written(lottery: Lottery) -> tuple[int, int]:
    """The brand's settings rows and the audit rows."""
    async with lottery.db.reader() as session:
        rows = await session.scalar(select(func.count()).select_from(BrandGame))
        audits = await session.scalar(select(func.count()).select_from(LotteryAudit))
    return int(rows or 0), int(audits or 0)


async def test_any_role_of_the_brand_reads_the_games_with_the_house_defaults(lottery: Lottery) -> None:
    for role in (OpsRole.VIEWER, OpsRole.CONTENT, OpsRole.FINANCE_MAKER, OpsRole.ADMIN):
        answer = await lottery.http.get(GAMES, headers=await ops(lottery, role))
        assert answer.status_code == 200, answer.text
    value = answer.json()["value"]
    assert value["brandPrizeMode"] == "LOTT"
    assert {m["code"]: m["perMille"] for m in value["prizeModes"]} == {
        "LOTT": 1000,
        "ZY": 985,
        "ELOTT": 990,
        "SEA": 975,
    }
    ssc = next(g for g in value["games"] if g["gameCode"] == "SSC_1M")
    assert ssc["enabled"] is True and ssc["prizeMode"] is None and ssc["effectivePrizeMode"] == "LOTT"
    assert (ssc["minStake"], ssc["maxStake"], ssc["maxPerIssue"]) == (100, 1_000_000, 5_000_000)
    vn = next(g for g in value["games"] if g["gameCode"] == "VN_NORTH")
    assert vn["house"]["minCap"] == 100_000  # DE3's own maximum bounds a brand's minimum


@pytest.mark.parametrize(
    ("role", "merchants", "status", "code"),
    [
        (OpsRole.FINANCE_MAKER, (MERCHANT,), 403, "ops.role_required"),
        (OpsRole.FINANCE_CHECKER, (MERCHANT,), 403, "ops.role_required"),
        (OpsRole.CONTENT, (MERCHANT,), 403, "ops.role_required"),
        (OpsRole.VIEWER, (MERCHANT,), 403, "ops.role_required"),
        (OpsRole.ADMIN, ("otherbrand",), 403, "access.denied"),
    ],
)
async def test_only_the_brands_admin_changes_a_game(
    lottery: Lottery, role: OpsRole, merchants: tuple[str, ...], status: int, code: str
) -> None:
    answer = await change(lottery, "SSC_1M", await ops(lottery, role, merchants), enabled=False)
    assert (answer.status_code, answer.json()["errorCode"]) == (status, code)
    assert await written(lottery) == (0, 0)


async def test_no_session_and_another_brand_read_nothing(lottery: Lottery) -> None:
    assert (await lottery.http.get(GAMES)).status_code == 401
    assert (await change(lottery, "SSC_1M", {}, enabled=False)).status_code == 401
    other = await lottery.http.get(GAMES, headers=await ops(lottery, OpsRole.ADMIN, ("otherbrand",)))
    assert (other.status_code, other.json()["errorCode"]) == (403, "access.denied")


async def test_a_game_switched_off_leaves_the_lobby_and_refuses_bets(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    admin = await ops(lottery)
    off = await change(lottery, "SSC_1M", admin, enabled=False, reason="supplier check")
    assert off.status_code == 200 and off.json()["value"]["enabled"] is False
    lobby = await lottery.http.get("/lotto/lgw/games?category=ssc")
    assert [g["gameCode"] for g in lobby.json()["value"]] == ["SSC_5M"]
    every = await lottery.http.get("/lotto/lgw/games")
    assert "SSC_1M" not in {g["gameCode"] for g in every.json()["value"]}
    popular = await lottery.http.get("/lgw/games/popular")
    assert "SSC_1M" not in {g["gameCode"] for g in popular.json()["value"]}
    detail = await lottery.http.get("/lotto/lgw/games/SSC_1M", headers={"Language": "TR"})
    assert (detail.status_code, detail.json()["errorCode"]) == (403, "lottery.game_unavailable")
    assert detail.json()["message"] == "Bu loto oyunu şu anda oynanamıyor."
    refused = await lottery.bet(token, "SSC_1M", issue, [BIG])
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "lottery.game_unavailable")
    assert await lottery.balance(account) == 100_000
    # Another brand's members still play it.
    other = await lottery.http.get("/lotto/lgw/games?category=ssc", headers={"Merchant": "otherbrand"})
    assert "SSC_1M" in {g["gameCode"] for g in other.json()["value"]}
    on = await change(lottery, "SSC_1M", admin, enabled=True)
    assert on.status_code == 200
    assert (await lottery.bet(token, "SSC_1M", issue, [BIG])).status_code == 200
    async with lottery.db.reader() as session:
        audits = list(await session.scalars(select(LotteryAudit).order_by(LotteryAudit.id)))
    assert [(a.merchant, a.action, a.target) for a in audits] == [(MERCHANT, "game.settings.change", "SSC_1M")] * 2
    assert audits[0].before == {**HOUSE} and audits[0].after == {**HOUSE, "enabled": False}
    assert audits[0].reason == "supplier check"


async def test_the_vn_menu_and_launch_obey_the_switch(lottery: Lottery) -> None:
    _, token = await lottery.member(100_000)
    assert (await change(lottery, "VN_NORTH", await ops(lottery), enabled=False, minStake=100_000,
                         maxStake=100_000)).status_code == 200  # fmt: skip
    menu = await lottery.http.get("/lgw/vn/games/game_menu")
    assert [g["gameCode"] for g in menu.json()["value"]] == ["VN_SOUTH"]
    launch = await lottery.http.get("/lgw/vn/games/launch?lottoGameCode=VN_NORTH", headers={"Authorization": token})
    assert (launch.status_code, launch.json()["errorCode"]) == (403, "lottery.game_unavailable")


async def test_stakes_outside_the_brands_limits_are_refused_with_nothing_written(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    answer = await change(lottery, "SSC_1M", await ops(lottery), minStake=500, maxStake=5000, maxPerIssue=8000)
    assert answer.status_code == 200, answer.text
    detail = (await lottery.http.get("/lotto/lgw/games/SSC_1M")).json()["value"]
    big = next(bt for bt in detail["betTypes"] if bt["code"] == "SUM_BIG_SMALL")
    assert (big["minStake"], big["maxStake"], detail["maxPerIssue"]) == (500, 5000, 8000)
    for stake in (400, 5001):
        refused = await lottery.bet(token, "SSC_1M", issue, [{**BIG, "stake": stake}])
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "stake.out_of_limits"), refused.text
    cn = await lottery.http.post(
        "/lotto/lgw/bets", headers={"Authorization": token, "Language": "CN"},
        json={"gameCode": "SSC_1M", "issue": issue, "requestId": "slip-cn-limit", "bets": [{**BIG, "stake": 6000}]},
    )  # fmt: skip
    assert cn.status_code == 400 and "5000" in cn.json()["message"]
    assert await lottery.balance(account) == 100_000
    async with lottery.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Slip)) == 0
    assert (await lottery.bet(token, "SSC_1M", issue, [{**BIG, "stake": 5000}])).status_code == 200
    over = await lottery.bet(token, "SSC_1M", issue, [{**BIG, "stake": 5000}])
    assert (over.status_code, over.json()["errorCode"]) == (409, "lottery.issue_limit")
    assert await lottery.balance(account) == 95_000


async def test_the_prize_mode_prices_the_bets_placed_after_the_change(lottery: Lottery) -> None:
    _, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    before = await lottery.bet(token, "SSC_1M", issue, [BIG])
    assert before.json()["value"]["bets"][0]["odds"] == "1.98"
    answer = await change(lottery, "SSC_1M", await ops(lottery), prizeMode="zy")
    assert answer.json()["value"]["prizeMode"] == "ZY" and answer.json()["value"]["effectivePrizeMode"] == "ZY"
    detail = (await lottery.http.get("/lotto/lgw/games/SSC_1M")).json()["value"]
    assert detail["prizeMode"] == "ZY"
    assert next(bt for bt in detail["betTypes"] if bt["code"] == "SUM_BIG_SMALL")["odds"] == "1.95"  # 1.98 × 0.985
    after = await lottery.bet(token, "SSC_1M", issue, [BIG])
    assert after.json()["value"]["bets"][0]["odds"] == "1.95"
    mine = await lottery.http.get("/lotto/lgw/bets?status=open", headers={"Authorization": token})
    assert sorted(b["odds"] for b in mine.json()["value"]["list"]) == ["1.95", "1.98"]  # the first kept its odds
    five = (await lottery.http.get("/lotto/lgw/games/SSC_5M")).json()["value"]
    assert five["prizeMode"] == "LOTT"  # other games keep the brand's mode


@pytest.mark.parametrize(
    ("game", "settings", "status", "code"),
    [
        ("SSC_1M", {"minStake": 6000, "maxStake": 5000}, 400, "lottery.limits_invalid"),
        ("SSC_1M", {"maxStake": 6000, "maxPerIssue": 5000}, 400, "lottery.limits_invalid"),
        ("SSC_1M", {"minStake": -100}, 400, "validation.failed"),
        ("SSC_1M", {"maxStake": "5000"}, 400, "validation.failed"),
        ("SSC_1M", {"enabled": "no"}, 400, "validation.failed"),
        ("SSC_1M", {"minStake": 50}, 400, "lottery.limits_out_of_range"),
        ("SSC_1M", {"maxStake": 2_000_000}, 400, "lottery.limits_out_of_range"),
        ("SSC_1M", {"maxPerIssue": 9_000_000}, 400, "lottery.limits_out_of_range"),
        ("VN_NORTH", {"minStake": 200_000}, 400, "lottery.limits_out_of_range"),
        ("SSC_1M", {"prizeMode": "NOPE"}, 400, "lottery.prize_mode_unknown"),
        ("SSC_1M", {"colour": "red"}, 400, "validation.failed"),
        ("NOPE_1M", {}, 404, "lottery.game_unknown"),
    ],
)  # fmt: skip
async def test_bad_settings_are_refused_with_nothing_written(
    lottery: Lottery, game: str, settings: dict[str, Any], status: int, code: str
) -> None:
    answer = await change(lottery, game, await ops(lottery), **settings)
    assert (answer.status_code, answer.json()["errorCode"]) == (status, code), answer.text
    assert await written(lottery) == (0, 0)


async def test_parallel_slips_cannot_pass_the_brands_limit_per_issue(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    assert (await change(lottery, "SSC_1M", await ops(lottery), maxStake=1000, maxPerIssue=3000)).status_code == 200
    answers = await asyncio.gather(*(lottery.bet(token, "SSC_1M", issue, [BIG]) for _ in range(10)))
    codes = sorted(a.json()["errorCode"] or "ok" for a in answers)
    assert codes == ["lottery.issue_limit"] * 7 + ["ok"] * 3
    assert await lottery.balance(account) == 97_000
