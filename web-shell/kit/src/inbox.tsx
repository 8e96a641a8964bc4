/** The member's messages in the web: their wording (TR/EN/CN, money with time and amount), the unread count,
 * and the live socket that keeps both, the balance and the money lists current without a reload. */
import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageKind, MessageRead } from "./api.gen";
import { api } from "./client";
import type { Language } from "./i18n";
import { translator, useLanguage } from "./i18n";
import { LiveSocket } from "./live";
import { formatDateTime } from "./format";
import { formatMoney } from "./money";
import { reasonText } from "./reasons";
import { useSession } from "./session";

const TITLES: Record<Language, Record<Exclude<MessageKind, "broadcast">, string>> = {
  TR: {
    "deposit.credited": "Para yatırma hesabınıza geçti",
    "deposit.failed": "Para yatırma başarısız",
    "withdrawal.approved": "Para çekme onaylandı",
    "withdrawal.rejected": "Para çekme reddedildi",
    "withdrawal.paid": "Para çekme ödendi",
    "bonus.released": "Bonusunuz nakde dönüştü",
    "points.converted": "Puanlarınız nakde çevrildi",
    "mission.completed": "Görev tamamlandı: ödülünüzü alın",
  },
  EN: {
    "deposit.credited": "Deposit arrived",
    "deposit.failed": "Deposit failed",
    "withdrawal.approved": "Withdrawal approved",
    "withdrawal.rejected": "Withdrawal rejected",
    "withdrawal.paid": "Withdrawal paid",
    "bonus.released": "Your bonus is now cash",
    "points.converted": "Your points were paid as cash",
    "mission.completed": "Mission complete: claim your reward",
  },
  CN: {
    "deposit.credited": "存款已到账",
    "deposit.failed": "存款失败",
    "withdrawal.approved": "提款已批准",
    "withdrawal.rejected": "提款被拒绝",
    "withdrawal.paid": "提款已支付",
    "bonus.released": "您的红利已转为现金",
    "points.converted": "您的积分已兑换为现金",
    "mission.completed": "任务完成：领取您的奖励",
  },
};
const words = translator({
  TR: { amountAt: "{amount} {currency} · {time}", reason: "Neden: {reason}" },
  EN: { amountAt: "{amount} {currency} · {time}", reason: "Reason: {reason}" },
  CN: { amountAt: "{amount} {currency} · {time}", reason: "原因：{reason}" },
});

/** Every list the live socket refreshes when money moves (the shell's balance, the member centre's lists). */
export const LIVE_REFRESHED = ["balance", "unread", "inbox", "deposits", "withdrawals", "records"] as const;

export interface Wording {
  title: string;
  body: string;
}

/** A message as the member reads it: a money notice in their language with its amount, time (the kit's formatter,
 * or ``locale``'s full form when given) and reason (a gateway's English reason translated); a broadcast as ops wrote
 * it (shown as text, never as HTML). */
export function messageWording(language: Language, message: MessageRead, locale?: string): Wording {
  if (message.kind === "broadcast") return { title: message.title, body: message.body };
  const time = locale ? new Date(message.occurredAt).toLocaleString(locale) : formatDateTime(language, message.occurredAt);
  const amount = formatMoney(message.amount ?? 0, "", language);
  const lines = [message.amount == null ? time : words(language, "amountAt", { amount, currency: message.currency ?? "", time })];
  if (message.reason) lines.push(words(language, "reason", { reason: reasonText(language, message.reason) }));
  return { title: TITLES[language][message.kind], body: lines.join("\n") };
}

export interface UnreadCounts {
  /** Every unread message. */
  count: number;
  /** Of them, those telling of a reward ready (a bonus released, points paid as cash): the reward centre's badge. */
  rewards: number;
  /** Missions whose reward is ready to claim: the mission activity's badge. */
  missions: number;
}

/** The unread counts of a signed-in member or agent (a trial account skips them, spec §6). */
export function useUnreadCounts(): UnreadCounts {
  const session = useSession();
  const { language } = useLanguage();
  const unread = useQuery({
    queryKey: ["unread", session.token],
    enabled: session.isLogin && !session.isTrial,
    queryFn: () => api("unreadCount", language),
  });
  return { count: unread.data?.count ?? 0, rewards: unread.data?.rewards ?? 0, missions: unread.data?.missions ?? 0 };
}

/** The unread count of a signed-in member or agent (a trial account skips it, spec §6). */
export function useUnreadCount(): number {
  return useUnreadCounts().count;
}

/** Keep this tab's socket open while a member or agent is signed in; ``onMessage`` hears each new message.
 * Whether the socket is open now. */
export function useLiveNotifications(onMessage: (message: MessageRead) => void): boolean {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const queries = useQueryClient();
  const heard = useRef(onMessage);
  useEffect(() => {
    heard.current = onMessage;
  }, [onMessage]);
  const { token, signOut } = session;
  const live = session.isLogin && !session.isTrial;
  useEffect(() => {
    if (!live || token === null) return;
    const refresh = (keys: readonly string[]) => keys.forEach((key) => void queries.invalidateQueries({ queryKey: [key] }));
    const socket = new LiveSocket(token, {
      onOpen: () => setOpen(true),
      onDrop: () => setOpen(false),
      onMessage: (message) => {
        heard.current(message);
        // The lists' reads start in a task of their own: begun in this handler, their fetches delayed the toast's
        // frame (by about 2.5 of 4 ms on two cores).
        setTimeout(() => refresh(LIVE_REFRESHED), 0);
      },
      onBalance: () => refresh(["balance"]),
      onSessionEnded: () => void signOut(),
    });
    return () => {
      socket.close();
      setOpen(false);
    };
  }, [live, token, queries, signOut]);
  return open;
}
