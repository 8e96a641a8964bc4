"""Run every service's migrations (and its seed) as a separate step: ``python -m portal_stack.migrate [name ...]``.

The supervisor calls it before starting services; in Kubernetes the same code runs as each service's
migration Job. The seeds load demo data (the brand ``turkeyf2``, its games, messages and items), so they run only
where the service's environment (``<SERVICE>_ENVIRONMENT``, else ``ENVIRONMENT``, as its settings read it) is a
development one: a production migration only migrates."""

from __future__ import annotations

import os
import subprocess
import sys

from portal_kit.migrations import upgrade
from portal_kit.servers import ensure_database
from portal_kit.settings import DEVELOPMENT_ENVIRONMENTS
from portal_stack.config import StackConfig
from portal_stack.services import SERVICES, ServiceSpec


def service_environment(service: ServiceSpec) -> str:
    """The environment the service's settings would run in: its prefixed variable, else the shared one."""
    shared = os.environ.get("ENVIRONMENT", "development")
    return os.environ.get(f"{service.env_prefix}ENVIRONMENT", shared)


def seeds_demo_data(service: ServiceSpec) -> bool:
    """Whether the service has a demo seed and runs where demo data belongs (any name but development or test is
    production, as for the settings' guards)."""
    return service.seed and service_environment(service).strip().lower() in DEVELOPMENT_ENVIRONMENTS


def migrate_service(config: StackConfig, service: ServiceSpec) -> str:
    """Create the service's database when it is ours to create, upgrade it to head, run its seed in development."""
    if os.environ.get(f"{service.env_prefix}DATABASE_URL") is None:
        ensure_database(config.admin_database_url, service.database)
    upgrade(service.migrations, config.database_url(service))
    if not seeds_demo_data(service):
        return f"{service.name}: migrated" + ("; no demo data outside development" if service.seed else "")
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
