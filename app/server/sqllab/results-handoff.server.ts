/**
 * Results handed from a run to an execute request waiting for it in the same process (the
 * in-process queue, or a pg-boss worker in the web process), so a quick async query is answered
 * without reading back and decoding what the run just stored. Only a shortcut: the waiter asks
 * first, takes what was offered or else reads the results backend, as a waiter in another process
 * always does. Nothing is kept for a query nobody waits for, and a waiter that gives up drops its entry.
 */
import type { StoredResults } from './results-backend.server';

declare global {
  // Waiting execute requests by query id: null until the run offers its results.
  var __sightlineResultsHandoff: Map<number, StoredResults | null> | undefined;
}

function waiting(): Map<number, StoredResults | null> {
  globalThis.__sightlineResultsHandoff ??= new Map();
  return globalThis.__sightlineResultsHandoff;
}

/** Announces a waiter for the query's results; `take` answers them if its run offered them here, and ends the wait. */
export function awaitResultsHere(queryId: number): { take(): StoredResults | null } {
  waiting().set(queryId, null);
  return {
    take() {
      const results = waiting().get(queryId) ?? null;
      waiting().delete(queryId);
      return results;
    },
  };
}

/** A run's results, kept only when a request in this process waits for them. */
export function offerResults(queryId: number, results: StoredResults): void {
  if (waiting().has(queryId)) waiting().set(queryId, results);
}
