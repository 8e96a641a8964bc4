// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Catalog } from "./translate";
import { untranslated } from "./translate";

describe("untranslated", () => {
  it("names the TR and CN texts missing or left in English, past placeholders-only texts and shared words", () => {
    const catalog = {
      TR: { save: "Kaydet", cancel: "Cancel", window: "{start} – {end}", sms: "SMS", empty: "" },
      EN: { save: "Save", cancel: "Cancel", window: "{start} – {end}", sms: "SMS", empty: "None" },
      CN: { save: "保存", cancel: "取消", window: "{start} – {end}", sms: "短信" },
    } as unknown as Catalog<"save" | "cancel" | "window" | "sms" | "empty">;
    expect(untranslated(catalog, ["sms"])).toEqual(["TR.cancel", "TR.empty", "CN.empty"]);
  });
});
