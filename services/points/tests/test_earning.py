"""Points earned from the events, by the brand's rules: each whole betting unit of valid bet (or deposit) earns the
ratio's points, the rest carried to the next amount of the type; once per event under redelivery; a trial account,
a type that earns nothing or is off, earns nothing; an account whose registration has not arrived yet earns when it
has."""

from __future__ import annotations

import uuid

import nats
from points_helpers import UNIT, Points, deposit, game_bet, lottery_bet, registered

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
