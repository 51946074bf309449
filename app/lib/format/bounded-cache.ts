/**
 * A small least-recently-used map for memoised formatters. Superset keeps every formatter it ever
 * built; format strings here come from form data, so on the server an unbounded map would grow
 * with whatever strings requests send. A few hundred entries cover every chart on a page.
 */
export function createBoundedCache<V>(limit = 500) {
  const entries = new Map<string, V>();
  return {
    get(key: string, create: () => V): V {
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Re-insert so the oldest entry is the least recently used one.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = create();
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
