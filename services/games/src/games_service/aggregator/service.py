"""The operator side of Hub88's Wallet API: sessions opened at launch, and bets, wins and rollbacks booked
through the wallet's money API under ids derived from Hub88's ``transaction_uuid`` (the wallet answers a
replay with the original, refuses the same id for another movement, and leaves a tombstone when a rollback
comes before its bet). A refusal is a ``Hub88Refusal`` carrying its ``RS_ERROR_*`` status. Its one HTTP client
is an adapter to an external provider: Hub88's Games API (``games_api_client``), never another service."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import httpx
from cryptography.hazmat.primitives.asymmetric import rsa
from nats.aio.client import Client as NATS
from pydantic import ValidationError
from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.aggregator.domain import (
    HUB88,
    INVALID_GAME,
    INVALID_TOKEN,
    TOKEN_EXPIRED,
    TRANSACTION_DOES_NOT_EXIST,
    TRANSACTION_ROLLED_BACK,
    UNKNOWN,
    WALLET_REFUSALS,
    WRONG_CURRENCY,
    Hub88Refusal,
    parse_user,
    to_minor,
    user_of,
    wallet_id,
)
from games_service.aggregator.models import VendorSession, VendorTransaction
from games_service.aggregator.schemas import (
    BetRequest,
    GameUrlAnswer,
    GameUrlRequest,
    RollbackRequest,
    TransactionRequest,
    WinRequest,
)
from games_service.aggregator.signature import sign
from games_service.catalogue.models import Game
from games_service.records import service as records
from games_service.records.domain import SettledBet
from portal_kit import money as wallet
from portal_kit.db import Database
from portal_kit.errors import DomainError

BET, WIN = "bet", "win"
T = TypeVar("T")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


async def open_session(
    db: Database, merchant: str, account_id: str, player_name: str, currency: str, game: Game, minutes: float
) -> tuple[str, str]:
    """A game session for ``game`` (launch): the token the aggregator will call back with, and the user."""
    token = secrets.token_urlsafe(32)
    async with db.transaction() as session:
        session.add(
            VendorSession(
                token_hash=_hash(token), aggregator=HUB88, merchant=merchant, account_id=account_id,
                player_name=player_name, currency=currency, vendor=game.vendor, game_code=game.game_code,
                expires_at=datetime.now(UTC) + timedelta(minutes=minutes),
            )
        )  # fmt: skip
    return token, user_of(merchant, account_id)


async def _session(db: Database, token: str, user: str, *, live: bool) -> VendorSession:
    """The session behind ``token`` for ``user``; with ``live``, one that has not expired (bets, balance)."""
    async with db.reader() as reader:
        found = await reader.get(VendorSession, _hash(token))
    if found is None or found.aggregator != HUB88 or user_of(found.merchant, found.account_id) != user:
        raise Hub88Refusal(INVALID_TOKEN)
    if live and found.expires_at <= datetime.now(UTC):
        raise Hub88Refusal(TOKEN_EXPIRED)
    return found


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


async def user_balance(db: Database, nc: NATS, token: str, user: str) -> tuple[int, str]:
    found = await _session(db, token, user, live=True)
    return await balance(nc, found.merchant, found.account_id, found.vendor)


async def player_balance(db: Database, nc: NATS, user: str, token: str | None) -> tuple[int, str]:
    """The balance a refusal tells Hub88: of the wallet the token's game session plays from (main without one)."""
    merchant, account_id = parse_user(user)
    vendor = None
    if token:
        async with db.reader() as reader:
            found = await reader.get(VendorSession, _hash(token))
        if found is not None and (found.merchant, found.account_id) == (merchant, account_id):
            vendor = found.vendor
    return await balance(nc, merchant, account_id, vendor)


async def _game(db: Database, found: VendorSession, game_code: str) -> Game:
    """A game of the session's vendor (a lobby vendor may switch games within one session)."""
    async with db.reader() as reader:
        game = await reader.scalar(
            select(Game).where(
                Game.merchant == found.merchant, Game.vendor == found.vendor, Game.game_code == game_code
            )
        )
    if game is None:
        raise Hub88Refusal(INVALID_GAME)
    return game


async def bet(db: Database, nc: NATS, request: BetRequest) -> tuple[int, str]:
    found = await _session(db, request.token, request.user, live=True)
    game = await _game(db, found, request.game_code)
    if request.currency != found.currency:
        raise Hub88Refusal(WRONG_CURRENCY)
    amount = to_minor(request.amount)
    transaction_id = wallet_id(request.transaction_uuid)
    after = await _wallet(
        wallet.debit(nc, found.merchant, found.account_id, found.currency, amount, transaction_id, vendor=found.vendor)
    )
    await _book(db, request, BET, found, game, amount)
    return after, found.currency


