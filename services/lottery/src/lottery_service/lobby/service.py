"""The lottery games as the lobby pages read them: each game with its open issue and last result, one game with its
bet types at the odds of the brand's prize mode, the popular games, and the latest results."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.brand_games import domain as brand_rules
from lottery_service.brand_games import service as brand_games
from lottery_service.brand_games.domain import GameSettings
from lottery_service.catalogue.domain import Catalogue, Game
from lottery_service.catalogue.service import bet_type_read
from lottery_service.draws import service as draws
from lottery_service.draws.schemas import PrizeRead, ResultRead
from lottery_service.lobby import repository
from lottery_service.lobby.schemas import LotteryGameDetailRead, LotteryGameRead
from portal_kit.db import Database
from portal_kit.valkey_link import ValkeyLink, cached_text

POPULAR_HOURS = 24
POPULAR_KEY = "lottery:popular"
POPULAR_CACHE_SECONDS = 30


async def game_reads_in(session: AsyncSession, games: list[Game], language: str) -> list[LotteryGameRead]:
    """The games with their open issue and last result, read in the caller's session."""
    codes = [game.code for game in games]
    last = await draws.latest_drawn(session, codes)
    open_now = await draws.current(session, codes)
    return [
        LotteryGameRead(
            gameCode=game.code,
            gameName=game.name(language),
            category=game.category.family,
            area=game.area,
            intervalMinutes=game.interval_minutes,
            hot=game.hot,
            current=draws.issue_read(open_now[game.code]) if game.code in open_now else None,
            last=draws.result_read(game, last[game.code]) if game.code in last else None,
        )
        for game in games
    ]


async def game_reads(
    db: Database, cache: ValkeyLink, games: list[Game], language: str, merchant: str
) -> list[LotteryGameRead]:
    """The games the brand's members play (those it switched off left out), each with its open issue and last
    result."""
    playing = brand_games.enabled(await brand_games.brand_settings(db, cache, merchant), games)
    async with db.reader() as session:
        return await game_reads_in(session, playing, language)


async def detail(
    db: Database, cache: ValkeyLink, catalogue: Catalogue, game: Game, brand_mode: str, language: str, merchant: str
) -> LotteryGameDetailRead:
    """One game as the brand's members play it: its limits and the odds of its prize mode (the brand's settings of
    the game, ``lottery.game_unavailable`` when switched off)."""
    settings = await brand_games.playable(db, cache, merchant, game)
    prize_mode = brand_rules.prize_mode(settings, brand_mode)
    async with db.reader() as session:
        [read] = await game_reads_in(session, [game], language)
    shape = game.category.draw
    bet_types = [
        bet_type_read(catalogue, bt, prize_mode, language, brand_rules.stake_limits(bt, settings))
        for bt in game.category.bet_types.values()
    ]
    return LotteryGameDetailRead(
        **read.model_dump(), prizeMode=prize_mode, maxPerIssue=settings.max_per_issue, balls=shape.count,
        ballRange=[min(low for low, _ in shape.ranges), max(high for _, high in shape.ranges)],
        betTypes=bet_types,
        colours={name: sorted(values) for name, values in game.category.colours.items()},
        prizes=[PrizeRead(name=p.name, count=p.count, digits=p.digits) for p in game.category.prizes],
        serverTime=datetime.now(UTC),
    )  # fmt: skip


async def _popular(session: AsyncSession, catalogue: Catalogue) -> list[Game]:
    """The games with the most bets over the last day, then the hot ones."""
    counts = await repository.bets_per_game(session, datetime.now(UTC) - timedelta(hours=POPULAR_HOURS))
    games = [g for g in catalogue.games.values() if counts.get(g.code) or g.hot]
    return sorted(games, key=lambda g: (-counts.get(g.code, 0), not g.hot, g.code))


async def popular(
    db: Database, cache: ValkeyLink, catalogue: Catalogue, language: str, merchant: str
) -> list[LotteryGameRead]:
    """The popular games (their order, the same for every brand, kept ``POPULAR_CACHE_SECONDS``) the brand's members
    play, each with its open issue and last result: the brand's switches are read after the cache, so a change shows
    at once."""
    changed = await brand_games.brand_settings(db, cache, merchant)
    async with db.reader() as session:

        async def load() -> str:
            return json.dumps([game.code for game in await _popular(session, catalogue)])

        codes = json.loads(await cached_text(cache, POPULAR_KEY, POPULAR_CACHE_SECONDS, load))
        games = [catalogue.games[code] for code in codes if code in catalogue.games]
        return await game_reads_in(session, brand_games.enabled(changed, games), language)


async def opened(
    db: Database, games: list[Game], changed: Mapping[str, GameSettings] | None = None
) -> list[ResultRead]:
    """The latest drawn issue of each of the games (those drawn at least once; with a brand's ``changed`` settings,
    of those its members play)."""
    if changed is not None:
        games = brand_games.enabled(changed, games)
    async with db.reader() as session:
        last = await draws.latest_drawn(session, [game.code for game in games])
    return [draws.result_read(game, last[game.code]) for game in games if game.code in last]
