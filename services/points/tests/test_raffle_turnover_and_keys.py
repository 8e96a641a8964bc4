"""A raffle's turnover condition and its seed key (issue #47 item 4), against the real servers: a member whose stakes
since the raffle's opening day fall short of its minimum is refused with nothing written, and takes a ticket once the
bets settled (fed as events to the worker) reach it; a raffle's published hash is the SHA-256 of the seed derived from
the key held outside the database, which the draw reveals and anyone recomputes; a raffle made under a key not held is
not drawn; a raffle made before the keys is drawn from its stored seed."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, time, timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, Points, game_bet, lottery_bet
from prize_helpers import member
from sqlalchemy import func, select
from test_raffles import claim, close, listed, made, prizes, ticket_count

from points_service.promotions.service import Bet, bets_settled
from points_service.raffles import service
from points_service.raffles.domain import winning_tickets
from points_service.raffles.keys import SeedKeys
from points_service.raffles.models import Raffle
from points_service.settings import PointsSettings
from portal_kit.db import Database
from portal_kit.fairness import FairStream, commitment, derive_seed
from portal_kit.messaging.rpc import Responder


@pytest.fixture
def keys(settings: PointsSettings) -> SeedKeys:
    return SeedKeys.of(settings)


async def raffle_row(db: Database, raffle_id: int) -> Raffle:
    async with db.reader() as session:
        return (await session.scalars(select(Raffle).where(Raffle.id == raffle_id))).one()


def refusal(answer: Any) -> tuple[int, str, Any]:
    body = answer.json()
    return answer.status_code, body["errorCode"], body["value"]


async def test_a_member_short_of_the_turnover_gets_a_ticket_once_their_stakes_reach_it(
    points: Points, worker: None, wallet_money: Responder
) -> None:
    raffle = await made(points, minTurnover=50_000)
    raffle_id = raffle["raffleId"]
    assert raffle["minTurnover"] == 50_000
    account, token = await member(points)
    refused = await claim(points, token, raffle_id)
    assert refusal(refused) == (409, "raffle.turnover_short", {"minTurnover": 50_000, "turnover": 0})
    assert "500.00" in refused.json()["message"] and "0.00" in refused.json()["message"]
    seen = (await listed(points, token))[raffle_id]
    assert (seen["minTurnover"], seen["myTurnover"], seen["myTicket"], seen["tickets"]) == (50_000, 0, None, 0)
    # A day before the raffle's opening day does not count.
    opening_day = datetime.fromisoformat(raffle["opensAt"]).astimezone(UTC).date()
    before = datetime.combine(opening_day - timedelta(days=1), time(12), tzinfo=UTC)
    async with points.db.transaction() as session:
        await bets_settled(session, [Bet(MERCHANT, account, "RNG", 90_000, 90_000, before, 0)])
    # Bets settled since, as the games and the lottery publish them: every game counts.
    await points.publish(game_bet(account, 30_000))
    await points.publish(lottery_bet(account, 10_000))
    await points.consumed("GAMES", "game_bet", 1)
    await points.consumed("LOTTERY", "lottery_bet", 1)
    short = await claim(points, token, raffle_id)
    assert refusal(short) == (409, "raffle.turnover_short", {"minTurnover": 50_000, "turnover": 40_000})
    assert (await listed(points, token))[raffle_id]["myTurnover"] == 40_000
    assert await ticket_count(points.db) == 0 and (await raffle_row(points.db, raffle_id)).tickets == 0
    await points.publish(game_bet(account, 10_000, "LIVE"))
    await points.consumed("GAMES", "game_bet", 2)
    given = await claim(points, token, raffle_id)
    assert (given.status_code, given.json()["value"]["ticketNo"]) == (200, 1), given.text
    seen = (await listed(points, token))[raffle_id]
    assert (seen["myTurnover"], seen["myTicket"], seen["tickets"]) == (50_000, 1, 1)
    _, stranger = await member(points)  # another member's stakes are theirs
    assert refusal(await claim(points, stranger, raffle_id))[:2] == (409, "raffle.turnover_short")
    free = await made(points)  # no condition: anyone
    assert (await listed(points, stranger))[free["raffleId"]]["minTurnover"] == 0
    assert (await claim(points, stranger, free["raffleId"])).status_code == 200


async def test_the_published_hash_is_of_the_seed_derived_from_the_key_and_the_draw_reveals_it(
    points: Points, wallet_db: Database, wallet_money: Responder, keys: SeedKeys, settings: PointsSettings
) -> None:
    raffle = await made(points, prizes=[30_000, 20_000])
    raffle_id, key_id = raffle["raffleId"], settings.seed_key_id
    seed = derive_seed(bytes.fromhex(settings.current_seed_key), f"points:raffle:{raffle_id}")
    assert raffle["seedHash"] == hashlib.sha256(seed).hexdigest()
    assert (raffle["seedKeyId"], raffle["seed"]) == (key_id, None)
    row = await raffle_row(points.db, raffle_id)
    assert (row.seed, row.seed_key_id) == (None, key_id)  # the database holds no seed until the draw
    tokens = [(await member(points, wallet_db))[1] for _ in range(5)]
    for token in tokens:
        assert (await claim(points, token, raffle_id)).status_code == 200
    await close(points.db, raffle_id)
    nc = await nats.connect(points.servers.nats_url)
    try:
        another_key = SeedKeys(key_id, {key_id: bytes.fromhex("55" * 32)})
        assert await service.draw_due(points.db, nc, another_key) == 0  # not the key it was made under
        assert await service.draw_due(points.db, nc, SeedKeys("t2", {"t2": bytes(32)})) == 0  # its key not held
        assert (await raffle_row(points.db, raffle_id)).drawn_at is None
        assert await service.draw_due(points.db, nc, keys) == 1
    finally:
        await nc.close()
    shown = (await listed(points, tokens[0]))[raffle_id]
    assert shown["seed"] == seed.hex() and commitment(bytes.fromhex(shown["seed"])) == raffle["seedHash"]
    stream, left = FairStream(bytes.fromhex(shown["seed"]), shown["context"]), list(range(1, 6))
    assert [w["ticketNo"] for w in shown["winners"]] == [stream.take(left) for _ in range(2)]
    assert [p.status for p in await prizes(points.db, raffle_id)] == ["PAID", "PAID"]


async def test_a_raffle_made_before_the_keys_is_drawn_from_its_stored_seed(
    points: Points, wallet_db: Database, wallet_money: Responder, keys: SeedKeys
) -> None:
    stored = bytes(range(32))
    async with points.db.transaction() as session:
        old = Raffle(merchant=MERCHANT, names={"TR": "Eski"}, opens_at=func.now() - timedelta(hours=1),
                     closes_at=func.now() + timedelta(hours=1), prizes=[10_000], seed=stored,
                     seed_hash=commitment(stored), created_by="ops")  # fmt: skip
        session.add(old)
        await session.flush()
        raffle_id = old.id
    tokens = [(await member(points, wallet_db))[1] for _ in range(3)]
    for token in tokens:
        assert (await claim(points, token, raffle_id)).status_code == 200
    await close(points.db, raffle_id)
    nc = await nats.connect(points.servers.nats_url)
    try:
        assert await service.draw_due(points.db, nc, keys) == 1
    finally:
        await nc.close()
    shown = (await listed(points, tokens[0]))[raffle_id]
    assert shown["seed"] == stored.hex()
    assert [w["ticketNo"] for w in shown["winners"]] == winning_tickets(stored, raffle_id, 3, 1)
