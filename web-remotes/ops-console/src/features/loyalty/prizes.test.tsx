import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { EMPTY_ENVELOPE, EMPTY_RAFFLE, envelopeBody, raffleBody } from "./components/prizeForms";
import { Prizes } from "./components/Prizes";

const session = (roles: string[], username = "ayse"): OpsSession => ({ token: "tok", username, roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const RAFFLES = "/wps/ops/points/merchants/turkeyf2/raffles";
const ENVELOPES = "/wps/ops/points/merchants/turkeyf2/red-envelopes";
const HASH = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
const RAFFLE = {
  raffleId: 7, name: "Yılbaşı çekilişi", names: { TR: "Yılbaşı çekilişi" }, opensAt: "2026-11-01T00:00:00Z", closesAt: "2026-11-20T00:00:00Z",
  state: "DRAWN", prizes: [100_000, 50_000], minTurnover: 50_000, tickets: 10, seedHash: HASH, seedKeyId: "k1", seed: "00".repeat(32),
  drawnAt: "2026-11-20T00:00:05Z",
  winners: [
    { place: 1, amount: 100_000, ticketNo: 3, accountId: "a3", username: "player03", status: "PAID", error: null, paidAt: "2026-11-20T00:00:06Z" },
    { place: 2, amount: 50_000, ticketNo: 9, accountId: "a9", username: "player09", status: "PENDING", error: null, paidAt: null },
  ],
  createdBy: "ayse", createdAt: "2026-11-01T00:00:00Z", review: "NONE", checkedBy: null,
};
const RED = {
  envelopeId: 5, name: "Bayram zarfı", names: { TR: "Bayram zarfı" }, opensAt: "2026-11-01T00:00:00Z", closesAt: "2026-12-01T00:00:00Z",
  state: "OPEN", pool: 100_000, shares: 10, claimed: 4, claimedAmount: 41_000, paid: 3, paidAmount: 30_000, createdBy: "ayse", createdAt: "2026-11-01T00:00:00Z",
  review: "NONE", checkedBy: null,
};
const page = (item: unknown) => ({ pageNum: 1, totalPages: 1, total: 1, list: [item] });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input).split("?")[0];
    const answer = answers[`${init?.method ?? "GET"} ${url}`];
    return answer ? answer() : refusal("unknown", `unexpected ${url}`, 500);
  });
}

