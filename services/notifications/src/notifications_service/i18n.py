"""Texts of the notifications' error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "messages.none_chosen": {
        "TR": "Okundu olarak işaretlenecek mesajları seçin ya da tümünü seçin.",
        "EN": "Choose the messages to mark read, or all of them.",
        "CN": "请选择要标记为已读的消息，或选择全部。",
    },
    "message.not_found": {"TR": "Mesaj bulunamadı.", "EN": "Message not found.", "CN": "未找到该消息。"},
    "broadcast.not_found": {"TR": "Duyuru bulunamadı.", "EN": "Broadcast not found.", "CN": "未找到该公告。"},
    "broadcast.audience_not_listed": {
        "TR": "Herkese giden bir mesaja üye listesi verilmez.",
        "EN": "A message for everyone takes no list of members.",
        "CN": "发给所有人的消息不需要会员列表。",
    },
    "broadcast.audience_empty": {
        "TR": "Mesajın gideceği üyeleri seçin.",
        "EN": "Choose the members the message is for.",
        "CN": "请选择接收消息的会员。",
    },
    "broadcast.audience_one_member": {
        "TR": "Tek üyeye giden bir mesaj için tam olarak bir hesap numarası verin.",
        "EN": "A message for one member takes exactly one account id.",
        "CN": "发给单个会员的消息只能指定一个账户ID。",
    },
    "broadcast.audience_too_many": {
        "TR": "Bir mesaj en çok 1.000 üyeye gönderilebilir.",
        "EN": "A message can go to at most 1,000 members.",
        "CN": "一条消息最多可发给1,000名会员。",
    },
    "broadcast.audience_unknown": {
        "TR": "Listede hesap numarası olmayan değerler var.",
        "EN": "The list holds values that are not account ids.",
        "CN": "列表中有不是账户ID的值。",
    },
    "broadcast.audience_repeated": {
        "TR": "Listede aynı hesap numarası birden fazla kez geçiyor.",
        "EN": "The list names an account id more than once.",
        "CN": "列表中有重复的账户ID。",
    },
    "support.model_unknown": {
        "TR": "Bu müşteri hizmetleri kanalı yok.",
        "EN": "There is no such customer-service channel.",
        "CN": "没有该客服渠道。",
    },
    "support.model_repeated": {
        "TR": "Her kanal kodu bir kez kullanılabilir.",
        "EN": "Each channel code may be used once.",
        "CN": "每个渠道代码只能使用一次。",
    },
}
