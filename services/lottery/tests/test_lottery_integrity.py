"""Issue #43's lottery items on the real servers: seeds only committed until the draw (4), bets only on the open
issue (4), a late debit's replay after the draw (5), voiding an issue with two people before its close (8), strict
integers in bodies (9), the VN draws' published widths and the northern and southern structures (11, 12), and a
slip's cost on the lottery's database (13)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from lottery_helpers import TEST_SEED_KEY, TEST_SEED_KEY_ID, Lottery
from pydantic import ValidationError
from sqlalchemy import func, select, update

from lottery_service import worker
from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.models import Bet, Slip
from lottery_service.catalogue.domain import Catalogue, catalogue
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.settings import LotterySettings
from portal_kit.db import Database
from portal_kit.fairness import commitment, derive_seed
from portal_kit.messaging.rpc import Responder
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import issue_session
from wallet_service.money.service import Movement
from wallet_service.money.service import debit as wallet_debit

BIG = {"betType": "SUM_BIG_SMALL", "option": "BIG", "stake": 1000}
SMALL = {"betType": "SUM_BIG_SMALL", "option": "SMALL", "stake": 1000}
KEY = bytes.fromhex(TEST_SEED_KEY)


def seed_of(key: bytes, game: str, issue: str) -> bytes:
    return derive_seed(key, f"lottery:{game}:{issue}")


async def issue_row(lottery: Lottery, game: str, number: str) -> Issue:
    async with lottery.db.reader() as session:
        row = await session.get(Issue, (game, number))
    assert row is not None
    return row


# --- item 4: outcomes known in advance ------------------------------------------------------------------------


async def test_an_issue_holds_only_its_commitment_until_the_draw_reveals_its_seed(lottery: Lottery) -> None:
    await worker.tick(lottery.db, lottery.nc, lottery.settings)  # the worker writes every game's issues ahead
    async with lottery.db.reader() as session:
        ahead = list(await session.scalars(select(Issue).where(Issue.status == "open")))
    assert len(ahead) > 20
    assert [row for row in ahead if row.seed is not None] == []  # a copy of the database predicts nothing
    issue = await lottery.open_issue("K3_1M")
    published = (await lottery.http.get("/lotto/lgw/games/K3_1M")).json()["value"]["current"]
    assert published["issue"] == issue
    assert published["seedHash"] == commitment(seed_of(KEY, "K3_1M", issue))  # derived under the key outside

    await lottery.make_due("K3_1M", issue)
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    results = (await lottery.http.get("/lotto/lgw/games/K3_1M/results")).json()["value"]["list"]
    drawn = next(result for result in results if result["issue"] == issue)
    assert drawn["seed"] == seed_of(KEY, "K3_1M", issue).hex() and drawn["seedHash"] == published["seedHash"]
    assert drawn["context"] == f"K3_1M:{issue}"
    verified = await lottery.http.get(
        "/lotto/lgw/verify", params={"gameCode": "K3_1M", "issue": issue, "seed": drawn["seed"]}
    )
    value = verified.json()["value"]
    assert value["seedMatches"] and value["resultMatches"] and value["revealedSeed"] == drawn["seed"]


async def test_a_rotated_key_draws_the_issues_committed_under_the_old_one(
    lottery: Lottery, caplog: pytest.LogCaptureFixture
) -> None:
    await worker.tick(lottery.db, lottery.nc, lottery.settings)  # issues committed under the test key ("t1")
    issue = await lottery.open_issue("K3_1M")
    await lottery.make_due("K3_1M", issue)
    new_key = "c0de" * 16
    forgot = lottery.settings.model_copy(update={"seed_key": new_key, "seed_key_id": "t2"})
    await worker.tick(lottery.db, lottery.nc, forgot, schedule=False)
    assert (await issue_row(lottery, "K3_1M", issue)).status == "open"  # its key is not held: it waits, undrawn
    assert f"issue(s) due wait for the seed key {TEST_SEED_KEY_ID}, not held" in caplog.text

    rotated = lottery.settings.model_copy(
        update={"seed_key": new_key, "seed_key_id": "t2", "old_seed_keys": {TEST_SEED_KEY_ID: TEST_SEED_KEY}}
    )
    await worker.tick(lottery.db, lottery.nc, rotated, schedule=False)
    drawn = await issue_row(lottery, "K3_1M", issue)
    assert drawn.status == "settled" and drawn.seed == seed_of(KEY, "K3_1M", issue)  # drawn, and nothing to pay
    later = datetime.now(UTC) + timedelta(hours=3)  # issues written from now on are committed under the new key
    await lottery.schedule(later, rotated)
    async with lottery.db.reader() as session:
        newest = await session.scalar(
            select(Issue).where(Issue.game_code == "K3_1M").order_by(Issue.draws_at.desc()).limit(1)
        )
    assert newest is not None and newest.seed is None and newest.seed_key_id == "t2"
    assert newest.seed_hash == commitment(seed_of(bytes.fromhex(new_key), "K3_1M", newest.issue))


def test_production_refuses_the_development_seed_key() -> None:
    """Where the keys are used (the worker's start; the API runs without them: test_lottery_seed_keys.py)."""
    secrets = {"secret_key": "s" * 40, "payload_secret": "p" * 40}
    with pytest.raises(ValueError, match="LOTTERY_SEED_KEY"):
        SeedKeys.of(LotterySettings(environment="production", **secrets))
    with pytest.raises(ValidationError, match="seed key"):
        LotterySettings(environment="production", seed_key="ab" * 8, **secrets)  # 8 bytes: too short
    assert SeedKeys.of(LotterySettings(environment="production", seed_key="ab" * 32, seed_key_id="2026a", **secrets))


async def test_bets_are_taken_only_on_the_issue_open_now(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    upcoming = (await lottery.http.get("/lotto/lgw/games/SSC_1M/issues")).json()["value"]
    assert upcoming[0]["issue"] == issue and len(upcoming) > 2
    for later in (upcoming[1]["issue"], upcoming[-1]["issue"]):
        answer = await lottery.bet(token, "SSC_1M", later, [BIG])
        assert (answer.status_code, answer.json()["errorCode"]) == (409, "lottery.issue_not_open"), answer.text
        assert answer.json()["message"]
    assert (await lottery.bet(token, "SSC_1M", issue, [BIG])).status_code == 200
    assert await lottery.balance(account) == 99_000
    async with lottery.db.reader() as session:
        assert set(await session.scalars(select(Bet.issue))) == {issue}


# --- item 5: a late wallet answer as a free option ----------------------------------------------------------------


async def test_a_slip_replayed_after_the_draw_is_void_never_a_win(lottery: Lottery, lottery_wallet: Responder) -> None:
    """The attack end to end: two slips (BIG and SMALL) whose debits the wallet takes without the answer reaching
    the lottery; after the draw the attacker replays only the winning one. It is refused and given back, the other
    is voided by the sweep, and nothing is paid."""
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    await lottery_wallet.stop()  # the wallet does not answer the debits...
    slips = {side: (f"slip-{side}-{uuid.uuid4()}", bet) for side, bet in (("BIG", BIG), ("SMALL", SMALL))}
    for request_id, bet in slips.values():
        lost = await lottery.bet(token, "SSC_1M", issue, [bet], request_id=request_id)
        assert lost.status_code == 503, lost.text
    async with lottery.db.reader() as session:
        pending = list(await session.scalars(select(Slip)))
    for slip in pending:  # ...but takes them, late (the wallet's own command on its database)
        await wallet_debit(lottery.wallet_db, Movement("turkeyf2", account, "TRY", 1000, f"lottery:slip:{slip.id}"))
    await lottery_wallet.start()
    assert await lottery.balance(account) == 98_000

    await lottery.make_due("SSC_1M", issue)
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)  # drawn; not yet past the sweep's delay
    balls = (await issue_row(lottery, "SSC_1M", issue)).result
    assert balls is not None
    winner = "BIG" if sum(balls) >= 23 else "SMALL"
    request_id, bet = slips[winner]
    replay = await lottery.bet(token, "SSC_1M", issue, [bet], request_id=request_id)
    assert (replay.status_code, replay.json()["errorCode"]) == (409, "lottery.issue_closed"), replay.text
    assert await lottery.balance(account) == 99_000  # the replayed slip's stake is given back at once

    async with lottery.db.transaction() as session:  # past the sweep's delay
        await session.execute(update(Slip).values(created_at=datetime.now(UTC) - timedelta(minutes=1)))
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    async with lottery.db.reader() as session:
        assert set(await session.scalars(select(Bet.status))) == {"void"}
        assert set(await session.scalars(select(Slip.status))) == {"void"}
        assert (await issue_row(lottery, "SSC_1M", issue)).status == "settled"
    assert await lottery.balance(account) == 100_000  # nothing won, nothing lost
    assert await lottery.reconciled()


async def test_a_replay_before_the_close_accepts_the_slip_the_wallet_took(
    lottery: Lottery, lottery_wallet: Responder
) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    await lottery_wallet.stop()
    assert (await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-late-answer")).status_code == 503
    await lottery_wallet.start()
    replay = await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-late-answer")
    assert replay.status_code == 200 and replay.json()["value"]["bets"][0]["status"] == "accepted"
    assert await lottery.balance(account) == 99_000 and await lottery.reconciled()


# --- item 8: voiding an issue --------------------------------------------------------------------------------------


async def ops(lottery: Lottery, name: str, merchants: set[str], *roles: OpsRole) -> dict[str, str]:
    principal = Principal(role=Role.OPS, merchant="*", username=name, ops_roles=frozenset(roles),
                          ops_merchants=frozenset(merchants))  # fmt: skip
    return {"Authorization": await issue_session(lottery.redis_url, principal)}


async def test_an_issue_is_voided_by_two_people_before_its_close_and_nobody_else(lottery: Lottery) -> None:
    first, first_token = await lottery.member(100_000, username="first")
    issue = await lottery.open_issue("SSC_5M")
    assert (await lottery.bet(first_token, "SSC_5M", issue, [BIG, SMALL])).status_code == 200
    propose = f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void"
    body = {"reason": "the draw feed was interrupted"}
    maker = await ops(lottery, "ops.maker", {"*"}, OpsRole.FINANCE_MAKER)
    checker = await ops(lottery, "ops.checker", {"*"}, OpsRole.FINANCE_CHECKER)

    not_makers = [
        await ops(lottery, "ops.brand-maker", {"turkeyf2"}, OpsRole.FINANCE_MAKER),  # one brand's: issues are shared
        await ops(lottery, "ops.viewer", {"*"}, OpsRole.VIEWER),
        await ops(lottery, "ops.content", {"*"}, OpsRole.CONTENT),
        {"Authorization": first_token},
    ]
    for headers in not_makers:
        refused = await lottery.http.post(propose, json=body, headers=headers)
        assert refused.status_code == 403, refused.text
    assert (await lottery.http.post(propose, json=body)).status_code == 401
    proposed = await lottery.http.post(propose, json=body, headers=maker)
    assert proposed.status_code == 200, proposed.text
    request = proposed.json()["value"]
    assert (request["status"], request["requestedBy"], request["decidedBy"]) == ("pending", "ops.maker", None)
    twice = await lottery.http.post(propose, json=body, headers=maker)
    assert (twice.status_code, twice.json()["errorCode"]) == (409, "lottery.void_already_requested")
    assert (await issue_row(lottery, "SSC_5M", issue)).status == "open"  # a proposal alone changes nothing
    assert (await lottery.bet(first_token, "SSC_5M", issue, [BIG])).status_code == 200

    approve = f"/wps/ops/lottery/void-requests/{request['requestId']}/approve"
    not_checkers = [
        maker,  # the maker holds no checker role...
        await ops(
            lottery, "ops.maker", {"*"}, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER
        ),  # ...nor, as both, twice
        await ops(lottery, "ops.brand-checker", {"turkeyf2"}, OpsRole.FINANCE_CHECKER),
        await ops(lottery, "ops.viewer", {"*"}, OpsRole.VIEWER),
        {"Authorization": first_token},
    ]
    for headers in not_checkers:
        refused = await lottery.http.post(approve, headers=headers)
        assert refused.status_code == 403, refused.text
    assert (await issue_row(lottery, "SSC_5M", issue)).status == "open"
    approved = await lottery.http.post(approve, headers=checker)
    assert approved.status_code == 200, approved.text
    assert approved.json()["value"]["status"] == "approved" and approved.json()["value"]["decidedBy"] == "ops.checker"
    assert (await issue_row(lottery, "SSC_5M", issue)).status == "void"
    again = await lottery.http.post(approve, headers=checker)
    assert (again.status_code, again.json()["errorCode"]) == (409, "lottery.void_already_decided")

    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)  # the worker refunds every bet
    assert await lottery.balance(first) == 100_000 and await lottery.reconciled()
    audit = (await lottery.http.get("/wps/ops/lottery/audit", headers=checker)).json()["value"]["list"]
    assert [(entry["action"], entry["actor"]) for entry in audit[:2]] == [
        ("issue.void", "ops.checker"), ("issue.void.request", "ops.maker")
    ]  # fmt: skip
    listed = (await lottery.http.get("/wps/ops/lottery/void-requests", headers=checker)).json()["value"]
    assert [(r["requestId"], r["status"]) for r in listed["list"]] == [(request["requestId"], "approved")]


async def test_no_void_once_betting_has_closed(lottery: Lottery) -> None:
    _, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_5M")
    assert (await lottery.bet(token, "SSC_5M", issue, [BIG])).status_code == 200
    maker = await ops(lottery, "ops.maker", {"*"}, OpsRole.FINANCE_MAKER)
    checker = await ops(lottery, "ops.checker", {"*"}, OpsRole.FINANCE_CHECKER)
    proposed = await lottery.http.post(
        f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void", json={"reason": "late"}, headers=maker
    )
    request_id = proposed.json()["value"]["requestId"]
    async with lottery.db.transaction() as session:  # betting closes before the checker approves; the draw is ahead
        await session.execute(
            update(Issue).where(Issue.game_code == "SSC_5M", Issue.issue == issue)
            .values(closes_at=datetime.now(UTC) - timedelta(seconds=1), draws_at=datetime.now(UTC) + timedelta(minutes=1))
        )  # fmt: skip
    late = await lottery.http.post(f"/wps/ops/lottery/void-requests/{request_id}/approve", headers=checker)
    assert (late.status_code, late.json()["errorCode"]) == (409, "lottery.issue_not_voidable")
    assert (await issue_row(lottery, "SSC_5M", issue)).status == "open"
    proposal = await lottery.http.post(
        f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void", json={"reason": "later"}, headers=maker
    )
    assert (proposal.status_code, proposal.json()["errorCode"]) == (409, "lottery.issue_not_voidable")
    listed = (await lottery.http.get("/wps/ops/lottery/void-requests", headers=checker)).json()["value"]
    assert [r["status"] for r in listed["list"]] == ["lapsed"]
    lapsed = await lottery.http.get("/wps/ops/lottery/void-requests", params={"status": "lapsed"}, headers=checker)
    pending = await lottery.http.get("/wps/ops/lottery/void-requests", params={"status": "pending"}, headers=checker)
    assert (lapsed.json()["value"]["total"], pending.json()["value"]["total"]) == (1, 0)


async def test_a_proposal_is_rejected_by_another_checker_only_and_read_by_ops_only(lottery: Lottery) -> None:
    _, member = await lottery.member(0)
    issue = await lottery.open_issue("SSC_5M")
    maker = await ops(lottery, "ops.maker", {"*"}, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER)
    proposed = await lottery.http.post(
        f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void", json={"reason": "a test"}, headers=maker
    )
    reject = f"/wps/ops/lottery/void-requests/{proposed.json()['value']['requestId']}/reject"
    body = {"reason": "the feed is fine"}
    for headers, status in (
        (maker, 403),  # its own proposal
        (await ops(lottery, "ops.brand-checker", {"turkeyf2"}, OpsRole.FINANCE_CHECKER), 403),
        (await ops(lottery, "ops.other-maker", {"*"}, OpsRole.FINANCE_MAKER), 403),
        ({"Authorization": member}, 403),
        ({}, 401),
    ):
        refused = await lottery.http.post(reject, json=body, headers=headers)
        assert refused.status_code == status, refused.text
    checker = await ops(lottery, "ops.checker", {"*"}, OpsRole.FINANCE_CHECKER)
    assert (await lottery.http.post(reject, json={}, headers=checker)).status_code == 400  # a reason is required
    rejected = await lottery.http.post(reject, json=body, headers=checker)
    assert rejected.status_code == 200 and rejected.json()["value"]["status"] == "rejected"
    assert rejected.json()["value"]["decisionReason"] == "the feed is fine"
    assert (await issue_row(lottery, "SSC_5M", issue)).status == "open"
    for headers, status in (
        ({"Authorization": member}, 403),
        (await ops(lottery, "ops.brand-viewer", {"turkeyf2"}, OpsRole.VIEWER), 403),
        ({}, 401),
    ):
        assert (await lottery.http.get("/wps/ops/lottery/void-requests", headers=headers)).status_code == status
    viewer = await ops(lottery, "ops.viewer", {"*"}, OpsRole.VIEWER)
    listed = (await lottery.http.get("/wps/ops/lottery/void-requests", headers=viewer)).json()["value"]
    assert [r["status"] for r in listed["list"]] == ["rejected"]


async def test_the_proposals_are_paged_filtered_and_ordered_on_the_server(lottery: Lottery) -> None:
    maker = await ops(lottery, "ops.maker", {"*"}, OpsRole.FINANCE_MAKER)
    other = await ops(lottery, "ops.other", {"*"}, OpsRole.FINANCE_MAKER)
    checker = await ops(lottery, "ops.checker", {"*"}, OpsRole.FINANCE_CHECKER)
    asked = []
    for game, who in (("SSC_5M", maker), ("SSC_1M", other), ("K3_1M", maker)):
        issue = await lottery.open_issue(game)
        proposed = await lottery.http.post(
            f"/wps/ops/lottery/games/{game}/issues/{issue}/void", json={"reason": f"a test of {game}"}, headers=who
        )
        assert proposed.status_code == 200, proposed.text
        asked.append(proposed.json()["value"]["requestId"])
    reject = f"/wps/ops/lottery/void-requests/{asked[0]}/reject"
    assert (await lottery.http.post(reject, json={"reason": "no"}, headers=checker)).status_code == 200

    async def listed(**params: Any) -> tuple[int, int, int, list[str]]:
        answer = await lottery.http.get("/wps/ops/lottery/void-requests", params=params, headers=checker)
        assert answer.status_code == 200, answer.text
        page = answer.json()["value"]
        return page["pageNum"], page["total"], page["totalPages"], [r["requestId"] for r in page["list"]]

    assert await listed(pageSize=2) == (1, 3, 2, [asked[2], asked[1]])  # the newest first
    assert await listed(pageSize=2, pageNo=2) == (2, 3, 2, [asked[0]])
    assert await listed(sort="oldest") == (1, 3, 1, asked)
    assert await listed(status="rejected") == (1, 1, 1, [asked[0]])
    assert await listed(gameCode="ssc_1m") == (1, 1, 1, [asked[1]])  # any case
    assert await listed(requestedBy="ops.maker", sort="oldest") == (1, 2, 1, [asked[0], asked[2]])
    assert await listed(requestedBy="ops.maker", status="rejected") == (1, 1, 1, [asked[0]])
    assert (await lottery.http.get("/wps/ops/lottery/void-requests?sort=sideways", headers=checker)).status_code == 400
    brand_viewer = await ops(lottery, "ops.brand-viewer", {"turkeyf2"}, OpsRole.VIEWER)
    for headers, status in ((brand_viewer, 403), ({}, 401)):
        assert (await lottery.http.get("/wps/ops/lottery/void-requests", headers=headers)).status_code == status


async def test_parallel_proposals_and_approvals_void_an_issue_once(lottery: Lottery) -> None:
    _, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_5M")
    assert (await lottery.bet(token, "SSC_5M", issue, [BIG])).status_code == 200
    makers = [await ops(lottery, f"ops.maker{n}", {"*"}, OpsRole.FINANCE_MAKER) for n in range(6)]
    path = f"/wps/ops/lottery/games/SSC_5M/issues/{issue}/void"
    proposals = await asyncio.gather(*(lottery.http.post(path, json={"reason": "x"}, headers=h) for h in makers))
    assert sorted(p.status_code for p in proposals) == [200] + [409] * 5
    [request] = [p.json()["value"] for p in proposals if p.status_code == 200]
    checkers = [await ops(lottery, f"ops.checker{n}", {"*"}, OpsRole.FINANCE_CHECKER) for n in range(6)]
    approve = f"/wps/ops/lottery/void-requests/{request['requestId']}/approve"
    decisions = await asyncio.gather(*(lottery.http.post(approve, headers=h) for h in checkers))
    assert sorted(d.status_code for d in decisions) == [200] + [409] * 5
    assert {d.json()["errorCode"] for d in decisions if d.status_code == 409} == {"lottery.void_already_decided"}
    async with lottery.db.reader() as session:
        actions = list(await session.scalars(select(LotteryAudit.action).order_by(LotteryAudit.id)))
    assert actions == ["issue.void.request", "issue.void"]


# --- item 9: strict integers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bet",
    [
        {**BIG, "stake": "5000"}, {**BIG, "stake": True}, {**BIG, "stake": 5000.0},
        {"betType": "POS_DIGIT", "position": 2, "numbers": ["7"], "stake": 1000},
        {"betType": "POS_DIGIT", "position": 2, "numbers": [True], "stake": 1000},
        {"betType": "POS_DIGIT", "position": 2, "numbers": [7.0], "stake": 1000},
        {"betType": "POS_DIGIT", "position": "2", "numbers": [7], "stake": 1000},
        {"betType": "POS_DIGIT", "position": True, "numbers": [7], "stake": 1000},
        {"betType": "POS_DIGIT", "position": 2.0, "numbers": [7], "stake": 1000},
    ],
)  # fmt: skip
async def test_amounts_and_numbers_are_strict_integers(lottery: Lottery, bet: dict[str, Any]) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    answer = await lottery.bet(token, "SSC_1M", issue, [bet])
    assert (answer.status_code, answer.json()["errorCode"]) == (400, "validation.failed"), answer.text
    assert answer.json()["message"]
    assert await lottery.balance(account) == 100_000
    async with lottery.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Slip)) == 0


