"""The VN lottery's reads: its games with their open issue and last result, those a member bet on lately, and a
game's latest results."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lottery_service.brand_games import service as brand_games
from lottery_service.catalogue import service as catalogue_service
from lottery_service.catalogue.domain import Game, catalogue
from lottery_service.draws import service as draws
from lottery_service.draws.schemas import ResultRead
from lottery_service.lobby import service as lobby
from lottery_service.lobby.schemas import LotteryGameRead
from lottery_service.vn import repository
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.valkey_link import ValkeyLink

VN = "TCG_LOTTO_VN"
RECENT_DAYS = 30
HISTORY = 10


def vn_game(code: str) -> Game:
    """The VN game of this code (``lottery.game_unknown``, 404, for any other game)."""
    game = catalogue_service.game_of(catalogue(), code)
    if game.area != VN:
        raise DomainError("lottery.game_unknown", status=404)
    return game


async def menu(db: Database, cache: ValkeyLink, language: str, merchant: str) -> list[LotteryGameRead]:
    """The VN games the brand's members play."""
    return await lobby.game_reads(db, cache, catalogue_service.listed(catalogue(), None, VN), language, merchant)


async def recent(
    db: Database, cache: ValkeyLink, merchant: str, account_id: str, language: str
) -> list[LotteryGameRead]:
    """The VN games the member bet on in the last ``RECENT_DAYS`` days, latest first (but those the brand switched
    off)."""
    data = catalogue()
    codes = [game.code for game in catalogue_service.listed(data, None, VN)]
    since = datetime.now(UTC) - timedelta(days=RECENT_DAYS)
    changed = await brand_games.brand_settings(db, cache, merchant)
    async with db.reader() as session:
        played = await repository.games_bet_on(session, merchant, account_id, codes, since)
        games = brand_games.enabled(changed, [data.games[code] for code in played])
        return await lobby.game_reads_in(session, games, language)


async def opened(db: Database, game: Game) -> list[ResultRead]:
    """The game's last ``HISTORY`` results, newest first."""
    issues, _ = await draws.results(db, game, 0, HISTORY)
    return [draws.result_read(game, issue) for issue in issues]
