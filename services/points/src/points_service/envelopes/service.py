"""Red envelopes' use cases. Ops make an envelope: its pool split at random into its shares at once (``domain.split``,
stored; audited). A member claims once while it is open: the next unclaimed share taken by one conditional update
(``SKIP LOCKED``, so parallel claimants take different shares and never wait on each other; a unique index holds one
share a member, so the member's second or parallel claim answers the first's share); then the wallet is asked for the
share's cash under its own key (``rpc.wallet.reward``, reason ``red_envelope``) under a lease of the share's row, as
the conversions do: paid once, or left pending for the worker's sweep, never lost."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime, timedelta

from nats.aio.client import Client as NATS
from sqlalchemy.exc import IntegrityError

from points_service.envelopes import repository
from points_service.envelopes.domain import EnvelopeState, PayoutStatus, split, state_of, transaction_id
from points_service.envelopes.models import RedEnvelope, RedEnvelopeShare
from points_service.envelopes.schemas import (
    NewRedEnvelope,
    OpsRedEnvelopeRead,
    RedEnvelopeClaim,
    RedEnvelopeClaimRead,
    RedEnvelopeRead,
    RedEnvelopeShareRead,
)
from points_service.ops import repository as audit
from points_service.ops.domain import PrizeOrder, PrizePhase, Review, live, review_for, second_person_decides, today_utc
from points_service.ops.schemas import CheckerDecision
from points_service.raffles.domain import name_in
from portal_kit import money
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

log = logging.getLogger("points.envelopes")
REASON = "red_envelope"
LEASE_SECONDS = 60.0
RECENT = timedelta(days=7)
LISTED = 50
TAKE_ROUNDS = 50  # a claim that finds every unclaimed share being taken by others waits for them this many times
_random = random.SystemRandom()


def _mine(row: RedEnvelopeShare | None) -> RedEnvelopeShareRead | None:
    if row is None or row.claimed_at is None:
        return None
    return RedEnvelopeShareRead(shareNo=row.share_no, amount=row.amount, status=PayoutStatus(row.status or "PENDING"),
                       claimedAt=row.claimed_at)  # fmt: skip


def _ops_read(row: RedEnvelope, tally: dict[str, int], language: str, now: datetime) -> OpsRedEnvelopeRead:
    return OpsRedEnvelopeRead(
        envelopeId=row.id, name=name_in(row.names, language), names=row.names, opensAt=row.opens_at,
        closesAt=row.closes_at, state=state_of(row.opens_at, row.closes_at, now), pool=row.pool, shares=row.shares,
        claimed=tally["claimed"], claimedAmount=tally["claimedAmount"], paid=tally["paid"],
        paidAmount=tally["paidAmount"], createdBy=row.created_by, createdAt=row.created_at,
        review=Review(row.review), checkedBy=row.checked_by,
    )  # fmt: skip


# -- members -------------------------------------------------------------------------------------------------------


async def listed(db: Database, member: Principal, language: str) -> list[RedEnvelopeRead]:
    """The brand's envelopes open or to come, and those closed in the last week, with the member's share."""
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.reader() as session:
        now = await repository.now(session)
        rows = await repository.listed(session, merchant, now - RECENT, LISTED)
        ids = [row.id for row in rows]
        mine = await repository.shares_of(session, ids, account_id)
        tallies = await repository.tallies(session, ids)
    return [
        RedEnvelopeRead(
            envelopeId=row.id, name=name_in(row.names, language), opensAt=row.opens_at, closesAt=row.closes_at,
            state=state_of(row.opens_at, row.closes_at, now), pool=row.pool, shares=row.shares,
            sharesLeft=row.shares - tallies[row.id]["claimed"], mine=_mine(mine.get(row.id)),
        )
        for row in rows
    ]  # fmt: skip


async def _take(db: Database, member: Principal, body: RedEnvelopeClaim) -> tuple[int, int]:
    """The member's share of the envelope: the one claimed before, or the next free one taken now."""
    merchant, account_id = member.merchant, str(member.account_id)
    for _ in range(TAKE_ROUNDS):
        try:
            async with db.transaction() as session:
                found = await repository.share_of(session, body.envelopeId, account_id)
                if found is not None and found.merchant == merchant:
                    return found.envelope_id, found.share_no
                row = await repository.envelope(session, merchant, body.envelopeId)
                if row is None or not live(row.review):
                    raise NotFound("envelope.not_found")
                state = state_of(row.opens_at, row.closes_at, await repository.now(session))
                if state is EnvelopeState.UPCOMING:
                    raise DomainError("envelope.not_open", status=409, opensAt=row.opens_at.isoformat())
                if state is EnvelopeState.CLOSED:
                    raise DomainError("envelope.closed", status=409)
                taken = await repository.take(session, row.id, account_id, body.requestId)
                if taken is not None:
                    return taken.envelope_id, taken.share_no
                if await repository.unclaimed(session, row.id) == 0:
                    raise DomainError("envelope.empty", status=409)
        except IntegrityError:  # the member's parallel claim took a share first: the next round finds it
            continue
        await asyncio.sleep(0.02)  # the shares left are being taken by others: some may be given back
    raise DomainError("envelope.empty", status=409)


async def claim(db: Database, nc: NATS, member: Principal, body: RedEnvelopeClaim) -> RedEnvelopeClaimRead:
    envelope_id, share_no = await _take(db, member, body)
    try:
        await pay(db, nc, envelope_id, share_no)
    except Exception:  # claimed and pending: the sweep pays it
        log.exception("red envelope %s share %s: asking the wallet failed; the sweep asks again", envelope_id, share_no)
    async with db.reader() as session:
        row = await repository.share(session, envelope_id, share_no)
    mine = _mine(row)
    assert mine is not None
    return RedEnvelopeClaimRead(envelopeId=envelope_id, **mine.model_dump())