async def win(db: Database, nc: NATS, request: WinRequest) -> tuple[int, str]:
    found = await _session(db, request.token, request.user, live=False)  # a win after expiry still pays
    game = await _game(db, found, request.game_code)
    if request.currency != found.currency:
        raise Hub88Refusal(WRONG_CURRENCY)
    amount = to_minor(request.amount)
    async with db.reader() as reader:
        placed = await reader.get(VendorTransaction, (HUB88, request.reference_transaction_uuid))
    if placed is None or placed.kind != BET or placed.account_id != found.account_id:
        raise Hub88Refusal(TRANSACTION_DOES_NOT_EXIST)
    if placed.rolled_back:
        raise Hub88Refusal(TRANSACTION_ROLLED_BACK)
    if amount:
        after = await _wallet(
            wallet.credit(
                nc, found.merchant, found.account_id, found.currency, amount, wallet_id(request.transaction_uuid),
                vendor=found.vendor,
            )
        )  # fmt: skip
    else:  # a losing round closes with a win of 0: nothing to book in the wallet
        after, _ = await balance(nc, found.merchant, found.account_id, found.vendor)
    await _book(db, request, WIN, found, game, amount)
    return after, found.currency


async def rollback(db: Database, nc: NATS, request: RollbackRequest) -> tuple[int, str]:
    """Give back a bet. The bet is marked rolled back first (a bet not booked here yet gets the mark, so a bet
    that lands after it is never paid a win), then the wallet reverses it; a bet the wallet has not seen gets
    the wallet's tombstone, so it is refused if it comes. Asking again repeats neither."""
    known = await _session(db, request.token, request.user, live=False)  # a rollback after expiry still counts
    game = await _game(db, known, request.game_code)
    async with db.transaction() as session:
        marked = await session.scalar(
            insert(VendorTransaction)
            .values(
                aggregator=HUB88, transaction_uuid=request.reference_transaction_uuid, kind=BET,
                merchant=known.merchant, account_id=known.account_id, player_name=known.player_name,
                vendor=known.vendor, game_code=game.game_code, game_type=game.game_type, round_id=request.round,
                currency=known.currency, amount=0, rolled_back=True,
            )
            .on_conflict_do_update(
                index_elements=["aggregator", "transaction_uuid"],
                set_={"rolled_back": True},
                where=(VendorTransaction.kind == BET) & (VendorTransaction.account_id == known.account_id),
            )
            .returning(VendorTransaction.game_type)
        )  # fmt: skip
        if marked is None:  # the reference is a win, or another player's
            raise Hub88Refusal(TRANSACTION_DOES_NOT_EXIST)
        if request.round_closed:
            await _close_round(session, known, marked, request.round)
    await _wallet(wallet.rollback(nc, known.merchant, wallet_id(request.reference_transaction_uuid)))
    return await balance(nc, known.merchant, known.account_id, known.vendor)


async def _book(
    db: Database, request: TransactionRequest, kind: str, found: VendorSession, game: Game, amount: int
) -> None:
    """Keep the movement the wallet made (once per transaction), and close the round when Hub88 says so."""
    async with db.transaction() as session:
        await session.execute(
            insert(VendorTransaction)
            .values(
                aggregator=HUB88, transaction_uuid=request.transaction_uuid, kind=kind, merchant=found.merchant,
                account_id=found.account_id, player_name=found.player_name, vendor=found.vendor,
                game_code=game.game_code, game_type=game.game_type, round_id=request.round, currency=found.currency,
                amount=amount,
            )
            .on_conflict_do_nothing()
        )  # fmt: skip
        if request.round_closed:
            await _close_round(session, found, game.game_type, request.round)


async def _close_round(session: AsyncSession, found: VendorSession, game_type: str, round_id: str) -> None:
    """The round's bet record: its bets (less those rolled back) against its wins."""
    rows = (
        await session.execute(
            select(VendorTransaction.kind, func.sum(VendorTransaction.amount), func.max(VendorTransaction.game_code))
            .where(
                VendorTransaction.aggregator == HUB88,
                VendorTransaction.round_id == round_id,
                VendorTransaction.account_id == found.account_id,
                VendorTransaction.rolled_back.is_(False),
            )
            .group_by(VendorTransaction.kind)
        )
    ).all()
    totals = {kind: (int(total or 0), code) for kind, total, code in rows}
    stake, code = totals.get(BET, (0, found.game_code))
    won = totals.get(WIN, (0, code))[0]
    await records.add(
        session,
        SettledBet(
            vendor=found.vendor, round_id=f"{HUB88}:{round_id}", merchant=found.merchant, account_id=found.account_id,
            player_name=found.player_name, game_type=game_type, game_code=code or found.game_code,
            currency=found.currency, stake=stake, valid_bet=stake, win=won, settled_at=datetime.now(UTC),
        ),
    )  # fmt: skip


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
    player_name: str, currency: str, game: Game, language: str, minutes: float,
) -> str:  # fmt: skip
    """Launch ``game`` through Hub88: a game session for the player, then the game's address from Hub88's
    Games API, the body signed with the operator's key (the game calls the wallet API back with the session's
    token). A refused or failed call leaves no session behind."""
    if operator.key is None:
        raise DomainError("game.unavailable", status=409)
    token, user = await open_session(db, merchant, account_id, player_name, currency, game, minutes)
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
            await session.execute(delete(VendorSession).where(VendorSession.token_hash == _hash(token)))
        raise DomainError("game.unavailable", status=409) from None
