"""The member socket on real replicas: who may open one, what it is pushed and when, isolation between members
and brands, what a bad frame or an ended session does to it."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable

import psycopg
import pytest
from notifications_helpers import Notifications, Replica, replica_process
from notifications_service.inbox.domain import pushed
from websockets.exceptions import InvalidStatus

from portal_events import NotificationsPush
from portal_kit.servers import ManagedProcess
from portal_kit.sessions import OpsRole, SessionStore
from portal_kit.valkey_link import ValkeyLink


async def refused_at_upgrade(notifications: Notifications, protocols: list[str]) -> int:
    with pytest.raises(InvalidStatus) as refused:
        await notifications.connect("", protocols=protocols)
    return refused.value.response.status_code


async def test_only_a_members_own_session_opens_a_socket(notifications: Notifications) -> None:
    member = await notifications.member()
    trial = await notifications.member(account_type=4)
    ops = await notifications.ops(OpsRole.ADMIN)
    for protocols in (
        ["portal.v1", "not-a-session"],  # unknown token
        ["portal.v1", trial.token],  # a trial account has no money notices
        ["portal.v1", ops],  # an ops session is no member
        ["portal.v2", member.token],  # another protocol
        [member.token, "portal.v1"],  # the token where the protocol belongs
        ["portal.v1"],  # no token
    ):
        assert await refused_at_upgrade(notifications, protocols) == 403
    socket, last_id = await notifications.opened(member)
    assert socket.connection.subprotocol == "portal.v1"  # the token is never echoed back
    assert last_id == 0


async def test_a_deposit_consumed_by_the_worker_reaches_the_socket_held_by_another_replica_once(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    on_b, _ = await notifications.opened(member, replica=1)
    on_a, _ = await notifications.opened(member, replica=0)  # a second tab, on the other replica
    event = notifications.deposit_credited(member, 150_000)
    await notifications.publish(event)
    await notifications.publish(event, message_id="relay-retry")  # the same event delivered again
    for socket in (on_a, on_b):
        frame = await socket.frame()
        assert frame["type"] == "message"
        assert frame["message"] | {"id": 0} == {
            "id": 0, "kind": "deposit.credited", "title": "", "body": "", "amount": 150_000, "currency": "TRY",
            "reference": event.data.depositId, "reason": None, "occurredAt": "2026-11-24T10:00:00Z", "read": False,
            "broadcast": False,
        }  # fmt: skip
    await notifications.publish(notifications.lottery_settled(member, win=900))
    assert (await on_a.frame())["type"] == "balance"  # the next frame: the duplicate made no second message
    assert (await on_b.frame())["type"] == "balance"
    assert [m["kind"] for m in await notifications.inbox(member, replica=1)] == ["deposit.credited"]
    assert await notifications.unread(member) == 1


async def test_a_socket_down_during_two_events_gets_both_on_resume_once_each(notifications: Notifications) -> None:
    member = await notifications.member()
    first, last_seen = await notifications.opened(member)
    await first.close()
    await notifications.publish(notifications.deposit_failed(member, 20_000))
    await notifications.publish(notifications.withdrawal_rejected(member, 30_000))
    await notifications.wait_for_inbox(member, 2)
    back, newest = await notifications.opened(member, replica=1)  # the page reconnects, maybe elsewhere
    assert newest > last_seen
    await back.send({"type": "resume", "after": last_seen})
    missed = [await back.frame(), await back.frame()]
    assert missed[0]["message"]["id"] < missed[1]["message"]["id"]  # oldest first
    # (two consumers store the two events, in whichever order they commit)
    assert sorted((f["message"]["kind"], f["message"]["amount"], f["message"]["reason"]) for f in missed) == [
        ("deposit.failed", 20_000, "name differs"),
        ("withdrawal.rejected", 30_000, "bank closed"),
    ]
    await notifications.publish(notifications.withdrawal_paid(member, 5_000))
    paid = await back.frame()  # the next frame is the new one: nothing missed came twice
    assert (paid["message"]["kind"], paid["message"]["amount"]) == ("withdrawal.paid", 5_000)


async def test_a_member_never_receives_another_members_or_another_brands_events(
    notifications: Notifications,
) -> None:
    ayse, mehmet = await notifications.member(), await notifications.member()
    elsewhere = await notifications.member(merchant="otherbrand")
    sockets = {who.account_id: (await notifications.opened(who, replica=n % 2))[0]
               for n, who in enumerate((ayse, mehmet, elsewhere))}  # fmt: skip
    await notifications.publish(notifications.deposit_credited(ayse, 1_000))
    assert (await sockets[ayse.account_id].frame())["message"]["amount"] == 1_000
    ops = await notifications.ops(OpsRole.CONTENT, merchants=("turkeyf2",))
    written = await notifications.call(
        "POST", "/wps/ops/notifications/merchants/turkeyf2/broadcasts", ops, json={"title": "Bakım", "body": "Yarın"}
    )
    assert written.status_code == 200, written.text
    # mehmet's first frame is the brand's broadcast, not ayse's deposit
    assert (await sockets[mehmet.account_id].frame())["message"]["kind"] == "broadcast"
    await notifications.publish(notifications.deposit_credited(elsewhere, 7_000))
    # the other brand's member heard neither the broadcast nor the deposits of turkeyf2
    assert (await sockets[elsewhere.account_id].frame())["message"]["amount"] == 7_000
    assert [m["kind"] for m in await notifications.inbox(mehmet)] == ["broadcast"]
    assert [m["amount"] for m in await notifications.inbox(elsewhere)] == [7_000]
    ayses = (await notifications.inbox(ayse))[-1]["id"]
    refused = await notifications.call("DELETE", f"/wps/notifications/messages/{ayses}", mehmet.token)
    assert (refused.status_code, refused.json()["errorCode"]) == (404, "message.not_found")
    marked = await notifications.call("POST", "/wps/notifications/messages/read", mehmet.token, json={"ids": [ayses]})
    assert marked.json()["value"] == {"marked": 0}
    assert await notifications.unread(ayse) == 2  # her deposit and the broadcast, untouched by mehmet


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", 1007),
        ('{"type": "resume", "after": -1}', 1007),
        ('{"type": "subscribe", "accountId": "someone-else"}', 1007),
        (b"\x00\x01", 1003),
        ('{"type": "pong", "pad": "' + "x" * 2000 + '"}', 1009),
        ("x" * 5000, 1009),  # over the server's frame limit: refused before it is read whole
    ],
)
async def test_a_malformed_or_oversized_frame_closes_the_socket_with_a_code(
    notifications: Notifications, frame: str | bytes, code: int
) -> None:
    member = await notifications.member()
    socket, _ = await notifications.opened(member)
    await socket.send(frame)
    assert await socket.closed_with() == code
    again, _ = await notifications.opened(member)  # the replica is fine
    await notifications.publish(notifications.deposit_credited(member, 500))
    assert (await again.frame())["message"]["amount"] == 500


async def test_logout_and_a_silent_client_close_the_socket(notifications: Notifications) -> None:
    member = await notifications.member()
    socket, _ = await notifications.opened(member, replica=1)
    store = SessionStore(ValkeyLink(notifications.servers.redis_url))
    try:
        await store.revoke(member.token)  # what auth does on logout and for the other sessions on a password change
    finally:
        await store.valkey.aclose()
    assert await socket.closed_with() == 4401
    assert await refused_at_upgrade(notifications, ["portal.v1", member.token]) == 403
    other = await notifications.member()
    silent, _ = await notifications.opened(other)
    async with asyncio.timeout(10):  # pings are not answered: closed after two heartbeats (1 s each here)
        assert await silent.closed_with() == 4408


async def test_a_killed_replica_drops_its_sockets_and_the_member_resumes_on_another(
    notifications: Notifications, spare_replica: Replica
) -> None:
    member = await notifications.member()
    notifications.replicas.append(spare_replica)
    try:
        doomed, last_seen = await notifications.opened(member, replica=2)
        assert spare_replica.process.process is not None
        spare_replica.process.process.send_signal(signal.SIGKILL)
        assert await doomed.closed_with() is None  # no close frame: the connection just died (1006)
        await notifications.publish(notifications.deposit_credited(member, 4_200))  # while the page reconnects
        await notifications.wait_for_inbox(member, 1)
        back, _ = await notifications.opened(member, replica=0)
        await back.send({"type": "resume", "after": last_seen})
        assert (await back.frame())["message"]["amount"] == 4_200
    finally:
        notifications.replicas.pop()


async def waiting_for_a_brands_turn(database_url: str, timeout: float = 10.0) -> None:
    """Until a statement on the notifications database waits for its brand's turn to write a message."""
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as watcher:
        async with asyncio.timeout(timeout):
            while True:
                waiting = await watcher.execute(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                )
                row = await waiting.fetchone()
                if row is not None and row[0] > 0:
                    return
                await asyncio.sleep(0.02)


