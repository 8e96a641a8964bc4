import "../games.css";
import { useState } from "react";
import type { GameRead } from "@portal/kit";
import { LoadFailure, Pager, useLanguage, useLocation, useNavigate, useParams, useSearchParams, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { text } from "../../../shared/texts";
import type { ListFilter } from "../api";
import { LIST_PAGE_SIZE, useGameList, useGameMenus, useHotGames } from "../api";
import { VendorMark } from "../art/VendorMark";
import { CENTRE_PAGES, gameListCenterPath, LIST_PAGES } from "../rules";
import { gameText, labelText } from "../texts";
import { DemoMark } from "./DemoMark";
import { GameGrid } from "./GameGrid";
import { InHouseGame } from "./InHouseGame";

// Bingo (BG) shows only when Tagalog is supported, and it is not (TR, EN, CN).
const SUB_CATEGORIES = ["SC", "VP", "JP", "TG", "AC"] as const;
// Spec §9, the slots' filters: a minimum bet of 1 or more (minor units), 25 lines or more.
const SLOT_MIN_BET = 100;
const SLOT_MIN_LINES = 25;

/** A visitor sees the page's frame and is asked to log in: the game list needs a session (spec §6). */
function LoginFirst() {
  const { language } = useLanguage();
  const modal = useModal();
  return (
    <button type="button" className="kit-button" onClick={() => modal.open({ name: "login" })}>
      {text(language, "login")}
    </button>
  );
}

function ListedGames({ filter }: { filter: ListFilter }) {
  const { language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const list = useGameList(filter, pageNo, LIST_PAGE_SIZE);
  return (
    <>
      <LoadFailure error={list.error} />
      {list.data && <GameGrid games={list.data.list} layout="normal" />}
      {list.data && <Pager label={gameText(language, "more")} pageNo={pageNo} totalPages={list.data.totalPages} onPage={setPageNo} />}
    </>
  );
}

/** /rng, /live, /fish, /pvp, /inHouse, /hot (``?vassalage=`` filters) and the named route gameListCenter. */
export function GameListPage() {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const session = useSession();
  const menus = useGameMenus().data ?? [];
  const centre = params.vassalage !== undefined && params.gameType !== undefined;
  const page = centre ? { gameType: params.gameType?.toUpperCase(), vassalage: params.vassalage?.toUpperCase(), title: params.gameType?.toUpperCase() ?? "RNG" } : (LIST_PAGES[pathname] ?? { title: "RNG" });
  const vassalage = search.get("vassalage")?.toUpperCase() ?? page.vassalage;
  const [subCategory, setSubCategory] = useState<string | undefined>(undefined);
  const [minBet, setMinBet] = useState(false);
  const [minLines, setMinLines] = useState(false);
  const vendors = page.gameType ? (menus.find((menu) => menu.gameType === page.gameType)?.vendors ?? []) : [];
  const choose = (code: string | null) => {
    const next = new URLSearchParams(search);
    if (code) next.set("vassalage", code);
    else next.delete("vassalage");
    setSearch(next);
  };
  return (
    <section className="game-page" data-testid="game-page">
      <h1>{labelText(language, page.title)}</h1>
      {vendors.length > 1 && !centre && (
        <div className="chips" role="group" aria-label={gameText(language, "allVendors")}>
          <button type="button" className="chip" aria-pressed={!vassalage} onClick={() => choose(null)}>
            {gameText(language, "allVendors")}
          </button>
          {vendors.map((vendor) => (
            <button key={vendor.vassalage} type="button" className="chip chip--vendor" aria-pressed={vassalage === vendor.vassalage} onClick={() => choose(vendor.vassalage)}>
              <VendorMark code={vendor.vassalage} size={20} decorative />
              {vendor.name}
              {vendor.maintenance && ` · ${gameText(language, "underMaintenance")}`}
            </button>
          ))}
        </div>
      )}
      {page.gameType === "RNG" && (
        <div className="chips" role="group" aria-label={gameText(language, "RNG")}>
          <button type="button" className="chip" aria-pressed={!subCategory} onClick={() => setSubCategory(undefined)}>
            {gameText(language, "allGames")}
          </button>
          {SUB_CATEGORIES.map((code) => (
            <button key={code} type="button" className="chip" aria-pressed={subCategory === code} onClick={() => setSubCategory(code)}>
              {gameText(language, code)}
            </button>
          ))}
          <button type="button" className="chip" aria-pressed={minBet} onClick={() => setMinBet(!minBet)}>
            {gameText(language, "minBetFilter")}
          </button>
          <button type="button" className="chip" aria-pressed={minLines} onClick={() => setMinLines(!minLines)}>
            {gameText(language, "linesFilter")}
          </button>
        </div>
      )}
      {"hot" in page && page.hot ? <HotList /> : session.token ? <ListedGames
          key={`${vassalage}-${subCategory}-${minBet}-${minLines}`}
          filter={{ gameType: page.gameType, vassalage, subCategory, minBet: minBet ? SLOT_MIN_BET : undefined, minLines: minLines ? SLOT_MIN_LINES : undefined }}
        /> : <LoginFirst />}
    </section>
  );
}

function HotList() {
  const hot = useHotGames();
  return (
    <>
      <LoadFailure error={hot.error} />
      {hot.data && <GameGrid games={hot.data} layout="hot" />}
    </>
  );
}

/** /cockfight, /sports, /esports, /btiSports: the category's vendors, each opening its own games. */
export function GameCentrePage() {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const gameType = CENTRE_PAGES[pathname] ?? "SPORTS";
  const menus = useGameMenus();
  const vendors = (menus.data ?? []).find((menu) => menu.gameType === gameType)?.vendors ?? [];
  const shown = pathname === "/btiSports" ? vendors.filter((vendor) => vendor.vassalage === "BTI") : vendors;
  return (
    <section className="game-page" data-testid="game-centre">
      <h1>
        {gameText(language, "gameCentre")} · {labelText(language, gameType)}
      </h1>
      <LoadFailure error={menus.error} />
      {menus.data && shown.length === 0 && <p className="muted">{gameText(language, "noGames")}</p>}
      <div className="vendor-grid">
        {shown.map((vendor) => (
          <button key={vendor.vassalage} type="button" className="vendor-card" onClick={() => navigate(gameListCenterPath(vendor.vassalage, gameType))}>
            <VendorMark code={vendor.vassalage} size={56} decorative />
            <strong>{vendor.name}</strong>
            {vendor.maintenance && <span className="badge">{gameText(language, "underMaintenance")}</span>}
          </button>
        ))}
      </div>
    </section>
  );
}

/** /play/<gameCode>: the address the launch call gives; the in-house game on a page of its own. */
export function PlayPage() {
  const { language } = useLanguage();
  const { gameCode = "" } = useParams();
  const list = useGameList({ vassalage: "BGS" }, 1, LIST_PAGE_SIZE);
  const game: GameRead | undefined = list.data?.list.find((item) => item.gameCode === gameCode);
  return (
    <section className="game-page" data-testid="play-page">
      <LoadFailure error={list.error} />
      {list.data && !game && <p className="muted">{gameText(language, "noGames")}</p>}
      {game && (
        <>
          <h1>{game.gameName}</h1>
          <div className="game-frame">
            <DemoMark />
            <InHouseGame gameCode={game.gameCode} minBet={game.minBet} />
          </div>
        </>
      )}
    </section>
  );
}
