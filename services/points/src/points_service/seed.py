"""The demo brand's rules (``./portal up`` runs this after the migrations; an existing rule is left as it is): each
whole 100.00 of valid bet earns 1 point in every game type that earns, 100.00 deposited earns 1 point; 10 points
convert to 1.00 in cash, at least 10 at once."""

from __future__ import annotations

import asyncio

from sqlalchemy.dialects.postgresql import insert

from points_service.conversion.models import ConversionRule
from points_service.rules.domain import EARNING_TYPES
from points_service.rules.models import PointRule
from points_service.settings import PointsSettings
from portal_kit.db import Database

DEMO_BRAND = "turkeyf2"
DEMO_UNIT = 10_000  # minor units: 100.00
DEMO_RATIO = 1


async def seed(db: Database) -> None:
    rows = [
        {"merchant": DEMO_BRAND, "point_type": kind, "betting_unit": DEMO_UNIT, "ratio": DEMO_RATIO, "enabled": True}
        for kind in EARNING_TYPES
    ]
    async with db.transaction() as session:
        await session.execute(insert(PointRule).values(rows).on_conflict_do_nothing())
        conversion = {"merchant": DEMO_BRAND, "points_per_unit": 10, "amount_per_unit": 100, "min_points": 10,
                      "enabled": True}  # fmt: skip
        await session.execute(insert(ConversionRule).values(conversion).on_conflict_do_nothing())


def main() -> None:
    db = Database(PointsSettings().database_url, pool_size=1)

    async def run() -> None:
        try:
            await seed(db)
        finally:
            await db.dispose()

    asyncio.run(run())


if __name__ == "__main__":
    main()
