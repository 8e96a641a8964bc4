"""The in-house games' rules without I/O: fairness, the slot's pay rules and its exact return, the dice."""

from __future__ import annotations

import hashlib
import hmac
import random
import statistics
from fractions import Fraction

import pytest

from games_service.bgs import cards, fair, games, jackpot, slot
from portal_kit.errors import DomainError

SERVER, CLIENT = "a" * 64, "player-seed"


def test_numbers_are_read_from_the_hmac_of_the_seeds_and_nonce() -> None:
    digest = hmac.new(SERVER.encode(), f"{CLIENT}:7:0".encode(), hashlib.sha256).digest()
    first = int.from_bytes(digest[:4], "big") / 2**32
    assert next(fair.floats(SERVER, CLIENT, 7)) == first
    assert fair.integers(SERVER, CLIENT, 7, [29]) == [int(first * 29)]
    assert fair.integers(SERVER, CLIENT, 7, [29] * 5) != fair.integers(SERVER, CLIENT, 8, [29] * 5)


def test_the_commitment_is_the_sha256_of_the_server_seed() -> None:
    assert fair.commitment(SERVER) == hashlib.sha256(SERVER.encode()).hexdigest()
    assert len(fair.new_server_seed()) == 64 and fair.new_server_seed() != fair.new_server_seed()


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
    result = games.dice_round(1000, 4999, True, SERVER, CLIENT, 1)
    roll = fair.integers(SERVER, CLIENT, 1, [10_000])[0]
    assert result.outcome["roll"] == roll and result.win == (1980 if roll > 4999 else 0)


def test_the_dice_returns_99_percent_exactly() -> None:
    for target, over in ((4999, True), (2500, False), (9000, True)):
        chance = games.dice_chance(target, over)
        expected = chance * games.dice_payout(1_000_000, target, over) / 10_000 / 1_000_000
        assert 0.9899 < expected <= 0.99


def test_dragon_tiger_deals_two_different_cards_and_the_higher_rank_wins() -> None:
    seen_tie = False
    for nonce in range(1, 400):
        dealt = cards.deal("s" * 64, "client", nonce)
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
        returns = [
            cards.payout(2, side, cards.deal(side * 10, "sample", nonce).winner) / 2 for nonce in range(1, 100_001)
        ]
        error = statistics.pstdev(returns) / len(returns) ** 0.5
        assert abs(statistics.fmean(returns) - float(cards.exact_rtp(side))) < 4 * error, side


def test_the_jackpot_hit_is_part_of_the_fair_outcome_and_about_one_in_odds() -> None:
    server = "ab" * 32  # fixed: the count below is this stream's, not a chance
    hits = [nonce for nonce in range(1, 1_000_001) if jackpot.hits(server, "fixed", nonce)]
    assert hits == [22_524, 180_521, 287_741, 662_120]  # four in a million spins, at odds of 1 in 200,000
    outcome = games.slot_round(1000, server, "fixed", hits[0]).outcome
    assert outcome["jackpot"] is True
    assert games.slot_round(1000, server, "fixed", hits[0] + 1).outcome["jackpot"] is (hits[0] + 1 in hits)
    # the reels are the slot's own: the jackpot draw comes after them in the stream and changes no stop
    assert outcome["stops"] == list(slot.play(server, "fixed", hits[0]).stops)


def test_each_spin_gives_one_per_cent_of_its_stake_to_its_players_shard() -> None:
    assert [jackpot.contribution(stake) for stake in (1000, 1050, 99, 10_000_000)] == [10, 10, 0, 100_000]
    shards = {jackpot.shard_of(f"account-{n}") for n in range(200)}
    assert shards == set(range(jackpot.SHARDS))
    assert jackpot.shard_of("same") == jackpot.shard_of("same")
