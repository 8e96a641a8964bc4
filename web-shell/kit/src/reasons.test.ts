// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { MessageRead } from "./api.gen";
import { formatDateTime } from "./format";
import { messageWording } from "./inbox";
import { copyrightText, reasonText } from "./reasons";

const failed: MessageRead = {
  id: 1, kind: "deposit.failed", title: "", body: "", amount: 123_456, currency: "TRY", reference: "d-1",
  reason: "declined by the payer", occurredAt: "2026-11-24T10:00:00Z", read: false, broadcast: false,
};

describe("a money notice has no English left in Turkish or Chinese", () => {
  it("translates the gateway's decline reason; an operator's own words stay as written", () => {
    expect(reasonText("TR", "declined by the payer")).toBe("Ödeme, ödeyen tarafından reddedildi");
    expect(reasonText("CN", "Declined")).toBe("付款被拒绝");
    expect(reasonText("TR", "İsim uyuşmuyor")).toBe("İsim uyuşmuyor");
  });
  it("shows the amount, the time and the reason in the language's format", () => {
    const body = messageWording("TR", failed).body;
    expect(body).toContain("1.234,56 TRY");
    expect(body).toContain(formatDateTime("TR", failed.occurredAt));
    expect(body).toContain("Neden: Ödeme, ödeyen tarafından reddedildi");
    expect(body).not.toMatch(/declined|AM|PM/);
    expect(messageWording("CN", failed).body).toContain("原因：付款人已拒绝付款");
  });
  it("says the copyright's 'All rights reserved.' in the page's language, the brand's name kept", () => {
    expect(copyrightText("TR", "© 2026 F2 Türkiye. All rights reserved.")).toBe("© 2026 F2 Türkiye. Tüm hakları saklıdır.");
    expect(copyrightText("CN", "© 2026 F2 Türkiye. All rights reserved")).toBe("© 2026 F2 Türkiye. 版权所有。");
    expect(copyrightText("EN", "© 2026 F2 Türkiye. All rights reserved.")).toBe("© 2026 F2 Türkiye. All rights reserved.");
    expect(copyrightText("TR", "© F2 Türkiye")).toBe("© F2 Türkiye");
  });
});
