"""Team figures from settled bets (games and lottery), credited deposits and paid withdrawals: once per event, each
fact in exactly one hour, periods summed from the hours, a team read only by its own agents."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import nats
from agent_contracts_helpers import MERCHANT, AgentContracts, eventually

from agent_contracts_service.figures.models import MemberHour
from portal_events import GamesBetSettledV1, LotteryBetSettledV1, WalletDepositCreditedV1, WalletWithdrawalPaidV1


def event_of(model: Any, data: dict[str, Any], merchant: str = MERCHANT) -> Any:
    return model.model_validate({
        "id": str(uuid.uuid4()), "subject": model.SUBJECT, "occurredAt": datetime.now(UTC).isoformat(),
        "merchant": merchant, "data": data,
    })  # fmt: skip


def game_bet(account: str, at: datetime, stake: int, win: int) -> GamesBetSettledV1:
    data = {"roundId": str(uuid.uuid4()), "accountId": account, "vendor": "BGS", "gameType": "RNG",
            "gameCode": "DICE", "currency": "TRY", "stake": stake, "win": win, "validBet": stake,
            "settledAt": at.isoformat()}  # fmt: skip
    result: GamesBetSettledV1 = event_of(GamesBetSettledV1, data)
    return result


def lottery_bet(account: str, at: datetime, stake: int, win: int) -> LotteryBetSettledV1:
    data = {"betId": str(uuid.uuid4()), "accountId": account, "playerName": "p", "vendor": "LOTT",
            "gameCode": "SSC_1M", "issue": "202611270001", "betType": "BIG", "currency": "TRY", "stake": stake,
            "win": win, "validBet": stake, "settledAt": at.isoformat()}  # fmt: skip
    result: LotteryBetSettledV1 = event_of(LotteryBetSettledV1, data)
    return result


async def consumed(ac: AgentContracts, stream: str, consumer: str, deliveries: int) -> bool:
    nc = await nats.connect(ac.servers.nats_url)
    try:
        info = await nc.jetstream().consumer_info(stream, f"agent-contracts__{consumer}")
        return info.num_pending == 0 and info.num_ack_pending == 0 and info.delivered.stream_seq >= deliveries
    finally:
        await nc.close()


async def test_each_fact_counts_once_in_exactly_its_hour(ac: AgentContracts, worker: None) -> None:
    agent = await ac.place()
    member = await ac.place(agent, account_type=0)
    hour = datetime(2026, 11, 20, 13, tzinfo=UTC)
    edge = hour + timedelta(hours=1) - timedelta(microseconds=1)  # the last instant of the hour
    events = [
        game_bet(member, hour, 1000, 0),
        game_bet(member, edge, 500, 2000),
        lottery_bet(member, hour + timedelta(hours=1), 300, 0),  # the next hour's first instant
        lottery_bet(member, (hour + timedelta(minutes=30)).astimezone(tz=UTC), 200, 0),
    ]
    for event in events:
        await ac.publish(event)
    await ac.publish(events[0], msg_id="redelivered")  # the same event again: no second effect
    deposit = event_of(
        WalletDepositCreditedV1,
        {
            "depositId": str(uuid.uuid4()),
            "accountId": member,
            "channel": "SANDBOX",
            "amount": 10_000,
            "currency": "TRY",
            "creditedAt": hour.isoformat(),
        },
    )
    paid = event_of(WalletWithdrawalPaidV1, {"withdrawalId": str(uuid.uuid4()), "accountId": member,
                    "amount": 4_000, "currency": "TRY", "paidAt": hour.isoformat()})  # fmt: skip
    await ac.publish(deposit)
    await ac.publish(paid)
    await eventually(lambda: consumed(ac, "GAMES", "games_bet_settled", 3))
    await eventually(lambda: consumed(ac, "LOTTERY", "lottery_bet_settled", 2))
    await eventually(lambda: consumed(ac, "WALLET", "withdrawal_paid", 2))
    await eventually(lambda: consumed(ac, "WALLET", "deposit_credited", 1))
    rows = {row.hour: row for row in await ac.rows(MemberHour, account_id=member)}
    assert set(rows) == {hour, hour + timedelta(hours=1)}
    first = rows[hour]
    assert (first.bet_count, first.stake, first.win, first.valid_bet) == (3, 1700, 2000, 1700)
    assert (first.deposit_count, first.deposit, first.withdrawal_count, first.withdrawal) == (1, 10_000, 1, 4_000)
    assert (rows[hour + timedelta(hours=1)].bet_count, rows[hour + timedelta(hours=1)].stake) == (1, 300)


async def test_period_figures_are_the_sums_of_their_hours_for_the_agents_tree_only(ac: AgentContracts) -> None:
    from agent_contracts_service.figures import service
    from agent_contracts_service.figures.domain import settled_bet

    top = await ac.place()
    agent = await ac.place(top)
    sibling = await ac.place(top)
    a, b = await ac.place(agent, account_type=0), await ac.place(agent, account_type=0)
    deep = await ac.place(b, account_type=0)
    other = await ac.place(sibling, account_type=0)
    facts = [  # (member, when, stake, win)
        (a, datetime(2026, 11, 2, 10, 5, tzinfo=UTC), 1000, 0),  # Monday of week 45; first half of November
        (b, datetime(2026, 11, 2, 23, 59, tzinfo=UTC), 2000, 5000),
        (deep, datetime(2026, 11, 8, 12, tzinfo=UTC), 400, 0),  # Sunday: same week
        (a, datetime(2026, 11, 16, 0, 0, tzinfo=UTC), 700, 0),  # second half
        (other, datetime(2026, 11, 2, 10, tzinfo=UTC), 9999, 0),  # the sibling's team
    ]
    async with ac.db.transaction() as session:
        for member, at, stake, win in facts:
            await service.count(session, MERCHANT, member, at, "TRY", settled_bet(stake, win, stake))
    token = await ac.token(agent)

    async def figures(period: str, day: str) -> dict[str, Any]:
        answer = await ac.call(
            "GET", "/wps/agent-contracts/team/figures", token, params={"period": period, "date": day}
        )
        assert answer.status_code == 200, answer.text
        value: dict[str, Any] = answer.json()["value"]
        return value

    day = await figures("D", "2026-11-02")
    assert [(t["activeMembers"], t["stake"], t["win"], t["profitLoss"]) for t in day["totals"]] == [
        (2, 3000, 5000, 2000)
    ]
    week = await figures("W", "2026-11-05")
    assert week["start"].startswith("2026-11-02") and week["end"].startswith("2026-11-09")
    assert [(t["activeMembers"], t["stake"]) for t in week["totals"]] == [(3, 3400)]
    half = await figures("H", "2026-11-10")
    assert [(t["activeMembers"], t["stake"]) for t in half["totals"]] == [(3, 3400)]
    second_half = await figures("H", "2026-11-20")
    assert [(t["activeMembers"], t["stake"]) for t in second_half["totals"]] == [(1, 700)]
    month = await figures("M", "2026-11-30")
    assert [(t["activeMembers"], t["stake"], t["betCount"]) for t in month["totals"]] == [(3, 4100, 4)]
    assert {m["accountId"]: m["stake"] for m in month["members"]} == {a: 1700, b: 2000, deep: 400}
    top_month = (await ac.call("GET", "/wps/agent-contracts/team/figures", await ac.token(top),
                               params={"period": "M", "date": "2026-11-01"})).json()["value"]  # fmt: skip
    assert top_month["totals"][0]["stake"] == 4100 + 9999
    sibling_month = (await ac.call("GET", "/wps/agent-contracts/team/figures", await ac.token(sibling),
                                   params={"period": "M", "date": "2026-11-01"})).json()["value"]  # fmt: skip
    assert [m["accountId"] for m in sibling_month["members"]] == [other]
    hourly = await ac.call("GET", "/wps/agent-contracts/team/figures/hourly", token, params={"date": "2026-11-02"})
    hours = [
        (h["hour"][:16], h["activeMembers"], h["validBet"], h["profitLoss"]) for h in hourly.json()["value"]["hours"]
    ]
    assert hours == [("2026-11-02T10:00", 1, 1000, -1000), ("2026-11-02T23:00", 1, 2000, 3000)]
    for path, params in (
        ("/wps/agent-contracts/team/figures", {"period": "D", "date": "11/02"}),
        ("/wps/agent-contracts/team/figures", {"period": "M", "date": "9999-12-31"}),  # past the calendar's end
        ("/wps/agent-contracts/team/figures", {"period": "W", "date": "2026-1-5"}),  # not zero-padded
        ("/wps/agent-contracts/team/figures/hourly", {"date": "9999-12-31"}),
    ):
        bad = await ac.call("GET", path, token, params=params)
        assert (bad.status_code, bad.json()["errorCode"]) == (400, "validation.failed"), (params, bad.text)
