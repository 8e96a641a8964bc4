"""The site worker: relays ``site.config.changed.v1`` from the outbox and answers ``rpc.site.brand``. The
site consumes no events."""

from __future__ import annotations

from portal_kit.worker import Worker
from site_service.config.handlers import brand_answers
from site_service.settings import SiteSettings


def main() -> None:
    Worker(SiteSettings(), produces=True, answers=[brand_answers]).main()


if __name__ == "__main__":
    main()
