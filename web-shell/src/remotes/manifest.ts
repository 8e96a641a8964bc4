/** The remotes manifest, read at run time (``/remotes.json``), so a remote's address changes without
 * rebuilding the shell: ``{"memberCentre": {"entry": "/remotes/member-centre/remoteEntry.js"}}``. */
export interface RemoteEntry {
  entry: string;
}

export type RemotesManifest = Record<string, RemoteEntry>;

export const REMOTE_TIMEOUT_MS = 120_000; // spec §9: chunk load time-out

let cached: Promise<RemotesManifest> | null = null;

export function loadManifest(): Promise<RemotesManifest> {
  cached ??= fetch("/remotes.json", { cache: "no-cache" })
    .then((response) => (response.ok ? (response.json() as Promise<RemotesManifest>) : {}))
    .catch(() => ({}));
  return cached;
}

/** Reject when ``work`` takes longer than ``ms``. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("chunk load timed out")), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
