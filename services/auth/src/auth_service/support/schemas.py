"""What ops see of a member: a search's row, and the profile with its recent sign-ins."""

from __future__ import annotations

from pydantic import BaseModel


class MemberFoundRead(BaseModel):
    id: str
    username: str
    type: int
    status: str  # active | disabled
    lockedUntil: str | None  # too many wrong passwords: signing in is refused until then
    mobileNum: str | None
    countryDialingCode: str | None
    createdAt: str
    lastLoginAt: str | None
    lastLoginIp: str | None
    registerIp: str | None


class LoginRead(BaseModel):
    at: str
    ip: str | None
    userAgent: str | None
    success: bool


class MemberProfileRead(MemberFoundRead):
    nickname: str | None
    fullname: str | None
    email: str | None
    uplineId: str | None
    affiliateCode: str | None
    registerMethod: str
    totpBound: bool
    logins: list[LoginRead]
