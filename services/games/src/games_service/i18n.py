"""Texts of the games service's error codes (TR, EN, CN); the wallet's refusals it passes on are in
``portal_kit.money``."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "game.not_found": {"TR": "Oyun bulunamadı.", "EN": "Game not found.", "CN": "未找到游戏。"},
    "game.demo_for_free_play": {
        "TR": "Ücretsiz deneme, deneme hesabıyla oynanır; hesabınız gerçek parayla oynar.",
        "EN": "Free demos are played with a free-play account; your account plays with real money.",
        "CN": "免费试玩需使用试玩账户；您的账户以真实资金游戏。",
    },
    "game.unavailable": {
        "TR": "Bu oyun şu anda açılamıyor.",
        "EN": "This game cannot be opened at the moment.",
        "CN": "该游戏暂时无法打开。",
    },
    "vendor_under_maintenance": {
        "TR": "Oyun sağlayıcısı bakımda; bakım {end} tarihinde bitiyor.",
        "EN": "The game provider is under maintenance until {end}.",
        "CN": "游戏供应商正在维护，预计 {end} 结束。",
    },
    "game.switched_off": {
        "TR": "Bu oyun şu anda kapalı.",
        "EN": "This game has been switched off.",
        "CN": "该游戏已关闭。",
    },
    "vendor.switched_off": {
        "TR": "Bu oyun sağlayıcısı şu anda kapalı.",
        "EN": "This game provider has been switched off.",
        "CN": "该游戏供应商已关闭。",
    },
    "vendor.not_found": {
        "TR": "Oyun sağlayıcısı bulunamadı.",
        "EN": "Game provider not found.",
        "CN": "未找到游戏供应商。",
    },
    "vendor.no_maintenance": {
        "TR": "Bu sağlayıcının bitirilecek bir bakımı yok.",
        "EN": "This provider has no maintenance to end.",
        "CN": "该供应商没有可结束的维护。",
    },
    "vendor.already_switched": {
        "TR": "Sağlayıcı zaten bu durumda.",
        "EN": "The provider is already switched that way.",
        "CN": "供应商已处于该状态。",
    },
    "game.already_switched": {
        "TR": "Oyun zaten bu durumda.",
        "EN": "The game is already switched that way.",
        "CN": "游戏已处于该状态。",
    },
    "maintenance.until_past": {
        "TR": "Bakımın bitişi gelecekte olmalıdır.",
        "EN": "The maintenance must end in the future.",
        "CN": "维护结束时间必须在将来。",
    },
    "maintenance.until_before_from": {
        "TR": "Bakımın bitişi başlangıcından sonra olmalıdır.",
        "EN": "The maintenance must end after it starts.",
        "CN": "维护结束时间必须晚于开始时间。",
    },
    "maintenance.too_long": {
        "TR": "Bir bakım en fazla {days} gün sürebilir; daha uzun süre için sağlayıcıyı kapatın.",
        "EN": "A maintenance window lasts at most {days} days; switch the provider off for longer.",
        "CN": "维护最长 {days} 天；更长时间请关闭供应商。",
    },
    "signature.invalid": {
        "TR": "İstek imzası geçersiz.",
        "EN": "The request's signature is not valid.",
        "CN": "请求签名无效。",
    },
    "room.not_found": {"TR": "Oda bulunamadı.", "EN": "Room not found.", "CN": "未找到房间。"},
    "room.required": {
        "TR": "Bu oyun için bir oda seçin.",
        "EN": "Choose a room for this game.",
        "CN": "请为此游戏选择房间。",
    },
    "room.balance_too_low": {
        "TR": "Bu odaya girmek için en az {min} (kuruş) bakiye gerekir.",
        "EN": "This room needs a balance of at least {min} minor units to enter.",
        "CN": "进入此房间至少需要 {min}（最小货币单位）余额。",
    },
    "game_type.unknown": {"TR": "Bilinmeyen oyun türü.", "EN": "Unknown game type.", "CN": "未知游戏类型。"},
    "sub_category.unknown": {"TR": "Bilinmeyen alt kategori.", "EN": "Unknown sub-category.", "CN": "未知子类别。"},
    "favourite.mismatch": {
        "TR": "Oyun, sağlayıcı ve oyun türüyle eşleşmiyor.",
        "EN": "The game does not match the vendor and game type.",
        "CN": "游戏与供应商或游戏类型不符。",
    },
    "favourite.too_many": {
        "TR": "En fazla {max} favori oyun eklenebilir.",
        "EN": "At most {max} favourite games.",
        "CN": "最多可收藏 {max} 个游戏。",
    },
    "stake.not_line_multiple": {
        "TR": "Bahis, hat sayısının ({lines}) katı olmalıdır.",
        "EN": "The stake must be a multiple of the number of lines ({lines}).",
        "CN": "投注额必须是线数（{lines}）的倍数。",
    },
    "dice.target_invalid": {
        "TR": "Kazanma olasılığı %{min} ile %{max} arasında olmalıdır.",
        "EN": "The chance to win must be between {min}% and {max}%.",
        "CN": "获胜概率必须在 {min}% 到 {max}% 之间。",
    },
    "seeds.not_shown": {
        "TR": "İlk turunuzdan önce tohumlarınıza bakın (adillik paneli).",
        "EN": "Look at your seeds before your first round (the fairness panel).",
        "CN": "请在第一局之前查看您的种子（公平性面板）。",
    },
    "seeds.round_open": {
        "TR": "Bir turunuz henüz kapanmadı; tohumlar o kapanınca yenilenebilir.",
        "EN": "A round of yours is still open; the seeds can be rotated once it is closed.",
        "CN": "您仍有未结束的一局；该局结束后才能更换种子。",
    },
    "seeds.next_changed": {
        "TR": "Bir sonraki sunucu tohumu gösterilenden farklı; tohumlarınıza yeniden bakın.",
        "EN": "The next server seed is not the one you were shown; look at your seeds again.",
        "CN": "下一个服务器种子与您看到的不同；请重新查看您的种子。",
    },
    "seeds.unavailable": {
        "TR": "Tohumlarınız şu anda kullanılamıyor; lütfen daha sonra deneyin.",
        "EN": "Your seeds cannot be used at the moment; please try again later.",
        "CN": "您的种子暂时无法使用，请稍后再试。",
    },
    "seeds.retired": {
        "TR": "Tohumlarınızın anahtarı kullanımdan kalktı; yeni tohumlar hazırlandı, oynamadan önce onlara bakın.",
        "EN": "The key your seeds were made under was retired; new seeds are ready: look at them before you play.",
        "CN": "您的种子所用的密钥已停用；新的种子已生成，请在游戏前先查看。",
    },
    "round.pending": {
        "TR": "Bu tur hâlâ sonuçlandırılıyor; sonucu bahis kayıtlarınızda görünecek.",
        "EN": "This round is still being settled; its result will appear in your betting record.",
        "CN": "本局仍在结算中；结果将显示在您的投注记录中。",
    },
}
