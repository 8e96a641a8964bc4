"""The queries of the aggregator's game sessions, rounds and transactions, in the caller's transaction. Lock order: a
round's row first, then a bet's, so a bet, a win, a rollback and a close of one round take turns and never deadlock.
A round closed (or revised after its close) answers the settled bet it makes; the service records it
(``records.service``) in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, delete, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from games_service.aggregator.domain import (
    BET,
    DROPPED,
    HUB88,
    PAID_WINS,
    PENDING,
    PLACED,
    ROLLBACK_TARGETS,
    ROLLED_BACK,
    UNKNOWN,
    WIN,
    WON,
    Hub88Refusal,
    Movement,
    round_totals,
    settles,
)
from games_service.aggregator.models import VendorRound, VendorSession, VendorTransaction
from games_service.catalogue.models import Game
from games_service.records.domain import SettledBet


@dataclass(frozen=True)
class RoundState:
    round_id: str
    won: bool
    closed: bool


@dataclass(frozen=True)
class Stored:
    """A transaction already claimed under an id."""

    kind: str
    state: str
    account_id: str
    round_id: str
    game_code: str
    currency: str
    amount: int
    reference_uuid: str | None

    def asks(self, movement: Movement) -> bool:
        return movement.same_as(
            self.kind, self.account_id, self.round_id, self.game_code, self.currency, self.amount,
            self.reference_uuid,
        )  # fmt: skip


def open_session(
    session: AsyncSession, token_hash: str, merchant: str, account_id: str, player_name: str, currency: str,
    game: Game, expires_at: datetime, portal_session: str | None,
) -> None:  # fmt: skip
    """A game session of ``game`` for the player, written with the caller's transaction."""
    session.add(
        VendorSession(
            token_hash=token_hash, aggregator=HUB88, merchant=merchant, account_id=account_id,
            player_name=player_name, currency=currency, vendor=game.vendor, game_code=game.game_code,
            expires_at=expires_at, portal_session=portal_session,
        )
    )  # fmt: skip


async def game_session(session: AsyncSession, token_hash: str) -> VendorSession | None:
    """The game session of the token whose hash is ``token_hash``, live or not, of any aggregator."""
    return await session.get(VendorSession, token_hash)


async def remove_session(session: AsyncSession, token_hash: str) -> None:
    await session.execute(delete(VendorSession).where(VendorSession.token_hash == token_hash))


def _key(transaction_uuid: str) -> ColumnElement[bool]:
    return and_(VendorTransaction.aggregator == HUB88, VendorTransaction.transaction_uuid == transaction_uuid)


async def lock_round(session: AsyncSession, found: VendorSession, game: Game, round_id: str) -> RoundState:
    """The round's row, made at its first transaction and locked until the transaction ends. A round of another
    player is refused (Hub88's round ids are unique; it names no status for this)."""
    new = insert(VendorRound).values(
        aggregator=HUB88, round_id=round_id, merchant=found.merchant, account_id=found.account_id,
        player_name=found.player_name, vendor=found.vendor, game_code=game.game_code, game_type=game.game_type,
        currency=found.currency,
    )  # fmt: skip
    locked = new.on_conflict_do_update(  # a no-op update: it locks the row as an insert would
        index_elements=["aggregator", "round_id"], set_={"aggregator": new.excluded.aggregator}
    ).returning(VendorRound.account_id, VendorRound.won, VendorRound.closed_at)
    row = (await session.execute(locked)).one()
    if row.account_id != found.account_id:
        raise Hub88Refusal(UNKNOWN)
    return RoundState(round_id, row.won, row.closed_at is not None)


async def stored(session: AsyncSession, transaction_uuid: str, *, lock: bool = False) -> Stored | None:
    query = select(
        VendorTransaction.kind, VendorTransaction.state, VendorTransaction.account_id, VendorTransaction.round_id,
        VendorTransaction.game_code, VendorTransaction.currency, VendorTransaction.amount,
        VendorTransaction.reference_uuid,
    ).where(_key(transaction_uuid))  # fmt: skip
    row = (await session.execute(query.with_for_update() if lock else query)).one_or_none()
    return None if row is None else Stored(*row)


def add(session: AsyncSession, movement: Movement, found: VendorSession, game: Game, state: str) -> None:
    session.add(
        VendorTransaction(
            aggregator=HUB88, transaction_uuid=movement.transaction_uuid, kind=movement.kind, state=state,
            merchant=found.merchant, account_id=found.account_id, player_name=found.player_name,
            vendor=found.vendor, game_code=game.game_code, game_type=game.game_type, round_id=movement.round_id,
            currency=found.currency, amount=movement.amount, reference_uuid=movement.reference_uuid,
            is_free=movement.is_free, reward_uuid=movement.reward_uuid, promo=movement.promo,
        )
    )  # fmt: skip


async def set_state(session: AsyncSession, transaction_uuid: str, state: str, *, when: tuple[str, ...]) -> str | None:
    """Move a transaction to ``state`` if it is in one of ``when``; its state after (None: it was not)."""
    changed = await session.scalar(
        update(VendorTransaction)
        .where(_key(transaction_uuid), VendorTransaction.state.in_(when))
        .values(state=state)
        .returning(VendorTransaction.state)
    )
    return changed


