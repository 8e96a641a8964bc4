import type { ReactNode } from "react";
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import type { Modal, ModalValue } from "../shared/ModalContext";
import { ModalContext } from "../shared/ModalContext";
import { AnnouncementsModal } from "../features/content/components/ContentModals";

// The account forms (login, registration and the rest) load with their own chunk when one is first opened: no first
// page needs them, and they carry the registration rules.
const accountModals = () => import("./AccountModalSet");
const LoginModal = lazy(() => accountModals().then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazy(() => accountModals().then((module) => ({ default: module.RegisterModal })));
const ForgotPasswordModal = lazy(() => accountModals().then((module) => ({ default: module.ForgotPasswordModal })));
const ResetPasswordModal = lazy(() => accountModals().then((module) => ({ default: module.ResetPasswordModal })));
const ChangePasswordModal = lazy(() => accountModals().then((module) => ({ default: module.ChangePasswordModal })));
const VerifyModal = lazy(() => accountModals().then((module) => ({ default: module.VerifyModal })));
const LogoutModal = lazy(() => accountModals().then((module) => ({ default: module.LogoutModal })));
const TrialModal = lazy(() => accountModals().then((module) => ({ default: module.TrialModal })));

const NoticeModal = lazy(() => import("../features/content/components/NoticeModal").then((module) => ({ default: module.NoticeModal })));
const FeedbackModal = lazy(() => import("../features/content/components/FeedbackModal").then((module) => ({ default: module.FeedbackModal })));

// The games' popups load with their own chunk (the slot, the dice) when first opened.
const GameFrameModal = lazy(() => import("../features/games/components/GameModals").then((module) => ({ default: module.GameFrameModal })));
const VendorGamesModal = lazy(() => import("../features/games/components/GameModals").then((module) => ({ default: module.VendorGamesModal })));
const RoomsModal = lazy(() => import("../features/games/components/GameModals").then((module) => ({ default: module.RoomsModal })));

function render(modal: Modal): ReactNode {
  switch (modal.name) {
    case "login":
      return <LoginModal />;
    case "register":
      return <RegisterModal />;
    case "forgot":
      return <ForgotPasswordModal />;
    case "resetPassword":
      return <ResetPasswordModal token={modal.token} />;
    case "changePassword":
      return <ChangePasswordModal forced={modal.forced} />;
    case "verify":
      return <VerifyModal ticket={modal.ticket} />;
    case "notice":
      return <NoticeModal index={modal.index} />;
    case "announcements":
      return <AnnouncementsModal firstLogin={modal.firstLogin} view={modal.view} />;
    case "feedback":
      return <FeedbackModal />;
    case "logout":
      return <LogoutModal />;
    case "trial":
      return <TrialModal />;
    case "game":
      return (
        <Suspense fallback={null}>
          <GameFrameModal gameCode={modal.gameCode} title={modal.title} minBet={modal.minBet} room={modal.room} />
        </Suspense>
      );
    case "rooms":
      return (
        <Suspense fallback={null}>
          <RoomsModal nodeId={modal.nodeId} title={modal.title} />
        </Suspense>
      );
    case "vendorGames":
      return (
        <Suspense fallback={null}>
          <VendorGamesModal vassalage={modal.vassalage} gameType={modal.gameType} />
        </Suspense>
      );
  }
}

export function ModalHost({ children, initial = null }: { children: ReactNode; initial?: Modal | null }) {
  const [modal, setModal] = useState<Modal | null>(initial);
  const current = useRef<Modal | null>(initial);
  const open = useCallback((next: Modal) => {
    current.current = next;
    setModal(next);
  }, []);
  const close = useCallback(() => {
    current.current = null;
    setModal(null);
  }, []);
  const closeIfOpen = useCallback(
    (name: Modal["name"]) => {
      if (current.current?.name === name) close();
    },
    [close],
  );
  const value = useMemo<ModalValue>(
    () => ({ open, close, closeIfOpen, isOpen: () => current.current !== null }),
    [open, close, closeIfOpen],
  );
  return (
    <ModalContext.Provider value={value}>
      {children}
      {modal && <Suspense fallback={null}>{render(modal)}</Suspense>}
    </ModalContext.Provider>
  );
}
