"""How many sockets a session, an account and a process may hold (``NOTIFICATIONS_SOCKETS_PER_SESSION``,
``NOTIFICATIONS_SOCKETS_PER_ACCOUNT``, ``NOTIFICATIONS_MAX_SOCKETS``). Past a limit the oldest socket gives way:
the newest is the tab the member is looking at, an old one is more often a tab forgotten, or one of a script's.

An account's sockets may sit on any replica, so their register is in Valkey: one sorted set per account
(``notifications:sockets:<brand>:<accountId>``), each entry ``<opened, µs>:<session>:<socket>`` scored with the
end of its lease. One script admits a socket: it drops the entries whose lease ran out, adds the new one, and
keeps, newest first, at most the session's limit of each session and the account's limit in all, answering those
that gave way. Being one script, sockets opened at once on several replicas are counted one after the other, and
the times are the server's (one clock for every replica). The process holding a socket that gave way closes it
(``4409``), told by the admitting one.

Each process renews the leases of its sockets at every heartbeat. A lease may run out while its socket is alive
(Valkey restarted or out of reach for ``LEASE_HEARTBEATS`` heartbeats, the process stalled), and an entry that is
gone is then no sign that a newer socket took its place. So the script that makes entries give way also leaves a
tombstone of each for ``TOMBSTONE_LEASES`` leases (``notifications:sockets-gave-way:<brand>:<accountId>``, scored
with its end), in the same run: a renewal closes as superseded only a socket whose entry has a tombstone (its
close never arrived: a push lost on the way), and puts back any other that is gone, under the same rule (the
oldest give way past a limit, with tombstones). The entries of a process that died run out with their leases.
A process's own cap is counted in the process: it is what its memory holds."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from redis.asyncio import Redis

from notifications_service.inbox.domain import Reader
from portal_kit.valkey_link import as_int

LEASE_HEARTBEATS = 3
TOMBSTONE_LEASES = 2  # a renewal late by up to a lease still finds why its entry is gone
RENEWED_AT_ONCE = 500  # entries renewed by one script run (Valkey serves nobody else while it runs)

# The rule, shared by both scripts: of the account's entries (KEYS sockets), keep newest first at most the
# session's limit of each session and the account's limit in all; the others give way, each leaving a tombstone
# (in KEYS gone) scored with its end. Answers the entries that gave way.
_GIVE_WAY = """
local function give_way(sockets, gone, per_session, per_account, tombstone_until)
  local held = redis.call('ZRANGE', sockets, 0, -1)
  table.sort(held)
  local in_session, kept, gave_way = {}, 0, {}
  for i = #held, 1, -1 do
    local session = string.match(held[i], '^%d+:([^:]+):')
    local count = (in_session[session] or 0) + 1
    if count > per_session or kept >= per_account then
      gave_way[#gave_way + 1] = held[i]
    else
      in_session[session] = count
      kept = kept + 1
    end
  end
  if #gave_way > 0 then
    redis.call('ZREM', sockets, unpack(gave_way))
    local tombstones = {}
    for _, entry in ipairs(gave_way) do
      tombstones[#tombstones + 1] = tombstone_until
      tombstones[#tombstones + 1] = entry
    end
    redis.call('ZADD', gone, unpack(tombstones))
  end
  return gave_way
end
local function expire(sockets, gone, lease, tombstone)
  redis.call('PEXPIRE', sockets, math.ceil(lease / 1000))
  if redis.call('EXISTS', gone) == 1 then redis.call('PEXPIRE', gone, math.ceil(tombstone / 1000)) end
end
"""

# KEYS: 1 the account's sockets, 2 its tombstones. ARGV: 1 the socket, 2 its session, 3 sockets a session may hold,
# 4 an account, 5 the lease (µs), 6 a tombstone's life (µs). Answers the new entry, then the entries that gave way.
ADMIT = (
    _GIVE_WAY
    + """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local lease, tombstone = tonumber(ARGV[5]), tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local mine = string.format('%016d:%s:%s', now, ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[1], now + lease, mine)
local answer = give_way(KEYS[1], KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4]), now + tombstone)
expire(KEYS[1], KEYS[2], lease, tombstone)
table.insert(answer, 1, mine)
return answer
"""
)

# KEYS: for each entry, its account's sockets and tombstones. ARGV: 1 the lease (µs), 2 a tombstone's life (µs),
# 3 sockets a session may hold, 4 an account, then the entries. An entry still there is renewed; one with a
# tombstone gave way; any other is put back under the rule. Answers {the positions (from 1) of the entries that
# gave way, then {position, entry} of each other entry that gave way to one put back (another socket of the
# account at that position)}.
RENEW = (
    _GIVE_WAY
    + """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local lease, tombstone = tonumber(ARGV[1]), tonumber(ARGV[2])
local per_session, per_account = tonumber(ARGV[3]), tonumber(ARGV[4])
local superseded, displaced = {}, {}
for i = 1, #KEYS / 2 do
  local sockets, gone, entry = KEYS[2 * i - 1], KEYS[2 * i], ARGV[i + 4]
  if redis.call('ZSCORE', sockets, entry) then
    redis.call('ZADD', sockets, now + lease, entry)
    redis.call('PEXPIRE', sockets, math.ceil(lease / 1000))
  else
    local ended = redis.call('ZSCORE', gone, entry)
    if ended and tonumber(ended) > now then
      superseded[#superseded + 1] = i
    else
      redis.call('ZREMRANGEBYSCORE', sockets, '-inf', now)
      redis.call('ZADD', sockets, now + lease, entry)
      for _, other in ipairs(give_way(sockets, gone, per_session, per_account, now + tombstone)) do
        if other == entry then
          superseded[#superseded + 1] = i
        else
          displaced[#displaced + 1] = {i, other}
        end
      end
      expire(sockets, gone, lease, tombstone)
    end
  end
end
return {superseded, displaced}
"""
)


def session_tag(token_key: str) -> str:
    """A session's name among its account's sockets (not its key: that is not needed here)."""
    return hashlib.sha256(token_key.encode()).hexdigest()[:16]


def socket_of(entry: str) -> str:
    """The socket id of an entry."""
    return entry.rsplit(":", 1)[-1]


def sockets_key(reader: Reader) -> str:
    return f"notifications:sockets:{reader.merchant}:{reader.account_id}"


def tombstones_key(reader: Reader) -> str:
    return f"notifications:sockets-gave-way:{reader.merchant}:{reader.account_id}"


def register_keys(reader: Reader) -> list[str]:
    """The keys a script of the account's sockets works on: its register and its tombstones."""
    return [sockets_key(reader), tombstones_key(reader)]


@dataclass(frozen=True)
class Admitted:
    entry: str  # the new socket's entry, to renew and release
    gave_way: list[str]  # the ids of the account's sockets that gave way to it


@dataclass
class Renewal:
    """What a renewal found: the positions (in what was renewed) of the sockets that gave way, to be closed as
    superseded, and the sockets of other entries that gave way to one put back: (the position of the one put back,
    so whose account it is, and the id of the socket that gave way to it)."""

    superseded: list[int] = field(default_factory=list)
    displaced: list[tuple[int, str]] = field(default_factory=list)


class AccountSockets:
    """The register of every account's sockets, shared by the replicas."""

    def __init__(self, valkey: Redis, per_session: int, per_account: int, lease_seconds: float) -> None:
        self.valkey = valkey
        self.per_session = per_session
        self.per_account = per_account
        self.lease_us = round(lease_seconds * 1_000_000)
        self.tombstone_us = TOMBSTONE_LEASES * self.lease_us
        self._admit = valkey.register_script(ADMIT)
        self._renew = valkey.register_script(RENEW)

    async def admit(self, reader: Reader, session: str, socket_id: str) -> Admitted:
        answer = await self._admit(
            keys=register_keys(reader),
            args=[socket_id, session, self.per_session, self.per_account, self.lease_us, self.tombstone_us],
        )
        assert isinstance(answer, list)
        entries = [str(entry) for entry in answer]
        return Admitted(entries[0], [socket_of(entry) for entry in entries[1:]])

    async def renew(self, held: Sequence[tuple[Reader, str]]) -> Renewal:
        """Renew the leases of ``held`` (each socket's reader and entry), putting back those that ran out."""
        renewal = Renewal()
        for start in range(0, len(held), RENEWED_AT_ONCE):
            chunk = held[start : start + RENEWED_AT_ONCE]
            answer = await self._renew(
                keys=[key for reader, _ in chunk for key in register_keys(reader)],
                args=[self.lease_us, self.tombstone_us, self.per_session, self.per_account, *(e for _, e in chunk)],
            )
            assert isinstance(answer, list)
            superseded, displaced = answer
            assert isinstance(superseded, list)
            assert isinstance(displaced, list)
            renewal.superseded += [start + as_int(position) - 1 for position in superseded]
            for pair in displaced:
                assert isinstance(pair, list)
                position, entry = pair
                renewal.displaced.append((start + as_int(position) - 1, socket_of(str(entry))))
        return renewal

    async def release(self, reader: Reader, entry: str) -> None:
        await self.valkey.zrem(sockets_key(reader), entry)
