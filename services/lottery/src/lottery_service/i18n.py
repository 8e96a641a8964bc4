"""Texts of the lottery's error codes (TR, EN, CN), the wallet's refusals are in ``portal_kit.money``."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "lottery.game_unknown": {"TR": "Bilinmeyen loto oyunu.", "EN": "Unknown lottery game.", "CN": "未知彩种。"},
    "lottery.category_unknown": {
        "TR": "Bilinmeyen loto kategorisi.",
        "EN": "Unknown lottery category.",
        "CN": "未知彩票类别。",
    },
    "lottery.bet_type_unknown": {
        "TR": "Bu oyunda böyle bir bahis türü yok.",
        "EN": "This game has no such bet type.",
        "CN": "该彩种没有此玩法。",
    },
    "lottery.selection_invalid": {
        "TR": "Seçim bu bahis türüne uymuyor (beklenen: {expected}).",
        "EN": "The choice does not fit this bet type (expected: {expected}).",
        "CN": "所选号码不符合该玩法（应为：{expected}）。",
    },
    "lottery.issue_unknown": {"TR": "Bilinmeyen çekiliş.", "EN": "Unknown issue.", "CN": "未知期号。"},
    "lottery.seed_invalid": {
        "TR": "Tohum 64 onaltılık karakter olmalıdır.",
        "EN": "The seed must be 64 hexadecimal characters.",
        "CN": "种子必须是 64 位十六进制字符。",
    },
    "lottery.issue_not_voidable": {
        "TR": "Bu çekiliş artık iptal edilemez: bahisleri kapandı ya da zaten iptal edildi.",
        "EN": "This issue can no longer be voided: its betting has closed or it is already void.",
        "CN": "本期已封盘或已作废，无法作废。",
    },
    "lottery.issue_not_open": {
        "TR": "Bu çekiliş henüz bahse açık değil; yalnızca şu anki çekilişe bahis yapılabilir.",
        "EN": "This issue is not open for bets yet; only the current issue takes bets.",
        "CN": "本期尚未开放投注，只能投注当前期。",
    },
    "lottery.void_already_requested": {
        "TR": "Bu çekilişin iptali zaten önerildi ve onay bekliyor.",
        "EN": "A void of this issue is already proposed and waiting for approval.",
        "CN": "本期的作废申请已提交，正在等待审批。",
    },
    "lottery.void_already_decided": {
        "TR": "Bu iptal önerisi zaten karara bağlandı.",
        "EN": "This void proposal has already been decided.",
        "CN": "该作废申请已处理。",
    },
    "lottery.void_request_not_found": {
        "TR": "İptal önerisi bulunamadı.",
        "EN": "Void proposal not found.",
        "CN": "未找到作废申请。",
    },
    "lottery.issue_closed": {
        "TR": "Bu çekilişin bahisleri kapandı.",
        "EN": "Betting on this issue has closed.",
        "CN": "本期已封盘。",
    },
    "lottery.issue_limit": {
        "TR": "Bir çekilişe en fazla {max} (kuruş) yatırılabilir; şimdiye kadar {used}.",
        "EN": "At most {max} minor units on one issue; {used} so far.",
        "CN": "每期最多投注 {max}（最小货币单位），已投注 {used}。",
    },
    "lottery.bet_not_found": {"TR": "Bahis bulunamadı.", "EN": "Bet not found.", "CN": "未找到注单。"},
    "lottery.bet_not_cancellable": {
        "TR": "Bu bahis artık geri alınamaz.",
        "EN": "This bet can no longer be cancelled.",
        "CN": "该注单已无法撤销。",
    },
    "lottery.slip_void": {
        "TR": "Bahis fişi geçersiz kılındı; bakiyeniz değişmedi.",
        "EN": "The bet slip was voided; your balance is unchanged.",
        "CN": "投注单已作废，余额未变。",
    },
    "lottery.slip_expired": {
        "TR": "Cüzdan zamanında yanıt vermedi; bahis fişi geçersiz kılındı ve tutar iade edildi.",
        "EN": "The wallet did not answer in time; the slip was voided and any amount returned.",
        "CN": "钱包未及时响应，投注单已作废，款项已退回。",
    },
    "lottery.back_url_invalid": {
        "TR": "Dönüş adresi portalın kendi sayfası olmalıdır.",
        "EN": "The back address must be a page of the portal.",
        "CN": "返回地址必须是本站页面。",
    },
    "lottery.game_unavailable": {
        "TR": "Bu loto oyunu şu anda oynanamıyor.",
        "EN": "This lottery game is not available.",
        "CN": "该彩种暂不开放。",
    },
    "lottery.limits_invalid": {
        "TR": "En düşük bahis en yüksek bahsi, en yüksek bahis de çekiliş başına sınırı aşamaz.",
        "EN": "The minimum stake cannot exceed the maximum, nor the maximum the limit per issue.",
        "CN": "最低投注额不能高于最高投注额，最高投注额不能高于每期限额。",
    },
    "lottery.limits_out_of_range": {
        "TR": "Sınırlar kurumun aralığında olmalı: en düşük bahis {min}-{minCap}, en yüksek bahis en fazla {max}, "
        "çekiliş başına en fazla {perIssue} (kuruş).",
        "EN": "The limits must be within the house's: a minimum stake of {min}-{minCap}, a maximum stake of at most "
        "{max}, at most {perIssue} per issue (minor units).",
        "CN": "限额须在平台范围内：最低投注 {min}-{minCap}，最高投注不超过 {max}，每期不超过 {perIssue}（最小货币单位）。",
    },
    "lottery.prize_mode_unknown": {
        "TR": "Bilinmeyen ödül modu (olanlar: {modes}).",
        "EN": "Unknown prize mode (there are: {modes}).",
        "CN": "未知的奖金模式（可选：{modes}）。",
    },
}
