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


def test_the_hit_chance_is_the_stake_over_the_stake_per_hit_exactly() -> None:
    """The draw is a number below ``STAKE_PER_HIT`` and a spin hits when it is below the stake: of the draw's
    ``STAKE_PER_HIT`` equally likely values exactly ``stake`` hit."""
    for stake in (SMALLEST, 1000, LARGEST):
        assert jackpot.hit_chance(stake) == Fraction(stake, jackpot.STAKE_PER_HIT)
        assert [jackpot.hits(draw, stake) for draw in (0, stake - 1, stake, jackpot.STAKE_PER_HIT - 1)] == [
            True, True, False, False,
        ]  # fmt: skip
    assert LARGEST < jackpot.STAKE_PER_HIT <= 2**32  # one word of the fair stream, and every stake below it


def test_the_slot_returns_below_100_percent_at_the_smallest_and_largest_stake_at_any_pool() -> None:
    for stake in (SMALLEST, LARGEST):
        base = slot.capped_rtp(stake, rules.MAX_WIN[slot.GAME_CODE])
        for pool in (jackpot.SEED, jackpot.CAP, 10 * jackpot.CAP):  # a pool beyond the cap pays the cap
            share = jackpot.hit_chance(stake) * min(pool, jackpot.CAP) / stake
            assert jackpot.expected_return(stake, pool) == share
            assert base + share < 1, (stake, pool, float(base + share))
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
