"""The in-house games' rules without I/O: fairness (the kit's one construction, the README's worked example),
the slot's pay rules and its exact return, the dice, Dragon Tiger, the jackpot's draw and the caps on a round's
win, each return computed exactly."""

from __future__ import annotations

import hashlib
import hmac
import random
import statistics
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games_service.bgs import cards, fair, games, jackpot, slot
from portal_kit.errors import DomainError
from portal_kit.fairness import FairStream, commitment, derive_seed

SERVER, CLIENT = bytes.fromhex("a" * 64), "player-seed"


def stream(nonce: int, seed: bytes = SERVER, client: str = CLIENT) -> FairStream:
    return fair.stream(seed, client, nonce)


def test_a_rounds_numbers_are_the_kits_stream_of_its_seeds_and_nonce() -> None:
    """The context is ``"<client seed>:<nonce>"``: the first block is HMAC-SHA256(seed, ``"<client>:<nonce>:0"``),
    eight big-endian words, each reel's stop the next word below the bound, modulo 29."""
    digest = hmac.new(SERVER, f"{CLIENT}:7:0".encode(), hashlib.sha256).digest()
    words = [int.from_bytes(digest[at : at + 4], "big") for at in range(0, 32, 4)]
    expected = [word % 29 for word in words if word < 2**32 - 2**32 % 29][: slot.REELS]
    assert list(slot.play(stream(7)).stops) == expected
    assert slot.play(stream(7)).stops != slot.play(stream(8)).stops


def test_server_seeds_are_derived_under_the_key_and_shown_by_the_hash_of_their_bytes() -> None:
    seed = fair.server_seed(b"the-key", "turkeyf2", "account-1", 3)
    assert seed == derive_seed(b"the-key", "bgs:turkeyf2:account-1:3")
    assert seed != fair.server_seed(b"the-key", "turkeyf2", "account-1", 4)
    assert seed != fair.server_seed(b"another-key", "turkeyf2", "account-1", 3)
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert len(fair.new_client_seed()) == 16 and fair.new_client_seed() != fair.new_client_seed()


