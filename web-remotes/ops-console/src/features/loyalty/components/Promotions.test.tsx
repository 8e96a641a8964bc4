import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../../shared/session";
import { EMPTY_PROMOTION, draftOf, hundredthsOf, instantOf, localOf, promotionBody, termLabels } from "./PromotionForm";
import { Promotions } from "./Promotions";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const LIST = "/wps/ops/points/merchants/turkeyf2/promotions";

const promotion = (promotionId: number, patch: Record<string, unknown> = {}) => ({
  promotionId, kind: "RELOAD", name: `Yeniden ${promotionId}`, details: "Koşullar", names: { TR: `Yeniden ${promotionId}`, EN: `Reload ${promotionId}` },
  detailsByLanguage: { TR: "Koşullar", EN: "Terms" }, picture: "/images/promotions/reload.svg", percentBp: 2_550, maxBonus: 20_000, minDeposit: 5_000,
  wageringMultiple: 5, gameTypes: ["RNG", "LOTT"], maxBet: 5_000, expiryDays: 30, startsAt: "2026-11-01T00:00:00Z", endsAt: null, active: true, sort: 1,
  joined: null, ...patch,
});
const page = (list: unknown[], totalPages = 1) => envelope({ pageNum: 1, totalPages, total: list.length, list });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input).split("?")[0];
    const answer = answers[`${init?.method ?? "GET"} ${url}`];
    return answer ? answer() : refusal("unknown", `unexpected ${url}`, 500);
  });
}

const writes = (fetched: ReturnType<typeof serve>) =>
  fetched.mock.calls.filter(([, init]) => init?.method && init.method !== "GET").map(([url, init]) => ({ method: init?.method, url: String(url), body: JSON.parse(String(init?.body ?? "null")) as unknown }));

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Promotions />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);

