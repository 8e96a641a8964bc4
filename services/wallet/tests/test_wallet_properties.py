"""Hypothesis properties of the ledger (issue #44, item 4).

The ledger's posting is not pure Python: a debit, a credit, a round's settlement and a rollback are each one
PostgreSQL function (migrations 0004, 0007, 0008) that claims the command's key, moves both legs and writes the
journal. So conservation is a property of the real money API on the real database, against a model written from
those functions' documented rules: any sequence of debits, credits, settlements, rollbacks (of debits, of settled
rounds' legs, of debits not seen yet), transfers between a member's wallets and replays of any of them leaves
every balance as the model says, never a member's below zero, and the members' money plus the house side where it
was (each brand's money in each currency sums to zero, every balance equals its journal, every transaction's lines
sum to zero: ``reconcile.differences``). The pure rules those functions are given (the amounts, the legs of a
round, the fingerprints, the shard) are checked without I/O."""

from __future__ import annotations

import itertools
import string
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from wallet_conftest import open_member

from portal_kit.db import Database
from wallet_service.ledger.domain import (
    HOUSE,
    HOUSE_SHARDS,
    MAX_AMOUNT,
    Leg,
    MoneyError,
    balanced,
    checked_amount,
    fingerprint,
    house_shard,
    house_shard_number,
)
from wallet_service.ledger.models import LedgerAccount
from wallet_service.ledger.service import post
from wallet_service.money import service
from wallet_service.money.service import Movement, Settlement
from wallet_service.reconcile import differences

MERCHANT, CURRENCY, VENDOR = "turkeyf2", "TRY", "vendor:PG"
WALLETS = ("main", VENDOR)
AMOUNTS = st.integers(min_value=1, max_value=600)
TEXT = string.printable + "çğıöşüİ€中"  # not the whole of Unicode: its table takes seconds to build


# --- the pure rules ---------------------------------------------------------------------------------------------------


@given(
    value=st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=True),
        st.booleans(),
        st.text(TEXT, max_size=12),
        st.decimals(allow_nan=False),
        st.none(),
    )
)
def test_a_movement_amount_is_a_positive_bounded_integer_or_refused(value: object) -> None:
    """Every movement's sign comes from its kind (debit or credit), never from its amount: the amount is an int
    from 1 to 10**15 minor units, taken as it is; zero, negatives, floats, text and booleans are refused."""
    accepted = type(value) is int and 1 <= value <= MAX_AMOUNT  # a bool is an int subclass: refused too
    if accepted:
        assert checked_amount(value) == value
    else:
        with pytest.raises(MoneyError) as refused:
            checked_amount(value)
        assert refused.value.code == "amount.invalid"


@given(legs=st.lists(st.tuples(st.integers(1, 50), st.integers(-(10**6), 10**6)), max_size=6))
async def test_unbalanced_legs_never_reach_the_database(legs: list[tuple[int, int]]) -> None:
    """``post`` refuses legs that do not sum to zero (or no legs) before it touches the session."""
    session = mock.AsyncMock()
    posted = [Leg(account, amount) for account, amount in legs]
    assert balanced(posted) is (bool(legs) and sum(amount for _, amount in legs) == 0)
    if not balanced(posted):
        with pytest.raises(ValueError, match="sum to zero"):
            await post(session, mock.Mock(), posted)
        assert session.mock_calls == []


@given(
    account=st.text(TEXT, min_size=1, max_size=64),
    stake=st.integers(1, MAX_AMOUNT),
    win=st.integers(0, MAX_AMOUNT),
    round_id=st.text(TEXT, min_size=1, max_size=90),
    wallet=st.sampled_from(["main", "freeplay"]),
)
def test_a_rounds_legs_are_its_stake_and_its_win_under_the_rounds_id(
    account: str, stake: int, win: int, round_id: str, wallet: str
) -> None:
    """A settlement is made of the debit of its stake (``<id>:bet``) and the credit of its win (``<id>:win``) on
    one wallet; a round with another stake or win has other fingerprints, so it cannot pass as a replay."""
    bet, paid = Settlement(MERCHANT, account, CURRENCY, stake, win, round_id, wallet).legs()
    assert (bet.transaction_id, paid.transaction_id) == (f"{round_id}:bet", f"{round_id}:win")
    assert (bet.amount, paid.amount) == (stake, win)
    assert {(m.merchant, m.account_id, m.currency, m.wallet) for m in (bet, paid)} == {
        (MERCHANT, account, CURRENCY, wallet)
    }
    other_bet, other_win = Settlement(MERCHANT, account, CURRENCY, stake + 1, win + 1, round_id, wallet).legs()
    assert fingerprint("debit", bet.content()) != fingerprint("debit", other_bet.content())
    assert fingerprint("credit", paid.content()) != fingerprint("credit", other_win.content())


