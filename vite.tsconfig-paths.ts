import path from 'node:path';
import type { Plugin } from 'vite';

// Resolves the `~/` alias of tsconfig.json without another dependency.
export default function tsconfigPaths(): Plugin {
  const appDir = path.resolve(import.meta.dirname ?? process.cwd(), 'app');
  return {
    name: 'sightline-tsconfig-paths',
    config: () => ({ resolve: { alias: [{ find: /^~\//, replacement: `${appDir}/` }] } }),
  };
}
