import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, createQueryClient } from "@portal/kit";
import { startReads } from "./App";
import { seedPopupNotices } from "./features/content/api";
import { startFirstReads } from "./firstReads";

function serveEverything() {
  const fetchMock = vi.fn(async (path: string) => {
    const value = path.startsWith("/wps/system/config") ? { whitelabelVal: {} } : [];
    return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const paths = (fetchMock: ReturnType<typeof serveEverything>) => fetchMock.mock.calls.map(([path]) => path);

describe("the first reads of a page", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("start on the home page before the shell and are each asked once: the shell's queries take them", async () => {
    sessionStorage.setItem("popupClosed:visitor", "1"); // no popup to draw first: the whole page's reads
    const fetchMock = serveEverything();
    startFirstReads("/");
    const started = paths(fetchMock);
    expect(started).toContain("/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=20");
    expect(started.some((path) => path.includes("types=PU"))).toBe(false);

    const queries = createQueryClient();
    await startReads(queries, "/");
    await vi.waitFor(() => expect(queries.isFetching()).toBe(0));
    expect(paths(fetchMock)).toEqual(started); // not one read asked twice, none asked late
    expect(new Set(started).size).toBe(started.length);
    expect(queries.getQueryCache().getAll().every((query) => query.state.status === "success")).toBe(true);
  });

  it("start only the site's reads and the popup's notices for a visitor whose popup is drawn first", async () => {
    const fetchMock = serveEverything();
    startFirstReads("/");
    const early = ["/wps/system/config", "/wps/system/helpCenter", "/wps/system/notices?types=PU&platform=W"];
    expect(paths(fetchMock)).toEqual(early);

    // The first paint takes the site's and the popup's answers; the application, loaded once the popup has painted,
    // is handed the site's configuration and starts the page's own reads.
    const config = await api("siteConfig", "TR");
    await api("notices", "TR", { query: { types: "PU", platform: "W" } });
    const queries = createQueryClient();
    seedPopupNotices(queries, "TR", []);
    await startReads(queries, "/", config);
    await vi.waitFor(() => expect(queries.isFetching()).toBe(0));
    expect(paths(fetchMock).slice(0, 3)).toEqual(early);
    expect(paths(fetchMock).slice(3)).toContain("/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=20");
    expect(new Set(paths(fetchMock)).size).toBe(paths(fetchMock).length); // none of the three asked again
  });

  it("start only the site's own reads elsewhere, and no popup notices once a visitor closed the popup", () => {
    const fetchMock = serveEverything();
    startFirstReads("/promotions");
    expect(paths(fetchMock)).toHaveLength(2);
    expect(paths(fetchMock).every((path) => path.startsWith("/wps/system/"))).toBe(true);

    sessionStorage.setItem("popupClosed:visitor", "1");
    startFirstReads("/home");
    expect(paths(fetchMock).some((path) => path.includes("types=PU"))).toBe(false);
  });
});
