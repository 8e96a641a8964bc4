"""The Kubernetes manifests, validated offline: schemas of the standard kinds, hardening, and the gateway
routes they mirror."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import httpx
import kubernetes_validate
import pytest
import yaml
from redis import Redis

from portal_kit.servers import ManagedProcess, free_port, free_ports, port_open, valkey_process, venv_bin
from portal_stack.access import SEALED_BODY_READERS, USERS
from portal_stack.deploy_secrets import nats_config_users, password_variable, secrets_manifest
from portal_stack.services import SERVICES
from portal_stack.static import IMMUTABLE, MEMBER_REMOTES, OPS_CONSOLE

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
GATEWAY = Path(__file__).resolve().parents[2] / "gateway" / "dynamic" / "routes.yml"
K8S_VERSION = "1.33.0"
CUSTOM = {"traefik.io/v1alpha1", "postgresql.cnpg.io/v1"}


def kustomization(directory: Path) -> dict[str, Any]:
    return yaml.safe_load((directory / "kustomization.yaml").read_text())


def documents() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for resource in kustomization(DEPLOY / "base")["resources"]:
        for document in yaml.safe_load_all((DEPLOY / "base" / resource).read_text()):
            if document:
                found.append((f"{resource}:{document['kind']}/{document['metadata']['name']}", document))
    return found


DOCUMENTS = documents()
BY_NAME = {name: document for name, document in DOCUMENTS}


def test_every_overlay_builds_on_the_base_and_every_listed_file_exists() -> None:
    base = kustomization(DEPLOY / "base")
    for resource in base["resources"]:
        assert (DEPLOY / "base" / resource).is_file(), resource
    for overlay in ("dev", "production"):
        # the base, and the namespaces outside the portal that this overlay's cluster runs (local to kustomize)
        built = kustomization(DEPLOY / "overlays" / overlay)
        # production also names its release (the migration Jobs', ../release) and schedules the database's backups
        more = ["release.yaml", "backup.yaml"] if overlay == "production" else []
        assert built["resources"] == ["../../base", "cluster-namespaces.yaml", *more]
        assert built["components"] == ["../cluster-namespaces", *(["../release"] if more else [])]
        for resource in built["resources"][1:]:
            assert (DEPLOY / "overlays" / overlay / resource).is_file(), resource


@pytest.mark.parametrize("name", [name for name, doc in DOCUMENTS if doc["apiVersion"] not in CUSTOM])
def test_standard_resources_match_the_kubernetes_schema(name: str) -> None:
    document = BY_NAME[name]
    # The images are kustomize names, rewritten by the `images:` transformer; the schema accepts any string.
    kubernetes_validate.validate(document, K8S_VERSION, strict=True)


@pytest.mark.parametrize("name", [name for name, doc in DOCUMENTS if doc["apiVersion"] in CUSTOM])
def test_custom_resources_are_well_formed(name: str) -> None:
    document = BY_NAME[name]
    assert document["metadata"]["name"]
    assert isinstance(document["spec"], dict)
    assert document["spec"]


def pod_specs() -> list[tuple[str, dict[str, Any]]]:
    specs = []
    for name, document in DOCUMENTS:
        if document["kind"] in {"Deployment", "StatefulSet", "Job"}:
            specs.append((name, document["spec"]["template"]["spec"]))
    return specs


@pytest.mark.parametrize(("name", "spec"), pod_specs())
def test_every_container_is_hardened_and_bounded(name: str, spec: dict[str, Any]) -> None:
    assert spec.get("automountServiceAccountToken") is False, name
    for container in spec["containers"]:
        context = container["securityContext"]
        assert context["runAsNonRoot"] is True
        assert context["allowPrivilegeEscalation"] is False
        assert context["readOnlyRootFilesystem"] is True
        assert context["capabilities"] == {"drop": ["ALL"]}
        assert context["seccompProfile"] == {"type": "RuntimeDefault"}
        if "resources" in container:
            assert container["resources"]["limits"]["memory"]


def test_every_http_deployment_has_probes_an_hpa_or_pdb_and_a_service() -> None:
    for name, document in DOCUMENTS:
        if document["kind"] != "Deployment":
            continue
        # A worker's only port is its probes' (test_rendered_overlays): it serves no one, so has no Service.
        ports = document["spec"]["template"]["spec"]["containers"][0].get("ports", [])
        if all(port["name"] == "health" for port in ports):
            continue
        deployment = document["metadata"]["name"]
        container = document["spec"]["template"]["spec"]["containers"][0]
        if deployment != "redis":
            assert container["readinessProbe"] and container["livenessProbe"], name
            assert any(d["kind"] == "PodDisruptionBudget" and d["metadata"]["name"] == deployment for _, d in DOCUMENTS)
        assert any(d["kind"] == "Service" and d["metadata"]["name"] == deployment for _, d in DOCUMENTS), name


def test_migration_job_runs_the_same_step_as_the_local_stack() -> None:
    job = next(doc for _, doc in DOCUMENTS if doc["kind"] == "Job" and doc["metadata"]["name"] == "site-migrate")
    assert job["spec"]["template"]["spec"]["containers"][0]["command"] == [
        "python",
        "-m",
        "portal_stack.migrate",
        "site",
    ]


def test_ingress_routes_mirror_the_gateway_for_built_services() -> None:
    local = yaml.safe_load("\n".join(line for line in GATEWAY.read_text().splitlines() if "{{" not in line))
    ingress = next(doc for _, doc in DOCUMENTS if doc["kind"] == "IngressRoute")
    site_match = next(
        route["match"] for route in ingress["spec"]["routes"] if route["services"][0]["name"] == "site-api"
    )
    for router in ("site", "site-ops"):
        for part in local["http"]["routers"][router]["rule"].split(" || "):
            assert part.strip() in site_match, part


# The ops API and the ops console's page: answered only from the ops address ranges.
OPS_PATHS = "(PathPrefix(`/wps/ops/`) || Path(`/ops`) || PathPrefix(`/ops/`))"


def test_ops_paths_are_refused_outside_the_ops_address_ranges_before_any_other_route() -> None:
    local = yaml.safe_load("\n".join(line for line in GATEWAY.read_text().splitlines() if "{{" not in line))
    routers = local["http"]["routers"]
    refusal = routers["ops-outside-allowed-ranges"]
    assert refusal["rule"].startswith(OPS_PATHS + " &&") and refusal["service"] == "fallback"
    assert refusal["middlewares"] == ["security-headers", "ops-address-refused"]
    assert refusal["priority"] > max(
        router.get("priority", 0) for name, router in routers.items() if name != "ops-outside-allowed-ranges"
    )
    assert "ClientIP(`{{ trim $range }}`)" in GATEWAY.read_text()
    ingress = next(doc for _, doc in DOCUMENTS if doc["kind"] == "IngressRoute")
    top = max(ingress["spec"]["routes"], key=lambda route: route.get("priority", 0))
    assert top["match"].startswith(OPS_PATHS + " && !(ClientIP(")
    assert top["services"][0]["name"] == "fallback"
    assert {"name": "ops-address-refused"} in top["middlewares"]


def test_the_gateway_answers_the_ops_console_and_api_only_from_the_ops_ranges(tmp_path: Path) -> None:
    """routes.yml on a real Traefik, with the real fallback and static server behind it: from outside the ops
    ranges ``/ops``, ``/ops/``, the console's routes and files get the 403 envelope as ``/wps/ops/`` does, whatever
    the headers say; from inside, the console's page; the member site is answered anywhere."""
    shell, console = tmp_path / "shell", tmp_path / "ops-console"
    for dist, html in ((shell, "<!doctype html><div id=root></div>"), (console, "<!doctype html><title>Ops</title>")):
        (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text(html)
    (console / "assets" / "index-abc.js").write_text("export {};\n")
    gateway_port, web_port, fallback_port = free_ports(3)
    config = yaml.safe_load((GATEWAY.parents[1] / "traefik.yml").read_text())
    config["entryPoints"]["web"]["address"] = f"127.0.0.1:{gateway_port}"
    config["providers"]["file"] = {"directory": str(GATEWAY.parent), "watch": False}
    config["accessLog"]["filePath"] = str(tmp_path / "access.log")
    (tmp_path / "traefik.yml").write_text(yaml.safe_dump(config))
    uvicorn = [venv_bin("uvicorn"), "--host", "127.0.0.1", "--no-access-log", "--port"]
    web_env = {"PORTAL_WEB_SHELL_DIST": str(shell), "PORTAL_OPS_CONSOLE_DIST": str(console)}
    gateway_env = {
        "PORTAL_OPS_ALLOWED_RANGES": "127.0.0.0/9,::1/128",
        "PORTAL_UPSTREAM_WEB": f"http://127.0.0.1:{web_port}",
        "PORTAL_UPSTREAM_FALLBACK": f"http://127.0.0.1:{fallback_port}",
    }
    url = f"http://127.0.0.1:{gateway_port}"

    def answers(address: str) -> bool:
        try:
            with httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=1) as client:
                return client.get(f"{url}/").status_code == 200
        except httpx.HTTPError:
            return False

    servers = [
        ManagedProcess("web", [*uvicorn, str(web_port), "portal_stack.static:app"], tmp_path / "web.log",
                       lambda: port_open(web_port), env=web_env),
        ManagedProcess("fallback", [*uvicorn, str(fallback_port), "portal_stack.unavailable:app"],
                       tmp_path / "fallback.log", lambda: port_open(fallback_port)),
        ManagedProcess("gateway", [venv_bin("traefik"), f"--configFile={tmp_path / 'traefik.yml'}"],
                       tmp_path / "gateway.log", lambda: answers("127.0.0.1"), env=gateway_env),
    ]  # fmt: skip
    try:
        for server in servers:
            server.start()
        for server in servers:
            server.wait_ready(30)
        spoofed = {"X-Forwarded-For": "127.0.0.1", "X-Real-Ip": "127.0.0.1"}
        paths = (
            "/ops",
            "/ops/",
            "/ops/login",
            "/ops/finance/withdrawals",
            "/ops/assets/index-abc.js",
            "/wps/ops/auth/me",
        )
        with httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address="127.200.0.1")) as outside:
            for path in paths:
                refused = outside.get(path, headers=spoofed)
                assert (refused.status_code, refused.json()["errorCode"]) == (403, "access.denied"), path
                assert refused.headers["x-frame-options"] == "DENY", path  # the security headers
            assert outside.get("/member/info").text == "<!doctype html><div id=root></div>"
        with httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address="127.0.0.20")) as inside:
            assert inside.get("/ops").headers["location"] == "/ops/"
            for path in ("/ops/", "/ops/login", "/ops/finance/withdrawals"):
                page = inside.get(path)
                assert (page.status_code, page.text) == (200, "<!doctype html><title>Ops</title>"), path
                assert "default-src 'self'" in page.headers["content-security-policy"], path
            assert inside.get("/ops/assets/index-abc.js").headers["cache-control"] == IMMUTABLE
    finally:
        for server in reversed(servers):
            server.stop()


