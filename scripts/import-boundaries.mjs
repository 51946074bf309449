// The import boundaries of shared/conventions.md, as data and as an ESLint rule (eslint.config.js
// loads it as the local plugin `sightline/boundaries`). Every import of a module of ours is
// resolved to its layer (by path, `~/` meaning app/), and a layer may import only the layers
// listed for it; app/lib and app/ui may not import Node built-ins, the ORM or a driver either,
// since the browser runs them. `import type` counts too: a type from the server in app/ui is the
// first step towards its code.
import path from 'node:path';
import { builtinModules } from 'node:module';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Which layer a repository path (relative, forward slashes) belongs to; null for files outside the rules. */
export function layerOf(relativePath) {
  const p = relativePath.replace(/\\/g, '/');
  if (p.startsWith('app/routes/')) return 'routes';
  if (p.startsWith('app/ui/')) return 'ui';
  if (p.startsWith('app/lib/')) return 'lib';
  if (p.startsWith('app/viz/')) return 'viz';
  if (p.startsWith('app/server/')) return 'server';
  if (/^app\/(root|entry\.client|entry\.server)\.tsx?$/.test(p)) return 'app-root';
  if (p.startsWith('db/')) return 'db';
  if (p.startsWith('migrations/')) return 'migrations';
  return null;
}

/** Layer → the layers it may import (its own included). */
export const ALLOWED = {
  routes: ['routes', 'ui', 'lib', 'viz', 'server'],
  'app-root': ['app-root', 'ui', 'lib', 'server'],
  ui: ['ui', 'lib', 'viz'],
  viz: ['viz', 'lib'],
  lib: ['lib'],
  server: ['server', 'lib', 'viz', 'db'],
  db: ['db', 'migrations'],
  migrations: ['migrations'],
};

/** Packages the browser half must never import: Node's own, the ORM, the drivers, the queue, the cache. */
const SERVER_PACKAGES = new Set([
  ...builtinModules, 'sequelize', 'umzug', 'pg', 'pg-boss', 'pg-copy-streams', 'pg-query-stream', 'pg-hstore', 'mysql2', 'sqlite3',
  'redis', 'express', 'compression', 'jose', 'nunjucks', '@remix-run/node', '@remix-run/express',
]);
/** The server folders that speak HTTP: the one adapter, and auth (sessions and cookies are HTTP by nature). */
const HTTP_FOLDERS = ['app/server/api/', 'app/server/auth/'];
const BROWSER_LAYERS = new Set(['ui', 'lib', 'viz']);

function packageName(source) {
  if (source.startsWith('node:')) return source.slice(5).split('/')[0];
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The repository path an import points at, or null for a package. */
export function resolveImport(fromFile, source) {
  if (source.startsWith('~/')) return path.posix.join('app', source.slice(2));
  if (source.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(fromFile), source)).replace(/\\/g, '/');
  return null;
}

/** Why `source`, imported from `fromFile` (absolute), breaks a boundary; null when it does not. */
export function boundaryViolation(fromFile, source) {
  const from = layerOf(path.relative(ROOT, fromFile));
  if (!from) return null;
  const label = from === 'db' || from === 'migrations' ? `${from}/` : from === 'app-root' ? 'app/root' : `app/${from}`;
  const target = resolveImport(fromFile, source);
  const fromPath = path.relative(ROOT, fromFile).replace(/\\/g, '/');
  const speaksHttp = source.startsWith('@remix-run/') || (target !== null && target.startsWith('app/server/api/'));
  // Tests may look at the answer a domain error becomes.
  const isTest = /\.test\.tsx?$/.test(fromPath);
  if (from === 'server' && !isTest && !HTTP_FOLDERS.some((folder) => fromPath.startsWith(folder)) && speaksHttp) {
    return `${fromPath} is a domain module: it returns data and throws domain errors (domain-errors.server.ts); HTTP ("${source}") belongs to app/server/api, app/server/auth or a route.`;
  }
  if (target === null) {
    if (BROWSER_LAYERS.has(from) && SERVER_PACKAGES.has(packageName(source))) {
      return `${label} runs in the browser too: it may not import "${source}" (Node, the ORM, a driver or the HTTP server).`;
    }
    return null;
  }
  if (target.includes('.server') && from !== 'server' && from !== 'routes' && from !== 'app-root') {
    return `${label} may not import a .server module ("${source}").`;
  }
  const to = layerOf(target);
  if (!to) return from === 'migrations' || from === 'db' ? `${label} imports nothing of ours outside itself ("${source}").` : null;
  if (ALLOWED[from].includes(to)) return null;
  return `${label} may import only ${ALLOWED[from].join(', ')}; "${source}" is in ${to}.`;
}

export const boundariesPlugin = {
  rules: {
    boundaries: {
      meta: { type: 'problem', docs: { description: 'Import only the layers shared/conventions.md allows.' }, schema: [] },
      create(context) {
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return;
          const problem = boundaryViolation(context.filename, node.source.value);
          if (problem) context.report({ node: node.source, message: problem });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => {
            if (node.source.type === 'Literal') check(node);
          },
        };
      },
    },
  },
};
