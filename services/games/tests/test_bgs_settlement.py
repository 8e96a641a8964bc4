"""A spin is one straight path (issue #43, item 13), on the real servers: one call to the wallet takes the
stake and pays the win in one wallet transaction, once per round; the replay, the free demo and the event stay
as they were."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from typing import Any

import nats
from bgs_helpers import reconciled, shown
from games_helpers import Games
from nats.aio.msg import Msg


async def wallet_calls_during(games: Games, play: Awaitable[object]) -> list[tuple[str, dict[str, Any]]]:
    """The money API requests (subject, body) made while ``play`` runs, as the wallet hears them."""
    heard: list[tuple[str, dict[str, Any]]] = []

    async def keep(msg: Msg) -> None:
        heard.append((msg.subject, json.loads(msg.data)))

    listener = await nats.connect(games.app.state.settings.nats_url)
    try:
        await listener.subscribe("rpc.wallet.>", cb=keep)
        await listener.flush()
        await play
        await listener.flush()
        await asyncio.sleep(0.05)
    finally:
        await listener.close()
    return heard


async def test_a_spin_asks_the_wallet_once_for_its_stake_and_its_win(games: Games) -> None:
    account, token = await games.member(100_000)
    await shown(games, token)
    spun = games.spin(token, 1000, "one-call-1")
    heard = await wallet_calls_during(games, spun)
    value = (await games.spin(token, 1000, "one-call-1")).json()["value"]  # the replay answers the round
    assert [subject for subject, _ in heard] == ["rpc.wallet.settle"]
    body = heard[0][1]
    assert (body["stake"], body["win"], body["accountId"]) == (1000, value["win"], account)
    assert body["transactionId"] == f"bgs:{value['roundId']}"
    assert await games.balance(account) == 100_000 - 1000 + value["win"]
    # the account record (the movements with journal lines) still shows a bet and a win, as before; the round's own
    # key (settle:<id>, the wallet's migration 0008) moves nothing of its own
    kinds = await games.wallet_db.rows(
        "SELECT DISTINCT t.kind, t.idempotency_key FROM money_transaction t "
        "JOIN journal_entry e ON e.transaction_id = t.id WHERE t.idempotency_key LIKE %s ORDER BY t.kind DESC",
        (f"%bgs:{value['roundId']}%",),
    )
    expected = [("debit", f"debit:bgs:{value['roundId']}:bet")]
    if value["win"]:
        expected.append(("credit", f"credit:bgs:{value['roundId']}:win"))
    assert kinds == expected
    assert await reconciled(games)


async def test_parallel_replays_of_a_spin_settle_it_once(games: Games) -> None:
    account, token = await games.member(100_000)
    await shown(games, token)
    answers = await asyncio.gather(*(games.spin(token, 1000, "replayed-1") for _ in range(10)))
    values = [answer.json()["value"] for answer in answers]
    assert {v["roundId"] for v in values} == {values[0]["roundId"]} and {v["balance"] for v in values} == {
        values[0]["balance"]
    }
    assert await games.balance(account) == 100_000 - 1000 + values[0]["win"]
    assert (await games.db.call("SELECT count(*) FROM outbox"))[0] == 1  # type: ignore[index]
    other = await games.spin(token, 2000, "replayed-1")
    assert (other.status_code, other.json()["errorCode"]) == (409, "idempotency.mismatch")
    assert await reconciled(games)
