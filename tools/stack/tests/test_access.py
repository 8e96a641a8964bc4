"""NATS and Valkey started with the users the portal runs with (``portal_stack.access``): a client without the
right password, or a service outside its rights, is refused by the server itself."""

from __future__ import annotations

import asyncio
import importlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nats
import pytest
import pytest_asyncio
from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from nats.errors import NoServersError
from redis.asyncio import Redis
from redis.exceptions import AuthenticationError, NoPermissionError, ResponseError

from portal_kit.db import Database
from portal_kit.encryption import PayloadKeys
from portal_kit.messaging.consumer import PortalBroker
from portal_kit.messaging.relay import inbox_prefix
from portal_kit.servers import ManagedProcess, free_ports, nats_authorization, nats_process, valkey_process
from portal_kit.settings import ServiceSettings
from portal_kit.valkey_link import ValkeyLink
from portal_stack.access import ADMIN, durables, nats_user, nats_users, valkey_users
from portal_stack.services import SERVICES as STACK_SERVICES
from portal_stack.services import ServiceSpec as StackService

SERVICES = tuple(service.name for service in STACK_SERVICES)
PAYLOAD_SECRET = secrets.token_urlsafe(16)


@dataclass
class Servers:
    nats_port: int
    valkey_port: int
    passwords: dict[str, str]

    def nats_url(self, user: str | None) -> str:
        credentials = f"{user}:{self.passwords[user]}@" if user else ""
        return f"nats://{credentials}127.0.0.1:{self.nats_port}"

    def redis_url(self, user: str | None) -> str:
        credentials = f"{user}:{self.passwords[user]}@" if user else ""
        return f"redis://{credentials}127.0.0.1:{self.valkey_port}/0"

    def redis(self, user: str | None) -> Redis:
        return Redis.from_url(self.redis_url(user), decode_responses=True)


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    root: Path = tmp_path_factory.mktemp("access")
    passwords = {name: secrets.token_urlsafe(16) for name in (ADMIN, *SERVICES)}
    users = nats_users(passwords, SERVICES)
    nats_port, valkey_port = free_ports(2)
    processes: list[ManagedProcess] = [
        nats_process(
            nats_port, root / "nats", root / "nats.log", sync_always=False, authorization=nats_authorization(users)
        ),
        valkey_process(
            valkey_port, root / "valkey", root / "valkey.log", persist=False, users=valkey_users(passwords, SERVICES)
        ),
    ]
    try:
        for process in processes:
            process.start()
        for process in processes:
            process.wait_ready(30)
        yield Servers(nats_port, valkey_port, passwords)
    finally:
        for process in processes:
            process.stop()


