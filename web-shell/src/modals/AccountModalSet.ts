/** The account forms, one chunk loaded when the first of them opens (``ModalHost``). */
export {
  ChangePasswordModal,
  ForgotPasswordModal,
  LogoutModal,
  ResetPasswordModal,
  TrialModal,
  VerifyModal,
} from "../features/auth/components/AccountModals";
export { LoginModal } from "../features/auth/components/LoginModal";
export { RegisterModal } from "../features/auth/components/RegisterModal";
