"""Hypothesis properties of the in-house games' money rules (issue #44, item 4), without I/O.

Two ways in. A round played from a real fair stream (any server seed, client seed and nonce) is checked against
an outside derivation written from the kit's construction (HMAC-SHA256 words, rejection, drawing without
replacement) and each game's documented reading order, so any change in how an outcome is derived shows. A round
played from a scripted stream (the numbers a property picks: the slot's wild stops, ties, the jackpot's hitting
draws, which fair streams almost never give) is checked against the documented pay rules: what a round pays, the
cap a round, nothing on a loss. Then each game's exact return, computed by the game's own code, stays below
100 % at every stake it takes (the slot with its jackpot at every pool up to the cap)."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import string
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any
from unittest import mock

import hypothesis
from hypothesis import given, settings
from hypothesis import strategies as st

from games_service.bgs import cards, fair, games, jackpot, slot
from portal_kit.fairness import FairStream

WORD = 2**32
SEEDS = st.binary(min_size=32, max_size=32)
CLIENT_SEEDS = st.text(string.ascii_letters + string.digits + "_-", min_size=1, max_size=64)  # a client seed's rule
NONCES = st.integers(min_value=1, max_value=2**40)
STAKES = st.integers(min_value=1, max_value=games.MAX_STAKE)
SLOT_STAKES = st.integers(min_value=1, max_value=games.MAX_STAKE // len(slot.LINES)).map(lambda n: n * len(slot.LINES))
SIDES = st.sampled_from(cards.SIDES)


def dice_targets() -> st.SearchStrategy[tuple[int, bool]]:
    """Every target the dice accepts: a chance of 1.00 % to 98.00 % either way."""
    under = st.integers(min_value=100, max_value=9_800).map(lambda target: (target, False))
    over = st.integers(min_value=9_999 - 9_800, max_value=9_999 - 100).map(lambda target: (target, True))
    return st.one_of(under, over)


# --- an outside derivation, from the kit's documented construction only -----------------------------------------------


def words(seed: bytes, client_seed: str, nonce: int) -> Iterator[int]:
    """Block ``b`` is HMAC-SHA256(seed, "<client seed>:<nonce>:<b>"); its eight big-endian words in order."""
    for block in itertools.count():
        digest = hmac.new(seed, f"{client_seed}:{nonce}:{block}".encode(), hashlib.sha256).digest()
        yield from (int.from_bytes(digest[at : at + 4], "big") for at in range(0, 32, 4))


def below(stream: Iterator[int], n: int) -> int:
    """The next word under ``2**32 - 2**32 mod n`` (the others skipped), modulo ``n``."""
    return next(word for word in stream if word < WORD - WORD % n) % n


def best_line_pay(symbols: Sequence[str]) -> int:
    """What a line pays, as the most any symbol's run from the left reel pays, a wild standing for every symbol
    (the wilds' own run is the wild's). The slot's rule, "the first symbol's run, or the wilds alone when that
    pays more", is this rule because a run of wilds pays at least any symbol's run of its length."""
    best = 0
    for symbol, pays in slot.PAYS.items():
        run = next((at for at, shown in enumerate(symbols) if shown not in (symbol, slot.WILD)), len(symbols))
        best = max(best, pays[run - 1] if run else 0)
    return best


class Scripted(FairStream):
    """A stream that gives the numbers a property chose, in order (each modulo its bound)."""

    def __init__(self, numbers: Sequence[int]) -> None:
        super().__init__(bytes(32), "scripted")
        self.numbers = list(numbers)

    def below(self, n: int) -> int:
        return self.numbers.pop(0) % n


# The stops that show a wild on some row: spins of five of them reach the slot's best pays, and about one in six
# pays more than 250 line bets (above the cap at the largest stakes); fair streams give about one in 5,700.
WILD_STOPS = [stop for stop in range(len(slot.STRIP)) if slot.WILD in slot.WINDOWS[stop]]
SPIN_STOPS = st.one_of(
    st.lists(st.integers(min_value=0, max_value=len(slot.STRIP) - 1), min_size=slot.REELS, max_size=slot.REELS),
    st.lists(st.sampled_from(WILD_STOPS), min_size=slot.REELS, max_size=slot.REELS),
)


