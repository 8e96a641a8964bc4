"""The slot's progressive jackpot (issue #43, item 3): its hit chance is proportional to the stake and its pool
is capped, so the slot returns below 100 % at every stake and every pool the rules allow. The expected returns
are computed exactly (fractions); the hit, the cap and the pool are then played on the real servers."""

from __future__ import annotations

import asyncio
from fractions import Fraction

from bgs_helpers import reconciled, steer
from games_helpers import MERCHANT, Games

from games_service.bgs import games as rules
from games_service.bgs import jackpot, slot
from games_service.bgs.router import JACKPOT_CACHE_SECONDS
from portal_kit.fairness import FairStream

SMALLEST, LARGEST = 100, rules.MAX_STAKE  # BGS_FRUIT5's minimum bet (seeded) and every game's largest stake


# The README's numbers, written out: the draw is one of 2,000,000,000 equally likely numbers; the pool starts at
# 10,000.00 and pays at most 500,000.00.
DRAWS, SEED, CAP = 2_000_000_000, 1_000_000, 50_000_000


def hitting_draws(stake: int) -> int:
    """How many of the draw's values hit at ``stake``, found by asking ``jackpot.hits`` (a hit is a draw below a
    bound, so the count is where hits stop): a binary search over every possible draw."""
    low, high = 0, DRAWS  # hits(low - 1) and not hits(high), when in range
    while low < high:
        middle = (low + high) // 2
        if jackpot.hits(middle, stake):
            low = middle + 1
        else:
            high = middle
    assert all(jackpot.hits(draw, stake) for draw in range(max(0, low - 3), low))
    assert not any(jackpot.hits(draw, stake) for draw in range(low, min(DRAWS, low + 3)))
    return low


def test_the_hit_chance_is_the_stake_in_minor_units_out_of_two_billion() -> None:
    """Counted over the draw's values, not restated: at 1.00 one spin in 20,000,000 hits, at 10.00 one in
    2,000,000, at 100,000.00 one in 200."""
    expected = {SMALLEST: Fraction(1, 20_000_000), 1000: Fraction(1, 2_000_000), LARGEST: Fraction(1, 200)}
    for stake, chance in expected.items():
        assert Fraction(hitting_draws(stake), DRAWS) == chance == jackpot.hit_chance(stake)
    assert jackpot.STAKE_PER_HIT == DRAWS <= 2**32  # one word of the fair stream
    stream = FairStream(b"\x07" * 32, "draws")
    assert all(0 <= jackpot.draw(stream) < DRAWS for _ in range(1000))


# A spin's expected jackpot as a share of its stake: chance x what a hit pays / stake, worked out by hand.
EXPECTED_SHARE = {
    (SMALLEST, SEED): Fraction(1, 20_000_000) * 1_000_000 / 100,  # 1/2000: 0.05 %
    (SMALLEST, CAP): Fraction(1, 20_000_000) * 50_000_000 / 100,  # 1/40: 2.5 %
    (SMALLEST, 10 * CAP): Fraction(1, 20_000_000) * 50_000_000 / 100,  # a pool beyond the cap pays the cap
    (LARGEST, SEED): Fraction(1, 200) * 1_000_000 / 10_000_000,
    (LARGEST, CAP): Fraction(1, 200) * 50_000_000 / 10_000_000,
    (LARGEST, 10 * CAP): Fraction(1, 200) * 50_000_000 / 10_000_000,
}


def test_the_slot_returns_below_100_percent_at_the_smallest_and_largest_stake_at_any_pool() -> None:
    for (stake, pool), share in EXPECTED_SHARE.items():
        assert jackpot.expected_return(stake, pool) == share
        base = slot.capped_rtp(stake, rules.MAX_WIN[slot.GAME_CODE])
        assert base + share < 1, (stake, pool, float(base + share))
    assert EXPECTED_SHARE[SMALLEST, SEED] == EXPECTED_SHARE[LARGEST, SEED] == Fraction(1, 2000)  # the stake buys
    assert EXPECTED_SHARE[SMALLEST, CAP] == EXPECTED_SHARE[LARGEST, CAP] == Fraction(1, 40)  # no better share
    assert slot.capped_rtp(SMALLEST, rules.MAX_WIN[slot.GAME_CODE]) == slot.exact_rtp()  # the cap cannot bind there
    # the figures the README states
    assert jackpot.expected_return(SMALLEST, jackpot.SEED) == Fraction(1, 2000)  # 0.05 %
    assert jackpot.expected_return(LARGEST, jackpot.CAP) == Fraction(1, 40)  # 2.5 %
    assert round(float(slot.exact_rtp() + Fraction(1, 40)), 4) == 0.9823


def test_a_sample_of_spins_with_the_jackpot_lands_near_the_stated_total_return() -> None:
    """The suite's sample of the RTP simulation (the full million: ``./portal games:rtp``): spins at the largest
    stake, where the jackpot hits about once in 200 spins, with the pool fed, capped and paid as the service does."""
    from games_service.bgs.simulate import simulate_slot

    measured = simulate_slot(40_000, LARGEST)
    stated = float(slot.capped_rtp(LARGEST, rules.MAX_WIN[slot.GAME_CODE])) + jackpot.long_run_share(LARGEST)
    assert measured.hits > 100  # the jackpot is in the sample
    assert abs(measured.total - stated) < 4 * measured.standard_error, (measured, stated)


