/** One modal at a time, opened from anywhere in the shell. */
import { createContext, useContext } from "react";
import type { VerifyTicketRead } from "@portal/kit";
import type { PopupPosition } from "./announcementPages";

/** A player-versus-player room a game was opened in: its id and its largest stake (its smallest is the minBet). */
export interface GameRoom {
  roomId: string;
  maxBet: number;
}

export type Modal =
  | { name: "login" }
  | { name: "register" }
  | { name: "forgot" }
  | { name: "resetPassword"; token: string }
  | { name: "changePassword"; forced: boolean }
  | { name: "verify"; ticket: VerifyTicketRead }
  | { name: "notice"; index: number }
  | { name: "announcements"; firstLogin: boolean; view?: PopupPosition }
  | { name: "feedback" }
  | { name: "logout" }
  | { name: "trial" }
  | { name: "game"; gameCode: string; title: string; minBet: number; room?: GameRoom }
  | { name: "rooms"; nodeId: number; title: string }
  | { name: "vendorGames"; vassalage: string; gameType: string };

export interface ModalValue {
  open: (modal: Modal) => void;
  close: () => void;
  /** Close the dialog named, if it is still the one open (a dialog closing itself after a read cannot close the
   * dialog that replaced it meanwhile). */
  closeIfOpen: (name: Modal["name"]) => void;
  /** Whether a dialog is open now (read at once, not after the next render). */
  isOpen: () => boolean;
}

export const ModalContext = createContext<ModalValue>({
  open: () => undefined,
  close: () => undefined,
  closeIfOpen: () => undefined,
  isOpen: () => false,
});

export function useModal(): ModalValue {
  return useContext(ModalContext);
}
