/** A queue row's decision, as every queue of the console takes it: buttons for the actions the page lets the
 * operator's roles see (approve, pay, …), where "reject" opens an inline form that asks for a reason (an empty or
 * blank one is refused before any call; the reason is sent trimmed) unless the decision takes none. The page keeps
 * its call, its columns and which actions its roles see; the outcome is the action's, shown with OutcomeLine. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { Action } from "@portal/kit";
import { Field, useAction, useLanguage } from "@portal/kit";
import { named, t } from "./texts";

/** What a decision sends: the row, the action, and a rejection's reason. */
export interface Verdict<A extends string> {
  id: string;
  action: A | "reject";
  reason?: string;
}

/** The action a page decides with, and which row is being rejected with what reason. */
export interface Decision<A extends string, Output> extends Action<Verdict<A>, Output> {
  rejecting: string | null;
  reason: string;
  setReason: (reason: string) => void;
  /** A button pressed: "reject" opens the reason form (when the decision takes a reason), any other action is sent. */
  press: (id: string, action: A | "reject") => void;
  /** Close the reason form without sending. */
  cancel: () => void;
  /** Send the rejection of the row being rejected, refusing a blank reason before calling. */
  sendReject: (event: FormEvent) => void;
}

export function useDecision<A extends string, Output>(
  run: (input: Verdict<A>) => Promise<Output>,
  options: {
    /** After a decision the wallet accepted (the reason form is already closed and cleared): invalidate the list. */
    onDone: (output: Output, input: Verdict<A>) => unknown;
    doneText?: string;
    /** Whether a rejection asks for a reason (true unless said otherwise). */
    reasoned?: boolean;
  },
): Decision<A, Output> {
  const { language } = useLanguage();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const action = useAction(run, {
    ...(options.doneText === undefined ? {} : { doneText: options.doneText }),
    onDone: (output, input) => {
      setRejecting(null);
      setReason("");
      return options.onDone(output, input);
    },
  });
  const reasoned = options.reasoned ?? true;
  return {
    ...action,
    rejecting,
    reason,
    setReason,
    press: (id, verdict) => {
      if (verdict === "reject" && reasoned) {
        action.reset();
        setReason("");
        setRejecting(id);
      } else {
        void action.submit({ id, action: verdict });
      }
    },
    cancel: () => setRejecting(null),
    sendReject: (event) => {
      event.preventDefault();
      if (rejecting === null) return;
      const text = reason.trim();
      if (!text) return action.refuse(t(language, "required"));
      void action.submit({ id: rejecting, action: "reject", reason: text });
    },
  };
}

/** The part of a decision its parts draw with (any answer type). */
type Controls<A extends string> = Pick<Decision<A, unknown>, "pending" | "rejecting" | "reason" | "setReason" | "press" | "cancel" | "sendReject">;

/** The inline reason form of the row being rejected, with its submit and cancel buttons. */
export function RejectForm<A extends string>({ decision, disabled = false, maxLength = 500 }: { decision: Controls<A>; disabled?: boolean | undefined; maxLength?: number | undefined }) {
  const { language } = useLanguage();
  return (
    <form className="oc-row" onSubmit={decision.sendReject}>
      <Field label={t(language, "rejectReason")} value={decision.reason} onChange={decision.setReason} maxLength={maxLength} autoFocus />
      <button type="submit" className="kit-button" disabled={decision.pending || disabled}>
        {t(language, "confirmReject")}
      </button>
      <button type="button" className="kit-button kit-button--ghost" onClick={decision.cancel}>
        {t(language, "cancel")}
      </button>
    </form>
  );
}

interface ButtonsProps<A extends string> {
  decision: Controls<A>;
  id: string;
  /** The actions this row offers the operator's roles, in their order. */
  actions: readonly (A | "reject")[];
  /** Besides a decision pending (rows that are not to be acted on, as a page's stale rows). */
  disabled?: boolean | undefined;
  /** The row is the operator's own: its rejection reads "withdraw". */
  own?: boolean | undefined;
  /** Before a button's own effect (a page clearing another form's outcome). */
  onPress?: ((action: A | "reject") => void) | undefined;
  /** More buttons of the row, after the decision's. */
  children?: ReactNode;
}

/** A row's decision buttons: "reject" a ghost one, the others plain. */
export function DecisionButtons<A extends string>({ decision, id, actions, disabled = false, own = false, onPress, children }: ButtonsProps<A>) {
  const { language } = useLanguage();
  return (
    <div className="oc-row">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === "reject" ? "kit-button kit-button--ghost" : "kit-button"}
          disabled={decision.pending || disabled}
          onClick={() => {
            onPress?.(action);
            decision.press(id, action);
          }}
        >
          {action === "reject" && own ? t(language, "withdraw") : named(language, action)}
        </button>
      ))}
      {children}
    </div>
  );
}

/** A row's decision cell: the reason form while this row is being rejected, else its buttons (nothing when the
 * page offers the row no actions: ``actions`` null). */
export function DecisionCell<A extends string>({ actions, maxLength, ...props }: Omit<ButtonsProps<A>, "actions"> & { actions: ButtonsProps<A>["actions"] | null; maxLength?: number | undefined }) {
  if (props.decision.rejecting === props.id) return <RejectForm decision={props.decision} disabled={props.disabled} maxLength={maxLength} />;
  return actions === null ? null : <DecisionButtons {...props} actions={actions} />;
}
