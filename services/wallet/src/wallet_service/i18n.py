"""Texts of the wallet's error codes (TR, EN, CN). Amounts in messages are written as people read them."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "amount.out_of_limits": {
        "TR": "Tutar izin verilen aralığın dışında ({min} - {max}).",
        "EN": "The amount is outside the allowed range ({min} - {max}).",
        "CN": "金额超出允许范围（{min} - {max}）。",
    },
    "wallet.unknown": {"TR": "Bilinmeyen cüzdan.", "EN": "Unknown wallet.", "CN": "未知钱包。"},
    "wallet.single_mode": {
        "TR": "Bu markada tek cüzdan kullanılıyor; transfer gerekmez.",
        "EN": "This brand uses a single wallet; no transfer is needed.",
        "CN": "该品牌使用单一钱包，无需转账。",
    },
    "channel.unknown": {"TR": "Bilinmeyen ödeme kanalı.", "EN": "Unknown payment channel.", "CN": "未知支付渠道。"},
    "reference.required": {
        "TR": "Havale referansını girin.",
        "EN": "Enter the bank transfer's reference.",
        "CN": "请输入银行转账参考号。",
    },
    "deposit.not_found": {"TR": "Yatırım bulunamadı.", "EN": "Deposit not found.", "CN": "未找到存款记录。"},
    "deposit.already_decided": {
        "TR": "Bu yatırım zaten sonuçlandı.",
        "EN": "This deposit has already been decided.",
        "CN": "该存款已处理。",
    },
    "callback.signature_invalid": {
        "TR": "Geçersiz imza.",
        "EN": "Invalid signature.",
        "CN": "签名无效。",
    },
    "callback.mismatch": {
        "TR": "Bildirim, siparişle eşleşmiyor.",
        "EN": "The notification does not match the order.",
        "CN": "通知与订单不符。",
    },
    "bank_account.not_found": {
        "TR": "Banka hesabı bulunamadı.",
        "EN": "Bank account not found.",
        "CN": "未找到银行账户。",
    },
    "bank_account.duplicate": {
        "TR": "Bu banka hesabı zaten bağlı.",
        "EN": "This bank account is already bound.",
        "CN": "该银行账户已绑定。",
    },
    "bank_account.too_many": {
        "TR": "En fazla {max} banka hesabı bağlanabilir.",
        "EN": "At most {max} bank accounts can be bound.",
        "CN": "最多可绑定 {max} 个银行账户。",
    },
    "withdrawal.not_found": {"TR": "Çekim bulunamadı.", "EN": "Withdrawal not found.", "CN": "未找到提款记录。"},
    "withdrawal.state_invalid": {
        "TR": "Bu çekim şu durumda bu işleme izin vermiyor: {state}.",
        "EN": "This withdrawal does not allow that in its state: {state}.",
        "CN": "该提款当前状态不允许此操作：{state}。",
    },
    "withdrawal.confirmation_closed": {
        "TR": "Onay süresi doldu; çekim alınmış sayıldı.",
        "EN": "The confirmation time is over; the withdrawal counts as received.",
        "CN": "确认时间已过，该提款视为已到账。",
    },
    "remainder.invalid": {
        "TR": "Ulaşmayan tutar 0'dan büyük ve {amount} değerinden küçük olmalıdır.",
        "EN": "The amount not received must be above 0 and below {amount}.",
        "CN": "未到账金额必须大于 0 且小于 {amount}。",
    },
    "proof.required": {
        "TR": "En az bir kanıt görseli ekleyin.",
        "EN": "Add at least one proof image.",
        "CN": "请至少上传一张凭证图片。",
    },
    "proof.too_many": {
        "TR": "En fazla 3 görsel yüklenebilir.",
        "EN": "At most 3 images can be uploaded.",
        "CN": "最多上传 3 张图片。",
    },
    "proof.too_large": {
        "TR": "Her görsel 5 MB'tan küçük olmalıdır.",
        "EN": "Each image must be under 5 MB.",
        "CN": "每张图片必须小于 5MB。",
    },
    "proof.type_invalid": {
        "TR": "Yalnızca png veya jpg görseller kabul edilir.",
        "EN": "Only png or jpg images are accepted.",
        "CN": "仅接受 png 或 jpg 图片。",
    },
    "adjustment.not_found": {
        "TR": "Bakiye düzeltme talebi bulunamadı.",
        "EN": "No such adjustment request.",
        "CN": "找不到该调账申请。",
    },
    "bonus.not_found": {
        "TR": "Bu bonus bulunamadı.",
        "EN": "This bonus was not found.",
        "CN": "未找到该红利。",
    },
    "purchase.not_found": {
        "TR": "Bu alışveriş bulunamadı.",
        "EN": "This purchase was not found.",
        "CN": "未找到该购买。",
    },
    "withdrawal.bonus_unmet": {
        "TR": "Çevrim şartı tamamlanmamış bir bonusunuz var: şartı tamamlayın ya da bonustan vazgeçerek çekin.",
        "EN": "A bonus of yours has not met its wagering yet: meet it first, or withdraw and forfeit the bonus.",
        "CN": "您有红利尚未完成流水要求：请先完成，或放弃红利后再提款。",
    },
    "adjustment.already_decided": {
        "TR": "Bu düzeltme talebi zaten sonuçlandı.",
        "EN": "This adjustment request has already been decided.",
        "CN": "该调账申请已处理。",
    },
    "ops.own_credit": {
        "TR": "Bu üyeye bugün tek başınıza bakiye eklediniz; bu çekimin adımlarını başka ops kişileri atmalı.",
        "EN": "You credited this member alone today; other ops people must take this withdrawal's steps.",
        "CN": "您今天已独自为该会员入账，此提款的各步骤须由其他运营人员完成。",
    },
    "ops.request.own": {
        "TR": "Kendi isteğinizi onaylayamazsınız; markanın başka bir yöneticisi onaylamalı.",
        "EN": "You cannot approve your own request; another admin of the brand must.",
        "CN": "不能审批自己提交的申请，须由该品牌的其他管理员审批。",
    },
    "dual_control.request_pending": {
        "TR": "Onay bekleyen bir artış var ({amount}); önce o sonuçlanmalı.",
        "EN": "A raise is already waiting for approval ({amount}); it must be decided first.",
        "CN": "已有一项待审批的上调（{amount}），须先处理该申请。",
    },
    "dual_control.not_found": {
        "TR": "Çift onay tutarı talebi bulunamadı.",
        "EN": "No such request to change the second-person amount.",
        "CN": "找不到该双人复核金额变更申请。",
    },
    "dual_control.already_decided": {
        "TR": "Bu talep zaten sonuçlandı.",
        "EN": "This request has already been decided.",
        "CN": "该申请已处理。",
    },
    "upline.not_found": {
        "TR": "Bağlı olduğunuz bir temsilci yok.",
        "EN": "You have no upline agent.",
        "CN": "您没有上级代理。",
    },
    "downline.not_found": {
        "TR": "Bu hesap ekibinizde değil.",
        "EN": "This account is not in your team.",
        "CN": "该账户不在您的团队中。",
    },
    "team.unavailable": {
        "TR": "Ekip bilgisi şu anda alınamıyor; para aktarılmadı. Lütfen tekrar deneyin.",
        "EN": "Your team cannot be checked right now; nothing was moved. Please try again.",
        "CN": "暂时无法核实您的团队，资金未转出，请重试。",
    },
    "account.not_agent": {
        "TR": "Bu hesap bir temsilci değil.",
        "EN": "This account is not an agent.",
        "CN": "该账户不是代理。",
    },
    "record_type.unknown": {"TR": "Bilinmeyen kayıt türü.", "EN": "Unknown record type.", "CN": "未知记录类型。"},
    "settings.invalid": {
        "TR": "Geçersiz ayar: {field}.",
        "EN": "Invalid setting: {field}.",
        "CN": "设置无效：{field}。",
    },
}
