/** The register form follows the brand's rules from the server (spec §5): which fields show, which are
 * required, their pattern and length, and the text of each rule by its patternId. */
import type { Language } from "@portal/kit";
import { format } from "@portal/kit";
import type { RegisterRuleRead } from "@portal/kit";

export type RegisterMode = "username" | "mobile";

const PATTERN_TEXTS: Record<number, Record<Language, string>> = {
  0: { TR: "herhangi bir karakter", EN: "any characters", CN: "任意字符" },
  1: { TR: "harfle başlar, yalnızca harf ve rakam", EN: "starts with a letter, letters and digits only", CN: "以字母开头，仅限字母和数字" },
  2: { TR: "yalnızca harf ve Çince karakter", EN: "letters and Chinese characters only", CN: "仅限字母和中文" },
  3: { TR: "geçerli bir e-posta adresi", EN: "a valid e-mail address", CN: "有效的电子邮箱" },
  4: { TR: "yalnızca harf ve rakam", EN: "letters and digits only", CN: "仅限字母和数字" },
  5: { TR: "harf ve rakamı birlikte içerir", EN: "both letters and digits", CN: "须同时包含字母和数字" },
  6: { TR: "yalnızca rakam", EN: "digits only", CN: "仅限数字" },
  7: { TR: "harf ve rakam, en az bir büyük harf", EN: "letters and digits with at least one capital", CN: "字母和数字，至少一个大写字母" },
  8: { TR: "yalnızca İngilizce harf ve boşluk", EN: "English letters and spaces only", CN: "仅限英文字母和空格" },
  9: { TR: "boşluk içermez", EN: "no spaces", CN: "不能包含空格" },
  10: { TR: "yalnızca Çince karakter ve simge", EN: "Chinese characters and symbols only", CN: "仅限中文和符号" },
  11: { TR: "yyyy-AA-gg biçiminde tarih", EN: "a date as yyyy-MM-dd", CN: "日期格式 yyyy-MM-dd" },
  12: { TR: "en az iki harf, yalnızca harf ve boşluk", EN: "at least two letters, letters and spaces only", CN: "至少两个字母，仅限字母和空格" },
  13: { TR: "AA-gg-yyyy biçiminde tarih", EN: "a date as MM-dd-yyyy", CN: "日期格式 MM-dd-yyyy" },
  14: { TR: "harfler ve ardından rakamlar", EN: "letters followed by digits", CN: "字母后接数字" },
  15: { TR: "yalnızca Korece", EN: "Korean only", CN: "仅限韩文" },
};
const LENGTH_RANGE: Record<Language, string> = { TR: "{min}-{max} karakter", EN: "{min}-{max} characters", CN: "{min}-{max} 个字符" };
const LENGTH_EXACT: Record<Language, string> = { TR: "{n} karakter", EN: "{n} characters", CN: "{n} 个字符" };

export const FIELD_LABELS: Record<string, Record<Language, string>> = {
  username: { TR: "Kullanıcı adı", EN: "Username", CN: "用户名" },
  password: { TR: "Şifre", EN: "Password", CN: "密码" },
  confirmPassword: { TR: "Şifre tekrarı", EN: "Confirm password", CN: "确认密码" },
  payeeName: { TR: "Alıcı adı", EN: "Payee name", CN: "收款人姓名" },
  paymentPassword: { TR: "Ödeme şifresi", EN: "Payment password", CN: "支付密码" },
  qqNum: { TR: "QQ numarası", EN: "QQ number", CN: "QQ 号" },
  line: { TR: "Line", EN: "Line", CN: "Line" },
  whatsapp: { TR: "WhatsApp", EN: "WhatsApp", CN: "WhatsApp" },
  facebook: { TR: "Facebook", EN: "Facebook", CN: "Facebook" },
  wechat: { TR: "WeChat", EN: "WeChat", CN: "微信" },
  telegram: { TR: "Telegram", EN: "Telegram", CN: "Telegram" },
  zalo: { TR: "Zalo", EN: "Zalo", CN: "Zalo" },
  idNumber: { TR: "Kimlik numarası", EN: "ID number", CN: "身份证号" },
  email: { TR: "E-posta", EN: "E-mail", CN: "邮箱" },
  mobileNum: { TR: "Cep telefonu", EN: "Mobile number", CN: "手机号" },
  countryDialingCode: { TR: "Ülke kodu", EN: "Country code", CN: "国家区号" },
  verificationCode: { TR: "SMS kodu", EN: "SMS code", CN: "短信验证码" },
  affiliateCode: { TR: "Davet kodu", EN: "Invitation code", CN: "邀请码" },
  recommenderId: { TR: "Tavsiye eden", EN: "Recommender", CN: "推荐人" },
  referralCode: { TR: "Referans kodu", EN: "Referral code", CN: "推荐码" },
  captcha: { TR: "Doğrulama kodu", EN: "Verification code", CN: "验证码" },
  birthday: { TR: "Doğum tarihi", EN: "Birthday", CN: "生日" },
  nickname: { TR: "Takma ad", EN: "Nickname", CN: "昵称" },
  fullname: { TR: "Ad soyad", EN: "Full name", CN: "姓名" },
};

export function fieldLabel(field: string, language: Language): string {
  return FIELD_LABELS[field]?.[language] ?? field;
}

/** The rule in words: its length (one number when min equals max) and its pattern. */
export function ruleText(rule: RegisterRuleRead, language: Language): string {
  const length =
    rule.minLength === rule.maxLength
      ? format(LENGTH_EXACT[language], { n: rule.minLength })
      : format(LENGTH_RANGE[language], { min: rule.minLength, max: rule.maxLength });
  const pattern = PATTERN_TEXTS[rule.patternId]?.[language] ?? "";
  return pattern ? `${length}, ${pattern}` : length;
}

// Fields with their own controls or steps: the captcha (when the brand asks one), the SMS code (mobile
// registration with verification only), the dialling code (next to the mobile number).
const SPECIAL = new Set(["captcha", "verificationCode", "countryDialingCode", "confirmPassword"]);

/** The rules to draw as plain inputs for a registration ``mode``, in the server's order. */
export function visibleRules(rules: RegisterRuleRead[], mode: RegisterMode, flags: Record<string, boolean>): RegisterRuleRead[] {
  return rules.filter((rule) => {
    if (!rule.enabled || SPECIAL.has(rule.field)) return false;
    if (mode === "mobile") {
      if (rule.field === "username") return false;
      if ((rule.field === "password" || rule.field === "paymentPassword") && !flags["MOBILENUMPASSREG3"]) return false;
    }
    return true;
  });
}

function compiled(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null; // a pattern the browser cannot read is checked by the server alone
  }
}

/** The error of one field's value under its rule, or null; ``required`` may be forced (mobile always). */
export function fieldError(rule: RegisterRuleRead, raw: string, language: Language, forceRequired = false): string | null {
  const value = rule.field.toLowerCase().includes("password") ? raw : raw.trim();
  if (!value) {
    return rule.required || forceRequired ? `${fieldLabel(rule.field, language)}: ${ruleText(rule, language)}` : null;
  }
  const pattern = compiled(rule.acceptedPattern);
  if (value.length < rule.minLength || value.length > rule.maxLength || (pattern && !pattern.test(value))) {
    return `${fieldLabel(rule.field, language)}: ${ruleText(rule, language)}`;
  }
  return null;
}

/** Age from a yyyy-MM-dd birthday on ``today``. */
export function isAdult(birthday: string, today: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const eighteenth = new Date(Date.UTC(year + 18, month - 1, day));
  return eighteenth.getTime() <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}
