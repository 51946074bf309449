/** Whether SQL Lab keeps tab state on the server (SQLLAB_BACKEND_PERSISTENCE, on by default). */
import { NotFoundError } from '../domain-errors.server';
import { env } from '../env.server';

export const backendPersistence = () => env().SQLLAB_BACKEND_PERSISTENCE === 'true';

/** Tab state lives on the server only with backend persistence; otherwise its views do not exist (Superset does not register them). */
export function requireBackendPersistence(): void {
  if (!backendPersistence()) {
    throw new NotFoundError('SQL Lab keeps tab state in the browser here: backend persistence is off (SQLLAB_BACKEND_PERSISTENCE=false).');
  }
}
