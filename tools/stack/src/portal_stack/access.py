"""Who may do what on NATS and Valkey. Every service connects as its own user; an administrator user is for the
developer's tools and the tests. A client without a password is refused by both servers.

NATS: a service's rights follow from ``proto/registry.yaml`` (``EVENT_ROUTES`` and ``RPC_ROUTES`` in
``portal_events``). It publishes only its own events (``<service>.>``) and the request/reply subjects it is a
listed caller of, and it answers only the subjects it is the responder of. It reads replies only on its own
inbox (``_INBOX_<service>``, see ``portal_kit.messaging.relay.inbox_prefix``). In JetStream it manages only
its own stream, the streams it consumes and ``DEADLETTER``. A fan-out prefix (``PUSH_ROUTES``, core NATS, no
stream) is published by its publisher alone and heard by its subscribers alone. So no process but the wallet answers
``rpc.wallet.*``, and only the callers the registry names may ask for a debit or a credit.

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
    service: str, password: str, events: Routes = EVENT_ROUTES, rpc: Routes = RPC_ROUTES, pushes: Routes = PUSH_ROUTES
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
        f"{DEADLETTER_PREFIX}.>",
        *calls,
        *pushed,
        "$JS.API.INFO",
        *(f"$JS.API.STREAM.{verb}.{stream}" for stream in streams for verb in ("INFO", "CREATE", "UPDATE")),
        *(
            f"$JS.API.CONSUMER.{verb}.{stream}.>"
            for stream in consumed_streams
            for verb in ("CREATE", "DURABLE.CREATE", "INFO", "MSG.NEXT")
        ),
        *(f"$JS.ACK.{stream}.>" for stream in consumed_streams),
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
