import { formatDateTime, LoadFailure, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import { useProfile, useProfileReload, useRecentLogins } from "../api";
import { Authenticator } from "./Authenticator";
import { BindMobile } from "./BindMobile";
import { LoginPassword, PaymentPassword } from "./PasswordForms";

export function SecurityCenter() {
  const { language } = useLanguage();
  const profileQuery = useProfile();
  const profile = profileQuery.data ?? null;
  const logins = useRecentLogins().data ?? [];
  const reload = useProfileReload();

  return (
    <>
      <section className="mc-panel">
        <h2>{t(language, "profile")}</h2>
        <LoadFailure error={profileQuery.error} />
        {profile && (
          <dl className="mc-table">
            <dt>{t(language, "account")}</dt>
            <dd data-testid="profile-account">{profile.account}</dd>
            <dt>{t(language, "nickname")}</dt>
            <dd>{profile.nickname}</dd>
            <dt>{t(language, "mobile")}</dt>
            <dd>{profile.mobileNum ? `+${profile.countryDialingCode ?? ""} ${profile.mobileNum}` : "—"}</dd>
            <dt>{t(language, "email")}</dt>
            <dd>{profile.email ?? "—"}</dd>
          </dl>
        )}
      </section>
      <LoginPassword />
      <BindMobile onBound={reload} />
      {profile && <PaymentPassword exists={profile.hasPaymentPassword} onSaved={reload} />}
      {profile && <Authenticator bound={profile.totpBound} onBound={reload} />}
      <section className="mc-panel">
        <h2>{t(language, "recentLogins")}</h2>
        <table className="mc-table">
          <thead>
            <tr>
              <th>{t(language, "time")}</th>
              <th>{t(language, "ip")}</th>
              <th>{t(language, "result")}</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((login) => (
              <tr key={login.at + (login.ip ?? "")}>
                <td>{formatDateTime(language, login.at)}</td>
                <td>{login.ip ?? "—"}</td>
                <td>{t(language, login.success ? "ok" : "failed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
