"""Who may do what on NATS and Valkey. Every service connects as its own user; an administrator user is for the
developer's tools and the tests. A client without a password is refused by both servers.

NATS: a service's rights follow from ``proto/registry.yaml`` (``EVENT_ROUTES`` and ``RPC_ROUTES`` in
``portal_events``). It publishes only its own events (``<service>.>``) and the request/reply subjects it is a
listed caller of, and it answers only the subjects it is the responder of. It reads replies only on its own
inbox (``_INBOX_<service>``, see ``portal_kit.messaging.relay.inbox_prefix``). In JetStream it manages only
its own stream, the streams it consumes and ``DEADLETTER``; it may create, look up, pull and acknowledge only its
own durable consumers (``DURABLES``: ``<service>__<handler>`` on the stream of the event it consumes), none of
another service's, and it parks messages only under its own prefix (``deadletter.<service>.>``). A fan-out prefix
(``PUSH_ROUTES``, core NATS, no stream) is published by its publisher alone and heard by its subscribers alone. So
no process but the wallet answers ``rpc.wallet.*``, and only the callers the registry names may ask for a debit or a
credit.

Valkey: each service owns the keys under its prefixes (``VALKEY_KEYS``). Sessions are written by auth alone;
every other service may only read them and listen to ``sessions:changed``. The keys of sealed (E) bodies
(``rsa:*``) are made and rotated by auth alone, which hands them out; the other services that open sealed bodies
(``SEALED_BODY_READERS``) may only read them, the rest not even that. Each service claims the nonces of the sealed
bodies it opens under its own prefix (``<service>:payload-nonce:*``, ``portal_kit.encryption``). No service may
run the dangerous commands (``FLUSHALL``, ``KEYS``, ``CONFIG``, ``ACL``, ``MONITOR``, ...) nor list key names
(``SCAN``, ``RANDOMKEY``): a key name can say whose counters and codes exist, so none may list another's, nor
its own.

The local stack (``portal_stack.supervisor``) and ``deploy/`` both render their server configuration from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from portal_events import EVENT_ROUTES, PUSH_ROUTES, RPC_ROUTES
from portal_kit.messaging.consumer import DEADLETTER_PREFIX, DEADLETTER_STREAM
from portal_kit.messaging.events import stream_name
from portal_kit.servers import NatsUser
from portal_stack.services import SERVICES

ADMIN = "admin"
USERS = (ADMIN, *(service.name for service in SERVICES))  # every user the portal's servers know
Routes = Mapping[str, tuple[str, tuple[str, ...]]]

# Each service's durable consumers, ``<service>__<handler>``, by handler and the event subject it consumes: a NATS
# consumer name is one token of the JetStream API's subjects, so a service's rights can name its consumers only one
# by one. The workers' subscriptions must register exactly these (tools/stack/tests/test_access.py checks them).
DURABLES: dict[str, dict[str, str]] = {
    "auth": {"count_registration": "auth.member.registered.v1"},
    "wallet": {
        "count_deposit": "wallet.deposit.credited.v1",
        "count_withdrawal": "wallet.withdrawal.paid.v1",
        "open_wallets": "auth.member.registered.v1",
    },
    "games": {
        "count_game_bet": "games.bet.settled.v1",
        "count_lottery_bet": "lottery.bet.settled.v1",
        "record_lottery_bet": "lottery.bet.settled.v1",
    },
    "notifications": {
        "bonus_released": "points.bonus.released.v1",
        "deposit_credited": "wallet.deposit.credited.v1",
        "deposit_failed": "wallet.deposit.failed.v1",
        "lottery_win": "lottery.bet.settled.v1",
        "mission_claimed": "points.mission.claimed.v1",
        "mission_completed": "points.mission.completed.v1",
        "points_converted": "points.conversion.paid.v1",
        "withdrawal_approved": "wallet.withdrawal.approved.v1",
        "withdrawal_paid": "wallet.withdrawal.paid.v1",
        "withdrawal_rejected": "wallet.withdrawal.rejected.v1",
    },
    "points": {
        "bonus_forfeited": "wallet.bonus.forfeited.v1",
        "deposit": "wallet.deposit.credited.v1",
        "game_bet": "games.bet.settled.v1",
        "lottery_bet": "lottery.bet.settled.v1",
        "registered": "auth.member.registered.v1",
    },
    "agent-contracts": {
        "deposit_credited": "wallet.deposit.credited.v1",
        "games_bet_settled": "games.bet.settled.v1",
        "lottery_bet_settled": "lottery.bet.settled.v1",
        "member_registered": "auth.member.registered.v1",
        "withdrawal_paid": "wallet.withdrawal.paid.v1",
    },
}
Durables = Mapping[str, Mapping[str, str]]


def durables(service: str, events: Routes = EVENT_ROUTES, table: Durables = DURABLES) -> list[tuple[str, str]]:
    """``service``'s durable consumers as (stream, name); each must consume an event the registry gives it."""
    found = []
    for handler, subject in sorted(table.get(service, {}).items()):
        producer, consumers = events.get(subject, ("", ()))
        if service not in consumers:
            raise ValueError(f"{service}__{handler} consumes {subject}, which the registry does not give {service}")
        found.append((stream_name(producer), f"{service}__{handler}"))
    return found


