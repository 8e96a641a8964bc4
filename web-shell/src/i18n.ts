export const SUPPORTED = ["TR", "EN", "CN"] as const;
export type Language = (typeof SUPPORTED)[number];
export const DEFAULT_LANGUAGE: Language = "TR";

const TEXTS = {
  TR: {
    loading: "Yükleniyor…",
    customerService: "Müşteri hizmetleri",
    maintenanceUntil: "Tahmini bitiş",
    regionTitle: "Bölgenizde kullanılamıyor",
    yourIp: "IP adresiniz",
    notAvailable: "Bu bölüm henüz kullanılamıyor.",
    backHome: "Ana sayfaya dön",
    help: "Yardım",
    loadError: "Sayfa yüklenemedi. Ağ bağlantınızı kontrol edip yeniden deneyin.",
    retry: "Yeniden dene",
    language: "Dil",
  },
  EN: {
    loading: "Loading…",
    customerService: "Customer service",
    maintenanceUntil: "Expected end",
    regionTitle: "Not available in your region",
    yourIp: "Your IP address",
    notAvailable: "This section is not available yet.",
    backHome: "Back to home",
    help: "Help",
    loadError: "The page could not be loaded. Check your connection and try again.",
    retry: "Try again",
    language: "Language",
  },
  CN: {
    loading: "加载中…",
    customerService: "在线客服",
    maintenanceUntil: "预计结束时间",
    regionTitle: "您所在的地区无法访问",
    yourIp: "您的 IP 地址",
    notAvailable: "该栏目暂未开放。",
    backHome: "返回首页",
    help: "帮助",
    loadError: "页面加载失败，请检查网络后重试。",
    retry: "重试",
    language: "语言",
  },
} satisfies Record<Language, Record<string, string>>;

export type TextKey = keyof (typeof TEXTS)["TR"];

export function text(language: Language, key: TextKey): string {
  return TEXTS[language][key];
}

/** The saved language (keys hisLang, then lang); an unsupported saved value falls back to TR (spec §9). */
export function savedLanguage(storage: Storage): Language {
  const saved = (storage.getItem("hisLang") ?? storage.getItem("lang") ?? "").toUpperCase();
  return (SUPPORTED as readonly string[]).includes(saved) ? (saved as Language) : DEFAULT_LANGUAGE;
}

export function saveLanguage(storage: Storage, language: Language): void {
  storage.setItem("hisLang", language);
  storage.setItem("lang", language);
}
