"""Pure rules of logging in: which entry admits which accounts, how long a try of a name waits its turn, and how
an account can prove a login from a new address."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from auth_service.accounts.domain import MEMBER_TYPE, is_agent, may_sign_in
from auth_service.accounts.models import Account
from auth_service.settings import AuthSettings
from portal_kit.errors import Forbidden


class Entry(StrEnum):
    """The member site admits members and agents (agents use it too); the agent entry admits only agents."""

    MEMBER = "member"
    AGENT = "agent"


def admit(account: Account, entry: Entry, now: datetime) -> None:
    """What every way of logging in checks: ``may_sign_in`` and the entry."""
    may_sign_in(account, now)
    if entry is Entry.AGENT and not is_agent(account.account_type):
        raise Forbidden("login.not_agent")
    if entry is Entry.MEMBER and not (account.account_type == MEMBER_TYPE or is_agent(account.account_type)):
        raise Forbidden("login.not_member")


def delay_seconds(settings: AuthSettings, tries: int) -> int:
    """The turn the ``tries``-th try of a name from one address (this one included) must claim; 0 within the free
    tries, then twice as long as the one before up to ``login_max_delay_seconds``."""
    extra = tries - settings.login_free_tries
    if extra <= 0:
        return 0
    return min(1 << min(extra, 20), settings.login_max_delay_seconds)


def methods_of(account: Account) -> list[str]:
    """The ways ``account`` can complete a login from a new address: its bound mobile, authenticator and e-mail;
    the bound payee name only when it has none of those (a name is no secret)."""
    methods = []
    if account.mobile_num and account.country_dialing_code:
        methods.append("sms")
    if account.totp_enabled and account.totp_secret:
        methods.append("totp")
    if account.email:
        methods.append("email")
    if not methods and account.payee_name:
        methods.append("payeeName")
    return methods