async def drop_refused(session: AsyncSession, movement: Movement) -> bool:
    """A pending bet or win the wallet refused for good: kept as a tombstone (``dropped``: its id is never taken by
    another kind or content; the same one may be claimed again) that counts for nothing. A dropped win no longer
    marks its bet won (unless another win stands on it) nor its round won (unless a real win is left). Whether it
    was dropped now (then a closed round's record is to be revised: ``closed_round_standing``)."""
    if await set_state(session, movement.transaction_uuid, DROPPED, when=(PENDING,)) is None:
        return False
    if movement.kind == WIN:
        assert movement.reference_uuid is not None
        other_wins = (
            select(VendorTransaction.transaction_uuid)
            .where(
                VendorTransaction.aggregator == HUB88, VendorTransaction.kind == WIN,
                VendorTransaction.reference_uuid == movement.reference_uuid,
                VendorTransaction.state.in_(PAID_WINS),
            )
            .exists()
        )  # fmt: skip
        await session.execute(
            update(VendorTransaction)
            .where(_key(movement.reference_uuid), VendorTransaction.state == WON, ~other_wins)
            .values(state=PLACED)
        )
        await session.execute(
            update(VendorRound)
            .where(VendorRound.aggregator == HUB88, VendorRound.round_id == movement.round_id)
            .values(won=_paid_a_real_win(movement.round_id))
        )
    return True


def _paid_a_real_win(round_id: str) -> ColumnElement[bool]:
    """Whether the round has a win that pays something (not a promotion's, not dropped)."""
    return (
        select(VendorTransaction.transaction_uuid)
        .where(
            VendorTransaction.aggregator == HUB88, VendorTransaction.round_id == round_id,
            VendorTransaction.kind == WIN, VendorTransaction.amount > 0, ~VendorTransaction.promo,
            VendorTransaction.state.in_(PAID_WINS),
        )
        .exists()
    )  # fmt: skip


async def mark_won(session: AsyncSession, movement: Movement) -> bool:
    """The win's bet, of this player and round and not rolled back, marked won (its row locked)."""
    assert movement.reference_uuid is not None
    marked = await session.scalar(
        update(VendorTransaction)
        .where(
            _key(movement.reference_uuid), VendorTransaction.kind == BET,
            VendorTransaction.account_id == movement.account_id, VendorTransaction.round_id == movement.round_id,
            VendorTransaction.state.in_((PLACED, WON)),
        )
        .values(state=WON)
        .returning(VendorTransaction.state)
    )  # fmt: skip
    return marked is not None


async def round_won(session: AsyncSession, round_id: str) -> None:
    await session.execute(
        update(VendorRound).where(VendorRound.aggregator == HUB88, VendorRound.round_id == round_id).values(won=True)
    )


async def roll_back_bet(
    session: AsyncSession, found: VendorSession, game: Game, movement: Movement, round_id: str
) -> bool:
    """The rollback's bet marked rolled back (its row locked); a bet not seen yet is left rolled back, so it is
    refused when it comes. False: the bet was won."""
    assert movement.reference_uuid is not None
    marked = await session.scalar(
        insert(VendorTransaction)
        .values(
            aggregator=HUB88, transaction_uuid=movement.reference_uuid, kind=BET, state=ROLLED_BACK,
            merchant=found.merchant, account_id=found.account_id, player_name=found.player_name,
            vendor=found.vendor, game_code=game.game_code, game_type=game.game_type, round_id=round_id,
            currency=found.currency, amount=0,
        )
        .on_conflict_do_update(
            index_elements=["aggregator", "transaction_uuid"],
            set_={"state": ROLLED_BACK},
            where=(VendorTransaction.kind == BET) & (VendorTransaction.account_id == found.account_id)
            & VendorTransaction.state.in_(ROLLBACK_TARGETS),
        )
        .returning(VendorTransaction.state)
    )  # fmt: skip
    return marked is not None


async def _round(session: AsyncSession, round_id: str) -> VendorRound:
    found = await session.scalar(
        select(VendorRound).where(VendorRound.aggregator == HUB88, VendorRound.round_id == round_id).with_for_update()
    )
    assert found is not None
    return found


async def _totals(session: AsyncSession, round_id: str) -> tuple[int, int]:
    rows = await session.execute(
        select(VendorTransaction.kind, VendorTransaction.state, VendorTransaction.amount, VendorTransaction.promo)
        .where(VendorTransaction.aggregator == HUB88, VendorTransaction.round_id == round_id)
    )  # fmt: skip
    return round_totals((kind, state, amount, promo) for kind, state, amount, promo in rows)


def _settled(found: VendorRound, round_id: str, stake: int, win: int) -> SettledBet:
    return SettledBet(
        vendor=found.vendor, round_id=f"{HUB88}:{round_id}", merchant=found.merchant, account_id=found.account_id,
        player_name=found.player_name, game_type=found.game_type, game_code=found.game_code,
        currency=found.currency, stake=stake, valid_bet=stake, win=win, settled_at=datetime.now(UTC),
    )  # fmt: skip


async def close_round(session: AsyncSession, round_id: str) -> SettledBet | None:
    """Close the round, once: the bet it settles (its standing bets against its wins), to be recorded and announced
    in this transaction. None: closed already, or it staked and won nothing (it settles no bet)."""
    found = await _round(session, round_id)
    if found.closed_at is not None:
        return None
    found.closed_at = datetime.now(UTC)
    stake, win = await _totals(session, round_id)
    return _settled(found, round_id, stake, win) if settles(stake, win) else None


async def closed_round_standing(session: AsyncSession, round_id: str) -> tuple[SettledBet, bool] | None:
    """A closed round whose bet was rolled back or refused after it closed: its bet as it stands now, and whether
    anything stands (its record is kept, else removed). None: the round is not closed."""
    found = await _round(session, round_id)
    if found.closed_at is None:
        return None
    stake, win = await _totals(session, round_id)
    return _settled(found, round_id, stake, win), settles(stake, win)
