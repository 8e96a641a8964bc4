/** One form action as a TanStack mutation over the generated client: the call's refusal becomes the text to
 * show (the server's message, already in the request's language), a rule the form checks itself refuses with
 * its own text, and a success may say so. Every form of the shell and the remotes uses this one helper. */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { errorCode, errorText } from "./errors";
import { useLanguage } from "./i18n";
import { Alert } from "./ui";

export interface Outcome {
  ok: boolean;
  text: string;
}

export interface Action<Input, Output> {
  /** Run the call; resolves to its answer, or undefined when it was refused (the refusal is in ``outcome``). */
  submit: (input: Input) => Promise<Output | undefined>;
  /** Refuse before calling, with the form's own text (a field rule). */
  refuse: (text: string) => void;
  outcome: Outcome | null;
  /** The refusal's stable code, for a form that reacts to one (a captcha to show, a ticket to verify). */
  code: string | null;
  failure: unknown;
  /** Whether the last call succeeded, and its answer. */
  done: boolean;
  latest: Output | undefined;
  pending: boolean;
  reset: () => void;
}

export function useAction<Input, Output>(
  run: (input: Input) => Promise<Output>,
  options: {
    onDone?: (output: Output, input: Input) => unknown;
    /** Called with the refusal (for a form that reacts to its code), after it is shown. */
    onFailed?: (failure: unknown, input: Input) => unknown;
    doneText?: string;
  } = {},
): Action<Input, Output> {
  const { language } = useLanguage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    ...(options.onDone ? { onSuccess: options.onDone } : {}),
    ...(options.onFailed ? { onError: options.onFailed } : {}),
  });
  let outcome: Outcome | null = null;
  if (refusal) outcome = { ok: false, text: refusal };
  else if (mutation.isError) outcome = { ok: false, text: errorText(mutation.error, language) };
  else if (mutation.isSuccess && options.doneText) outcome = { ok: true, text: options.doneText };
  return {
    submit: async (input) => {
      setRefusal(null);
      try {
        return await mutation.mutateAsync(input);
      } catch {
        return undefined;
      }
    },
    refuse: (text) => {
      mutation.reset();
      setRefusal(text);
    },
    outcome,
    code: mutation.isError ? errorCode(mutation.error) : null,
    failure: mutation.error,
    done: mutation.isSuccess,
    latest: mutation.data,
    pending: mutation.isPending,
    reset: () => {
      mutation.reset();
      setRefusal(null);
    },
  };
}

/** How a form ended: a quiet confirmation, or the refusal as an alert. */
export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className="kit-ok" role="status">
      {outcome.text}
    </p>
  ) : (
    <Alert>{outcome.text}</Alert>
  );
}

/** A read that failed (a query's error), as the alert every page shows for it; nothing when there is none. */
export function LoadFailure({ error }: { error: unknown }) {
  const { language } = useLanguage();
  return error ? <Alert>{errorText(error, language)}</Alert> : null;
}
