"""The deposit and withdrawal state machines are tables (``domain.TRANSITIONS``); these properties drive them
with any sequence of actions, carrying out each move's money effect on a model of the member's money, and
prove that no sequence creates or destroys money, and that a deposit credits at most once; and that what one ops
person moves alone for a member in a day never passes the dual-control amount, however it is split."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wallet_service.deposits import domain as deposits
from wallet_service.ledger.domain import MoneyError
from wallet_service.oversight.domain import needs_second_person
from wallet_service.withdrawals import domain as withdrawals

FINAL = {
    withdrawals.REJECTED,
    withdrawals.RECEIVED,
    withdrawals.RECEIVED_AUTO,
    withdrawals.REFUNDED,
    withdrawals.CLOSED,
}


@dataclass
class Member:
    available: int
    held: int = 0
    paid_out: int = 0  # in the withdrawals clearing account
    states: list[str] = field(default_factory=list)
    amounts: list[int] = field(default_factory=list)
    remainders: list[int | None] = field(default_factory=list)
    refunded: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.available + self.held + self.paid_out

    def request(self, amount: int) -> None:
        if amount > self.available:
            return  # the ledger refuses a hold beyond what is spendable
        self.available, self.held = self.available - amount, self.held + amount
        self.states.append(withdrawals.PENDING)
        self.amounts.append(amount)
        self.remainders.append(None)
        self.refunded.append(0)

    def act(self, index: int, action: str, remainder_share: float) -> None:
        state, amount = self.states[index], self.amounts[index]
        try:
            move = withdrawals.transition(state, action)
        except MoneyError:
            return
        if action == "partly":
            self.remainders[index] = max(1, min(amount - 1, int(amount * remainder_share))) if amount > 1 else None
            if self.remainders[index] is None:
                return  # a remainder of a 1-unit withdrawal cannot be partial
        if action == "not_received":
            self.remainders[index] = amount
        if move.money is withdrawals.Money.RELEASE:
            self.held, self.available = self.held - amount, self.available + amount
        elif move.money is withdrawals.Money.PAY_OUT:
            self.held, self.paid_out = self.held - amount, self.paid_out + amount
        elif move.money is withdrawals.Money.REFUND:
            owed = withdrawals.refund_owed(state, amount, self.remainders[index])
            self.paid_out, self.available = self.paid_out - owed, self.available + owed
            self.refunded[index] += owed
        self.states[index] = move.target


steps = st.lists(
    st.one_of(
        st.tuples(st.just("request"), st.integers(1, 50_000), st.just(0.0)),
        st.tuples(st.integers(0, 9), st.sampled_from(sorted(withdrawals.TRANSITIONS)), st.floats(0, 1)),
    ),
    max_size=60,
)


@given(start=st.integers(0, 200_000), script=steps)
def test_no_sequence_of_withdrawal_actions_creates_or_destroys_money(
    start: int, script: list[tuple[object, object, float]]
) -> None:
    member = Member(available=start)
    for first, second, share in script:
        if first == "request":
            member.request(int(second))  # type: ignore[call-overload]
        elif member.states:
            member.act(int(first) % len(member.states), str(second), share)  # type: ignore[call-overload]
        assert member.total == start
        assert min(member.available, member.held, member.paid_out) >= 0
    for index, state in enumerate(member.states):
        assert member.refunded[index] <= member.amounts[index]
        if state in FINAL:
            for action in withdrawals.TRANSITIONS:
                try:
                    withdrawals.transition(state, action)
                except MoneyError:
                    continue
                raise AssertionError(f"{state} is final but {action} still moves it")


@given(
    channels=st.lists(st.sampled_from(deposits.CHANNELS), min_size=1, max_size=6),
    script=st.lists(st.tuples(st.integers(0, 5), st.sampled_from(sorted(deposits.TRANSITIONS))), max_size=40),
)
def test_a_deposit_credits_at_most_once_whatever_is_said_about_it(
    channels: list[str], script: list[tuple[int, str]]
) -> None:
    states = [deposits.PENDING] * len(channels)
    credits = [0] * len(channels)
    for index, action in script:
        index %= len(channels)
        try:
            move = deposits.transition(states[index], channels[index], action)
        except MoneyError:
            continue
        credits[index] += move.credits
        states[index] = move.target
    assert all(count <= 1 for count in credits)
    assert [count == 1 for count in credits] == [state == deposits.CREDITED for state in states]


def test_the_tables_say_what_the_service_did_before() -> None:
    assert withdrawals.transition(withdrawals.PENDING, "approve").target == withdrawals.APPROVED
    assert withdrawals.transition(withdrawals.APPROVED, "reject").money is withdrawals.Money.RELEASE
    assert withdrawals.transition(withdrawals.PAID, "deadline").target == withdrawals.RECEIVED_AUTO
    assert withdrawals.refund_owed(withdrawals.PARTLY_RECEIVED, 1000, 300) == 300
    assert withdrawals.refund_owed(withdrawals.NOT_RECEIVED, 1000, 1000) == 1000
    for refused in ("refund", "close"):  # a forced-received withdrawal refunds nothing
        with pytest.raises(MoneyError, match=r"withdrawal\.state_invalid"):
            withdrawals.transition(withdrawals.RECEIVED_AUTO, refused)


@given(
    st.integers(min_value=0, max_value=2_000_000),
    st.lists(st.integers(min_value=-3_000_000, max_value=3_000_000).filter(bool), max_size=30),
)
def test_what_one_person_moves_alone_for_a_member_never_passes_the_amount(
    dual_control_above: int, amounts: list[int]
) -> None:
    """However an amount is split, debits and credits alike, the actions one person carries out alone (each
    counted as the rule decides) add up to at most the dual-control amount; an action is sent to a second person
    only when it would pass it."""
    alone = 0
    for amount in amounts:
        if needs_second_person(amount, dual_control_above, alone):
            assert abs(amount) > dual_control_above or alone + abs(amount) > dual_control_above
        else:
            alone += abs(amount)
        assert alone <= dual_control_above
