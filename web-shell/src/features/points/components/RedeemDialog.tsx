/** The redeem dialog: quantity, delivery address, mobile (the member's, prefilled) and the payment password, sent
 * sealed. One request id per opening of the dialog, kept across retries of the same redemption (a lost answer, a
 * double press, a mistyped password), so the item is never redeemed twice; another quantity is another redemption.
 * An item that costs money too says what the main balance pays, and is refused before sending when the main balance
 * cannot (the service checks again: ``wallet.insufficient_funds``, shown as it words it, and the balance read again). */
import type { FormEvent } from "react";
import { useId, useState } from "react";
import type { ItemRead, RedemptionRead } from "@portal/kit";
import { Dialog, errorCode, Field, formatNumber, OutcomeLine, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import { redeemReward } from "../api";
import type { RedemptionForm } from "../rules";
import { ADDRESS_MAX, formProblem, mainBalance, maxQuantity, prefilledMobile } from "../rules";
import { pointsText } from "../texts";
import { useRequestOnce } from "../useRequestOnce";
import { RedeemDone, RedeemItem, RedeemMoney } from "./RedeemParts";

export function RedeemDialog({ item, balance, onClose }: { item: ItemRead; balance: number | null; onClose: () => void }) {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const addressId = useId();
  const [form, setForm] = useState<RedemptionForm>(() => ({ quantity: "1", deliveryAddress: "", mobileNum: prefilledMobile(session.member), paymentPassword: "" }));
  const once = useRequestOnce("mall");
  const [done, setDone] = useState<RedemptionRead | null>(null);
  const send = useAction((request: { quantity: number; requestId: string }) =>
    redeemReward(language, {
      itemId: item.itemId,
      quantity: request.quantity,
      paymentPassword: form.paymentPassword,
      deliveryAddress: form.deliveryAddress.trim(),
      mobileNum: form.mobileNum.trim(),
      requestId: request.requestId,
    }),
    {
      onDone: async (answer) => {
        setDone(answer);
        setForm((current) => ({ ...current, paymentPassword: "" }));
        await Promise.all([queries.invalidateQueries({ queryKey: ["points"] }), item.money > 0 ? session.refreshBalance() : null]);
      },
      onFailed: (failure) => (errorCode(failure) === "wallet.insufficient_funds" ? session.refreshBalance() : undefined),
    },
  );
  const currency = session.balance?.currency ?? "";
  const money = mainBalance(session.balance);
  const max = maxQuantity(item, balance, money);
  const quantity = Number(form.quantity) || 0;

  const change = (field: keyof RedemptionForm) => (value: string) => {
    // A different quantity is a different redemption: it gets its own id (the service refuses a reused id with
    // other content). Address, mobile and password are the same redemption asked again.
    if (field === "quantity" && value !== form.quantity) once.renew();
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (once.busy() || done) return;
    const problem = formProblem(language, form, item, balance, money, currency);
    if (problem) return send.refuse(problem);
    once.send((requestId) => send.submit({ quantity: Number(form.quantity), requestId }));
  };

  const title = pointsText(language, "redeemTitle", { name: item.name });
  return (
    <Dialog title={title} onClose={onClose} closeLabel={pointsText(language, "close")}>
      {done ? (
        <RedeemDone language={language} done={done} onClose={onClose} />
      ) : (
        <form className="pm-form" onSubmit={submit} noValidate aria-label={title}>
          <RedeemItem language={language} item={item} currency={currency} />
          <Field
            label={pointsText(language, "quantity")}
            type="number"
            min={1}
            max={max}
            step={1}
            inputMode="numeric"
            value={form.quantity}
            onChange={change("quantity")}
            hint={pointsText(language, "total", { n: formatNumber(language, quantity * item.points) })}
            name="quantity"
          />
          <RedeemMoney language={language} item={item} quantity={quantity} currency={currency} />
          <div className="kit-field">
            <label htmlFor={addressId}>{pointsText(language, "deliveryAddress")}</label>
            <textarea
              id={addressId}
              className="textarea"
              rows={3}
              maxLength={ADDRESS_MAX}
              value={form.deliveryAddress}
              onChange={(event) => change("deliveryAddress")(event.target.value)}
              autoComplete="street-address"
              name="deliveryAddress"
            />
          </div>
          <Field label={pointsText(language, "mobile")} type="tel" inputMode="tel" value={form.mobileNum} onChange={change("mobileNum")} autoComplete="tel" name="mobileNum" />
          <Field
            label={pointsText(language, "paymentPassword")}
            type="password"
            value={form.paymentPassword}
            onChange={change("paymentPassword")}
            autoComplete="off"
            name="paymentPassword"
          />
          <OutcomeLine outcome={send.outcome} />
          <div className="dialog-actions">
            <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
              {pointsText(language, "cancel")}
            </button>
            <button type="submit" className="kit-button" disabled={send.pending} aria-busy={send.pending}>
              {pointsText(language, "redeem")}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