describe("the promotions page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer every promotion with its terms read by its kind, read only", async () => {
    const fetched = serve({
      [`GET ${LIST}`]: () =>
        page([
          promotion(1),
          promotion(2, { kind: "CASHBACK", percentBp: 1_000, maxBonus: 50_000, minDeposit: 10_000, maxBet: 0, active: false }),
          promotion(3, { kind: "ACTIVITY", maxBonus: 100_000, endsAt: "2026-12-01T00:00:00Z" }),
        ], 2),
    });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("promotions");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(rows[0]).slice(1, 5)).toEqual([
      "Yeniden 1TR: Yeniden 1 · EN: Reload 1", "Yeniden yatırım", "Yatırımın %25.50'i, en fazla 200.00; en az 50.00 yatırım",
      "Bonusun 5 katıSlotlar, LotoBahis en fazla 50.00 · 30 gün içinde",
    ]);
    expect(cells(rows[0])[7]).toBe("Açık");
    expect(rows[0]?.querySelector("img")?.getAttribute("src")).toBe("/images/promotions/reload.svg");
    expect(cells(rows[1]).slice(2, 4)).toEqual(["Kayıp iadesi", "Günlük net kaybın %10.00'i, en fazla 500.00; en az 100.00 kayıp"]);
    expect(cells(rows[1])[4]).toContain("Bahis sınırı yok");
    expect(cells(rows[1])[7]).toBe("Kapalı");
    expect(cells(rows[2]).slice(2, 4)).toEqual(["Etkinlik", "Her başvuruda karar verilir, en fazla 1,000.00"]);
    expect(cells(rows[0])[5]).toContain("bitiş yok");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryAllByRole("form").map((form) => form.getAttribute("aria-label"))).toEqual(["Filtrele"]); // the filter only
    expect(screen.getByText("Promosyonları yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
    // the pager: the next page asked of the service
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${LIST}?pageNo=2&pageSize=20&sort=display`));
  });

  it("asks the service for the promotions of a kind, on only, newest first", async () => {
    const fetched = serve({ [`GET ${LIST}`]: () => page([promotion(1)]) });
    renderPage(["viewer"]);
    await screen.findByText("Yeniden 1");
    const form = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(form).getByLabelText("Yayına göre"), { target: { value: "true" } });
    fireEvent.change(within(form).getByLabelText("Türe göre"), { target: { value: "CASHBACK" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.submit(form);
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${LIST}?pageNo=1&pageSize=20&sort=newest&active=true&kind=CASHBACK`));
  });

  it("lets a content editor add an activity promotion, its fields labelled by its kind, checked before calling", async () => {
    let listed: unknown[] = [];
    const fetched = serve({
      [`GET ${LIST}`]: () => page(listed),
      [`POST ${LIST}`]: () => {
        listed = [promotion(9, { kind: "ACTIVITY" })];
        return envelope(listed[0]);
      },
    });
    renderPage(["content"]);
    const form = await screen.findByRole("form", { name: "Promosyon ekle" });
    expect(within(form).getByLabelText("Bonus (yatırımın %'si, ör. 100.00)")).toBeTruthy();
    expect(within(form).getByLabelText("En az yatırım (ör. 50.00)")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Tür"), { target: { value: "CASHBACK" } });
    expect(within(form).getByLabelText("Bir günün en az net kaybı (ör. 100.00)")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Tür"), { target: { value: "ACTIVITY" } });
    expect(within(form).queryByLabelText("Bonus (yatırımın %'si, ör. 100.00)")).toBeNull();
    expect(within(form).queryByLabelText("En az yatırım (ör. 50.00)")).toBeNull();
    expect(within(form).getByText(/her başvurunun bonusunu finans onaylayıcı belirler/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Ad (TR)"), { target: { value: "Ekran görüntüsü ödülü" } });
    fireEvent.change(within(form).getByLabelText("Ad (EN)"), { target: { value: "Screenshot reward" } });
    fireEvent.change(within(form).getByLabelText("Koşullar metni (TR)"), { target: { value: "Kazancını paylaş." } });
    fireEvent.change(within(form).getByLabelText("Görsel adresi"), { target: { value: "/images/promotions/activity.svg" } });
    fireEvent.change(within(form).getByLabelText("Başvuru başına en fazla bonus (ör. 500.00)"), { target: { value: "1,000" } });
    fireEvent.change(within(form).getByLabelText("Çevrim (bonusun katı, 1–100)"), { target: { value: "3" } });
    fireEvent.change(within(form).getByLabelText("Başlangıç (yerel saat)"), { target: { value: "2026-11-01T10:00" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: " kampanya " } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect(within(form).getByRole("alert").textContent).toBe("En az bir oyun türü seçin.");
    expect(writes(fetched)).toEqual([]);
    fireEvent.click(within(form).getByLabelText("Slotlar"));
    fireEvent.click(within(form).getByLabelText("Spor"));
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("status")).textContent).toBe("Promosyon eklendi.");
    expect(writes(fetched)).toEqual([
      {
        method: "POST", url: LIST,
        body: {
          kind: "ACTIVITY", names: { TR: "Ekran görüntüsü ödülü", EN: "Screenshot reward" }, details: { TR: "Kazancını paylaş." },
          picture: "/images/promotions/activity.svg", percentBp: 10_000, maxBonus: 100_000, minDeposit: 0, wageringMultiple: 3,
          gameTypes: ["SPORTS", "RNG"], maxBet: 0, expiryDays: 30, startsAt: new Date("2026-11-01T10:00").toISOString(), endsAt: null,
          active: true, sort: 0, reason: "kampanya",
        },
      },
    ]);
    expect(await screen.findByTestId("promotions")).toBeTruthy();
    expect((within(form).getByLabelText("Ad (TR)") as HTMLInputElement).value).toBe("");
  });

  it("edits a promotion in place from what it holds, and shows the service's refusal as it words it", async () => {
    let puts = 0;
    const fetched = serve({
      [`GET ${LIST}`]: () => page([promotion(1)]),
      [`PUT ${LIST}/1`]: () => (++puts === 1 ? refusal("ops.role_required", "Bu işlem için içerik rolü gerekir.", 403) : envelope(promotion(1, { maxBonus: 30_000 }))),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: Yeniden 1" }));
    const form = screen.getByRole("form", { name: "Promosyon #1 düzenleniyor" });
    expect((within(form).getByLabelText("Bonus (yatırımın %'si, ör. 100.00)") as HTMLInputElement).value).toBe("25.50");
    expect((within(form).getByLabelText("En fazla bonus (ör. 500.00)") as HTMLInputElement).value).toBe("200.00");
    expect((within(form).getByLabelText("Çevrimde en fazla bahis (0: sınırsız)") as HTMLInputElement).value).toBe("50.00");
    expect((within(form).getByLabelText("Slotlar") as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText("Spor") as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText("Koşullar metni (EN)") as HTMLTextAreaElement).value).toBe("Terms");
    expect((within(form).getByLabelText("Başlangıç (yerel saat)") as HTMLInputElement).value).toBe(localOf("2026-11-01T00:00:00Z"));
    fireEvent.change(within(form).getByLabelText("En fazla bonus (ör. 500.00)"), { target: { value: "300.00" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "tavan" } });
    fireEvent.click(within(form).getByRole("button", { name: "Kaydet" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Bu işlem için içerik rolü gerekir.");
    fireEvent.click(within(form).getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("status")).textContent).toBe("Promosyon kaydedildi.");
    const [, second] = writes(fetched);
    expect(second).toMatchObject({ method: "PUT", url: `${LIST}/1`, body: { kind: "RELOAD", percentBp: 2_550, maxBonus: 30_000, minDeposit: 5_000, maxBet: 5_000, gameTypes: ["LOTT", "RNG"], reason: "tavan" } });
    expect(screen.getByRole("form", { name: "Promosyon ekle" })).toBeTruthy();
  });

  it("checks a promotion as the service does", () => {
    const good = {
      ...EMPTY_PROMOTION, names: { TR: "Hoş geldin", EN: "", CN: "" }, details: { TR: "Koşullar", EN: "", CN: "" }, picture: "https://cdn.example.com/p.png",
      maxBonus: "500", gameTypes: ["RNG" as const], startsAt: "2026-11-01T00:00", reason: "r",
    };
    expect(promotionBody(good)).toMatchObject({ kind: "FIRST_DEPOSIT", percentBp: 10_000, maxBonus: 50_000, minDeposit: 0, maxBet: 0, expiryDays: 30, endsAt: null });
    expect(promotionBody({ ...good, names: { TR: " ", EN: "x", CN: "" } })).toBe("turkishName");
    expect(promotionBody({ ...good, details: { TR: "", EN: "x", CN: "" } })).toBe("turkishDetails");
    expect(promotionBody({ ...good, picture: "//evil.example/x.png" })).toBe("pictureInvalid");
    expect(promotionBody({ ...good, percent: "0" })).toBe("percentInvalid");
    expect(promotionBody({ ...good, percent: "1000.01" })).toBe("percentInvalid");
    expect(promotionBody({ ...good, percent: "12.345" })).toBe("percentInvalid");
    expect(promotionBody({ ...good, kind: "ACTIVITY", percent: "", minDeposit: "x" })).toMatchObject({ percentBp: 10_000, minDeposit: 0 });
    expect(promotionBody({ ...good, maxBonus: "0" })).toBe("maxBonusInvalid");
    expect(promotionBody({ ...good, minDeposit: "-1" })).toBe("minDepositInvalid");
    expect(promotionBody({ ...good, wageringMultiple: "101" })).toBe("wageringInvalid");
    expect(promotionBody({ ...good, gameTypes: [] })).toBe("gameTypesNone");
    expect(promotionBody({ ...good, maxBet: "1.001" })).toBe("maxBetInvalid");
    expect(promotionBody({ ...good, expiryDays: "366" })).toBe("expiryInvalid");
    expect(promotionBody({ ...good, startsAt: "" })).toBe("promoStartInvalid");
    expect(promotionBody({ ...good, endsAt: "2026-11" })).toBe("promoEndInvalid");
    expect(promotionBody({ ...good, endsAt: "2026-11-01T00:00" })).toBe("promoWindowInvalid");
    expect(promotionBody({ ...good, sort: "10001" })).toBe("sortInvalid");
    expect(promotionBody({ ...good, reason: "  " })).toBe("required");
    expect(hundredthsOf("1,234.5", 0, 1e12)).toBe(123_450);
    expect(hundredthsOf("100.00", 1, 100_000)).toBe(10_000);
    expect(instantOf(localOf("2026-11-01T10:30:00Z"))).toBe("2026-11-01T10:30:00.000Z");
    expect(termLabels("CASHBACK")).toEqual({ percent: "percentOfLoss", max: "maxCashbackField", min: "minLossField" });
    const row = promotion(4, { maxBonus: 123_456_789 });
    expect(promotionBody({ ...draftOf(row as never), reason: "r" })).toMatchObject({ maxBonus: 123_456_789, percentBp: 2_550, gameTypes: ["LOTT", "RNG"] });
  });
});
