"""A late wallet answer is no free option (issue #43, item 5), on the real servers: a round is written open
before the wallet is asked, nothing of its outcome is fixed or seen until its stake is taken, the pair it runs
under cannot be rotated (revealed) while it is open, and the recovery sweep settles it with the same content."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from bgs_helpers import SPINS, headers, reconciled, rotate, shown, spin_body
from games_helpers import MERCHANT, Games

from games_service.bgs.service import recover
from portal_kit.db import Database
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import Responder
from wallet_service.money.rpc import money_answers
from wallet_service.money.service import Movement, Settlement, debit, rollback, settle


async def sweep(games: Games) -> int:
    """The worker's recovery sweep, as if the rounds were old enough."""
    await games.db.call(
        "UPDATE game_round SET created_at = now() - interval '1 minute', retry_at = now() - interval '1 minute' "
        "WHERE state = 'open' RETURNING 1"
    )
    nc = await connect_nats(games.app.state.settings.nats_url, "recovery-test")
    try:
        return await recover(games.db, nc, older_than_seconds=5, keys=games.app.state.seed_keys)
    finally:
        await nc.close()


async def wallet_back(nats_url: str, wallet_db: Database) -> Responder:
    responder = Responder(nats_url, name="wallet-back")
    money_answers(responder, wallet_db)
    await responder.start()
    return responder


async def test_a_stake_left_without_an_answer_cannot_be_rotated_drained_and_voided_for_profit(
    games: Games, wallet_responder: Responder
) -> None:
    """The attack of the issue: the stake times out, the player rotates the seeds to learn the open round's
    outcome, drains the balance if it lost (so the recovery voids it) and keeps it if it won."""
    account, token = await games.member(100_000)
    await shown(games, token)
    await wallet_responder.stop()  # the wallet does not answer: the stake times out
    timed_out = await games.spin(token, 1000)
    assert (timed_out.status_code, timed_out.json()["errorCode"]) == (503, "service_unavailable")
    rows = await games.db.rows("SELECT state, win, outcome FROM game_round WHERE account_id = %s", (account,))
    assert rows == [("open", None, {"params": {}})]  # written open, with the bet alone: no outcome yet

    attack = await rotate(games, token, "reveal-it-now")
    assert (attack.status_code, attack.json()["errorCode"]) == (409, "seeds.round_open"), attack.text
    assert attack.json()["value"] is None  # no server seed comes out

    # The player spends the balance elsewhere: the open round's stake is no longer there.
    drained = await debit(games.wallet_db, Movement(MERCHANT, account, "TRY", 100_000, f"elsewhere-{account}"))
    assert drained["success"]
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        assert await sweep(games) == 1
    finally:
        await responder.stop()
    assert await games.db.rows("SELECT state, refusal FROM game_round WHERE account_id = %s", (account,)) == [
        ("void", "wallet.insufficient_funds")
    ]
    assert await games.balance(account) == 0
    assert await games.db.rows("SELECT 1 FROM bet_record WHERE account_id = %s", (account,)) == []
    assert (await rotate(games, token, "now-it-may")).status_code == 200  # closed: the pair may rotate
    assert await reconciled(games)


async def test_a_round_left_open_settles_on_recovery_to_the_outcome_its_nonce_fixes(
    games: Games, wallet_responder: Responder
) -> None:
    account, token = await games.member(100_000)
    seeds = await shown(games, token)
    await wallet_responder.stop()
    lost = await games.http.post(SPINS, json=spin_body(1000, "lost-answer-1"), headers=headers(token))
    assert lost.status_code == 503
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        assert await sweep(games) == 1
        assert await sweep(games) == 0
        settled = (await games.spin(token, 1000, "lost-answer-1")).json()["value"]  # the replay answers the round
    finally:
        await responder.stop()
    assert settled["fairness"] == {
        "serverSeedHash": seeds["serverSeedHash"],
        "clientSeed": seeds["clientSeed"],
        "nonce": 1,
    }
    assert await games.balance(account) == 100_000 - 1000 + settled["win"]
    revealed = (await rotate(games, token, "check-it")).json()["value"]["previous"]
    check = await games.http.get(
        "/wps/games/bgs/verify",
        params={"gameCode": "BGS_FRUIT5", "serverSeed": revealed["serverSeed"], "clientSeed": seeds["clientSeed"],
                "nonce": 1, "stake": 1000},
    )  # fmt: skip
    assert check.json()["value"]["slot"] == settled["slot"]
    assert await reconciled(games)


