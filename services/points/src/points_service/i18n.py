"""Texts of the points service's error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "promotion.not_found": {"TR": "Promosyon bulunamadı.", "EN": "Promotion not found.", "CN": "未找到该优惠活动。"},
    "promotion.closed": {
        "TR": "Bu promosyon şu anda katılıma açık değil.",
        "EN": "This promotion is not open to join now.",
        "CN": "该优惠活动目前不开放参加。",
    },
    "promotion.not_applicable": {
        "TR": "Bu promosyona başvuru yapılmaz.",
        "EN": "This promotion takes no applications.",
        "CN": "该优惠活动不接受申请。",
    },
    "application.awaiting_checker": {
        "TR": "Bu başvurunun bonusu ikinci bir onay bekliyor.",
        "EN": "This application's bonus is waiting for a second person.",
        "CN": "该申请的红利正在等待第二人复核。",
    },
    "application.no_checker_needed": {
        "TR": "Bu başvuru ikinci bir onay beklemiyor.",
        "EN": "This application is not waiting for a second person.",
        "CN": "该申请无需第二人复核。",
    },
    "raffle.no_checker_needed": {
        "TR": "Bu çekiliş ikinci bir onay beklemiyor.",
        "EN": "This raffle is not waiting for a second person.",
        "CN": "该抽奖无需第二人复核。",
    },
    "envelope.no_checker_needed": {
        "TR": "Bu zarf ikinci bir onay beklemiyor.",
        "EN": "This envelope is not waiting for a second person.",
        "CN": "该红包无需第二人复核。",
    },
    "application.pending": {
        "TR": "Bu promosyon için bekleyen bir başvurunuz var.",
        "EN": "An application of yours to this promotion is already waiting.",
        "CN": "您对该优惠的申请正在等待审核。",
    },
    "application.not_found": {"TR": "Başvuru bulunamadı.", "EN": "Application not found.", "CN": "未找到该申请。"},
    "application.already_decided": {
        "TR": "Bu başvuru için zaten karar verildi ({current}).",
        "EN": "This application was decided already ({current}).",
        "CN": "该申请已处理（{current}）。",
    },
    "application.amount_too_large": {
        "TR": "Bonus, promosyonun en yüksek tutarını ({most}) aşamaz.",
        "EN": "The bonus cannot exceed the promotion's maximum ({most}).",
        "CN": "红利不能超过该优惠的上限（{most}）。",
    },
    "image.too_many": {"TR": "En çok 3 resim.", "EN": "At most 3 images.", "CN": "最多 3 张图片。"},
    "image.too_large": {
        "TR": "Her resim 5 MB'tan küçük olmalı.",
        "EN": "Each image must be under 5 MB.",
        "CN": "每张图片须小于 5 MB。",
    },
    "image.type_invalid": {
        "TR": "Resimler png ya da jpg olmalı.",
        "EN": "Images must be png or jpg.",
        "CN": "图片须为 png 或 jpg 格式。",
    },
    "promotion.not_eligible": {
        "TR": "Bu promosyon yalnızca henüz para yatırmamış üyeler içindir.",
        "EN": "This promotion is only for members who have not deposited yet.",
        "CN": "该优惠仅限尚未存款的会员。",
    },
    "points.type_unknown": {
        "TR": "Bilinmeyen puan türü: {pointType}.",
        "EN": "Unknown point type: {pointType}.",
        "CN": "未知的积分类型：{pointType}。",
    },
    "mall.item_not_found": {"TR": "Ürün bulunamadı.", "EN": "Item not found.", "CN": "未找到该商品。"},
    "mall.out_of_stock": {
        "TR": "Bu üründen yeterli stok yok (kalan: {left}).",
        "EN": "Not enough of this item left (left: {left}).",
        "CN": "该商品库存不足（剩余：{left}）。",
    },
    "points.not_enough": {
        "TR": "Puanınız yetmiyor: {needed} puan gerekli, bakiyeniz {balance}.",
        "EN": "Not enough points: {needed} needed, your balance is {balance}.",
        "CN": "积分不足：需要 {needed} 积分，您的余额为 {balance}。",
    },
    "mall.redemption_not_found": {"TR": "Talep bulunamadı.", "EN": "Redemption not found.", "CN": "未找到该兑换。"},
    "mall.already_decided": {
        "TR": "Bu talep için zaten karar verildi ({current}).",
        "EN": "This redemption was decided already ({current}).",
        "CN": "该兑换已处理（{current}）。",
    },
    "mall.money_short": {
        "TR": "Ana cüzdan bakiyeniz ürünün tutarını karşılamadı.",
        "EN": "Your main balance could not pay the item's price.",
        "CN": "您的主钱包余额不足以支付该商品的金额。",
    },
    "mall.payment_pending": {
        "TR": "Bu talebin ödemesi henüz cüzdandan yanıt bekliyor; biraz sonra yeniden deneyin.",
        "EN": "This redemption's payment is still waiting for the wallet; try again shortly.",
        "CN": "该兑换的付款仍在等待钱包答复，请稍后再试。",
    },
    "mall.stock_negative": {
        "TR": "Stok sıfırın altına düşemez.",
        "EN": "The stock cannot go below zero.",
        "CN": "库存不能低于零。",
    },
    "points.conversion_off": {
        "TR": "Puanlar şu anda nakde çevrilemiyor.",
        "EN": "Points cannot be converted to cash at the moment.",
        "CN": "目前无法将积分兑换为现金。",
    },
    "points.conversion_units": {
        "TR": "Puanlar {unit} puanlık katlar halinde ve en az {least} puan olarak çevrilir.",
        "EN": "Points convert in multiples of {unit}, at least {least} at once.",
        "CN": "积分须按 {unit} 的倍数兑换，每次至少 {least} 积分。",
    },
    "points.conversion_too_large": {
        "TR": "Bir seferde bu kadar puan çevrilemez; daha az puan deneyin.",
        "EN": "That many points cannot be converted at once; try fewer.",
        "CN": "一次不能兑换这么多积分，请减少数量。",
    },
    "vip.levels_not_consecutive": {
        "TR": "VIP seviyeleri 1'den başlayarak sırayla numaralanmalı.",
        "EN": "VIP levels must be numbered 1, 2, 3… in order.",
        "CN": "VIP 等级必须从 1 开始按顺序编号。",
    },
    "vip.turnover_not_increasing": {
        "TR": "Her VIP seviyesinin ciro eşiği bir öncekinden yüksek olmalı.",
        "EN": "Each VIP level must need more turnover than the level below it.",
        "CN": "每个 VIP 等级所需的流水必须高于下一级。",
    },
    "mission.not_found": {"TR": "Görev bulunamadı.", "EN": "Mission not found.", "CN": "未找到该任务。"},
    "mission.not_completed": {
        "TR": "Görev henüz tamamlanmadı ({progress}/{target}).",
        "EN": "The mission is not completed yet ({progress}/{target}).",
        "CN": "任务尚未完成（{progress}/{target}）。",
    },
    "mission.already_claimed": {
        "TR": "Bu görevin ödülü zaten alındı.",
        "EN": "This mission's reward was claimed already.",
        "CN": "该任务的奖励已领取。",
    },
    "mission.window_invalid": {
        "TR": "Görevin bitişi başlangıcından sonra olmalı.",
        "EN": "The mission must end after it starts.",
        "CN": "任务的结束时间必须晚于开始时间。",
    },
    "mission.game_types_not_allowed": {
        "TR": "Yatırım görevleri oyun türü almaz.",
        "EN": "A deposit mission takes no game types.",
        "CN": "存款任务不能指定游戏类型。",
    },
    "mission.target_too_large": {
        "TR": "Oyun günü hedefi en fazla {most} gün olabilir.",
        "EN": "A play-days target is at most {most} days.",
        "CN": "游戏天数目标最多为 {most} 天。",
    },
    "raffle.not_found": {"TR": "Çekiliş bulunamadı.", "EN": "Raffle not found.", "CN": "未找到该抽奖活动。"},
    "raffle.not_open": {
        "TR": "Bu çekiliş henüz başlamadı ({opensAt}).",
        "EN": "This raffle has not opened yet ({opensAt}).",
        "CN": "该抽奖尚未开始（{opensAt}）。",
    },
    "raffle.closed": {
        "TR": "Bu çekilişe katılım kapandı.",
        "EN": "This raffle is closed.",
        "CN": "该抽奖已截止。",
    },
    "raffle.turnover_short": {
        "TR": "Bu çekilişe katılmak için çekiliş açıldığından beri {needed} tutarında bahis gerekli; şu ana kadar: {current}.",
        "EN": "This raffle needs {needed} staked since it opened to take part; you have staked {current} so far.",
        "CN": "参加该抽奖需自开始以来投注 {needed}；您目前已投注 {current}。",
    },
    "raffle.window_invalid": {
        "TR": "Çekilişin kapanışı açılışından sonra ve gelecekte olmalı.",
        "EN": "The raffle must close after it opens, and in the future.",
        "CN": "抽奖的截止时间必须晚于开始时间，且在将来。",
    },
    "envelope.not_found": {"TR": "Kırmızı zarf bulunamadı.", "EN": "Red envelope not found.", "CN": "未找到该红包。"},
    "envelope.not_open": {
        "TR": "Bu kırmızı zarf henüz açılmadı ({opensAt}).",
        "EN": "This red envelope has not opened yet ({opensAt}).",
        "CN": "该红包尚未开放（{opensAt}）。",
    },
    "envelope.closed": {
        "TR": "Bu kırmızı zarfın süresi doldu.",
        "EN": "This red envelope is closed.",
        "CN": "该红包已结束。",
    },
    "envelope.empty": {
        "TR": "Bu kırmızı zarfta pay kalmadı.",
        "EN": "No shares are left in this red envelope.",
        "CN": "该红包已被抢完。",
    },
    "envelope.window_invalid": {
        "TR": "Kırmızı zarfın kapanışı açılışından sonra ve gelecekte olmalı.",
        "EN": "The red envelope must close after it opens, and in the future.",
        "CN": "红包的结束时间必须晚于开始时间，且在将来。",
    },
    "envelope.pool_too_small": {
        "TR": "Havuz, {shares} payın her birine en az 0,01 verecek kadar olmalı.",
        "EN": "The pool must give each of the {shares} shares at least 0.01.",
        "CN": "红包总额必须保证 {shares} 份中每份至少 0.01。",
    },
}
