"""`./portal up` keeps data between runs, refuses a second instance, and stops leaving nothing behind."""

from __future__ import annotations

import shutil
import signal

import httpx

from portal_stack.harness import Stack


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
        assert first.stop(timeout=30) == 0
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
