"""Pure rules of accounts: registration fields against the brand's rules, passwords, age, account types, who may
sign in."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Any

from auth_service.accounts.models import Account
from portal_kit.errors import Forbidden
from portal_kit.sessions import AGENT_TYPES, TRIAL_TYPE

MEMBER_TYPE = 0
WEAK_PASSWORD = "123456"  # noqa: S105 - spec §9: the default weak password forces a change
ADULT_AGE = 18


class AccountStatus(StrEnum):
    """An account's status; only an active one may sign in."""

    ACTIVE = "active"
    DISABLED = "disabled"


ACTIVE, DISABLED = AccountStatus
# Fields that belong to a flow of their own, never checked as plain registration fields here:
# captcha (checked against the captcha store) and the SMS code (mobile registration).
FLOW_FIELDS = frozenset({"captcha", "verificationCode"})


@dataclass(frozen=True)
class FieldProblem:
    code: str  # register.field.required | register.field.invalid | register.password.mismatch | register.age
    field: str
    pattern_id: int = 0
    min_length: int = 0
    max_length: int = 0


def is_agent(account_type: int) -> bool:
    return account_type in AGENT_TYPES


def is_trial(account_type: int) -> bool:
    return account_type == TRIAL_TYPE


def is_weak(password: str) -> bool:
    return password == WEAK_PASSWORD


def password_expired(changed_at: datetime, now: datetime, max_age_days: int) -> bool:
    return now - changed_at > timedelta(days=max_age_days)


def may_sign_in(account: Account, now: datetime) -> None:
    """The lock and status checks every way into an account shares (a login, a password reset)."""
    if account.locked_until is not None and account.locked_until > now:
        raise Forbidden("account.locked")
    if account.status != ACTIVE:
        raise Forbidden("account.disabled")


def parse_birthday(value: str) -> date | None:
    for pattern, order in ((r"^(\d{4})-(\d{2})-(\d{2})$", "ymd"), (r"^(\d{2})-(\d{2})-(\d{4})$", "mdy")):
        match = re.fullmatch(pattern, value)
        if match:
            a, b, c = (int(part) for part in match.groups())
            year, month, day = (a, b, c) if order == "ymd" else (c, a, b)
            try:
                return date(year, month, day)
            except ValueError:
                return None
    return None


def is_adult(birthday: date, today: date) -> bool:
    years = today.year - birthday.year - ((today.month, today.day) < (birthday.month, birthday.day))
    return years >= ADULT_AGE


def check_fields(rules: Mapping[str, Mapping[str, Any]], values: Mapping[str, str], today: date) -> list[FieldProblem]:
    """Every problem of ``values`` (already trimmed) against the brand's rules, in the rules' order.

    A field that is not enabled is ignored; an enabled one is checked when required or given. The rule's
    ``acceptedPattern`` is the regular expression of its patternId (the site serves both)."""
    problems: list[FieldProblem] = []
    for field, rule in rules.items():
        if field in FLOW_FIELDS or not rule.get("enabled"):
            continue
        value = values.get(field, "")
        if not value:
            if rule.get("required"):
                problems.append(FieldProblem("register.field.required", field))
            continue
        minimum, maximum = int(rule.get("minLength", 0)), int(rule.get("maxLength", 255))
        pattern_id = int(rule.get("patternId", 0))
        if not (minimum <= len(value) <= maximum) or re.fullmatch(rule["acceptedPattern"], value) is None:
            problems.append(FieldProblem("register.field.invalid", field, pattern_id, minimum, maximum))
            continue
        if field == "birthday":
            born = parse_birthday(value)
            if born is None or not is_adult(born, today):
                problems.append(FieldProblem("register.age", field))
    password, confirm = values.get("password", ""), values.get("confirmPassword", "")
    if rules.get("confirmPassword", {}).get("enabled") and password and confirm and password != confirm:
        problems.append(FieldProblem("register.password.mismatch", "confirmPassword"))
    return problems
