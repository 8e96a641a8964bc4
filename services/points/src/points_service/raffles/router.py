"""Raffles. Members and agents (a trial account: ``in_need_true_account``; none: 401): the brand's raffles
(``MCSFE_getRaffles``) and one ticket each (``MCS2_claimRafflePromotion``). Ops of the brand: the raffles for any
role, made by the content role (or admin), audited; everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.deps import Db, Language, Nats, RealAccount
from points_service.ops.domain import PrizeOrder, PrizePhase, Review
from points_service.ops.router import OPS
from points_service.ops.schemas import CheckerDecision
from points_service.raffles import service
from points_service.raffles.keys import SeedKeys
from points_service.raffles.schemas import NewRaffle, OpsRaffleRead, RaffleRead, RaffleTicketRead, RaffleTicketRequest
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsChecker, OpsContent, OpsViewer

router = APIRouter(tags=["raffles"])
ops = APIRouter(prefix=f"{OPS}/raffles", tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


def _keys(request: Request) -> SeedKeys:
    """The keys raffle seeds are derived under (``POINTS_SEED_KEY`` and the old ones), checked when the app started."""
    keys: SeedKeys = request.app.state.raffle_keys
    return keys


Keys = Annotated[SeedKeys, Depends(_keys)]


@router.get("/wps/relay/MCSFE_getRaffles", operation_id="raffles", response_model=Envelope[list[RaffleRead]])
async def raffles(db: Db, member: RealAccount, language: Language) -> Envelope[list[RaffleRead]]:
    """The brand's raffles open or to come and those closed in the last week: the seed's SHA-256 from the start, the
    member's ticket, and once drawn the seed, the winners (names masked) and how to check the draw."""
    return ok(await service.listed(db, member, language))


@router.post(
    "/wps/relay/MCS2_claimRafflePromotion", operation_id="claimRaffleTicket", response_model=Envelope[RaffleTicketRead]
)
async def claim_ticket(db: Db, member: RealAccount, body: RaffleTicketRequest) -> Envelope[RaffleTicketRead]:
    """One ticket a member while the raffle is open, once their stakes since its opening's UTC day reach its minimum
    turnover (asking again answers the same ticket); ``raffle.not_open``, ``raffle.closed`` and
    ``raffle.turnover_short`` (its value: ``{minTurnover, turnover}``) 409, ``raffle.not_found`` 404."""
    return ok(await service.claim(db, member, body))


@ops.get("", operation_id="opsRaffles", response_model=Envelope[PageRead[OpsRaffleRead]])
async def ops_raffles(
    code: str, actor: OpsViewer, db: Db, page: Paging, language: Language,
    phase: Annotated[PrizePhase | None, Query(description="upcoming, open or closed")] = None,
    review: Annotated[Review | None, Query(description="The second person's review state")] = None,
    sort: Annotated[PrizeOrder, Query()] = PrizeOrder.NEWEST,
) -> Envelope[PageRead[OpsRaffleRead]]:  # fmt: skip
    """The brand's raffles, of a phase and a review state, newest, oldest or soonest to close first, with their
    tickets, and once drawn the seed and each prize's payment."""
    return ok(await service.raffles(db, code, page, language, phase=phase, review=review, order=sort))


@ops.post("", operation_id="opsCreateRaffle", response_model=Envelope[OpsRaffleRead])
async def create_raffle(
    code: str, actor: OpsContent, body: NewRaffle, db: Db, nc: Nats, keys: Keys, request: Request
) -> Envelope[OpsRaffleRead]:
    """A new raffle (``minTurnover``: the stakes a member needs to take part, 0: none); its seed's SHA-256 is shown at
    once (``raffle.window_invalid``: the close must follow the opening and be in the future). Prizes above the
    brand's dual-control amount together are ``review`` ``AWAITING``: members see it and the worker draws it only
    once a second person confirms it."""
    return ok(await service.create(db, nc, keys, code, actor, body, address_of(request)))


@ops.post("/{raffleId}/confirm", operation_id="opsConfirmRaffle", response_model=Envelope[OpsRaffleRead])
async def confirm_raffle(
    code: str, raffleId: Annotated[int, Path(ge=1, le=2**63 - 1)], actor: OpsChecker, body: CheckerDecision, db: Db,
    request: Request,
) -> Envelope[OpsRaffleRead]:  # fmt: skip
    """A finance checker other than its maker (``ops.same_person`` 403) confirms or rejects (with a reason) a raffle
    awaiting a second person; ``raffle.no_checker_needed`` 409 otherwise."""
    return ok(await service.check(db, code, actor, raffleId, body, address_of(request)))
