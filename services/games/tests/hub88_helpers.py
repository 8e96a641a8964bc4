"""Playing Hub88's side in the tests: signed bodies posted to the operator's Wallet API, as Hub88 posts them, and
the checks every money test ends with (the wallet reconciles)."""

from __future__ import annotations

import json
import uuid
from typing import Any

from cryptography.hazmat.primitives.asymmetric import rsa
from games_helpers import MERCHANT, Games
from sqlalchemy import select

from games_service.aggregator.service import open_session
from games_service.aggregator.signature import sign
from games_service.catalogue.models import Game
from portal_kit.sessions import token_key
from wallet_service.reconcile import differences

UNIT = 1_000  # Hub88 units per minor unit
GAME = "PG_FORTUNE_OX"


class Hub88:
    """What Hub88 does: sign each body with its private key and post it to the operator's wallet API."""

    def __init__(self, games: Games, key: rsa.RSAPrivateKey) -> None:
        self.games, self.key = games, key

    async def post(self, path: str, raw: bytes, *, key: rsa.RSAPrivateKey | None = None) -> dict[str, Any]:
        """A raw body, signed: the answer is always HTTP 200 with a status."""
        headers = {"X-Hub88-Signature": sign(key or self.key, raw), "Content-Type": "application/json"}
        answer = await self.games.http.post(f"/vendor/HUB88{path}", content=raw, headers=headers)
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    async def call(self, path: str, body: Any, *, key: rsa.RSAPrivateKey | None = None) -> dict[str, Any]:
        return await self.post(path, json.dumps(body).encode(), key=key)

    @staticmethod
    def transaction(user: str, token: str, amount: int, round_id: str, **extra: Any) -> dict[str, Any]:
        return {
            "user": user, "token": token, "request_uuid": str(uuid.uuid4()), "transaction_uuid": str(uuid.uuid4()),
            "round": round_id, "round_closed": False, "game_code": GAME, "currency": "TRY", "amount": amount,
            **extra,
        }  # fmt: skip

    @staticmethod
    def win_of(bet: dict[str, Any], amount: int, **extra: Any) -> dict[str, Any]:
        """A win of ``bet``'s round referencing it."""
        body = Hub88.transaction(bet["user"], bet["token"], amount, bet["round"], **extra)
        return {**body, "reference_transaction_uuid": bet["transaction_uuid"]}

    @staticmethod
    def rollback_of(bet: dict[str, Any], **extra: Any) -> dict[str, Any]:
        """A rollback of ``bet`` (Hub88's rollback body has no amount or currency)."""
        body = Hub88.transaction(bet["user"], bet["token"], 0, bet["round"], **extra)
        for field in ("amount", "currency"):
            body.pop(field)
        return {**body, "reference_transaction_uuid": bet["transaction_uuid"]}


async def session(
    games: Games, balance: int = 100_000, minutes: float = 60, username: str = "ox_player"
) -> tuple[str, str, str]:
    """A member with ``balance`` and a Hub88 game session on PG's Fortune Ox opened from a portal session of
    theirs: (account id, user, token)."""
    account, portal_token = await games.member(balance, username=username)
    async with games.db.reader() as reader:
        game = await reader.scalar(select(Game).where(Game.merchant == MERCHANT, Game.game_code == GAME))
    assert game is not None
    token, user = await open_session(
        games.db, MERCHANT, account, username, "TRY", game, minutes, portal_session=token_key(portal_token)
    )
    return account, user, token


async def reconciled(games: Games) -> bool:
    """Every balance equals its journal and each brand's money sums to zero (the wallet's reconciliation)."""
    found = await differences(games.wallet_db)
    assert found == [], found
    return True


async def house_balance(games: Games) -> int:
    """What the games house holds (all its shards) in TRY."""
    row = await games.wallet_db.call(
        "SELECT COALESCE(SUM(balance), 0) FROM ledger_account WHERE merchant = %s AND owner_id = 'house' "
        "AND kind LIKE 'house:games%%'",
        (MERCHANT,),
    )
    assert row is not None
    return int(row[0])
