import { useEffect, useRef, useState } from "react";
import type { Action, CodeSentRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { text } from "../../../shared/texts";

interface Props {
  /** The send, as the form's action: its refusal shows where the form shows its outcome. */
  send: Action<void, CodeSentRead>;
  ready: boolean;
  /** Seconds of countdown per minute the code lives (spec §4: 60 s × expiredMinutes; forgot password: seconds). */
  secondsPerMinute?: number;
}

/** Sends an SMS code, then stays disabled for the countdown. */
export function SmsCodeButton({ send, ready, secondsPerMinute = 60 }: Props) {
  const { language } = useLanguage();
  const [left, setLeft] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(timer.current), []);

  const start = async () => {
    const sent = await send.submit(undefined);
    if (!sent) return;
    setLeft(Math.max(1, sent.expiredMinutes) * secondsPerMinute);
    window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      setLeft((value) => {
        if (value <= 1) window.clearInterval(timer.current);
        return Math.max(0, value - 1);
      });
    }, 1000);
  };

  return (
    <button type="button" className="kit-button kit-button--ghost" disabled={!ready || left > 0} onClick={() => void start()}>
      {left > 0 ? text(language, "resendIn", { s: left }) : text(language, "sendCode")}
    </button>
  );
}
