"""Settlement's pure rules, without I/O: what a window, a day and an hour pay (table-driven for each contract type
and period), the differential (an upline paid its own pay less what its nearest holders' subtrees are paid), the
window a bet counts in (exactly one), and the late-bet adjustments (Hypothesis): a window's lines sum to exactly what
it would have paid had every bet been on time, never more than the contract's rates allow; over any tree of contracts
whose rates never rise downwards, with or without thresholds (a middle agent's contract ended or not), the tree is
paid ``paidTotal(top) = max(gross(top), Σ paidTotal(nearest holders))`` as an independent recursion works it out, no
agent below 0, and without thresholds exactly the top contract's pay; a middle holder below its own threshold
(A 5 %, B 4 % unreached, C 4 %) never makes the tree paid more than that, for each contract type; a bet counts in
exactly one period of each kind and cadence."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.schemas import (
    DividendTerms,
    DividendTier,
    RealTimeTerms,
    VolumeTier,
    WageTerms,
)
from agent_contracts_service.figures.domain import window_fact, window_of
from agent_contracts_service.settlement.domain import (
    Deducted,
    LateDownline,
    LineType,
    WindowFigures,
    bounds,
    covers,
    differential,
    differential_pay,
    dividend_pay,
    first_period,
    holder_parents,
    late_adjustment,
    nearest_holders,
    nets,
    paid_totals,
    realtime_adjustment,
    realtime_pay,
    tier_of,
    transaction_id,
    wage_pay,
)

T0 = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)


def rt(win: int, loss: int, bet: int) -> RealTimeTerms:
    return RealTimeTerms(winRate=win, lossRate=loss, betAmount=bet)


WAGE = WageTerms(
    tiers=[
        VolumeTier(minValidBet=100_000, minActiveMembers=0, ratio=50),
        VolumeTier(minValidBet=500_000, minActiveMembers=3, ratio=100),
        VolumeTier(minValidBet=1_000_000, minActiveMembers=5, ratio=150),
    ]
)


@pytest.mark.parametrize(
    ("terms", "figures", "paid"),
    [
        # 1 % of the won bets' valid bet + 2 % of the lost ones', the window's bet amount at or above 50 000
        (rt(100, 200, 50_000), WindowFigures(1, 30_000, 1, 40_000), 300 + 800),
        (rt(100, 200, 50_000), WindowFigures(1, 30_000, 1, 20_000), 300 + 400),  # exactly the threshold
        (rt(100, 200, 50_000), WindowFigures(1, 30_000, 1, 19_999), 0),  # below it: nothing
        (rt(100, 200, 0), WindowFigures(), 0),  # no bets: nothing, even without a threshold
        (rt(0, 150, 0), WindowFigures(2, 90_000, 0, 0), 0),  # won bets at a 0 win rate
        (rt(33, 33, 0), WindowFigures(0, 0, 1, 99), 0),  # rounded down to the minor unit
        (rt(10_000, 10_000, 1), WindowFigures(1, 7, 1, 5), 12),  # 100 %
    ],
)
def test_a_realtime_window_pays(terms: RealTimeTerms, figures: WindowFigures, paid: int) -> None:
    assert realtime_pay(terms, figures) == paid


@pytest.mark.parametrize(
    ("valid_bet", "active", "tier", "paid"),
    [
        (99_999, 10, None, 0),  # below the first tier
        (100_000, 0, 0, 500),  # tier 1: 0.5 %
        (600_000, 2, 0, 3_000),  # the volume of tier 2 without its members: tier 1
        (600_000, 3, 1, 6_000),  # tier 2: 1 %
        (2_000_000, 4, 1, 20_000),  # the volume of tier 3 with the members of tier 2
        (2_000_000, 5, 2, 30_000),  # tier 3: 1.5 %
        (1_000_001, 9, 2, 15_000),  # rounded down
    ],
)
def test_a_day_or_an_hour_pays_its_tier(valid_bet: int, active: int, tier: int | None, paid: int) -> None:
    assert tier_of(WAGE.tiers, valid_bet, active) == tier
    assert wage_pay(WAGE, valid_bet, active) == (paid, tier)


@pytest.mark.parametrize(
    ("kind", "started", "first"),
    [
        (Kind.REALTIME_SALARY, T0 + timedelta(minutes=2), T0 + timedelta(minutes=5)),
        (Kind.REALTIME_SALARY, T0 + timedelta(minutes=5), T0 + timedelta(minutes=5)),
        (Kind.DAILY_WAGE, T0, T0.replace(hour=0) + timedelta(days=1)),
        (Kind.HOURLY_SALARY, T0.replace(hour=0), T0.replace(hour=0)),
    ],
)
def test_a_contract_settles_from_the_first_period_starting_after_it(kind: Kind, started: datetime,
                                                                     first: datetime) -> None:  # fmt: skip
    assert first_period(kind, started) == first
    assert covers(kind, started, None, first)
    assert not covers(kind, started, None, first - (timedelta(minutes=5) if kind == Kind.REALTIME_SALARY
                                                   else timedelta(days=1)))  # fmt: skip
    # the period holding its end is still its own (it was active at the period's start); the next is not
    assert covers(kind, started, first + timedelta(seconds=1), first)
    assert not covers(kind, started, first, first)


DIVIDEND = DividendTerms(
    period="W",
    tiers=[
        DividendTier(minProfitLoss=1_000_000, minActiveMembers=0, ratio=1_000),
        DividendTier(minProfitLoss=5_000_000, minActiveMembers=5, ratio=2_000),
    ],
)


@pytest.mark.parametrize(
    ("stake", "win", "active", "tier", "paid"),
    [
        (3_000_000, 4_000_000, 10, None, 0),  # the team won: no dividend
        (3_000_000, 3_000_000, 10, None, 0),  # even
        (1_999_999, 1_000_000, 10, None, 0),  # a loss below the first tier
        (2_000_000, 1_000_000, 0, 0, 100_000),  # tier 1: 10 % of a 1 000 000 loss
        (9_000_000, 1_000_000, 4, 0, 800_000),  # the loss of tier 2 without its members
        (9_000_000, 1_000_000, 5, 1, 1_600_000),  # tier 2: 20 %
        (5_000_003, 0, 5, 1, 1_000_000),  # rounded down
    ],
)
def test_a_dividend_period_pays_its_tier_of_the_team_loss(stake: int, win: int, active: int, tier: int | None,
                                                           paid: int) -> None:  # fmt: skip
    assert dividend_pay(DIVIDEND, stake, win, active) == (paid, tier)


@pytest.mark.parametrize(
    ("cadence", "started", "first", "end"),
    [
        ("D", datetime(2026, 11, 27, 10, tzinfo=UTC), datetime(2026, 11, 28, tzinfo=UTC), datetime(2026, 11, 29, tzinfo=UTC)),
        ("W", datetime(2026, 11, 27, 10, tzinfo=UTC), datetime(2026, 11, 30, tzinfo=UTC), datetime(2026, 12, 7, tzinfo=UTC)),
        ("H", datetime(2026, 11, 3, tzinfo=UTC), datetime(2026, 11, 16, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC)),
        ("H", datetime(2026, 11, 16, tzinfo=UTC), datetime(2026, 11, 16, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC)),
        ("M", datetime(2026, 12, 5, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC), datetime(2027, 2, 1, tzinfo=UTC)),
    ],
)  # fmt: skip
def test_a_dividend_settles_each_of_its_periods(cadence: str, started: datetime, first: datetime,
                                                end: datetime) -> None:  # fmt: skip
    assert first_period(Kind.DIVIDEND, started, cadence) == first
    assert bounds(Kind.DIVIDEND, first, cadence) == (first, end)


def test_the_keys_name_the_contract_the_period_and_the_line() -> None:
    at = T0 + timedelta(minutes=5)
    assert transaction_id(42, at, "TRY", LineType.SALARY) == "agent-salary:42:20261127T1005Z:TRY"
    assert transaction_id(42, at, "TRY", LineType.ADJUSTMENT) == "agent-salary:42:20261127T1005Z:TRY:adj"


instants = st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1), timezones=st.just(UTC))


@given(instants)
def test_a_bet_counts_in_exactly_one_window(at: datetime) -> None:
    start = window_of(at)
    assert start <= at < start + timedelta(minutes=5)
    assert start.minute % 5 == 0 and start.second == 0 and start.microsecond == 0
    assert window_of(start) == start
    assert window_of(start + timedelta(minutes=5)) == start + timedelta(minutes=5)


@given(st.integers(0, 10**9), st.integers(0, 10**9), st.integers(0, 10**9))
def test_a_bet_is_won_or_lost_never_both(stake: int, win: int, valid: int) -> None:
    fact = window_fact(stake, win, valid)
    assert fact.won_count + fact.lost_count == 1
    assert fact.won_valid_bet + fact.lost_valid_bet == valid


bets = st.builds(
    lambda won, valid: WindowFigures(1, valid, 0, 0) if won else WindowFigures(0, 0, 1, valid),
    st.booleans(), st.integers(0, 10**9),
)  # fmt: skip


@given(
    st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 10**9),
    st.lists(bets, max_size=8), st.lists(st.lists(bets, max_size=4), max_size=4),
)  # fmt: skip
def test_late_bets_pay_what_the_window_would_have_paid_and_never_more(
    win: int, loss: int, threshold: int, on_time: list[WindowFigures], late_batches: list[list[WindowFigures]]
) -> None:
    terms = rt(win, loss, threshold)
    settled = sum(on_time, WindowFigures())
    paid, before = realtime_pay(terms, settled), WindowFigures()
    for batch in late_batches:
        late = sum(batch, WindowFigures())
        adjustment = realtime_adjustment(terms, settled, before, late)
        assert adjustment >= 0
        paid += adjustment
        before = before + late
    everything = settled + before
    assert paid == realtime_pay(terms, everything)
    # never more than the contract's rates of the valid bet
    assert paid <= everything.won_valid_bet * win // 10_000 + everything.lost_valid_bet * loss // 10_000


@given(st.integers(0, 10**12), st.integers(0, 100), st.integers(0, 10**12), st.integers(0, 100))
def test_a_wage_never_pays_less_for_more_and_never_above_its_top_ratio(v1: int, a1: int, v2: int, a2: int) -> None:
    low, high = (v1, a1), (max(v1, v2), max(a1, a2))
    assert wage_pay(WAGE, *low)[0] <= wage_pay(WAGE, *high)[0]
    assert wage_pay(WAGE, *high)[0] <= high[0] * 150 // 10_000


# The differential: A (5 %) above B (4 %) above C (2 %); a lost bet of 100 000 by a member of C's team pays C 2 000
# (its own rate), B 4 000 - 2 000, A 5 000 - 4 000: 5 000 in all, A's rate of the bet, whatever the depth.
A, B, C = rt(500, 500, 0), rt(400, 400, 0), rt(200, 200, 0)
LOST = WindowFigures(0, 0, 1, 100_000)


def window_net(terms: RealTimeTerms, figures: WindowFigures,
               downlines: list[tuple[RealTimeTerms, WindowFigures]]) -> int:  # fmt: skip
    """A window's net pay of ``terms`` on ``figures`` above nearest holders ``downlines`` with no holders below them
    (each one's subtree paid its own gross)."""
    below = {"top": [str(n) for n in range(len(downlines))]}
    gross = {"top": realtime_pay(terms, figures)} | {str(n): realtime_pay(t, f) for n, (t, f) in enumerate(downlines)}
    return nets(below, gross, ["top"])["top"]


@pytest.mark.parametrize(
    ("gross", "downlines", "net"),
    [
        (5_000, [], 5_000),  # no downline holds a contract: the whole pay
        (5_000, [4_000], 1_000),  # the difference to what the downline's subtree is paid
        (5_000, [2_000, 1_500], 1_500),  # every nearest holder's subtree deducted
        (5_000, [5_000], 0),  # a downline at the same rate: nothing left
        (1_000, [3_000], 0),  # a downline paying more (its own tier, its own bet amount): never below 0
        (0, [], 0),
    ],
)
def test_an_upline_is_paid_the_difference_to_its_nearest_holders(gross: int, downlines: list[int], net: int) -> None:
    assert differential_pay(gross, downlines) == net
    deducted = [Deducted(f"d{n}", n, amount // 2, amount, {"ratio": 1}) for n, amount in enumerate(downlines)]
    assert differential(gross, {"ratio": 2}, deducted) == (net, {
        "ratio": 2, "gross": gross, "net": net,
        "downlines": [{"accountId": f"d{n}", "contractId": n, "gross": amount // 2, "paidTotal": amount, "ratio": 1}
                      for n, amount in enumerate(downlines)],
    })  # fmt: skip


@pytest.mark.parametrize(
    ("terms", "figures", "downlines", "paid"),
    [
        (C, LOST, [], 2_000),  # C: its team's bet at its own rate
        (B, LOST, [(C, LOST)], 2_000),  # B: 4 % - C's 2 %
        (A, LOST, [(B, LOST)], 1_000),  # A: 5 % - B's 4 %
        # B's own bet of 10 000 is in A's team, not in B's: A earns its full 5 % on it
        (A, LOST + WindowFigures(0, 0, 1, 10_000), [(B, LOST)], 1_000 + 500),
        # two direct downlines, one of them with no bet in the window
        (A, LOST + LOST, [(B, LOST), (C, LOST), (B, WindowFigures())], 10_000 - 4_000 - 2_000),
        # a downline whose own bet amount is lower than its upline's: the upline's 0 stays 0
        (rt(500, 500, 200_000), LOST, [(C, LOST)], 0),
    ],
)
def test_a_window_pays_the_differential(terms: RealTimeTerms, figures: WindowFigures,
                                        downlines: list[tuple[RealTimeTerms, WindowFigures]], paid: int) -> None:  # fmt: skip
    assert window_net(terms, figures, downlines) == paid


def test_paid_totals_run_bottom_up() -> None:
    """paidTotal(X) = max(gross(X), Σ paidTotal(Y)): a leaf its gross, a holder whose own gross is below what its
    subtree pays that; a chain of 5 000 holders evaluated without recursion."""
    below = {"A": ["B", "D"], "B": ["C"], "C": [], "D": []}
    totals = paid_totals(below, {"A": 10, "B": 0, "C": 4, "D": 3}, ["A"])
    assert totals == {"A": 10, "B": 4, "C": 4, "D": 3}
    assert nets(below, {"A": 10, "B": 0, "C": 4, "D": 3}, ["A"]) == {"A": 3, "B": 0, "C": 4, "D": 3}
    assert paid_totals(below, {"A": 5, "C": 4, "D": 3}, ["A"])["A"] == 7  # more below than the top's gross
    chain = {str(n): [str(n + 1)] for n in range(5_000)} | {"5000": []}
    assert paid_totals(chain, {"5000": 7}, ["0"])["0"] == 7


def test_a_late_bet_adjusts_the_differential() -> None:
    # A settled a window with B's team's lost 100 000 (1 000); a late lost 50 000 in B's team adds 5 % - 4 %; one in
    # A's own direct members adds 5 %
    late = WindowFigures(0, 0, 1, 50_000)
    assert realtime_adjustment(A, LOST, WindowFigures(), late, [LateDownline(B, LOST, WindowFigures(), late)]) == 500
    assert realtime_adjustment(A, LOST, WindowFigures(), late, [LateDownline(B, LOST)]) == 2_500
    # a late bet that opens B's own bet amount lowers A's net: nothing is taken back
    b_high = rt(400, 400, 120_000)
    assert realtime_adjustment(A, LOST, WindowFigures(), late, [LateDownline(b_high, LOST, late=late)]) == 0
    # B (4 %) never reaching its bet amount, C (4 %) below it: A deducts what B's subtree is paid (C's), so a late
    # lost 50 000 in C's team pays A 5 % - 4 %, not 5 %
    b_unreached = rt(400, 400, 10**9)
    c_below = LateDownline(rt(400, 400, 0), LOST, WindowFigures(), late)
    chain = [LateDownline(b_unreached, LOST, WindowFigures(), late, below=(c_below,))]
    assert realtime_adjustment(A, LOST, WindowFigures(), late, chain) == 500
    assert late_adjustment("A", {"A": ["B"], "B": ["C"]}, {"A": 7_500, "B": 0, "C": 6_000},
                           {"A": 5_000, "B": 0, "C": 4_000}) == 500  # fmt: skip


# A tree: agent 0 the top (holding a contract), every other agent under an earlier one, holding a contract or not
# (an agent between two holders may hold none: its contract ended while those below it stayed), each contract's rates
# at most its nearest holder's above (what the automatic cancellation keeps down every chain), each with its own
# bet amount (real-time), first tier (wage) or first loss tier (dividend) at or above 0.
trees = st.integers(1, 9).flatmap(lambda size: st.tuples(
    st.tuples(*[st.integers(0, n - 1) for n in range(1, size)]),  # each agent's upline
    st.lists(st.booleans(), min_size=size, max_size=size),  # whether it holds a contract
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)), min_size=size, max_size=size),
    st.lists(st.sampled_from([0, 0, 1, 50_000, 10**9]), min_size=size, max_size=size),  # its threshold
))  # fmt: skip
tree_bets = st.lists(
    st.tuples(st.integers(0, 8), st.booleans(), st.booleans(), st.integers(0, 10**9)),  # agent, its own bet or
    max_size=10,  # a member's under it, won or lost, valid bet
)


def _tree_pay(kind: str, win: int, loss: int, threshold: int) -> Callable[[WindowFigures], int]:
    """One contract's pay on a team's figures: a real-time salary, a one-tier daily wage, or a one-tier dividend (a
    won bet's member won its stake again, a lost one's lost it)."""
    if kind == "realtime":
        return lambda figures: realtime_pay(rt(win, loss, threshold), figures)
    if kind == "dividend":
        terms = DividendTerms(period="D", tiers=[DividendTier(minProfitLoss=max(1, threshold), minActiveMembers=0,
                                                              ratio=loss)])  # fmt: skip
        return lambda figures: dividend_pay(terms, figures.bet_amount, 2 * figures.won_valid_bet, 1)[0]
    wage = WageTerms(tiers=[VolumeTier(minValidBet=threshold, minActiveMembers=0, ratio=win)])
    return lambda figures: wage_pay(wage, figures.bet_amount, 1)[0]


@given(st.sampled_from(["realtime", "wage", "dividend"]), trees, tree_bets, st.booleans())
def test_a_tree_is_paid_what_its_holders_earn_by_their_own_terms_never_more(
    kind: str, tree: tuple[tuple[int, ...], list[bool], list[tuple[int, int]], list[int]],
    placed: list[tuple[int, bool, bool, int]], thresholds: bool,
) -> None:  # fmt: skip
    """Over any tree, contracts, thresholds and figures: each contract is paid its gross less what its nearest
    holders' subtrees are paid, never below 0, and the tree in all ``paidTotal(top)``, worked out here by a
    straightforward recursion over the agents (not the settlement's holders' tree): the top's gross, or what the
    holders below are paid by their own terms when that is more (a lower threshold, a dividend's team that lost
    more than the whole), never the sum of their grosses. Without thresholds (real-time, wage) the tree is paid
    exactly the top contract's pay on the whole team, never above its rates of the team's bets."""
    uplines, holds, drawn, drawn_thresholds = tree
    size = len(holds)
    upline: dict[int, int | None] = {0: None} | {n: uplines[n - 1] for n in range(1, size)}
    holders = {0} | {n for n in range(1, size) if holds[n]}
    parent = holder_parents({str(n): None if up is None else str(up) for n, up in upline.items()},
                            {str(n) for n in holders})  # fmt: skip
    rates: dict[int, tuple[int, int]] = {0: drawn[0]}
    for n in sorted(holders - {0}):  # a contract's rates: a share of its nearest holder's, at most them
        above = rates[int(parent[str(n)] or 0)]
        rates[n] = (above[0] * drawn[n][0] // 10_000, above[1] * drawn[n][1] // 10_000)

    def ancestors(n: int) -> list[int]:
        chain = []
        while (up := upline[n]) is not None:
            chain.append(up)
            n = up
        return chain

    team = {n: WindowFigures() for n in range(size)}
    for agent, own, won, valid in placed:
        agent %= size
        bet = WindowFigures(1, valid, 0, 0) if won else WindowFigures(0, 0, 1, valid)
        for holder in ancestors(agent) if own else [agent, *ancestors(agent)]:  # its team: its downlines' bets
            team[holder] = team[holder] + bet
    pay = {n: _tree_pay(kind, *rates[n], drawn_thresholds[n] if thresholds else 0) for n in holders}
    gross = {n: pay[n](team[n]) for n in holders}

    # the settlement's rule over its holders' tree
    paid = {int(n): amount for n, amount in
            nets(nearest_holders(parent), {str(n): gross[n] for n in holders}, ["0"]).items()}  # fmt: skip

    # independently: the nearest holders by walking the agents down, paidTotal by plain recursion
    def nearest_below(n: int) -> list[int]:
        found: list[int] = []
        for child in (m for m in range(size) if upline[m] == n):
            found += [child] if child in holders else nearest_below(child)
        return found

    def paid_total(n: int) -> int:
        return max(gross[n], sum(paid_total(child) for child in nearest_below(n)))

    assert set(paid) == holders
    assert all(amount >= 0 for amount in paid.values())
    for n in holders:
        assert paid[n] == max(0, gross[n] - sum(paid_total(child) for child in nearest_below(n)))
    assert sum(paid.values()) == paid_total(0) >= gross[0]
    # never more than the top's gross unless a lower contract's own terms pay more on its own team
    beyond = sum(paid.values()) - gross[0]
    if beyond > 0:
        assert any(gross[n] > 0 for n in holders - {0})
    if not thresholds and kind != "dividend":
        assert sum(paid.values()) == gross[0]  # the top contract's pay on its whole team, never more
        assert sum(paid.values()) <= team[0].bet_amount * max(rates[0]) // 10_000


# A 5 %, B 4 % with a threshold B's team never reaches, C 4 % under B; a bet of 100 lost in C's team: C's gross 4,
# B's 0, A's 5. Paying A its gross less B's gross (0) paid the tree 9, the top alone 5; now A deducts what B's
# subtree is paid (C's 4): A 1, B 0, C 4, the tree 5.
UNREACHED = 10**9
ABC = [
    ("REALTIME_SALARY", [rt(500, 500, 0), rt(400, 400, UNREACHED), rt(400, 400, 0)],
     lambda terms: realtime_pay(terms, WindowFigures(0, 0, 1, 100))),
    ("DAILY_WAGE", [WageTerms(tiers=[VolumeTier(minValidBet=threshold, minActiveMembers=1, ratio=rate)])
                    for rate, threshold in ((500, 1), (400, UNREACHED), (400, 1))],
     lambda terms: wage_pay(terms, 100, 1)[0]),
    ("HOURLY_SALARY", [WageTerms(tiers=[VolumeTier(minValidBet=threshold, minActiveMembers=1, ratio=rate)])
                       for rate, threshold in ((500, 1), (400, UNREACHED), (400, 1))],
     lambda terms: wage_pay(terms, 100, 1)[0]),
    ("DIVIDEND", [DividendTerms(period="D", tiers=[DividendTier(minProfitLoss=threshold, minActiveMembers=1,
                                                                ratio=rate)])
                  for rate, threshold in ((500, 1), (400, UNREACHED), (400, 1))],
     lambda terms: dividend_pay(terms, 100, 0, 1)[0]),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "terms", "gross_of"), ABC, ids=[kind for kind, _, _ in ABC])
def test_a_middle_holder_below_its_threshold_never_overpays_the_tree(
    kind: str, terms: list[Any], gross_of: Callable[[Any], int]
) -> None:
    a, b, c = (gross_of(found) for found in terms)
    assert (a, b, c) == (5, 0, 4)
    below = {"A": ["B"], "B": ["C"], "C": []}
    gross = {"A": a, "B": b, "C": c}
    assert paid_totals(below, gross, ["A"]) == {"A": 5, "B": 4, "C": 4}
    paid = nets(below, gross, ["A"])
    assert paid == {"A": 1, "B": 0, "C": 4}
    assert sum(paid.values()) == 5  # the top's gross; the old rule (A - B's gross) paid 5 + 0 + 4 = 9


def test_an_ended_middle_contract_is_passed_through() -> None:
    """A above B above C above D: B's contract ended, C's and D's stay. A deducts C (not D, whose nearest holder is C);
    C deducts D."""
    upline_of = {"A": None, "B": "A", "C": "B", "D": "C", "E": "B"}
    parent = holder_parents(upline_of, {"A", "C", "D", "E"})
    assert parent == {"A": None, "C": "A", "D": "C", "E": "A"}
    assert nearest_holders(parent) == {"A": ["C", "E"], "C": ["D"], "D": [], "E": []}
    # A 5 %, C 2 %, D 1 %: a lost 100 000 in D's team pays D 1 000, C 2 000 - 1 000, A 5 000 - 2 000
    a, c, d = rt(500, 500, 0), rt(200, 200, 0), rt(100, 100, 0)
    gross = {"A": realtime_pay(a, LOST), "C": realtime_pay(c, LOST), "D": realtime_pay(d, LOST)}
    assert nets(nearest_holders(parent), gross, ["A"]) == {"A": 3_000, "C": 1_000, "D": 1_000, "E": 0}


KINDS = [(Kind.REALTIME_SALARY, None), (Kind.DAILY_WAGE, None), (Kind.HOURLY_SALARY, None),
         *[(Kind.DIVIDEND, cadence) for cadence in ("D", "W", "H", "M")]]  # fmt: skip


@given(instants)
def test_a_bet_counts_in_exactly_one_period_of_each_kind_and_cadence(at: datetime) -> None:
    """The periods of each kind (and a dividend's cadence) tile time: the one holding a bet's settle time is
    [start, end) with start <= at < end, the one before ends at its start and the one after starts at its end."""
    for kind, cadence in KINDS:
        start, end = bounds(kind, at, cadence)
        assert start <= at < end
        assert bounds(kind, start, cadence) == (start, end)
        assert bounds(kind, start - timedelta(microseconds=1), cadence)[1] == start
        assert bounds(kind, end, cadence)[0] == end
        assert first_period(kind, start, cadence) == start
        assert covers(kind, start, None, start, cadence) and not covers(kind, start, start, start, cadence)
