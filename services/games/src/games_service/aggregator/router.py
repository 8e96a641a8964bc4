"""Hub88's Operator Wallet API, served under ``/vendor/HUB88/``. Only Hub88 may call it: the
``X-Hub88-Signature`` of the raw body is checked against the aggregator's public key before anything else is
read. Every answer is HTTP 200 with Hub88's ``status`` (``RS_OK`` or ``RS_ERROR_*``), as the protocol has it: an
unforeseen failure too (``RS_ERROR_UNKNOWN``, logged as an error), so Hub88 retries as it would any general error."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from pydantic import ValidationError

from games_service.aggregator import service
from games_service.aggregator.domain import (
    INVALID_SIGNATURE,
    NOT_ENOUGH_MONEY,
    OK,
    UNKNOWN,
    WRONG_SYNTAX,
    Hub88Refusal,
    invalid_request_status,
    parse_user,
    to_hub88,
)
from games_service.aggregator.schemas import (
    BetRequest,
    Hub88Answer,
    Hub88Request,
    RollbackRequest,
    UserBalanceRequest,
    UserInfoAnswer,
    UserInfoRequest,
    WinRequest,
)
from games_service.aggregator.signature import verified
from games_service.deps import Nats

log = logging.getLogger("games.hub88")
router = APIRouter(prefix="/vendor/HUB88", tags=["hub88 wallet"])
Body = TypeVar("Body", bound=Hub88Request)


def _calls(request: Request) -> service.Hub88Calls:
    state = request.app.state
    return service.Hub88Calls(state.db, state.nats, state.sessions, state.hub88_clock)


def _echo(raw: bytes) -> Hub88Answer:
    """An answer to a body its model refused, with the ``user`` and ``request_uuid`` it carried, if any."""
    try:
        sent: Any = json.loads(raw)
    except ValueError:
        sent = None
    found = sent if isinstance(sent, dict) else {}
    user, request_uuid = found.get("user"), found.get("request_uuid")
    return Hub88Answer(
        status=WRONG_SYNTAX,
        user=user if isinstance(user, str) else None,
        request_uuid=request_uuid if isinstance(request_uuid, str) else None,
    )


async def _answer(
    request: Request, model: type[Body], act: Callable[[Body], Awaitable[tuple[int, str] | Hub88Answer]]
) -> Hub88Answer:
    raw = await request.body()
    if not verified(request.app.state.hub88_key, raw, request.headers.get("X-Hub88-Signature")):
        return Hub88Answer(status=INVALID_SIGNATURE)
    try:
        body = model.model_validate_json(raw)
    except ValidationError as error:
        answer = _echo(raw)
        answer.status = invalid_request_status(error.errors())
        return answer
    user = getattr(body, "user", None)
    try:
        try:
            done = await act(body)
        except Hub88Refusal as refusal:
            return await _refused(request, body, refusal.status)
    except Exception:  # anything unforeseen (Valkey or the database gone): Hub88's general status, never a 500
        log.exception("Hub88 %s %s failed", request.url.path, body.request_uuid)
        return Hub88Answer(user=user, status=UNKNOWN, request_uuid=body.request_uuid)
    if isinstance(done, Hub88Answer):
        return done
    balance, currency = done
    return Hub88Answer(
        user=user, status=OK, request_uuid=body.request_uuid, currency=currency, balance=to_hub88(balance)
    )


async def _refused(request: Request, body: Hub88Request, status: str) -> Hub88Answer:
    """A refusal; not enough money comes with the balance, as Hub88 asks."""
    user = getattr(body, "user", None)
    answer = Hub88Answer(user=user, status=status, request_uuid=body.request_uuid)
    if status == NOT_ENOUGH_MONEY and user:
        try:
            state = request.app.state
            balance, currency = await service.player_balance(state.db, state.nats, user, getattr(body, "token", None))
        except Hub88Refusal:
            return answer
        answer.balance, answer.currency = to_hub88(balance), currency
    return answer


@router.post("/user/info", operation_id="hub88UserInfo", response_model=UserInfoAnswer)
async def user_info(request: Request, nc: Nats) -> Hub88Answer:
    async def act(body: UserInfoRequest) -> Hub88Answer:
        merchant, account_id = parse_user(body.user)
        await service.balance(nc, merchant, account_id)  # the account exists (else its refusal)
        return UserInfoAnswer(user=body.user, status=OK, request_uuid=body.request_uuid, sub_partner_id=merchant)

    return await _answer(request, UserInfoRequest, act)


@router.post("/user/balance", operation_id="hub88Balance", response_model=Hub88Answer)
async def user_balance(request: Request) -> Hub88Answer:
    calls = _calls(request)
    return await _answer(request, UserBalanceRequest, lambda body: service.user_balance(calls, body.token, body.user))


@router.post("/transaction/bet", operation_id="hub88Bet", response_model=Hub88Answer)
async def bet(request: Request) -> Hub88Answer:
    calls = _calls(request)
    return await _answer(request, BetRequest, lambda body: service.bet(calls, body))


@router.post("/transaction/win", operation_id="hub88Win", response_model=Hub88Answer)
async def win(request: Request) -> Hub88Answer:
    calls = _calls(request)
    return await _answer(request, WinRequest, lambda body: service.win(calls, body))


@router.post("/transaction/rollback", operation_id="hub88Rollback", response_model=Hub88Answer)
async def rollback(request: Request) -> Hub88Answer:
    calls = _calls(request)
    return await _answer(request, RollbackRequest, lambda body: service.rollback(calls, body))
