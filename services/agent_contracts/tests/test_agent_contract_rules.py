"""The pure rules: periods and hours, the terms' ranges, the lifecycle table, and the chain rule as a Hypothesis
property (after any sequence of offers, agreements, terminations and refusals, no contract pays more than a contract
above it in the tree)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_contracts_service.contracts.domain import (
    TRANSITIONS,
    Decision,
    Held,
    RequestStatus,
    RequestType,
    cancelled_by,
    exceeds,
    next_status,
    rates_of,
    terms_refusal,
)
from agent_contracts_service.contracts.schemas import DividendTerms, RealTimeTerms, WageTerms
from agent_contracts_service.figures.domain import Period, hour_of, period_bounds


@pytest.mark.parametrize(
    ("period", "at", "start", "end"),
    [
        (Period.DAY, datetime(2026, 11, 27, 23, 59, tzinfo=UTC), datetime(2026, 11, 27, tzinfo=UTC), datetime(2026, 11, 28, tzinfo=UTC)),
        (Period.WEEK, datetime(2026, 11, 29, 12, tzinfo=UTC), datetime(2026, 11, 23, tzinfo=UTC), datetime(2026, 11, 30, tzinfo=UTC)),
        (Period.HALF_MONTH, datetime(2026, 11, 15, 23, tzinfo=UTC), datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 11, 16, tzinfo=UTC)),
        (Period.HALF_MONTH, datetime(2026, 2, 16, tzinfo=UTC), datetime(2026, 2, 16, tzinfo=UTC), datetime(2026, 3, 1, tzinfo=UTC)),
        (Period.MONTH, datetime(2026, 12, 31, 23, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)),
    ],
)  # fmt: skip
def test_period_bounds(period: Period, at: datetime, start: datetime, end: datetime) -> None:
    assert period_bounds(period, at) == (start, end)


@given(st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1), timezones=st.just(UTC)),
       st.integers(min_value=-12, max_value=14))  # fmt: skip
def test_a_fact_counts_in_exactly_one_hour_and_that_hour_in_one_period_of_each_kind(at: datetime, offset: int) -> None:
    written = at.astimezone(timezone(timedelta(hours=offset)))  # the same instant written with any offset
    hour = hour_of(written)
    assert hour == hour_of(at) and hour <= at < hour + timedelta(hours=1)
    for period in Period:
        start, end = period_bounds(period, at)
        assert start <= hour < end
        assert period_bounds(period, start) == (start, end) and period_bounds(period, end)[0] == end


def wage(*ratios: int) -> WageTerms:
    return WageTerms.model_validate({"tiers": [{"minValidBet": 10 * (n + 1), "minActiveMembers": n, "ratio": r}
                                               for n, r in enumerate(ratios)]})  # fmt: skip


def test_terms_refusals() -> None:
    assert terms_refusal(wage(0, 10_000)) is None
    assert terms_refusal(wage(-1)) == "contract.rate_out_of_range"
    assert terms_refusal(wage(10_001)) == "contract.rate_out_of_range"
    assert terms_refusal(wage(20, 10)) == "contract.terms_invalid"
    assert terms_refusal(RealTimeTerms(winRate=10, lossRate=-1, betAmount=0)) == "contract.rate_out_of_range"
    assert terms_refusal(RealTimeTerms(winRate=10, lossRate=1, betAmount=-1)) == "contract.terms_invalid"
    same_step = DividendTerms.model_validate({"period": "D", "tiers": [
        {"minProfitLoss": 5, "minActiveMembers": 1, "ratio": 1}, {"minProfitLoss": 5, "minActiveMembers": 2, "ratio": 2}]})  # fmt: skip
    assert terms_refusal(same_step) == "contract.terms_invalid"


def test_rates_and_the_chain_comparison() -> None:
    assert rates_of(wage(10, 30)) == {"ratio": 30}
    assert rates_of(RealTimeTerms(winRate=5, lossRate=7, betAmount=0)) == {"winRate": 5, "lossRate": 7}
    assert exceeds({"winRate": 6, "lossRate": 1}, {"winRate": 5, "lossRate": 7})
    assert not exceeds({"winRate": 5, "lossRate": 7}, {"winRate": 5, "lossRate": 7})


def test_the_lifecycle_table_allows_only_the_downlines_answers_to_a_pending_request() -> None:
    for status in RequestStatus:
        for request_type in RequestType:
            for decision in Decision:
                allowed = next_status(status, request_type, decision)
                expected = TRANSITIONS.get((status, request_type, decision))
                assert allowed == expected
                if status is not RequestStatus.PENDING:
                    assert allowed is None
    assert len(TRANSITIONS) == 4


# --- the chain property ---------------------------------------------------------------------------------------------

N = 8  # agents 0..7; agent 0 is the top, holding a granted contract
Step = tuple[str, int, int]  # (what, agent, ratio)


class Chain:
    """An in-memory portal of one contract kind, ruled by the domain's functions only."""

    def __init__(self, uplines: list[int | None], top_ratio: int) -> None:
        self.uplines = uplines
        self.active: dict[int, dict[str, int]] = {0: {"ratio": top_ratio}}
        self.pending: dict[int, tuple[RequestType, dict[str, int] | None]] = {}

    def below(self, agent: int) -> list[int]:
        found = []
        for other in range(N):
            current = self.uplines[other]
            while current is not None:
                if current == agent:
                    found.append(other)
                    break
                current = self.uplines[current]
        return found

    def offer(self, downline: int, ratio: int) -> None:
        upline = self.uplines[downline]
        if upline is None or downline in self.pending or upline not in self.active:
            return
        rates = {"ratio": ratio}
        if not exceeds(rates, self.active[upline]):
            self.pending[downline] = (RequestType.NEW, rates)

    def offer_termination(self, downline: int) -> None:
        if downline in self.active and downline not in self.pending and self.uplines[downline] is not None:
            self.pending[downline] = (RequestType.TERMINATION, None)

    def decide(self, downline: int, decision: Decision) -> None:
        if downline not in self.pending:
            return
        request_type, rates = self.pending[downline]
        status = next_status(RequestStatus.PENDING, request_type, decision)
        if status is None:
            return
        del self.pending[downline]
        if status is RequestStatus.SIGNED and rates is not None:
            upline = self.uplines[downline]
            if upline is None or upline not in self.active or exceeds(rates, self.active[upline]):
                self.pending[downline] = (request_type, rates)  # refused at signing: nothing changes
                return
            self.active[downline] = rates
            held = [Held(str(a), self.active[a], contract_id=a) for a in self.below(downline) if a in self.active]
            held += [Held(str(a), r, request_id=a) for a in self.below(downline)
                     for t, r in [self.pending.get(a, (RequestType.TERMINATION, None))] if r is not None]  # fmt: skip
            for cancelled in cancelled_by(rates, held):
                if cancelled.contract_id is not None:
                    self.active.pop(cancelled.contract_id, None)
                if cancelled.request_id is not None:
                    self.pending.pop(cancelled.request_id, None)
        elif status is RequestStatus.TERMINATED:
            self.active.pop(downline, None)

    def chain_holds(self) -> bool:
        for agent, rates in self.active.items():
            current = self.uplines[agent]
            while current is not None:
                if current in self.active and exceeds(rates, self.active[current]):
                    return False
                current = self.uplines[current]
        return True


trees = st.lists(st.integers(min_value=0, max_value=N), min_size=N - 1, max_size=N - 1).map(
    lambda picks: [None, *(pick % (n + 1) for n, pick in enumerate(picks))]  # agent n+1's upline is one of 0..n
)
steps = st.lists(
    st.tuples(
        st.sampled_from(["offer", "terminate", "sign", "refuse", "agree"]),
        st.integers(1, N - 1),
        st.integers(0, 10_000),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(trees, st.integers(0, 10_000), steps)
def test_no_contract_ever_pays_more_than_one_above_it(uplines: list[int | None], top: int, plan: list[Step]) -> None:
    chain = Chain(uplines, top)
    for what, agent, ratio in plan:
        match what:
            case "offer":
                chain.offer(agent, ratio)
            case "terminate":
                chain.offer_termination(agent)
            case "sign":
                chain.decide(agent, Decision.SIGN)
            case "refuse":
                chain.decide(agent, Decision.REFUSE)
            case "agree":
                chain.decide(agent, Decision.TERMINATE)
        assert chain.chain_holds()
