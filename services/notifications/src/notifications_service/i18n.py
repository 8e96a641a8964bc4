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
