import { describe, expect, it } from "vitest";
import { validate } from "./components/RegisterModal";
import type { RegisterRuleRead } from "@portal/kit";
import { fieldError, isAdult, ruleText, visibleRules } from "./registerRules";

function rule(field: string, patch: Partial<RegisterRuleRead> = {}): RegisterRuleRead {
  return { field, enabled: true, required: true, patternId: 0, acceptedPattern: "^.*$", minLength: 1, maxLength: 50, ...patch };
}

const RULES: RegisterRuleRead[] = [
  rule("username", { patternId: 1, acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$", minLength: 6, maxLength: 16 }),
  rule("password", { patternId: 5, acceptedPattern: "^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$", minLength: 6, maxLength: 20 }),
  rule("confirmPassword", { patternId: 5 }),
  rule("paymentPassword", { patternId: 6, acceptedPattern: "^[0-9]+$", minLength: 6, maxLength: 6 }),
  rule("mobileNum", { patternId: 6, acceptedPattern: "^[0-9]+$", minLength: 10, maxLength: 11, required: false }),
  rule("qqNum", { enabled: false }),
  rule("captcha", { minLength: 4, maxLength: 4 }),
  rule("birthday", { patternId: 11, acceptedPattern: "^\\d{4}-\\d{2}-\\d{2}$", minLength: 10, maxLength: 10 }),
];

describe("the register form follows the server's rules", () => {
  it("shows enabled fields only, and no username in mobile registration", () => {
    expect(visibleRules(RULES, "username", {}).map((r) => r.field)).toEqual([
      "username",
      "password",
      "paymentPassword",
      "mobileNum",
      "birthday",
    ]);
    expect(visibleRules(RULES, "mobile", {}).map((r) => r.field)).toEqual(["mobileNum", "birthday"]);
    expect(visibleRules(RULES, "mobile", { MOBILENUMPASSREG3: true }).map((r) => r.field)).toContain("password");
  });

  it("words a rule by its patternId with one number when min equals max", () => {
    expect(ruleText(RULES[0] as RegisterRuleRead, "EN")).toBe("6-16 characters, starts with a letter, letters and digits only");
    expect(ruleText(RULES[3] as RegisterRuleRead, "TR")).toBe("6 karakter, yalnızca rakam");
    expect(ruleText(RULES[3] as RegisterRuleRead, "CN")).toBe("6 个字符, 仅限数字");
  });

  it("checks required, length and pattern, trimming everything but passwords", () => {
    const username = RULES[0] as RegisterRuleRead;
    expect(fieldError(username, "  ayse1990 ", "EN")).toBeNull();
    expect(fieldError(username, "1ayse99", "EN")).toContain("starts with a letter");
    expect(fieldError(username, "ayse", "EN")).toContain("6-16 characters");
    expect(fieldError(username, "   ", "EN")).not.toBeNull();
    const mobile = RULES[4] as RegisterRuleRead;
    expect(fieldError(mobile, "", "EN")).toBeNull();
    expect(fieldError(mobile, "", "EN", true)).not.toBeNull(); // always required in mobile registration
    expect(fieldError(RULES[1] as RegisterRuleRead, " abc123", "EN")).not.toBeNull(); // a space is no password character
  });

  it("needs the confirmation to match and an adult birthday", () => {
    const values = { username: "ayse1990", password: "gizli123", confirmPassword: "gizli124", paymentPassword: "123456", birthday: "2010-01-01" };
    const errors = validate(RULES, "username", {}, values, "EN", new Date("2026-11-22T00:00:00Z"));
    expect(Object.keys(errors).sort()).toEqual(["birthday", "confirmPassword"]);
    expect(errors["birthday"]).toBe("You must be over 18.");
    expect(isAdult("2008-11-22", new Date("2026-11-22T00:00:00Z"))).toBe(true);
    expect(isAdult("2008-11-23", new Date("2026-11-22T00:00:00Z"))).toBe(false);
  });
});
