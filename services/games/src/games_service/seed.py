"""Load the demo catalogue of brand ``turkeyf2``: ``python -m games_service.seed``.

Idempotent: vendors and games that exist keep their settings (only how they launch is brought up to date), so
``./portal up`` runs it on every start. The in-house vendor BGS's games are playable here, the lottery's on the
lottery pages, and every other vendor's (slots, live tables, fishing, sports, e-sports, cockfight) through the
aggregator Hub88."""

from __future__ import annotations

import asyncio

from sqlalchemy.dialects.postgresql import insert

from games_service.bgs import cards, games, slot
from games_service.catalogue.models import Game, Vendor
from games_service.settings import GamesSettings
from portal_kit.db import Database

MERCHANT = "turkeyf2"
HUB88_VENDORS = ("PG", "DIG", "WGB", "BTI", "AV", "IMES", "TF", "DS88")

# (code, game type, category, name)
VENDORS = [
    ("BTI", "SPORTS", "SPORTS", "BTi Sports"),
    ("AV", "ESPORTS", "ESPORTS", "AV Esports"), ("IMES", "ESPORTS", "ESPORTS", "IM Esports"),
    ("TF", "ESPORTS", "ESPORTS", "TF Gaming"),
    ("DIG", "LIVE", "LIVE", "Dream Gaming"), ("WGB", "LIVE", "LIVE", "WG Live"),
    ("DS88", "COCKFIGHT", "COCKFIGHT", "DS88 Sabong"),
    ("PG", "RNG", "SLOTS", "PG Soft"), ("BGS", "RNG", "SLOTS", "BGS Originals"),
    ("BGS", "PVP", "CARD", "BGS Originals"), ("DIG", "FISH", "FISH", "Dream Fishing"),
    ("LOTT", "LOTT", "LOTTERY", "Portal Lottery"), ("TCG_SEA", "LOTT", "LOTTERY", "SEA Lottery"),
    ("TCG_LOTTO_VN", "LOTT", "LOTTERY", "VN Lottery"),
]  # fmt: skip

