"""Account calls: registration, member info, password change and resets, mobile, authenticator, affiliate codes."""

from __future__ import annotations

import json
from typing import Annotated
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import ValidationError

from auth_service.accounts import payment_password, service
from auth_service.accounts.schemas import (
    AffiliateRead,
    CodeSentRead,
    DownlineRead,
    DownlineRegistration,
    EmailReset,
    IconChoice,
    IconRead,
    LoginRecordRead,
    MemberRead,
    MobileBinding,
    MobileRead,
    MobileReset,
    PasswordChange,
    PaymentPasswordChange,
    PaymentPasswordRead,
    RegisterBody,
    ResetSentRead,
    SessionRead,
    SmsRequest,
    TokenReset,
    TotpBinding,
    TotpCode,
    TotpSecretRead,
    TotpStateRead,
)
from auth_service.deps import Agent, Ctx, RealAccount, SignedIn, Who
from portal_kit.encryption import encrypted_body
from portal_kit.envelope import Envelope, ok, ok_response
from portal_kit.errors import DomainError

router = APIRouter(tags=["auth"])


@router.put("/wps/member/register", operation_id="register", response_model=Envelope[SessionRead])
async def register(
    ctx: Ctx, who: Who, body: Annotated[RegisterBody, Depends(encrypted_body(RegisterBody))]
) -> Envelope[SessionRead]:
    return ok(await service.register(ctx, who, body))


@router.put("/wps/member/register/mobile", operation_id="registerMobile", response_model=Envelope[SessionRead])
async def register_mobile(
    ctx: Ctx, who: Who, body: Annotated[RegisterBody, Depends(encrypted_body(RegisterBody))]
) -> Envelope[SessionRead]:
    return ok(await service.register_mobile(ctx, who, body))


@router.post("/wps/verification/sms/noLogin", operation_id="smsNoLogin", response_model=Envelope[CodeSentRead])
async def sms_no_login(ctx: Ctx, who: Who, body: SmsRequest) -> Envelope[CodeSentRead]:
    """A code for login by SMS or for the forgotten password; ``value.expiredMinutes`` sets the countdown."""
    return ok(await service.send_sms(ctx, who, body, "noLogin"))


@router.post("/wps/verification/sms/register", operation_id="smsRegister", response_model=Envelope[CodeSentRead])
async def sms_register(ctx: Ctx, who: Who, body: SmsRequest) -> Envelope[CodeSentRead]:
    return ok(await service.send_sms(ctx, who, body, "register"))


@router.post(
    "/wps/member/password/verification", operation_id="resetPasswordByMobile", response_model=Envelope[SessionRead]
)
async def reset_by_mobile(
    ctx: Ctx, who: Who, body: Annotated[MobileReset, Depends(encrypted_body(MobileReset))]
) -> Envelope[SessionRead]:
    return ok(await service.reset_by_mobile(ctx, who, body))


_EMAIL_RESET_FORM = EmailReset.model_json_schema()


@router.post(
    "/wps/member/password/email",
    operation_id="resetPasswordByEmail",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": _EMAIL_RESET_FORM},
                "application/x-www-form-urlencoded": {"schema": _EMAIL_RESET_FORM},
            },
        }
    },
    response_model=Envelope[ResetSentRead],
)
async def reset_by_email(ctx: Ctx, who: Who, request: Request) -> Envelope[ResetSentRead]:
    """Form fields ``username`` and ``email`` (a JSON body is accepted too); answers "request sent"."""
    raw = await request.body()
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            fields = json.loads(raw or b"{}")
        except ValueError:
            raise DomainError("validation.failed", field="body", reason="JSON") from None
    else:
        fields = {key: values[0] for key, values in parse_qs(raw.decode("utf-8", "replace")).items()}
    try:
        body = EmailReset.model_validate(fields)
    except ValidationError as error:
        first = error.errors()[0]
        raise DomainError("validation.failed", field=".".join(map(str, first["loc"])), reason=first["msg"]) from None
    await service.request_reset_by_email(ctx, who, body.username, body.email)
    return ok(ResetSentRead(sent=True))


@router.post("/wps/member/password/reset", operation_id="resetPasswordByLink", response_model=Envelope[SessionRead])
async def reset_by_link(
    ctx: Ctx, who: Who, body: Annotated[TokenReset, Depends(encrypted_body(TokenReset))]
) -> Envelope[SessionRead]:
    return ok(await service.reset_by_token(ctx, who, body))


@router.get("/wps/member/info", operation_id="memberInfo", response_model=Envelope[MemberRead])
async def member_info(ctx: Ctx, principal: SignedIn) -> Response:
    return ok_response(await service.member_info(ctx, principal))


@router.get("/wps/member/info/icon", operation_id="memberIcon", response_model=Envelope[IconRead])
async def member_icon(ctx: Ctx, principal: SignedIn) -> Envelope[IconRead]:
    """The member's avatar: one of the icons 1-12 the web draws."""
    return ok(IconRead(icon=(await service.own_account(ctx, principal)).icon))


