"""The progressive pool in the database: the claim of a hit (once per round, with the reset of the pool in the
same transaction) and what visitors see of it. Each spin's contribution is added by the statement that closes it
(``bgs_close_round``, migration 0007), only while the pool is below its cap."""

from __future__ import annotations

import uuid

from sqlalchemy import and_, func, select, text, update

from games_service.bgs import jackpot
from games_service.bgs.models import JackpotShare, Round
from games_service.catalogue.models import Game
from games_service.records.domain import masked
from games_service.records.events import stamp
from games_service.records.schemas import WinnerRead
from portal_kit.db import Database

# RETURNING gives the row after the update: the amounts emptied are read (and locked) first.
EMPTY = text(
    """
    WITH emptied AS (
        SELECT shard, amount FROM jackpot_share WHERE merchant = :merchant AND currency = :currency FOR UPDATE
    )
    UPDATE jackpot_share SET amount = 0 FROM emptied
    WHERE jackpot_share.merchant = :merchant AND jackpot_share.currency = :currency
      AND jackpot_share.shard = emptied.shard
    RETURNING emptied.amount
    """
)
WINNERS_SHOWN = 20


async def claim(db: Database, round_id: uuid.UUID, merchant: str, currency: str) -> int:
    """What the hit of round ``round_id`` wins: the pool now (``SEED`` and every shard, at most ``CAP``), which
    starts again from ``SEED`` (what was above the cap stays with the house); a round that claimed already gets its
    amount again and empties nothing."""
    async with db.transaction() as session:
        claimed = await session.scalar(select(Round.jackpot_win).where(Round.id == round_id).with_for_update())
        if claimed is not None:
            return int(claimed)
        shares = (await session.execute(EMPTY, {"merchant": merchant, "currency": currency})).scalars().all()
        won = jackpot.payable(jackpot.SEED + sum(int(share) for share in shares))
        await session.execute(update(Round).where(Round.id == round_id).values(jackpot_win=won))
        return won


async def amount(db: Database, merchant: str, currency: str) -> int:
    async with db.reader() as session:
        shares = await session.scalar(
            select(func.coalesce(func.sum(JackpotShare.amount), 0)).where(
                JackpotShare.merchant == merchant, JackpotShare.currency == currency
            )
        )
    return jackpot.payable(jackpot.SEED + int(shares or 0))


async def winners(db: Database, merchant: str, language: str) -> list[WinnerRead]:
    """The latest hits, names masked."""
    join = and_(Game.merchant == Round.merchant, Game.vendor == "BGS", Game.game_code == Round.game_code)
    async with db.reader() as session:
        rows = (
            await session.execute(
                select(Round, Game).outerjoin(Game, join)
                .where(Round.merchant == merchant, Round.jackpot_win.is_not(None), Round.state == "settled")
                .order_by(Round.settled_at.desc()).limit(WINNERS_SHOWN)
            )
        ).all()  # fmt: skip
    return [
        WinnerRead(
            player=masked(round_.player_name), nodeId=game.node_id if game else None, vendor="BGS",
            gameType=round_.game_type, gameCode=round_.game_code,
            gameName=str(game.names.get(language) or game.names.get("EN") or round_.game_code) if game else round_.game_code,
            currency=round_.currency, stake=round_.stake, win=int(round_.jackpot_win or 0),
            time=stamp(round_.settled_at) if round_.settled_at else "",
        )
        for round_, game in rows
    ]  # fmt: skip