def test_no_secret_values_are_committed() -> None:
    for name, document in DOCUMENTS:
        assert document["kind"] != "Secret", f"{name}: secrets are created outside the repository"
        if document["kind"] == "ConfigMap":
            for key in document.get("data", {}):
                assert "SECRET" not in key and "PASSWORD" not in key, key


def test_the_python_image_installs_every_project_and_imports_every_service() -> None:
    dockerfile = (DEPLOY / "images" / "python.Dockerfile").read_text()
    repo = DEPLOY.parent
    assert "for project in services/*/ proto tools/*/" in dockerfile, "install every project, as ./portal does"
    for copied in ("services", "proto", "tools"):
        assert f"COPY {copied} ./{copied}" in dockerfile
    services = sorted(path.name for path in (repo / "services").iterdir() if (path / "pyproject.toml").is_file())
    for service in services:
        if service != "kit":
            assert f"import {service.replace('-', '_')}_service.main" in dockerfile or (
                f"{service.replace('-', '_')}_service.main" in dockerfile
            ), f"the image build does not prove {service} imports"


def test_the_web_image_builds_and_copies_every_web_build_where_the_static_server_looks() -> None:
    """The shell, each member-site remote and the ops console are built and copied into the image, laid out as in
    the repository: ``portal_stack`` four folders under the image's working directory, which it takes for the
    repository (``portal_stack.services.REPO``), so ``/remotes.json`` lists the remotes and ``/ops/`` has its page."""
    dockerfile = (DEPLOY / "images" / "web.Dockerfile").read_text()
    repo = DEPLOY.parent
    for copied in ("web-shell", "web-remotes"):
        assert f"COPY {copied} ./{copied}" in dockerfile
    assert "npm ci && npm run build --workspaces" in dockerfile
    workdir = Path(re.findall(r"^WORKDIR (\S+)$", dockerfile, re.MULTILINE)[-1])
    package = re.search(r"^COPY tools/stack/src/portal_stack (\S+)$", dockerfile, re.MULTILINE)
    assert package is not None
    assert (Path(package.group(1)) / "services.py").parents[4] == workdir, "REPO would not be the image's /app"
    assert f"PYTHONPATH={Path(package.group(1)).parent}" in dockerfile
    workspaces = json.loads((repo / "package.json").read_text())["workspaces"]
    remotes = {path.split("/", 1)[1] for path in workspaces if path.startswith("web-remotes/")}
    assert remotes >= {*MEMBER_REMOTES, OPS_CONSOLE}, "every web build the static server serves is a workspace"
    for dist in ["web-shell/dist", *(f"web-remotes/{name}/dist" for name in sorted(remotes))]:
        assert f"COPY --from=build /app/{dist} {workdir / dist}\n" in dockerfile, dist
    assert f"test -f web-remotes/{OPS_CONSOLE}/dist/index.html" in dockerfile
    assert f"PORTAL_OPS_CONSOLE_DIST={workdir}/web-remotes/{OPS_CONSOLE}/dist" in dockerfile


