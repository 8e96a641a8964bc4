"""The queries of the issues and of the seed keys' fingerprints, each in the caller's session (the use case in
``service.py`` owns the transaction). The draw takes due issues ``FOR UPDATE SKIP LOCKED``: a slip being written
holds its issue ``FOR SHARE``, so the draw passes over it and takes it on a later tick."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, func, or_, select, tuple_
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.draws.domain import DRAWN, OPEN, SETTLED
from lottery_service.draws.models import Issue, SeedKeyRecord
from portal_events import LotteryDrawSettledV1, LotteryDrawSettledV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event

# A draw is the same for every brand; its event names the lottery itself in the envelope's merchant field.
DRAW_MERCHANT = "lottery"


async def last_draws_at(session: AsyncSession, game_code: str) -> datetime | None:
    """When the game's last issue written is drawn (None: it has none yet)."""
    return await session.scalar(select(func.max(Issue.draws_at)).where(Issue.game_code == game_code))


async def insert_issues(session: AsyncSession, rows: list[dict[str, Any]]) -> int:
    """Write the issues not written yet (``ON CONFLICT DO NOTHING``: several workers may run); how many were new."""
    result = await session.execute(insert(Issue).values(rows).on_conflict_do_nothing().returning(Issue.issue))
    return len(result.all())


def in_queue(game_codes: list[str], held_keys: list[str]) -> ColumnElement[bool]:
    """The due issues the draw takes: of a game in the data, and committed under a key held or under no key at all (a
    stored seed from before migration 0003, drawn only when 0004 marked it)."""
    return and_(
        Issue.status == OPEN,
        Issue.draws_at <= func.now(),
        Issue.game_code.in_(game_codes),
        or_(Issue.seed_key_id.in_(held_keys), Issue.seed_key_id.is_(None)),
    )


async def take_due(session: AsyncSession, game_codes: list[str], held_keys: list[str], limit: int) -> list[Issue]:
    """The due issues of the queue, oldest first, locked (``SKIP LOCKED``: another worker's, or one a slip holds)."""
    rows = await session.scalars(
        select(Issue)
        .where(in_queue(game_codes, held_keys))
        .order_by(Issue.draws_at)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return list(rows)


async def waiting_counts(
    session: AsyncSession, game_codes: list[str], held_keys: list[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """The issues due outside the queue: by game no longer in the data, and by key id not held."""
    due = (Issue.status == OPEN, Issue.draws_at <= func.now())
    gone = await session.execute(
        select(Issue.game_code, func.count()).where(*due, Issue.game_code.not_in(game_codes)).group_by(Issue.game_code)
    )
    missing = await session.execute(
        select(Issue.seed_key_id, func.count())
        .where(*due, Issue.game_code.in_(game_codes), Issue.seed_key_id.not_in(held_keys))
        .group_by(Issue.seed_key_id)
    )
    return (
        {code: int(count) for code, count in gone},
        {str(key_id): int(count) for key_id, count in missing},
    )


def stage_draw_settled(session: AsyncSession, issue: Issue) -> None:
    """``lottery.draw.settled.v1`` into the outbox, in the draw's transaction."""
    assert issue.result is not None
    assert issue.drawn_at is not None
    assert issue.seed is not None
    data = LotteryDrawSettledV1Data(
        gameCode=issue.game_code, issue=issue.issue, result=issue.result, seed=issue.seed.hex(),
        seedHash=issue.seed_hash, drawsAt=issue.draws_at, drawnAt=issue.drawn_at,
    )  # fmt: skip
    add_event(session, new_event(LotteryDrawSettledV1, DRAW_MERCHANT, data))


def _open_for_bets() -> ColumnElement[bool]:
    return and_(Issue.status == OPEN, Issue.closes_at > func.now())


async def upcoming(session: AsyncSession, game_code: str, limit: int) -> list[Issue]:
    rows = await session.scalars(
        select(Issue).where(Issue.game_code == game_code, _open_for_bets()).order_by(Issue.draws_at).limit(limit)
    )
    return list(rows)


async def current(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    rows = await session.scalars(
        select(Issue)
        .where(Issue.game_code.in_(game_codes), _open_for_bets())
        .order_by(Issue.game_code, Issue.draws_at)
        .ext(distinct_on(Issue.game_code))
    )
    return {issue.game_code: issue for issue in rows}


async def latest_drawn(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    rows = await session.scalars(
        select(Issue)
        .where(Issue.game_code.in_(game_codes), Issue.status.in_((DRAWN, SETTLED)))
        .order_by(Issue.game_code, Issue.draws_at.desc())
        .ext(distinct_on(Issue.game_code))
    )
    return {issue.game_code: issue for issue in rows}


async def results(session: AsyncSession, game_code: str, offset: int, limit: int) -> tuple[list[Issue], int]:
    drawn = (Issue.game_code == game_code, Issue.status.in_((DRAWN, SETTLED)))
    total = await session.scalar(select(func.count()).select_from(Issue).where(*drawn))
    rows = await session.scalars(
        select(Issue).where(*drawn).order_by(Issue.draws_at.desc()).offset(offset).limit(limit)
    )
    return list(rows), int(total or 0)


async def find(session: AsyncSession, game_code: str, number: str) -> Issue | None:
    return await session.get(Issue, (game_code, number))


async def drawn(session: AsyncSession, limit: int) -> list[Issue]:
    """The issues drawn and not settled yet, oldest first."""
    rows = await session.scalars(select(Issue).where(Issue.status == DRAWN).order_by(Issue.draws_at).limit(limit))
    return list(rows)


async def balls_of(session: AsyncSession, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[int]]:
    """The balls of those of the issues (game code, issue) that are drawn."""
    rows = await session.execute(
        select(Issue.game_code, Issue.issue, Issue.result).where(
            tuple_(Issue.game_code, Issue.issue).in_(list(keys)), Issue.result.is_not(None)
        )
    )
    return {(code, number): list(result or []) for code, number, result in rows.all()}


async def record_fingerprints(session: AsyncSession, held: Mapping[str, str]) -> dict[str, str]:
    """Record the fingerprints of the key ids not seen before (key id -> fingerprint); the fingerprint recorded under
    each of ``held``'s ids."""
    rows = [{"key_id": key_id, "fingerprint": fingerprint} for key_id, fingerprint in held.items()]
    await session.execute(insert(SeedKeyRecord).values(rows).on_conflict_do_nothing())
    found = await session.execute(
        select(SeedKeyRecord.key_id, SeedKeyRecord.fingerprint).where(SeedKeyRecord.key_id.in_(held))
    )
    return {key_id: fingerprint for key_id, fingerprint in found}
