"""The wagering rules of bonuses (``promotions.domain``), without I/O: table-driven cases of each rule, and Hypothesis
properties over any sequence of deposits, bets, wins, cancelled bets, expiries and withdrawals: no money is created or
lost, a bonus is released only once its wagering is met, and each bonus ends one way."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from points_service.promotions.domain import (
    GameType,
    GrantStatus,
    OpenGrant,
    after_wallet,
    bonus_for,
    counts_toward,
    grant_for_bet,
    turnover_for,
)

T0 = datetime(2026, 11, 27, tzinfo=UTC)


@pytest.mark.parametrize(
    ("deposit", "percent_bp", "max_bonus", "min_deposit", "bonus"),
    [
        (30_000, 10_000, 50_000, 10_000, 30_000),  # 100 % of 300.00
        (80_000, 10_000, 50_000, 10_000, 50_000),  # capped at 500.00
        (9_999, 10_000, 50_000, 10_000, 0),  # below the minimum deposit
        (10_000, 10_000, 50_000, 10_000, 10_000),  # the minimum itself counts
        (12_345, 3_333, 50_000, 0, 4_114),  # 33.33 %, rounded down to the minor unit
        (1, 5_000, 50_000, 0, 0),  # half of one minor unit is nothing
    ],
)
def test_a_deposit_earns_its_percentage_rounded_down_and_capped(
    deposit: int, percent_bp: int, max_bonus: int, min_deposit: int, bonus: int
) -> None:
    assert bonus_for(deposit, percent_bp, max_bonus, min_deposit) == bonus


def test_no_negative_terms() -> None:
    with pytest.raises(ValueError, match="negative"):
        bonus_for(-1, 10_000, 1, 0)


@pytest.mark.parametrize(
    ("types", "max_bet", "game_type", "stake", "counts"),
    [
        (("RNG",), 5_000, "RNG", 5_000, True),  # the maximum itself counts
        (("RNG",), 5_000, "RNG", 5_001, False),  # above it, not
        (("RNG",), 0, "RNG", 10**9, True),  # no maximum
        (("RNG", "LOTT"), 0, "LOTT", 100, True),
        (("RNG",), 0, "LIVE", 100, False),  # not one of its types
    ],
)
def test_a_bet_counts_for_its_types_up_to_the_maximum_stake(
    types: tuple[str, ...], max_bet: int, game_type: str, stake: int, counts: bool
) -> None:
    assert counts_toward(types, max_bet, game_type, stake) is counts


def test_a_bet_counts_toward_the_oldest_bonus_active_when_it_settled_that_it_counts_for() -> None:
    later = T0 + timedelta(days=7)
    slots = OpenGrant("a", ("RNG",), 0, T0, 0, 100, later)
    live = OpenGrant("b", ("LIVE", "RNG"), 0, T0 + timedelta(minutes=1), 0, 100, later)
    assert grant_for_bet([slots, live], "RNG", 10, T0 + timedelta(minutes=5)) is slots
    assert grant_for_bet([slots, live], "LIVE", 10, T0 + timedelta(minutes=5)) is live
    assert grant_for_bet([slots, live], "LIVE", 10, T0) is None  # settled before the live bonus was held
    assert grant_for_bet([], "RNG", 10, T0) is None
    assert grant_for_bet([slots, live], "RNG", 10, later) is None  # settled when both had expired


@pytest.mark.parametrize(
    ("asked", "answer", "ends"),
    [
        (GrantStatus.GRANTING, "HELD", GrantStatus.ACTIVE),
        (GrantStatus.GRANTING, "FORFEITED", GrantStatus.FORFEITED),  # a withdrawal came between
        (GrantStatus.RELEASING, "RELEASED", GrantStatus.RELEASED),
        (GrantStatus.RELEASING, "FORFEITED", GrantStatus.FORFEITED),  # the withdrawal came first
        (GrantStatus.EXPIRING, "FORFEITED", GrantStatus.EXPIRED),
        (GrantStatus.EXPIRING, "RELEASED", GrantStatus.RELEASED),  # released just before it expired
    ],
)
def test_the_wallets_answer_moves_a_bonus_on(asked: GrantStatus, answer: str, ends: GrantStatus) -> None:
    assert after_wallet(asked, answer) is ends


def test_a_held_answer_to_a_release_is_a_fault() -> None:
    with pytest.raises(ValueError, match="cannot be held again"):
        after_wallet(GrantStatus.RELEASING, "HELD")


# --- properties -------------------------------------------------------------------------------------------------
@dataclass
class Grant:
    id: str
    amount: int
    required: int
    types: tuple[str, ...]
    max_bet: int
    activated_at: datetime
    done: int = 0
    status: GrantStatus = GrantStatus.ACTIVE
    moved: int = 0  # times money left the bonus wallet for it


@dataclass
class Book:
    """The member's money as the wallet keeps it (main, bonus wallet, house) and the bonuses as points keeps them,
    moved only by the rules under test."""

    main: int = 0
    bonus: int = 0
    house: int = 0
    grants: list[Grant] = field(default_factory=list)
    clock: datetime = T0

    def total(self) -> int:
        return self.main + self.bonus + self.house

    def deposit(self, amount: int, percent_bp: int, multiple: int, types: tuple[str, ...], max_bet: int) -> None:
        self.main += amount
        self.house -= amount  # the deposits clearing account is the house's side
        bonus = bonus_for(amount, percent_bp, 50_000, 1_000)
        if bonus:
            self.bonus += bonus
            self.house -= bonus
            self.tick()
            self.grants.append(Grant(f"g{len(self.grants)}", bonus, turnover_for(bonus, multiple), types, max_bet,
                                     self.clock))  # fmt: skip

    def bet(self, game_type: str, stake: int, win: int, cancelled: bool) -> None:
        if stake > self.main:
            return  # the wallet refuses a stake the main wallet cannot cover (the bonus is not spendable)
        self.tick()
        if cancelled:  # rolled back: never settled, so never counted
            return
        self.main += win - stake
        self.house += stake - win
        active = [
            OpenGrant(g.id, g.types, g.max_bet, g.activated_at, g.done, g.required, g.activated_at + timedelta(days=30))
            for g in self.grants
            if g.status is GrantStatus.ACTIVE
        ]
        chosen = grant_for_bet(active, game_type, stake, self.clock)
        if chosen is None:
            return
        grant = next(g for g in self.grants if g.id == chosen.id)
        grant.done += stake
        if grant.done >= grant.required:
            self.settle(grant, GrantStatus.RELEASING, "RELEASED")

    def settle(self, grant: Grant, asked: GrantStatus, answer: str) -> None:
        ends = after_wallet(asked, answer)
        grant.status = ends
        grant.moved += 1
        self.bonus -= grant.amount
        if ends is GrantStatus.RELEASED:
            self.main += grant.amount
        else:
            self.house += grant.amount

    def expire(self, index: int) -> None:
        open_ones = [g for g in self.grants if g.status is GrantStatus.ACTIVE]
        if open_ones:
            self.settle(open_ones[index % len(open_ones)], GrantStatus.EXPIRING, "FORFEITED")

    def withdraw_forfeiting(self) -> None:
        for grant in self.grants:
            if grant.status is GrantStatus.ACTIVE:
                grant.status, grant.moved = GrantStatus.FORFEITED, grant.moved + 1
                self.bonus -= grant.amount
                self.house += grant.amount

    def tick(self) -> None:
        self.clock += timedelta(seconds=1)


game_types = st.sampled_from([t.value for t in GameType])
operations = st.one_of(
    st.tuples(
        st.just("deposit"),
        st.integers(0, 200_000),
        st.integers(1, 20_000),
        st.integers(1, 10),
        st.lists(game_types, min_size=1, max_size=3, unique=True),
        st.integers(0, 20_000),
    ),
    st.tuples(st.just("bet"), game_types, st.integers(1, 30_000), st.integers(0, 60_000), st.booleans()),
    st.tuples(st.just("expire"), st.integers(0, 10)),
    st.tuples(st.just("withdraw")),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(operations, max_size=60))
def test_no_sequence_creates_or_loses_money_and_bonuses_end_once(ops: list[tuple[Any, ...]]) -> None:
    book = Book()
    for op in ops:
        match op:
            case ("deposit", amount, bp, multiple, types, max_bet):
                book.deposit(int(amount), int(bp), int(multiple), tuple(types), int(max_bet))
            case ("bet", game_type, stake, win, cancelled):
                book.bet(str(game_type), int(stake), int(win), bool(cancelled))
            case ("expire", index):
                book.expire(int(index))
            case ("withdraw",):
                book.withdraw_forfeiting()
        assert book.total() == 0  # every movement has its other side
        assert book.main >= 0 and book.bonus >= 0
        open_amount = sum(g.amount for g in book.grants if g.status is GrantStatus.ACTIVE)
        assert book.bonus == open_amount  # the bonus wallet holds exactly the bonuses still open
        for grant in book.grants:
            assert grant.moved == (0 if grant.status is GrantStatus.ACTIVE else 1)  # each ends one way, once
            if grant.status is GrantStatus.RELEASED:
                assert grant.done >= grant.required  # never released before its wagering is met
