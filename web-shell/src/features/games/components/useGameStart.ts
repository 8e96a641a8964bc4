import type { GameRead } from "@portal/kit";
import { useAction, useLanguage, useNavigate, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { freePlayLogin, launchGame, trialLaunchGame } from "../api";
import { startStep } from "../rules";

export type Startable = Pick<GameRead, "nodeId" | "gameType" | "vassalage" | "gameCode" | "isGame" | "gameName">;

/** Starting a game by the rules of spec §4; a refused launch (maintenance, a game that does not open here)
 * is in ``outcome`` for the page to show. */
export function useGameStart() {
  const { language } = useLanguage();
  const session = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const launch = useAction((game: Startable) => launchGame(language, game.nodeId), {
    onDone: (answer, game) => {
      // A vendor's game runs at the aggregator: its page opens in a window of its own.
      if (answer.external) window.open(answer.url, "_blank", "noopener");
      else modal.open({ name: "game", gameCode: answer.gameCode, title: game.gameName, minBet: answer.minBet });
    },
  });
  const start = (game: Startable) => {
    launch.reset();
    const step = startStep(game, { signedIn: session.token !== null, trial: session.isTrial });
    switch (step.kind) {
      case "login":
        return modal.open({ name: "login" });
      case "trial":
        return modal.open({ name: "trial" });
      case "navigate":
        return navigate(step.to);
      case "rooms":
        return modal.open({ name: "rooms", nodeId: step.nodeId, title: game.gameName });
      case "vendorList":
        return modal.open({ name: "vendorGames", vassalage: step.vassalage, gameType: step.gameType });
      case "launch":
        return void launch.submit(game);
    }
  };
  /** The free demo button: the demo with a trial account's play money (a visitor gets a free-play session
   * first). A real account has no demo launch (``showsFreeDemo``): its press starts nothing, never a real game. */
  const demo = useAction(
    async (game: Startable) => {
      if (session.token === null) await session.signIn((await freePlayLogin(language)).token);
      return trialLaunchGame(language, game.nodeId);
    },
    { onDone: (answer, game) => modal.open({ name: "game", gameCode: answer.gameCode, title: game.gameName, minBet: answer.minBet }) },
  );
  const tryDemo = (game: Startable) => {
    demo.reset();
    if (session.token !== null && !session.isTrial) return;
    void demo.submit(game);
  };
  return { start, demo: tryDemo, outcome: launch.outcome ?? demo.outcome, pending: launch.pending || demo.pending };
}
