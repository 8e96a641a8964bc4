"""Points earned from the events, by the brand's rules: each whole betting unit of valid bet (or deposit) earns the
ratio's points, the rest carried to the next amount of the type; once per event under redelivery; a trial account,
a type that earns nothing or is off, earns nothing; an account whose registration has not arrived yet earns when it
has; a VIP level's points multiplier weighs a member's bets (not deposits)."""

from __future__ import annotations

import uuid

import nats
from points_helpers import MERCHANT, UNIT, Points, deposit, game_bet, lottery_bet, registered
from sqlalchemy import select

from points_service.earning.models import PointProgress
from points_service.vip import repository as vip_repository
from portal_kit.testing.events import eventually


async def delivered(points: Points, durable: str, stream_seq: int) -> bool:
    nc = await nats.connect(points.servers.nats_url)
    try:
        info = await nc.jetstream().consumer_info("GAMES", durable)
    finally:
        await nc.close()
    return (info.delivered.stream_seq or 0) >= stream_seq


async def test_whole_units_earn_points_and_the_rest_is_carried_once_per_event(points: Points, worker: None) -> None:
    await points.seeded()
    member = str(uuid.uuid4())
    await points.publish(registered(member))
    await points.consumed("AUTH", "registered", 1)
    bets = [game_bet(member, amount) for amount in (UNIT - 1, 2, UNIT * 3 + 5)]  # 99.99, then 0.02: one unit
    for bet in bets:
        await points.publish(bet)
    await points.publish(bets[2], msg_id="redelivered")  # the same event again: earns nothing more
    await points.consumed("GAMES", "game_bet", 4)
    assert await points.balance(member) == 4  # (9_999 + 2 + 30_005) // 10_000
    entries = await points.entries(member)
    assert [(e.kind, e.point_type, e.points, e.balance_after, e.base_amount) for e in entries] == [
        ("EARN", "SLOT", 1, 1, 2),
        ("EARN", "SLOT", 3, 4, UNIT * 3 + 5),
    ]
    assert {e.source for e in entries} == {str(bets[1].id), str(bets[2].id)}


async def test_each_type_counts_apart_and_deposits_earn_too(points: Points, worker: None) -> None:
    await points.seeded()
    member = str(uuid.uuid4())
    await points.publish(registered(member))
    await points.consumed("AUTH", "registered", 1)
    for event in (game_bet(member, UNIT // 2, "LIVE"), game_bet(member, UNIT // 2, "RNG")):  # half a unit each
        await points.publish(event)
    await points.publish(game_bet(member, UNIT * 10, "FISH"))  # fish earns nothing
    await points.publish(lottery_bet(member, UNIT * 2))
    await points.publish(deposit(member, UNIT * 5))
    await points.consumed("GAMES", "game_bet", 3)
    await points.consumed("LOTTERY", "lottery_bet", 1)
    await points.consumed("WALLET", "deposit", 1)
    assert sorted((e.point_type, e.points) for e in await points.entries(member)) == [("DEPOSIT", 5), ("LOTTERY", 2)]


async def test_a_trial_account_earns_nothing_and_an_unknown_one_waits_for_its_registration(
    points: Points, worker: None
) -> None:
    await points.seeded()
    trial, late = str(uuid.uuid4()), str(uuid.uuid4())
    await points.publish(registered(trial, account_type=4))
    await points.consumed("AUTH", "registered", 1)
    await points.publish(game_bet(trial, UNIT * 5))
    await points.publish(game_bet(late, UNIT * 2))  # its registration comes after
    await eventually(lambda: delivered(points, "points__game_bet", 2))  # the late one tried, and refused
    assert await points.balance(trial) == 0
    await points.publish(registered(late))
    await points.consumed("AUTH", "registered", 2)
    await points.consumed("GAMES", "game_bet", 2)  # tried again after the kit's first back-off (1 s)
    assert await points.balance(late) == 2


async def put_ladder(points: Points, *levels: tuple[int, int, int]) -> None:
    """The brand's VIP ladder: ``(level, turnover, multiplier %)`` each, no bonus."""
    rows = [
        {"level": level, "names": {"TR": f"S{level}"}, "turnover": turnover, "bonus": 0,
         "points_multiplier_pct": pct, "perks": {}}
        for level, turnover, pct in levels
    ]  # fmt: skip
    async with points.db.transaction() as session:
        await vip_repository.replace_levels(session, MERCHANT, rows)


async def test_a_member_at_a_125_percent_level_earns_125_percent_of_a_bet_once(points: Points, worker: None) -> None:
    """The valid bet weighted by the level held when the bet is counted (the bet that reaches the level earns at the
    one below), floored to whole units with the weighted rest carried; a redelivered bet earns nothing more; a
    deposit earns at ×1.00, and a member below every level as before."""
    await points.seeded()
    await put_ladder(points, (1, UNIT, 125))  # 125 % from 100.00 of lifetime valid bets
    member, plain = str(uuid.uuid4()), str(uuid.uuid4())
    for account in (member, plain):
        await points.publish(registered(account))
    await points.consumed("AUTH", "registered", 2)
    first = game_bet(member, UNIT)  # reaches level 1, at ×1.00: 1 point
    raised = game_bet(member, UNIT * 4)  # 400.00 × 1.25 = 500.00: 5 points
    for event in (first, raised):
        await points.publish(event)
    await points.publish(raised, msg_id="redelivered")  # the same event again: earns nothing more
    await points.consumed("GAMES", "game_bet", 3)
    assert await points.balance(member) == 1 + 5
    await points.publish(game_bet(member, UNIT))  # 125.00: 1 point, 25.00 of weighted play carried
    await points.publish(game_bet(member, UNIT * 3))  # 375.00 + 25.00: 4 points, nothing carried
    await points.publish(game_bet(plain, UNIT - 1))  # 99.99 at ×1.00 (below level 1): nothing, all carried
    await points.publish(game_bet(plain, 2))  # 100.01: 1 point
    await points.publish(deposit(member, UNIT * 4))  # a deposit is not play: 4 points at ×1.00
    await points.consumed("GAMES", "game_bet", 7)
    await points.consumed("WALLET", "deposit", 1)
    entries = await points.entries(member)
    assert [(e.points, e.base_amount, e.multiplier_pct) for e in entries if e.point_type == "SLOT"] == [
        (1, UNIT, 100), (5, UNIT * 4, 125), (1, UNIT, 125), (4, UNIT * 3, 125)
    ]  # fmt: skip
    # The deposits' stream is read apart from the bets': its entry comes whenever it is counted.
    assert [(e.points, e.multiplier_pct) for e in entries if e.point_type == "DEPOSIT"] == [(4, 100)]
    assert len({e.source for e in entries}) == 5 and await points.balance(member) == 15
    assert [(e.points, e.multiplier_pct) for e in await points.entries(plain)] == [(1, 100)]
    async with points.db.reader() as session:
        carried = await session.execute(
            select(PointProgress.carried, PointProgress.carried_fraction).where(
                PointProgress.account_id.in_([member, plain]), PointProgress.point_type == "SLOT"
            )
        )
        assert sorted(carried.all()) == [(0, 0), (1, 0)]  # the member's exact; the plain member's 0.01
