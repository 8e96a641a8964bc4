"""The lottery's rules without I/O: the data, the schedule's numbering, the provably fair draw, every bet
type's payout against worked examples, exact returns where the outcomes can be counted, draw frequencies."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest

from lottery_service.bets import domain
from lottery_service.bets.domain import Choice
from lottery_service.catalogue.domain import LANGUAGES, BetType, Catalogue, catalogue, parse
from lottery_service.draws import domain as draws
from lottery_service.draws.simulate import frequencies
from lottery_service.ops import domain as void_rules
from portal_kit.errors import DomainError
from portal_kit.sessions import OpsRole, Principal, Role

DATA = catalogue()


def bet_type(game: str, code: str) -> BetType:
    return DATA.games[game].category.bet_types[code]


# (game, bet type, choice, balls, hits)
EXAMPLES = [
    ("SSC_1M", "POS_DIGIT", Choice(3, (7,)), [1, 2, 7, 4, 5], 1),
    ("SSC_1M", "POS_DIGIT", Choice(3, (7,)), [7, 2, 1, 4, 5], 0),
    ("SSC_1M", "POS_BIG_SMALL", Choice(1, option="BIG"), [5, 0, 0, 0, 0], 1),
    ("SSC_1M", "POS_BIG_SMALL", Choice(1, option="BIG"), [4, 9, 9, 9, 9], 0),
    ("SSC_1M", "POS_ODD_EVEN", Choice(5, option="EVEN"), [1, 1, 1, 1, 0], 1),
    ("SSC_1M", "SUM_BIG_SMALL", Choice(option="BIG"), [9, 9, 5, 0, 0], 1),  # 23
    ("SSC_1M", "SUM_BIG_SMALL", Choice(option="SMALL"), [9, 9, 4, 0, 0], 1),  # 22
    ("SSC_1M", "SUM_ODD_EVEN", Choice(option="ODD"), [1, 2, 3, 4, 5], 1),  # 15
    ("11X5_3M", "ANY_1", Choice(numbers=(11,)), [3, 11, 5, 1, 2], 1),
    ("11X5_3M", "ANY_2", Choice(numbers=(5, 11)), [3, 11, 5, 1, 2], 1),
    ("11X5_3M", "ANY_3", Choice(numbers=(1, 2, 3)), [3, 11, 5, 1, 2], 1),
    ("11X5_3M", "ANY_4", Choice(numbers=(1, 2, 3, 4)), [3, 11, 5, 1, 2], 0),
    ("11X5_3M", "ANY_3", Choice(numbers=(1, 2, 4)), [3, 11, 5, 1, 2], 0),
    ("11X5_3M", "ANY_5", Choice(numbers=(1, 2, 3, 5, 11)), [3, 11, 5, 1, 2], 1),
    ("11X5_3M", "FIRST", Choice(numbers=(3,)), [3, 11, 5, 1, 2], 1),
    ("11X5_3M", "FIRST", Choice(numbers=(11,)), [3, 11, 5, 1, 2], 0),
    ("K3_1M", "SUM", Choice(numbers=(10,)), [1, 4, 5], 1),
    ("K3_1M", "BIG_SMALL", Choice(option="BIG"), [6, 6, 5], 1),
    ("K3_1M", "BIG_SMALL", Choice(option="BIG"), [6, 6, 6], 0),  # a triple loses big and small
    ("K3_1M", "BIG_SMALL", Choice(option="SMALL"), [1, 1, 1], 0),
    ("K3_1M", "ODD_EVEN", Choice(option="ODD"), [1, 2, 4], 1),
    ("K3_1M", "TRIPLE_ANY", Choice(), [4, 4, 4], 1),
    ("K3_1M", "TRIPLE", Choice(numbers=(4,)), [4, 4, 4], 1),
    ("K3_1M", "TRIPLE", Choice(numbers=(5,)), [4, 4, 4], 0),
    ("K3_1M", "PAIR", Choice(numbers=(2,)), [2, 5, 2], 1),
    ("K3_1M", "PAIR", Choice(numbers=(2,)), [2, 2, 2], 1),
    ("K3_1M", "PAIR", Choice(numbers=(5,)), [2, 5, 2], 0),
    ("PK10_3M", "CHAMPION", Choice(numbers=(7,)), [7, 1, 2, 3, 4, 5, 6, 8, 9, 10], 1),
    ("PK10_3M", "POS_NUMBER", Choice(10, (10,)), [7, 1, 2, 3, 4, 5, 6, 8, 9, 10], 1),
    ("PK10_3M", "TOP_TWO_SUM", Choice(numbers=(8,)), [7, 1, 2, 3, 4, 5, 6, 8, 9, 10], 1),
    ("PK10_3M", "CHAMPION_BIG_SMALL", Choice(option="BIG"), [6, 1, 2, 3, 4, 5, 7, 8, 9, 10], 1),
    ("LHC_5M", "SPECIAL", Choice(numbers=(49,)), [1, 2, 3, 4, 5, 6, 49], 1),
    ("LHC_5M", "SPECIAL", Choice(numbers=(6,)), [1, 2, 3, 4, 5, 6, 49], 0),
    ("LHC_5M", "SPECIAL_COLOUR", Choice(option="GREEN"), [1, 2, 3, 4, 5, 6, 49], 1),
    ("LHC_5M", "SPECIAL_COLOUR", Choice(option="RED"), [1, 2, 3, 4, 5, 6, 46], 1),
    ("LHC_5M", "SPECIAL_BIG_SMALL", Choice(option="BIG"), [1, 2, 3, 4, 5, 6, 49], 0),  # 49 loses both
    ("LHC_5M", "SPECIAL_BIG_SMALL", Choice(option="BIG"), [1, 2, 3, 4, 5, 6, 25], 1),
    ("LHC_5M", "SPECIAL_ODD_EVEN", Choice(option="ODD"), [1, 2, 3, 4, 5, 6, 47], 1),
    ("LHC_5M", "NORMAL", Choice(numbers=(5,)), [1, 2, 3, 4, 5, 6, 49], 1),
    ("LHC_5M", "NORMAL", Choice(numbers=(49,)), [1, 2, 3, 4, 5, 6, 49], 0),  # the special is not a normal number
    ("PCB_3M", "SUM", Choice(numbers=(27,)), [9, 9, 9], 1),
    ("PCB_3M", "BIG_SMALL", Choice(option="SMALL"), [4, 4, 5], 1),  # 13
    ("PCB_3M", "ODD_EVEN", Choice(option="EVEN"), [4, 4, 5], 0),
    ("PCB_3M", "COLOUR", Choice(option="GRAY"), [4, 4, 5], 1),
    ("PCB_3M", "COLOUR", Choice(option="RED"), [1, 1, 1], 1),  # 3
    ("PCB_3M", "COLOUR", Choice(option="BLUE"), [0, 0, 2], 1),
    ("LF_5M", "STRAIGHT", Choice(numbers=(0, 4, 7)), [0, 4, 7], 1),
    ("LF_5M", "STRAIGHT", Choice(numbers=(7, 4, 0)), [0, 4, 7], 0),
    ("LF_5M", "POS_DIGIT", Choice(2, (4,)), [0, 4, 7], 1),
    ("LF_5M", "SUM_BIG_SMALL", Choice(option="SMALL"), [0, 4, 7], 1),
    ("SEA_5M", "TOP3", Choice(numbers=(4, 5, 6)), [1, 2, 3, 4, 5, 6, 7, 8], 1),
    ("SEA_5M", "TOP2", Choice(numbers=(5, 6)), [1, 2, 3, 4, 5, 6, 7, 8], 1),
    ("SEA_5M", "BOTTOM2", Choice(numbers=(7, 8)), [1, 2, 3, 4, 5, 6, 7, 8], 1),
    ("SEA_5M", "BOTTOM2", Choice(numbers=(5, 6)), [1, 2, 3, 4, 5, 6, 7, 8], 0),
    ("SEA_5M", "RUN_TOP", Choice(numbers=(5,)), [1, 2, 3, 4, 5, 6, 7, 8], 1),
    ("SEA_5M", "RUN_TOP", Choice(numbers=(1,)), [1, 2, 3, 4, 5, 6, 7, 8], 0),
]
VN_NORTH_DRAW = [12345, 99945, *[10000 + i for i in range(8)], 1245, 2222, 3333, 4444, *[5000 + i for i in range(6)], 745, 100, 999, 45, 12, 13, 14]  # fmt: skip
# special, first, second, 2 third, 7 fourth, fifth, 3 sixth, seventh, eighth
VN_SOUTH_DRAW = [123456, 99945, 10000, 10001, 10002, *[20001 + i for i in range(7)], 1245, 3333, 4444, 5555, 745, 7]  # fmt: skip
EXAMPLES += [
    ("VN_NORTH", "DE", Choice(numbers=(45,)), VN_NORTH_DRAW, 1),
    ("VN_NORTH", "DE3", Choice(numbers=(345,)), VN_NORTH_DRAW, 1),
    ("VN_NORTH", "DE3", Choice(numbers=(945,)), VN_NORTH_DRAW, 0),
    ("VN_NORTH", "LO", Choice(numbers=(45,)), VN_NORTH_DRAW, 5),  # 12345, 99945, 1245, 745 and 45
    ("VN_NORTH", "LO", Choice(numbers=(77,)), VN_NORTH_DRAW, 0),
    ("VN_SOUTH", "DE", Choice(numbers=(56,)), VN_SOUTH_DRAW, 1),  # the special's last two
    ("VN_SOUTH", "DE", Choice(numbers=(45,)), VN_SOUTH_DRAW, 0),
    ("VN_SOUTH", "DE3", Choice(numbers=(456,)), VN_SOUTH_DRAW, 1),
    ("VN_SOUTH", "DAU", Choice(numbers=(7,)), VN_SOUTH_DRAW, 1),  # the eighth prize, 07
    ("VN_SOUTH", "DAU", Choice(numbers=(45,)), VN_SOUTH_DRAW, 0),
    ("VN_SOUTH", "LO", Choice(numbers=(45,)), VN_SOUTH_DRAW, 3),  # 99945, 1245 and 745
    ("VN_SOUTH", "LO", Choice(numbers=(7,)), VN_SOUTH_DRAW, 2),  # 20007 and the eighth's 07
]


@pytest.mark.parametrize(("game", "code", "choice", "balls", "expected"), EXAMPLES)
def test_each_bet_type_wins_as_its_worked_example_says(
    game: str, code: str, choice: Choice, balls: list[int], expected: int
) -> None:
    kind = bet_type(game, code)
    assert domain.check(kind, choice) is not None
    assert domain.hits(kind, choice, balls) == expected


def test_every_bet_type_of_the_data_has_a_worked_example() -> None:
    covered = {(DATA.games[game].category.code, code) for game, code, *_ in EXAMPLES}
    for game in DATA.games.values():
        for code in game.category.bet_types:
            assert (game.category.code, code) in covered


def test_the_payout_is_stake_times_odds_per_hit_rounded_down() -> None:
    assert domain.payout(1000, 1980, 1) == 1980
    assert domain.payout(333, 1980, 1) == 659  # 659.34
    assert domain.payout(100, 3500, 5) == 1750  # five hits of the VN lo
    assert domain.payout(1000, 9800, 0) == 0


def test_the_prize_mode_scales_the_odds_rounded_down() -> None:
    pos = bet_type("SSC_1M", "POS_BIG_SMALL")
    assert DATA.odds(pos, None, "LOTT") == 1980
    assert DATA.odds(pos, None, "ZY") == 1950  # 1980 × 0.985 = 1950.3
    assert DATA.odds(pos, None, "SEA") == 1930  # 1980 × 0.975 = 1930.5
    colour = bet_type("PCB_3M", "COLOUR")
    assert DATA.odds(colour, "GRAY", "LOTT") == 6200
    assert DATA.odds(colour, "GRAY", "ELOTT") == 6138


@pytest.mark.parametrize(
    ("game", "code", "choice"),
    [
        ("SSC_1M", "POS_DIGIT", Choice(None, (7,))),  # no position
        ("SSC_1M", "POS_DIGIT", Choice(6, (7,))),  # no sixth digit
        ("SSC_1M", "POS_DIGIT", Choice(1, (10,))),  # not a digit
        ("SSC_1M", "POS_DIGIT", Choice(1, (1, 2))),  # two numbers
        ("SSC_1M", "SUM_BIG_SMALL", Choice(option="HUGE")),
        ("SSC_1M", "SUM_BIG_SMALL", Choice(1, option="BIG")),  # a position where none is picked
        ("11X5_3M", "ANY_3", Choice(numbers=(1, 1, 2))),  # the same number twice
        ("11X5_3M", "ANY_3", Choice(numbers=(0, 1, 2))),  # 0 is not a ball of 11x5
        ("11X5_3M", "ANY_3", Choice(numbers=(1, 2))),  # the wrong count
        ("K3_1M", "SUM", Choice(numbers=(2,))),  # three dice never sum to 2
        ("K3_1M", "TRIPLE", Choice(numbers=(7,))),
        ("LHC_5M", "SPECIAL", Choice(numbers=(50,))),
        ("LHC_5M", "SPECIAL_COLOUR", Choice(option="GRAY")),
        ("VN_NORTH", "DE", Choice(numbers=(100,))),
        ("VN_SOUTH", "DAU", Choice(numbers=(100,))),
        ("SEA_5M", "TOP3", Choice(numbers=(1, 2))),
    ],
)
def test_a_choice_outside_the_bet_type_is_refused(game: str, code: str, choice: Choice) -> None:
    with pytest.raises(DomainError) as refused:
        domain.check(bet_type(game, code), choice)
    assert refused.value.code == "lottery.selection_invalid"
    assert refused.value.params["expected"]


def _exact_return(game: str, code: str, choice: Choice) -> Fraction:
    shape = DATA.games[game].category.draw
    kind = bet_type(game, code)
    values = [range(low, high + 1) for low, high in shape.ranges]
    outcomes = itertools.permutations(values[0], shape.count) if shape.distinct else itertools.product(*values)
    total, paid = 0, Fraction(0)
    for balls in outcomes:
        total += 1
        paid += Fraction(kind.odds_for(domain.odds_key(kind, choice)) * domain.hits(kind, choice, list(balls)), 1000)
    return paid / total


@pytest.mark.parametrize(
    ("game", "code", "choice"),
    [
        ("K3_1M", "SUM", Choice(numbers=(10,))), ("K3_1M", "SUM", Choice(numbers=(3,))),
        ("K3_1M", "BIG_SMALL", Choice(option="BIG")), ("K3_1M", "ODD_EVEN", Choice(option="EVEN")),
        ("K3_1M", "TRIPLE_ANY", Choice()), ("K3_1M", "TRIPLE", Choice(numbers=(1,))), ("K3_1M", "PAIR", Choice(numbers=(6,))),
        ("PCB_3M", "SUM", Choice(numbers=(13,))), ("PCB_3M", "SUM", Choice(numbers=(0,))),
        ("PCB_3M", "BIG_SMALL", Choice(option="BIG")), ("PCB_3M", "ODD_EVEN", Choice(option="ODD")),
        ("PCB_3M", "COLOUR", Choice(option="GRAY")), ("PCB_3M", "COLOUR", Choice(option="RED")),
        ("PCB_3M", "COLOUR", Choice(option="GREEN")), ("PCB_3M", "COLOUR", Choice(option="BLUE")),
        ("LF_5M", "STRAIGHT", Choice(numbers=(1, 2, 3))), ("LF_5M", "SUM_BIG_SMALL", Choice(option="BIG")),
        ("LF_5M", "POS_DIGIT", Choice(1, (0,))),
        ("11X5_3M", "ANY_1", Choice(numbers=(1,))), ("11X5_3M", "ANY_2", Choice(numbers=(1, 2))),
        ("11X5_3M", "ANY_4", Choice(numbers=(1, 2, 3, 4))), ("11X5_3M", "ANY_5", Choice(numbers=(1, 2, 3, 4, 5))),
        ("11X5_3M", "FIRST", Choice(numbers=(11,))),
    ],
)  # fmt: skip
def test_the_house_keeps_a_small_edge_on_every_counted_bet_type(game: str, code: str, choice: Choice) -> None:
    """The exact return over every outcome: below 100 % and above 90 %."""
    assert Fraction(90, 100) < _exact_return(game, code, choice) < 1


def test_issues_are_numbered_by_day_and_sequence_and_close_before_the_draw() -> None:
    one = DATA.games["SSC_1M"]
    moment = datetime(2026, 11, 23, 10, 30, 20, tzinfo=UTC)
    [first, second] = list(draws.slots(one, moment, moment + timedelta(minutes=2)))
    assert first.issue == "202611230632"  # 10:31 is the 631st minute after midnight: sequence 632
    assert first.draws_at == datetime(2026, 11, 23, 10, 31, tzinfo=UTC)
    assert first.closes_at == first.draws_at - timedelta(seconds=10)
    assert first.opens_at == datetime(2026, 11, 23, 10, 30, tzinfo=UTC)
    assert second.issue == "202611230633" and second.opens_at == first.draws_at
    midnight = list(
        draws.slots(one, datetime(2026, 11, 23, 23, 59, 30, tzinfo=UTC), datetime(2026, 11, 24, 0, 0, tzinfo=UTC))
    )
    assert [slot.issue for slot in midnight] == ["202611240001"]
    daily = DATA.games["VN_NORTH"]
    [vn] = list(draws.slots(daily, moment, moment + timedelta(days=1)))
    assert vn.issue == "202611230001" and vn.draws_at == datetime(2026, 11, 23, 11, 15, tzinfo=UTC)
    assert vn.closes_at == vn.draws_at - timedelta(minutes=15)
    assert draws.first_draw_after(daily, vn.draws_at) == vn.draws_at + timedelta(days=1)


def test_the_draw_is_the_hmac_of_the_seed_and_can_be_recomputed() -> None:
    seed = bytes(range(32))
    shape = DATA.games["SSC_1M"].category.draw
    digest = hmac.new(seed, b"SSC_1M:202611230632:0", hashlib.sha256).digest()
    first_word = int.from_bytes(digest[:4], "big")
    balls = draws.draw(shape, seed, "SSC_1M:202611230632")
    assert balls[0] == first_word % 10  # the first word is below the rejection limit for 10 values
    assert balls == draws.draw(shape, seed, draws.context("SSC_1M", "202611230632"))
    assert balls != draws.draw(shape, seed, "SSC_1M:202611230633")
    assert draws.seed_hash(seed) == hashlib.sha256(seed).hexdigest()


def test_distinct_draws_never_repeat_a_ball_and_racing_is_an_order_of_all_ten() -> None:
    for n in range(200):
        seed = n.to_bytes(32, "big")
        assert sorted(draws.draw(DATA.games["PK10_3M"].category.draw, seed, "PK10_3M:x")) == list(range(1, 11))
        lhc = draws.draw(DATA.games["LHC_5M"].category.draw, seed, "LHC_5M:x")
        assert len(set(lhc)) == 7 and all(1 <= ball <= 49 for ball in lhc)
        north = draws.draw(DATA.games["VN_NORTH"].category.draw, seed, "VN_NORTH:x")
        assert len(north) == 27 and north[0] < 100_000 and north[-1] < 100
        south = draws.draw(DATA.games["VN_SOUTH"].category.draw, seed, "VN_SOUTH:x")
        assert len(south) == 18 and south[0] < 1_000_000 and south[-1] < 100


@pytest.mark.parametrize(
    "game", ["SSC_1M", "11X5_3M", "K3_1M", "PK10_3M", "LHC_5M", "PCB_3M", "VN_NORTH", "VN_SOUTH", "SEA_5M"]
)
def test_draw_frequencies_are_uniform_on_a_sample(game: str) -> None:
    """The suite's sample; ``./portal lottery:draws`` runs one million draws of every game."""
    assert frequencies(DATA.games[game], 6_000) == []


