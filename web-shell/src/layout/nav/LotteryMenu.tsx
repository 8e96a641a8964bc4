/** The header's lottery entry: a drop menu of every lottery game by family, each with the countdown to its next
 * draw and leading to its betting page, and the vendors' halls (spec §2). */
import { lazy, Suspense } from "react";
import type { VendorRead } from "@portal/kit";
import { useLanguage, useLocation } from "@portal/kit";
import { labelText } from "../../features/games/texts";
import { DropMenu } from "../../shared/nav/DropMenu";
import { text } from "../../shared/texts";

const LotteryPanel = lazy(() => import("./LotteryPanel").then((module) => ({ default: module.LotteryPanel })));

const LOTTERY_PATHS = ["/lottery", "/seaLottery", "/vnLottery"];

export function LotteryMenu({ gameType, vendors }: { gameType: string; vendors: VendorRead[] }) {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <DropMenu id="lottery" label={labelText(language, gameType)} active={LOTTERY_PATHS.includes(pathname)} wide>
      <Suspense fallback={<p className="lottery-menu__status">{text(language, "loading")}</p>}>
        <LotteryPanel vendors={vendors} />
      </Suspense>
    </DropMenu>
  );
}
