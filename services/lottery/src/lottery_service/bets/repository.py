"""The slip's hot path as single statements (``Database.call``, no ORM): each is a server-side function of migration
0003, so writing a slip is one round trip and settling its debit's answer another."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from psycopg.types.json import Jsonb

from portal_kit.db import Database

# Writes the slip and its bets ``pending`` once per request id, under the issue held shared and checked open (the
# issue open now, before its close, by the database's clock), the member's total on the issue summed under an
# advisory lock of (member, issue). Answers ``written``, ``replay`` (the slip of this request id), or a refusal's
# code with nothing written.
WRITE = (
    "SELECT outcome, slip_id, written_at, used FROM lottery_slip_write("
    "%s::uuid, %s::text, %s::text, %s::text, %s::text, %s::text, %s::text, %s::text, %s::bigint, %s::bigint, "
    "%s::text, %s::jsonb)"
)
# The debit was taken: the slip and its bets accepted if the issue still takes bets; otherwise the slip is
# ``voiding`` (``lottery.issue_closed``) and its debit must be given back. Answers the slip's status and refusal.
PAID = "SELECT slip_status, slip_refusal FROM lottery_slip_paid(%s::uuid, %s::bigint)"
# The slip void (from ``pending``: the wallet refused the debit; from ``voiding``: its debit given back), its
# pending bets with it; a refusal already written is kept. Answers the slip's status and refusal.
VOID = "SELECT slip_status, slip_refusal FROM lottery_slip_void(%s::uuid, %s::text, %s::text)"


@dataclass(frozen=True)
class Written:
    outcome: str  # written, replay, or a refusal's code
    slip_id: uuid.UUID | None
    at: datetime | None
    used: int


@dataclass(frozen=True)
class NewBet:
    id: uuid.UUID
    bet_type: str
    choice: dict[str, object]
    stake: int
    odds_milli: int


async def write(
    db: Database, slip_id: uuid.UUID, merchant: str, account_id: str, request_id: str, fingerprint: str, game: str,
    issue: str, currency: str, total: int, max_per_issue: int, player_name: str, bets: list[NewBet],
) -> Written:  # fmt: skip
    lines = [
        {"id": str(bet.id), "betType": bet.bet_type, "choice": bet.choice, "stake": bet.stake, "odds": bet.odds_milli}
        for bet in bets
    ]
    params = (slip_id, merchant, account_id, request_id, fingerprint, game, issue, currency, total, max_per_issue,
              player_name, Jsonb(lines))  # fmt: skip
    row = await db.call(WRITE, params)
    assert row is not None
    outcome, found, at, used = row
    return Written(str(outcome), found, at, int(used or 0))


async def paid(db: Database, slip_id: uuid.UUID, balance: int) -> tuple[str, str | None]:
    row = await db.call(PAID, (slip_id, balance))
    assert row is not None
    return str(row[0]), row[1]


async def void(db: Database, slip_id: uuid.UUID, from_status: str, refusal: str) -> tuple[str, str | None]:
    row = await db.call(VOID, (slip_id, from_status, refusal))
    assert row is not None
    return str(row[0]), row[1]
