"""Raffles' use cases. Ops make a raffle (its seed derived under the key held outside the database, ``keys.SeedKeys``,
its SHA-256 published at once; audited); members claim one ticket each while it is open, once their stakes since the
opening's UTC day reach its minimum turnover (numbered in the order claimed, under the raffle's row lock, so a
repeated or parallel claim gets the one ticket); at the close the worker draws it once (a conditional update marks it
drawn in the transaction that writes the prizes and the seed, now revealed) with the portal's provably fair
construction keyed by the seed, then
asks the wallet for each prize under its own key (``rpc.wallet.reward``, reason ``raffle.prize``) under a lease of the
prize's row, as the conversions do: paid once, or left pending for the sweep to ask again, never lost."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.ops import repository as audit
from points_service.ops.domain import PrizeOrder, PrizePhase, Review, live, review_for, second_person_decides, today_utc
from points_service.ops.schemas import CheckerDecision
from points_service.raffles import repository
from points_service.raffles.domain import (
    PayoutStatus,
    RaffleState,
    context,
    how_to_verify,
    masked,
    name_in,
    shown_amount,
    state_of,
    transaction_id,
    turnover_days,
    turnover_in,
    turnover_short,
    winning_tickets,
)
from points_service.raffles.keys import SeedKeys
from points_service.raffles.models import Raffle, RafflePrize, RaffleTicket
from points_service.raffles.schemas import (
    NewRaffle,
    OpsRaffleRead,
    RafflePrizeRead,
    RaffleRead,
    RaffleTicketRead,
    RaffleTicketRequest,
    RaffleWinnerRead,
)
from portal_kit import money
from portal_kit.audit import actor_name
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.fairness import commitment
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

log = logging.getLogger("points.raffles")
REASON = "raffle.prize"
LEASE_SECONDS = 60.0  # above the wallet question's 5 s timeout: a lease never ends while its question is open
RECENT = timedelta(days=7)  # drawn raffles members still see
LISTED = 50


def _state(row: Raffle, now: datetime) -> RaffleState:
    return state_of(row.opens_at, row.closes_at, row.drawn_at is not None, now)


class _KeyNotHeld(Exception):
    """A raffle due is made under a key not held (or another key under its id): it is not drawn."""


def _read(
    row: Raffle, ticket: RaffleTicket | None, prizes: list[RafflePrize], turnover: int, account_id: str, language: str,
    now: datetime,
) -> RaffleRead:  # fmt: skip
    drawn = row.drawn_at is not None
    winners = [
        RaffleWinnerRead(place=p.place, amount=p.amount, ticketNo=p.ticket_no, username=masked(p.username),
                   me=p.account_id == account_id)
        for p in prizes
    ]  # fmt: skip
    return RaffleRead(
        raffleId=row.id, name=name_in(row.names, language), opensAt=row.opens_at, closesAt=row.closes_at,
        state=_state(row, now), prizes=list(row.prizes), tickets=row.tickets, minTurnover=row.min_turnover,
        myTurnover=turnover, myTicket=ticket.ticket_no if ticket else None, seedHash=row.seed_hash,
        context=context(row.id), seed=row.seed.hex() if drawn and row.seed else None, drawnAt=row.drawn_at, winners=winners,
        howToVerify=how_to_verify(language, row.tickets, row.id) if drawn else None,
    )  # fmt: skip


def _ops_read(row: Raffle, prizes: list[RafflePrize], language: str, now: datetime) -> OpsRaffleRead:
    drawn = row.drawn_at is not None
    winners = [
        RafflePrizeRead(place=p.place, amount=p.amount, ticketNo=p.ticket_no, accountId=p.account_id, username=p.username,
                  status=PayoutStatus(p.status), error=p.error, paidAt=p.paid_at)
        for p in prizes
    ]  # fmt: skip
    return OpsRaffleRead(
        raffleId=row.id, name=name_in(row.names, language), names=row.names, opensAt=row.opens_at,
        closesAt=row.closes_at, state=_state(row, now), prizes=list(row.prizes), minTurnover=row.min_turnover,
        tickets=row.tickets, seedHash=row.seed_hash, seedKeyId=row.seed_key_id,
        seed=row.seed.hex() if drawn and row.seed else None, drawnAt=row.drawn_at, winners=winners,
        createdBy=row.created_by, createdAt=row.created_at, review=Review(row.review), checkedBy=row.checked_by,
    )  # fmt: skip


# -- members -------------------------------------------------------------------------------------------------------


async def listed(db: Database, member: Principal, language: str) -> list[RaffleRead]:
    """The brand's raffles open or to come, and those closed in the last week, with the member's ticket and turnover
    (their stakes by day read once, for the earliest opening listed)."""
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.reader() as session:
        now = await repository.now(session)
        rows = await repository.listed(session, merchant, now - RECENT, LISTED)
        ids = [row.id for row in rows]
        mine = await repository.tickets_of(session, ids, account_id)
        prizes = await repository.prizes(session, ids)
        windows = {row.id: turnover_days(row.opens_at, row.closes_at, now) for row in rows}
        first, last = min((w[0] for w in windows.values()), default=now.date()), now.astimezone(UTC).date()
        stakes = await repository.stakes_by_day(session, merchant, account_id, first, last) if rows else {}
    return [
        _read(row, mine.get(row.id), prizes[row.id], turnover_in(stakes, *windows[row.id]), account_id, language, now)
        for row in rows
    ]


async def claim(db: Database, member: Principal, body: RaffleTicketRequest) -> RaffleTicketRead:
    """One ticket a member while the raffle is open and their stakes since its opening's UTC day reach its minimum
    turnover (``raffle.turnover_short`` otherwise, nothing written): the raffle's row locked, so claims are numbered one
    at a time and the member's second (or parallel) claim finds the first's ticket."""
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.transaction() as session:
        row = await repository.raffle(session, merchant, body.raffleId, lock=True)
        if row is None or not live(row.review):
            raise NotFound("raffle.not_found")
        ticket = await repository.ticket_of(session, row.id, account_id)
        if ticket is None:
            now = await repository.now(session)
            state = _state(row, now)
            if state is RaffleState.UPCOMING:
                raise DomainError("raffle.not_open", status=409, opensAt=row.opens_at.isoformat())
            if state is not RaffleState.OPEN:
                raise DomainError("raffle.closed", status=409)
            if row.min_turnover > 0:
                await _check_turnover(session, row, merchant, account_id, now)
            row.tickets += 1
            ticket = await repository.add_ticket(session, RaffleTicket(
                raffle_id=row.id, ticket_no=row.tickets, merchant=merchant, account_id=account_id,
                username=member.username, request_id=body.requestId,
            ))  # fmt: skip
        return RaffleTicketRead(raffleId=row.id, ticketNo=ticket.ticket_no, seedHash=row.seed_hash,
                          claimedAt=ticket.created_at)  # fmt: skip


async def _check_turnover(session: AsyncSession, row: Raffle, merchant: str, account_id: str, now: datetime) -> None:
    first, last = turnover_days(row.opens_at, row.closes_at, now)
    turnover = turnover_in(await repository.stakes_by_day(session, merchant, account_id, first, last), first, last)
    if turnover_short(row.min_turnover, turnover):
        raise DomainError(
            "raffle.turnover_short", status=409, value={"minTurnover": row.min_turnover, "turnover": turnover},
            needed=shown_amount(row.min_turnover), current=shown_amount(turnover),
        )  # fmt: skip


# -- ops -----------------------------------------------------------------------------------------------------------


async def create(
    db: Database, nc: NATS, keys: SeedKeys, merchant: str, actor: Principal, body: NewRaffle, ip: str | None
) -> OpsRaffleRead:
    """A new raffle, its seed derived under the current key from its id (never stored: only its commitment and the
    key's id until the draw); audited ``raffle.create`` (the commitment recorded with it). Prizes above the brand's
    dual-control amount together (asked of the wallet) wait for a second person: unseen by members, never drawn."""
    if body.closesAt <= body.opensAt or body.closesAt <= datetime.now(UTC):
        raise DomainError("raffle.window_invalid")
    above = await money.dual_control_above(nc, merchant)
    maker = actor_name(actor)
    async with db.transaction() as session:
        await audit.hold_maker(session, merchant, maker, "prizes")
        alone = await repository.made_alone_since(session, merchant, maker, today_utc())
        review = review_for(sum(body.prizes), above, alone)
        row = await repository.add(session, Raffle(
            merchant=merchant, names=body.names, opens_at=body.opensAt, closes_at=body.closesAt,
            prizes=list(body.prizes), min_turnover=body.minTurnover, seed=None, seed_key_id=keys.current_id,
            seed_hash="", tickets=0, created_by=maker, review=review,
        ))  # fmt: skip
        row.seed_hash = commitment(keys.new_seed(row.id))  # the seed is named by the id, known once inserted
        after = {"names": row.names, "opensAt": row.opens_at.isoformat(), "closesAt": row.closes_at.isoformat(),
                 "prizes": row.prizes, "minTurnover": row.min_turnover, "seedKeyId": row.seed_key_id,
                 "seedHash": row.seed_hash, "review": review}  # fmt: skip
        audit.record(session, merchant, actor, "raffle.create", f"raffle:{row.id}", reason=body.reason,
                     before=None, after=after, ip=ip)  # fmt: skip
        now = await repository.now(session)
        return _ops_read(row, [], "TR", now)


async def check(
    db: Database, merchant: str, actor: Principal, raffle_id: int, body: CheckerDecision, ip: str | None
) -> OpsRaffleRead:
    """A second person confirms (members see it, the worker draws it) or rejects (never shown nor drawn) a raffle
    awaiting one; not its maker (``ops.same_person``); ``raffle.no_checker_needed`` (409) when none awaits; audited."""
    async with db.transaction() as session:
        row = await repository.raffle(session, merchant, raffle_id, lock=True)
        if row is None:
            raise NotFound("raffle.not_found")
        row.review = second_person_decides(row.review, row.created_by, actor, body.approve, body.reason, "raffle")
        row.checked_by = actor_name(actor)
        action = "raffle.confirm" if body.approve else "raffle.reject"
        audit.record(session, merchant, actor, action, f"raffle:{row.id}", reason=body.reason,
                     before={"review": Review.AWAITING}, after={"review": row.review, "prizes": row.prizes}, ip=ip)  # fmt: skip
        return _ops_read(row, [], "TR", await repository.now(session))


async def raffles(
    db: Database, merchant: str, page: Page, language: str, *, phase: PrizePhase | None = None,
    review: Review | None = None, order: PrizeOrder = PrizeOrder.NEWEST,
) -> PageRead[OpsRaffleRead]:  # fmt: skip
    async with db.reader() as session:
        now = await repository.now(session)
        rows, total = await repository.page(session, merchant, page, now=now, phase=phase, review=review, order=order)
        prizes = await repository.prizes(session, [row.id for row in rows])
    return page_of(page, [_ops_read(row, prizes[row.id], language, now) for row in rows], total)


# -- the draw and the prizes (the worker) ----------------------------------------------------------------------------


def _seed_of(keys: SeedKeys, row: Raffle) -> bytes:
    """A raffle's seed: stored (made before the keys) or derived under the key it was made under."""
    if row.seed is not None:
        return row.seed
    seed = keys.seed(row.seed_key_id, row.id, row.seed_hash) if row.seed_key_id else None
    if seed is None:
        raise _KeyNotHeld(row.seed_key_id)
    return seed


async def draw(db: Database, keys: SeedKeys, raffle_id: int) -> bool:
    """Draw a raffle past its close, once: marked drawn by a conditional update in the transaction that writes its
    prizes and its seed, revealed now (a second worker's update waits for it, then finds it drawn). A raffle made
    under a key not held (or another key under its id) is left undrawn, loudly, until its key is given back. Whether
    this call drew it."""
    try:
        async with db.transaction() as session:
            row = await repository.mark_drawn(session, raffle_id)
            if row is None:
                return False
            row.seed = _seed_of(keys, row)
            drawn = await _award(session, row, row.seed)
    except _KeyNotHeld as missing:
        log.error("raffle %s not drawn: the key %s it was made under is not held (POINTS_SEED_KEY, POINTS_OLD_SEED_KEYS)"
                  " or is another key than it was made under", raffle_id, missing)  # fmt: skip
        return False
    log.info("raffle %s drawn: tickets %s won", raffle_id, drawn)
    return True


async def _award(session: AsyncSession, row: Raffle, seed: bytes) -> list[int]:
    """The prizes of a raffle being drawn, written pending payment; the winning tickets."""
    held = {t.ticket_no: t for t in await repository.tickets(session, row.id)}
    drawn = winning_tickets(seed, row.id, row.tickets, len(row.prizes))
    await repository.add_prizes(session, [
        {"raffle_id": row.id, "place": place, "merchant": row.merchant, "amount": amount, "ticket_no": number,
         "account_id": held[number].account_id, "username": held[number].username, "status": PayoutStatus.PENDING}
        for place, (amount, number) in enumerate(zip(row.prizes, drawn, strict=False), start=1)
    ])  # fmt: skip
    return drawn


async def pay(db: Database, nc: NATS, raffle_id: int, place: int) -> None:
    """Ask the wallet for a pending prize and settle it by the answer, under a lease of its row (no transaction held
    open across the question): paid; failed for a refusal that moved nothing (``money.NOTHING_MOVED``); any other
    answer, or none, leaves it pending for the sweep, which asks again under the same key."""
    async with db.transaction() as session:
        row = await repository.lease(session, raffle_id, place, LEASE_SECONDS)
    if row is None:
        return
    key = transaction_id(raffle_id, place)
    try:
        await money.reward(nc, row.merchant, row.account_id, row.amount, key, REASON)
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            async with db.transaction() as session:
                await repository.settle(session, raffle_id, place, PayoutStatus.FAILED, refused.code[:64])
            return
        log.warning("raffle %s prize %s: the wallet answered %s; asked again later", raffle_id, place, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("raffle %s prize %s not paid yet: %s", raffle_id, place, unanswered.code)
    else:
        async with db.transaction() as session:
            await repository.settle(session, raffle_id, place, PayoutStatus.PAID, None)
        return
    async with db.transaction() as session:  # the question is over: the next round may ask
        await repository.release(session, raffle_id, place)


async def _pay_all(db: Database, nc: NATS, prizes: list[tuple[int, int]]) -> None:
    for raffle_id, place in prizes:
        try:
            await pay(db, nc, raffle_id, place)
        except Exception:
            log.exception("raffle %s prize %s: asking the wallet failed; next round", raffle_id, place)


async def draw_due(db: Database, nc: NATS, keys: SeedKeys, limit: int = 20) -> int:
    """Draw every raffle past its close and ask the wallet for its prizes at once; how many this call drew."""
    async with db.reader() as session:
        ids = await repository.due(session, limit)
    drawn = 0
    for raffle_id in ids:
        if await draw(db, keys, raffle_id):
            drawn += 1
            async with db.reader() as session:
                prizes = list(await repository.pending_of(session, raffle_id))
            await _pay_all(db, nc, prizes)
    return drawn


async def sweep(db: Database, nc: NATS, older_than: timedelta, limit: int = 100) -> int:
    """Ask again for every prize left pending longer than ``older_than``; how many were asked."""
    async with db.reader() as session:
        found = list(await repository.pending(session, await repository.now(session) - older_than, limit))
    await _pay_all(db, nc, found)
    return len(found)