# (vendor, game type, code, EN name, TR name, CN name, sub-category, min bet, lines, hot rank, top, demo, playable)
GAMES = [
    ("BGS", "RNG", slot.GAME_CODE, "Fruit Five", "Meyve Beşlisi", "水果五连", None, 100, len(slot.LINES), 1, True, 0, True),
    ("BGS", "PVP", games.DICE_CODE, "Dice 99", "Zar 99", "骰子 99", None, 100, None, 2, True, 0, True),
    ("BGS", "PVP", cards.GAME_CODE, "Dragon Tiger", "Ejder Kaplan Kart", "龙虎斗", None, 100, None, 7, True, 0, True),
    ("PG", "RNG", "PG_FORTUNE_OX", "Fortune Ox", "Şanslı Öküz", "十倍金牛", None, 100, 10, 3, False, 0, False),
    ("PG", "RNG", "PG_MAHJONG_WAYS", "Mahjong Ways", "Mahjong Yolları", "麻将胡了", None, 100, None, 4, False, 0, False),
    ("PG", "RNG", "PG_DRAGON_TIGER_LUCK", "Dragon Tiger Luck", "Ejder Kaplan", "龙虎争霸", "TG", 100, None, None, False, 1, False),
    ("PG", "RNG", "PG_LUCKY_NEKO", "Lucky Neko", "Şanslı Kedi", "招财喵", None, 100, 20, 5, False, 0, False),
    ("PG", "RNG", "PG_TREASURES_AZTEC", "Treasures of Aztec", "Aztek Hazineleri", "寻宝黄金城", None, 100, None, None, False, 0, False),
    ("PG", "RNG", "PG_JACKPOT_GEMS", "Jackpot Gems", "Büyük İkramiye Taşları", "宝石大奖", "JP", 200, 25, None, False, 1, False),
    ("PG", "RNG", "PG_SCRATCH_GOLD", "Scratch Gold", "Kazı Altın", "刮刮金", "SC", 100, None, None, False, 0, False),
    ("PG", "RNG", "PG_VIDEO_POKER", "Jacks or Better", "Vale ve Üstü", "杰克高手", "VP", 100, None, None, False, 1, False),
    ("PG", "RNG", "PG_ARCADE_RUSH", "Arcade Rush", "Atari Koşusu", "街机狂飙", "AC", 100, None, None, False, 0, False),
    ("DIG", "LIVE", "DIG_BACCARAT", "Live Baccarat", "Canlı Bakara", "真人百家乐", None, 1000, None, 6, True, 1, False),
    ("DIG", "LIVE", "DIG_ROULETTE", "Live Roulette", "Canlı Rulet", "真人轮盘", None, 500, None, None, False, 1, False),
    ("DIG", "FISH", "DIG_OCEAN_KING", "Ocean King", "Okyanus Kralı", "海洋之王", None, 100, None, None, False, 1, False),
    ("BTI", "SPORTS", "BTI_SPORTSBOOK", "Sportsbook", "Spor Bahisleri", "体育博彩", None, 100, None, None, False, 1, False),
    ("AV", "ESPORTS", "AV_ESPORTS", "AV Esports", "AV E-Spor", "AV 电竞", None, 100, None, None, False, 1, False),
    ("IMES", "ESPORTS", "IMES_ESPORTS", "IM Esports", "IM E-Spor", "IM 电竞", None, 100, None, None, False, 1, False),
    ("TF", "ESPORTS", "TF_ESPORTS", "TF Esports", "TF E-Spor", "TF 电竞", None, 100, None, None, False, 1, False),
    ("WGB", "LIVE", "WGB_BACCARAT", "WG Baccarat", "WG Bakara", "WG 百家乐", None, 1000, None, None, False, 1, False),
    ("DS88", "COCKFIGHT", "DS88_SABONG", "Sabong Arena", "Horoz Arenası", "斗鸡场", None, 500, None, None, False, 1, False),
    # The lottery service's games (its data names their rules); the lottery pages open them.
    ("LOTT", "LOTT", "SSC_1M", "Speed SSC 1'", "Hızlı SSC 1'", "极速时时彩", None, 100, None, 8, True, 1, True),
    ("LOTT", "LOTT", "K3_1M", "Speed Dice 1'", "Hızlı Zar 1'", "极速快三", None, 100, None, 9, True, 1, True),
    ("LOTT", "LOTT", "11X5_3M", "11 Choose 5 3'", "11'de 5 3'", "三分11选5", None, 100, None, None, False, 1, True),
    ("LOTT", "LOTT", "PK10_3M", "Racing 10 3'", "Yarış 10 3'", "三分赛车", None, 100, None, None, False, 1, True),
    ("LOTT", "LOTT", "PCB_3M", "Lucky 28 3'", "Şanslı 28 3'", "三分幸运28", None, 100, None, None, False, 1, True),
    ("LOTT", "LOTT", "SSC_5M", "SSC 5'", "SSC 5'", "五分时时彩", None, 100, None, None, False, 1, True),
    ("LOTT", "LOTT", "LHC_5M", "Mark Six 5'", "Altı Numara 5'", "五分六合彩", None, 100, None, None, False, 1, True),
    ("LOTT", "LOTT", "LF_5M", "3D 5'", "3D 5'", "五分3D", None, 100, None, None, False, 1, True),
    ("TCG_SEA", "LOTT", "SEA_5M", "SEA Lotto 5'", "SEA Loto 5'", "东南亚彩 5分", None, 100, None, None, False, 1, True),
    ("TCG_LOTTO_VN", "LOTT", "VN_NORTH", "VN Northern Lottery", "VN Kuzey Lotosu", "越南北部彩", None, 100, None, None, False, 1, True),
    ("TCG_LOTTO_VN", "LOTT", "VN_SOUTH", "VN Southern Lottery", "VN Güney Lotosu", "越南南部彩", None, 100, None, None, False, 1, True),
]  # fmt: skip


async def seed(db: Database, merchant: str = MERCHANT) -> None:
    async with db.transaction() as session:
        for sort, (code, game_type, category, name) in enumerate(VENDORS):
            aggregator = "HUB88" if code in HUB88_VENDORS else None
            await session.execute(
                insert(Vendor)
                .values(
                    merchant=merchant, code=code, game_type=game_type, category=category, name=name, sort=sort,
                    aggregator=aggregator,
                )
                .on_conflict_do_update(index_elements=["merchant", "code", "game_type"], set_={"aggregator": aggregator})
            )  # fmt: skip
        for sort, row in enumerate(GAMES):
            vendor, game_type, code, en, tr, cn, sub, min_bet, lines, hot, top, demo, playable = row
            playable = playable or vendor in HUB88_VENDORS
            await session.execute(
                insert(Game)
                .values(
                    merchant=merchant, vendor=vendor, game_type=game_type, game_code=code,
                    names={"EN": en, "TR": tr, "CN": cn}, sub_category=sub, min_bet=min_bet, lines=lines,
                    hot_rank=hot, is_top=top, support_play=demo, playable=playable, sort=sort, is_game="GAME",
                )
                .on_conflict_do_update(index_elements=["merchant", "vendor", "game_code"], set_={"playable": playable})
            )  # fmt: skip


async def main() -> None:
    db = Database(GamesSettings().database_url, pool_size=1)
    try:
        await seed(db)
    finally:
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main())
