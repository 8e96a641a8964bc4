/** Where each operation goes: the member site's routes from the start, the ops plane's once the ops console registers
 * them (``registerOperations``), so the member site's bundle never carries the ops API's map. */
import type { OperationId, OpsOperationRoutes } from "./api.gen";
import { OPERATIONS } from "./api.gen";

export interface Route {
  readonly method: string;
  readonly path: string;
}

const routes: Record<string, Route> = { ...OPERATIONS };

/** Make more operations callable here (the ops console: ``OPS_OPERATIONS``). */
export function registerOperations(more: OpsOperationRoutes): void {
  Object.assign(routes, more);
}

export function routeOf(id: OperationId): Route {
  const found = routes[id];
  if (!found) throw new Error(`the operation ${id} is not registered in this application`);
  return found;
}