async def test_rotations_racing_rounds_never_reveal_a_seed_under_which_a_round_is_still_open(games: Games) -> None:
    games.app.state.settings.seed_rotations_per_minute = 1000  # the race needs more tries than a player may make
    account, token = await games.member(1_000_000)
    await shown(games, token)

    async def rotation() -> list[str]:
        """Rotate while the spins go on, until a rotation goes through: the refusals met on the way."""
        refused: list[str] = []
        while True:
            answer = await rotate(games, token, f"race-{uuid.uuid4().hex[:8]}")
            if answer.status_code == 200:
                return refused
            refused.append(answer.json()["errorCode"])
            await asyncio.sleep(0)

    # One round under the first seed for certain, which a rotation then reveals; the others race the rotations.
    assert (await games.spin(token, 100)).status_code == 200
    spun, refusals = await asyncio.gather(
        asyncio.gather(*(games.spin(token, 100) for _ in range(16))), asyncio.gather(*(rotation() for _ in range(2)))
    )
    assert [answer.status_code for answer in spun] == [200] * 16
    assert {code for refused in refusals for code in refused} <= {"seeds.round_open", "seeds.next_changed"}
    # every round ran under a seed revealed only after the round was closed
    rows = await games.db.rows(
        "SELECT r.settled_at <= s.revealed_at FROM game_round r JOIN revealed_seed s "
        "ON s.server_seed_hash = r.server_seed_hash WHERE r.account_id = %s",
        (account,),
    )
    assert rows and all(before for (before,) in rows)
    assert (
        await games.db.rows("SELECT 1 FROM game_round WHERE account_id = %s AND state <> 'settled'", (account,)) == []
    )
    assert await reconciled(games)


@pytest.mark.parametrize("cause", ["its-id-settled-otherwise", "its-stake-rolled-back-first"])
async def test_a_settle_refusal_that_may_have_moved_money_leaves_the_round_open(
    games: Games, wallet_responder: Responder, cause: str
) -> None:
    """Only a refusal after which nothing moved voids a round (the review of #43, item 4): ``idempotency.mismatch``
    (the round's id was used with other content) and ``transaction.rolled_back`` say nothing of what moved, so the
    round stays open, the player is told it is being settled, and the sweep puts it back rather than void it."""
    account, token = await games.member(100_000)
    await shown(games, token)
    await wallet_responder.stop()
    assert (await games.spin(token, 1000, "maybe-moved-1")).status_code == 503
    [(round_id,)] = await games.db.rows("SELECT id FROM game_round WHERE account_id = %s", (account,))
    if cause == "its-id-settled-otherwise":
        settled = Settlement(MERCHANT, account, "TRY", 500, 0, f"bgs:{round_id}")
        assert (await settle(games.wallet_db, settled))["success"]
    else:
        assert (await rollback(games.wallet_db, MERCHANT, f"bgs:{round_id}:bet"))["success"]
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        replay = await games.spin(token, 1000, "maybe-moved-1")
        assert (replay.status_code, replay.json()["errorCode"]) == (409, "round.pending"), replay.text
        assert await sweep(games) == 0
    finally:
        await responder.stop()
    rows = await games.db.rows("SELECT state, refusal, attempts FROM game_round WHERE id = %s", (round_id,))
    assert rows == [("open", None, 1)]
    assert await games.balance(account) == 100_000 - (500 if cause == "its-id-settled-otherwise" else 0)
    assert await reconciled(games)