def test_auth_is_deployed_with_a_real_sms_provider_whose_credentials_come_from_the_secret() -> None:
    config = next(doc for name, doc in DOCUMENTS if name.endswith("ConfigMap/portal-config"))
    assert config["data"]["AUTH_SMS_PROVIDER"] == "twilio"
    assert not any("TWILIO" in key for key in config["data"]), "Twilio's credentials belong in the Secret"
    auth = next(doc for name, doc in DOCUMENTS if name.endswith("Deployment/auth-api"))
    sources = auth["spec"]["template"]["spec"]["containers"][0]["envFrom"]
    assert {"secretRef": {"name": "portal-secrets"}} in sources


def test_the_content_security_policy_lets_the_page_connect_only_to_its_own_origin() -> None:
    """'self' covers the page's own WebSocket (CSP 3); ``ws:``/``wss:`` alone would allow any host."""
    ingress_csp = next(doc for name, doc in DOCUMENTS if name.endswith("Middleware/security-headers"))
    policies = [ingress_csp["spec"]["headers"]["contentSecurityPolicy"], GATEWAY.read_text()]
    for policy in policies:
        connect = re.search(r"connect-src ([^;]*);", policy)
        assert connect is not None and connect.group(1).strip() == "'self'"


def test_nats_knows_each_service_by_its_own_user_with_the_rights_the_registry_gives_it() -> None:
    """The authorization block is the one ``portal_stack.access`` renders from proto/registry.yaml (after a change
    of the registry, paste in what ``python -m portal_stack.deploy_secrets --nats-config`` prints); every password is
    read from the Secret ``nats-users``, none is in the repository."""
    config = BY_NAME["data-services.yaml:ConfigMap/nats-config"]["data"]["nats.conf"]
    assert nats_config_users() in config
    assert re.findall(r"password: (\S+?)[,}]", config) == [f"${password_variable(name)}" for name in USERS]
    nats = BY_NAME["data-services.yaml:StatefulSet/nats"]["spec"]["template"]["spec"]["containers"][0]
    assert {"secretRef": {"name": "nats-users"}} in nats["envFrom"]


