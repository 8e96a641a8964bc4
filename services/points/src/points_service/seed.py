"""The demo brand's rules (``./portal up`` runs this after the migrations; an existing rule is left as it is): each
whole 100.00 of valid bet earns 1 point in every game type that earns, 100.00 deposited earns 1 point; 10 points
convert to 1.00 in cash, at least 10 at once. Two promotions: a first-deposit bonus of 100 % up to 500.00 (deposit at
least 100.00; wager it 5 times on slots and lottery, at most 50.00 a bet, within 14 days) and a reload of 25 % up to
200.00 (at least 100.00; 8 times on slots, live casino and card games, within 7 days). A promotion of the brand with
the same kind and Turkish name is left as it is (ops may have changed its terms). A VIP ladder (Bronze, Silver, Gold:
points ×1.00, ×1.10, ×1.25; bonuses 0, 25.00, 100.00) when the brand has no level at all (a ladder ops made is never
touched; an emptied one is seeded again by the next ``./portal up``), and a referral rule (a friend who deposits
100.00 and bets 500.00 earns the inviter 20.00) when the brand has none. Running it again changes nothing."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from points_service.conversion.models import ConversionRule
from points_service.promotions.models import Promotion
from points_service.referral.models import ReferralRule
from points_service.rules.domain import EARNING_TYPES
from points_service.rules.models import PointRule
from points_service.settings import PointsSettings
from points_service.vip.models import VipLevel
from portal_kit.db import Database

DEMO_BRAND = "turkeyf2"
DEMO_UNIT = 10_000  # minor units: 100.00
DEMO_RATIO = 1
PROMOTIONS_FROM = datetime(2026, 1, 1, tzinfo=UTC)

FIRST_DEPOSIT_TERMS = {
    "TR": "Hesabınıza ilk para yatırımınızda %100 bonus, en fazla 500,00 TL. En az 100,00 TL yatırın; yatırımdan önce "
    "kampanyaya katılın. Bonus, bonus cüzdanında tutulur ve çevrim şartı tamamlanınca ana cüzdanınıza geçer: bonus "
    "tutarının 5 katı bahis, yalnızca slot ve loto oyunlarında. Bahis başına en fazla 50,00 TL sayılır. Şart, bonus "
    "verildikten sonra 14 gün içinde tamamlanmazsa bonus sona erer. Çevrim tamamlanmadan para çekerseniz bonustan "
    "vazgeçersiniz.",
    "EN": "A 100% bonus on your first deposit, up to 500.00 TRY. Deposit at least 100.00 TRY; join the promotion "
    "before you deposit. The bonus is held in your bonus wallet and moves to your main wallet once wagered: 5 times "
    "the bonus in bets, on slots and lottery only. At most 50.00 TRY a bet counts. Not met within 14 days of the "
    "grant, the bonus expires. Withdrawing before the wagering is met forfeits the bonus.",
    "CN": "首次存款 100% 红利，最高 500.00 TRY。存款至少 100.00 TRY，请在存款前参加活动。红利存放在红利钱包中，完成流水后"
    "转入主钱包：红利金额 5 倍的投注，仅限老虎机和彩票。每注最多计入 50.00 TRY。发放后 14 天内未完成，红利失效。"
    "完成流水前提款将放弃红利。",
}
RELOAD_TERMS = {
    "TR": "Her gün bir yatırımınıza %25 yeniden yükleme bonusu, en fazla 200,00 TL. En az 100,00 TL yatırın. Bonus, "
    "tutarının 8 katı bahisle ana cüzdanınıza geçer: slot, canlı casino ve kart oyunlarında. Şart 7 gün içinde "
    "tamamlanmazsa bonus sona erer. Çevrim tamamlanmadan para çekerseniz bonustan vazgeçersiniz.",
    "EN": "A 25% reload bonus on one deposit a day, up to 200.00 TRY. Deposit at least 100.00 TRY. The bonus moves "
    "to your main wallet once you have bet 8 times its amount on slots, live casino and card games. Not met within "
    "7 days, the bonus expires. Withdrawing before the wagering is met forfeits the bonus.",
    "CN": "每天一笔存款可获 25% 续存红利，最高 200.00 TRY。存款至少 100.00 TRY。在老虎机、真人娱乐和棋牌游戏中投注达到"
    "红利金额的 8 倍后，红利转入主钱包。7 天内未完成，红利失效。完成流水前提款将放弃红利。",
}
DEMO_PROMOTIONS: list[dict[str, Any]] = [
    {
        "kind": "FIRST_DEPOSIT", "names": {"TR": "%100 Hoş Geldin Bonusu", "EN": "100% Welcome Bonus", "CN": "100% 首存红利"},
        "details": FIRST_DEPOSIT_TERMS, "picture": "/demo/promo-first-deposit.svg", "percent_bp": 10_000,
        "max_bonus": 50_000, "min_deposit": 10_000, "wagering_multiple": 5, "game_types": ["RNG", "LOTT"],
        "max_bet": 5_000, "expiry_days": 14, "sort": 1,
    },
    {
        "kind": "RELOAD", "names": {"TR": "%25 Yeniden Yükleme Bonusu", "EN": "25% Reload Bonus", "CN": "25% 续存红利"},
        "details": RELOAD_TERMS, "picture": "/demo/promo-reload.svg", "percent_bp": 2_500, "max_bonus": 20_000,
        "min_deposit": 10_000, "wagering_multiple": 8, "game_types": ["RNG", "LIVE", "PVP"], "max_bet": 0,
        "expiry_days": 7, "sort": 2,
    },
]  # fmt: skip


# Bronze pays no bonus: the end-to-end journeys share one seeded stack, and a bonus at a level their members reach
# would move their balances. Turnover and bonuses in minor units.
DEMO_VIP_LADDER: list[dict[str, Any]] = [
    {"level": 1, "names": {"TR": "Bronz", "EN": "Bronze", "CN": "青铜"}, "turnover": 100_000, "bonus": 0,
     "points_multiplier_pct": 100,
     "perks": {"TR": "Doğum günü hediyesi", "EN": "A birthday gift", "CN": "生日礼物"}},
    {"level": 2, "names": {"TR": "Gümüş", "EN": "Silver", "CN": "白银"}, "turnover": 1_000_000, "bonus": 2_500,
     "points_multiplier_pct": 110,
     "perks": {"TR": "Doğum günü hediyesi ve öncelikli para çekme", "EN": "A birthday gift and priority withdrawals",
               "CN": "生日礼物与优先取款"}},
    {"level": 3, "names": {"TR": "Altın", "EN": "Gold", "CN": "黄金"}, "turnover": 5_000_000, "bonus": 10_000,
     "points_multiplier_pct": 125,
     "perks": {"TR": "Kişisel hesap yöneticisi, öncelikli para çekme ve doğum günü hediyesi",
               "EN": "A personal account manager, priority withdrawals and a birthday gift",
               "CN": "专属客户经理、优先取款与生日礼物"}},
]  # fmt: skip
DEMO_REFERRAL_RULE = {"min_deposit": 10_000, "min_valid_bet": 50_000, "reward": 2_000, "enabled": True}


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
        known = await session.execute(select(Promotion.kind, Promotion.names).where(Promotion.merchant == DEMO_BRAND))
        made = {(kind, names.get("TR")) for kind, names in known.all()}
        for promotion in DEMO_PROMOTIONS:
            if (promotion["kind"], promotion["names"]["TR"]) not in made:
                extra = {"merchant": DEMO_BRAND, "starts_at": PROMOTIONS_FROM, "ends_at": None, "active": True}
                await session.execute(insert(Promotion).values({**promotion, **extra}))
        if await session.scalar(select(VipLevel.level).where(VipLevel.merchant == DEMO_BRAND).limit(1)) is None:
            ladder = [{"merchant": DEMO_BRAND, **row} for row in DEMO_VIP_LADDER]
            await session.execute(insert(VipLevel).values(ladder).on_conflict_do_nothing())
        referral = {"merchant": DEMO_BRAND, **DEMO_REFERRAL_RULE}
        await session.execute(insert(ReferralRule).values(referral).on_conflict_do_nothing())


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