# --- items 11 and 12: the VN draws --------------------------------------------------------------------------------

NORTH = [("SPECIAL", 1, 5), ("FIRST", 1, 5), ("SECOND", 2, 5), ("THIRD", 6, 5), ("FOURTH", 4, 4), ("FIFTH", 6, 4),
         ("SIXTH", 3, 3), ("SEVENTH", 4, 2)]  # fmt: skip
SOUTH = [("SPECIAL", 1, 6), ("FIRST", 1, 5), ("SECOND", 1, 5), ("THIRD", 2, 5), ("FOURTH", 7, 5), ("FIFTH", 1, 4),
         ("SIXTH", 3, 4), ("SEVENTH", 1, 3), ("EIGHTH", 1, 2)]  # fmt: skip


async def draw_vn(lottery: Lottery, game: str, issues: int) -> list[str]:
    """``issues`` daily issues of ``game`` drawn (their days moved into the past, as time would)."""
    data = catalogue()
    await lottery.schedule(data=Catalogue({game: data.games[game]}, data.prize_modes), ahead=timedelta(days=issues - 1))
    async with lottery.db.transaction() as session:
        rows = list(await session.scalars(select(Issue).where(Issue.game_code == game).order_by(Issue.draws_at)))
        for back, row in enumerate(reversed(rows), start=1):
            row.closes_at = row.draws_at = datetime.now(UTC) - timedelta(minutes=back)
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    return [row.issue for row in rows]


