/** The brand's registration rules (spec §5) as the register-account form checks them before sending: which
 * fields show, which are required, their pattern and length, and the rule in words by its patternId. The
 * shell's register dialog reads the same rules (web-shell/src/features/auth/registerRules.ts); a remote cannot
 * import the shell, so the agent centre keeps its own copy of the words. */
import type { Language, RegisterRuleRead } from "@portal/kit";
import { format } from "@portal/kit";

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

const FIELD_LABELS: Record<string, Record<Language, string>> = {
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
  birthday: { TR: "Doğum tarihi", EN: "Birthday", CN: "生日" },
  nickname: { TR: "Takma ad", EN: "Nickname", CN: "昵称" },
  fullname: { TR: "Ad soyad", EN: "Full name", CN: "姓名" },
};

export function fieldLabel(field: string, language: Language): string {
  return FIELD_LABELS[field]?.[language] ?? field;
}

export function ruleText(rule: RegisterRuleRead, language: Language): string {
  const length =
    rule.minLength === rule.maxLength
      ? format(LENGTH_EXACT[language], { n: rule.minLength })
      : format(LENGTH_RANGE[language], { min: rule.minLength, max: rule.maxLength });
  const pattern = PATTERN_TEXTS[rule.patternId]?.[language] ?? "";
  return pattern ? `${length}, ${pattern}` : length;
}

// What an agent does not fill in for its downline: auth skips the captcha, the SMS code and the codes that name an
// upline (the caller is the upline); the dialling code sits beside the mobile number and the confirmation is drawn
// after the password.
const NOT_DRAWN = new Set(["captcha", "verificationCode", "affiliateCode", "recommenderId", "referralCode", "countryDialingCode", "confirmPassword"]);
const ALWAYS = new Set(["username", "password"]);

/** The fields the form draws, in the server's order: the username and password always (and required). */
export function downlineRules(rules: RegisterRuleRead[]): RegisterRuleRead[] {
  const drawn = rules.filter((rule) => !NOT_DRAWN.has(rule.field) && (rule.enabled || ALWAYS.has(rule.field))).map((rule) => (ALWAYS.has(rule.field) ? { ...rule, enabled: true, required: true } : rule));
  for (const field of ALWAYS) {
    if (!drawn.some((rule) => rule.field === field)) drawn.unshift({ field, enabled: true, required: true, patternId: 0, acceptedPattern: "", minLength: 1, maxLength: 64 });
  }
  return drawn;
}

function compiled(pattern: string): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null; // a pattern the browser cannot read is checked by the server alone
  }
}

/** The error of one field's value under its rule, or null. */
export function fieldError(rule: RegisterRuleRead, raw: string, language: Language): string | null {
  const value = rule.field.toLowerCase().includes("password") ? raw : raw.trim();
  const problem = `${fieldLabel(rule.field, language)}: ${ruleText(rule, language)}`;
  if (!value) return rule.required ? problem : null;
  const pattern = compiled(rule.acceptedPattern);
  return value.length < rule.minLength || value.length > rule.maxLength || (pattern && !pattern.test(value)) ? problem : null;
}
