/** Error codes to text: the server's message is already in the request's language, so it wins; the kit
 * knows the codes that arrive without one (network failures) and a few the web must word itself. */
import { ApiError } from "./envelope";
import type { Catalog, Language } from "./i18n";
import { translator } from "./i18n";

type Code = "network.abnormal" | "unknown" | "chunk.load" | "in_need_true_account" | "login.not.session";

const TEXTS: Catalog<Code> = {
  TR: {
    "network.abnormal": "Ağ bağlantısında sorun var, lütfen tekrar deneyin.",
    unknown: "Sistem hatası, lütfen daha sonra tekrar deneyin.",
    "chunk.load": "Sayfanın bir bölümü yüklenemedi. Lütfen sayfayı yenileyin.",
    in_need_true_account: "Bu işlem için gerçek bir hesapla giriş yapın veya kayıt olun.",
    "login.not.session": "Lütfen önce giriş yapın.",
  },
  EN: {
    "network.abnormal": "The network is not answering, please try again.",
    unknown: "System error, please try again later.",
    "chunk.load": "Part of the page could not be loaded. Please refresh the page.",
    in_need_true_account: "Please register or log in with a real account to do this.",
    "login.not.session": "Please log in first.",
  },
  CN: {
    "network.abnormal": "网络异常，请重试。",
    unknown: "系统错误，请稍后再试。",
    "chunk.load": "页面部分内容加载失败，请刷新页面。",
    in_need_true_account: "请注册或使用真实账户登录后再操作。",
    "login.not.session": "请先登录。",
  },
};

const known = translator(TEXTS);

function isCode(code: string): code is Code {
  return code in TEXTS.TR;
}

/** The text to show for a failed call (or any thrown value) in ``language``. */
export function errorText(error: unknown, language: Language): string {
  if (error instanceof ApiError) {
    if (error.code === "network.abnormal" || !error.message) {
      return known(language, isCode(error.code) ? error.code : "unknown");
    }
    return error.message;
  }
  return known(language, "unknown");
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