@pytest.mark.parametrize(("game", "names", "prizes"), [
    ("VN_NORTH", {"EN": "VN Northern Lottery", "TR": "VN Kuzey Lotosu", "CN": "越南北部彩"}, NORTH),
    ("VN_SOUTH", {"EN": "VN Southern Lottery", "TR": "VN Güney Lotosu", "CN": "越南南部彩"}, SOUTH),
])  # fmt: skip
async def test_each_vn_draw_publishes_its_prizes_with_their_widths(
    lottery: Lottery, game: str, names: dict[str, str], prizes: list[tuple[str, int, int]]
) -> None:
    for language, name in names.items():
        detail = (await lottery.http.get(f"/lotto/lgw/games/{game}", headers={"Language": language})).json()["value"]
        assert detail["gameName"] == name
    assert [(p["name"], p["count"], p["digits"]) for p in detail["prizes"]] == prizes
    assert detail["balls"] == sum(count for _, count, _ in prizes)
    await draw_vn(lottery, game, 1)
    result = (await lottery.http.get(f"/lotto/lgw/games/{game}/results")).json()["value"]["list"][0]
    assert [(t["name"], len(t["numbers"]), t["digits"]) for t in result["tiers"]] == prizes
    for tier in result["tiers"]:
        assert all(0 <= number < 10 ** tier["digits"] for number in tier["numbers"])
    bet_types = {bt["code"]: bt for bt in detail["betTypes"]}
    assert bet_types["DE"]["numberRange"] == [0, 99] and bet_types["LO"]["positions"] == list(
        range(1, detail["balls"] + 1)
    )


