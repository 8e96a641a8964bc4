"""``./portal ops-admin -- <username> [e-mail]``: a founding ops admin of the local portal (auth's bootstrap, pointed at
the local auth database; two at most, each enrolling with the one-time token it prints). Elsewhere run
``python -m auth_service.ops.bootstrap`` where auth runs."""

from __future__ import annotations

import os
import sys

from auth_service.ops.bootstrap import main as bootstrap
from portal_stack.config import StackConfig
from portal_stack.services import SERVICES


def main(argv: list[str] | None = None) -> int:
    auth = next(service for service in SERVICES if service.name == "auth")
    os.environ.setdefault("AUTH_DATABASE_URL", StackConfig().database_url(auth))
    return bootstrap(argv)


if __name__ == "__main__":
    sys.exit(main())
