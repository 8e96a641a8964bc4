import { act, fireEvent, screen, within } from "@testing-library/react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnnouncementRead } from "@portal/kit";
import { AnnouncementsDialog } from "./features/content/components/Announcements";
import type { PopupPosition } from "./shared/announcementPages";
import { paintFirstPopup } from "./firstPopup";

function notice(id: number, title: string, content: string, startDateStr = ""): AnnouncementRead {
  return { id, type: "PU", popupExecution: null, title, content, promotionType: null, startDateStr, startsAt: "2026-11-24T00:00:00+00:00", endsAt: null };
}

const NOTICES = [notice(1, "Welcome", "<p>Sign up and get a bonus</p><script>alert(1)</script>"), notice(2, "Maintenance", "<p>Sunday night</p>", "2026-11-24")];
const EIGHT = Array.from({ length: 8 }, (_, index) => notice(index + 1, `Notice ${index + 1}`, `<p>Body of notice ${index + 1}</p>`));

const OPEN_SITE = { merchant: "turkeyf2", systemStatus: 0 };

/** The site's configuration and the popup's notices as the server answers them (``null``: a refusal). */
function serve(config: object | null, notices: unknown) {
  const answer = (value: unknown) =>
    new Response(JSON.stringify({ success: value !== null, value, errorCode: value === null ? "boom" : null, message: null }));
  const fetchMock = vi.fn(async (path: string) => answer(path.startsWith("/wps/system/config") ? config : notices));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** ``node``'s markup with the dialog's title id made one (React's is generated) and adjacent texts joined. */
function comparable(node: Element): Element {
  const copy = node.cloneNode(true) as Element;
  copy.querySelector("[aria-labelledby]")?.setAttribute("aria-labelledby", "title");
  copy.querySelector("h2")?.setAttribute("id", "title");
  copy.normalize();
  return copy;
}

/** What the shell's modal host draws for ``items`` at ``view``. */
function shellDialog(items: AnnouncementRead[], view: PopupPosition): Element {
  const host = document.createElement("div");
  const root = createRoot(host);
  act(() => root.render(<AnnouncementsDialog items={items} language="EN" onClose={() => undefined} view={view} />));
  const drawn = comparable(host.firstElementChild as Element);
  act(() => root.unmount());
  return drawn;
}

describe("the popup the page draws before React and the application", () => {
  let container: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem("hisLang", "EN");
    container = document.body.appendChild(document.createElement("div"));
  });
  afterEach(() => {
    container.remove();
    vi.unstubAllGlobals();
  });

  it("shows the notices, the first one open and sanitised, the close button focused, and hands them over once painted", async () => {
    serve(OPEN_SITE, NOTICES);
    const first = await paintFirstPopup(container);
    const dialog = screen.getByRole("dialog", { name: "Announcements" });
    expect(first.drawn).toBe(true);
    expect(first.notices?.map((item) => item.id)).toEqual([1, 2]);
    expect(first.config?.merchant).toBe("turkeyf2"); // the application takes the site's answer too
    expect(dialog.textContent).toContain("Sign up and get a bonus");
    expect(dialog.textContent).not.toContain("Sunday night"); // one notice open at a time
    expect(dialog.querySelector("script")).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Close" }));
    expect(first.handOver()).toEqual({ page: 0, selected: 1 });
  });

  it("draws the same markup as the shell's dialog, and hands over the page and the notice the visitor opened", async () => {
    serve(OPEN_SITE, EIGHT);
    const first = await paintFirstPopup(container);
    expect(comparable(container.firstElementChild as Element).isEqualNode(shellDialog(EIGHT, { page: 0, selected: 1 }))).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Notice 8" }));
    expect(screen.getByRole("dialog").textContent).toContain("Body of notice 8");
    expect(screen.getByRole("dialog").textContent).toContain("2 / 2");
    expect(comparable(container.firstElementChild as Element).isEqualNode(shellDialog(EIGHT, { page: 1, selected: 8 }))).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Notice 8" })); // closes that notice again
    expect(screen.getByRole("dialog").textContent).not.toContain("Body of notice 8");
    expect(first.handOver()).toEqual({ page: 1, selected: null });
    expect(comparable(container.firstElementChild as Element).isEqualNode(shellDialog(EIGHT, { page: 1, selected: null }))).toBe(true);
  });

  it("draws nothing when there is nothing to announce, a read fails, or the site shows a status screen", async () => {
    const cases = [
      [OPEN_SITE, []],
      [OPEN_SITE, null],
      [null, NOTICES],
      [{ ...OPEN_SITE, systemStatus: 1 }, NOTICES], // maintenance: the application shows that screen instead
      [{ ...OPEN_SITE, systemStatus: 2 }, NOTICES], // a region the brand does not serve
    ] as const;
    for (const [config, notices] of cases) {
      serve(config, notices);
      const first = await paintFirstPopup(container);
      expect(first.drawn).toBe(false);
      expect(first.handOver()).toBeNull();
      expect(first.notices).toEqual(notices); // handed over as read, so the application does not ask again
      expect(first.config?.systemStatus ?? null).toBe(config?.systemStatus ?? null);
      expect(container.childElementCount).toBe(0);
    }
  });

  it("closed (button or Escape) before the application loads, stays closed for the session and is handed over closed", async () => {
    for (const closeIt of [() => fireEvent.click(screen.getByRole("button", { name: "Close" })), () => fireEvent.keyDown(document, { key: "Escape" })]) {
      sessionStorage.clear();
      serve(OPEN_SITE, NOTICES);
      const first = await paintFirstPopup(container);
      closeIt();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(sessionStorage.getItem("popupClosed:visitor")).toBe("1");
      expect(first.handOver()).toBeNull();
    }
  });

  it("keeps Tab inside the popup, and leaves the keyboard to the application once handed over", async () => {
    serve(OPEN_SITE, NOTICES);
    const first = await paintFirstPopup(container);
    const buttons = within(screen.getByRole("dialog")).getAllByRole("button"); // close, then the two notices
    buttons[buttons.length - 1]?.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);

    first.handOver();
    fireEvent.keyDown(document, { key: "Escape" }); // the application's dialog answers it now, not this one
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(sessionStorage.getItem("popupClosed:visitor")).toBeNull();
  });
});
