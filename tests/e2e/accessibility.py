"""Accessibility checks of the e2e journeys: axe-core (the root package's dev dependency) injected into the page,
its serious and critical violations. The page's context needs ``bypass_csp=True``: the portal's CSP forbids an
injected script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
