import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GameRead, SiteConfigRead } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { ModalContext } from "../../../shared/ModalContext";
import { SiteContext, siteValue } from "../../../shared/site";
import { DemoMark } from "./DemoMark";
import { GameGrid } from "./GameGrid";

const FRUIT: GameRead = {
  nodeId: 1, gameType: "RNG", vassalage: "BGS", gameCode: "BGS_FRUIT5", gameName: "Fruit Five", isTop: true, isGame: "GAME",
  iconUrl: "/lgw/games/icons/1.svg", supportPlay: 0, subCategory: null, minBet: 100, lines: 10, playable: true,
};
const CONFIG = { currencySymbol: "₺", whitelabelVal: { FREEPLAY3: true } } as unknown as SiteConfigRead;

/** A signed-in account of ``type`` (0 a real member, 4 a trial account). */
function signedIn(type: number) {
  sessionStorage.setItem("token", "t-1");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
      if (path === "/wps/member/info") return ok({ id: "m1", account: "player1", nickname: null, type });
      if (path === "/wps/v2/wallets/balance") return ok({ currency: "TRY", scale: 2, sum: 0, wallets: [] });
      if (path.startsWith("/wps/relay/MCSFE_getFavoriteGames")) return ok({ ids: [] });
      return new Response(JSON.stringify({ success: false, value: null, errorCode: "not_found", message: null }), { status: 404 });
    }),
  );
}

function renderWith(children: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <SessionProvider>
          <SiteContext.Provider value={siteValue(CONFIG, [])}>
            <ModalContext.Provider value={{ open: vi.fn(), close: () => undefined, closeIfOpen: () => undefined, isOpen: () => false }}>
              <MemoryRouter>{children}</MemoryRouter>
            </ModalContext.Provider>
          </SiteContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe("free demo and the demo mark (#49: a member's free demo played for real money)", () => {
  it("offers a real member no free demo and marks no demo", async () => {
    signedIn(0);
    renderWith(
      <>
        <GameGrid games={[FRUIT]} layout="normal" />
        <DemoMark />
      </>,
    );
    await screen.findByRole("button", { name: "Play" });
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([path]) => path === "/wps/member/info")).toBe(true));
    expect(screen.queryByRole("button", { name: "Free demo" })).toBeNull();
    expect(screen.queryByTestId("demo-mark")).toBeNull();
  });

  it("offers a trial account the free demo and marks its play as a demo", async () => {
    signedIn(4);
    renderWith(
      <>
        <GameGrid games={[FRUIT]} layout="normal" />
        <DemoMark />
      </>,
    );
    expect(await screen.findByRole("button", { name: "Free demo" })).toBeTruthy();
    expect((await screen.findByTestId("demo-mark")).textContent).toContain("DEMO");
  });

  it("draws every tile's art as SVG with the game's name set in it", async () => {
    signedIn(0);
    renderWith(<GameGrid games={[FRUIT]} layout="normal" />);
    await waitFor(() => expect(document.querySelector(".game-tile svg.game-art")).not.toBeNull());
    const art = document.querySelector(".game-tile svg.game-art");
    expect(art?.textContent).toContain("Fruit Five");
    // The play button names the game; its art is hidden from assistive technology, so the two never disagree.
    expect(art?.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("button", { name: "Play: Fruit Five" })).toBeTruthy();
    expect(document.querySelector(".game-tile img")).toBeNull();
  });
});
