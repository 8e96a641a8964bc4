"""The Taskfile parses and the suites `./portal test` promises are all in it (no I/O beyond running task)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[3]
TASK = Path(sys.executable).parent / "task"


def test_task_reads_the_taskfile() -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    listed = subprocess.run(
        [str(TASK), "--list-all", "--color=false"], cwd=REPO, capture_output=True, text=True, check=False, env=env
    )
    assert listed.returncode == 0, listed.stdout + listed.stderr
    for name in ("up", "down", "test", "bench", "lint", "typecheck"):
        assert f"* {name}:" in listed.stdout


def test_the_test_task_runs_every_suite_and_ends_with_pytest() -> None:
    tasks = yaml.safe_load((REPO / "Taskfile.yml").read_text())["tasks"]
    steps = [step["task"] for step in tasks["test"]["cmds"]]
    assert steps == ["lint", "typecheck", "proto:check", "api:check", "test:web", "test:py", "test:e2e"]
    assert "pytest" in tasks["test:e2e"]["cmds"][-1]
