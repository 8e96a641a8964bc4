"""The lottery games as the pages read them: each game with its open issue and last result, and one game's
bet types with the odds of the brand's prize mode."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets.models import Bet
from lottery_service.catalogue.domain import BetType, Catalogue, Game
from lottery_service.catalogue.schemas import BetTypeRead, LotteryGameDetailRead, LotteryGameRead
from lottery_service.draws import service as draws
from lottery_service.draws.models import Issue
from lottery_service.draws.schemas import IssueRead, PrizeRead, ResultRead, TierRead
from portal_kit.errors import NotFound

CATEGORIES = ("11x5", "k3", "lf", "lhc", "pcb", "pk10", "ssc", "vn", "sea")
LOBBY_GROUPS = ("time", "hot")  # every game by its pace; the hot games
POPULAR_HOURS = 24


def odds_text(milli: int) -> str:
    return format(Decimal(milli) / 1000, "f").rstrip("0").rstrip(".")


def game_of(catalogue: Catalogue, code: str) -> Game:
    game = catalogue.games.get(code.upper())
    if game is None:
        raise NotFound("lottery.game_unknown")
    return game


def issue_read(issue: Issue) -> IssueRead:
    return IssueRead(
        gameCode=issue.game_code, issue=issue.issue, opensAt=issue.opens_at, closesAt=issue.closes_at,
        drawsAt=issue.draws_at, seedHash=issue.seed_hash,
    )  # fmt: skip


def result_read(game: Game, issue: Issue) -> ResultRead:
    """A drawn issue (its seed revealed) as the results pages read it."""
    balls = list(issue.result or [])
    tiers, start = [], 0
    for prize in game.category.prizes:
        tiers.append(TierRead(name=prize.name, digits=prize.digits, numbers=balls[start : start + prize.count]))
        start += prize.count
    return ResultRead(
        gameCode=issue.game_code, issue=issue.issue, drawsAt=issue.draws_at, result=balls,
        seed=issue.seed.hex() if issue.seed is not None else "", seedHash=issue.seed_hash, context=issue.context,
        tiers=tiers,
    )  # fmt: skip


def bet_type_read(catalogue: Catalogue, bet_type: BetType, prize_mode: str, language: str) -> BetTypeRead:
    return BetTypeRead(
        code=bet_type.code, name=bet_type.names.get(language) or bet_type.names["EN"], kind=bet_type.kind.value,
        positions=[p + 1 for p in bet_type.positions], pickPosition=bet_type.pick_position, n=bet_type.n,
        numberRange=list(bet_type.number_range), options=list(bet_type.options),
        odds=odds_text(catalogue.odds(bet_type, None, prize_mode)) if bet_type.odds_milli else None,
        oddsBy={key: odds_text(catalogue.odds(bet_type, key, prize_mode)) for key in bet_type.odds_by_milli},
        minStake=bet_type.min_stake, maxStake=bet_type.max_stake,
    )  # fmt: skip


async def game_reads(session: AsyncSession, games: list[Game], language: str) -> list[LotteryGameRead]:
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
            current=issue_read(open_now[game.code]) if game.code in open_now else None,
            last=result_read(game, last[game.code]) if game.code in last else None,
        )
        for game in games
    ]


def in_group(game: Game, group: str | None) -> bool:
    """``group``: a category, ``time`` (every game but the daily ones, quickest first) or ``hot``."""
    if group is None:
        return True
    if group == "time":
        return game.interval_minutes > 0
    if group == "hot":
        return game.hot
    return game.category.family == group


def listed(catalogue: Catalogue, group: str | None, area: str | None = None) -> list[Game]:
    games = [g for g in catalogue.games.values() if in_group(g, group) and (area is None or g.area == area)]
    if group == "time":
        games.sort(key=lambda g: g.interval_minutes)
    return games


async def detail(
    session: AsyncSession, catalogue: Catalogue, game: Game, prize_mode: str, language: str
) -> LotteryGameDetailRead:
    [read] = await game_reads(session, [game], language)
    shape = game.category.draw
    return LotteryGameDetailRead(
        **read.model_dump(), prizeMode=prize_mode, maxPerIssue=game.max_per_issue, balls=shape.count,
        ballRange=[min(low for low, _ in shape.ranges), max(high for _, high in shape.ranges)],
        betTypes=[bet_type_read(catalogue, bt, prize_mode, language) for bt in game.category.bet_types.values()],
        colours={name: sorted(values) for name, values in game.category.colours.items()},
        prizes=[PrizeRead(name=p.name, count=p.count, digits=p.digits) for p in game.category.prizes],
        serverTime=datetime.now(UTC),
    )  # fmt: skip


async def popular(session: AsyncSession, catalogue: Catalogue) -> list[Game]:
    """The games with the most bets over the last day, then the hot ones."""
    since = datetime.now(UTC) - timedelta(hours=POPULAR_HOURS)
    rows = await session.execute(
        select(Bet.game_code, func.count()).where(Bet.created_at >= since).group_by(Bet.game_code)
    )
    counts = {code: int(count) for code, count in rows.all()}
    games = [g for g in catalogue.games.values() if counts.get(g.code) or g.hot]
    return sorted(games, key=lambda g: (-counts.get(g.code, 0), not g.hot, g.code))