async def test_the_vn_results_call_gives_a_vn_games_last_ten_draws(lottery: Lottery) -> None:
    menu = (await lottery.http.get("/lgw/vn/games/game_menu")).json()["value"]
    assert [g["gameCode"] for g in menu] == ["VN_NORTH", "VN_SOUTH"]
    drawn = await draw_vn(lottery, "VN_SOUTH", 12)
    answer = await lottery.http.get("/lgw/vn/numeros/opened/game", params={"gameCode": "vn_south"})
    assert answer.status_code == 200, answer.text
    results = answer.json()["value"]
    assert [r["issue"] for r in results] == list(reversed(drawn))[:10]  # the last ten, newest first
    for result in results:
        assert len(result["result"]) == 18 and [t["digits"] for t in result["tiers"]] == [d for _, _, d in SOUTH]
        assert result["seedHash"] == commitment(bytes.fromhex(result["seed"]))
    north = (await lottery.http.get("/lgw/vn/numeros/opened/game", params={"gameCode": "VN_NORTH"})).json()
    assert north["value"] == []  # nothing drawn of it yet
    for params, status, code in (
        ({"gameCode": "SSC_1M"}, 404, "lottery.game_unknown"),  # not a VN game
        ({"gameCode": "NOPE"}, 404, "lottery.game_unknown"),
        ({}, 400, "validation.failed"),
    ):
        refused = await lottery.http.get("/lgw/vn/numeros/opened/game", params=params, headers={"Language": "CN"})
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code)
        assert refused.json()["message"]


