// Fails (exit 1) when a module of app/ imports itself through others: `npm run lint` runs it after
// ESLint. Cycles make module initialisation order depend on who imports first (a `const` read
// before it is set), and they are how layers start to leak into each other. Only imports that run
// count: `import type` and `export type` are erased, and `import()` loads later, so neither makes
// a cycle of initialisation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolveImport } from './import-boundaries.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${entry}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(rel);
  }
  return out;
}

// `import x from '…'`, `import {a, type B} from '…'`, `import '…'`, `export {a} from '…'`, `export * from '…'`;
// not `import type …` / `export type …`.
const STATEMENT = /(?:^|[;\n])\s*(import|export)\s+(?!type\s)(?:[\w$*{}\s,]*?\s*from\s*)?['"]([^'"\n]+)['"]/g;

function importsOf(file, known) {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const out = new Set();
  for (const match of text.matchAll(STATEMENT)) {
    const target = resolveImport(path.join(ROOT, file), match[2]);
    if (target === null) continue;
    const found = EXTENSIONS.map((ext) => target + ext).find((candidate) => known.has(candidate));
    if (found) out.add(found);
  }
  return [...out];
}

/** Strongly connected components with more than one module, or a module importing itself (Tarjan). */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

export function importGraph() {
  const files = sourceFiles('app');
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, known)]));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = findCycles(importGraph());
  if (cycles.length === 0) {
    console.log('import cycles: none in app/');
  } else {
    console.error(`import cycles in app/ (${cycles.length}); each line is one set of modules that import each other:`);
    for (const cycle of cycles) console.error(`  - ${cycle.join(' <-> ')}`);
    process.exit(1);
  }
}