def test_the_data_is_complete_and_names_every_bet_type_in_every_language() -> None:
    assert set(DATA.prize_modes) == {"LOTT", "ZY", "ELOTT", "SEA"}
    for game in DATA.games.values():
        assert set(game.names) == set(LANGUAGES)
        for kind in game.category.bet_types.values():
            assert set(kind.names) == set(LANGUAGES)
            assert 0 < kind.min_stake <= kind.max_stake


def _data(bet_type: dict[str, Any] | None = None, game: dict[str, Any] | None = None) -> dict[str, Any]:
    names = dict.fromkeys(LANGUAGES, "x")
    kind = {"code": "A", "kind": "exact", "positions": [1], "odds": 9.8, "names": names, **(bet_type or {})}
    return {
        "prize_modes": {"LOTT": 1000},
        "limits": {"min_stake": 100, "max_stake": 1000, "max_per_issue": 5000},
        "categories": {"x": {"draw": {"count": 2, "low": 0, "high": 9}, "bet_types": [kind]}},
        "games": [{"code": "X", "category": "x", "area": "LOTT", "interval_minutes": 1, "close_seconds": 10,
                   "names": names, **(game or {})}],
    }  # fmt: skip


def test_bad_data_is_refused_when_read() -> None:
    assert isinstance(parse(_data()), Catalogue)
    for broken, why in (
        ({"odds": 9.8001}, "three decimals"),
        ({"odds": 1}, "above 1"),  # pays no more than the stake
        ({"positions": [3]}, "outside the draw"),
    ):
        with pytest.raises(ValueError, match=why):
            parse(_data(bet_type=broken))
    with pytest.raises(ValueError, match="dividing the day"):
        parse(_data(game={"interval_minutes": 7}))
    with pytest.raises(ValueError, match="close within"):
        parse(_data(game={"close_seconds": 60}))


def test_an_issue_is_voidable_only_open_and_before_its_close() -> None:
    closes = datetime(2026, 11, 23, 11, 0, tzinfo=UTC)
    assert void_rules.voidable("open", closes, closes - timedelta(microseconds=1))
    assert not void_rules.voidable("open", closes, closes)  # at the close the outcome is committed: no void
    assert not void_rules.voidable("drawn", closes, closes - timedelta(hours=1))
    assert not void_rules.voidable("void", closes, closes - timedelta(hours=1))
    assert void_rules.shown_status("pending", False) == "lapsed"
    assert void_rules.shown_status("pending", True) == "pending"
    assert void_rules.shown_status("approved", False) == "approved"


def test_the_proposer_of_a_void_may_not_decide_it() -> None:
    maker = Principal(Role.OPS, "*", username="ops.ann", ops_roles=frozenset({OpsRole.ADMIN}))
    with pytest.raises(DomainError) as refused:
        void_rules.refuse_same_person("ops.ann", maker)
    assert (refused.value.status, refused.value.code) == (403, "ops.same_person")
    void_rules.refuse_same_person("ops.bob", maker)
