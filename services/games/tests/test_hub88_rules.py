"""The pure rules of Hub88's Wallet API, without I/O: which status a malformed body gets, Hub88's units against
minor units, free bets, what a round's record counts, the users this operator gives and the retries of
transactions stored before references were kept."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from games_service.aggregator.domain import (
    BET,
    DONE,
    DROPPED,
    INVALID_TOKEN,
    PENDING,
    PLACED,
    ROLLED_BACK,
    WIN,
    WON,
    WRONG_SYNTAX,
    WRONG_TYPES,
    Hub88Refusal,
    Movement,
    invalid_request_status,
    parse_user,
    round_totals,
    settles,
    stake_of,
    to_hub88,
    to_minor,
    user_of,
)
from games_service.aggregator.schemas import BetRequest, WinRequest

BET_BODY: dict[str, Any] = {
    "user": "turkeyf2:member-1", "token": "a-token", "request_uuid": "r-1", "transaction_uuid": "t-1",
    "round": "round-1", "game_code": "PG_FORTUNE_OX", "currency": "TRY", "amount": 100_000,
}  # fmt: skip
REQUIRED = sorted(BET_BODY)
# A value of the wrong JSON type for each field: strings get numbers, the amount gets text, a float or a boolean.
WRONG_TYPED: dict[str, list[Any]] = {
    **{field: [1, 2.5, True, ["x"], {"a": 1}] for field in REQUIRED if field != "amount"},
    "amount": ["100000", 1.5, True, None, [1]],
}


def _status(model: type[BetRequest], body: object) -> str | None:
    try:
        model.model_validate(body)
    except ValidationError as error:
        return invalid_request_status(error.errors())
    return None


@given(missing=st.sets(st.sampled_from(REQUIRED), min_size=1), wrong=st.sampled_from(REQUIRED), value=st.data())
def test_a_body_missing_a_required_field_is_wrong_syntax_whatever_else_is_wrong(
    missing: set[str], wrong: str, value: st.DataObject
) -> None:
    body = {key: item for key, item in BET_BODY.items() if key not in missing}
    if wrong not in missing:
        body[wrong] = value.draw(st.sampled_from(WRONG_TYPED[wrong]))
    assert _status(BetRequest, body) == WRONG_SYNTAX


@given(field=st.sampled_from(REQUIRED), value=st.data())
def test_a_field_of_the_wrong_type_in_a_complete_body_is_wrong_types(field: str, value: st.DataObject) -> None:
    wrong = value.draw(st.sampled_from(WRONG_TYPED[field]))
    assert _status(BetRequest, {**BET_BODY, field: wrong}) == WRONG_TYPES


@pytest.mark.parametrize("body", [[BET_BODY], "bet", 7, None, {**BET_BODY, "amount": -1}, {**BET_BODY, "round": ""}])
def test_a_body_that_is_not_the_expected_form_is_wrong_syntax(body: object) -> None:
    assert _status(BetRequest, body) == WRONG_SYNTAX


def test_a_win_without_its_reference_is_wrong_syntax() -> None:
    assert _status(WinRequest, BET_BODY) == WRONG_SYNTAX
    assert _status(WinRequest, {**BET_BODY, "reference_transaction_uuid": "t-0"}) is None


@given(st.integers(min_value=0, max_value=10**12))
def test_minor_units_go_to_hub88_and_back(minor: int) -> None:
    assert to_minor(to_hub88(minor)) == minor


@given(st.integers(min_value=-(10**15), max_value=10**15).filter(lambda amount: amount < 0 or amount % 1_000))
def test_an_amount_off_the_minor_unit_or_negative_is_not_of_the_expected_form(amount: int) -> None:
    with pytest.raises(Hub88Refusal) as refused:
        to_minor(amount)
    assert refused.value.status == WRONG_SYNTAX


@given(st.integers(min_value=0, max_value=10**12))
def test_a_free_bet_stakes_nothing_whatever_its_amount(minor: int) -> None:
    assert stake_of(to_hub88(minor), True) == 0
    assert stake_of(to_hub88(minor), False) == minor


Transaction = tuple[str, str, int, bool]
TRANSACTIONS = st.tuples(
    st.sampled_from([BET, WIN]),
    st.sampled_from([PENDING, PLACED, WON, ROLLED_BACK, DONE, DROPPED]),
    st.integers(min_value=0, max_value=10**9),
    st.booleans(),
)


@given(st.lists(TRANSACTIONS, max_size=12), TRANSACTIONS)
def test_a_rolled_back_bet_or_a_promotion_never_changes_a_rounds_record(
    rows: list[Transaction], extra: Transaction
) -> None:
    kind, _, amount, _ = extra
    for ignored in ((BET, ROLLED_BACK, amount, False), (kind, DONE, amount, True)):
        assert round_totals([*rows, ignored]) == round_totals(rows)


# What one transaction of 700 adds to its round's record (stake, win), case by case, as a player would count it: a
# stake that was taken or may still be (its debit's answer not back) is staked; one given back or refused is not; a
# win claimed is paid (Hub88 repeats it until it is); a dropped one was refused for good; a supplier's promotion is a
# settled bet of its own, never part of the round's record.
ONE_OF_700: dict[Transaction, tuple[int, int]] = {
    (BET, PENDING, 700, False): (700, 0),
    (BET, PLACED, 700, False): (700, 0),
    (BET, WON, 700, False): (700, 0),
    (BET, ROLLED_BACK, 700, False): (0, 0),
    (BET, DROPPED, 700, False): (0, 0),
    (WIN, PENDING, 700, False): (0, 700),
    (WIN, DONE, 700, False): (0, 700),
    (WIN, DROPPED, 700, False): (0, 0),
    (BET, PLACED, 700, True): (0, 0),
    (WIN, DONE, 700, True): (0, 0),
}


@pytest.mark.parametrize(("row", "record"), list(ONE_OF_700.items()))
def test_what_one_transaction_adds_to_its_rounds_record(row: Transaction, record: tuple[int, int]) -> None:
    assert round_totals([row]) == record


@given(st.lists(TRANSACTIONS, max_size=12), st.lists(TRANSACTIONS, max_size=12))
def test_a_rounds_record_is_what_its_transactions_add_one_by_one(
    first: list[Transaction], then: list[Transaction]
) -> None:
    """Together with the cases above this fixes the record from first principles: each transaction adds what it
    adds alone, in any order, and nothing else."""
    (stake_1, win_1), (stake_2, win_2) = round_totals(first), round_totals(then)
    assert round_totals(first + then) == round_totals(then + first) == (stake_1 + stake_2, win_1 + win_2)
    assert round_totals([]) == (0, 0)


def test_a_round_that_staked_or_won_something_is_recorded() -> None:
    assert [settles(stake, win) for stake, win in ((0, 0), (700, 0), (0, 700), (700, 700))] == [
        False, True, True, True,
    ]  # fmt: skip


@pytest.mark.parametrize(
    "user", ["X:abc", "turkeyf2:" + "a" * 65, "turkeyf2:", ":abc", "nocolon", "turkeyf2:a:b", "t:abc", "TURKEY:abc"]
)
def test_a_user_this_operator_never_gave_is_an_invalid_token(user: str) -> None:
    """``<brand code>:<account id of 1 to 64 characters>``, as ``user_of`` makes it; anything else was never given."""
    with pytest.raises(Hub88Refusal) as refused:
        parse_user(user)
    assert refused.value.status == INVALID_TOKEN
    assert parse_user(user_of("turkeyf2", "a" * 64)) == ("turkeyf2", "a" * 64)


def test_an_amount_the_money_api_cannot_move_at_once_is_not_of_the_expected_form() -> None:
    largest = 100_000_000_000 * 1_000  # the money API's largest movement (minor units), in Hub88's unit
    assert _status(BetRequest, {**BET_BODY, "amount": largest}) is None
    assert _status(BetRequest, {**BET_BODY, "amount": largest + 1_000}) == WRONG_SYNTAX
    assert _status(WinRequest, {**BET_BODY, "amount": largest + 1_000, "reference_transaction_uuid": "t-0"}) == (
        WRONG_SYNTAX
    )


def test_a_win_or_rollback_stored_before_references_were_kept_matches_its_retry() -> None:
    """Migration 0006 kept no reference for the wins and rollbacks stored before it: their retry is the same
    transaction whatever it references; anything else it asks must still match."""
    retry = Movement(WIN, "w-1", "member-1", "round-1", "PG_FORTUNE_OX", "TRY", 500, reference_uuid="b-1")
    stored_before = ("member-1", "round-1", "PG_FORTUNE_OX", "TRY", 500)
    assert retry.same_as(WIN, *stored_before, None)
    assert retry.same_as(WIN, *stored_before, "b-1")
    assert not retry.same_as(WIN, *stored_before, "b-2")
    assert not retry.same_as(WIN, "member-1", "round-1", "PG_FORTUNE_OX", "TRY", 600, None)
    assert not retry.same_as(BET, *stored_before, None)  # a bet's id is never a win's
