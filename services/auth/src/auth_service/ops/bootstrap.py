"""Create the first ops admin: ``python -m auth_service.ops.bootstrap <username>`` where auth runs (locally
``./portal ops-admin -- <username>``). It refuses once any ops person exists: from then on admins add people
(``POST /wps/ops/auth/people``). Prints a generated password and the TOTP secret, once; nothing else keeps them."""

from __future__ import annotations

import asyncio
import secrets
import sys
import uuid
from dataclasses import dataclass

from auth_service import totp
from auth_service.ops import repository
from auth_service.ops.domain import ACTIVE, checked_username
from auth_service.ops.models import OpsPerson
from auth_service.ops.service import TOTP_ISSUER
from auth_service.passwords import hash_password
from auth_service.settings import AuthSettings
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import ALL_MERCHANTS, OpsRole


@dataclass(frozen=True)
class FirstAdmin:
    username: str
    password: str
    totp_secret: str
    totp_uri: str


class PeopleExist(Exception):
    """Ops people exist already: the first admin was made before."""


async def create_first_admin(db: Database, secret_key: str, username: str) -> FirstAdmin:
    name = checked_username(username)
    password, secret = secrets.token_urlsafe(18), totp.new_secret()
    person = OpsPerson(
        id=str(uuid.uuid4()),
        username=name,
        password_hash=await hash_password(password),
        totp_secret=totp.seal(secret, secret_key),
        roles=[OpsRole.ADMIN.value],
        merchants=[ALL_MERCHANTS],
        status=ACTIVE,
        created_by="bootstrap",
    )
    async with db.transaction() as session:
        # Two bootstraps at once: the lock lets one look and write before the other looks.
        await repository.lock_people(session)
        if await repository.anyone(session):
            raise PeopleExist
        repository.stage_person(session, person)
        repository.audit(session, ALL_MERCHANTS, "bootstrap", "ops.person.create", person.id,
                     after={"roles": person.roles, "merchants": person.merchants, "status": ACTIVE})  # fmt: skip
    return FirstAdmin(name, password, secret, totp.provisioning_uri(secret, name, TOTP_ISSUER))


async def run(username: str) -> int:
    settings = AuthSettings()
    db = Database(settings.database_url, pool_size=1)
    try:
        admin = await create_first_admin(db, settings.secret_key, username)
    except PeopleExist:
        print("ops people exist already: an admin adds more (POST /wps/ops/auth/people)", file=sys.stderr)
        return 1
    except DomainError:
        print("a username is 3-64 characters: a letter, then letters, digits, '.', '_' or '-'", file=sys.stderr)
        return 2
    finally:
        await db.dispose()
    print(f"username: {admin.username}\npassword: {admin.password}\ntotp secret: {admin.totp_secret}")
    print(f"totp uri: {admin.totp_uri}\nSign in at POST /wps/ops/auth/login with the password and a code.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m auth_service.ops.bootstrap <username>", file=sys.stderr)
        return 2
    return asyncio.run(run(args[0]))


if __name__ == "__main__":
    sys.exit(main())