# --- outcome derivation -----------------------------------------------------------------------------------------------


@settings(max_examples=75)
@given(seed=SEEDS, client_seed=CLIENT_SEEDS, nonce=NONCES, stake=SLOT_STAKES)
def test_a_spin_is_derived_from_its_seeds_and_nonce_as_documented(
    seed: bytes, client_seed: str, nonce: int, stake: int
) -> None:
    """The reels' stops are the round's first five numbers below 29, the jackpot's draw the next below
    2,000,000,000; the grid is three rows of the strip from each stop; the same three inputs give the same round."""
    played = games.play(slot.GAME_CODE, stake, {}, fair.stream(seed, client_seed, nonce))
    assert played == games.play(slot.GAME_CODE, stake, {}, fair.stream(seed, client_seed, nonce))
    numbers = words(seed, client_seed, nonce)
    stops = [below(numbers, len(slot.STRIP)) for _ in range(slot.REELS)]
    draw = below(numbers, jackpot.STAKE_PER_HIT)
    assert played.outcome["stops"] == stops
    assert played.outcome["grid"] == [
        [slot.STRIP[(stop + row) % len(slot.STRIP)] for row in range(slot.ROWS)] for stop in stops
    ]
    assert played.outcome["jackpotDraw"] == draw
    assert played.outcome["jackpot"] is (draw < stake)


@settings(max_examples=75)
@given(seed=SEEDS, client_seed=CLIENT_SEEDS, nonce=NONCES, stake=STAKES, target=dice_targets())
def test_a_roll_is_derived_from_its_seeds_and_nonce_as_documented(
    seed: bytes, client_seed: str, nonce: int, stake: int, target: tuple[int, bool]
) -> None:
    """The roll is the round's first number below 10,000 (0.00 to 99.99)."""
    params = {"target": target[0], "over": target[1]}
    played = games.play(games.DICE_CODE, stake, params, fair.stream(seed, client_seed, nonce))
    assert played == games.play(games.DICE_CODE, stake, params, fair.stream(seed, client_seed, nonce))
    assert played.outcome == {"roll": below(words(seed, client_seed, nonce), 10_000), **params}


@settings(max_examples=75)
@given(seed=SEEDS, client_seed=CLIENT_SEEDS, nonce=NONCES, stake=STAKES, side=SIDES)
def test_a_deal_is_derived_from_its_seeds_and_nonce_as_documented(
    seed: bytes, client_seed: str, nonce: int, stake: int, side: str
) -> None:
    """Dragon's card is the round's first number below 52 as an index into the ordered deck (AS AH AD AC 2S ...
    KC), Tiger's the next below 51 into the 51 left; the higher rank wins, ace low, the same rank ties."""
    played = games.play(cards.GAME_CODE, stake, {"side": side}, fair.stream(seed, client_seed, nonce))
    assert played == games.play(cards.GAME_CODE, stake, {"side": side}, fair.stream(seed, client_seed, nonce))
    numbers = words(seed, client_seed, nonce)
    deck = [rank + suit for rank in cards.RANKS for suit in cards.SUITS]
    dragon = deck.pop(below(numbers, 52))
    tiger = deck.pop(below(numbers, 51))
    ranks = cards.RANKS.index(dragon[:-1]), cards.RANKS.index(tiger[:-1])
    winner = "TIE" if ranks[0] == ranks[1] else ("DRAGON" if ranks[0] > ranks[1] else "TIGER")
    assert played.outcome == {"dragon": dragon, "tiger": tiger, "winner": winner, "side": side}


@given(
    key=st.binary(min_size=1, max_size=64),
    account=st.text(string.printable, min_size=1, max_size=30),
    pair=st.integers(0, 10**6),
)
def test_a_server_seed_is_fixed_by_its_key_player_and_pair(key: bytes, account: str, pair: int) -> None:
    """The seed a round runs under is HMAC-SHA256(key, "bgs:<merchant>:<account>:<pair>"): the same inputs always
    give it again (a revealed seed can be checked), and the next pair's seed is another."""
    seed = fair.server_seed(key, "turkeyf2", account, pair)
    assert seed == hmac.new(key, f"bgs:turkeyf2:{account}:{pair}".encode(), hashlib.sha256).digest()
    assert seed != fair.server_seed(key, "turkeyf2", account, pair + 1)


