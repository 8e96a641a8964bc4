import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@portal/kit";
import { startReads } from "./App";
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
    const fetchMock = serveEverything();
    startFirstReads("/");
    const started = paths(fetchMock);
    expect(started).toContain("/wps/system/notices?types=PU&platform=W"); // a visitor who will see the popup
    expect(started).toContain("/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&limitNum=20");

    const queries = createQueryClient();
    startReads(queries, "/");
    await vi.waitFor(() => expect(queries.isFetching()).toBe(0));
    expect(paths(fetchMock)).toEqual(started); // not one read asked twice, none asked late
    expect(new Set(started).size).toBe(started.length);
    expect(queries.getQueryCache().getAll().every((query) => query.state.status === "success")).toBe(true);
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
