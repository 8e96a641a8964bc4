"""The pure rules of Hub88's Wallet API, without I/O: which status a malformed body gets, Hub88's units against
minor units, free bets, and what a round's record counts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from games_service.aggregator.domain import (
    BET,
    DONE,
    PENDING,
    PLACED,
    ROLLED_BACK,
    WIN,
    WON,
    WRONG_SYNTAX,
    WRONG_TYPES,
    Hub88Refusal,
    invalid_request_status,
    round_totals,
    settles,
    stake_of,
    to_hub88,
    to_minor,
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
    st.sampled_from([PENDING, PLACED, WON, ROLLED_BACK, DONE]),
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


@given(st.lists(TRANSACTIONS, max_size=12))
def test_a_rounds_record_is_its_standing_stakes_against_its_paid_wins(rows: list[Transaction]) -> None:
    stake, win = round_totals(rows)
    assert stake == sum(a for k, s, a, p in rows if k == BET and s in (PENDING, PLACED, WON) and not p)
    assert win == sum(a for k, s, a, p in rows if k == WIN and s in (PENDING, DONE) and not p)
    assert settles(stake, win) == (stake + win > 0)
