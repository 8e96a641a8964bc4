"""Placing, cancelling, drawing and settling lottery bets on the real servers."""

from __future__ import annotations

import asyncio
import itertools
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from lottery_helpers import Lottery
from sqlalchemy import func, select, update

from lottery_service import worker
from lottery_service.audit.models import LotteryAudit
from lottery_service.bets import domain
from lottery_service.bets import service as bets
from lottery_service.bets.models import Bet, Slip
from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import domain as draw_rules
from lottery_service.draws import service as draw_service
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from portal_kit import money
from portal_kit.audit import ALL_BRANDS
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import issue_session

BIG = {"betType": "SUM_BIG_SMALL", "option": "BIG", "stake": 1000}
SMALL = {"betType": "SUM_BIG_SMALL", "option": "SMALL", "stake": 1000}


async def test_a_slip_is_paid_with_one_debit_and_a_replay_answers_it(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    slip = [BIG, {"betType": "POS_DIGIT", "position": 2, "numbers": [7], "stake": 500}]
    first = await lottery.bet(token, "SSC_1M", issue, slip, request_id="slip-replay-1")
    assert first.status_code == 200, first.text
    value = first.json()["value"]
    assert value["total"] == 1500 and value["balance"] == 98_500 and value["currency"] == "TRY"
    assert [b["status"] for b in value["bets"]] == ["accepted", "accepted"]
    assert value["bets"][0]["odds"] == "1.98" and value["bets"][0]["possibleWin"] == 1980
    assert value["bets"][1]["possibleWin"] == 4900  # 500 × 9.8
    again = await lottery.bet(token, "SSC_1M", issue, slip, request_id="slip-replay-1")
    assert again.json()["value"]["slipId"] == value["slipId"]
    assert await lottery.balance(account) == 98_500
    other = await lottery.bet(token, "SSC_1M", issue, [SMALL], request_id="slip-replay-1")
    assert other.status_code == 409 and other.json()["errorCode"] == "idempotency.mismatch"
    mine = await lottery.http.get("/lotto/lgw/bets?status=open", headers={"Authorization": token})
    assert mine.json()["value"]["total"] == 2


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"gameCode": "NOPE"}, 404, "lottery.game_unknown"),
        ({"bets": [{"betType": "NOPE", "stake": 1000}]}, 400, "lottery.bet_type_unknown"),
        ({"bets": [{"betType": "POS_DIGIT", "position": 9, "numbers": [1], "stake": 1000}]}, 400, "lottery.selection_invalid"),
        ({"bets": [{**BIG, "stake": 99}]}, 400, "stake.out_of_limits"),
        ({"bets": [{**BIG, "stake": 1_000_001}]}, 400, "stake.out_of_limits"),
        ({"bets": [{**BIG, "stake": 10.5}]}, 400, "validation.failed"),
        ({"bets": [{**BIG, "stake": -1000}]}, 400, "validation.failed"),
        ({"bets": []}, 400, "validation.failed"),
        ({"issue": "209901010001"}, 404, "lottery.issue_unknown"),
    ],
)  # fmt: skip
async def test_bad_slips_are_refused_with_nothing_written(
    lottery: Lottery, body: dict[str, object], status: int, code: str
) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    asked = {"gameCode": "SSC_1M", "issue": issue, "requestId": f"slip-{uuid.uuid4()}", "bets": [BIG], **body}
    answer = await lottery.http.post("/lotto/lgw/bets", json=asked, headers={"Authorization": token, "Language": "TR"})
    assert answer.status_code == status, answer.text
    assert answer.json()["errorCode"] == code and answer.json()["message"]
    assert await lottery.balance(account) == 100_000
    async with lottery.db.reader() as session:
        assert await session.scalar(select(func.count()).select_from(Slip)) == 0


async def test_visitors_and_trial_accounts_cannot_bet(lottery: Lottery) -> None:
    issue = await lottery.open_issue("SSC_1M")
    _, trial = await lottery.member(0, role=Role.TRIAL, account_type=4)
    refused = await lottery.bet(trial, "SSC_1M", issue, [BIG])
    assert refused.status_code == 403 and refused.json()["errorCode"] == "in_need_true_account"
    visitor = await lottery.http.post(
        "/lotto/lgw/bets", json={"gameCode": "SSC_1M", "issue": issue, "requestId": "x" * 10, "bets": [BIG]}
    )
    assert visitor.status_code == 401


