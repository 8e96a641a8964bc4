"""Red envelopes. Members and agents (a trial account: ``in_need_true_account``; none: 401): the brand's envelopes
(``MCSFE_getRedEnvelopes``) and one share each (``MCSFE_claimRedEnvelope``). Ops of the brand: the envelopes for any
role, made by the content role (or admin), a pool above the brand's dual-control amount confirmed by a finance checker
other than its maker, audited; everyone else 401 or 403."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from points_service.deps import Db, Language, Nats, RealAccount
from points_service.envelopes import service
from points_service.envelopes.schemas import (
    NewRedEnvelope,
    OpsRedEnvelopeRead,
    RedEnvelopeClaim,
    RedEnvelopeClaimRead,
    RedEnvelopeRead,
)
from points_service.ops.domain import PrizeOrder, PrizePhase, Review
from points_service.ops.router import OPS
from points_service.ops.schemas import CheckerDecision
from portal_kit.client import address_of
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsChecker, OpsContent, OpsViewer

router = APIRouter(tags=["red envelopes"])
ops = APIRouter(prefix=f"{OPS}/red-envelopes", tags=["points ops"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


@router.get(
    "/wps/relay/MCSFE_getRedEnvelopes", operation_id="redEnvelopes", response_model=Envelope[list[RedEnvelopeRead]]
)
async def red_envelopes(db: Db, member: RealAccount, language: Language) -> Envelope[list[RedEnvelopeRead]]:
    """The brand's red envelopes open or to come and those closed in the last week: the shares left and the
    member's own share."""
    return ok(await service.listed(db, member, language))


@router.post(
    "/wps/relay/MCSFE_claimRedEnvelope", operation_id="claimRedEnvelope", response_model=Envelope[RedEnvelopeClaimRead]
)
async def claim_red_envelope(
    db: Db, nc: Nats, member: RealAccount, body: RedEnvelopeClaim
) -> Envelope[RedEnvelopeClaimRead]:
    """The member's share of an open envelope, once (asking again answers the same share), paid into the main wallet
    (``PAID``; ``PENDING`` while the wallet has not answered: paid later by the worker). ``envelope.empty``,
    ``envelope.not_open``, ``envelope.closed`` 409, ``envelope.not_found`` 404."""
    return ok(await service.claim(db, nc, member, body))


@ops.get("", operation_id="opsRedEnvelopes", response_model=Envelope[PageRead[OpsRedEnvelopeRead]])
async def ops_red_envelopes(
    code: str, actor: OpsViewer, db: Db, page: Paging, language: Language,
    phase: Annotated[PrizePhase | None, Query(description="upcoming, open or closed")] = None,
    review: Annotated[Review | None, Query(description="The second person's review state")] = None,
    sort: Annotated[PrizeOrder, Query()] = PrizeOrder.NEWEST,
) -> Envelope[PageRead[OpsRedEnvelopeRead]]:  # fmt: skip
    """The brand's red envelopes, of a phase and a review state, newest, oldest or soonest to close first, with the
    shares claimed and paid."""
    return ok(await service.envelopes(db, code, page, language, phase=phase, review=review, order=sort))


@ops.post("", operation_id="opsCreateRedEnvelope", response_model=Envelope[OpsRedEnvelopeRead])
async def create_red_envelope(
    code: str, actor: OpsContent, body: NewRedEnvelope, db: Db, nc: Nats, request: Request
) -> Envelope[OpsRedEnvelopeRead]:
    """A new envelope, its pool split at random into its shares at once (``envelope.pool_too_small``,
    ``envelope.window_invalid`` 400). A pool above the brand's dual-control amount is ``review`` ``AWAITING``:
    members see it only once a second person confirms it."""
    return ok(await service.create(db, nc, code, actor, body, address_of(request)))


@ops.post("/{envelopeId}/confirm", operation_id="opsConfirmRedEnvelope", response_model=Envelope[OpsRedEnvelopeRead])
async def confirm_red_envelope(
    code: str, envelopeId: Annotated[int, Path(ge=1, le=2**63 - 1)], actor: OpsChecker, body: CheckerDecision, db: Db,
    request: Request,
) -> Envelope[OpsRedEnvelopeRead]:  # fmt: skip
    """A finance checker other than its maker (``ops.same_person`` 403) confirms or rejects (with a reason) an
    envelope awaiting a second person; ``envelope.no_checker_needed`` 409 otherwise."""
    return ok(await service.check(db, code, actor, envelopeId, body, address_of(request)))
