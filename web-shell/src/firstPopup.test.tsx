import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paintFirstPopup } from "./firstPopup";

const NOTICES = [
  { id: 1, title: "Welcome", content: "<p>Sign up and get a bonus</p><script>alert(1)</script>", startDateStr: "" },
  { id: 2, title: "Maintenance", content: "<p>Sunday night</p>", startDateStr: "" },
];

const OPEN_SITE = { merchant: "turkeyf2", systemStatus: 0 };

/** The site's configuration and the popup's notices as the server answers them (``null``: a refusal). */
function serve(config: object | null, notices: unknown) {
  const answer = (value: unknown) =>
    new Response(JSON.stringify({ success: value !== null, value, errorCode: value === null ? "boom" : null, message: null }));
  const fetchMock = vi.fn(async (path: string) => answer(path.startsWith("/wps/system/config") ? config : notices));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the popup the page draws before the application", () => {
  let container: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem("hisLang", "EN");
    container = document.body.appendChild(document.createElement("div"));
  });
  afterEach(() => {
    cleanup();
    container.remove();
    vi.unstubAllGlobals();
  });

  it("shows the notices, the first one open and sanitised, and hands them over once painted", async () => {
    serve(OPEN_SITE, NOTICES);
    const root = createRoot(container);
    const handed = paintFirstPopup(root);
    const dialog = await screen.findByRole("dialog", { name: "Announcements" });
    const first = await handed;
    expect(first.drawn).toBe(true);
    expect(first.notices?.map((notice) => notice.id)).toEqual([1, 2]);
    expect(first.config?.merchant).toBe("turkeyf2"); // the application takes the site's answer too
    expect(dialog.textContent).toContain("Sign up and get a bonus");
    expect(dialog.querySelector("script")).toBeNull();
    act(() => root.unmount());
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
      const root = createRoot(container);
      const first = await paintFirstPopup(root);
      expect(first.drawn).toBe(false);
      expect(first.notices).toEqual(notices); // handed over as read, so the application does not ask again
      expect(first.config?.systemStatus ?? null).toBe(config?.systemStatus ?? null);
      expect(screen.queryByRole("dialog")).toBeNull();
      act(() => root.unmount());
    }
  });

  it("closed before the application loads, stays closed for the session and is not handed over as drawn", async () => {
    serve(OPEN_SITE, NOTICES);
    const root = createRoot(container);
    let closed = false;
    const handed = paintFirstPopup(root).then((first) => {
      closed = !first.drawn;
    });
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    await act(() => handed);
    expect(closed).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionStorage.getItem("popupClosed:visitor")).toBe("1");
    act(() => root.unmount());
  });
});
