// The import rules `npm run lint` enforces (scripts/import-boundaries.mjs, check-import-cycles.mjs),
// checked on made-up imports so a rule that stops matching fails here, and on the real tree.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryViolation } from '../../scripts/import-boundaries.mjs';
import { findCycles, importGraph } from '../../scripts/check-import-cycles.mjs';

const at = (file: string) => path.resolve(__dirname, '../..', file);

describe('import boundaries', () => {
  it.each([
    ['app/ui/list-table.tsx', '~/server/db.server'],
    ['app/ui/list-table.tsx', '../routes/login'],
    ['app/ui/list-table.tsx', 'node:fs'],
    ['app/lib/field-errors.ts', 'sequelize'],
    ['app/lib/field-errors.ts', 'pg'],
    ['app/lib/field-errors.ts', '../server/env.server'],
    ['app/lib/field-errors.ts', '~/ui/list-table'],
    ['app/server/sqllab/tabs.server.ts', '~/routes/login'],
    ['app/server/sqllab/tabs.server.ts', '~/ui/list-table'],
    ['app/server/sqllab/tabs.server.ts', '@remix-run/node'],
    ['app/server/sqllab/tabs.server.ts', '../api/http-errors.server'],
    ['app/server/sqllab/tabs.server.ts', '~/server/api/endpoint.server'],
    ['app/routes/login.tsx', '../../db/index'],
    ['db/models/sqllab.ts', '../../app/server/env.server'],
    ['migrations/0007-x.ts', '../db/models/storage'],
    ['migrations/0007-x.ts', '../app/lib/field-errors'],
  ])('%s may not import %s', (file, source) => {
    expect(boundaryViolation(at(file), source)).toEqual(expect.any(String));
  });

  it.each([
    ['app/routes/login.tsx', '~/server/auth/login.server'],
    ['app/routes/login.tsx', '~/ui/error-page'],
    ['app/ui/list-table.tsx', '~/lib/field-errors'],
    ['app/ui/list-table.tsx', 'react'],
    ['app/lib/field-errors.ts', 'zod'],
    ['app/server/sqllab/tabs.server.ts', '../../../db/index'],
    ['app/server/api/endpoint.server.ts', '@remix-run/node'],
    ['app/server/auth/session.server.ts', '@remix-run/node'],
    ['db/migrator.ts', '../migrations/index'],
    ['migrations/index.ts', './0001-initial'],
  ])('%s may import %s', (file, source) => {
    expect(boundaryViolation(at(file), source)).toBeNull();
  });
});

describe('import cycles', () => {
  it('finds every set of modules that import each other, and self-imports', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e']], ['f', ['d']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds none in app/', () => {
    expect(findCycles(importGraph())).toEqual([]);
  });
});