# The README's worked example: a revealed server seed, a client seed and nonces, and what each game makes of them.
EXAMPLE_SEED = bytes.fromhex("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
EXAMPLE_CLIENT = "lucky-31"
EXAMPLE_COMMITMENT = "954d5a49fd70d9b8bcdb35d252267829957f7ef7fa6c74f88419bdc5e82209f4"
# round 1's first block: its first five words mod 29 are the stops; its sixth (4,238,258,670) is at or above
# 4,000,000,000 and skipped, so the jackpot's draw is the seventh mod 2,000,000,000
EXAMPLE_WORDS = [2907686983, 321996724, 3799626441, 1278761550, 3555802213, 4238258670, 2368589827, 3500593394]
EXAMPLE_STOPS = [11, 9, 12, 25, 12]
EXAMPLE_GRID = [
    ["BELL", "7", "W"], ["PLUM", "BAR", "BELL"], ["7", "W", "LEMON"], ["LEMON", "CHERRY", "PLUM"], ["7", "W", "LEMON"],
]  # fmt: skip
EXAMPLE_WINS = [(3, "BELL", 2, 1), (5, "BAR", 2, 1), (7, "BELL", 3, 8)]
EXAMPLE_SLOT_WIN = (1000, 368_589_827, False)  # at a stake of 10.00: 10 line bets of 1.00; the draw is no hit
EXAMPLE_ROLL = (8435, 1980)  # round 2: 363,838,435 mod 10,000; over 49.99 wins 19.80 on 10.00
EXAMPLE_CARDS = (
    "3D",
    "2D",
    "DRAGON",
    2000,
)  # round 3: 635,526,902 mod 52 = 10 (3D), then 3,638,358,417 mod 51 = 6 (2D)


def test_the_readme_worked_example() -> None:
    assert commitment(EXAMPLE_SEED) == EXAMPLE_COMMITMENT
    digest = hmac.new(EXAMPLE_SEED, f"{EXAMPLE_CLIENT}:1:0".encode(), hashlib.sha256).digest()
    assert [int.from_bytes(digest[at : at + 4], "big") for at in range(0, 32, 4)] == EXAMPLE_WORDS
    assert [word % 29 for word in EXAMPLE_WORDS[:5]] == EXAMPLE_STOPS
    assert (
        EXAMPLE_WORDS[5] >= 4_000_000_000 > EXAMPLE_WORDS[6] and EXAMPLE_WORDS[6] % 2_000_000_000 == EXAMPLE_SLOT_WIN[1]
    )
    spin = slot.play(stream(1, EXAMPLE_SEED, EXAMPLE_CLIENT))
    assert list(spin.stops) == EXAMPLE_STOPS
    assert [list(reel) for reel in spin.grid] == EXAMPLE_GRID
    assert [(w.line, w.symbol, w.count, w.multiplier) for w in spin.wins] == EXAMPLE_WINS
    played = games.slot_round(1000, stream(1, EXAMPLE_SEED, EXAMPLE_CLIENT))
    assert (played.win, played.outcome["jackpotDraw"], played.outcome["jackpot"]) == EXAMPLE_SLOT_WIN
    roll = games.dice_round(1000, 4999, True, stream(2, EXAMPLE_SEED, EXAMPLE_CLIENT))
    assert (roll.outcome["roll"], roll.win) == EXAMPLE_ROLL
    dealt = games.dragon_tiger_round(1000, "DRAGON", stream(3, EXAMPLE_SEED, EXAMPLE_CLIENT))
    assert (dealt.outcome["dragon"], dealt.outcome["tiger"], dealt.outcome["winner"], dealt.win) == EXAMPLE_CARDS


def test_a_line_pays_the_longest_run_from_the_left_with_wilds_standing_in() -> None:
    assert slot.line_pay(["7", "7", "7", "BAR", "7"]) == ("7", 3, 16)
    assert slot.line_pay(["W", "BAR", "BAR", "BAR", "LEMON"]) == ("BAR", 4, 30)
    assert slot.line_pay(["W", "W", "W", "W", "W"]) == ("W", 5, 250)
    assert slot.line_pay(["W", "W", "LEMON", "BAR", "BAR"]) == ("LEMON", 3, 4)
    assert slot.line_pay(["LEMON", "BAR", "LEMON", "LEMON", "LEMON"]) == ("", 0, 0)
    assert slot.line_pay(["CHERRY", "W", "PLUM", "PLUM", "PLUM"]) == ("CHERRY", 2, 1)


def test_a_spin_shows_three_rows_of_the_strip_from_each_stop_and_pays_every_line() -> None:
    assert slot.evaluate((27,) * 5).grid[0] == (slot.STRIP[27], slot.STRIP[28], slot.STRIP[0])  # it wraps around
    spin = slot.evaluate((0, 0, 0, 0, 0))
    assert spin.grid[0] == slot.STRIP[0:3]
    expected = [slot.line_pay([spin.grid[reel][row] for reel, row in enumerate(rows)])[2] for rows in slot.LINES]
    assert spin.multiplier == sum(expected) > 0
    assert [win.line for win in spin.wins] == [number for number, pay in enumerate(expected, start=1) if pay]


def test_the_stated_return_of_the_slot_is_its_exact_expected_line_pay() -> None:
    assert round(float(slot.exact_rtp()), 4) == 0.9573


def test_a_sample_of_spins_lands_near_the_exact_return() -> None:
    """200,000 spins (the full million runs as ``task games:rtp``): within four standard errors."""
    rng = random.Random(20261123)
    totals = [
        slot.evaluate(tuple(rng.randrange(len(slot.STRIP)) for _ in range(5))).multiplier / 10 for _ in range(200_000)
    ]
    error = statistics.pstdev(totals) / len(totals) ** 0.5
    assert abs(statistics.fmean(totals) - float(slot.exact_rtp())) < 4 * error


def test_stakes_outside_the_limits_or_not_a_multiple_of_the_lines_are_refused() -> None:
    for stake, code in (
        (50, "stake.out_of_limits"),
        (games.MAX_STAKE + 10, "stake.out_of_limits"),
        (105, "stake.not_line_multiple"),
    ):
        with pytest.raises(DomainError) as refused:
            games.check_slot_stake(stake, 100)
        assert refused.value.code == code
    games.check_slot_stake(100, 100)


def test_the_dice_pays_99_percent_over_its_chance_and_refuses_extreme_targets() -> None:
    assert games.dice_chance(4999, over=True) == 5000
    assert games.dice_payout(1000, 4999, over=True) == 1980
    assert games.dice_payout(1000, 5000, over=False) == 1980
    for target, over in ((99, False), (9999, True), (9901, True), (0, False)):
        with pytest.raises(DomainError):
            games.check_dice(target, over)
    games.check_dice(100, over=False)
    result = games.dice_round(1000, 4999, True, stream(1))
    roll = stream(1).below(10_000)
    assert result.outcome["roll"] == roll and result.win == (1980 if roll > 4999 else 0)


def test_the_dice_returns_99_percent_exactly() -> None:
    for target, over in ((4999, True), (2500, False), (9000, True)):
        chance = games.dice_chance(target, over)
        expected = chance * games.dice_payout(1_000_000, target, over) / 10_000 / 1_000_000
        assert 0.9899 < expected <= 0.99


def test_dragon_tiger_deals_two_different_cards_and_the_higher_rank_wins() -> None:
    seen_tie = False
    for nonce in range(1, 400):
        dealt = cards.deal(stream(nonce, b"s" * 32, "client"))
        assert dealt.dragon != dealt.tiger and 0 <= dealt.dragon < 52 and 0 <= dealt.tiger < 52
        seen_tie |= dealt.winner == cards.TIE
    assert seen_tie
    assert cards.Deal(cards.RANKS.index("K") * 4, cards.RANKS.index("A") * 4 + 1).winner == cards.DRAGON  # ace low
    assert cards.Deal(8, 9).winner == cards.TIE and cards.card_name(9) == "3H"
    assert [cards.payout(1000, side, cards.TIE) for side in cards.SIDES] == [500, 500, 16_000]
    assert [cards.payout(1000, side, cards.DRAGON) for side in cards.SIDES] == [2000, 0, 0]


def test_the_stated_returns_of_dragon_tiger_are_exact() -> None:
    assert cards.exact_rtp(cards.DRAGON) == cards.exact_rtp(cards.TIGER) == Fraction(99, 102)
    assert cards.exact_rtp(cards.TIE) == Fraction(48, 51)


def test_a_sample_of_dragon_tiger_rounds_lands_near_each_bets_exact_return() -> None:
    """100,000 rounds a bet (the full million runs as ``task games:rtp``): within four standard errors."""
    for side in cards.SIDES:
        seed = hashlib.sha256(side.encode()).digest()
        returns = [
            cards.payout(2, side, cards.deal(stream(nonce, seed, "sample")).winner) / 2 for nonce in range(1, 100_001)
        ]
        error = statistics.pstdev(returns) / len(returns) ** 0.5
        assert abs(statistics.fmean(returns) - float(cards.exact_rtp(side))) < 4 * error, side


def test_the_jackpot_draw_is_the_number_after_the_reels_and_hits_below_the_stake() -> None:
    outcome = games.slot_round(1000, stream(5)).outcome
    after_the_reels = stream(5)
    assert outcome["stops"] == [after_the_reels.below(len(slot.STRIP)) for _ in range(slot.REELS)]
    assert outcome["jackpotDraw"] == after_the_reels.below(jackpot.STAKE_PER_HIT)
    assert outcome["jackpot"] is (outcome["jackpotDraw"] < 1000)


@given(st.integers(min_value=1, max_value=games.MAX_STAKE), st.integers(min_value=0, max_value=jackpot.CAP * 3))
def test_the_jackpot_returns_the_pool_over_the_stake_per_hit_at_any_stake(stake: int, pool: int) -> None:
    """Proportional to the stake, so a small stake buys no better jackpot than a large one; never above the cap's."""
    share = jackpot.expected_return(stake, pool)
    assert share == Fraction(min(pool, jackpot.CAP), jackpot.STAKE_PER_HIT)
    assert share <= Fraction(jackpot.CAP, jackpot.STAKE_PER_HIT) == Fraction(1, 40)


def test_each_spin_gives_one_per_cent_of_its_stake_to_its_players_shard() -> None:
    assert [jackpot.contribution(stake) for stake in (1000, 1050, 99, 10_000_000)] == [10, 10, 0, 100_000]
    assert [jackpot.payable(pool) for pool in (jackpot.SEED, jackpot.CAP, jackpot.CAP + 1)] == [
        jackpot.SEED, jackpot.CAP, jackpot.CAP,
    ]  # fmt: skip
    shards = {jackpot.shard_of(f"account-{n}") for n in range(200)}
    assert shards == set(range(jackpot.SHARDS))
    assert jackpot.shard_of("same") == jackpot.shard_of("same")


def test_a_rounds_win_is_capped_per_game_and_the_cap_counted_exactly_in_its_return() -> None:
    assert games.capped(games.DICE_CODE, games.MAX_WIN[games.DICE_CODE] + 1) == (games.MAX_WIN[games.DICE_CODE], True)
    assert games.capped(games.DICE_CODE, 5) == (5, False)
    # Dice: the win is min(payout, cap) with the roll's chance. The rooms' largest stake cannot reach the cap...
    vip = 1_000_000  # 10,000.00, the VIP room's largest stake at the seeded minimum bet
    assert games.dice_payout(vip, 100, over=False) == 99_000_000 < games.MAX_WIN[games.DICE_CODE]
    assert games.dice_rtp(vip, 100, over=False) == Fraction(99, 100)
    # ... a stake twice it would: a 1 % chance paying 99 times 20,000.00 is paid the cap
    capped = Fraction(100, 10_000) * games.MAX_WIN[games.DICE_CODE] / (2 * vip)
    assert games.dice_rtp(2 * vip, 100, over=False) == capped < Fraction(99, 100)
    # Dragon Tiger: the tie pays 16 times; at 20,000.00 that is above the cap
    cap = games.MAX_WIN[cards.GAME_CODE]
    assert cards.capped_rtp(cards.TIE, vip, cap) == cards.exact_rtp(cards.TIE)
    assert cards.capped_rtp(cards.TIE, 2 * vip, cap) == Fraction(3, 51) * cap / (2 * vip) < cards.exact_rtp(cards.TIE)
    assert cards.capped_rtp(cards.DRAGON, 2 * vip, cap) == cards.exact_rtp(cards.DRAGON)


def test_the_slots_cap_takes_exactly_the_tail_of_wins_above_it() -> None:
    cap, stake = games.MAX_WIN[slot.GAME_CODE], games.MAX_STAKE
    threshold = cap // (stake // len(slot.LINES))  # in line bets
    tail = slot.tail(threshold)
    assert tail and min(tail) > threshold
    cut = sum(count * (total * (stake // len(slot.LINES)) - cap) for total, count in tail.items())
    assert slot.capped_rtp(stake, cap) == slot.exact_rtp() - Fraction(cut, len(slot.STRIP) ** slot.REELS * stake)
    assert slot.capped_rtp(stake, cap) < slot.exact_rtp()
    assert slot.capped_rtp(games.MAX_STAKE // 10, cap) == slot.exact_rtp()  # 10,000.00: 250 times it is the cap


@given(st.lists(st.sampled_from(sorted(slot.COUNTS)), min_size=5, max_size=5), st.integers(min_value=0, max_value=5))
def test_a_lines_bound_from_its_first_reels_is_never_below_what_it_pays(line: list[str], seen: int) -> None:
    """The tail's search skips a branch only when no line of it can pay more: each bound must hold."""
    assert slot.line_bound(line[:seen]) >= slot.line_pay(line)[2]
