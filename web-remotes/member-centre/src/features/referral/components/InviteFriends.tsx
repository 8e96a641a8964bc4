/** Invite friends (referral): the member's invite code and link with a copy button, the brand's rule, the totals and
 * the invitations with each friend's progress and the reward's state. */
import { useState } from "react";
import type { ReferralInfoRead } from "@portal/kit";
import { formatDate, formatMoney, formatNumber, LoadFailure, useLanguage } from "@portal/kit";
import { absoluteLink, useReferral } from "../api";
import type { ReferralTextKey } from "../texts";
import { rt } from "../texts";
import "../referral.css";

export function RuleText({ info }: { info: ReferralInfoRead }) {
  const { language } = useLanguage();
  const { rule } = info;
  if (!rule.enabled) return <p data-testid="referral-rule">{rt(language, "ruleOff")}</p>;
  return (
    <p data-testid="referral-rule">
      {rt(language, "ruleText", { deposit: formatMoney(rule.minDeposit, "", language), bet: formatMoney(rule.minValidBet, "", language), reward: formatMoney(rule.reward, "", language) })}
    </p>
  );
}

export function Invitations({ info }: { info: ReferralInfoRead }) {
  const { language } = useLanguage();
  if (info.invitations.length === 0) return <p>{rt(language, "none")}</p>;
  const label = (key: ReferralTextKey) => rt(language, key);
  return (
    <table className="mc-table mc-stack-table" data-testid="referral-invitations">
      <thead>
        <tr>
          <th>{label("invitee")}</th>
          <th>{label("registeredAt")}</th>
          <th className="num">{label("deposited")}</th>
          <th className="num">{label("validBet")}</th>
          <th>{label("qualified")}</th>
          <th className="num">{label("reward")}</th>
          <th>{label("status")}</th>
        </tr>
      </thead>
      <tbody>
        {info.invitations.map((row) => (
          <tr key={row.invitationId} data-testid="referral-invitation">
            <td data-label={label("invitee")}>{row.invitee}</td>
            <td data-label={label("registeredAt")}>{formatDate(language, row.registeredAt)}</td>
            <td className="num" data-label={label("deposited")}>{formatMoney(row.deposited, "", language)}</td>
            <td className="num" data-label={label("validBet")}>{formatMoney(row.validBet, "", language)}</td>
            <td data-label={label("qualified")} data-testid="referral-qualified">{label(row.qualified ? "yes" : "no")}</td>
            <td className="num" data-label={label("reward")}>{row.reward ? formatMoney(row.reward, "", language) : "–"}</td>
            <td data-label={label("status")}>
              <span className="mc-status" data-testid="referral-status">{label(row.status as ReferralTextKey)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InviteFriends() {
  const { language } = useLanguage();
  const referral = useReferral();
  const [copied, setCopied] = useState<boolean | null>(null);
  const info = referral.data;
  const link = info ? absoluteLink(info.link, window.location.origin) : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="mc-panel" aria-labelledby="mc-referral-title">
      <h2 id="mc-referral-title">{rt(language, "title")}</h2>
      <LoadFailure error={referral.error} />
      {info && (
        <>
          <div className="mc-invite">
            <span>{rt(language, "yourCode")}</span>
            <span className="mc-invite__code" data-testid="referral-code">{info.code}</span>
            <label htmlFor="mc-invite-link">{rt(language, "yourLink")}</label>
            <div className="mc-invite__link">
              <input id="mc-invite-link" readOnly value={link} data-testid="referral-link" onFocus={(event) => event.target.select()} />
              <button type="button" className="kit-button" data-testid="referral-copy" onClick={() => void copy()}>
                {rt(language, "copy")}
              </button>
            </div>
            {copied !== null && (
              <p role="status" className={copied ? "kit-ok" : undefined}>
                {rt(language, copied ? "copied" : "copyFailed")}
              </p>
            )}
          </div>
          <dl className="mc-invite__totals" data-testid="referral-totals">
            <div><dt>{rt(language, "invited")}</dt><dd>{formatNumber(language, info.totals.invited)}</dd></div>
            <div><dt>{rt(language, "qualifiedCount")}</dt><dd>{formatNumber(language, info.totals.qualified)}</dd></div>
            <div><dt>{rt(language, "rewarded")}</dt><dd>{formatMoney(info.totals.rewarded, "", language)}</dd></div>
            <div><dt>{rt(language, "pendingReward")}</dt><dd>{formatMoney(info.totals.pending, "", language)}</dd></div>
          </dl>
          <div className="mc-reward-section">
            <h3>{rt(language, "rules")}</h3>
            <RuleText info={info} />
          </div>
          <div className="mc-reward-section">
            <h3>{rt(language, "invitations")}</h3>
            <Invitations info={info} />
          </div>
        </>
      )}
    </section>
  );
}