# --- what a round pays ------------------------------------------------------------------------------------------------


@settings(max_examples=150)
@given(
    stake=st.one_of(st.just(games.MAX_STAKE), SLOT_STAKES, st.sampled_from([10, 100, games.MAX_STAKE // 10])),
    stops=SPIN_STOPS,
    data=st.data(),
)
def test_a_spin_pays_the_sum_of_its_line_wins_times_the_line_bet_up_to_the_cap(
    stake: int, stops: list[int], data: st.DataObject
) -> None:
    """Each winning line pays its best run times the line bet (the stake over the ten lines); the spin pays their
    sum, cut to the slot's maximum win a round (flagged); a spin without a winning line pays nothing. The jackpot
    is hit by a draw below the stake, not by one equal to it."""
    draw = data.draw(st.one_of(st.integers(0, jackpot.STAKE_PER_HIT - 1), st.sampled_from([stake - 1, stake])))
    played = games.slot_round(stake, Scripted([*stops, draw]))
    line_bet = stake // len(slot.LINES)
    grid = played.outcome["grid"]
    pays = [best_line_pay([grid[reel][row] for reel, row in enumerate(rows)]) for rows in slot.LINES]
    shown = {win["line"]: win["win"] for win in played.outcome["wins"]}
    assert shown == {line: pay * line_bet for line, pay in enumerate(pays, start=1) if pay}
    total = sum(shown.values())
    hypothesis.target(total / line_bet, label="line bets won")  # steers the search to the largest wins, past the cap
    cap = games.MAX_WIN[slot.GAME_CODE]
    assert played.win == min(total, cap)
    assert played.capped is (total > cap)
    assert 0 <= played.win <= cap
    assert (played.win == 0) is (not shown)
    assert played.outcome["jackpot"] is (draw < stake)


@settings(max_examples=200)
@given(stake=st.one_of(STAKES, st.just(games.MAX_STAKE)), target=dice_targets(), roll=st.integers(0, 9_999))
def test_a_roll_pays_the_stake_times_99_percent_over_its_chance_rounded_down(
    stake: int, target: tuple[int, bool], roll: int
) -> None:
    """Over wins on a roll above the target, under on a roll below it; a win pays stake × 99 % / chance, rounded
    down to a minor unit, at most the dice's maximum win a round; a loss pays nothing."""
    number, over = target
    games.check_dice(number, over)  # every target drawn here is one the dice accepts
    winning = range(number + 1, 10_000) if over else range(number)  # the faces above, or below, the target
    chance = Fraction(len(winning), 10_000)
    played = games.dice_round(stake, number, over, Scripted([roll]))
    won = roll in winning
    documented = int(stake * Fraction(99, 100) / chance)  # rounded down (both are positive)
    cap = games.MAX_WIN[games.DICE_CODE]
    assert played.win == (min(documented, cap) if won else 0)
    assert played.capped is (won and documented > cap)
    assert 0 <= played.win <= cap


@settings(max_examples=200)
@given(stake=STAKES, side=SIDES, dragon=st.integers(0, 51), tiger=st.integers(0, 50), tie=st.booleans())
def test_dragon_tiger_pays_evens_half_back_on_a_tie_and_15_to_1_on_the_tie(
    stake: int, side: str, dragon: int, tiger: int, tie: bool
) -> None:
    """A bet on Dragon or Tiger returns twice the stake when it wins (1:1) and half the stake (rounded down) on a
    tie; the tie bet returns 16 times the stake (15:1); anything else returns nothing; at most the cap."""
    if tie:  # the tiger card the same rank as the dragon's: one of the three left of it
        left = [card for card in range(52) if card != dragon]
        tiger = left.index(next(card for card in left if card // 4 == dragon // 4))
    played = games.dragon_tiger_round(stake, side, Scripted([dragon, tiger]))
    winner = played.outcome["winner"]
    assert (winner == cards.TIE) is (played.outcome["dragon"][:-1] == played.outcome["tiger"][:-1])
    if side == winner:
        documented = 16 * stake if side == cards.TIE else 2 * stake
    elif winner == cards.TIE:
        documented = stake // 2
    else:
        documented = 0
    cap = games.MAX_WIN[cards.GAME_CODE]
    assert played.win == min(documented, cap)
    assert played.capped is (documented > cap)
    assert 0 <= played.win <= cap


@settings(max_examples=100)
@given(seed=SEEDS, nonce=NONCES, stake=STAKES, game=st.sampled_from(sorted(games.MAX_WIN)), data=st.data())
def test_no_round_pays_more_than_its_games_cap_or_less_than_nothing(
    seed: bytes, nonce: int, stake: int, game: str, data: st.DataObject
) -> None:
    """Whatever the game, the bet and the stream: 0 <= win <= the game's maximum win a round."""
    params: dict[str, Any] = {}
    if game == slot.GAME_CODE:
        stake = max(len(slot.LINES), stake - stake % len(slot.LINES))
    elif game == games.DICE_CODE:
        target, over = data.draw(dice_targets())
        params = {"target": target, "over": over}
    else:
        params = {"side": data.draw(SIDES)}
    played = games.play(game, stake, params, fair.stream(seed, "client", nonce))
    assert 0 <= played.win <= games.MAX_WIN[game]
    assert not played.capped or played.win == games.MAX_WIN[game]


# --- exact returns ----------------------------------------------------------------------------------------------------


@settings(max_examples=150)
@given(stake=STAKES, target=dice_targets())
def test_the_dice_returns_at_most_99_percent_at_every_stake_and_target(stake: int, target: tuple[int, bool]) -> None:
    """``dice_rtp`` is the chance times the capped payout over the stake: never above 99 %, and below it only by
    the rounding of the payout to a minor unit or by the cap."""
    number, over = target
    rtp = games.dice_rtp(stake, number, over)
    chance = Fraction(games.dice_chance(number, over), 10_000)
    assert rtp <= Fraction(99, 100) < 1
    if games.dice_payout(stake, number, over) <= games.MAX_WIN[games.DICE_CODE]:
        assert rtp > Fraction(99, 100) - chance / stake  # at most one minor unit of rounding a win


@settings(max_examples=40)
@given(stake=STAKES, side=SIDES)
def test_dragon_tiger_returns_below_100_percent_at_every_stake(stake: int, side: str) -> None:
    """The exact return of a bet with its win capped, over every ordered pair of cards: below 100 %, and never
    above the bet's uncapped return."""
    rtp = cards.capped_rtp(side, stake, games.MAX_WIN[cards.GAME_CODE])
    assert rtp <= cards.exact_rtp(side) < 1


EXACT_SLOT_RTP = slot.exact_rtp()  # the enumeration takes a tenth of a second; the properties reuse it


@settings(max_examples=30, deadline=None)
@given(stake=SLOT_STAKES, pool=st.integers(min_value=0, max_value=jackpot.CAP))
def test_the_slot_with_its_jackpot_returns_below_100_percent_at_every_stake_and_pool(stake: int, pool: int) -> None:
    """The slot's exact return at a stake (``capped_rtp``: the cap's cut counted) plus the jackpot's expected
    return at that stake and pool: below 100 % for every stake the slot takes and every pool up to the cap. The
    jackpot's share is at most 2.5 %; with its long-run share (the pool a hit finds, on average) the slot returns
    below 100 % too."""
    with mock.patch.object(slot, "exact_rtp", return_value=EXACT_SLOT_RTP):
        base = slot.capped_rtp(stake, games.MAX_WIN[slot.GAME_CODE])
    share = jackpot.expected_return(stake, pool)
    assert base <= EXACT_SLOT_RTP
    assert share <= Fraction(jackpot.CAP, jackpot.STAKE_PER_HIT) == Fraction(1, 40)
    assert base + share < 1
    assert base + Fraction(jackpot.long_run_share(stake)) < 1