# --- item 13: a slip's cost on the lottery's database ---------------------------------------------------------------


@asynccontextmanager
async def counted(db: Database) -> AsyncIterator[list[str]]:
    """Every round trip the lottery makes to its database meanwhile (the real database answers each)."""
    seen: list[str] = []
    # ``call`` is ``rows``' first row: the statements are counted in ``rows``, ``read``, ``read_rows``, the sessions in
    # ``transaction`` and ``reader``.
    originals = {name: getattr(db, name) for name in ("rows", "read", "read_rows", "transaction", "reader")}

    def spy(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            seen.append(name)
            return original(*args, **kwargs)

        return wrapped

    for name, original in originals.items():
        setattr(db, name, spy(name, original))
    try:
        yield seen
    finally:
        for name in originals:
            delattr(db, name)


async def test_a_slip_is_two_statements_on_the_lottery_database(lottery: Lottery) -> None:
    """One to write the slip and its bets, one to accept them after the debit; a replay of it one more read."""
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    async with counted(lottery.app.state.db) as seen:
        placed = await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-counted")
    assert placed.status_code == 200 and seen == ["rows", "rows"]
    bet = placed.json()["value"]["bets"][0]
    async with lottery.db.reader() as session:
        stored = await session.get(Bet, uuid.UUID(bet["betId"]))
    assert stored is not None and stored.status == "accepted" and bet["createdAt"] is not None
    assert await lottery.balance(account) == 99_000
    replay = await lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-counted")
    assert replay.json()["value"] == placed.json()["value"]


async def test_one_request_id_sent_in_parallel_is_one_slip_paid_once(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    answers = await asyncio.gather(
        *(lottery.bet(token, "SSC_1M", issue, [BIG], request_id="slip-parallel-twins") for _ in range(8))
    )
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer.json()["value"]["slipId"] for answer in answers}) == 1
    assert await lottery.balance(account) == 99_000 and await lottery.reconciled()
    async with lottery.db.reader() as session:
        assert [bet.status for bet in await session.scalars(select(Bet))] == ["accepted"]