async def test_a_message_written_while_an_older_one_is_in_flight_commits_after_it(
    notifications: Notifications,
) -> None:
    member = await notifications.member()
    elsewhere = await notifications.member(merchant="otherbrand")
    socket, _ = await notifications.opened(member)
    async with await psycopg.AsyncConnection.connect(notifications.database_url) as late:
        # another consumer's statement in flight: its message has its id and the brand's turn, its commit is to come
        older = await notifications.stored(late, member, 2_000)
        await notifications.publish(notifications.deposit_credited(member, 3_000))
        # the worker's message waits for the brand's turn: it cannot commit before the older one (and a page that
        # had seen it would never be sent the older, whose id is smaller)
        await waiting_for_a_brands_turn(notifications.database_url)
        assert await notifications.unread(member) == 0
        async with await psycopg.AsyncConnection.connect(notifications.database_url, autocommit=True) as other:
            await asyncio.wait_for(notifications.stored(other, elsewhere, 500), 5)  # another brand does not wait
        await late.commit()
    await notifications.push(pushed(older))  # what that consumer does after its commit
    frames = [(await socket.frame())["message"] for _ in range(2)]
    by_amount = {message["amount"]: message["id"] for message in frames}
    assert by_amount.keys() == {2_000, 3_000}
    assert by_amount[2_000] == older.id < by_amount[3_000]
    await notifications.push(pushed(older))  # the same push heard again: not sent twice
    async with await psycopg.AsyncConnection.connect(notifications.database_url, autocommit=True) as quiet:
        unpushed = await notifications.stored(quiet, member, 4_000)
    # a push without its message (a worker of the previous version, during an update): the socket reads what is new
    await notifications.push(NotificationsPush(kind="inbox", merchant=member.merchant, accountId=member.account_id))
    assert (await socket.frame())["message"]["id"] == unpushed.id
    await notifications.publish(notifications.lottery_settled(member, win=900))
    assert (await socket.frame())["type"] == "balance"  # and nothing came twice before it


async def test_a_replica_whose_nats_connection_comes_back_sends_what_it_missed(
    notifications: Notifications, nats_server_factory: Callable[[], ManagedProcess]
) -> None:
    server = nats_server_factory()
    process = replica_process(
        notifications.servers, notifications.database_url, "notifications-cut", f"nats://127.0.0.1:{server.port}",
        heartbeat=30,
    )  # fmt: skip
    process.start()
    notifications.replicas.append(Replica(process))
    try:
        process.wait_ready(60)
        member = await notifications.member()
        socket, _ = await notifications.opened(member, replica=2)
        server.stop()  # the replica's NATS is gone: pushes published now never reach it
        async with await psycopg.AsyncConnection.connect(notifications.database_url, autocommit=True) as writer:
            missed = await notifications.stored(writer, member, 8_800)
        server.start()
        server.wait_ready(30)
        arrived = (await socket.frame(timeout=20))["message"]
        assert (arrived["id"], arrived["amount"]) == (missed.id, 8_800)
    finally:
        notifications.replicas.pop()
        process.stop()
