// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "./envelope";
import { leadingZeroBits, seal, solveProofOfWork } from "./sealing";
import { errorText } from "./errors";
import { format, savedLanguage } from "./i18n";
import { formatMoney, parseMoney } from "./money";

describe("money", () => {
  it("shows minor units with two decimals and thousands separators", () => {
    expect(formatMoney(123_456_789, "₺")).toBe("₺1,234,567.89");
    expect(formatMoney(5)).toBe("0.05");
    expect(formatMoney(-250_000)).toBe("-2,500.00");
  });
  it("parses what a person typed, never more than two decimals", () => {
    expect(parseMoney("1,234.5")).toBe(123_450);
    expect(parseMoney("10")).toBe(1000);
    expect(parseMoney("1.234")).toBeNull();
    expect(parseMoney("-5")).toBeNull();
  });
});

describe("error codes to text", () => {
  it("prefers the server's translated message and words network failures itself", () => {
    expect(errorText(new ApiError("login.password.incorrect", "Şifre hatalı.", 401), "TR")).toBe("Şifre hatalı.");
    expect(errorText(new ApiError("network.abnormal", "", 0), "EN")).toBe("The network is not answering, please try again.");
    expect(errorText(new ApiError("in_need_true_account", "", 403), "CN")).toBe("请注册或使用真实账户登录后再操作。");
    expect(errorText(new Error("boom"), "EN")).toBe("System error, please try again later.");
  });
  it("fills placeholders", () => {
    expect(format("{n} left of {n}", { n: 3 })).toBe("3 left of 3");
  });
});

describe("bot check and encryption", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
  });

  it("finds a counter whose SHA-256 has the wanted zero bits", async () => {
    const nonce = await solveProofOfWork("abc:", 8, 64);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("abc:" + nonce)));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(8);
  });

  it("seals a payload, bound to its call, that the holder of the private key can open, with ts and nonce", async () => {
    const pair = await crypto.subtle.generateKey(
      { name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["encrypt", "decrypt"],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    const sealed = await seal(pem, "k1", { username: "ayse" }, "POST /wps/session/login");
    expect(sealed.headers["Encryption-Key-Id"]).toBe("k1");
    const rawKey = await crypto.subtle.decrypt({ name: "RSA-OAEP" }, pair.privateKey, Uint8Array.from(atob(sealed.headers["Encryption"] ?? ""), (c) => c.charCodeAt(0)));
    const joined = Uint8Array.from(atob(sealed.body.value), (c) => c.charCodeAt(0));
    const aes = await crypto.subtle.importKey("raw", rawKey, "AES-GCM", false, ["decrypt"]);
    const bound = (call: string) => ({ name: "AES-GCM", iv: joined.slice(0, 12), additionalData: new TextEncoder().encode(call) });
    await expect(crypto.subtle.decrypt(bound("POST /wps/member/register"), aes, joined.slice(12))).rejects.toThrow();
    const plain = await crypto.subtle.decrypt(bound("POST /wps/session/login"), aes, joined.slice(12));
    const payload = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
    expect(payload["username"]).toBe("ayse");
    expect(Math.abs(Number(payload["ts"]) - Date.now())).toBeLessThan(10_000);
    expect(String(payload["nonce"]).length).toBeGreaterThanOrEqual(16);
  });
});

describe("saved language", () => {
  it("falls back to TR for an unsupported saved value", () => {
    const store = new Map<string, string>([["hisLang", "JA"]]);
    const storage = { getItem: (key: string) => store.get(key) ?? null } as Storage;
    expect(savedLanguage(storage)).toBe("TR");
  });
});

describe("the typed client", () => {
  it("knows the ops plane's routes only once the ops console registers them", async () => {
    const { operationUrl } = await import("./client");
    const { registerOperations } = await import("./routes");
    const { OPERATIONS } = await import("./api.gen");
    expect(Object.keys(OPERATIONS).filter((id) => OPERATIONS[id as keyof typeof OPERATIONS].path.startsWith("/wps/ops/"))).toEqual([]);
    expect(() => operationUrl("opsApproveDeposit", { path: { code: "turkeyf2", deposit_id: "d1" } })).toThrow(/not registered/);
    registerOperations({ opsApproveDeposit: { method: "POST", path: "/wps/ops/wallet/merchants/{code}/deposits/{deposit_id}/approve" } } as never);
    expect(operationUrl("opsApproveDeposit", { path: { code: "turkeyf2", deposit_id: "a/b" } })).toBe(
      "/wps/ops/wallet/merchants/turkeyf2/deposits/a%2Fb/approve",
    );
  });

  it("fills path parameters and leaves out empty query values", async () => {
    const { operationUrl } = await import("./client");
    expect(operationUrl("confirmWithdrawal", { path: { withdrawal_id: "a/b" } })).toBe("/wps/v2/wallets/withdrawals/a%2Fb/confirmation");
    expect(operationUrl("transactionRecords", { query: { type: "deposit", startDate: null, pageNo: 2 } })).toBe(
      "/wps/relay/ODSFE2_MemTransDet?type=deposit&pageNo=2",
    );
    expect(operationUrl("walletBalance")).toBe("/wps/v2/wallets/balance");
  });
});
