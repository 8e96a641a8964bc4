"""Hypothesis properties of the lottery's settlement (issue #44, item 4), without I/O: for every bet type of every
game, any choice the bet type accepts, any draw of its game's shape, any stake within its limits and any prize
mode, the settled win is what ``lottery.toml`` documents: the stake times the documented odds (scaled by the
prize mode and rounded down to 0.001) per hit, rounded down to a minor unit, and nothing when the numbers do not
match. The hits are counted by a reading of the data's own comments, written apart from ``bets.domain``. Then the
counts behind the odds: how many draws win a pick of n numbers, and each bet type's exact return below 100 % for
every choice."""

from __future__ import annotations

import functools
import itertools
import math
import tomllib
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from importlib import resources

from hypothesis import given, settings
from hypothesis import strategies as st

from lottery_service.bets import domain
from lottery_service.bets.domain import Choice
from lottery_service.bets.models import Bet
from lottery_service.bets.service import _choice_json, choice_of
from lottery_service.catalogue.domain import BetType, DrawShape, Game, Kind, catalogue
from lottery_service.draws import domain as draws

DATA = catalogue()
RAW = tomllib.loads(resources.files("lottery_service.catalogue").joinpath("lottery.toml").read_text(encoding="utf-8"))
GAME_BET_TYPES = sorted((game.code, code) for game in DATA.games.values() for code in game.category.bet_types)
PRIZE_MODES = st.sampled_from(sorted(RAW["prize_modes"]))
CATEGORIES = {game.category.code: game for game in DATA.games.values()}  # a game of each draw


