/**
 * The filters and tests a sandboxed template may use, and the `env` object compiled nunjucks
 * code talks to. Built-in filters are borrowed from nunjucks only when their output is bounded by
 * their input and they never read attributes of their own accord (so no `indent`, `center`,
 * `groupby`, `selectattr`…); `join`, `replace` and `sum` are our own, size-checked before they
 * build anything. Every filter refuses function arguments and counts against the render's clock.
 */
import nunjucks from 'nunjucks';
import { boundedJoin, boundedReplace, forbidden, TemplateProblem, type Limits } from './template-values.server';

export type Fn = (...args: unknown[]) => unknown;

/** What the filters need from the render's guard. */
export interface FilterGuard {
  readonly limits: Limits;
  tick(): void;
  value<T>(v: T): T;
}

const BORROWED_FILTERS = [
  'abs', 'capitalize', 'default', 'd', 'first', 'last', 'float', 'int', 'length', 'list', 'lower', 'upper', 'reverse',
  'round', 'sort', 'string', 'title', 'trim', 'truncate', 'urlencode', 'escape', 'e', 'safe', 'select', 'reject', 'dictsort',
  'wordcount',
];

/** Tests only answer booleans; listed so a name like `constructor` never reaches the lender's plain-object table. */
const TESTS = new Set([
  'callable', 'defined', 'divisibleby', 'escaped', 'equalto', 'eq', 'sameas', 'even', 'falsy', 'ge', 'greaterthan', 'gt', 'le',
  'lessthan', 'lt', 'lower', 'ne', 'null', 'number', 'odd', 'string', 'truthy', 'undefined', 'upper', 'iterable', 'mapping',
]);

// No loaders: the lender is only asked for filters and tests (getTest is missing from @types/nunjucks).
const lender = new nunjucks.Environment([], { autoescape: false }) as nunjucks.Environment & { getTest(name: string): Fn };

/** Filters that must see an undefined input; the rest pass it on, so it is reported as a missing parameter. */
const UNDEFINED_AWARE = new Set(['default', 'd']);

export class SandboxEnv {
  readonly opts = { autoescape: false, throwOnUndefined: false, dev: false };
  private readonly filters = new Map<string, Fn>();

  constructor(
    private readonly guard: FilterGuard,
    extra: Record<string, Fn>,
  ) {
    const limits = guard.limits;
    const own: Record<string, Fn> = {
      join: (items, sep) => boundedJoin(items, sep ?? '', limits),
      replace: (s, old, replacement, count) => boundedReplace(s, old, replacement, count, limits),
      sum: (items) => (Array.isArray(items) ? items.reduce((acc: number, x) => acc + Number(x), 0) : 0),
      ...extra,
    };
    for (const name of BORROWED_FILTERS) this.filters.set(name, this.wrap(name, lender.getFilter(name) as Fn));
    for (const [name, fn] of Object.entries(own)) this.filters.set(name, this.wrap(name, fn));
  }

  private wrap(name: string, fn: Fn): Fn {
    const guard = this.guard;
    // A function, not an arrow: nunjucks calls filters with the template context as `this`.
    return function filter(this: unknown, ...args: unknown[]) {
      guard.tick();
      if (args.some((a) => typeof a === 'function')) throw forbidden(`The ${name} filter takes values, not functions.`);
      if (args[0] === undefined && !UNDEFINED_AWARE.has(name)) return undefined;
      return guard.value(fn.apply(this, args));
    };
  }

  getFilter(name: string): Fn {
    const filter = this.filters.get(name);
    if (!filter) throw new TemplateProblem('runtime', `There is no filter named "${name}" in SQL templates.`);
    return filter;
  }

  getTest(name: string): Fn {
    if (!TESTS.has(name)) throw new TemplateProblem('runtime', `There is no test named "${name}" in SQL templates.`);
    return lender.getTest(name);
  }

  getTemplate(): never {
    throw forbidden('Templates cannot load other templates here.');
  }
}
