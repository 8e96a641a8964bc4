"""The brand's play by day, vendor and game type for the ops dashboards."""

from __future__ import annotations

from games_service.dashboard import repository
from games_service.dashboard.schemas import PlayDayRead
from portal_kit.daily import Days
from portal_kit.db import Database


async def play(db: Database, merchant: str, days: Days) -> list[PlayDayRead]:
    async with db.reader() as session:
        rows = await repository.days(session, merchant, days)
    return [
        PlayDayRead(
            day=row.day.isoformat(),
            vendor=row.vendor,
            gameType=row.game_type,
            currency=row.currency,
            bets=row.bets,
            stake=row.stake,
            win=row.win,
            validBet=row.valid_bet,
            ggr=row.stake - row.win,
        )
        for row in rows
    ]