def test_valkey_reads_its_users_from_a_secret_and_services_their_urls_from_another() -> None:
    redis = BY_NAME["data-services.yaml:StatefulSet/redis"]["spec"]["template"]["spec"]
    args = redis["containers"][0]["args"]
    mount = next(m for m in redis["containers"][0]["volumeMounts"] if m["name"] == "users")
    assert args[args.index("--aclfile") + 1] == f"{mount['mountPath']}/users.acl"
    volume = next(v for v in redis["volumes"] if v["name"] == "users")
    assert volume["secret"]["secretName"] == "valkey-users"
    shared = BY_NAME["config.yaml:ConfigMap/portal-config"]["data"]
    assert "NATS_URL" not in shared and "REDIS_URL" not in shared, "a shared URL would carry no user"
    for service in SERVICES:
        for kind in ("Deployment", "Job"):
            for name, document in DOCUMENTS:
                if document["kind"] == kind and document["metadata"]["name"].startswith(f"{service.name}-"):
                    sources = document["spec"]["template"]["spec"]["containers"][0]["envFrom"]
                    assert {"secretRef": {"name": "portal-service-urls"}} in sources, name


def test_the_secrets_generator_makes_every_secret_the_manifests_read() -> None:
    manifest = secrets_manifest()
    for document in manifest:
        kubernetes_validate.validate(document, K8S_VERSION, strict=True)
    by_name = {document["metadata"]["name"]: document["stringData"] for document in manifest}
    assert set(by_name["nats-users"]) == {password_variable(name) for name in USERS}
    acl = by_name["valkey-users"]["users.acl"].splitlines()
    assert acl[0] == "user default off"
    assert [line.split()[1] for line in acl[1:]] == list(USERS)
    for service in SERVICES:
        nats_url = by_name["portal-service-urls"][f"{service.env_prefix}NATS_URL"]
        assert nats_url.startswith(f"nats://{service.name}:")
        assert nats_url.split(":")[2].split("@")[0] == by_name["nats-users"][password_variable(service.name)]
        assert by_name["portal-service-urls"][f"{service.env_prefix}REDIS_URL"].startswith(f"redis://{service.name}:")
    again = {document["metadata"]["name"]: document["stringData"] for document in secrets_manifest()}
    assert again["nats-users"] != by_name["nats-users"], "every run makes fresh passwords"


