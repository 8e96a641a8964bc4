/** The points forms' guard against doing a thing twice (a redemption, a conversion): one request id per opening of
 * the form, kept across retries of the same request (a lost answer, a mistyped password), so the service answers a
 * retry with the first outcome instead of a second one; a new id for other content (another quantity, other
 * points) or the next request after one is done; and a second press before the first answer sends nothing. */
import { useRef, useState } from "react";
import { newRequestId } from "./rules";

export interface RequestOnce {
  requestId: string;
  /** Another request from now on: a new id. */
  renew: () => void;
  /** Whether a send is on its way (checked in an event handler, before anything else). */
  busy: () => boolean;
  /** Send with the current id; nothing while an earlier send has not ended. */
  send: (run: (requestId: string) => Promise<unknown>) => void;
}

export function useRequestOnce(prefix: string): RequestOnce {
  const [requestId, setRequestId] = useState(() => newRequestId(prefix));
  const inFlight = useRef(false); // a second press before the first re-render sends nothing
  return {
    requestId,
    renew: () => setRequestId(newRequestId(prefix)),
    busy: () => inFlight.current,
    send: (run) => {
      if (inFlight.current) return;
      inFlight.current = true;
      void run(requestId).finally(() => {
        inFlight.current = false;
      });
    },
  };
}