async def test_the_pool_stops_at_its_cap_and_a_hit_at_the_largest_stake_pays_it(games: Games) -> None:
    account, token = await games.member(3 * LARGEST)
    over = jackpot.CAP - jackpot.SEED + 5_000_000  # the shards hold more than the cap allows
    await games.db.rows(
        "INSERT INTO jackpot_share (merchant, currency, shard, amount) VALUES (%s, 'TRY', 0, %s) RETURNING 1",
        (MERCHANT, over),
    )
    shown_pool = (await games.http.get("/wps/games/jackpot")).json()["value"]
    assert shown_pool["amount"] == jackpot.CAP  # what a hit would pay

    await steer(games, token, account, lambda stream: jackpot.hits(jackpot.draw(skip_reels(stream)), LARGEST))
    hit = (await games.spin(token, LARGEST)).json()["value"]
    assert hit["slot"]["jackpot"] is True and hit["jackpotWin"] == jackpot.CAP
    assert hit["balance"] == 3 * LARGEST - LARGEST + hit["win"] + jackpot.CAP == await games.balance(account)
    recorded = await games.db.call("SELECT win FROM bet_record WHERE id = %s", (f"BGS:{hit['roundId']}",))
    assert recorded == (hit["win"] + jackpot.CAP,)
    await asyncio.sleep(JACKPOT_CACHE_SECONDS + 0.1)
    after = (await games.http.get("/wps/games/jackpot")).json()["value"]
    assert after["amount"] == jackpot.SEED + jackpot.contribution(LARGEST)  # emptied, then the hit spin's own share
    assert await reconciled(games)


def skip_reels(stream: FairStream) -> FairStream:
    for _ in range(slot.REELS):
        stream.below(len(slot.STRIP))
    return stream


async def test_a_small_stake_misses_a_draw_a_large_stake_hits(games: Games) -> None:
    """The same draw (below 10,000,000 but not below 1,000) hits at the largest stake and not at 10.00."""
    account, token = await games.member(3 * LARGEST)

    def between(stream: FairStream) -> bool:
        return 1000 <= jackpot.draw(skip_reels(stream)) < LARGEST

    await steer(games, token, account, between)
    small = (await games.spin(token, 1000, "small-stake-1")).json()["value"]
    assert small["slot"]["jackpot"] is False and small["jackpotWin"] == 0
    assert 1000 <= small["slot"]["jackpotDraw"] < LARGEST
    await steer(games, token, account, between)
    large = (await games.spin(token, LARGEST, "large-stake-1")).json()["value"]
    assert large["slot"]["jackpot"] is True and large["jackpotWin"] == jackpot.SEED + jackpot.contribution(1000)
    assert await reconciled(games)


async def test_a_pool_just_below_its_cap_fills_to_the_cap_and_no_further(games: Games) -> None:
    """A spin of 100,000.00 gives 1,000.00 to a pool 0.05 short of its cap: the pool reaches the cap exactly and
    what would overshoot stays with the house."""
    account, token = await games.member(3 * LARGEST)
    short = CAP - SEED - 5  # the shards hold 5 minor units less than the cap allows
    await games.db.rows(
        "INSERT INTO jackpot_share (merchant, currency, shard, amount) VALUES (%s, 'TRY', 0, %s) RETURNING 1",
        (MERCHANT, short),
    )
    await steer(games, token, account, lambda stream: not jackpot.hits(jackpot.draw(skip_reels(stream)), LARGEST))
    played = await games.spin(token, LARGEST)
    assert played.status_code == 200, played.text
    assert played.json()["value"]["jackpotWin"] == 0
    total = await games.db.call("SELECT sum(amount) FROM jackpot_share WHERE merchant = %s", (MERCHANT,))
    assert total == (CAP - SEED,)  # 5 of the spin's 100,000 went in
    await asyncio.sleep(JACKPOT_CACHE_SECONDS + 0.1)
    assert (await games.http.get("/wps/games/jackpot")).json()["value"]["amount"] == CAP
    assert await reconciled(games)


async def test_contributions_beyond_the_cap_stay_with_the_house(games: Games) -> None:
    _, token = await games.member(100_000)
    full = jackpot.CAP - jackpot.SEED
    for shard in range(jackpot.SHARDS):  # the pool at its cap, spread over the shards
        await games.db.rows(
            "INSERT INTO jackpot_share (merchant, currency, shard, amount) VALUES (%s, 'TRY', %s, %s) RETURNING 1",
            (MERCHANT, shard, full // jackpot.SHARDS + (full % jackpot.SHARDS if shard == 0 else 0)),
        )
    played = await asyncio.gather(*(games.spin(token, 10_000) for _ in range(5)))
    assert all(answer.status_code == 200 for answer in played)
    total = await games.db.call("SELECT sum(amount) FROM jackpot_share WHERE merchant = %s", (MERCHANT,))
    assert total == (full,)  # nothing was added above the cap
    assert await reconciled(games)
