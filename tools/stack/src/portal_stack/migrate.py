"""Run every service's migrations (and its seed) as a separate step: ``python -m portal_stack.migrate [name ...]``.

The supervisor calls it before starting services; in Kubernetes the same code runs as each service's
migration Job."""

from __future__ import annotations

import os
import subprocess
import sys

from portal_kit.migrations import upgrade
from portal_kit.servers import ensure_database
from portal_stack.config import StackConfig
from portal_stack.services import SERVICES, ServiceSpec


def migrate_service(config: StackConfig, service: ServiceSpec) -> str:
    """Create the service's database when it is ours to create, upgrade it to head, run its seed."""
    if os.environ.get(f"{service.env_prefix}DATABASE_URL") is None:
        ensure_database(config.admin_database_url, service.database)
    upgrade(service.migrations, config.database_url(service))
    if not service.seed:
        return f"{service.name}: migrated"
    env = {**os.environ, f"{service.env_prefix}DATABASE_URL": config.database_url(service)}  # a seed needs only that
    result = subprocess.run(  # noqa: S603
        [sys.executable, "-m", f"{service.package}.seed"], env=env, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise RuntimeError(f"seeding {service.name} failed:\n{result.stdout}{result.stderr}")
    return f"{service.name}: migrated; {result.stdout.strip()}"


def main(argv: list[str] | None = None) -> int:
    names = set(sys.argv[1:] if argv is None else argv)
    config = StackConfig()
    for service in SERVICES:
        if not names or service.name in names:
            print(migrate_service(config, service))
    return 0


if __name__ == "__main__":
    sys.exit(main())