@given(
    content=st.dictionaries(
        st.text(TEXT, max_size=8).filter(lambda name: name != "kind"),  # no command has a field named kind
        st.one_of(st.integers(), st.text(TEXT, max_size=8)),
        max_size=6,
    )
)
def test_a_commands_fingerprint_ignores_the_order_of_its_fields_and_nothing_else(content: dict[str, Any]) -> None:
    """A replay is known by its fingerprint: the same command in any field order has it; another kind, a changed
    field or one more field has another (``idempotency.mismatch``)."""
    reordered = dict(reversed(list(content.items())))
    assert fingerprint("debit", content) == fingerprint("debit", reordered)
    assert fingerprint("debit", content) != fingerprint("credit", content)
    for name, value in content.items():
        assert fingerprint("debit", content) != fingerprint("debit", {**content, name: [value]})
    assert fingerprint("debit", content) != fingerprint("debit", {**content, "one more field": 1})


@given(member=st.text(TEXT, min_size=1, max_size=64))
def test_a_members_house_side_is_one_fixed_shard(member: str) -> None:
    """A member's movements always meet the same one of the house account's 16 shards."""
    number = house_shard_number(member)
    assert 0 <= number < HOUSE_SHARDS and number == house_shard_number(member)
    assert house_shard("house:games", member) == f"house:games#{number}"


# --- conservation on the real ledger ----------------------------------------------------------------------------------


@dataclass
class Model:
    """What the money functions' rules say each command does: the members' spendable balances by wallet, the
    debits (by id) that moved money and are not rolled back, the ids rolled back before their debit came, the
    rounds settled, and the first outcome of every command (a replay must give it again, moving nothing)."""

    balances: dict[tuple[str, str], int] = field(default_factory=dict)
    debits: dict[str, tuple[str, int]] = field(default_factory=dict)  # id: (member, amount), while it can be undone
    seen: set[str] = field(default_factory=set)  # every debit id claimed (done, refused or rolled back)
    tombstones: set[str] = field(default_factory=set)
    settled: set[str] = field(default_factory=set)  # rounds whose stake went through
    rounds: dict[str, tuple[str, int, int]] = field(default_factory=dict)  # id: (member, stake, win) first settled
    outcomes: list[tuple[Callable[[], Awaitable[dict[str, Any]]], dict[str, Any] | str]] = field(default_factory=list)


# (command, member index, amount, second amount / wallet choice, which earlier id)
Step = tuple[str, int, int, int, int]
steps = st.lists(
    st.tuples(
        st.sampled_from(["credit", "debit", "settle", "rollback", "transfer", "replay"]),
        st.integers(0, 2),
        AMOUNTS,
        st.integers(0, 900),
        st.integers(0, 30),
    ),
    min_size=10,
    max_size=40,
)
examples = itertools.count()


def movement(member: str, amount: int, transaction_id: str, wallet: str = "main") -> Movement:
    return Movement(MERCHANT, member, CURRENCY, amount, transaction_id, wallet)


async def outcome(command: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any] | str:
    """The answer of a command, or the code of the refusal that rolled it back whole."""
    try:
        return await command()
    except MoneyError as refusal:
        return refusal.code


async def totals(db: Database) -> tuple[int, int]:
    """(the members' money, the house side's money) of the brand in its currency."""
    house = LedgerAccount.owner_id == HOUSE
    async with db.reader() as session:
        row = (
            await session.execute(
                select(
                    func.coalesce(func.sum(LedgerAccount.balance).filter(~house), 0),
                    func.coalesce(func.sum(LedgerAccount.balance).filter(house), 0),
                ).where(LedgerAccount.merchant == MERCHANT, LedgerAccount.currency == CURRENCY)
            )
        ).one()
    return int(row[0]), int(row[1])


