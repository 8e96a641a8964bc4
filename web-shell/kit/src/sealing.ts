/** The sealing of (E) calls (AES-256-GCM under an RSA-OAEP key) and the bot check's proof of work, with WebCrypto:
 * loaded by crypto.ts at the first call that needs them. */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function pemBody(pem: string): ArrayBuffer {
  const text = pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes.buffer;
}

function randomNonce(): string {
  return base64(crypto.getRandomValues(new Uint8Array(18))).replace(/[^A-Za-z0-9]/g, "x");
}

export interface Sealed {
  body: { value: string };
  headers: Record<string, string>;
}

/** The body and headers of an (E) call: AES-256-GCM over the payload plus ts and nonce, bound to the call's
 * method and path (``"POST /wps/session/login"``, the additional authenticated data), the key sealed with
 * RSA-OAEP-SHA256 under the portal's current public key. */
export async function seal(
  publicKeyPem: string,
  keyId: string,
  payload: Record<string, unknown>,
  boundTo: string,
): Promise<Sealed> {
  const rsa = await crypto.subtle.importKey("spki", pemBody(publicKeyPem), { name: "RSA-OAEP", hash: "SHA-256" }, false, [
    "encrypt",
  ]);
  const aesKey = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify({ ...payload, ts: Date.now(), nonce: randomNonce() }));
  const additionalData = new TextEncoder().encode(boundTo);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce, additionalData }, aesKey, plaintext));
  const rawKey = new Uint8Array(await crypto.subtle.exportKey("raw", aesKey));
  const sealedKey = new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, rsa, rawKey));
  const joined = new Uint8Array(nonce.length + cipher.length);
  joined.set(nonce);
  joined.set(cipher, nonce.length);
  return { body: { value: base64(joined) }, headers: { Encryption: base64(sealedKey), "Encryption-Key-Id": keyId } };
}

export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The proof of work: the first counter whose SHA-256(prefix + counter) starts with ``difficulty`` zero bits. */
export async function solveProofOfWork(prefix: string, difficulty: number, batch = 512): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += batch) {
    const digests = await Promise.all(
      Array.from({ length: batch }, (_, i) => crypto.subtle.digest("SHA-256", encoder.encode(prefix + String(start + i)))),
    );
    const found = digests.findIndex((digest) => leadingZeroBits(new Uint8Array(digest)) >= difficulty);
    if (found >= 0) return String(start + found);
  }
}
