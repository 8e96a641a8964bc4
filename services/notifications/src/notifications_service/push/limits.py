"""How many sockets a session, an account and a process may hold (``NOTIFICATIONS_SOCKETS_PER_SESSION``,
``NOTIFICATIONS_SOCKETS_PER_ACCOUNT``, ``NOTIFICATIONS_MAX_SOCKETS``). Past a limit the oldest socket gives way:
the newest is the tab the member is looking at, an old one is more often a tab forgotten, or one of a script's.

An account's sockets may sit on any replica, so their register is in Valkey: one sorted set per account
(``notifications:sockets:<brand>:<accountId>``), each entry ``<opened, µs>:<session>:<socket>`` scored with the
end of its lease. One script admits a socket: it drops the entries whose lease ran out, adds the new one, and
keeps, newest first, at most the session's limit of each session and the account's limit in all, answering those
that gave way. Being one script, sockets opened at once on several replicas are counted one after the other, and
the times are the server's (one clock for every replica). Each process renews the leases of its sockets at every
heartbeat, and closes a socket whose entry is gone (a push that never reached it); the entries of a process that
died run out after ``LEASE_HEARTBEATS`` heartbeats. A process's own cap is counted in the process: it is what its
memory holds."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from notifications_service.inbox.domain import Reader
from portal_kit.valkey_link import ValkeyLink, as_int

LEASE_HEARTBEATS = 3
RENEWED_AT_ONCE = 500  # entries renewed by one script run (Valkey serves nobody else while it runs)

# KEYS[1]: the account's sockets. ARGV: 1 the socket, 2 its session, 3 sockets a session may hold, 4 an account,
# 5 the lease (µs). Answers the new entry, then the entries that gave way.
ADMIT = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local lease = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local mine = string.format('%016d:%s:%s', now, ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[1], now + lease, mine)
local held = redis.call('ZRANGE', KEYS[1], 0, -1)
table.sort(held)
local per_session, per_account = tonumber(ARGV[3]), tonumber(ARGV[4])
local in_session, kept, answer = {}, 0, {mine}
for i = #held, 1, -1 do
  local session = string.match(held[i], '^%d+:([^:]+):')
  local count = (in_session[session] or 0) + 1
  if count > per_session or kept >= per_account then
    answer[#answer + 1] = held[i]
  else
    in_session[session] = count
    kept = kept + 1
  end
end
if #answer > 1 then redis.call('ZREM', KEYS[1], unpack(answer, 2)) end
redis.call('PEXPIRE', KEYS[1], math.ceil(lease / 1000))
return answer
"""

# KEYS: accounts' sockets. ARGV: 1 the lease (µs), then the entry in each key. Answers the positions (from 1) of
# the entries that are gone.
RENEW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local lease = tonumber(ARGV[1])
local gone = {}
for i, key in ipairs(KEYS) do
  if redis.call('ZSCORE', key, ARGV[i + 1]) then
    redis.call('ZADD', key, now + lease, ARGV[i + 1])
    redis.call('PEXPIRE', key, math.ceil(lease / 1000))
  else
    gone[#gone + 1] = i
  end
end
return gone
"""


def session_tag(token_key: str) -> str:
    """A session's name among its account's sockets (not its key: that is not needed here)."""
    return hashlib.sha256(token_key.encode()).hexdigest()[:16]


def socket_of(entry: str) -> str:
    """The socket id of an entry."""
    return entry.rsplit(":", 1)[-1]


def sockets_key(reader: Reader) -> str:
    return f"notifications:sockets:{reader.merchant}:{reader.account_id}"


@dataclass(frozen=True)
class Admitted:
    entry: str  # the new socket's entry, to renew and release
    gave_way: list[str]  # the ids of the account's sockets that gave way to it


class AccountSockets:
    """The register of every account's sockets, shared by the replicas."""

    def __init__(self, valkey: ValkeyLink, per_session: int, per_account: int, lease_seconds: float) -> None:
        self.valkey = valkey
        self.per_session = per_session
        self.per_account = per_account
        self.lease_us = round(lease_seconds * 1_000_000)
        self._admit = valkey.script(ADMIT)
        self._renew = valkey.script(RENEW)

    async def admit(self, reader: Reader, session: str, socket_id: str) -> Admitted:
        answer = await self._admit(
            keys=[sockets_key(reader)], args=[socket_id, session, self.per_session, self.per_account, self.lease_us]
        )
        assert isinstance(answer, list)
        entries = [str(entry) for entry in answer]
        return Admitted(entries[0], [socket_of(entry) for entry in entries[1:]])

    async def renew(self, held: Sequence[tuple[Reader, str]]) -> list[int]:
        """Renew the leases of ``held`` (each socket's reader and entry); the positions in it of the entries gone."""
        gone: list[int] = []
        for start in range(0, len(held), RENEWED_AT_ONCE):
            chunk = held[start : start + RENEWED_AT_ONCE]
            answer = await self._renew(
                keys=[sockets_key(reader) for reader, _ in chunk], args=[self.lease_us, *(entry for _, entry in chunk)]
            )
            assert isinstance(answer, list)
            gone += [start + as_int(position) - 1 for position in answer]
        return gone

    async def release(self, reader: Reader, entry: str) -> None:
        await self.valkey.execute("ZREM", sockets_key(reader), entry)
