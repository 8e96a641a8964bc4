/** Encrypted (E) calls and the bot check, done in the browser with WebCrypto (ARCHITECTURE §3); the sealing and the
 * proof of work (sealing.ts) load with their own chunk at the first such call: no first page makes one. */
import type { OperationResponse, OperationSealedPayload } from "./api.gen";
import type { OperationArgs } from "./client";
import { api, operationUrl } from "./client";
import type { CallOptions } from "./envelope";
import { call } from "./envelope";
import { routeOf } from "./routes";

/** An (E) call by its operation id: fetch the current key, seal the payload (the model the service declares,
 * plus any fields the client family sends beside it), send it. */
export async function apiSealed<Id extends keyof OperationSealedPayload>(
  id: Id,
  language: string,
  payload: OperationSealedPayload[Id] & Record<string, unknown>,
  args: Pick<OperationArgs<Id>, "path" | "auth"> = {},
): Promise<OperationResponse[Id]> {
  const key = await api("rsaKey", language, { auth: false });
  const url = operationUrl(id, args);
  const method = routeOf(id).method;
  const { seal } = await import("./sealing");
  const sealed = await seal(key.publicKey, key.keyId, payload, `${method} ${url.split("?")[0] ?? url}`);
  const options: CallOptions = { method, body: sealed.body, headers: sealed.headers };
  if (args.auth !== undefined) options.auth = args.auth;
  return call<OperationResponse[Id]>(url, language, options);
}

/** The bot-check fields of a register, SMS or login call, solved in the browser. */
export async function botCheck(language: string): Promise<{ botCheckId: string; botCheckNonce: string }> {
  const challenge = await api("botCheckChallenge", language, {
    auth: false,
  });
  const { solveProofOfWork } = await import("./sealing");
  return { botCheckId: challenge.challengeId, botCheckNonce: await solveProofOfWork(challenge.prefix, challenge.difficulty) };
}
