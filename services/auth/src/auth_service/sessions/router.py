"""Session calls: RSA key, captcha, bot check, login (member and agent entries), free play, logout."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Response

from auth_service.accounts.schemas import CaptchaFlagRead, CodeSentRead, SessionRead, VerifyTicketRead
from auth_service.challenges import ALGORITHM, new_bot_check, new_captcha
from auth_service.deps import AnySession, Ctx, Who
from auth_service.key_names import hidden
from auth_service.sessions import service
from auth_service.sessions.domain import Entry
from auth_service.sessions.schemas import (
    BotCheckRead,
    CaptchaRead,
    LoginBody,
    RsaKeyRead,
    VerificationAnswer,
    VerificationSend,
)
from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Done, Envelope, ok, ok_response
from portal_kit.throttle import at_most_once_per

router = APIRouter(tags=["auth"])
Login = Annotated[LoginBody, Depends(encrypted_body(LoginBody))]
# What a refused login carries: whether to show the captcha, or the ticket of the new-address check.
LOGIN_REFUSALS: dict[int | str, dict[str, Any]] = {
    401: {"model": Envelope[CaptchaFlagRead | None]},
    403: {"model": Envelope[VerifyTicketRead | CaptchaFlagRead | None]},
}


@router.get("/wps/session/key/rsa", operation_id="rsaKey", response_model=Envelope[RsaKeyRead])
async def rsa_key(ctx: Ctx) -> Envelope[RsaKeyRead]:
    key_id, public_key = await ctx.payload_keys.current()
    return ok(RsaKeyRead(keyId=key_id, publicKey=public_key))


@router.get("/wps/captcha", operation_id="captcha", response_model=Envelope[CaptchaRead])
async def captcha(ctx: Ctx, who: Who) -> Envelope[CaptchaRead]:
    await at_most_once_per(ctx.valkey, f"auth:captcha-refresh:{hidden(ctx.settings.secret_key, str(who.ip))}", 1.0)
    captcha_id, image = await new_captcha(ctx.valkey)
    return ok(CaptchaRead(captchaId=captcha_id, image=image))


@router.get("/wps/botcheck/challenge", operation_id="botCheckChallenge", response_model=Envelope[BotCheckRead])
async def bot_check_challenge(ctx: Ctx) -> Envelope[BotCheckRead]:
    challenge_id, prefix, difficulty = await new_bot_check(ctx.valkey, ctx.settings.bot_check_bits)
    return ok(BotCheckRead(challengeId=challenge_id, prefix=prefix, difficulty=difficulty, algorithm=ALGORITHM))


@router.post("/wps/session/login", operation_id="login", responses=LOGIN_REFUSALS, response_model=Envelope[SessionRead])
async def login(ctx: Ctx, who: Who, body: Login) -> Response:
    return ok_response(await service.login(ctx, who, body, Entry.MEMBER))


@router.post(
    "/wps/session/login/agent",
    operation_id="agentLogin",
    responses=LOGIN_REFUSALS,
    response_model=Envelope[SessionRead],
)
async def agent_login(ctx: Ctx, who: Who, body: Login) -> Response:
    return ok_response(await service.login(ctx, who, body, Entry.AGENT))


@router.post(
    "/wps/session/login/verify/send", operation_id="loginVerificationSend", response_model=Envelope[CodeSentRead]
)
async def verification_send(ctx: Ctx, who: Who, body: VerificationSend) -> Envelope[CodeSentRead]:
    return ok(await service.send_verification(ctx, who, body.ticket, body.method))


@router.post("/wps/session/login/verify", operation_id="loginVerify", response_model=Envelope[SessionRead])
async def verification(
    ctx: Ctx, who: Who, body: Annotated[VerificationAnswer, Depends(encrypted_body(VerificationAnswer))]
) -> Envelope[SessionRead]:
    return ok(await service.complete_verification(ctx, who, body.ticket, body.method, body.answer))


@router.post("/wps/session/login/freeplay", operation_id="freePlayLogin", response_model=Envelope[SessionRead])
async def free_play(
    ctx: Ctx, who: Who, _client: Annotated[dict[str, Any] | None, Body()] = None
) -> Envelope[SessionRead]:
    """The web sends ``os``, ``platform``, a random string and its gateway version; none of it is needed."""
    return ok(await service.free_play(ctx, who))


@router.delete("/wps/session/logout", operation_id="logout", response_model=Envelope[Done])
async def logout(ctx: Ctx, principal: AnySession) -> Envelope[Done]:
    await service.logout(ctx, principal)
    return ok(Done())
