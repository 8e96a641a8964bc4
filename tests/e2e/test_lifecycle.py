"""`./portal up` keeps data between runs, refuses a second instance, and stops leaving nothing behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess

import httpx
import pytest

from portal_kit.testing.plugin import PortalServers
from portal_stack.harness import Stack

pytestmark = pytest.mark.own_stack  # each test starts stacks of its own


def test_restart_keeps_data_second_up_is_refused_and_down_leaves_nothing() -> None:
    first = Stack()
    try:
        first.up()
        token = first.ops_token()
        base = f"{first.url}/wps/ops/site/merchants/turkeyf2"
        assert httpx.patch(base, json={"gtagId": "G-KEPT"}, headers={"Authorization": token}).status_code == 200

        second = first.command("portal_stack", "up", timeout=60)
        assert second.returncode == 1
        assert "already running" in second.stdout

        down = first.command("portal_stack", "down", timeout=90)
        assert down.returncode == 0, down.stdout + down.stderr
        assert first.wait(timeout=30) == 0
        assert first.open_ports() == []

        first.up()
        assert "already present" in "".join(first.output)  # the seed did not run over the kept data
        config = httpx.get(f"{first.url}/wps/system/config").json()["value"]
        assert config["analytics"] == {"gtagId": "G-KEPT"}
        assert first.stop(signal.SIGINT) == 0
        assert first.open_ports() == []
    finally:
        first.stop()
        shutil.rmtree(first.data_dir, ignore_errors=True)


def test_a_dying_process_is_reported_with_its_log_and_everything_stops() -> None:
    stack = Stack()
    try:
        stack.up()
        port = stack.ports["PORTAL_SITE_PORT"]
        found = subprocess.run(
            ["pgrep", "-f", f"site_service.main:app --host 127.0.0.1 --port {port}"], capture_output=True, text=True
        )
        pids = found.stdout.split()
        assert pids, "the site API process should be running"
        for pid in pids:
            os.kill(int(pid), signal.SIGKILL)
        code = stack.wait(timeout=60)
        output = "".join(stack.output)
        assert code == 1
        assert "site-api died" in output
        assert "its last log lines" in output
        assert "stopping postgres" in output
        assert stack.open_ports() == []
    finally:
        stack.stop()
        shutil.rmtree(stack.data_dir, ignore_errors=True)


def test_external_servers_replace_the_local_ones(portal_servers: PortalServers) -> None:
    stack = Stack()
    stack.env.update(
        {
            "PORTAL_DATABASE_URL": portal_servers.pg_admin_url,
            "NATS_URL": portal_servers.nats_url,
            "REDIS_URL": portal_servers.redis_url,
        }
    )
    try:
        stack.up()
        assert httpx.get(f"{stack.url}/wps/system/status").json()["value"]["systemStatus"] == 0
        logs = {path.name for path in (stack.data_dir / "logs").iterdir()}
        assert {"postgres.log", "nats.log", "valkey.log"}.isdisjoint(logs)
        assert "site-api.log" in logs
        assert stack.stop() == 0
        assert portal_servers.postgres.alive and portal_servers.nats.alive and portal_servers.valkey.alive
    finally:
        stack.stop()
        shutil.rmtree(stack.data_dir, ignore_errors=True)
