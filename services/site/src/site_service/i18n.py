"""Texts of the site service's error codes (TR, EN, CN)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "merchant.exists": {
        "TR": "Bu marka zaten var: {merchant}.",
        "EN": "This brand already exists: {merchant}.",
        "CN": "该品牌已存在：{merchant}。",
    },
    "flag.unknown": {
        "TR": "Bilinmeyen özellik bayrağı: {flag}.",
        "EN": "Unknown feature flag: {flag}.",
        "CN": "未知功能开关：{flag}。",
    },
    "register.field.unknown": {
        "TR": "Bilinmeyen kayıt alanı: {field}.",
        "EN": "Unknown registration field: {field}.",
        "CN": "未知注册字段：{field}。",
    },
    "register.length.invalid": {
        "TR": "{field} için en az uzunluk en çok uzunluktan büyük olamaz.",
        "EN": "The minimum length of {field} cannot exceed its maximum length.",
        "CN": "{field} 的最小长度不能大于最大长度。",
    },
    "content.not_found": {
        "TR": "İçerik bulunamadı.",
        "EN": "Content not found.",
        "CN": "未找到内容。",
    },
    "feedback.empty": {
        "TR": "Lütfen geri bildiriminizi yazın.",
        "EN": "Please write your feedback.",
        "CN": "请填写反馈内容。",
    },
    "feedback.not_found": {
        "TR": "Geri bildirim bulunamadı.",
        "EN": "Feedback not found.",
        "CN": "未找到该反馈。",
    },
    "feedback.too_long": {
        "TR": "Geri bildirim en fazla {max} karakter olabilir.",
        "EN": "Feedback can be at most {max} characters.",
        "CN": "反馈内容最多 {max} 个字符。",
    },
    "text.translation_missing": {
        "TR": "{field} için Türkçe metin gerekli.",
        "EN": "A Turkish text is required for {field}.",
        "CN": "{field} 需要提供土耳其语文本。",
    },
    "network.invalid": {
        "TR": "Geçersiz ağ adresi: {network}.",
        "EN": "Invalid network address: {network}.",
        "CN": "无效的网络地址：{network}。",
    },
}
