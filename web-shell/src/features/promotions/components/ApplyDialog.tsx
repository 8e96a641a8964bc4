/** Apply to an activity promotion: a remark (at most 140 characters) and up to three png or jpg images under 5 MB,
 * checked here first and again by the server; one request id for the dialog, so a repeated press is one application. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { PromotionRead } from "@portal/kit";
import { Dialog, OutcomeLine, imagesProblem, readAsDataUrl, useAction, useLanguage } from "@portal/kit";
import { applyForPromotion } from "../api";
import { promoText } from "../texts";

const REMARK_MAX = 140;

export function ApplyDialog({ promotion, onClose }: { promotion: PromotionRead; onClose: () => void }) {
  const { language } = useLanguage();
  const [remark, setRemark] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [requestId] = useState(() => crypto.randomUUID());
  const send = useAction(async () => {
    const images = await Promise.all(files.map(readAsDataUrl));
    return applyForPromotion(language, { promotionId: promotion.promotionId, remark: remark.trim(), images, requestId });
  }, { doneText: promoText(language, "sent") });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!remark.trim()) return send.refuse(promoText(language, "remarkNeeded"));
    const problem = imagesProblem(files);
    if (problem) return send.refuse(promoText(language, problem));
    void send.submit(undefined);
  };
  return (
    <Dialog title={promoText(language, "applyTitle", { name: promotion.name })} onClose={onClose} closeLabel={promoText(language, "close")}>
      <form className="promo-apply" onSubmit={submit} noValidate data-testid="promotion-apply">
        <label className="kit-field">
          <span>{promoText(language, "remark")}</span>
          <textarea value={remark} maxLength={REMARK_MAX} rows={3} onChange={(event) => setRemark(event.target.value)} />
          <span className="kit-field__hint">{promoText(language, "remarkHint", { left: REMARK_MAX - remark.length })}</span>
        </label>
        <label className="kit-field">
          <span>{promoText(language, "images")}</span>
          <input type="file" accept="image/png,image/jpeg" multiple onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
          <span className="kit-field__hint">{promoText(language, "imagesHint")}</span>
        </label>
        <OutcomeLine outcome={send.outcome} />
        <div className="dialog-actions">
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {promoText(language, "close")}
          </button>
          <button type="submit" className="kit-button" disabled={send.pending || send.done} aria-busy={send.pending}>
            {promoText(language, "send")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
