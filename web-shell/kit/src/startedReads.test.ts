import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, startApiRead } from "./client";
import { STARTED_READ_TTL_MS, TOKEN_KEY } from "./envelope";

function answering() {
  let count = 0;
  const fetchMock = vi.fn(async () => {
    count += 1;
    return new Response(JSON.stringify({ success: true, value: { answer: count }, errorCode: null, message: null }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("reads started ahead", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("are taken once by the call that wants them: one request, and the next call asks afresh", async () => {
    const fetchMock = answering();
    startApiRead("jackpot", "TR");
    startApiRead("jackpot", "TR"); // a second start of the same read is not a second request
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api("jackpot", "TR")).toEqual({ answer: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api("jackpot", "TR")).toEqual({ answer: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("are not taken by a call in another language, with another session, or after they went stale", async () => {
    const fetchMock = answering();
    startApiRead("jackpot", "TR");
    expect(await api("jackpot", "EN")).toEqual({ answer: 2 });

    startApiRead("hotGames", "TR");
    sessionStorage.setItem(TOKEN_KEY, "a-session-that-arrived-meanwhile");
    expect(await api("hotGames", "TR")).toEqual({ answer: 4 });
    expect(fetchMock.mock.calls.at(-1)).toMatchObject([expect.any(String), { headers: { Authorization: "a-session-that-arrived-meanwhile" } }]);

    vi.useFakeTimers({ toFake: ["Date"] });
    startApiRead("winnerBoard", "TR", { query: { gameCategory: "ALL", limitNum: 20 } });
    vi.setSystemTime(Date.now() + STARTED_READ_TTL_MS + 1);
    expect(await api("winnerBoard", "TR", { query: { gameCategory: "ALL", limitNum: 20 } })).toEqual({ answer: 6 });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it("report a failed request through the call that takes it, as its own request would", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    startApiRead("jackpot", "CN");
    await expect(api("jackpot", "CN")).rejects.toMatchObject({ code: "network.abnormal" });
  });
});
