import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../../shared/session";
import { Applications } from "./Applications";

const session = (roles: string[], username = "ayse"): OpsSession => ({ token: "tok", username, roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const BASE = "/wps/ops/points/merchants/turkeyf2";
const QUEUE = `${BASE}/applications?status=PENDING&sort=newest&pageNo=1&pageSize=20`;
const PROMOTIONS = `${BASE}/promotions?pageNo=1&pageSize=100`;
const PNG = "data:image/png;base64,iVBORw0KGgo=";
const JPG = "data:image/jpeg;base64,/9j/4AAQ";

const application = (applicationId: number, patch: Record<string, unknown> = {}) => ({
  applicationId, accountId: "acc-1", promotionId: 5, promotionName: "Ekran görüntüsü ödülü", remark: "Büyük kazanç!", images: 2, status: "PENDING",
  amount: null, grantId: null, reason: null, maker: null, awaitingChecker: false, decidedBy: null, createdAt: "2026-11-20T10:00:00Z", decidedAt: null, ...patch,
});
const page = (list: unknown[]) => envelope({ pageNum: 1, totalPages: 1, total: list.length, list });
const promotions = () => envelope({ pageNum: 1, totalPages: 1, total: 1, list: [{ promotionId: 5, maxBonus: 5_000 }] });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

const writes = (fetched: ReturnType<typeof serve>) =>
  fetched.mock.calls.filter(([, init]) => init?.method && init.method !== "GET").map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body ?? "null")) as unknown }));

function renderPage(roles: string[], username = "ayse") {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles, username)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Applications />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (id: number) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`[data-application='${id}']`);
    if (!row) throw new Error(`no row ${id}`);
    return row;
  });

