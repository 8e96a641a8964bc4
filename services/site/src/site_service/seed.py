"""Load the demo brand ``turkeyf2`` with Turkish, English and Chinese texts: ``python -m site_service.seed``.

Idempotent: an existing brand is left as it is, so ``./portal up`` runs it on every start.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from site_service.config.domain import REGISTRATION_FIELDS
from site_service.config.models import DomainRoute, Merchant, RegisterRule, Resource
from site_service.content import fairness_help
from site_service.content.models import Announcement, Banner, HelpTopic
from site_service.settings import SiteSettings

CODE = "turkeyf2"

FLAGS = {
    "USERNAMEREG3": True, "MOBILENUMREG3": True, "REGMOBVERF3": True, "MOBILENUMPASSREG3": True,
    "MOBILEVERCODELOGIN3": True, "FREEPLAY3": True, "PWDEXPFORCECHANGE3": True, "DIRECTREG3": True,
    "CHNGPASSVERIF3": False, "AGENTPOLICY3": True, "USERNAMELOGIN3": True, "REGCAPTCHA3": True,
    "BOTCHECK3": True, "NEWIPVERIFY3": True, "MEMBERCENTER3": True, "AGENTCENTER3": True, "CHATROOM3": False,
}  # fmt: skip

# field: (enabled, required, patternId, min, max)
RULES: dict[str, tuple[bool, bool, int, int, int]] = {
    "username": (True, True, 1, 6, 16),
    "password": (True, True, 5, 6, 20),
    "confirmPassword": (True, True, 5, 6, 20),
    "payeeName": (True, False, 12, 2, 50),
    "paymentPassword": (True, True, 6, 6, 6),
    "qqNum": (False, False, 6, 5, 12),
    "line": (False, False, 9, 1, 50),
    "whatsapp": (True, False, 6, 8, 15),
    "facebook": (False, False, 9, 1, 50),
    "wechat": (False, False, 9, 1, 50),
    "telegram": (True, False, 9, 5, 32),
    "zalo": (False, False, 6, 8, 15),
    "idNumber": (False, False, 4, 6, 20),
    "email": (True, False, 3, 6, 100),
    "mobileNum": (True, True, 6, 10, 11),
    "countryDialingCode": (True, True, 6, 1, 4),
    "verificationCode": (True, True, 6, 6, 6),
    "affiliateCode": (True, False, 4, 4, 16),
    "recommenderId": (False, False, 4, 4, 16),
    "referralCode": (False, False, 4, 4, 16),
    "captcha": (True, True, 4, 4, 4),
    "birthday": (True, True, 11, 10, 10),
    "nickname": (True, False, 0, 2, 20),
    "fullname": (True, False, 12, 2, 50),
}

HELP = [
    (
        "about-us",
        {"TR": "Hakkımızda", "EN": "About us", "CN": "关于我们"},
        {
            "TR": "<p>F2 Türkiye, lisanslı oyun sağlayıcılarıyla güvenli ve adil bir eğlence sunar.</p>",
            "EN": "<p>F2 Türkiye offers safe and fair entertainment with licensed game providers.</p>",
            "CN": "<p>F2 Türkiye 与持牌游戏供应商合作，提供安全、公平的娱乐体验。</p>",
        },
    ),
    (
        "deposit-guide",
        {"TR": "Para yatırma rehberi", "EN": "How to deposit", "CN": "存款指南"},
        {
            "TR": "<p>Üye merkezinde <b>Para Yatır</b>'ı seçin, kanalı ve tutarı girin, ödemeyi tamamlayın.</p>",
            "EN": "<p>Open <b>Deposit</b> in the member centre, choose a channel and amount, and complete the payment.</p>",
            "CN": "<p>在会员中心打开<b>存款</b>，选择渠道和金额并完成支付。</p>",
        },
    ),
    (
        "withdrawal-guide",
        {"TR": "Para çekme rehberi", "EN": "How to withdraw", "CN": "取款指南"},
        {
            "TR": "<p>Banka hesabınızı bağlayın, tutarı ve ödeme şifrenizi girin. Onaydan sonra ödeme hesabınıza gönderilir.</p>",
            "EN": "<p>Bind your bank account, enter the amount and your payment password. Once approved, the money is sent to your account.</p>",
            "CN": "<p>绑定银行账户，输入金额和支付密码。审核通过后款项将汇入您的账户。</p>",
        },
    ),
    (
        "responsible-gaming",
        {"TR": "Sorumlu oyun", "EN": "Responsible gaming", "CN": "负责任博彩"},
        {
            "TR": "<p>Oyun eğlence içindir. Bütçenizi belirleyin, ara verin; 18 yaşından küçükler oynayamaz.</p>",
            "EN": "<p>Play for fun. Set a budget, take breaks; nobody under 18 may play.</p>",
            "CN": "<p>游戏只为娱乐。请设定预算、适时休息；未满 18 岁不得参与。</p>",
        },
    ),
    (
        "terms",
        {"TR": "Kullanım koşulları", "EN": "Terms and conditions", "CN": "条款与条件"},
        {
            "TR": "<p>Hesap başına bir kişi; bonuslar çevrim şartlarına tabidir.</p>",
            "EN": "<p>One account per person; bonuses are subject to wagering requirements.</p>",
            "CN": "<p>每人仅限一个账户；奖金需满足流水要求。</p>",
        },
    ),
    (
        "privacy",
        {"TR": "Gizlilik politikası", "EN": "Privacy policy", "CN": "隐私政策"},
        {
            "TR": "<p>Kişisel verileriniz yalnızca hizmeti sunmak için işlenir ve üçüncü kişilerle paylaşılmaz.</p>",
            "EN": "<p>Your personal data is processed only to provide the service and is never sold to third parties.</p>",
            "CN": "<p>您的个人数据仅用于提供服务，绝不出售给第三方。</p>",
        },
    ),
    (
        "faq",
        {"TR": "Sık sorulan sorular", "EN": "FAQ", "CN": "常见问题"},
        {
            "TR": "<p><b>Şifremi unuttum?</b> Giriş penceresinde “Şifremi unuttum”u kullanın.</p>",
            "EN": "<p><b>Forgot your password?</b> Use “Forgot password” in the login window.</p>",
            "CN": "<p><b>忘记密码？</b>请在登录窗口点击“忘记密码”。</p>",
        },
    ),
    (fairness_help.KEY, fairness_help.TITLE, fairness_help.CONTENT),
]

BANNERS = [
    ("w_home", "/demo/banner-welcome.svg", {"TR": "Hoş geldin bonusu %100", "EN": "100% welcome bonus", "CN": "100% 首存奖金"}, "ROUTE", "/promotions"),
    ("w_home", "/demo/banner-live.svg", {"TR": "Canlı casino masaları", "EN": "Live casino tables", "CN": "真人娱乐场"}, "ROUTE", "/live"),
    ("w_home", "/demo/banner-sports.svg", {"TR": "Spor bahislerinde yüksek oranlar", "EN": "Top sports odds", "CN": "体育赔率更高"}, "ROUTE", "/sports"),
    ("w_video", "/demo/banner-video.svg", {"TR": "Haftanın kazananları", "EN": "Winners of the week", "CN": "本周赢家"}, "NONE", ""),
    ("w_register", "/demo/banner-register.svg", {"TR": "Hemen kayıt ol", "EN": "Join now", "CN": "立即注册"}, "NONE", ""),
    ("w_login", "/demo/banner-login.svg", {"TR": "Tekrar hoş geldin", "EN": "Welcome back", "CN": "欢迎回来"}, "NONE", ""),
    ("w_forget", "/demo/banner-forget.svg", {"TR": "Hesabını kurtar", "EN": "Recover your account", "CN": "找回账户"}, "NONE", ""),
]  # fmt: skip

# type, popup execution, title, content
NOTICES = [
    ("B", None, {"TR": "Yeni üyelere %100 hoş geldin bonusu!", "EN": "100% welcome bonus for new members!", "CN": "新会员尊享 100% 首存奖金！"}, None),
    ("B", None, {"TR": "Para çekme talepleri 7/24 işleniyor.", "EN": "Withdrawals are processed around the clock.", "CN": "取款申请 7×24 小时处理。"}, None),
    ("B", None, {"TR": "Sorumlu oynayın: 18+.", "EN": "Play responsibly: 18+.", "CN": "理性娱乐：18 岁以上。"}, None),
    ("PU", "B", {"TR": "F2 Türkiye'ye hoş geldiniz", "EN": "Welcome to F2 Türkiye", "CN": "欢迎来到 F2 Türkiye"},
     {"TR": "<p>Kayıt olun ve ilk yatırımınızda %100 bonus kazanın.</p>", "EN": "<p>Sign up and get a 100% bonus on your first deposit.</p>", "CN": "<p>注册即可在首次存款时获得 100% 奖金。</p>"}),
    ("PU", "A", {"TR": "Hafta sonu kayıp iadesi", "EN": "Weekend cashback", "CN": "周末返水"},
     {"TR": "<p>Hafta sonu kayıplarınızın %10'u pazartesi hesabınızda.</p>", "EN": "<p>10% of your weekend losses back on Monday.</p>", "CN": "<p>周末亏损的 10% 将于周一返还。</p>"}),
    ("PU", "F", {"TR": "İlk girişiniz kutlu olsun", "EN": "Welcome aboard", "CN": "欢迎首次登录"},
     {"TR": "<p>Güvenlik merkezinden ödeme şifrenizi belirlemeyi unutmayın.</p>", "EN": "<p>Remember to set your payment password in the security centre.</p>", "CN": "<p>请记得在安全中心设置支付密码。</p>"}),
    ("PL", None, {"TR": "Planlı bakım duyurusu", "EN": "Planned maintenance", "CN": "计划维护公告"},
     {"TR": "<p>Pazar 04:00–05:00 arası kısa bir bakım yapılacaktır.</p>", "EN": "<p>A short maintenance takes place on Sunday 04:00–05:00.</p>", "CN": "<p>周日 04:00–05:00 将进行短暂维护。</p>"}),
    ("PL", None, {"TR": "Yeni ödeme kanalı", "EN": "New payment channel", "CN": "新增支付渠道"},
     {"TR": "<p>Artık hızlı havale ile anında yatırım yapabilirsiniz.</p>", "EN": "<p>You can now deposit instantly by fast bank transfer.</p>", "CN": "<p>现在可通过快速转账即时存款。</p>"}),
    ("PR", None, {"TR": "Slot turnuvası", "EN": "Slot tournament", "CN": "老虎机锦标赛"},
     {"TR": "<p>Toplam 250.000 ₺ ödül havuzu.</p>", "EN": "<p>A prize pool of ₺250,000.</p>", "CN": "<p>总奖池 ₺250,000。</p>"}),
]  # fmt: skip


# Topics written after the demo brand's first seed: a brand seeded before gets them at its next start (the others,
# maybe edited or removed by ops since, are left alone).
LATER_HELP = {fairness_help.KEY}


async def _add_missing_help(session: AsyncSession) -> None:
    have = set(await session.scalars(select(HelpTopic.key).where(HelpTopic.merchant == CODE)))
    for index, (key, title, content) in enumerate(HELP):
        if key in LATER_HELP and key not in have:
            session.add(HelpTopic(merchant=CODE, key=key, title=title, content=content, sort=index))


async def seed(db: Database) -> bool:
    """Insert the demo brand; ``False`` when it already exists."""
    async with db.transaction() as session:
        if await session.scalar(select(Merchant.code).where(Merchant.code == CODE)):
            await _add_missing_help(session)
            return False
        session.add(
            Merchant(
                code=CODE,
                name="F2 Türkiye",
                active=True,
                currency="TRY",
                currency_symbol="₺",
                languages=["TR", "EN", "CN"],
                default_language="TR",
                main_domain="f2tr.example",
                gtag_id="G-F2TRDEMO01",
                image_cdns=["https://img.f2tr.example"],
                launch_cdns=["https://launch.f2tr.example"],
                flags=FLAGS,
                customer_service_url="https://support.f2tr.example/chat",
                description={
                    "TR": "F2 Türkiye: slot, canlı casino, spor ve piyango tek adreste. Lütfen sorumlu oynayın.",
                    "EN": "F2 Türkiye: slots, live casino, sports and lottery in one place. Please play responsibly.",
                    "CN": "F2 Türkiye：老虎机、真人娱乐场、体育和彩票一站式体验。请理性娱乐。",
                },
                copyright="© 2026 F2 Türkiye. All rights reserved.",
                maintenance=False,
                maintenance_title={"TR": "Bakımdayız", "EN": "We are under maintenance", "CN": "系统维护中"},
                maintenance_text={
                    "TR": "Sizlere daha iyi hizmet verebilmek için kısa bir bakım yapıyoruz.",
                    "EN": "We are doing a short maintenance to serve you better.",
                    "CN": "为了给您提供更好的服务，我们正在进行短暂维护。",
                },
                blocked_networks=[],
                sms_dialing_codes=["90"],
                region_text={
                    "TR": "Hizmetimiz bulunduğunuz bölgede kullanılamıyor.",
                    "EN": "Our service is not available in your region.",
                    "CN": "您所在的地区无法使用我们的服务。",
                },
            )
        )
        await session.flush()
        for index, field in enumerate(REGISTRATION_FIELDS):
            enabled, required, pattern_id, minimum, maximum = RULES[field]
            session.add(
                RegisterRule(
                    merchant=CODE,
                    field=field,
                    enabled=enabled,
                    required=required,
                    pattern_id=pattern_id,
                    min_length=minimum,
                    max_length=maximum,
                    sort=index,
                )
            )
        resources = [
            ("MOBILECONFIG", "iOS app", "https://f2tr.example/app/ios.mobileconfig"),
            ("Android", "Android app", "https://f2tr.example/app/f2tr.apk"),
            ("FACEBOOK", "Facebook", "https://facebook.com/f2turkiye"),
            ("TELEGRAM", "Telegram", "https://t.me/f2turkiye"),
            ("INSTAGRAM", "Instagram", "https://instagram.com/f2turkiye"),
            ("YOUTUBE", "YouTube", "https://youtube.com/@f2turkiye"),
        ]
        for index, (kind, label, url) in enumerate(resources):
            session.add(Resource(merchant=CODE, type=kind, label_name_en=label, url=url, sort=index))
        for index, (group, url, title, linkage_type, linkage) in enumerate(BANNERS):
            session.add(
                Banner(
                    merchant=CODE,
                    group_name=group,
                    image_url=url,
                    title=title,
                    linkage_type=linkage_type,
                    linkage=linkage,
                    sort=index,
                    active=True,
                )
            )
        start = datetime.now(UTC) - timedelta(days=1)
        for index, (kind, execution, title, content) in enumerate(NOTICES):
            session.add(
                Announcement(
                    merchant=CODE,
                    type=kind,
                    popup_execution=execution,
                    title=title,
                    content=content or title,
                    promotion_type="TOURNAMENT" if kind == "PR" else None,
                    starts_at=start,
                    sort=index,
                    active=True,
                )
            )
        for index, (key, title, content) in enumerate(HELP):
            session.add(HelpTopic(merchant=CODE, key=key, title=title, content=content, sort=index))
        for index, (domain, label) in enumerate(
            [("f2tr.example", "Ana adres"), ("f2tr1.example", "Hat 1"), ("f2tr2.example", "Hat 2")]
        ):
            session.add(DomainRoute(merchant=CODE, domain=domain, label=label, sort=index))
    return True


async def _main() -> None:
    db = Database(SiteSettings().database_url, pool_size=1)
    try:
        created = await seed(db)
    finally:
        await db.dispose()
    print(f"demo brand {CODE}: {'loaded' if created else 'already present'}")


def main() -> None:
    asyncio.run(_main())


if __name__ == "__main__":
    main()
