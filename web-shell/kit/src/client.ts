/** The typed API client: every call by its stable operation id, with its path parameters, query and body
 * checked by TypeScript against the services' OpenAPI documents (api.gen.ts). */
import type { OperationBody, OperationId, OperationPathParams, OperationQuery, OperationResponse } from "./api.gen";
import type { OPERATIONS, OpsOperationRoutes } from "./api.gen";
import type { CallOptions } from "./envelope";
import { call, startRead } from "./envelope";
import { routeOf } from "./routes";

type Optional<T> = T extends Record<string, never> ? { [K in keyof T]?: never } : T;

export interface OperationArgs<Id extends OperationId> {
  path?: Optional<OperationPathParams[Id]>;
  query?: Optional<OperationQuery[Id]>;
  body?: OperationBody[Id];
  auth?: boolean;
  /** The token to send instead of the member's stored one (see CallOptions.token). */
  token?: string;
}

export function operationUrl<Id extends OperationId>(id: Id, args: OperationArgs<Id> = {}): string {
  let path: string = routeOf(id).path;
  for (const [name, value] of Object.entries((args.path ?? {}) as Record<string, string>)) {
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((args.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Call an operation; resolves to the envelope's value as the service declares it, rejects with an ApiError. */
export function api<Id extends OperationId>(id: Id, language: string, args: OperationArgs<Id> = {}): Promise<OperationResponse[Id]> {
  const options: CallOptions = { method: routeOf(id).method };
  if (args.body !== undefined) options.body = args.body;
  if (args.auth !== undefined) options.auth = args.auth;
  if (args.token !== undefined) options.token = args.token;
  return call<OperationResponse[Id]>(operationUrl(id, args), language, options);
}

/** The operations that only read (GET): the ones a page may start ahead with startApiRead. */
type Operations = typeof OPERATIONS & OpsOperationRoutes;
export type ReadOperationId = { [Id in OperationId]: Operations[Id]["method"] extends "GET" ? Id : never }[OperationId];

/** Start a read before the code that wants it has loaded; the api() call with the same arguments takes it. */
export function startApiRead<Id extends ReadOperationId>(id: Id, language: string, args: OperationArgs<Id> = {}): void {
  startRead(operationUrl(id, args), language, args.auth);
}
