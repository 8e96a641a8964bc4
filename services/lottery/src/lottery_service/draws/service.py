"""The draw schedule and the draws (the worker's jobs), and the reads of issues and results.

- ``schedule``: each game's issues are written ahead, each with only the commitment of its seed (the seed is
  derived under a key held outside the database, ``SeedKeys``), public from then on. Numbers follow from the draw
  time, and a game's issues continue from its last one (a worker down for a while creates the missed ones, up to
  ``backfill``), so a restart never skips, doubles or reorders an issue.
- ``draw_due``: an issue due is drawn from its seed, derived again under the key it was committed under and
  checked against its commitment (``FOR UPDATE SKIP LOCKED``: one worker draws it; an issue a slip is being written
  on is passed over and drawn on a later tick), oldest first; the seed is stored (revealed) with the result and
  ``lottery.draw.settled.v1`` staged. An issue whose key is not held, or whose game left the data, waits outside the
  queue; one whose seed does not match its commitment is set aside (``stuck``), so none blocks the others.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.draws import domain
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.events import draw_settled
from lottery_service.ops.models import LotteryAudit
from portal_kit.db import Database
from portal_kit.errors import NotFound

log = logging.getLogger("lottery.draws")


class IssueState(StrEnum):
    OPEN = "open"
    DRAWN = "drawn"
    SETTLED = "settled"
    VOID = "void"  # voided by ops before its draw: never drawn, every bet on it refunded
    STUCK = "stuck"  # its seed cannot be had from its commitment: never drawn, every bet on it refunded


OPEN, DRAWN, SETTLED, VOID_ISSUE, STUCK = IssueState
REFUNDED = (VOID_ISSUE, STUCK)  # the issues whose bets the worker gives back
WORKER = "lottery-worker"  # the audit's actor for what the worker does alone


async def schedule(
    db: Database, catalogue: Catalogue, now: datetime, ahead: timedelta, backfill: timedelta, keys: SeedKeys
) -> int:
    """Write every game's issues up to ``now + ahead`` (at least the next two), each with the commitment of its seed
    under the current key; how many were new."""
    created = 0
    async with db.transaction() as session:
        for game in catalogue.games.values():
            last = await session.scalar(select(func.max(Issue.draws_at)).where(Issue.game_code == game.code))
            start = max(last, now - backfill) if last is not None else now
            horizon = max(now + ahead, domain.first_draw_after(game, domain.first_draw_after(game, now)))
            rows = [
                {
                    "game_code": game.code, "issue": slot.issue, "opens_at": slot.opens_at,
                    "closes_at": slot.closes_at, "draws_at": slot.draws_at, "seed": None,
                    "seed_hash": domain.seed_hash(keys.new_seed(game.code, slot.issue)),
                    "seed_key_id": keys.current_id, "status": OPEN,
                }
                for slot in domain.slots(game, start, horizon)
            ]  # fmt: skip
            if rows:
                result = await session.execute(
                    insert(Issue).values(rows).on_conflict_do_nothing().returning(Issue.issue)
                )
                created += len(result.all())
    return created


def in_queue(catalogue: Catalogue, keys: SeedKeys) -> ColumnElement[bool]:
    """The due issues the draw takes, oldest first: of a game in the data, and committed under a key held or under no
    key at all (a stored seed from before migration 0003, drawn only when 0004 marked it). Each one taken is drawn or
    set aside, so none is taken again: the issues of a game out of the data and those of a key not held wait outside
    the queue, never ahead of the others."""
    return and_(
        Issue.status == OPEN,
        Issue.draws_at <= func.now(),
        Issue.game_code.in_(list(catalogue.games)),
        or_(Issue.seed_key_id.in_(keys.held), Issue.seed_key_id.is_(None)),
    )


@dataclass(frozen=True)
class Waiting:
    """Issues due that the draw does not take yet: of a game no longer in ``lottery.toml`` (by game), and committed
    under a key this worker does not hold (by key id)."""

    games_gone: dict[str, int]
    keys_missing: dict[str, int]


async def waiting(db: Database, catalogue: Catalogue, keys: SeedKeys) -> Waiting:
    due = (Issue.status == OPEN, Issue.draws_at <= func.now())
    async with db.reader() as session:
        gone = await session.execute(
            select(Issue.game_code, func.count())
            .where(*due, Issue.game_code.not_in(list(catalogue.games)))
            .group_by(Issue.game_code)
        )
        missing = await session.execute(
            select(Issue.seed_key_id, func.count())
            .where(*due, Issue.game_code.in_(list(catalogue.games)), Issue.seed_key_id.not_in(keys.held))
            .group_by(Issue.seed_key_id)
        )
        return Waiting(
            {code: int(count) for code, count in gone},
            {str(key_id): int(count) for key_id, count in missing},
        )


def revealed_seed(issue: Issue, keys: SeedKeys) -> tuple[bytes | None, str | None]:
    """The issue's seed, matching its commitment, or why it cannot be had (then it is never drawn)."""
    if issue.seed_key_id is None:
        if not issue.legacy_seed:
            return None, "no seed key, and not an issue migration 0004 found written with its seed"
        seed = issue.seed
    else:
        seed = keys.seed(issue.seed_key_id, issue.game_code, issue.issue)
    if seed is None or domain.seed_hash(seed) != issue.seed_hash:
        return None, f"the seed of key {issue.seed_key_id or '(stored)'} does not match the published commitment"
    return seed, None


