"""Budgets of the web shell, measured in headless Chromium through Traefik on a fresh stack. Not pass/fail.

- Initial JavaScript: every script the home page fetched until it settled, gzip-compressed (what a visitor
  downloads before the page works), against the budget below as a ratio.
- Largest contentful paint of the home page, as a ratio to the LCP of a baseline page on the same server in
  the same run: one of the home page's own banner images opened alone (the floor of paint over this network).
  Measured twice: over the loopback as it is, and with both pages on an emulated ordinary network (100 ms
  round trip, 12 Mbit/s down), where the bytes and the round trips a first visit waits on show.

    ./portal bench        (or: .venv/bin/python tests/bench/web_budget.py --runs 5)
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from conftest import CHROMIUM_ARGS

from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
JS_BUDGET_GZIP_BYTES = 150 * 1024
# Chromium's emulation (CDP Network.emulateNetworkConditions): a round trip of 100 ms and 12 Mbit/s down.
ORDINARY_NETWORK: dict[str, object] = {
    "offline": False,
    "latency": 100,
    "downloadThroughput": 1_500_000,
    "uploadThroughput": 750_000,
}
LCP_SCRIPT = """() => new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries[entries.length - 1].startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => resolve(-1), 10000);
})"""


def lcp(page: Page, url: str, network: dict[str, object] | None = None) -> float:
    if network is not None:
        devtools = page.context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", network)
    page.goto(url, wait_until="networkidle")
    return float(page.evaluate(LCP_SCRIPT))


def run(runs: int) -> dict[str, object]:
    stack = Stack()
    stack.up()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            scripts: dict[str, int] = {}
            context = browser.new_context()
            page = context.new_page()

            def keep(response: object) -> None:
                url = getattr(response, "url", "")
                if url.endswith(".js") and url.startswith(stack.url):
                    scripts[url] = len(gzip.compress(response.body(), 9))  # type: ignore[attr-defined]

            page.on("response", keep)
            page.goto(stack.url, wait_until="networkidle")
            context.close()
            samples: dict[tuple[str, str], list[float]] = {}
            pages = (("home", stack.url), ("baseline", f"{stack.url}/demo/banner-welcome.svg"))
            for _ in range(runs):
                for network_name, network in (("loopback", None), ("ordinary", ORDINARY_NETWORK)):
                    for page_name, target in pages:
                        fresh = browser.new_context()  # a cold cache each time, like a first visit
                        samples.setdefault((network_name, page_name), []).append(lcp(fresh.new_page(), target, network))
                        fresh.close()
            browser.close()
    finally:
        stack.stop()
    js = sum(scripts.values())
    median = {key: statistics.median(values) for key, values in samples.items()}
    report: dict[str, object] = {
        "benchmark": "web shell budgets in headless Chromium through Traefik",
        "initial_js_gzip_bytes": js,
        "initial_js_files": len(scripts),
        "js_budget_gzip_bytes": JS_BUDGET_GZIP_BYTES,
        "js_budget_ratio": round(js / JS_BUDGET_GZIP_BYTES, 3),
        "runs": runs,
    }
    for network_name, prefix in (("loopback", ""), ("ordinary", "ordinary_network_")):
        home_lcp, baseline_lcp = median[(network_name, "home")], median[(network_name, "baseline")]
        report[f"{prefix}home_lcp_ms"] = round(home_lcp, 1)
        report[f"{prefix}baseline_lcp_ms"] = round(baseline_lcp, 1)
        report[f"{prefix}lcp_ratio"] = round(home_lcp / baseline_lcp, 3) if baseline_lcp > 0 else None
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    report = run(args.runs)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "web_budget.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
