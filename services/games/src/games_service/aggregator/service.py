"""The operator side of Hub88's Wallet API: sessions opened at launch, and bets, wins and rollbacks booked
through the wallet's money API under ids derived from Hub88's ``transaction_uuid``.

Each transaction is claimed first (``vendor_transaction``, in a transaction that locks its round and then its
bet), the wallet moves the money after (it answers a repeated id with the original), and a last transaction
records the outcome and closes the round when Hub88 says so. So an id is used once across kinds, a win and a
rollback of one bet take turns, a repeated call moves the money under the same id again, and a round's record
is written once. A refusal is a ``Hub88Refusal`` carrying its ``RS_ERROR_*`` status. Its one HTTP client is an
adapter to an external provider: Hub88's Games API (``games_api_client``), never another service."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import httpx
from cryptography.hazmat.primitives.asymmetric import rsa
from nats.aio.client import Client as NATS
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.aggregator import repository
from games_service.aggregator.domain import (
    BET,
    DONE,
    DROPPED,
    DUPLICATE_TRANSACTION,
    HUB88,
    INVALID_GAME,
    INVALID_TOKEN,
    PENDING,
    PLACED,
    ROLLBACK,
    ROLLED_BACK,
    ROUND_CLOSED,
    ROUND_HAS_WIN,
    TOKEN_EXPIRED,
    TRANSACTION_DOES_NOT_EXIST,
    TRANSACTION_ROLLED_BACK,
    UNKNOWN,
    WALLET_REFUSALS,
    WIN,
    WRONG_CURRENCY,
    Hub88Refusal,
    Movement,
    parse_user,
    promotion_record_id,
    stake_of,
    to_minor,
    user_of,
    wallet_id,
)
from games_service.aggregator.models import VendorSession
from games_service.aggregator.schemas import (
    BetRequest,
    GameUrlAnswer,
    GameUrlRequest,
    RollbackRequest,
    WinRequest,
)
from games_service.aggregator.signature import sign
from games_service.catalogue import service as catalogue
from games_service.catalogue.models import Game
from games_service.records import service as records
from games_service.records.domain import SettledBet
from portal_kit import money as wallet
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import SessionStore

T = TypeVar("T")
Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Hub88Calls:
    """What a Wallet API call reaches beyond its body: the database, the wallet's money API, the portal's
    sessions (a bet's game session ends with the portal session that launched it) and the clock game sessions
    expire by (the tests move it)."""

    db: Database
    nc: NATS
    sessions: SessionStore
    clock: Clock


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(
    db: Database, merchant: str, account_id: str, player_name: str, currency: str, game: Game, minutes: float,
    *, portal_session: str | None, clock: Clock = system_clock,
) -> tuple[str, str]:  # fmt: skip
    """A game session for ``game`` (launch), tied to the portal session (its key) that launched it: the token
    the aggregator will call back with, and the user."""
    token = secrets.token_urlsafe(32)
    async with db.transaction() as session:
        repository.open_session(
            session, _hash(token), merchant, account_id, player_name, currency, game,
            clock() + timedelta(minutes=minutes), portal_session,
        )  # fmt: skip
    return token, user_of(merchant, account_id)


async def _session(db: Database, token: str, user: str) -> VendorSession:
    """The session behind ``token`` for ``user``, live or not."""
    async with db.reader() as reader:
        found = await repository.game_session(reader, _hash(token))
    if found is None or found.aggregator != HUB88 or user_of(found.merchant, found.account_id) != user:
        raise Hub88Refusal(INVALID_TOKEN)
    return found


async def _live(calls: Hub88Calls, found: VendorSession) -> None:
    """A session that takes bets: not expired, and the portal session that launched it has not ended (logout,
    a password change or reset elsewhere, the account disabled)."""
    if found.expires_at <= calls.clock():
        raise Hub88Refusal(TOKEN_EXPIRED)
    if found.portal_session is not None and not await calls.sessions.alive(found.portal_session):
        raise Hub88Refusal(TOKEN_EXPIRED)


async def _wallet(call: Awaitable[T]) -> T:
    """Await a wallet call, its refusal as a Hub88 status."""
    try:
        return await call
    except wallet.Refused as refused:
        raise Hub88Refusal(WALLET_REFUSALS.get(refused.code, UNKNOWN)) from None
    except DomainError:  # the wallet did not answer: Hub88 retries (or rolls back) with the same ids
        raise Hub88Refusal(UNKNOWN) from None


async def balance(nc: NATS, merchant: str, account_id: str, vendor: str | None = None) -> tuple[int, str]:
    """The balance of the wallet a vendor's rounds use: the vendor's own in a transfer-mode brand, else main."""
    return await _wallet(wallet.balance(nc, merchant, account_id, vendor=vendor))


async def user_balance(calls: Hub88Calls, token: str, user: str) -> tuple[int, str]:
    found = await _session(calls.db, token, user)
    await _live(calls, found)
    return await balance(calls.nc, found.merchant, found.account_id, found.vendor)


async def player_balance(db: Database, nc: NATS, user: str, token: str | None) -> tuple[int, str]:
    """The balance a refusal tells Hub88: of the wallet the token's game session plays from (main without one)."""
    merchant, account_id = parse_user(user)
    vendor = None
    if token:
        async with db.reader() as reader:
            found = await repository.game_session(reader, _hash(token))
        if found is not None and (found.merchant, found.account_id) == (merchant, account_id):
            vendor = found.vendor
    return await balance(nc, merchant, account_id, vendor)


async def _game(db: Database, found: VendorSession, game_code: str) -> Game:
    """A game of the session's vendor (a lobby vendor may switch games within one session)."""
    game = await catalogue.vendor_game(db, found.merchant, found.vendor, game_code)
    if game is None:
        raise Hub88Refusal(INVALID_GAME)
    return game


def _currency(currency: str, found: VendorSession) -> None:
    if currency != found.currency:
        raise Hub88Refusal(WRONG_CURRENCY)


async def _asked_before(db: Database, transaction_uuid: str) -> bool:
    async with db.reader() as reader:
        return await repository.stored(reader, transaction_uuid) is not None


async def _drop_refused(calls: Hub88Calls, found: VendorSession, game: Game, movement: Movement) -> None:
    """A bet or win the wallet refused for good: its claim becomes a tombstone, and a closed round's record says
    what stands without it."""
    async with calls.db.transaction() as session:
        await repository.lock_round(session, found, game, movement.round_id)
        if await repository.drop_refused(session, movement):
            await _revise_closed_round(session, movement.round_id)


async def _close_round(session: AsyncSession, round_id: str) -> None:
    """Close the round, once: its bet record (its standing bets against its wins) and ``games.bet.settled.v1``.
    A round that staked and won nothing settles no bet."""
    settled = await repository.close_round(session, round_id)
    if settled is not None:
        await records.add(session, settled)


async def _revise_closed_round(session: AsyncSession, round_id: str) -> None:
    """A closed round whose bet was rolled back (or refused) after it closed: its record says what stands now."""
    standing = await repository.closed_round_standing(session, round_id)
    if standing is not None:
        settled, keep = standing
        await records.revise(session, settled, keep=keep)


async def _settle_promotion(session: AsyncSession, found: VendorSession, movement: Movement, game: Game) -> None:
    """A supplier's promotion payout is a settled bet of its own (no stake, its win), once."""
    await records.add(
        session,
        SettledBet(
            vendor=found.vendor, round_id=f"{HUB88}:{promotion_record_id(movement.transaction_uuid)}",
            merchant=found.merchant, account_id=found.account_id, player_name=found.player_name,
            game_type=game.game_type, game_code=game.game_code, currency=found.currency, stake=0, valid_bet=0,
            win=movement.amount, settled_at=datetime.now(UTC),
        ),
    )  # fmt: skip


async def bet(calls: Hub88Calls, request: BetRequest) -> tuple[int, str]:
    """Take a stake. A free bet (``is_free``, a reward), a supplier's promotion (which Hub88 treats as a free bet,
    whatever its amount) or any bet of 0 moves no money (the wallet refuses an amount of 0) and is recorded all the
    same, so its win and rollback find it. A promotion is taken on a session past its expiry, as Hub88 asks, and so
    is a bet asked again (the session checked when it first came): it answers as it did."""
    found = await _session(calls.db, request.token, request.user)
    promotion = bool(request.is_supplier_promo)
    free = bool(request.is_free) or promotion
    if not promotion and not await _asked_before(calls.db, request.transaction_uuid):
        await _live(calls, found)
    game = await _game(calls.db, found, request.game_code)
    _currency(request.currency, found)
    movement = Movement(
        BET, request.transaction_uuid, found.account_id, request.round, game.game_code, found.currency,
        stake_of(request.amount, free), is_free=free, reward_uuid=request.reward_uuid, promo=promotion,
        round_closed=bool(request.round_closed),
    )  # fmt: skip
    async with calls.db.transaction() as session:
        await _claim_bet(session, found, game, movement)
    if movement.moves_money:
        try:
            after, _ = await _move(calls, found, movement, wallet.debit)
        except Hub88Refusal as refusal:
            if refusal.status != UNKNOWN:  # refused for good: the claim is dropped, the same bet may come again
                await _drop_refused(calls, found, game, movement)
            raise
    else:
        after, _ = await balance(calls.nc, found.merchant, found.account_id, found.vendor)
    async with calls.db.transaction() as session:
        await repository.lock_round(session, found, game, movement.round_id)
        if await repository.set_state(session, movement.transaction_uuid, PLACED, when=(PENDING,)) is None:
            now = await repository.stored(session, movement.transaction_uuid)
            if now is None or now.state == ROLLED_BACK:  # a rollback came meanwhile: the wallet gave it back
                raise Hub88Refusal(TRANSACTION_ROLLED_BACK)
        if movement.round_closed:
            await _close_round(session, movement.round_id)
    return after, found.currency


async def _claim_bet(session: AsyncSession, found: VendorSession, game: Game, movement: Movement) -> None:
    round_ = await repository.lock_round(session, found, game, movement.round_id)
    earlier = await repository.stored(session, movement.transaction_uuid, lock=True)
    if earlier is not None:
        if earlier.kind == BET and earlier.state == ROLLED_BACK and earlier.account_id == found.account_id:
            raise Hub88Refusal(TRANSACTION_ROLLED_BACK)  # rolled back, or a rollback came before it
        if not earlier.asks(movement):
            raise Hub88Refusal(DUPLICATE_TRANSACTION)
        if earlier.state != DROPPED:
            return  # asked again: the wallet answers the original
    if round_.closed and not movement.promo:
        raise Hub88Refusal(ROUND_CLOSED)
    state = PENDING if movement.moves_money else PLACED
    if earlier is None:
        repository.add(session, movement, found, game, state)
    else:  # refused for good before, asked again: claimed again
        await repository.set_state(session, movement.transaction_uuid, state, when=(DROPPED,))


async def _move(
    calls: Hub88Calls, found: VendorSession, movement: Movement, call: Callable[..., Awaitable[int]]
) -> tuple[int, str]:
    after = await _wallet(
        call(
            calls.nc, found.merchant, found.account_id, found.currency, movement.amount,
            wallet_id(movement.transaction_uuid), vendor=found.vendor,
        )
    )  # fmt: skip
    return after, found.currency


async def win(calls: Hub88Calls, request: WinRequest) -> tuple[int, str]:
    """Pay a win of a bet of this round that stands (not rolled back, not pending): a free round's win is real
    money from the house. Taken after the session expired or ended, as the protocol requires; refused once the
    round closed, except a supplier's promotion, which is a settled bet of its own."""
    found = await _session(calls.db, request.token, request.user)
    game = await _game(calls.db, found, request.game_code)
    _currency(request.currency, found)
    movement = Movement(
        WIN, request.transaction_uuid, found.account_id, request.round, game.game_code, found.currency,
        to_minor(request.amount), reference_uuid=request.reference_transaction_uuid,
        is_free=bool(request.is_free), promo=bool(request.is_supplier_promo), round_closed=bool(request.round_closed),
    )  # fmt: skip
    async with calls.db.transaction() as session:
        await _claim_win(session, found, game, movement)
    if movement.moves_money:
        try:
            after, _ = await _move(calls, found, movement, wallet.credit)
        except Hub88Refusal as refusal:
            if refusal.status != UNKNOWN:  # refused for good: no longer counted as paid
                await _drop_refused(calls, found, game, movement)
            raise
    else:  # a losing round closes with a win of 0: nothing to book in the wallet
        after, _ = await balance(calls.nc, found.merchant, found.account_id, found.vendor)
    async with calls.db.transaction() as session:
        await repository.lock_round(session, found, game, movement.round_id)
        if await repository.set_state(session, movement.transaction_uuid, DONE, when=(PENDING,)) and movement.promo:
            await _settle_promotion(session, found, movement, game)
        if movement.round_closed:
            await _close_round(session, movement.round_id)
    return after, found.currency


async def _claim_win(session: AsyncSession, found: VendorSession, game: Game, movement: Movement) -> None:
    round_ = await repository.lock_round(session, found, game, movement.round_id)
    earlier = await repository.stored(session, movement.transaction_uuid, lock=True)
    if earlier is not None:
        if not earlier.asks(movement):
            raise Hub88Refusal(DUPLICATE_TRANSACTION)
        if earlier.state != DROPPED:
            return  # asked again: the wallet answers the original
    if round_.closed and not movement.promo:
        raise Hub88Refusal(ROUND_CLOSED)
    if not await repository.mark_won(session, movement):  # unknown, pending, rolled back or another's
        raise Hub88Refusal(TRANSACTION_DOES_NOT_EXIST)
    if movement.amount > 0 and not movement.promo:  # a win of 0 (a lost round closing) wins nothing
        await repository.round_won(session, movement.round_id)
    if earlier is None:
        repository.add(session, movement, found, game, PENDING)
    else:  # refused for good before, asked again: claimed again
        await repository.set_state(session, movement.transaction_uuid, PENDING, when=(DROPPED,))


async def rollback(calls: Hub88Calls, request: RollbackRequest) -> tuple[int, str]:
    """Give back a bet, once: the bet is marked rolled back first (a bet not seen yet gets the mark, so it is
    refused if it comes), then the wallet reverses it (or leaves its own tombstone). A bet of a round with a win
    is not given back. Taken after the session expired or ended, as the protocol requires."""
    known = await _session(calls.db, request.token, request.user)
    game = await _game(calls.db, known, request.game_code)
    movement = Movement(
        ROLLBACK, request.transaction_uuid, known.account_id, request.round, game.game_code, known.currency, 0,
        reference_uuid=request.reference_transaction_uuid, round_closed=bool(request.round_closed),
    )  # fmt: skip
    async with calls.db.transaction() as session:
        await _claim_rollback(session, known, game, movement)
    await _wallet(wallet.rollback(calls.nc, known.merchant, wallet_id(request.reference_transaction_uuid)))
    return await balance(calls.nc, known.merchant, known.account_id, known.vendor)


async def _claim_rollback(session: AsyncSession, known: VendorSession, game: Game, movement: Movement) -> None:
    assert movement.reference_uuid is not None
    target = await repository.stored(session, movement.reference_uuid)
    if target is not None and (target.kind != BET or target.account_id != known.account_id):
        raise Hub88Refusal(TRANSACTION_DOES_NOT_EXIST)  # a win, a rollback, or another player's
    round_id = target.round_id if target is not None else movement.round_id
    round_ = await repository.lock_round(session, known, game, round_id)
    earlier = await repository.stored(session, movement.transaction_uuid, lock=True)
    if earlier is not None:
        if not earlier.asks(movement):
            raise Hub88Refusal(DUPLICATE_TRANSACTION)
        return  # asked again: the wallet's rollback is asked again too, and answers the original
    if round_.won or not await repository.roll_back_bet(session, known, game, movement, round_id):
        raise Hub88Refusal(ROUND_HAS_WIN)
    repository.add(session, movement, known, game, DONE)
    if round_.closed:
        await _revise_closed_round(session, round_id)
    if movement.round_closed:
        await _close_round(session, round_id)


def games_api_client(url: str) -> httpx.AsyncClient:
    """The operator's client of Hub88's Games API (outside the portal; the simulator in development)."""
    return httpx.AsyncClient(base_url=url, timeout=10)


@dataclass(frozen=True)
class Hub88Operator:
    """Who the portal is to Hub88: the operator id Hub88 gave it and the key that signs its Games API calls."""

    operator_id: int
    key: rsa.RSAPrivateKey | None


async def game_url(
    db: Database, http: httpx.AsyncClient, operator: Hub88Operator, lobby_url: str, merchant: str, account_id: str,
    player_name: str, currency: str, game: Game, language: str, minutes: float, *, portal_session: str | None,
    clock: Clock = system_clock,
) -> str:  # fmt: skip
    """Launch ``game`` through Hub88: a game session for the player, tied to the portal session that launches
    it, then the game's address from Hub88's Games API, the body signed with the operator's key (the game
    calls the wallet API back with the session's token). A refused or failed call leaves no session behind."""
    if operator.key is None:
        raise DomainError("game.unavailable", status=409)
    token, user = await open_session(
        db, merchant, account_id, player_name, currency, game, minutes, portal_session=portal_session, clock=clock
    )
    request = GameUrlRequest(
        user=user, token=token, sub_partner_id=merchant, operator_id=operator.operator_id, lobby_url=lobby_url,
        lang=language.lower(), game_code=game.game_code, currency=currency,
    )  # fmt: skip
    raw = request.model_dump_json().encode()
    headers = {"X-Hub88-Signature": sign(operator.key, raw), "Content-Type": "application/json"}
    try:
        answer = await http.post("/operator/generic/v2/game/url", content=raw, headers=headers)
        answer.raise_for_status()
        return GameUrlAnswer.model_validate_json(answer.content).url
    except (httpx.HTTPError, ValidationError):
        async with db.transaction() as session:
            await repository.remove_session(session, _hash(token))
        raise DomainError("game.unavailable", status=409) from None
