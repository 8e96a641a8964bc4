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
- ``check_fingerprints``: the fingerprint of each seed key id's key, recorded in the database the first time a worker
  holds it (``lottery_seed_key``). A worker given another key under a recorded id (a mistyped Secret, a key swapped
  in) refuses to start: under it, the issues committed under that id could not be drawn, and new ones would be
  committed under a key someone chose.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.audit.models import LotteryAudit
from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.draws import domain, repository
from lottery_service.draws.domain import DRAWN, OPEN, STUCK, WORKER
from lottery_service.draws.keys import SeedKeys, SeedKeysRefused
from lottery_service.draws.models import Issue
from lottery_service.draws.schemas import IssueRead, ResultRead, TierRead
from portal_kit.audit import ALL_BRANDS, record_ops_action
from portal_kit.db import Database
from portal_kit.errors import NotFound

log = logging.getLogger("lottery.draws")


async def schedule(
    db: Database, catalogue: Catalogue, now: datetime, ahead: timedelta, backfill: timedelta, keys: SeedKeys
) -> int:
    """Write every game's issues up to ``now + ahead`` (at least the next two), each with the commitment of its seed
    under the current key; how many were new."""
    created = 0
    async with db.transaction() as session:
        for game in catalogue.games.values():
            last = await repository.last_draws_at(session, game.code)
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
                created += await repository.insert_issues(session, rows)
    return created


@dataclass(frozen=True)
class Waiting:
    """Issues due that the draw does not take yet: of a game no longer in ``lottery.toml`` (by game), and committed
    under a key this worker does not hold (by key id). Each issue the draw takes is drawn or set aside, so none is
    taken again: these wait outside the queue, never ahead of the others."""

    games_gone: dict[str, int]
    keys_missing: dict[str, int]


async def waiting(db: Database, catalogue: Catalogue, keys: SeedKeys) -> Waiting:
    async with db.reader() as session:
        gone, missing = await repository.waiting_counts(session, list(catalogue.games), keys.held)
    return Waiting(gone, missing)


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
    """An issue that can never be drawn fairly: ``stuck``, in the ops audit (the issue is every brand's); the worker
    gives its bets back."""
    log.error("%s %s set aside (stuck), never drawn: %s", issue.game_code, issue.issue, reason)
    issue.status = STUCK
    record_ops_action(
        session, LotteryAudit, ALL_BRANDS, WORKER, "issue.stuck", f"{issue.game_code}:{issue.issue}", reason=reason,
        before={"status": OPEN}, after={"status": STUCK},
    )  # fmt: skip


async def draw_due(db: Database, catalogue: Catalogue, keys: SeedKeys, limit: int = 50) -> list[Issue]:
    """Draw the issues that are due (oldest first), setting aside those whose seed cannot be had; every issue taken
    (``drawn`` or ``stuck``): fewer than ``limit`` when no more are due."""
    async with db.transaction() as session:
        due = await repository.take_due(session, list(catalogue.games), keys.held, limit)
        for issue in due:
            seed, problem = revealed_seed(issue, keys)
            if seed is None:
                _set_aside(session, issue, problem or "no seed")
                continue
            issue.seed = seed
            issue.result = domain.draw(catalogue.games[issue.game_code].category.draw, seed, issue.context)
            issue.status = DRAWN
            issue.drawn_at = datetime.now(UTC)
            repository.stage_draw_settled(session, issue)
    return due


async def check_fingerprints(db: Database, keys: SeedKeys) -> None:
    """Record the fingerprints of the keys held under ids not seen before; ``SeedKeysRefused`` naming every held key
    whose fingerprint differs from the one recorded under its id."""
    held = {key_id: keys.fingerprint(key_id) for key_id in keys.held}
    async with db.transaction() as session:
        recorded = await repository.record_fingerprints(session, held)
    wrong = sorted(key_id for key_id, fingerprint in held.items() if recorded.get(key_id) != fingerprint)
    if wrong:
        raise SeedKeysRefused(
            f"the seed key held under {', '.join(wrong)} is not the key first used under that id (its fingerprint in "
            "lottery_seed_key differs): give the worker that key back, or the new key under a new LOTTERY_SEED_KEY_ID"
        )


async def upcoming(db: Database, game: Game, limit: int) -> list[Issue]:
    """The next issues not yet closed, soonest first: the first takes bets now, the others in their turn."""
    async with db.reader() as session:
        return await repository.upcoming(session, game.code, limit)


async def current(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    """The issue of each game open for bets now: the soonest not yet closed (the only one a bet may name)."""
    return await repository.current(session, game_codes)


async def latest_drawn(session: AsyncSession, game_codes: list[str]) -> dict[str, Issue]:
    """The last drawn issue of each game."""
    return await repository.latest_drawn(session, game_codes)


async def results(db: Database, game: Game, offset: int, limit: int) -> tuple[list[Issue], int]:
    """A game's drawn issues, newest first, and how many there are."""
    async with db.reader() as session:
        return await repository.results(session, game.code, offset, limit)


async def issue_of(db: Database, game: Game, number: str) -> Issue:
    async with db.reader() as session:
        found = await repository.find(session, game.code, number)
    if found is None:
        raise NotFound("lottery.issue_unknown")
    return found


async def drawn(db: Database, limit: int) -> list[Issue]:
    """The issues drawn and not settled yet, oldest first (their bets to settle)."""
    async with db.reader() as session:
        return await repository.drawn(session, limit)


async def balls_of(db: Database, keys: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[int]]:
    """The balls of those of the issues (game code, issue) that are drawn."""
    async with db.reader() as session:
        return await repository.balls_of(session, keys)


def issue_read(issue: Issue) -> IssueRead:
    return IssueRead(
        gameCode=issue.game_code, issue=issue.issue, opensAt=issue.opens_at, closesAt=issue.closes_at,
        drawsAt=issue.draws_at, seedHash=issue.seed_hash,
    )  # fmt: skip


def result_read(game: Game, issue: Issue) -> ResultRead:
    """A drawn issue (its seed revealed) as the results pages read it."""
    balls = list(issue.result or [])
    tiers, start = [], 0
    for prize in game.category.prizes:
        tiers.append(TierRead(name=prize.name, digits=prize.digits, numbers=balls[start : start + prize.count]))
        start += prize.count
    return ResultRead(
        gameCode=issue.game_code, issue=issue.issue, drawsAt=issue.draws_at, result=balls,
        seed=issue.seed.hex() if issue.seed is not None else "", seedHash=issue.seed_hash, context=issue.context,
        tiers=tiers,
    )  # fmt: skip
