import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paintFirstPopup } from "./firstPopup";

const NOTICES = [
  { id: 1, title: "Welcome", content: "<p>Sign up and get a bonus</p><script>alert(1)</script>", startDateStr: "" },
  { id: 2, title: "Maintenance", content: "<p>Sunday night</p>", startDateStr: "" },
];

function servePopup(value: unknown, success = true) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success, value, errorCode: success ? null : "boom", message: null })));
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
    servePopup(NOTICES);
    const root = createRoot(container);
    const handed = paintFirstPopup(root);
    const dialog = await screen.findByRole("dialog", { name: "Announcements" });
    expect((await handed)?.map((notice) => notice.id)).toEqual([1, 2]);
    expect(dialog.textContent).toContain("Sign up and get a bonus");
    expect(dialog.querySelector("script")).toBeNull();
    act(() => root.unmount());
  });

  it("draws nothing and hands nothing over when there is nothing to announce or the read fails", async () => {
    for (const [value, success] of [[[], true], [null, false]] as const) {
      servePopup(value, success);
      const root = createRoot(container);
      expect(await paintFirstPopup(root)).toBeNull();
      expect(screen.queryByRole("dialog")).toBeNull();
      act(() => root.unmount());
    }
  });

  it("closed before the application loads, stays closed for the session and hands nothing over", async () => {
    servePopup(NOTICES);
    const root = createRoot(container);
    let closed = false;
    const handed = paintFirstPopup(root).then((notices) => {
      closed = notices === null;
    });
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    await act(() => handed);
    expect(closed).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionStorage.getItem("popupClosed:visitor")).toBe("1");
    act(() => root.unmount());
  });
});