def _set_aside(session: AsyncSession, issue: Issue, reason: str) -> None:
    """An issue that can never be drawn fairly: ``stuck``, in the ops audit; the worker gives its bets back."""
    log.error("%s %s set aside (stuck), never drawn: %s", issue.game_code, issue.issue, reason)
    issue.status = STUCK
    session.add(
        LotteryAudit(
            actor=WORKER, action="issue.stuck", target=f"{issue.game_code}:{issue.issue}", reason=reason,
            before={"status": OPEN}, after={"status": STUCK},
        )
    )  # fmt: skip


async def draw_due(db: Database, catalogue: Catalogue, keys: SeedKeys, limit: int = 50) -> list[Issue]:
    """Draw the issues that are due (oldest first), setting aside those whose seed cannot be had; every issue taken
    (``drawn`` or ``stuck``): fewer than ``limit`` when no more are due."""
    async with db.transaction() as session:
        due = list(
            await session.scalars(
                select(Issue)
                .where(in_queue(catalogue, keys))
                .order_by(Issue.draws_at)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        )
        for issue in due:
            seed, problem = revealed_seed(issue, keys)
            if seed is None:
                _set_aside(session, issue, problem or "no seed")
                continue
            issue.seed = seed
            issue.result = domain.draw(catalogue.games[issue.game_code].category.draw, seed, issue.context)
            issue.status = DRAWN
            issue.drawn_at = datetime.now(UTC)
            draw_settled(session, issue)
    return due


def _open_for_bets() -> ColumnElement[bool]:
    return and_(Issue.status == OPEN, Issue.closes_at > func.now())


async def upcoming(session: AsyncSession, game: Game, limit: int) -> list[Issue]:
    """The next issues not yet closed, soonest first: the first takes bets now, the others in their turn."""
    rows = await session.scalars(
        select(Issue).where(Issue.game_code == game.code, _open_for_bets()).order_by(Issue.draws_at).limit(limit)
    )
    return list(rows)


async def current(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    """The issue of each game open for bets now: the soonest not yet closed (the only one a bet may name)."""
    rows = await session.scalars(
        select(Issue)
        .where(Issue.game_code.in_(game_codes), _open_for_bets())
        .order_by(Issue.game_code, Issue.draws_at)
        .ext(distinct_on(Issue.game_code))
    )
    return {issue.game_code: issue for issue in rows}


async def latest_drawn(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    """The last drawn issue of each game."""
    rows = await session.scalars(
        select(Issue)
        .where(Issue.game_code.in_(game_codes), Issue.status.in_((DRAWN, SETTLED)))
        .order_by(Issue.game_code, Issue.draws_at.desc())
        .ext(distinct_on(Issue.game_code))
    )
    return {issue.game_code: issue for issue in rows}


async def results(session: AsyncSession, game: Game, offset: int, limit: int) -> tuple[list[Issue], int]:
    """A game's drawn issues, newest first, and how many there are."""
    drawn = (Issue.game_code == game.code, Issue.status.in_((DRAWN, SETTLED)))
    total = await session.scalar(select(func.count()).select_from(Issue).where(*drawn))
    rows = await session.scalars(
        select(Issue).where(*drawn).order_by(Issue.draws_at.desc()).offset(offset).limit(limit)
    )
    return list(rows), int(total or 0)


async def issue_of(session: AsyncSession, game: Game, number: str) -> Issue:
    found: Issue | None = await session.get(Issue, (game.code, number))
    if found is None:
        raise NotFound("lottery.issue_unknown")
    return found
