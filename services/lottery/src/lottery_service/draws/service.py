"""The draw schedule and the draws (the worker's jobs), and the reads of issues and results.

- ``schedule``: each game's issues are written ahead, each with only the commitment of its seed (the seed is
  derived under a key held outside the database, ``SeedKeys``), public from then on. Numbers follow from the draw
  time, and a game's issues continue from its last one (a worker down for a while creates the missed ones, up to
  ``backfill``), so a restart never skips, doubles or reorders an issue.
- ``draw_due``: an issue due is drawn from its seed, derived again under the key it was committed under and
  checked against its commitment (``FOR UPDATE SKIP LOCKED``: one worker draws it), oldest first; the seed is
  stored (revealed) with the result and ``lottery.draw.settled.v1`` staged. An issue whose key is not held waits.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, and_, func, or_, select
from sqlalchemy.dialects.postgresql import distinct_on, insert
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.draws import domain
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.events import draw_settled
from portal_kit.db import Database
from portal_kit.errors import NotFound

log = logging.getLogger("lottery.draws")
OPEN, DRAWN, SETTLED = "open", "drawn", "settled"
VOID_ISSUE = "void"  # voided by ops before its draw: never drawn, every bet on it refunded


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


def drawable(keys: SeedKeys) -> ColumnElement[bool]:
    """Issues whose seed can be had: committed under a key held, or (before migration 0003) stored from the start."""
    return or_(Issue.seed_key_id.in_(keys.held), and_(Issue.seed_key_id.is_(None), Issue.seed.is_not(None)))


async def waiting_for_keys(db: Database, keys: SeedKeys) -> int:
    """How many issues are due but committed under a key not held (they wait, undrawn, until it is given back)."""
    async with db.reader() as session:
        found = await session.scalar(
            select(func.count()).where(Issue.status == OPEN, Issue.draws_at <= func.now(), ~drawable(keys))
        )
    return int(found or 0)


def revealed_seed(issue: Issue, keys: SeedKeys) -> bytes | None:
    """The issue's seed, derived again under its key and matching its commitment; None when it cannot be had."""
    if issue.seed_key_id is None:
        return issue.seed
    seed = keys.seed(issue.seed_key_id, issue.game_code, issue.issue)
    if seed is None or domain.seed_hash(seed) != issue.seed_hash:
        log.error("the key %s does not give %s %s's committed seed", issue.seed_key_id, issue.game_code, issue.issue)
        return None
    return seed


async def draw_due(db: Database, catalogue: Catalogue, keys: SeedKeys, limit: int = 50) -> list[Issue]:
    """Draw the issues that are due (oldest first); the issues drawn."""
    async with db.transaction() as session:
        due = list(
            await session.scalars(
                select(Issue)
                .where(Issue.status == OPEN, Issue.draws_at <= func.now(), drawable(keys))
                .order_by(Issue.draws_at)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        )
        drawn = []
        for issue in due:
            game = catalogue.games.get(issue.game_code)
            seed = revealed_seed(issue, keys)
            if game is None or seed is None:  # a game taken out of the data, a key that is wrong: left undrawn
                continue
            issue.seed = seed
            issue.result = domain.draw(game.category.draw, seed, issue.context)
            issue.status = DRAWN
            issue.drawn_at = datetime.now(UTC)
            draw_settled(session, issue)
            drawn.append(issue)
    return drawn


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
