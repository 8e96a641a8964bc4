"""The differential when a middle contract ends or its threshold is not reached (issue 45, item 3), on the real
servers, table-driven for each contract type: A above B above C, B's contract terminated (or cancelled by A's lower
new one) while C's stays: A is paid its gross less C's (its nearest holder below, passed through B), B nothing, C
its own; B's contract active but its threshold never reached: A is paid its gross less what B's subtree is paid
(C's), not less B's 0. In all, A's contract's pay on A's team, never more. A late bet in C's team adjusts A and C
by the same rule."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
import test_settlement
from agent_contracts_helpers import MEMBER_TYPE, AgentContracts
from test_agent_contract_calls import act, offer
from test_settlement import DAY_GRACE, MINUTE, WINDOW_GRACE, Wallet, bet, granted, lines, signed, tick

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.settlement.domain import first_period

# the fixtures: the real wallet's money responder over its own database, and the connection settlement asks it on
wallet, nc = test_settlement.wallet, test_settlement.nc
wallet_for_settlement_url, wallet_for_settlement = (test_settlement.wallet_for_settlement_url,
                                                    test_settlement.wallet_for_settlement)  # fmt: skip


@dataclass(frozen=True)
class Case:
    kind: Kind
    path: str  # its relay call (offers, terminations)
    grant: str  # its ops grant path segment
    cadence: str | None

    def terms(self, rate: int, threshold: int = 1) -> dict[str, Any]:
        """Terms paying ``rate`` of every bet (real-time, wages) or of the team's loss (dividend), from the first
        unit (or from ``threshold``: the bet amount, the tier's valid bet or loss)."""
        if self.kind == Kind.REALTIME_SALARY:
            return {"winRate": rate, "lossRate": rate, "betAmount": 0 if threshold == 1 else threshold}
        if self.kind == Kind.DIVIDEND:
            return {"period": self.cadence,
                    "tiers": [{"minProfitLoss": threshold, "minActiveMembers": 1, "ratio": rate}]}  # fmt: skip
        return {"tiers": [{"minValidBet": threshold, "minActiveMembers": 1, "ratio": rate}]}

    @property
    def length(self) -> timedelta:
        return 5 * MINUTE if self.kind == Kind.REALTIME_SALARY else timedelta(days=1)

    @property
    def grace(self) -> timedelta:
        return WINDOW_GRACE if self.kind == Kind.REALTIME_SALARY else DAY_GRACE


CASES = [
    Case(Kind.REALTIME_SALARY, "/wps/relay/MCSFE_processRealTimeSalaryContract", "real-time-salary", None),
    Case(Kind.DAILY_WAGE, "/wps/relay/MCS2_processDailySalContract", "daily-wage", None),
    Case(Kind.HOURLY_SALARY, "/wps/relay/MCS2_processContractHourSalary", "hourly-salary", None),
    Case(Kind.DIVIDEND, "/wps/relay/MCS2_processDividendReq", "dividend", "D"),
]


def _downlines(line: Any) -> list[dict[str, Any]]:
    """The holders a line deducted (an hourly salary's: of its hours)."""
    if "hours" in line.detail:
        return [found for hour in line.detail["hours"] for found in hour["downlines"]]
    return list(line.detail["downlines"])


@pytest.mark.parametrize("ending", ["TERMINATED", "CANCELLED"])
@pytest.mark.parametrize("case", CASES, ids=[case.kind.value for case in CASES])
async def test_a_middle_contract_ended_the_top_pays_the_difference_to_the_nearest_holder(
    ac: AgentContracts, wallet: Wallet, case: Case, ending: str
) -> None:
    a, b, c = await ac.chain(3)
    members = {owner: await ac.place(owner, account_type=MEMBER_TYPE) for owner in (a, b, c)}
    await granted(ac, a, case.grant, case.terms(500))
    middle = await signed(ac, case.path, a, b, case.terms(400))
    bottom = await signed(ac, case.path, b, c, case.terms(200))
    if ending == "TERMINATED":  # A asks to end B's contract, B agrees
        request = (await offer(ac, case.path, a, b, None, "TERMINATION"))["pending"]["id"]
        await act(ac, case.path, b, {"action": "terminate", "requestId": request})
        top_rate = 500
    else:  # ops grant A a new 3 %: B's 4 % pays more and is cancelled, C's 2 % stays
        await granted(ac, a, case.grant, case.terms(300))
        top_rate = 300
    (ended,) = await ac.rows(Contract, id=middle.id)
    assert (ended.status, ended.end_reason) == ("ENDED", ending)
    (top,) = await ac.rows(Contract, account_id=a, status="ACTIVE")
    assert [found.id for found in await ac.rows(Contract, account_id=c, status="ACTIVE")] == [bottom.id]
    start = max(first_period(case.kind, found.started_at, case.cadence) for found in (top, bottom))
    at: datetime = start + MINUTE
    await bet(ac, members[c], at, 100_000, 0)  # in C's, B's and A's teams
    await bet(ac, c, at, 10_000, 0)  # C's own play: in B's and A's teams, not C's
    await bet(ac, members[b], at, 20_000, 0)  # B's team (no contract now) and A's
    await bet(ac, members[a], at, 30_000, 0)  # A's only
    await tick(ac, wallet, start + case.length + case.grace)
    (line_c,) = await lines(ac, c)
    (line_a,) = await lines(ac, a)
    assert await lines(ac, b) == []  # B's contract had ended before the period started
    assert line_c.amount == 2_000 and _downlines(line_c) == []
    gross_a = 160_000 * top_rate // 10_000
    assert (line_a.amount, line_a.detail["gross"]) == (gross_a - 2_000, gross_a)
    (deducted,) = _downlines(line_a)  # C, passed through B
    assert (deducted["accountId"], deducted["contractId"], deducted["gross"]) == (c, bottom.id, 2_000)
    assert line_a.amount + line_c.amount == gross_a  # the top's pay on its team, never more
    # a bet of the period in C's team arriving after it was settled: the next period adjusts A and C by the same rule
    await bet(ac, members[c], at + MINUTE, 40_000, 0)
    await tick(ac, wallet, start + 2 * case.length + case.grace)
    adjusted = {who: sum(line.amount for line in await lines(ac, who) if line.line_type == "ADJUSTMENT")
                for who in (a, b, c)}  # fmt: skip
    assert adjusted == {a: 40_000 * (top_rate - 200) // 10_000, b: 0, c: 800}
    assert sum([await wallet.paid_to(who) for who in (a, b, c)]) == 200_000 * top_rate // 10_000


@pytest.mark.parametrize("case", CASES, ids=[case.kind.value for case in CASES])
async def test_a_middle_holder_below_its_threshold_never_overpays_the_tree(
    ac: AgentContracts, wallet: Wallet, case: Case
) -> None:
    """A 5 %, B 4 % from a threshold its team never reaches, C 4 % under B: a lost bet of 100 000 in C's team pays
    C 4 000, B nothing and A 5 000 less what B's subtree is paid (C's 4 000): 5 000 in all, A's gross (deducting
    B's gross of 0 paid 9 000)."""
    a, b, c = await ac.chain(3)
    member = await ac.place(c, account_type=MEMBER_TYPE)
    top = await granted(ac, a, case.grant, case.terms(500))
    middle = await signed(ac, case.path, a, b, case.terms(400, 10**12))
    bottom = await signed(ac, case.path, b, c, case.terms(400))
    start = max(first_period(case.kind, found.started_at, case.cadence) for found in (top, middle, bottom))
    at: datetime = start + MINUTE
    await bet(ac, member, at, 100_000, 0)
    await tick(ac, wallet, start + case.length + case.grace)
    (line_c,) = await lines(ac, c)
    (line_a,) = await lines(ac, a)
    assert await lines(ac, b) == []  # its threshold not reached: nothing
    assert (line_c.amount, line_a.amount, line_a.detail["gross"]) == (4_000, 1_000, 5_000)
    (deducted,) = _downlines(line_a)  # B, with what its subtree is paid
    assert (deducted["accountId"], deducted["contractId"], deducted["gross"], deducted["paidTotal"]) == (
        b, middle.id, 0, 4_000,
    )  # fmt: skip
    assert [await wallet.paid_to(who) for who in (a, b, c)] == [1_000, 0, 4_000]
    # a lost bet of the period in C's team arriving after it was settled: A adjusted by 5 % - 4 %, C by 4 %
    await bet(ac, member, at + MINUTE, 40_000, 0)
    await tick(ac, wallet, start + 2 * case.length + case.grace)
    adjusted = {who: sum(line.amount for line in await lines(ac, who) if line.line_type == "ADJUSTMENT")
                for who in (a, b, c)}  # fmt: skip
    assert adjusted == {a: 400, b: 0, c: 1_600}
    assert sum([await wallet.paid_to(who) for who in (a, b, c)]) == 140_000 * 500 // 10_000