# -- ops -----------------------------------------------------------------------------------------------------------


async def create(
    db: Database, nc: NATS, merchant: str, actor: Principal, body: NewRedEnvelope, ip: str | None
) -> OpsRedEnvelopeRead:
    """A new envelope, its pool split at random into its shares now; audited ``red_envelope.create``. A pool above
    the brand's dual-control amount (asked of the wallet) waits for a second person before members see it."""
    if body.closesAt <= body.opensAt or body.closesAt <= datetime.now(UTC):
        raise DomainError("envelope.window_invalid")
    if body.pool < body.shares:
        raise DomainError("envelope.pool_too_small", shares=body.shares)
    above = await money.dual_control_above(nc, merchant)
    amounts = split(body.pool, body.shares, _random)
    maker = actor_name(actor)
    async with db.transaction() as session:
        await audit.hold_maker(session, merchant, maker, "prizes")
        review = review_for(body.pool, above, await repository.made_alone_since(session, merchant, maker, today_utc()))
        row = await repository.add(session, RedEnvelope(
            merchant=merchant, names=body.names, pool=body.pool, shares=body.shares, opens_at=body.opensAt,
            closes_at=body.closesAt, created_by=maker, review=review,
        ), amounts)  # fmt: skip
        after = {"names": row.names, "pool": row.pool, "shares": row.shares, "opensAt": row.opens_at.isoformat(),
                 "closesAt": row.closes_at.isoformat(), "review": review}  # fmt: skip
        audit.record(session, merchant, actor, "red_envelope.create", f"red_envelope:{row.id}", reason=body.reason,
                     before=None, after=after, ip=ip)  # fmt: skip
        now = await repository.now(session)
        empty = {"claimed": 0, "claimedAmount": 0, "paid": 0, "paidAmount": 0}
        return _ops_read(row, empty, "TR", now)


async def check(
    db: Database, merchant: str, actor: Principal, envelope_id: int, body: CheckerDecision, ip: str | None
) -> OpsRedEnvelopeRead:
    """A second person confirms (members see it from now) or rejects (never shown) an envelope awaiting one; not its
    maker (``ops.same_person``); ``envelope.no_checker_needed`` (409) when none awaits; audited."""
    async with db.transaction() as session:
        row = await repository.envelope(session, merchant, envelope_id, lock=True)
        if row is None:
            raise NotFound("envelope.not_found")
        row.review = second_person_decides(row.review, row.created_by, actor, body.approve, body.reason, "envelope")
        row.checked_by = actor_name(actor)
        action = "red_envelope.confirm" if body.approve else "red_envelope.reject"
        audit.record(session, merchant, actor, action, f"red_envelope:{row.id}", reason=body.reason,
                     before={"review": Review.AWAITING}, after={"review": row.review, "pool": row.pool}, ip=ip)  # fmt: skip
        tallies = await repository.tallies(session, [row.id])
        return _ops_read(row, tallies[row.id], "TR", await repository.now(session))


async def envelopes(
    db: Database, merchant: str, page: Page, language: str, *, phase: PrizePhase | None = None,
    review: Review | None = None, order: PrizeOrder = PrizeOrder.NEWEST,
) -> PageRead[OpsRedEnvelopeRead]:  # fmt: skip
    async with db.reader() as session:
        now = await repository.now(session)
        rows, total = await repository.page(session, merchant, page, now=now, phase=phase, review=review, order=order)
        tallies = await repository.tallies(session, [row.id for row in rows])
    return page_of(page, [_ops_read(row, tallies[row.id], language, now) for row in rows], total)


# -- paying ------------------------------------------------------------------------------------------------------


async def pay(db: Database, nc: NATS, envelope_id: int, share_no: int) -> None:
    """Ask the wallet for a claimed share and settle it by the answer, under a lease of its row: paid; failed for a
    refusal that moved nothing (``money.NOTHING_MOVED``); any other answer, or none, leaves it pending for the sweep,
    which asks again under the same key (the wallet answers its stored original)."""
    async with db.transaction() as session:
        row = await repository.lease(session, envelope_id, share_no, LEASE_SECONDS)
    if row is None or row.account_id is None:
        return
    try:
        await money.reward(nc, row.merchant, row.account_id, row.amount, transaction_id(envelope_id, share_no), REASON)
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            async with db.transaction() as session:
                await repository.settle(session, envelope_id, share_no, PayoutStatus.FAILED, refused.code[:64])
            return
        log.warning("red envelope %s share %s: the wallet answered %s", envelope_id, share_no, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("red envelope %s share %s not paid yet: %s", envelope_id, share_no, unanswered.code)
    else:
        async with db.transaction() as session:
            await repository.settle(session, envelope_id, share_no, PayoutStatus.PAID, None)
        return
    async with db.transaction() as session:
        await repository.release(session, envelope_id, share_no)


async def sweep(db: Database, nc: NATS, older_than: timedelta, limit: int = 100) -> int:
    """Ask again for every share claimed and left pending longer than ``older_than``; how many were asked."""
    async with db.reader() as session:
        found = await repository.pending(session, await repository.now(session) - older_than, limit)
    for envelope_id, share_no in found:
        try:
            await pay(db, nc, envelope_id, share_no)
        except Exception:
            log.exception("red envelope %s share %s: asking the wallet failed; next round", envelope_id, share_no)
    return len(found)