@router.put("/wps/member/info/icon", operation_id="setMemberIcon", response_model=Envelope[IconRead])
async def set_member_icon(ctx: Ctx, principal: RealAccount, body: IconChoice) -> Envelope[IconRead]:
    await service.set_icon(ctx, principal, body.icon)
    return ok(IconRead(icon=body.icon))


@router.post("/wps/verification/sms/password", operation_id="smsPasswordChange", response_model=Envelope[CodeSentRead])
async def sms_password_change(ctx: Ctx, who: Who, principal: RealAccount) -> Envelope[CodeSentRead]:
    """A code to the account's bound mobile for a password change (the brand sets ``CHNGPASSVERIF3``)."""
    return ok(await service.send_password_change_code(ctx, who, principal))


@router.post("/wps/verification/sms/bind", operation_id="smsBind", response_model=Envelope[CodeSentRead])
async def sms_bind(ctx: Ctx, who: Who, principal: RealAccount, body: SmsRequest) -> Envelope[CodeSentRead]:
    """A code to a new number for the signed-in account (``mobile.exists`` for a number already held)."""
    return ok(await service.send_binding_code(ctx, who, principal, body.countryDialingCode, body.mobile))


@router.put("/wps/member/mobile", operation_id="bindMobile", response_model=Envelope[MobileRead])
async def bind_mobile(ctx: Ctx, who: Who, principal: RealAccount, body: MobileBinding) -> Envelope[MobileRead]:
    """Bind the number with the code it received."""
    return ok(
        await service.bind_mobile(
            ctx, who, principal, body.countryDialingCode, body.mobileNum, body.verificationCode, body.password
        )
    )


@router.put(
    "/wps/member/password/payment", operation_id="changePaymentPassword", response_model=Envelope[PaymentPasswordRead]
)
async def change_payment_password(
    ctx: Ctx,
    principal: RealAccount,
    body: Annotated[PaymentPasswordChange, Depends(encrypted_body(PaymentPasswordChange))],
) -> Envelope[PaymentPasswordRead]:
    """(E) Set the first payment password with the login password, or change it with the current one."""
    await payment_password.change(ctx, principal.merchant, str(principal.account_id), body)
    return ok(PaymentPasswordRead(hasPaymentPassword=True))


@router.post("/wps/member/totp", operation_id="startTotpBinding", response_model=Envelope[TotpSecretRead])
async def start_totp(ctx: Ctx, who: Who, principal: RealAccount) -> Envelope[TotpSecretRead]:
    brand_name = (await ctx.site.brand(who.merchant)).name
    return ok(await service.start_totp(ctx, principal, brand_name))


@router.post("/wps/member/totp/confirm", operation_id="confirmTotpBinding", response_model=Envelope[TotpStateRead])
async def confirm_totp(ctx: Ctx, principal: RealAccount, body: TotpBinding) -> Envelope[TotpStateRead]:
    """Bind the authenticator with a code from it and the login password (a stolen session alone cannot)."""
    await service.confirm_totp(ctx, principal, body.code, body.password)
    return ok(TotpStateRead(totpBound=True))


@router.delete("/wps/member/totp", operation_id="removeTotpBinding", response_model=Envelope[TotpStateRead])
async def remove_totp(ctx: Ctx, principal: RealAccount, body: TotpCode) -> Envelope[TotpStateRead]:
    await service.remove_totp(ctx, principal, body.code)
    return ok(TotpStateRead(totpBound=False))


@router.get("/wps/member/info/logins", operation_id="recentLogins", response_model=Envelope[list[LoginRecordRead]])
async def logins(ctx: Ctx, principal: RealAccount) -> Envelope[list[LoginRecordRead]]:
    return ok(await service.recent_logins(ctx, principal))


@router.post("/wps/member/password", operation_id="changePassword", response_model=Envelope[MemberRead])
async def change_password(
    ctx: Ctx, who: Who, principal: RealAccount, body: Annotated[PasswordChange, Depends(encrypted_body(PasswordChange))]
) -> Envelope[MemberRead]:
    await service.change_password(ctx, who, principal, body)
    return ok(service.member_view(await service.own_account(ctx, principal)))


@router.get("/wps/agent/affiliate", operation_id="affiliate", response_model=Envelope[AffiliateRead])
async def affiliate(
    ctx: Ctx, who: Who, code: str = Query(max_length=32), domain: str = Query("", max_length=200)
) -> Envelope[AffiliateRead]:
    return ok(await service.affiliate(ctx, who.merchant, code))


@router.put("/wps/agent/downlines", operation_id="registerDownline", response_model=Envelope[DownlineRead])
async def register_downline(
    ctx: Ctx,
    who: Who,
    agent: Agent,
    body: Annotated[DownlineRegistration, Depends(encrypted_body(DownlineRegistration))],
) -> Envelope[DownlineRead]:
    """(E) Agents only: register a member or an agent under the caller, by the brand's registration rules."""
    return ok(await service.register_downline(ctx, who, agent, body))