def test_the_nats_config_is_valid_once_its_secret_is_in_the_environment(tmp_path: Path) -> None:
    """With many generated Secrets: NATS reads a variable as a number when it looks like one (a leading ``-``),
    and then refuses the whole config."""
    config = BY_NAME["data-services.yaml:ConfigMap/nats-config"]["data"]["nats.conf"]
    path = tmp_path / "nats.conf"
    path.write_text(config.replace("/data", str(tmp_path / "data")))
    for _ in range(30):
        secret = next(d for d in secrets_manifest() if d["metadata"]["name"] == "nats-users")["stringData"]
        checked = subprocess.run(
            [venv_bin("nats-server"), "-c", str(path), "-t"],
            env={**os.environ, **secret, "POD_NAME": "nats-0"},
            capture_output=True,
            text=True,
            check=False,
        )
        assert checked.returncode == 0, checked.stderr


def test_the_valkey_users_of_the_secret_keep_each_service_to_its_own_keys(tmp_path: Path) -> None:
    """The ACL the deployment's Valkey loads, on a real server: no service lists key names, only auth writes the keys
    of sealed bodies and only the services that open them read them, each service's nonces under its own prefix."""
    acl = next(d for d in secrets_manifest() if d["metadata"]["name"] == "valkey-users")["stringData"]["users.acl"]
    rules = [line.removeprefix("user ") for line in acl.splitlines() if line != "user default off"]
    admin = re.search(r"^user admin on >(\S+)", acl, re.MULTILINE)
    assert admin is not None
    port = free_port()
    server = valkey_process(port, tmp_path / "valkey", tmp_path / "valkey.log", persist=False, users=rules)
    server.start()
    try:
        server.wait_ready(30)
        valkey = Redis(port=port, username="admin", password=admin.group(1), decode_responses=True)

        def allowed(user: str, *command: str) -> bool:
            return bool(valkey.execute_command("ACL", "DRYRUN", user, *command) == "OK")

        for name in USERS[1:]:
            assert not any(allowed(name, *listing) for listing in (("SCAN", "0"), ("KEYS", "*"), ("RANDOMKEY",)))
            assert allowed(name, "SET", f"{name}:payload-nonce:n1", "1", "EX", "120", "NX")
            assert not allowed(name, "SET", "payload-nonce:n1", "1", "EX", "120", "NX"), name
            assert allowed(name, "SET", "rsa:current", "k1") == (name == "auth"), name
            assert allowed(name, "GET", "rsa:key:k1") == (name in ("auth", *SEALED_BODY_READERS)), name
        valkey.close()
    finally:
        server.stop()