def documented_odds_milli(game: Game, bet_type: BetType, key: str | None, prize_mode: str) -> int:
    """The odds the data writes for the bet type (or for the chosen value or colour), in thousandths, times the
    prize mode's per mille, rounded down to 0.001."""
    raw = next(bt for bt in RAW["categories"][game.category.code]["bet_types"] if bt["code"] == bet_type.code)
    odds = raw["odds"] if "odds" in raw else raw["odds_by"][key]
    return int(Decimal(str(odds)) * 1000 * RAW["prize_modes"][prize_mode] // 1000)


def documented_hits(bet_type: BetType, choice: Choice, balls: Sequence[int]) -> int:
    """How many times the choice wins, as ``lottery.toml``'s comments say it: the value is the ball at the chosen
    position (``pick_position``) or the sum of the balls at ``positions``; ``lose_values`` and, when
    ``triple_loses``, a triple lose both sides; a tail pays once per ball."""
    at = [choice.position - 1] if bet_type.pick_position and choice.position is not None else list(bet_type.positions)
    chosen = [balls[position] for position in at]
    value = sum(chosen)
    alike = len(chosen) == 3 and chosen[0] == chosen[1] == chosen[2]
    if bet_type.kind in (Kind.BIG_SMALL, Kind.ODD_EVEN):
        if value in bet_type.lose_values or (bet_type.triple_loses and alike):
            return 0
        if bet_type.kind is Kind.BIG_SMALL:
            return int(choice.option == ("BIG" if value >= bet_type.threshold else "SMALL"))
        return int(choice.option == ("EVEN" if value % 2 == 0 else "ODD"))
    if bet_type.kind is Kind.EXACT:
        return int(chosen == list(choice.numbers))
    if bet_type.kind is Kind.ANY_N:
        return int(all(number in chosen for number in choice.numbers))
    if bet_type.kind is Kind.SUM_VALUE:
        return int(choice.numbers == (value,))
    if bet_type.kind is Kind.COLOUR:
        return int(value in bet_type.colours[choice.option or ""])
    if bet_type.kind is Kind.TRIPLE_ANY:
        return int(alike)
    if bet_type.kind is Kind.TRIPLE:
        return int(alike and chosen[0] == choice.numbers[0])
    if bet_type.kind is Kind.PAIR:
        return int(chosen.count(choice.numbers[0]) >= 2)
    assert bet_type.kind is Kind.TAIL
    return sum(1 for ball in chosen if ball % 10**bet_type.digits == choice.numbers[0])


# --- settlement ------------------------------------------------------------------------------------------------------


@st.composite
def choices(draw: st.DrawFn, bet_type: BetType) -> Choice:
    """Any choice the bet type accepts: a position where it picks one, then an option, a value or numbers."""
    position = draw(st.sampled_from(bet_type.positions)) + 1 if bet_type.pick_position else None
    if bet_type.options:
        return Choice(position, option=draw(st.sampled_from(bet_type.options)))
    if bet_type.kind is Kind.SUM_VALUE:
        return Choice(position, (int(draw(st.sampled_from(sorted(bet_type.odds_by_milli)))),))
    low, high = bet_type.number_range
    numbers = st.integers(low, high)
    if bet_type.kind is Kind.ANY_N:
        picked = draw(st.lists(numbers, min_size=bet_type.n, max_size=bet_type.n, unique=True))
    else:
        picked = draw(st.lists(numbers, min_size=bet_type.n, max_size=bet_type.n))
    return Choice(position, tuple(picked))


@st.composite
def summing(draw: st.DrawFn, shape: DrawShape, at: Sequence[int], total: int) -> list[int]:
    """Values for the balls at ``at`` that sum to ``total``, each in its range (distinct in a distinct draw)."""
    values: list[int] = []
    for index, position in enumerate(at):
        rest = at[index + 1 :]
        left = total - sum(values)
        low, high = shape.ranges[position]
        fits = range(sum(shape.ranges[p][0] for p in rest), sum(shape.ranges[p][1] for p in rest) + 1)
        options = [value for value in range(low, high + 1) if left - value in fits]
        if shape.distinct:
            assert len(rest) <= 1  # the distinct draws' sums read one or two balls
            options = [v for v in options if v not in values and (not rest or left - v not in {*values, v})]
        values.append(draw(st.sampled_from(options)))
    return values


@st.composite
def drawn(draw: st.DrawFn, game: Game, bet_type: BetType, choice: Choice) -> list[int]:
    """Balls of the game's draw shape. Half the time what decides the bet is planted where the bet type reads it
    (swapped in, in a draw of distinct balls): the chosen numbers, balls summing to the chosen value, a triple, a
    value that loses both sides, balls ending in the chosen digits; so wins and edge cases are as common as misses."""
    shape = game.category.draw
    if shape.distinct:
        low, high = shape.ranges[0]
        balls = draw(st.permutations(range(low, high + 1)))[: shape.count]
    else:
        balls = [draw(st.integers(low, high)) for low, high in shape.ranges]
    if not draw(st.booleans()):
        return balls
    at = [choice.position - 1] if bet_type.pick_position and choice.position is not None else list(bet_type.positions)
    kind = bet_type.kind
    values: list[int] = []
    if kind is Kind.TAIL:
        modulus = 10**bet_type.digits
        return [
            ball + choice.numbers[0] - ball % modulus if position in at and draw(st.booleans()) else ball
            for position, ball in enumerate(balls)
        ]
    if kind is Kind.SUM_VALUE:
        values = draw(summing(shape, at, choice.numbers[0]))
    elif bet_type.lose_values:
        values = draw(summing(shape, at, draw(st.sampled_from(sorted(bet_type.lose_values)))))
    elif kind in (Kind.TRIPLE_ANY, Kind.TRIPLE) or bet_type.triple_loses:
        values = [choice.numbers[0] if choice.numbers else draw(st.integers(*shape.ranges[at[0]]))] * 3
    elif kind is Kind.PAIR:
        values = [choice.numbers[0]] * 2
    elif kind is Kind.ANY_N:
        at = draw(st.permutations(at))[: bet_type.n]
        values = list(choice.numbers)
    elif kind is Kind.EXACT:
        values = list(choice.numbers)
    for position, value in zip(at, values, strict=False):
        if shape.distinct and value in balls:
            where = balls.index(value)
            balls[position], balls[where] = balls[where], balls[position]
        else:
            balls[position] = value
    return balls


@st.composite
def settled_bets(draw: st.DrawFn) -> tuple[Game, BetType, Choice, list[int], int, str]:
    game_code, code = draw(st.sampled_from(GAME_BET_TYPES))
    game = DATA.games[game_code]
    bet_type = game.category.bet_types[code]
    choice = domain.check(bet_type, draw(choices(bet_type)))  # as placing the bet stores it
    balls = draw(drawn(game, bet_type, choice))
    stake = draw(st.integers(bet_type.min_stake, bet_type.max_stake))
    return game, bet_type, choice, balls, stake, draw(PRIZE_MODES)


@settings(max_examples=600)
@given(bet=settled_bets())
def test_a_settled_bet_wins_its_documented_odds_per_hit_and_nothing_on_a_miss(
    bet: tuple[Game, BetType, Choice, list[int], int, str],
) -> None:
    """Placing stores the odds of the bet type (or of the choice) under the brand's prize mode; settling reads the
    stored choice back, counts its hits against the draw and pays stake × odds per hit, rounded down."""
    game, bet_type, choice, balls, stake, prize_mode = bet
    odds = DATA.odds(bet_type, domain.odds_key(bet_type, choice), prize_mode)  # what placing the bet stores
    assert odds == documented_odds_milli(game, bet_type, domain.odds_key(bet_type, choice), prize_mode)
    stored = Bet(choice=_choice_json(choice))
    hits = domain.hits(bet_type, choice_of(stored), balls)  # what settling the bet counts
    assert hits == documented_hits(bet_type, choice, balls)
    win = domain.payout(stake, odds, hits)
    assert win == int(Fraction(stake * odds * hits, 1000))  # rounded down to the minor unit
    assert (win == 0) is (hits == 0)  # the data's odds are all above 1 and the stakes at least 1.00
    assert win <= Fraction(stake * odds * hits, 1000) < win + 1


@settings(max_examples=100)
@given(game=st.sampled_from(sorted(DATA.games)), seed=st.binary(min_size=32, max_size=32), issue=st.integers(1, 9999))
def test_every_fair_draw_has_its_games_shape(game: str, seed: bytes, issue: int) -> None:
    """What settlement reads: as many balls as the draw has, each in its range, distinct where the draw is."""
    shape = DATA.games[game].category.draw
    balls = draws.draw(shape, seed, draws.context(game, f"20261127{issue:04d}"))
    assert len(balls) == shape.count
    assert all(low <= ball <= high for ball, (low, high) in zip(balls, shape.ranges, strict=True))
    assert not shape.distinct or len(set(balls)) == len(balls)


# --- the counts behind the odds ---------------------------------------------------------------------------------------


@settings(max_examples=60)
@given(data=st.data(), code=st.sampled_from(["ANY_1", "ANY_2", "ANY_3", "ANY_4", "ANY_5"]))
def test_a_pick_of_n_wins_on_its_count_of_combinations(data: st.DataObject, code: str) -> None:
    """11x5 draws five distinct balls of 1..11: a pick of n numbers wins on C(11 - n, 5 - n) of the C(11, 5)
    sets of balls, whichever n numbers are picked."""
    bet_type = DATA.games["11X5_3M"].category.bet_types[code]
    choice = domain.check(bet_type, data.draw(choices(bet_type)))
    winning = sum(domain.hits(bet_type, choice, list(balls)) for balls in itertools.combinations(range(1, 12), 5))
    assert winning == math.comb(11 - bet_type.n, 5 - bet_type.n)


def orderings(values: Sequence[int]) -> int:
    """How many orders of the balls show these values."""
    return math.factorial(len(values)) // math.prod(math.factorial(n) for n in Counter(values).values())


@functools.cache
def exact_return(category: str, code: str, choice: Choice) -> Fraction:
    """The expected win of a stake of one at the data's odds (the most generous prize mode), over every draw. The
    values of the balls the bet type reads are enumerated, each as likely as the others (the draw's other balls
    do not change a hit): each ball's range, or the ordered distinct values; a set of values once, counted by its
    orders, where the order cannot change a hit (every bet type but an exact match). Where they are too many, the
    closed forms: a pick of n among k of N distinct balls wins on C(N - n, k - n) of the C(N, k) sets, and a tail's
    digits end a ball of a range of whole hundreds (thousands) once in 100 (1,000)."""
    game = CATEGORIES[category]
    bet_type = game.category.bet_types[code]
    odds = Fraction(bet_type.odds_for(domain.odds_key(bet_type, choice)), 1000)
    shape = game.category.draw
    at = [choice.position - 1] if bet_type.pick_position and choice.position is not None else list(bet_type.positions)
    if bet_type.kind is Kind.TAIL:
        modulus = 10**bet_type.digits
        assert all((shape.ranges[p][1] - shape.ranges[p][0] + 1) % modulus == 0 for p in at)
        return odds * len(at) * Fraction(1, modulus)
    low, high = shape.ranges[at[0]]
    unordered = bet_type.kind is not Kind.EXACT
    if shape.distinct and unordered and math.comb(high - low + 1, len(at)) > 10_000:
        total = high - low + 1
        return odds * Fraction(math.comb(total - bet_type.n, len(at) - bet_type.n), math.comb(total, len(at)))
    if shape.distinct:
        pick = itertools.combinations if unordered else itertools.permutations
        outcomes = [(values, 1) for values in pick(range(low, high + 1), len(at))]
    elif unordered and all(shape.ranges[p] == (low, high) for p in at):
        sets = itertools.combinations_with_replacement(range(low, high + 1), len(at))
        outcomes = [(values, orderings(values)) for values in sets]
    else:
        outcomes = [
            (values, 1)
            for values in itertools.product(*(range(shape.ranges[p][0], shape.ranges[p][1] + 1) for p in at))
        ]
    balls = [low] * shape.count
    won = 0
    for values, weight in outcomes:
        for position, value in zip(at, values, strict=True):
            balls[position] = value
        won += weight * domain.hits(bet_type, choice, balls)
    return odds * Fraction(won, sum(weight for _, weight in outcomes))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), game_bet_type=st.sampled_from(GAME_BET_TYPES))
def test_every_choice_of_every_bet_type_returns_below_100_percent(
    data: st.DataObject, game_bet_type: tuple[str, str]
) -> None:
    """At the data's own odds (no prize mode pays more: none is above 1,000 per mille), the exact return of any
    choice is below 100 %: the house keeps an edge on every bet a member can place."""
    game_code, code = game_bet_type
    bet_type = DATA.games[game_code].category.bet_types[code]
    choice = domain.check(bet_type, data.draw(choices(bet_type)))
    assert max(DATA.prize_modes.values()) <= 1000
    assert 0 < exact_return(DATA.games[game_code].category.code, code, choice) < 1