class Client:
    """A NATS connection that keeps the errors the server sends it (permission violations among them)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.nc: NATS | None = None

    async def connect(self, url: str) -> NATS:
        async def on_error(error: Exception) -> None:
            self.errors.append(str(error))

        self.nc = await nats.connect(
            url, error_cb=on_error, allow_reconnect=False, max_reconnect_attempts=0, inbox_prefix=inbox_prefix(url)
        )
        return self.nc

    async def violation(self, subject: str, kind: str = "publish") -> bool:
        """Whether the server refused to let this client ``kind`` (publish, subscription) ``subject``."""
        for _ in range(50):
            # nats-py lower-cases the server's message.
            if any(f'permissions violation for {kind} to "{subject.lower()}"' in error for error in self.errors):
                return True
            await asyncio.sleep(0.02)
        return False


Connect = Callable[[str], Awaitable[tuple[NATS, Client]]]


@pytest_asyncio.fixture
async def connect() -> AsyncIterator[Connect]:
    clients: list[Client] = []

    async def open_as(url: str) -> tuple[NATS, Client]:
        client = Client()
        clients.append(client)
        return await client.connect(url), client

    yield open_as
    for client in clients:
        if client.nc is not None and not client.nc.is_closed:
            await client.nc.close()


async def answer_credits(nc: NATS) -> list[bytes]:
    """Answer ``rpc.wallet.credit`` as the wallet does; returns the requests that reached it."""
    seen: list[bytes] = []

    async def respond(msg: Msg) -> None:
        seen.append(msg.data)
        await msg.respond(b'{"success":true}')

    await nc.subscribe("rpc.wallet.credit", queue="wallet", cb=respond)
    await nc.flush()
    return seen


async def test_nats_refuses_a_client_without_a_password_or_with_a_wrong_one(servers: Servers) -> None:
    for url in (servers.nats_url(None), f"nats://wallet:{secrets.token_urlsafe(16)}@127.0.0.1:{servers.nats_port}"):
        with pytest.raises((NoServersError, nats.errors.Error, OSError)):
            await nats.connect(url, allow_reconnect=False, max_reconnect_attempts=0, connect_timeout=2)


async def test_only_the_callers_the_registry_names_reach_the_wallet_credit(servers: Servers, connect: Connect) -> None:
    wallet, _ = await connect(servers.nats_url("wallet"))
    seen = await answer_credits(wallet)
    for intruder in ("site", "auth"):
        nc, client = await connect(servers.nats_url(intruder))
        with pytest.raises(nats.errors.TimeoutError):
            await nc.request("rpc.wallet.credit", b'{"amount":100}', timeout=0.5)
        assert await client.violation("rpc.wallet.credit"), intruder
    assert seen == [], "a request from a service that may not credit reached the wallet"

    games, _ = await connect(servers.nats_url("games"))
    reply = await games.request("rpc.wallet.credit", b'{"amount":100}', timeout=2)
    assert reply.data == b'{"success":true}'
    assert seen == [b'{"amount":100}']


async def test_no_service_but_the_wallet_may_answer_its_calls_or_read_its_replies(
    servers: Servers, connect: Connect
) -> None:
    site, client = await connect(servers.nats_url("site"))
    await site.subscribe("rpc.wallet.credit", queue="wallet")
    await site.subscribe("_INBOX_games.>")
    await site.subscribe("_INBOX.>")
    await site.flush()
    for subject in ("rpc.wallet.credit", "_INBOX_games.>", "_INBOX.>"):
        assert await client.violation(subject, kind="subscription"), subject


async def test_a_service_publishes_only_its_own_events(servers: Servers, connect: Connect) -> None:
    admin, _ = await connect(servers.nats_url(ADMIN))
    heard: list[str] = []

    async def listen(msg: Msg) -> None:
        heard.append(msg.subject)

    await admin.subscribe(">", cb=listen)
    await admin.flush()
    site, client = await connect(servers.nats_url("site"))
    await site.publish("wallet.deposit.credited.v1", b"{}")
    await site.publish("site.config.changed.v1", b"{}")
    await site.flush()
    assert await client.violation("wallet.deposit.credited.v1")
    for _ in range(50):
        if "site.config.changed.v1" in heard:
            break
        await asyncio.sleep(0.02)
    assert "site.config.changed.v1" in heard
    assert "wallet.deposit.credited.v1" not in heard


async def only_the_owner_says_and_hears(
    servers: Servers, connect: Connect, subject: str, owner: str, *, intruder: str, eavesdropper: str, overheard: str
) -> None:
    """``intruder`` may not publish on ``subject`` nor ``eavesdropper`` subscribe to ``overheard``; one process of
    ``owner`` hears exactly what another process of ``owner`` says there."""
    listener, _ = await connect(servers.nats_url(owner))
    heard: list[bytes] = []

    async def listen(msg: Msg) -> None:
        heard.append(msg.data)

    await listener.subscribe(subject, queue="owner", cb=listen)
    await listener.flush()
    outsider, refused = await connect(servers.nats_url(intruder))
    await outsider.publish(subject, f"from {intruder}".encode())
    await outsider.flush()
    assert await refused.violation(subject)
    listening_in, watched = await connect(servers.nats_url(eavesdropper))
    await listening_in.subscribe(overheard, cb=listen)
    await listening_in.flush()
    assert await watched.violation(overheard, kind="subscription")
    speaker, _ = await connect(servers.nats_url(owner))
    await speaker.publish(subject, f"from {owner}".encode())
    await speaker.flush()
    for _ in range(50):
        if heard:
            break
        await asyncio.sleep(0.02)
    assert heard == [f"from {owner}".encode()]


async def test_only_notifications_publishes_and_hears_the_socket_pushes(servers: Servers, connect: Connect) -> None:
    """A member's push (``push.notifications.<brand>.member.<id>``) carries the message their sockets send as it is:
    no other service may forge one (its text would reach the member's page), nor listen to whose money moved."""
    await only_the_owner_says_and_hears(
        servers, connect, "push.notifications.turkeyf2.member.9f8e7d6c", "notifications",
        intruder="wallet", eavesdropper="auth", overheard="push.notifications.>",
    )  # fmt: skip


async def test_valkey_refuses_a_client_without_a_password(servers: Servers) -> None:
    anonymous = servers.redis(None)
    try:
        with pytest.raises((AuthenticationError, ResponseError)):
            await anonymous.get("session:any")
    finally:
        await anonymous.aclose()


async def test_only_auth_writes_sessions_and_each_service_keeps_to_its_keys(servers: Servers) -> None:
    auth, wallet, site = servers.redis("auth"), servers.redis("wallet"), servers.redis("site")
    try:
        await auth.set("session:abc", '{"role":"member"}')
        await auth.publish("sessions:changed", "session:abc")
        assert await wallet.get("session:abc") == '{"role":"member"}'
        with pytest.raises(NoPermissionError):
            await wallet.set("session:minted", '{"role":"ops","merchant":"*"}')
        with pytest.raises(NoPermissionError):
            await site.delete("session:abc")
        with pytest.raises(NoPermissionError):
            await wallet.publish("sessions:changed", "session:abc")
        await wallet.set("wallet:deposit-requests:x", "1")
        with pytest.raises(NoPermissionError):
            await wallet.get("auth:login-fail:turkeyf2:someone")
        with pytest.raises(NoPermissionError):
            await site.set("wallet:deposit-requests:x", "0")
        with pytest.raises(NoPermissionError):
            await site.flushall()
    finally:
        for client in (auth, wallet, site):
            await client.aclose()


@pytest.mark.parametrize(("service", "other"), [("games", "lottery"), ("lottery", "games")])
async def test_games_and_lottery_keep_to_their_own_keys_and_only_read_the_sessions(
    servers: Servers, service: str, other: str
) -> None:
    """Games and lottery cache their lists under their own prefix; they read sessions (every call checks one) and
    hear their end, but write no session, no sealed body's key or nonce, and touch no other service's keys."""
    admin, client = servers.redis(ADMIN), servers.redis(service)
    try:
        await admin.set("session:abc", '{"role":"member"}')
        await admin.set("rsa:current", "key-1")
        await client.set(f"{service}:cache:turkeyf2", "[]", ex=60)
        assert await client.get(f"{service}:cache:turkeyf2") == "[]"
        assert await client.get("session:abc") == '{"role":"member"}'
        async with client.pubsub() as heard:
            await heard.subscribe("sessions:changed")  # a session's end reaches its cache
        forbidden = [
            ("SET", "session:minted", '{"role":"ops","merchant":"*"}'), ("DEL", "session:abc"),
            ("PUBLISH", "sessions:changed", "session:abc"),
            ("SET", "rsa:current", "forged"), ("GET", "rsa:current"), ("SET", "payload-nonce:n1", "1"),
            ("SET", "auth:payload-nonce:n1", "1"), ("SET", f"{other}:cache:turkeyf2", "forged"),
            ("GET", f"{other}:cache:turkeyf2"),
            *((verb, key) for key in ("wallet:deposit-requests:x", "auth:login-fail:turkeyf2:x", "site:cache:turkeyf2",
                                      "notifications:sockets:turkeyf2:x") for verb in ("GET", "DEL")),
            ("FLUSHALL",), ("CONFIG", "GET", "*"),
        ]  # fmt: skip
        for command in forbidden:
            with pytest.raises(NoPermissionError):
                await client.execute_command(*command)
        for command in (("SCAN", 0), ("KEYS", "*"), ("RANDOMKEY",)):
            with pytest.raises(NoPermissionError):
                await client.execute_command(*command)
        assert await admin.get("session:abc") == '{"role":"member"}'
        assert await admin.get("rsa:current") == "key-1"
    finally:
        for redis in (admin, client):
            await redis.aclose()


async def test_no_service_lists_the_key_names(servers: Servers) -> None:
    """Key names say whose codes, counters and sessions exist: no service may list them, not even its own, nor
    through a script."""
    admin = servers.redis(ADMIN)
    try:
        await admin.set("auth:sms-day:turkeyf2:0f3a9c", "1")
        for service in SERVICES:
            client = servers.redis(service)
            try:
                for command in (("SCAN", 0), ("KEYS", "*"), ("RANDOMKEY",)):
                    with pytest.raises(NoPermissionError):
                        await client.execute_command(*command)
                with pytest.raises(ResponseError, match=r"(?i)no permissions to run the 'scan' command"):
                    await client.eval("return redis.call('SCAN', '0')", 0)  # type: ignore[misc]
            finally:
                await client.aclose()
    finally:
        await admin.aclose()


async def test_only_auth_writes_the_payload_keys_and_only_services_that_open_sealed_bodies_read_them(
    servers: Servers,
) -> None:
    """Whoever writes ``rsa:current`` chooses the key every (E) body is sealed to; a service that opens no sealed
    body has no reason to read the keys at all."""
    auth_link, wallet_link = ValkeyLink(servers.redis_url("auth")), ValkeyLink(servers.redis_url("wallet"))
    wallet, site = servers.redis("wallet"), servers.redis("site")
    try:
        key_id, _ = await PayloadKeys(auth_link, PAYLOAD_SECRET, "auth").current()
        assert await PayloadKeys(wallet_link, PAYLOAD_SECRET, "wallet").private_key(key_id) is not None
        for who, name in (wallet, "rsa:current"), (wallet, f"rsa:key:{key_id}"), (site, "rsa:current"):
            with pytest.raises(NoPermissionError):
                await who.set(name, "forged")
        with pytest.raises(NoPermissionError):
            await wallet.delete("rsa:current")
        with pytest.raises(NoPermissionError):
            await site.get(f"rsa:key:{key_id}")
        assert await wallet.get("rsa:current") == key_id
    finally:
        for link in (auth_link, wallet_link):
            await link.aclose()
        for client in (wallet, site):
            await client.aclose()


async def test_each_service_claims_the_nonces_of_sealed_bodies_under_its_own_prefix(servers: Servers) -> None:
    """A sealed body is bound to its call's method and path, which one service serves: a nonce set per service
    refuses every replay a shared one did, and no service can spend (or read) another's nonces."""
    admin, wallet = servers.redis(ADMIN), servers.redis("wallet")
    links = {service: ValkeyLink(servers.redis_url(service)) for service in ("auth", "wallet")}
    try:
        key_id, _ = await PayloadKeys(links["auth"], PAYLOAD_SECRET, "auth").current()
        for service, link in links.items():
            nonce = secrets.token_urlsafe(16)
            await PayloadKeys(link, PAYLOAD_SECRET, service).claim(key_id, nonce)
            assert await admin.exists(f"{service}:payload-nonce:{nonce}") == 1
            assert await admin.exists(f"payload-nonce:{nonce}") == 0
        for elsewhere in ("payload-nonce:shared", "auth:payload-nonce:auths"):
            with pytest.raises(NoPermissionError):
                await wallet.set(elsewhere, "1", nx=True)
    finally:
        for link in links.values():
            await link.aclose()
        for client in (admin, wallet):
            await client.aclose()


def registered_durables(service: StackService, monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """The (stream, durable) of every consumer ``service``'s worker registers, as its worker builds them."""
    monkeypatch.setenv("ENVIRONMENT", "test")
    worker_module = importlib.import_module(f"{service.package}.worker")
    settings_module = importlib.import_module(f"{service.package}.settings")
    [settings_class] = [
        value
        for value in vars(settings_module).values()
        if isinstance(value, type)
        and issubclass(value, ServiceSettings)
        and value.__module__ == settings_module.__name__
    ]
    build = getattr(worker_module, "build_worker", None)
    subscriptions = build(settings_class()).subscriptions if build is not None else ()
    broker = PortalBroker("nats://127.0.0.1:1", name="recording")  # never started: it only records the consumers
    for register in subscriptions:
        register(broker, Database("postgresql://127.0.0.1:1/none"))
    return {(consumer.stream, consumer.durable) for consumer in broker._consumers}


@pytest.mark.parametrize("service", STACK_SERVICES, ids=lambda service: service.name)
def test_each_service_may_use_exactly_the_durables_its_worker_registers(
    service: StackService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A service's NATS rights name its consumers one by one (``DURABLES``): a handler added, renamed or removed in
    a worker must be so in the table too, or the worker is refused its own consumer (or keeps a right it never uses)."""
    assert set(durables(service.name)) == registered_durables(service, monkeypatch)


def test_a_service_is_given_rights_only_on_its_own_durables() -> None:
    user = nats_user("points", "secret")
    publish = user.publish or ()
    consumer_rights = [right for right in publish if right.startswith(("$JS.API.CONSUMER.", "$JS.ACK."))]
    assert consumer_rights, "points consumes events"
    assert all(".points__" in right for right in consumer_rights), consumer_rights
    assert "$JS.ACK.WALLET.points__deposit.>" in publish
    assert "$JS.ACK.WALLET.>" not in publish and "$JS.API.CONSUMER.MSG.NEXT.WALLET.>" not in publish
    assert "deadletter.points.>" in publish and "deadletter.>" not in publish
    with pytest.raises(ValueError, match="registry does not give"):
        durables("points", table={"points": {"stolen": "wallet.withdrawal.paid.v1"}})