describe("the activity applications page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the waiting queue with no decision buttons; images load when asked, as thumbnails that open larger", async () => {
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page([application(7), application(8, { images: 0 })]),
      [`GET ${BASE}/applications/7/images`]: () => envelope([PNG, JPG]),
      [`GET ${BASE}/applications?status=APPROVED&accountId=acc-9&sort=newest&pageNo=1&pageSize=20`]: () =>
        page([application(6, { status: "APPROVED", amount: 2_000, decidedBy: "mehmet", decidedAt: "2026-11-20T11:00:00Z" })]),
    });
    renderPage(["viewer"]);
    const row = await rowOf(7);
    const cells = [...row.querySelectorAll("td")].map((cell) => cell.textContent);
    expect(cells.slice(1, 5)).toEqual(["Ekran görüntüsü ödülü", "Büyük kazanç!", "Görselleri göster (2)", "Bekliyor"]);
    expect((await rowOf(8)).textContent).toContain("Görsel yok");
    expect(fetched.mock.calls.map(([url]) => String(url))).not.toContain(`${BASE}/applications/7/images`); // not before asked
    expect(within(screen.getByTestId("applications")).queryByRole("button", { name: "Onayla" })).toBeNull();

    fireEvent.click(within(row).getByRole("button", { name: "Görselleri göster (2)" }));
    const second = await within(row).findByRole("button", { name: "Başvuru 7, görsel 2: büyüt" });
    expect(within(row).getByRole("button", { name: "Başvuru 7, görsel 1: büyüt" }).querySelector("img")?.getAttribute("src")).toBe(PNG);
    fireEvent.click(second);
    const dialog = screen.getByRole("dialog", { name: "Başvuru 7, görsel 2" });
    expect(within(dialog).getByRole("img", { name: "Başvuru 7 ile gönderilen görsel 2" }).getAttribute("src")).toBe(JPG);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "APPROVED" } });
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: " acc-9 " } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    const approved = await rowOf(6);
    expect(approved.textContent).toContain("bonus 20.00");
    expect(approved.textContent).toContain("mehmet");
  });

  it("lets a maker approve with a bonus in money, at most the promotion's maximum, checked before calling", async () => {
    let listed = [application(7), application(8)];
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page(listed),
      [`GET ${PROMOTIONS}`]: promotions,
      [`POST ${BASE}/applications/7/approve`]: () => {
        listed = [application(8)];
        return envelope(application(7, { status: "APPROVED", amount: 2_000, grantId: "g-1" }));
      },
    });
    renderPage(["finance-maker"]);
    fireEvent.click(within(await rowOf(7)).getByRole("button", { name: "Onayla" }));
    const dialog = screen.getByRole("dialog", { name: "Başvuru #7 onayı" });
    const amount = within(dialog).getByLabelText("Bonus tutarı (ör. 20.00)");
    expect(document.activeElement).toBe(amount); // the dialog takes the focus to its first field
    expect(await within(dialog).findByText("En fazla 50.00 (promosyonun sınırı).")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayla" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bonus sıfırdan büyük, en fazla 2 ondalıklı bir tutardır.");
    fireEvent.change(amount, { target: { value: "50.01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayla" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bonus en fazla 50.00 olabilir.");
    expect(writes(fetched)).toEqual([]);
    fireEvent.change(amount, { target: { value: "20" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("status")).textContent).toBe("Onaylandı: 20.00 bonus verildi.");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.querySelector("[data-application='7']")).toBeNull());
    expect(writes(fetched)).toEqual([{ url: `${BASE}/applications/7/approve`, body: { amount: 2_000, reason: null } }]);
  });

  it("lets a maker reject with a reason in a dialog, refusing a blank one, and shows the service's refusal as it words it", async () => {
    let rejects = 0;
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page([application(7)]),
      [`POST ${BASE}/applications/7/reject`]: () =>
        ++rejects === 1 ? refusal("application.already_decided", "Bu başvuru zaten karara bağlandı.", 409) : envelope(application(7, { status: "REJECTED", reason: "okunmuyor" })),
    });
    renderPage(["admin"]);
    fireEvent.click(within(await rowOf(7)).getByRole("button", { name: "Reddet" }));
    const dialog = screen.getByRole("dialog", { name: "Başvuru #7 reddi" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reddi gönder" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bu alan zorunludur.");
    expect(writes(fetched)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Ret gerekçesi"), { target: { value: " okunmuyor " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reddi gönder" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Bu başvuru zaten karara bağlandı.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reddi gönder" }));
    expect((await screen.findByRole("status")).textContent).toBe("Başvuru reddedildi.");
    expect(writes(fetched)).toEqual([
      { url: `${BASE}/applications/7/reject`, body: { reason: "okunmuyor" } },
      { url: `${BASE}/applications/7/reject`, body: { reason: "okunmuyor" } },
    ]);
    // a dialog closed with its cancel button sends nothing
    fireEvent.click(within(await rowOf(7)).getByRole("button", { name: "Reddet" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Vazgeç" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(writes(fetched)).toHaveLength(2);
  });

  const awaiting = (id: number) => application(id, { amount: 200_000, maker: "mehmet", awaitingChecker: true });

  it("says an approval above the dual-control amount waits for a second person, with no plain decision left for it", async () => {
    let listed = [application(7)];
    serve({
      [`GET ${QUEUE}`]: () => page(listed),
      [`GET ${PROMOTIONS}`]: () => envelope({ pageNum: 1, totalPages: 1, total: 1, list: [{ promotionId: 5, maxBonus: 500_000 }] }),
      [`POST ${BASE}/applications/7/approve`]: () => {
        listed = [application(7, { amount: 200_000, maker: "ayse", awaitingChecker: true })];
        return envelope(listed[0]);
      },
    });
    renderPage(["finance-maker"]);
    fireEvent.click(within(await rowOf(7)).getByRole("button", { name: "Onayla" }));
    const dialog = screen.getByRole("dialog", { name: "Başvuru #7 onayı" });
    fireEvent.change(within(dialog).getByLabelText("Bonus tutarı (ör. 20.00)"), { target: { value: "2000" } });
    await within(dialog).findByText("En fazla 5,000.00 (promosyonun sınırı).");
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("status")).textContent).toBe("Tutar onaylandı; bonus ikinci bir kişinin onayını bekliyor.");
    await waitFor(() => expect(screen.getByTestId("awaiting-7").textContent).toBe("İkinci onay bekleniyor (onaylayan: ayse, tutar: 2,000.00)"));
    const row = await rowOf(7);
    expect(within(row).queryByRole("button", { name: "Onayla" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Reddet" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Onayı tamamla" })).toBeNull(); // a maker only: not a checker
  });

  it("lets a checker other than the maker confirm the amount or reject as the checker with a reason", async () => {
    let listed = [awaiting(7), awaiting(8)];
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page(listed),
      [`POST ${BASE}/applications/7/confirm`]: () => {
        listed = listed.filter((row) => row.applicationId !== 7);
        return envelope(application(7, { status: "APPROVED", amount: 200_000, maker: "mehmet", grantId: "g-7", decidedBy: "ayse" }));
      },
      [`POST ${BASE}/applications/8/confirm`]: () => {
        listed = [];
        return envelope(application(8, { status: "REJECTED", amount: 200_000, maker: "mehmet", reason: "fazla", decidedBy: "ayse" }));
      },
    });
    renderPage(["finance-checker"]);
    const row = await rowOf(7);
    expect(within(row).getByTestId("awaiting-7").textContent).toBe("İkinci onay bekleniyor (onaylayan: mehmet, tutar: 2,000.00)");
    expect(within(row).queryByRole("button", { name: "Onayla" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Onayı tamamla" }));
    let dialog = screen.getByRole("dialog", { name: "Başvuru #7: ikinci onay" });
    expect(dialog.textContent).toContain("mehmet, 2,000.00 bonus onayladı. Onayı tamamlamak bonusu verir.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayı tamamla" }));
    expect((await screen.findByRole("status")).textContent).toBe("Onaylandı: 2,000.00 bonus verildi.");

    fireEvent.click(within(await rowOf(8)).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    dialog = screen.getByRole("dialog", { name: "Başvuru #8: kontrolcü reddi" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bu alan zorunludur.");
    fireEvent.change(within(dialog).getByLabelText("Ret gerekçesi"), { target: { value: " fazla " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kontrolcü olarak reddet" }));
    expect((await screen.findByRole("status")).textContent).toBe("Başvuru reddedildi.");
    expect(writes(fetched)).toEqual([
      { url: `${BASE}/applications/7/confirm`, body: { approve: true, reason: null } },
      { url: `${BASE}/applications/8/confirm`, body: { approve: false, reason: "fazla" } },
    ]);
  });

  it("tells a checker who made the amount that a second person must confirm it; another maker's is theirs to confirm", async () => {
    serve({ [`GET ${QUEUE}`]: () => page([awaiting(7), application(9, { amount: 200_000, maker: "ayse", awaitingChecker: true })]) });
    renderPage(["admin"], "mehmet");
    const own = await rowOf(7);
    const actions = own.querySelector("td:last-child") as HTMLElement;
    expect(within(actions).queryByRole("button")).toBeNull();
    expect(actions.textContent).toBe("Bu tutarı siz onayladınız; ikinci onayı başka bir kontrolcü vermelidir.");
    const other = await rowOf(9);
    expect(within(other).queryByRole("button", { name: "Onayla" })).toBeNull(); // the plain approval is hidden for it
    fireEvent.click(within(other).getByRole("button", { name: "Onayı tamamla" }));
    expect(screen.getByRole("dialog", { name: "Başvuru #9: ikinci onay" })).toBeTruthy();
  });

  it("shows a checker's refusal from the service as it words it", async () => {
    serve({
      [`GET ${QUEUE}`]: () => page([awaiting(7)]),
      [`POST ${BASE}/applications/7/confirm`]: () => refusal("ops.same_person", "Aynı kişi ikinci onayı veremez.", 403),
    });
    renderPage(["finance-checker"], "zeynep");
    fireEvent.click(within(await rowOf(7)).getByRole("button", { name: "Onayı tamamla" }));
    const dialog = screen.getByRole("dialog", { name: "Başvuru #7: ikinci onay" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Onayı tamamla" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Aynı kişi ikinci onayı veremez.");
  });
});
