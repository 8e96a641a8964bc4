from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from auth_service.context import AuthContext, Caller
from portal_kit.app import language_of
from portal_kit.client import address_of
from portal_kit.merchant import merchant_code
from portal_kit.openapi import READS_HEADERS
from portal_kit.sessions import Principal, Role, require_roles


async def auth_context(request: Request) -> AuthContext:
    context: AuthContext = request.app.state.auth
    return context


async def caller(request: Request) -> Caller:
    # The brand read here rather than as a dependency of its own: one dependency for the caller, not two.
    merchant = await merchant_code(request)
    return Caller(merchant, language_of(request), address_of(request), request.headers.get("user-agent"))


setattr(caller, READS_HEADERS, getattr(merchant_code, READS_HEADERS))


Ctx = Annotated[AuthContext, Depends(auth_context)]
Who = Annotated[Caller, Depends(caller)]
# Member info and the password change stay open to a session that must change its password first.
SignedIn = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL, allow_password_change=True))]
RealAccount = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT, allow_password_change=True))]
Agent = Annotated[Principal, Depends(require_roles(Role.AGENT))]
AnySession = Annotated[
    Principal,
    Depends(require_roles(Role.MEMBER, Role.AGENT, Role.TRIAL, Role.OPS, allow_password_change=True)),
]
