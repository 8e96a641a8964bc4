"""The draw schedule and the draws (the worker's jobs), and the reads of issues and results.

- ``schedule``: each game's issues are written ahead, each with a fresh secret seed whose hash is public from
  then on. Numbers follow from the draw time, and a game's issues continue from its last one (a worker down for
  a while creates the missed ones, up to ``backfill``), so a restart never skips, doubles or reorders an issue.
- ``draw_due``: an issue due is drawn from its committed seed (``FOR UPDATE SKIP LOCKED``: one worker draws
  it), oldest first, and ``lottery.draw.settled.v1`` staged with the result.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.draws import domain
from lottery_service.draws.models import Issue
from lottery_service.events import draw_settled
from portal_kit.db import Database
from portal_kit.errors import NotFound

OPEN, DRAWN, SETTLED = "open", "drawn", "settled"
VOID_ISSUE = "void"  # voided by ops before its draw: never drawn, every bet on it refunded


async def schedule(db: Database, catalogue: Catalogue, now: datetime, ahead: timedelta, backfill: timedelta) -> int:
    """Write every game's issues up to ``now + ahead`` (at least the next two); how many were new."""
    created = 0
    async with db.transaction() as session:
        for game in catalogue.games.values():
            last = await session.scalar(select(func.max(Issue.draws_at)).where(Issue.game_code == game.code))
            start = max(last, now - backfill) if last is not None else now
            horizon = max(now + ahead, domain.first_draw_after(game, domain.first_draw_after(game, now)))
            rows = [
                {
                    "game_code": game.code, "issue": slot.issue, "opens_at": slot.opens_at,
                    "closes_at": slot.closes_at, "draws_at": slot.draws_at, "seed": (seed := secrets.token_bytes(32)),
                    "seed_hash": domain.seed_hash(seed), "status": OPEN,
                }
                for slot in domain.slots(game, start, horizon)
            ]  # fmt: skip
            if rows:
                result = await session.execute(
                    insert(Issue).values(rows).on_conflict_do_nothing().returning(Issue.issue)
                )
                created += len(result.all())
    return created


async def draw_due(db: Database, catalogue: Catalogue, limit: int = 50) -> list[Issue]:
    """Draw the issues that are due (oldest first); the issues drawn."""
    async with db.transaction() as session:
        due = list(
            await session.scalars(
                select(Issue)
                .where(Issue.status == OPEN, Issue.draws_at <= func.now())
                .order_by(Issue.draws_at)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        )
        for issue in due:
            game = catalogue.games.get(issue.game_code)
            if game is None:  # a game taken out of the data: its issues stay undrawn, their bets are kept
                continue
            issue.result = domain.draw(game.category.draw, issue.seed, issue.game_code, issue.issue)
            issue.status = DRAWN
            issue.drawn_at = datetime.now(UTC)
            draw_settled(session, issue)
    return due


def _open_for_bets() -> ColumnElement[bool]:
    return and_(Issue.status == OPEN, Issue.closes_at > func.now())


async def upcoming(session: AsyncSession, game: Game, limit: int) -> list[Issue]:
    """The next issues still open for bets, soonest first."""
    rows = await session.scalars(
        select(Issue).where(Issue.game_code == game.code, _open_for_bets()).order_by(Issue.draws_at).limit(limit)
    )
    return list(rows)


async def current(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    """The issue of each game open for bets now (the soonest)."""
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
