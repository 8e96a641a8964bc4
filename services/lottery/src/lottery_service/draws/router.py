"""The draws' calls: upcoming issues, the results history with each revealed seed, and the verification
anyone can run. Open to visitors."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from lottery_service.catalogue import service as catalogue_service
from lottery_service.catalogue.domain import catalogue
from lottery_service.deps import Db, GameCode
from lottery_service.draws import domain, service
from lottery_service.draws.schemas import IssueRead, LotteryVerifyRead, ResultRead
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.errors import DomainError
from portal_kit.fairness import seed_from_hex
from portal_kit.paging import Page, page_of, page_params

router = APIRouter(tags=["lottery"])
ResultsPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
UPCOMING = 10


@router.get(
    "/lotto/lgw/games/{gameCode}/results", operation_id="lotteryResults", response_model=Envelope[PageRead[ResultRead]]
)
async def lottery_results(db: Db, gameCode: GameCode, page: ResultsPage) -> Envelope[PageRead[ResultRead]]:
    """The game's drawn issues, newest first, each with its seed."""
    game = catalogue_service.game_of(catalogue(), gameCode)
    issues, total = await service.results(db, game, page.offset, page.size)
    return ok(page_of(page, [service.result_read(game, issue) for issue in issues], total))


@router.get(
    "/lotto/lgw/games/{gameCode}/issues", operation_id="lotteryIssues", response_model=Envelope[list[IssueRead]]
)
async def lottery_issues(db: Db, gameCode: GameCode) -> Envelope[list[IssueRead]]:
    """The next issues open for bets, soonest first, with the hashes of their seeds."""
    game = catalogue_service.game_of(catalogue(), gameCode)
    issues = await service.upcoming(db, game, UPCOMING)
    return ok([service.issue_read(issue) for issue in issues])


@router.get("/lotto/lgw/verify", operation_id="lotteryVerify", response_model=Envelope[LotteryVerifyRead])
async def lottery_verify(
    db: Db,
    gameCode: Annotated[str, Query(min_length=1, max_length=32)],
    issue: Annotated[str, Query(pattern=r"^[0-9]{12}$")],
    seed: Annotated[str, Query(min_length=64, max_length=64)],
) -> Envelope[LotteryVerifyRead]:
    """Recompute an issue's balls from a seed with the draw's own code, against the hash published before
    betting opened and the balls drawn."""
    game = catalogue_service.game_of(catalogue(), gameCode)
    try:
        raw = seed_from_hex(seed)
    except ValueError:
        raise DomainError("lottery.seed_invalid") from None
    found = await service.issue_of(db, game, issue)
    balls = domain.draw(game.category.draw, raw, found.context)
    revealed = found.seed.hex() if found.seed is not None and found.result is not None else None
    return ok(
        LotteryVerifyRead(
            gameCode=game.code, issue=issue, context=found.context, seedHash=domain.seed_hash(raw),
            committedSeedHash=found.seed_hash, seedMatches=domain.seed_hash(raw) == found.seed_hash,
            revealedSeed=revealed, result=balls, drawnResult=found.result, resultMatches=found.result == balls,
        )
    )  # fmt: skip