function renderPage(roles: string[], username = "ayse") {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles, username)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Prizes />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the raffles and red envelopes page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the raffles with their seed, winners and payments, and the envelopes, read only", async () => {
    serve({ [`GET ${RAFFLES}`]: () => envelope(page(RAFFLE)), [`GET ${ENVELOPES}`]: () => envelope(page(RED)) });
    renderPage(["viewer"]);
    const raffles = await screen.findByTestId("raffles");
    expect(raffles.textContent).toContain(HASH);
    expect(raffles.textContent).toContain("1,000.00 · 500.00");
    expect(within(raffles).getByTestId("raffle-turnover").textContent).toBe("En az bahis: 500.00");
    const winners = within(raffles).getAllByTestId("raffle-winner").map((row) => row.textContent);
    expect(winners).toEqual(["1. #3 player03 1,000.00 Ödendi", "2. #9 player09 500.00 Bekliyor"]);
    const envelopes = await screen.findByTestId("red-envelopes");
    expect(envelopes.textContent).toContain("4 · 410.00");
    expect(screen.queryAllByRole("form").map((form) => form.getAttribute("aria-label"))).toEqual(["Çekilişler", "Kırmızı zarflar"]); // the filters only
    expect(screen.getByText("Çekiliş ve zarfları yalnızca içerik rolü (veya yönetici) ekleyebilir.")).toBeTruthy();
  });

  it("asks the service for the raffles of a phase and a review, soonest to close first", async () => {
    const fetched = serve({ [`GET ${RAFFLES}`]: () => envelope(page(RAFFLE)), [`GET ${ENVELOPES}`]: () => envelope(page(RED)) });
    renderPage(["viewer"]);
    await screen.findByTestId("raffles");
    const form = screen.getAllByRole("form")[0] as HTMLElement;
    fireEvent.change(within(form).getByLabelText("Zamana göre"), { target: { value: "open" } });
    fireEvent.change(within(form).getByLabelText("İkinci onay"), { target: { value: "AWAITING" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "closing" } });
    fireEvent.submit(form);
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${RAFFLES}?pageNo=1&pageSize=10&sort=closing&phase=open&review=AWAITING`));
  });

  it("lets a content editor add a raffle (its seed hash shown) and an envelope, with the service's refusal as it says it", async () => {
    let posts = 0;
    const fetched = serve({
      [`GET ${RAFFLES}`]: () => envelope({ pageNum: 1, totalPages: 0, total: 0, list: [] }),
      [`GET ${ENVELOPES}`]: () => envelope({ pageNum: 1, totalPages: 0, total: 0, list: [] }),
      [`POST ${RAFFLES}`]: () => envelope({ ...RAFFLE, state: "UPCOMING", seed: null, winners: [] }),
      [`POST ${ENVELOPES}`]: () => (++posts === 1 ? refusal("envelope.pool_too_small", "Havuz, 10 payın her birine en az 0,01 verecek kadar olmalı.", 400) : envelope(RED)),
    });
    renderPage(["content"]);
    expect(await screen.findByText("Bu markanın çekilişi yok.")).toBeTruthy();
    const raffleForm = screen.getByRole("form", { name: "Çekiliş ekle" });
    fireEvent.change(within(raffleForm).getByLabelText("Ad (TR)"), { target: { value: "Yılbaşı" } });
    fireEvent.change(within(raffleForm).getByLabelText("Açılış (UTC)"), { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(within(raffleForm).getByLabelText("Kapanış (UTC, çekiliş anı)"), { target: { value: "2026-12-31T00:00" } });
    fireEvent.change(within(raffleForm).getByLabelText(/^Ödüller/), { target: { value: "1,000.00, 500, 100.50" } });
    fireEvent.change(within(raffleForm).getByLabelText(/^En az bahis/), { target: { value: "250" } });
    fireEvent.change(within(raffleForm).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "yılbaşı" } });
    fireEvent.click(within(raffleForm).getByRole("button", { name: "Ekle" }));
    expect((await screen.findByTestId("raffle-created")).textContent).toContain(HASH);
    const form = screen.getByRole("form", { name: "Kırmızı zarf ekle" });
    fireEvent.change(within(form).getByLabelText("Ad (TR)"), { target: { value: "Bayram" } });
    fireEvent.change(within(form).getByLabelText("Havuz (ör. 1000.00)"), { target: { value: "1000" } });
    fireEvent.change(within(form).getByLabelText("Pay sayısı"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Açılış (UTC)"), { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(within(form).getByLabelText("Bitiş (UTC, hariç)"), { target: { value: "2026-12-31T00:00" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "bayram" } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect((await within(form).findByRole("alert")).textContent).toContain("Havuz, 10 payın");
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect((await within(form).findByRole("status")).textContent).toBe("Kırmızı zarf eklendi; havuz 10 paya bölündü.");
    const posted = fetched.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)));
    expect(posted[0]).toEqual({ names: { TR: "Yılbaşı" }, opensAt: "2026-12-01T00:00:00.000Z", closesAt: "2026-12-31T00:00:00.000Z", prizes: [100_000, 50_000, 10_050], minTurnover: 25_000, reason: "yılbaşı" });
    expect(posted[2]).toEqual({ names: { TR: "Bayram" }, pool: 100_000, shares: 10, opensAt: "2026-12-01T00:00:00.000Z", closesAt: "2026-12-31T00:00:00.000Z", reason: "bayram" });
  });

  // a raffle and an envelope above the dual-control amount, made by mehmet and awaiting a second person
  const AWAITING_RAFFLE = { ...RAFFLE, state: "OPEN", seed: null, drawnAt: null, winners: [], createdBy: "mehmet", review: "AWAITING" };
  const AWAITING_RED = { ...RED, pool: 5_000_000, claimed: 0, claimedAmount: 0, paid: 0, paidAmount: 0, createdBy: "mehmet", review: "AWAITING" };
  const writes = (fetched: ReturnType<typeof serve>) =>
    fetched.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

  it("says which rows await a second person and who confirmed or rejected the others; a viewer gets no buttons", async () => {
    serve({
      [`GET ${RAFFLES}`]: () => envelope({ pageNum: 1, totalPages: 1, total: 2, list: [AWAITING_RAFFLE, { ...RAFFLE, raffleId: 8, review: "CONFIRMED", checkedBy: "zeynep" }] }),
      [`GET ${ENVELOPES}`]: () => envelope(page({ ...AWAITING_RED, review: "REJECTED", checkedBy: "zeynep" })),
    });
    renderPage(["viewer"]);
    expect((await screen.findByTestId("review-raffle-7")).textContent).toBe("İkinci onay bekleniyor (ekleyen: mehmet)");
    expect(screen.getByTestId("review-raffle-8").textContent).toBe("Onaylayan: zeynep");
    expect((await screen.findByTestId("review-envelope-5")).textContent).toBe("Reddeden: zeynep");
    expect(within(screen.getByTestId("raffles")).queryByRole("button")).toBeNull();
  });

  it("lets a finance checker other than the maker confirm a raffle and reject an envelope with a reason, the lists read again", async () => {
    let raffle: Record<string, unknown> = AWAITING_RAFFLE;
    let red: Record<string, unknown> = AWAITING_RED;
    const fetched = serve({
      [`GET ${RAFFLES}`]: () => envelope(page(raffle)),
      [`GET ${ENVELOPES}`]: () => envelope(page(red)),
      [`POST ${RAFFLES}/7/confirm`]: () => envelope((raffle = { ...AWAITING_RAFFLE, review: "CONFIRMED", checkedBy: "zeynep" })),
      [`POST ${ENVELOPES}/5/confirm`]: () => envelope((red = { ...AWAITING_RED, review: "REJECTED", checkedBy: "zeynep" })),
    });
    renderPage(["finance-checker"], "zeynep");
    const row = await waitFor(() => within(screen.getByTestId("raffles")).getByText("İkinci onay bekleniyor (ekleyen: mehmet)").closest("tr") as HTMLElement);
    fireEvent.click(within(row).getByRole("button", { name: "Onayı tamamla" }));
    let dialog = screen.getByRole("dialog", { name: "Çekiliş #7: ikinci onay" });
    expect(dialog.textContent).toContain("Yılbaşı çekilişi: mehmet ekledi, ödüller toplamı 1,500.00.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayı tamamla" }));
    expect((await screen.findByTestId("checked-raffle")).textContent).toBe("Onaylandı; üyeler artık görüyor.");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("review-raffle-7").textContent).toBe("Onaylayan: zeynep"));

    const envelopes = await screen.findByTestId("red-envelopes");
    fireEvent.click(within(envelopes).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    dialog = screen.getByRole("dialog", { name: "Kırmızı zarf #5: kontrolcü reddi" });
    expect(dialog.textContent).toContain("Bayram zarfı: mehmet ekledi, havuz 50,000.00.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bu alan zorunludur.");
    fireEvent.change(within(dialog).getByLabelText("Ret gerekçesi"), { target: { value: " çok yüksek " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    expect((await screen.findByTestId("checked-envelope")).textContent).toBe("Reddedildi; üyeler hiç görmeyecek.");
    await waitFor(() => expect(screen.getByTestId("review-envelope-5").textContent).toBe("Reddeden: zeynep"));
    expect(writes(fetched)).toEqual([
      { url: `${RAFFLES}/7/confirm`, body: { approve: true, reason: null } },
      { url: `${ENVELOPES}/5/confirm`, body: { approve: false, reason: "çok yüksek" } },
    ]);
  });

  it("shows the maker a note instead of the buttons, even as a finance checker", async () => {
    serve({ [`GET ${RAFFLES}`]: () => envelope(page(AWAITING_RAFFLE)), [`GET ${ENVELOPES}`]: () => envelope(page(AWAITING_RED)) });
    renderPage(["content", "finance-checker"], "mehmet");
    const raffles = await screen.findByTestId("raffles");
    await within(raffles).findByText("Bunu siz eklediniz; ikinci onayı başka bir finans kontrolcüsü vermelidir.");
    expect(within(raffles).queryByRole("button")).toBeNull();
    const envelopes = await screen.findByTestId("red-envelopes");
    expect(envelopes.textContent).toContain("Bunu siz eklediniz");
    expect(within(envelopes).queryByRole("button")).toBeNull();
  });

  it("shows the service's same-person refusal in the dialog as it words it", async () => {
    serve({
      [`GET ${RAFFLES}`]: () => envelope(page(AWAITING_RAFFLE)),
      [`GET ${ENVELOPES}`]: () => envelope(page(RED)),
      [`POST ${RAFFLES}/7/confirm`]: () => refusal("ops.same_person", "Aynı kişi ikinci onayı veremez.", 403),
    });
    renderPage(["finance-checker"], "zeynep");
    fireEvent.click(await within(await screen.findByTestId("raffles")).findByRole("button", { name: "Onayı tamamla" }));
    const dialog = screen.getByRole("dialog", { name: "Çekiliş #7: ikinci onay" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayı tamamla" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Aynı kişi ikinci onayı veremez.");
    expect(screen.queryByTestId("checked-raffle")).toBeNull();
  });

  it("says a raffle or an envelope just added waits for a second person when the service made it so", async () => {
    serve({
      [`GET ${RAFFLES}`]: () => envelope({ pageNum: 1, totalPages: 0, total: 0, list: [] }),
      [`GET ${ENVELOPES}`]: () => envelope({ pageNum: 1, totalPages: 0, total: 0, list: [] }),
      [`POST ${RAFFLES}`]: () => envelope({ ...AWAITING_RAFFLE, createdBy: "ayse" }),
      [`POST ${ENVELOPES}`]: () => envelope({ ...AWAITING_RED, createdBy: "ayse" }),
    });
    renderPage(["content"]);
    const raffleForm = await screen.findByRole("form", { name: "Çekiliş ekle" });
    fireEvent.change(within(raffleForm).getByLabelText("Ad (TR)"), { target: { value: "Yılbaşı" } });
    fireEvent.change(within(raffleForm).getByLabelText("Açılış (UTC)"), { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(within(raffleForm).getByLabelText("Kapanış (UTC, çekiliş anı)"), { target: { value: "2026-12-31T00:00" } });
    fireEvent.change(within(raffleForm).getByLabelText(/^Ödüller/), { target: { value: "100000" } });
    fireEvent.change(within(raffleForm).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "yılbaşı" } });
    fireEvent.click(within(raffleForm).getByRole("button", { name: "Ekle" }));
    expect((await screen.findByTestId("raffle-created")).textContent).toBe(
      `Çekiliş eklendi; tohum özeti yayımlandı: ${HASH} Tutar çift onay sınırının üzerinde: ikinci bir kişiyi (sizden başka bir finans kontrolcüsü) bekliyor; onaylanana kadar üyeler görmez.`,
    );
    const form = screen.getByRole("form", { name: "Kırmızı zarf ekle" });
    fireEvent.change(within(form).getByLabelText("Ad (TR)"), { target: { value: "Bayram" } });
    fireEvent.change(within(form).getByLabelText("Havuz (ör. 1000.00)"), { target: { value: "50000" } });
    fireEvent.change(within(form).getByLabelText("Pay sayısı"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Açılış (UTC)"), { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(within(form).getByLabelText("Bitiş (UTC, hariç)"), { target: { value: "2026-12-31T00:00" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "bayram" } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect((await within(form).findByRole("status")).textContent).toContain("Kırmızı zarf eklendi; havuz 10 paya bölündü. Tutar çift onay sınırının üzerinde");
  });

  it("checks a draft before sending it", () => {
    const base = { names: { TR: "Ç", EN: "", CN: "" }, opensAt: "2026-11-01T00:00", closesAt: "2026-11-02T00:00", reason: "r" };
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "" })).toBe("prizesInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "0" })).toBe("prizesInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, names: { TR: "", EN: "x", CN: "" }, prizes: "1" })).toBe("turkishName");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, closesAt: "2026-11-01T00:00", prizes: "1" })).toBe("windowInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "1", minTurnover: "abc" })).toBe("turnoverInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "1", minTurnover: "-5" })).toBe("turnoverInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "1", minTurnover: "1000000001" })).toBe("turnoverInvalid");
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "1", minTurnover: "0.00" })).toMatchObject({ minTurnover: 0 });
    expect(raffleBody({ ...EMPTY_RAFFLE, ...base, prizes: "1", minTurnover: "1,500.50" })).toMatchObject({ minTurnover: 150_050 });
    expect(envelopeBody({ ...EMPTY_ENVELOPE, ...base, pool: "0.05", shares: "10" })).toBe("sharesInvalid");
    expect(envelopeBody({ ...EMPTY_ENVELOPE, ...base, pool: "abc", shares: "1" })).toBe("poolInvalid");
    expect(envelopeBody({ ...EMPTY_ENVELOPE, ...base, pool: "0.10", shares: "10" })).toMatchObject({ pool: 10, shares: 10 });
  });
});
