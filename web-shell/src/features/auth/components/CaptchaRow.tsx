/** The captcha of a form: its answer, the image and the button that asks a new one. A refresh the server refused
 * (429 ``TOO_MANY_REQUESTS`` when asked too often, or the network down) says so here, in the server's words (its
 * message is in the request's language), and the image already shown stays until a new one comes. */
import type { CaptchaRead } from "@portal/kit";
import { Field, LoadFailure, useLanguage } from "@portal/kit";
import { text } from "../../../shared/texts";

export interface CaptchaRowProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's own rule for the answer (required). */
  error?: string | undefined;
  /** The image shown: the last one that came (none before the first). */
  captcha: CaptchaRead | null;
  onRefresh: () => void;
  refreshing?: boolean;
  /** Why the last ask for an image failed; null once one came. */
  failure: unknown;
}

export function CaptchaRow({ label, value, onChange, error, captcha, onRefresh, refreshing = false, failure }: CaptchaRowProps) {
  const { language } = useLanguage();
  return (
    <div className="captcha-row">
      <Field label={label} value={value} onChange={onChange} error={error} autoComplete="off" name="captcha" />
      {captcha && <img src={captcha.image} alt={text(language, "captcha")} width={120} height={40} />}
      <button type="button" className="kit-button kit-button--ghost" onClick={onRefresh} disabled={refreshing}>
        {text(language, "refreshCaptcha")}
      </button>
      {failure != null && (
        <div className="captcha-row__failure" data-testid="captcha-failure">
          <LoadFailure error={failure} />
        </div>
      )}
    </div>
  );
}
