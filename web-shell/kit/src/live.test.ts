// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { MessageRead } from "./api.gen";
import { messageWording } from "./inbox";
import { afterClose, reconnectDelay, SeenMessages, socketUrl } from "./live";

const deposit: MessageRead = {
  id: 7, kind: "deposit.credited", title: "", body: "", amount: 150_050, currency: "TRY", reference: "d-1",
  reason: null, occurredAt: "2026-11-24T10:00:00Z", read: false, broadcast: false,
};

describe("the live socket", () => {
  it("waits longer after each failed reconnect, never over 30 s, with a little jitter", () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(10, () => 0)).toBe(30_000);
    expect(reconnectDelay(0, () => 0.999)).toBe(1200);
  });
  it("stays closed when a newer socket took its place, so that two tabs never take turns closing each other", () => {
    expect(afterClose(4409)).toBe("stop");
    expect(afterClose(4401)).toBe("stop"); // the session ended
    expect(afterClose(1013)).toBe("wait"); // the server's process is full: the longest delay, then elsewhere
    expect([1001, 1006, 1011, 1012, 4408].map(afterClose)).toEqual(Array(5).fill("reconnect")); // only 4409 is final
  });
  it("opens on the page's own origin, secure when the page is", () => {
    expect(socketUrl({ protocol: "https:", host: "play.example.com" })).toBe("wss://play.example.com/ws");
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws");
  });
  it("hands on each message once, and one that arrives after a newer one still", () => {
    const seen = new SeenMessages();
    expect([9, 7, 9, 7, 12].map((id) => seen.first(id))).toEqual([true, true, false, false, true]);
  });
});

describe("a message in the member's words", () => {
  it("words a money notice in each language with its amount and time", () => {
    expect(messageWording("EN", deposit, "en-GB")).toEqual({ title: "Deposit arrived", body: `1,500.50 TRY · ${new Date(deposit.occurredAt).toLocaleString("en-GB")}` });
    expect(messageWording("TR", deposit).title).toBe("Para yatırma hesabınıza geçti");
    expect(messageWording("CN", { ...deposit, kind: "withdrawal.rejected", reason: "名字不符" }).body).toContain("原因：名字不符");
  });
  it("words a reward ready without an amount: a mission to claim", () => {
    const mission = { ...deposit, kind: "mission.completed" as const, amount: null, currency: null };
    expect(messageWording("EN", mission, "en-GB")).toEqual({ title: "Mission complete: claim your reward", body: new Date(deposit.occurredAt).toLocaleString("en-GB") });
    expect(messageWording("TR", { ...deposit, kind: "bonus.released" as const }).title).toBe("Bonusunuz nakde dönüştü");
  });
  it("shows a broadcast as ops wrote it", () => {
    const broadcast = { ...deposit, kind: "broadcast" as const, title: "Bakım", body: "<b>yarın</b>", amount: null };
    expect(messageWording("EN", broadcast)).toEqual({ title: "Bakım", body: "<b>yarın</b>" });
  });
});
