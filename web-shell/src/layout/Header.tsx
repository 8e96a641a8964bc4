import type { FormEvent } from "react";
import { useState } from "react";
import type { Language } from "@portal/kit";
import { api, errorCode, formatMoney, HIDDEN_BALANCE, Link, SUPPORTED, useAction, useLanguage, useNavigate, useSession } from "@portal/kit";
import { loginWithPassword } from "../features/auth/api";
import { flagsOf, useAfterLogin, verificationTicket } from "../features/auth/components/useAfterLogin";
import { UnreadBadge } from "../features/notifications/components/UnreadBadge";
import { useModal } from "../shared/ModalContext";
import { useSite } from "../shared/site";
import { text } from "../shared/texts";
import { MainNav } from "./nav/MainNav";

const HIDE_KEY = "hideBalance";

/** The header's login form: the same flow as the login modal, which takes over when a captcha is needed. */
function HeaderLogin() {
  const { language } = useLanguage();
  const { flag } = useSite();
  const modal = useModal();
  const session = useSession();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  /** Free play: a trial account and its session, then home (spec §4). */
  const freePlay = useAction(() => api("freePlayLogin", language, { body: { os: navigator.platform || "web", platform: "W" } }), {
    onDone: async (answer) => {
      await session.signIn(answer.token);
      navigate("/");
    },
  });
  const login = useAction(() => loginWithPassword(language, flagsOf(flag), { username: username.trim(), password }), {
    onDone: async (answer) => {
      await afterLogin(answer, password);
      setPassword("");
    },
    onFailed: (failure) => {
      const ticket = verificationTicket(failure);
      if (ticket) modal.open({ name: "verify", ticket });
      else if (errorCode(failure) === "captcha.required") modal.open({ name: "login" });
    },
  });
  const busy = login.pending || freePlay.pending;
  const outcome = login.outcome ?? freePlay.outcome;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    freePlay.reset();
    if (!username.trim() || !password) return login.refuse(text(language, "required"));
    void login.submit(undefined);
  };

  return (
    <form className="header-login" onSubmit={submit} noValidate aria-label={text(language, "login")}>
      <input aria-label={text(language, "username")} placeholder={text(language, "username")} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" name="header-username" />
      <input aria-label={text(language, "password")} placeholder={text(language, "password")} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" name="header-password" />
      <button type="submit" className="kit-button" disabled={busy}>
        {text(language, "login")}
      </button>
      <button type="button" className="kit-button kit-button--ghost" onClick={() => modal.open({ name: "register" })}>
        {text(language, "register")}
      </button>
      <Link className="header-login__agent" to="/agentLogin">
        {text(language, "agentLogin")}
      </Link>
      {flag("FREEPLAY3") && (
        <button type="button" className="kit-button kit-button--ghost" disabled={busy} onClick={() => void freePlay.submit(undefined)}>
          {text(language, "freePlay")}
        </button>
      )}
      {outcome && (
        <p className="header-login__error" role="alert">
          {outcome.text}
        </p>
      )}
    </form>
  );
}

function MemberArea() {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === "1");
  const toggle = () => {
    localStorage.setItem(HIDE_KEY, hidden ? "0" : "1");
    setHidden(!hidden);
  };
  const balance = session.balance ? formatMoney(session.balance.sum, config.currencySymbol) : "—";
  const deposit = () => (session.isTrial ? modal.open({ name: "trial" }) : navigate("/member/depositv2"));
  return (
    <div className="member-area">
      <button type="button" className="member-name" onClick={() => (session.isTrial ? modal.open({ name: "trial" }) : navigate("/member/securityCenter"))}>
        {session.member?.nickname || session.member?.account}
      </button>
      <span className="balance" data-testid="balance">
        <span className="visually-hidden">{text(language, "balance")}: </span>
        {hidden ? HIDDEN_BALANCE : balance}
      </span>
      <button type="button" className="kit-icon-button eye" aria-pressed={hidden} aria-label={text(language, hidden ? "showBalance" : "hideBalance")} onClick={toggle}>
        {hidden ? "◉" : "◎"}
      </button>
      {!session.isTrial && <UnreadBadge />}
      <button type="button" className="kit-button" onClick={deposit}>
        {text(language, "deposit")}
      </button>
      <button type="button" className="kit-button kit-button--ghost" onClick={() => modal.open({ name: "logout" })}>
        {text(language, "logout")}
      </button>
    </div>
  );
}

export function Header() {
  const { language, setLanguage } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  return (
    <header className="header">
      <div className="header__top">
        <Link to="/" className="brand">
          {config.name}
        </Link>
        <div className="header__right">
          {session.token ? <MemberArea /> : <HeaderLogin />}
          <label className="language">
            <span className="visually-hidden">{text(language, "language")}</span>
            <select value={language} onChange={(event) => setLanguage(event.target.value as Language)} aria-label={text(language, "language")} data-testid="language">
              {SUPPORTED.map((code) => (
                <option key={code} value={code}>
                  {code === "TR" ? "Türkçe" : code === "EN" ? "English" : "中文"}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <MainNav />
    </header>
  );
}