async def test_not_enough_money_voids_the_slip(lottery: Lottery) -> None:
    account, token = await lottery.member(1500)
    issue = await lottery.open_issue("SSC_1M")
    answer = await lottery.bet(token, "SSC_1M", issue, [BIG, SMALL])
    assert answer.status_code == 409 and answer.json()["errorCode"] == "wallet.insufficient_funds"
    assert await lottery.balance(account) == 1500
    async with lottery.db.reader() as session:
        assert set(await session.scalars(select(Bet.status))) == {"void"}


async def test_a_closed_issue_takes_no_bet(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    await lottery.make_due("SSC_1M", issue)
    answer = await lottery.bet(token, "SSC_1M", issue, [BIG])
    assert answer.status_code == 409 and answer.json()["errorCode"] == "lottery.issue_closed"
    assert await lottery.balance(account) == 100_000


async def test_bets_racing_the_close_are_either_in_before_it_or_refused(lottery: Lottery) -> None:
    account, token = await lottery.member(1_000_000)
    issue = await lottery.open_issue("SSC_1M")
    closes = datetime.now(UTC) + timedelta(milliseconds=600)
    async with lottery.db.transaction() as session:
        await session.execute(
            update(Issue).where(Issue.game_code == "SSC_1M", Issue.issue == issue).values(closes_at=closes, draws_at=closes + timedelta(seconds=5))
        )  # fmt: skip

    async def one(n: int) -> int:
        await asyncio.sleep(n * 0.03)
        return (await lottery.bet(token, "SSC_1M", issue, [BIG])).status_code

    statuses = await asyncio.gather(*(one(n) for n in range(40)))
    assert set(statuses) == {200, 409}  # some in before the close, some refused after it
    async with lottery.db.reader() as session:
        placed = list(await session.scalars(select(Bet).where(Bet.status == "accepted")))
    assert len(placed) == statuses.count(200)
    assert all(bet.created_at < closes for bet in placed)
    assert await lottery.balance(account) == 1_000_000 - 1000 * len(placed)


async def test_parallel_slips_cannot_pass_the_issue_limit_together(lottery: Lottery) -> None:
    account, token = await lottery.member(20_000_000)
    issue = await lottery.open_issue("SSC_1M")
    limit = catalogue().games["SSC_1M"].max_per_issue
    slip = [{**BIG, "stake": 1_000_000}] * 2  # 2,000,000 a slip

    statuses = await asyncio.gather(*(lottery.bet(token, "SSC_1M", issue, slip) for _ in range(6)))
    codes = [answer.status_code for answer in statuses]
    assert codes.count(200) == limit // 2_000_000
    assert {answer.json()["errorCode"] for answer in statuses if answer.status_code != 200} == {"lottery.issue_limit"}
    assert await lottery.balance(account) == 20_000_000 - 2_000_000 * codes.count(200)


async def test_a_drawn_issue_pays_winners_exactly_once_with_an_event_per_bet(lottery: Lottery) -> None:
    winner, winner_token = await lottery.member(100_000, username="winner")
    loser, loser_token = await lottery.member(100_000, username="loser")
    issue = await lottery.open_issue("SSC_1M")
    async with lottery.db.reader() as session:
        row = await session.get(Issue, ("SSC_1M", issue))
        assert row is not None
    seed = SeedKeys.of(lottery.settings).seed(str(row.seed_key_id), "SSC_1M", issue)  # the test holds the key
    assert seed is not None and row.seed is None
    balls = draw_rules.draw(catalogue().games["SSC_1M"].category.draw, seed, row.context)
    big = sum(balls) >= 23
    await lottery.bet(winner_token, "SSC_1M", issue, [BIG if big else SMALL])
    await lottery.bet(loser_token, "SSC_1M", issue, [SMALL if big else BIG])
    await lottery.make_due("SSC_1M", issue)
    # A worker paid the winner, then died before marking the bet: the win's id is already in the wallet.
    async with lottery.db.reader() as session:
        winning = await session.scalar(select(Bet).where(Bet.account_id == winner))
        assert winning is not None
    await money.credit(lottery.nc, "turkeyf2", winner, "TRY", 1980, f"lottery:win:{winning.id}")

    assert await lottery.draw_and_settle() == 2
    assert await lottery.draw_and_settle() == 0
    assert await lottery.balance(winner) == 100_000 - 1000 + 1980
    assert await lottery.balance(loser) == 100_000 - 1000
    async with lottery.db.reader() as session:
        settled = await session.get(Issue, ("SSC_1M", issue))
        assert settled is not None and settled.status == "settled" and settled.result == balls
        statuses = {bet.account_id: (bet.status, bet.win) for bet in await session.scalars(select(Bet))}
        events = list(await session.scalars(select(OutboxMessage.subject)))
    assert statuses == {winner: ("won", 1980), loser: ("lost", 0)}
    assert events.count("lottery.bet.settled.v1") == 2 and events.count("lottery.draw.settled.v1") >= 1
    history = await lottery.http.get("/lotto/lgw/bets?status=settled", headers={"Authorization": winner_token})
    [read] = history.json()["value"]["list"]
    assert read["status"] == "won" and read["win"] == 1980 and read["result"] == balls


async def test_a_bet_can_be_cancelled_before_the_close_only_by_its_member(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    _, stranger = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    placed = (await lottery.bet(token, "SSC_1M", issue, [BIG, SMALL])).json()["value"]
    first, second = (bet["betId"] for bet in placed["bets"])
    theirs = await lottery.http.delete(f"/lotto/lgw/bets/{first}", headers={"Authorization": stranger})
    assert theirs.status_code == 404
    mine = await lottery.http.delete(f"/lotto/lgw/bets/{first}", headers={"Authorization": token})
    assert mine.status_code == 200 and mine.json()["value"]["balance"] == 99_000
    twice = await lottery.http.delete(f"/lotto/lgw/bets/{first}", headers={"Authorization": token})
    assert twice.status_code == 409 and twice.json()["errorCode"] == "lottery.bet_not_cancellable"
    await lottery.make_due("SSC_1M", issue)
    late = await lottery.http.delete(f"/lotto/lgw/bets/{second}", headers={"Authorization": token})
    assert late.status_code == 409 and late.json()["errorCode"] == "lottery.issue_closed"
    await lottery.draw_and_settle()
    assert await lottery.balance(account) in (99_000, 99_000 + 1980)  # the second bet lost or won


async def test_ops_void_an_issue_and_the_worker_refunds_every_bet_on_it_once(lottery: Lottery) -> None:
    first, first_token = await lottery.member(100_000, username="first")
    second, second_token = await lottery.member(100_000, username="second")
    issue = await lottery.open_issue("SSC_1M")
    assert (await lottery.bet(first_token, "SSC_1M", issue, [BIG, SMALL])).status_code == 200
    assert (await lottery.bet(second_token, "SSC_1M", issue, [BIG])).status_code == 200
    path = f"/wps/ops/lottery/games/SSC_1M/issues/{issue}/void"
    body = {"reason": "the draw feed was interrupted"}

    async def ops(merchants: set[str], *roles: OpsRole) -> dict[str, str]:
        principal = Principal(role=Role.OPS, merchant="*", username="ops." + "-".join(roles),
                              ops_roles=frozenset(roles), ops_merchants=frozenset(merchants))  # fmt: skip
        return {"Authorization": await issue_session(lottery.redis_url, principal)}

    proposed = await lottery.http.post(path, json=body, headers=await ops({"*"}, OpsRole.FINANCE_MAKER))
    checker = await ops({"*"}, OpsRole.FINANCE_CHECKER)
    approve = f"/wps/ops/lottery/void-requests/{proposed.json()['value']['requestId']}/approve"
    voided = (await lottery.http.post(approve, headers=checker)).json()["value"]
    assert (voided["gameCode"], voided["issue"], voided["status"], voided["betsToRefund"]) == (
        "SSC_1M", issue, "approved", 3
    )  # fmt: skip
    again = await lottery.http.post(path, json=body, headers=await ops({"*"}, OpsRole.FINANCE_MAKER))
    assert (again.status_code, again.json()["errorCode"]) == (409, "lottery.issue_not_voidable")
    late = await lottery.bet(first_token, "SSC_1M", issue, [BIG])
    assert late.json()["errorCode"] == "lottery.issue_closed"

    assert await bets.refund_void(lottery.db, lottery.nc, 4) == 3
    assert await bets.refund_void(lottery.db, lottery.nc, 4) == 0  # once each
    assert (await lottery.balance(first), await lottery.balance(second)) == (100_000, 100_000)
    assert await lottery.reconciled()
    mine = await lottery.http.get("/lotto/lgw/bets", headers={"Authorization": first_token})
    assert {b["status"] for b in mine.json()["value"]["list"]} == {"cancelled"}
    await lottery.make_due("SSC_1M", issue)
    await lottery.draw_and_settle()  # a voided issue is never drawn
    async with lottery.db.reader() as session:
        row = await session.scalar(select(Issue).where(Issue.game_code == "SSC_1M", Issue.issue == issue))
    assert row is not None and (row.status, row.result) == ("void", None)
    audit = await lottery.http.get("/wps/ops/lottery/audit", headers=checker)
    entry = audit.json()["value"]["list"][0]
    assert (entry["action"], entry["target"], entry["before"], entry["after"]) == (
        "issue.void", f"SSC_1M:{issue}", {"status": "open"},
        {"status": "void", "liveBets": 3, "requestedBy": "ops.finance-maker"},
    )  # fmt: skip
    assert set(entry) == {"actor", "action", "target", "reason", "before", "after", "at"}  # the call's shape, as ever
    async with lottery.db.reader() as session:
        brands = set(
            await session.scalars(select(LotteryAudit.merchant).where(LotteryAudit.target == f"SSC_1M:{issue}"))
        )
    assert brands == {ALL_BRANDS}  # the proposal and the void: an issue is every brand's


async def test_a_slip_the_wallet_never_answered_is_voided_and_its_debit_given_back(lottery: Lottery) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    placed = (await lottery.bet(token, "SSC_1M", issue, [BIG])).json()["value"]
    # The process stopped after the debit, before accepting: the slip is still pending.
    async with lottery.db.transaction() as session:
        slip_id = uuid.UUID(placed["slipId"])
        await session.execute(
            update(Slip)
            .where(Slip.id == slip_id)
            .values(status="pending", created_at=datetime.now(UTC) - timedelta(minutes=1))
        )
        await session.execute(update(Bet).where(Bet.slip_id == slip_id).values(status="pending"))
    assert await bets.recover(lottery.db, lottery.nc, 1.0) == 1
    assert await lottery.balance(account) == 100_000
    async with lottery.db.reader() as session:
        assert set(await session.scalars(select(Bet.status))) == {"void"}
    await lottery.make_due("SSC_1M", issue)
    assert await lottery.draw_and_settle() == 0  # nothing of the void slip is paid


async def test_the_schedule_continues_after_a_stop_without_gaps_doubles_or_reorders(lottery: Lottery) -> None:
    start = datetime.now(UTC).replace(second=0, microsecond=0) - timedelta(minutes=30)
    await lottery.schedule(start)  # the worker ran then...
    await lottery.schedule(start)  # ...twice at once changes nothing
    await lottery.schedule(datetime.now(UTC))  # ...and again half an hour later
    async with lottery.db.reader() as session:
        issues = list(await session.scalars(select(Issue).where(Issue.game_code == "SSC_1M").order_by(Issue.draws_at)))
    numbers = [int(issue.issue[-4:]) for issue in issues if issue.issue[:8] == issues[0].issue[:8]]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    assert all(b.draws_at - a.draws_at == timedelta(minutes=1) for a, b in itertools.pairwise(issues))
    await worker.tick(lottery.db, lottery.nc, lottery.settings)  # the ones missed while down, from their seeds
    async with lottery.db.reader() as session:
        missed = list(await session.scalars(select(Issue).where(Issue.game_code == "SSC_1M", Issue.status != "open")))
    assert len(missed) >= 29
    for issue in missed:
        assert issue.seed is not None
        assert issue.result == draw_rules.draw(catalogue().games["SSC_1M"].category.draw, issue.seed, issue.context)


async def test_anyone_can_verify_a_result_against_the_published_hash(lottery: Lottery) -> None:
    issue = await lottery.open_issue("K3_1M")
    before = (await lottery.http.get("/lotto/lgw/games/K3_1M")).json()["value"]["current"]
    await lottery.make_due("K3_1M", issue)
    await lottery.draw_and_settle()
    results = (await lottery.http.get("/lotto/lgw/games/K3_1M/results")).json()["value"]["list"]
    drawn = next(result for result in results if result["issue"] == issue)
    assert drawn["seedHash"] == before["seedHash"]
    good = await lottery.http.get(
        "/lotto/lgw/verify", params={"gameCode": "K3_1M", "issue": issue, "seed": drawn["seed"]}
    )
    assert good.json()["value"]["seedMatches"] and good.json()["value"]["resultMatches"]
    assert good.json()["value"]["result"] == drawn["result"]
    bad = await lottery.http.get("/lotto/lgw/verify", params={"gameCode": "K3_1M", "issue": issue, "seed": "0" * 64})
    assert not bad.json()["value"]["seedMatches"]
    junk = await lottery.http.get("/lotto/lgw/verify", params={"gameCode": "K3_1M", "issue": issue, "seed": "z" * 64})
    assert junk.status_code == 400 and junk.json()["errorCode"] == "lottery.seed_invalid"
    opened = (await lottery.http.get("/lotto/lgw/games/opened/numero", params={"gameCode": "K3_1M"})).json()["value"]
    assert opened[0]["issue"] == issue


async def test_the_lobby_lists_and_the_vn_calls(lottery: Lottery) -> None:
    await lottery.schedule()
    lobby = (await lottery.http.get("/lotto/lgw/games", params={"category": "k3"})).json()["value"]
    assert [game["gameCode"] for game in lobby] == ["K3_1M"] and lobby[0]["current"]["issue"]
    fast = (await lottery.http.get("/lotto/lgw/games", params={"category": "time"})).json()["value"]
    assert [g["intervalMinutes"] for g in fast] == sorted(g["intervalMinutes"] for g in fast)
    unknown = await lottery.http.get("/lotto/lgw/games", params={"category": "xyz"})
    assert unknown.status_code == 400 and unknown.json()["errorCode"] == "lottery.category_unknown"
    detail = (await lottery.http.get("/lotto/lgw/games/LHC_5M", headers={"Language": "CN"})).json()["value"]
    assert detail["prizeMode"] == "LOTT" and detail["gameName"] == "五分六合彩"
    colour = next(bt for bt in detail["betTypes"] if bt["code"] == "SPECIAL_COLOUR")
    assert colour["oddsBy"] == {"RED": "2.8", "BLUE": "2.95", "GREEN": "2.95"} and colour["options"] == [
        "RED",
        "BLUE",
        "GREEN",
    ]
    assert len(detail["colours"]["RED"]) == 17
    popular = (await lottery.http.get("/lgw/games/popular")).json()["value"]
    assert {g["gameCode"] for g in popular} >= {"SSC_1M", "K3_1M"}
    menu = (await lottery.http.get("/lgw/vn/games/game_menu")).json()["value"]
    assert [g["gameCode"] for g in menu] == ["VN_NORTH", "VN_SOUTH"]
    _, token = await lottery.member(0)
    launch = await lottery.http.get(
        "/lgw/vn/games/launch", params={"lottoGameCode": "VN_SOUTH", "lottoView": "lobby", "backUrl": "/home"},
        headers={"Authorization": token},
    )  # fmt: skip
    assert launch.json()["value"]["url"] == "/vnLottery?gameCode=VN_SOUTH&view=lobby&backUrl=%2Fhome"
    redirect = await lottery.http.get(
        "/lgw/vn/games/launch", params={"lottoGameCode": "VN_SOUTH", "backUrl": "//evil.example"},
        headers={"Authorization": token},
    )  # fmt: skip
    assert redirect.status_code == 400 and redirect.json()["errorCode"] == "lottery.back_url_invalid"
    recent = await lottery.http.get("/lgw/vn/games/game_menu/recent", headers={"Authorization": token})
    assert recent.json()["value"] == []
    assert (await lottery.http.get("/lgw/vn/games/game_menu/recent")).status_code == 401


def test_a_choice_is_stored_and_read_back_as_it_was_checked() -> None:
    bet = Bet(choice={"position": 2, "numbers": [7], "option": None})
    assert bets.choice_of(bet) == domain.Choice(2, (7,), None)


async def test_the_draw_loop_finds_work_when_a_tick_would(lottery: Lottery) -> None:
    """The loop's one-statement check before a tick: true for an issue due, a slip the wallet left unanswered past
    the recovery delay, an issue drawn and not settled; false once the tick has done them."""
    settings = lottery.settings
    _, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    assert not await worker.work_due(lottery.db, settings)  # issues ahead, none due
    placed = (await lottery.bet(token, "SSC_1M", issue, [BIG])).json()["value"]
    await lottery.make_due("SSC_1M", issue)
    assert await worker.work_due(lottery.db, settings)
    await draw_service.draw_due(lottery.db, catalogue(), SeedKeys.of(settings))
    assert await worker.work_due(lottery.db, settings)  # drawn, its bets not settled yet
    await bets.settle_drawn(lottery.db, lottery.nc, catalogue(), 8)
    assert not await worker.work_due(lottery.db, settings)
    async with lottery.db.transaction() as session:  # a slip the wallet never answered, older than the delay
        await session.execute(
            update(Slip)
            .where(Slip.id == uuid.UUID(placed["slipId"]))
            .values(
                status="pending", created_at=datetime.now(UTC) - timedelta(seconds=settings.recovery_after_seconds + 1)
            )
        )
    assert await worker.work_due(lottery.db, settings)
    await worker.tick(lottery.db, lottery.nc, settings, schedule=False)
    assert not await worker.work_due(lottery.db, settings)
