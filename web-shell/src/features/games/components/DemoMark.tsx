import { useLanguage, useSession } from "@portal/kit";
import { playsForPlayMoney } from "../rules";
import { gameText } from "../texts";

/** The "demo" mark over a game played for play money (a trial account's free-play wallet), never shown for
 * real-money play. */
export function DemoMark() {
  const { language } = useLanguage();
  const session = useSession();
  if (!playsForPlayMoney({ signedIn: session.token !== null, trial: session.isTrial })) return null;
  return (
    <p className="demo-mark" role="note" data-testid="demo-mark">
      <strong className="demo-mark__badge">{gameText(language, "demo")}</strong>
      <span>{gameText(language, "demoNote")}</span>
    </p>
  );
}
