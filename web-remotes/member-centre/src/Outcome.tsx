import { Alert } from "@portal/kit";

export interface Message {
  ok: boolean;
  text: string;
}

/** How a form ended: a quiet confirmation, or the refusal as an alert. */
export function Outcome({ message }: { message: Message | null }) {
  if (!message) return null;
  return message.ok ? (
    <p className="mc-ok" role="status">
      {message.text}
    </p>
  ) : (
    <Alert>{message.text}</Alert>
  );
}
