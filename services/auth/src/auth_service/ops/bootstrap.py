"""The founding ops admins: ``python -m auth_service.ops.bootstrap <username> [e-mail]`` where auth runs (locally
``./portal ops-admin -- <username> [e-mail]``; the e-mail is where a new link goes should an admin send one). Every later ops person is invited by one admin and approved by
another, so a portal needs two admins to start with: this makes an invitation for an admin of every brand, run
once for each of the two founders, and refuses once two ops people exist. It prints the one-time enrolment token
(and its link) for the founder, who enrols with it exactly as an invitee does (``POST /wps/ops/auth/enrolment``):
they set their own password and TOTP, which nobody else sees. Whoever runs it holds the token until then: the
founder runs it, or it reaches them the way the deployment's other secrets do."""

from __future__ import annotations

import asyncio
import sys
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from auth_service.ops import repository
from auth_service.ops.domain import INVITATION_LIFETIME, checked_email, checked_username
from auth_service.ops.models import OpsPerson
from auth_service.ops.service import invitation_link, issue_token
from auth_service.settings import AuthSettings
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import ALL_MERCHANTS, OpsRole

FOUNDERS = 2  # the bootstrap makes this many admins; then admins invite (and approve) everyone else


@dataclass(frozen=True)
class FirstAdmin:
    username: str
    token: str
    link: str
    expires_at: datetime


class PeopleExist(Exception):
    """The founding admins were made before."""


async def create_first_admin(db: Database, public_url: str, username: str, email: str | None = None) -> FirstAdmin:
    person = OpsPerson(
        id=str(uuid.uuid4()),
        username=checked_username(username),
        email=checked_email(email) if email else None,
        roles=[OpsRole.ADMIN.value],
        merchants=[ALL_MERCHANTS],
        created_by="bootstrap",
    )
    token = issue_token(person)
    async with db.transaction() as session:
        # Two bootstraps at once: the lock lets one look and write before the other looks.
        await repository.lock_people(session)
        if await repository.how_many(session) >= FOUNDERS:
            raise PeopleExist
        if await repository.username_taken(session, person.username):
            raise PeopleExist
        repository.stage_person(session, person)
        repository.audit(session, ALL_MERCHANTS, "bootstrap", "ops.person.invite", person.id,
                         after={"username": person.username, "roles": person.roles, "merchants": person.merchants,
                                "status": person.status})  # fmt: skip
    expires = person.enrol_expires_at or datetime.now(UTC) + INVITATION_LIFETIME
    return FirstAdmin(person.username, token, invitation_link(public_url, token), expires)


async def run(username: str, email: str | None) -> int:
    settings = AuthSettings()
    db = Database(settings.database_url, pool_size=1)
    try:
        admin = await create_first_admin(db, settings.public_url, username, email)
    except PeopleExist:
        print("the founding ops admins exist already: an admin invites more (POST /wps/ops/auth/people/invitations)",
              file=sys.stderr)  # fmt: skip
        return 1
    except DomainError as refused:
        print(f"{refused.params.get('field', 'username')}: a username is 3-64 characters (a letter, then letters, "
              "digits, '.', '_' or '-'); an e-mail address is name@domain", file=sys.stderr)  # fmt: skip
        return 2
    finally:
        await db.dispose()
    print(f"username: {admin.username}\nenrolment token: {admin.token}\nlink: {admin.link}")
    print(f"expires: {admin.expires_at.isoformat()}")
    print("The founder enrols with the token (POST /wps/ops/auth/enrolment, then /enrolment/confirm), setting their")
    print("own password and TOTP; nobody else sees them. Then POST /wps/ops/auth/login.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m auth_service.ops.bootstrap <username> [e-mail]", file=sys.stderr)
        return 2
    return asyncio.run(run(args[0], args[1] if len(args) == 2 else None))


if __name__ == "__main__":
    sys.exit(main())