async def play(db: Database, model: Model, members: list[str], step: Step, number: int) -> None:
    """Run one command on the real money API and on the model, and compare the answer with the model's."""
    name, who, amount, extra, earlier = step
    member, key = members[who], f"{members[0]}-{number}"
    main = (member, "main")
    if name == "replay":
        if model.outcomes:
            again, first = model.outcomes[earlier % len(model.outcomes)]
            assert await outcome(again) == first  # the same answer, nothing moved (the model is left as it is)
        return
    if name == "credit":
        command: Callable[[], Awaitable[dict[str, Any]]] = lambda: service.credit(db, movement(member, amount, key))  # noqa: E731
        expected: dict[str, Any] | str = "done"
        model.balances[main] += amount
    elif name == "debit":
        command = lambda: service.debit(db, movement(member, amount, key))  # noqa: E731
        if key in model.tombstones:
            expected = "transaction.rolled_back"
        elif model.balances[main] >= amount:
            model.balances[main] -= amount
            model.debits[key] = (member, amount)
            expected = "done"
        else:
            expected = "wallet.insufficient_funds"
        model.seen.add(key)
    elif name == "settle":
        win = extra if extra % 3 else 0  # a third of the rounds lose
        used = sorted(model.rounds)
        round_id = used[earlier % len(used)] if used and extra % 5 == 4 else key  # now and then an id seen before
        command = lambda: service.settle(  # noqa: E731
            db, Settlement(MERCHANT, member, CURRENCY, amount, win, round_id)
        )
        if f"{round_id}:bet" in model.tombstones:
            expected = "transaction.rolled_back"
        elif round_id in model.rounds:  # the id of another round (the very same round is a replay step's)
            if model.rounds[round_id] == (member, amount, win):
                return
            expected = "idempotency.mismatch"  # whatever the win, a settled id never pays again (0008)
        else:
            model.rounds[round_id] = (member, amount, win)
            model.seen.add(f"{round_id}:bet")
            if model.balances[main] >= amount:
                model.balances[main] += win - amount
                model.settled.add(round_id)
                expected = "done"
            else:
                expected = "wallet.insufficient_funds"
    elif name == "rollback":
        unseen = f"{members[0]}-{number + 1 + earlier % 3}"  # an id the next steps may use, or none will
        choices = [*sorted(model.debits), *(f"{r}:bet" for r in sorted(model.settled)), unseen, f"{unseen}:bet"]
        target = choices[earlier % len(choices)]
        command = lambda: service.rollback(db, MERCHANT, target)  # noqa: E731
        if target.removesuffix(":bet") in model.settled and target.endswith(":bet"):
            expected = "rollback.round_settled"
        else:
            if target in model.debits:
                owner, moved = model.debits.pop(target)
                model.balances[(owner, "main")] += moved
            elif target not in model.seen:
                model.tombstones.add(target)
                model.seen.add(target)
            expected = "done"
    else:  # transfer
        source, target_wallet = WALLETS if extra % 2 else WALLETS[::-1]
        command = lambda: service.transfer(db, MERCHANT, member, source, target_wallet, amount, key)  # noqa: E731
        if (member, source) not in model.balances:
            expected = "account.not_found"
        elif model.balances[(member, source)] >= amount:
            model.balances[(member, source)] -= amount
            model.balances[(member, target_wallet)] = model.balances.get((member, target_wallet), 0) + amount
            expected = "done"
        else:
            model.balances.setdefault((member, target_wallet), 0)  # opened, empty, by the refused transfer
            expected = "wallet.insufficient_funds"
    got = await outcome(command)
    if got != "account.not_found":  # refused before anything was stored: a retry is a new command
        model.outcomes.append((command, got))
    if expected == "done":
        assert isinstance(got, dict) and got["success"], (step, got)
        value = got["value"]
        if "balance" in value:
            assert value["balance"] == model.balances[main], (step, got, model.balances)
        if name == "transfer":
            assert value == {
                source: model.balances[(member, source)],
                target_wallet: model.balances[(member, target_wallet)],
            }
    elif expected == "wallet.insufficient_funds":
        assert isinstance(got, dict) and got["errorCode"] == expected, (step, got)
    else:
        assert got == expected, (step, got)


@settings(max_examples=30, deadline=None)
@given(opening=st.lists(st.integers(0, 3_000), min_size=3, max_size=3), script=steps)
async def test_any_sequence_of_money_commands_keeps_every_balance_and_conserves_money(
    wallet_db: Database, opening: list[int], script: list[Step]
) -> None:
    example = next(examples)
    members = [f"prop{example}-{n}" for n in range(3)]
    model = Model(balances={(member, "main"): 0 for member in members})
    members_before, house_before = await totals(wallet_db)
    for index, (member, amount) in enumerate(zip(members, opening, strict=True)):
        await open_member(wallet_db, member)
        if amount:  # an opening credit, its id apart from the script's
            await play(wallet_db, model, members, ("credit", index, amount, 0, 0), -1 - index)
    for number, step in enumerate(script):
        await play(wallet_db, model, members, step, number)
    for (member, wallet), expected in model.balances.items():
        assert (await service.balance(wallet_db, MERCHANT, member, wallet))["value"]["balance"] == expected
    members_after, house_after = await totals(wallet_db)
    moved = sum(model.balances.values())  # the members' wallets opened empty
    assert members_after - members_before == moved
    assert house_after - house_before == -moved  # what the members gained, the house side gave
    assert await differences(wallet_db) == []
    async with wallet_db.reader() as session:
        below_zero = await session.scalar(
            select(func.count())
            .select_from(LedgerAccount)
            .where(~LedgerAccount.allow_negative, LedgerAccount.balance - LedgerAccount.held < 0)
        )
    assert below_zero == 0