def consumer_rights(stream: str, durable: str) -> list[str]:
    """What a service publishes to create (each form nats-py and the server know), look up, pull and acknowledge its
    durable consumer ``durable`` of ``stream``: that consumer's subjects only."""
    return [
        f"$JS.API.CONSUMER.CREATE.{stream}.{durable}",
        f"$JS.API.CONSUMER.CREATE.{stream}.{durable}.>",  # with its filter subject
        f"$JS.API.CONSUMER.DURABLE.CREATE.{stream}.{durable}",
        f"$JS.API.CONSUMER.INFO.{stream}.{durable}",
        f"$JS.API.CONSUMER.MSG.NEXT.{stream}.{durable}",
        f"$JS.ACK.{stream}.{durable}.>",
    ]


SESSION_OWNER = "auth"
SESSION_KEYS = "session:*"
SESSION_CHANNEL = "sessions:changed"
PAYLOAD_KEY_OWNER = "auth"  # hands out the public key of sealed bodies, so makes and rotates the key pairs
PAYLOAD_KEYS = "rsa:*"
SEALED_BODY_READERS = ("wallet", "points")  # the other services with (E) calls: they read the keys to open the bodies
# Listing key names: KEYS is among the dangerous commands already, these are not.
LISTING_COMMANDS = ("scan", "randomkey")
VALKEY_KEYS: dict[str, tuple[str, ...]] = {
    "site": ("site:*",),
    "auth": ("auth:*", "captcha:*", "botcheck:*", "bind:*", SESSION_KEYS, "account-sessions:*"),
    "wallet": ("wallet:*",),
    "games": ("games:*",),
    "lottery": ("lottery:*",),
    "notifications": ("notifications:*",),
    "agent-contracts": ("agent-contracts:*",),
    "points": ("points:*",),
}


def nats_user(
    service: str,
    password: str,
    events: Routes = EVENT_ROUTES,
    rpc: Routes = RPC_ROUTES,
    pushes: Routes = PUSH_ROUTES,
    table: Durables = DURABLES,
) -> NatsUser:
    produces = any(producer == service for producer, _ in events.values())
    consumed = sorted({subject for subject, (_, consumers) in events.items() if service in consumers})
    consumed_streams = sorted({stream_name(events[subject][0]) for subject in consumed})
    streams = sorted({DEADLETTER_STREAM, *consumed_streams, *([stream_name(service)] if produces else [])})
    calls = sorted(subject for subject, (_, callers) in rpc.items() if service in callers)
    answers = sorted(subject for subject, (responder, _) in rpc.items() if responder == service)
    pushed = sorted(f"{prefix}.>" for prefix, (publisher, _) in pushes.items() if publisher == service)
    heard = sorted(f"{prefix}.>" for prefix, (_, listeners) in pushes.items() if service in listeners)
    publish = [
        *([f"{service}.>"] if produces else []),
        f"{DEADLETTER_PREFIX}.{service}.>",
        *calls,
        *pushed,
        "$JS.API.INFO",
        *(f"$JS.API.STREAM.{verb}.{stream}" for stream in streams for verb in ("INFO", "CREATE", "UPDATE")),
        *(right for stream, durable in durables(service, events, table) for right in consumer_rights(stream, durable)),
    ]
    subscribe = [f"_INBOX_{service}.>", *answers, *consumed, *heard]
    return NatsUser(service, password, tuple(publish), tuple(subscribe), allow_responses=bool(answers))


def nats_users(passwords: Mapping[str, str], services: Iterable[str]) -> list[NatsUser]:
    """The administrator (every right) and one user per service; ``passwords`` by user name."""
    return [NatsUser(ADMIN, passwords[ADMIN]), *(nats_user(name, passwords[name]) for name in services)]


def valkey_rules(service: str) -> str:
    """The ACL rules of ``service``'s user, without its password."""
    keys = [*VALKEY_KEYS.get(service, ()), *([PAYLOAD_KEYS] if service == PAYLOAD_KEY_OWNER else [])]
    rules = ["resetkeys", "resetchannels", *(f"~{pattern}" for pattern in keys)]
    if service != SESSION_OWNER:
        rules.append(f"%R~{SESSION_KEYS}")
    if service in SEALED_BODY_READERS:
        rules.append(f"%R~{PAYLOAD_KEYS}")
    rules += [f"&{SESSION_CHANNEL}", "+@all", "-@dangerous", *(f"-{command}" for command in LISTING_COMMANDS)]
    if service != SESSION_OWNER:
        rules += ["-publish", "-spublish"]  # only auth announces the end of a session
    return " ".join(rules)


def valkey_users(passwords: Mapping[str, str], services: Iterable[str]) -> list[str]:
    """ACL ``user`` rules: the administrator and one user per service; ``passwords`` by user name."""
    admin = f"{ADMIN} on >{passwords[ADMIN]} ~* &* +@all"
    return [admin, *(f"{name} on >{passwords[name]} {valkey_rules(name)}" for name in services)]
