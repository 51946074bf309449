/**
 * A sandbox for Jinja-style templates written by users (SQL Lab queries, virtual datasets), on
 * nunjucks. Nunjucks itself is no sandbox: its compiled templates look up any property (so
 * `''.constructor.constructor('return process')()` runs code) and can read files through
 * `{% include %}`. So the template is checked and compiled by template-compile.server.ts and run
 * against our own runtime: attribute lookups follow template-values.server.ts, only functions we
 * handed out (the caller's macros, methods, macros the template defines) can be called, and every
 * lookup, call, loop iteration and output counts against a time limit and a size limit.
 * Trusted: the variables and filters the caller passes.
 */
import { asProblem, compileTemplate, internals, type FrameClass, type FrameLike } from './template-compile.server';
import { SandboxEnv, type Fn } from './template-filters.server';
import { forbidden, isPlainObject, isText, lookupMember, overLimit, textOf, TemplateProblem, type Limits } from './template-values.server';

export { TemplateProblem, type Limits } from './template-values.server';

export const DEFAULT_LIMITS: Limits = { timeMs: 1_000, maxChars: 10 * 1024 * 1024, maxItems: 100_000 };

/** Per-render state: the clock, the functions the template may call, and undefined names that reached the output. */
class Guard {
  private ticks = 0;
  private readonly deadline: number;
  private readonly approved = new WeakSet<object>();
  /** Names looked up and not found since the last output statement, most recent last. */
  private pending: string[] = [];
  readonly missing = new Set<string>();

  constructor(readonly limits: Limits) {
    this.deadline = Date.now() + limits.timeMs;
  }

  tick(): void {
    if ((++this.ticks & 63) === 0 && Date.now() > this.deadline) {
      throw overLimit(`The template took longer than ${this.limits.timeMs} ms to render.`);
    }
  }

  approve<T>(fn: T): T {
    if (typeof fn === 'function') this.approved.add(fn);
    return fn;
  }

  value<T>(v: T): T {
    if (isText(v) && String(v).length > this.limits.maxChars) throw overLimit(`The template built a text longer than ${this.limits.maxChars} characters.`);
    if (Array.isArray(v) && v.length > this.limits.maxItems) throw overLimit(`The template built a list longer than ${this.limits.maxItems} items.`);
    return v;
  }

  /** An undefined value reached the output or an operator: the most recent missing names are to blame. */
  blame(count: number): void {
    for (const name of this.pending.splice(Math.max(0, this.pending.length - count))) this.missing.add(name);
  }

  lookup(context: SandboxContext, frame: FrameLike, name: string): unknown {
    this.tick();
    if (Object.hasOwn(KEYWORDS, name)) return KEYWORDS[name];
    const local = frame.lookup(name);
    if (local !== undefined) return local;
    if (Object.hasOwn(context.ctx, name)) return context.ctx[name];
    if (name === 'range') return this.range;
    this.pending.push(name);
    return undefined;
  }

  call(fn: unknown, name: string, context: unknown, args: unknown[]): unknown {
    this.tick();
    if (fn === undefined || fn === null) throw new TemplateProblem('runtime', `"${name}" is undefined, so it cannot be called.`);
    if (typeof fn !== 'function' || !this.approved.has(fn)) throw forbidden(`"${name}" cannot be called in SQL templates.`);
    if (args.some((a) => typeof a === 'function' && !this.approved.has(a))) throw forbidden(`"${name}" was given something that cannot be passed.`);
    return this.value((fn as Fn).apply(context, args));
  }

  output(v: unknown): string {
    this.tick();
    if (v === undefined) this.blame(1);
    this.pending = [];
    return textOf(v, this.limits);
  }

  checkOutput(buffer: string): void {
    this.tick();
    if (buffer.length > this.limits.maxChars) throw overLimit(`The rendered query is longer than ${this.limits.maxChars} characters.`);
  }

  /** `~`: text concatenation, length checked before building. */
  concat(a: unknown, b: unknown): string {
    this.blame(Number(a === undefined) + Number(b === undefined));
    const [x, y] = [textOf(a, this.limits), textOf(b, this.limits)];
    if (x.length + y.length > this.limits.maxChars) throw overLimit(`The template would build a text longer than ${this.limits.maxChars} characters.`);
    return x + y;
  }

  /** `+`: numbers add, lists join, anything else concatenates as text. */
  plus(a: unknown, b: unknown): unknown {
    if (typeof a === 'number' && typeof b === 'number') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return this.value([...a, ...b]);
    return this.concat(a, b);
  }

  iterate(v: unknown): unknown {
    this.tick();
    return this.value(v);
  }

  /** Jinja's `range`, capped like its sandbox's MAX_RANGE. */
  readonly range = this.approve((...args: unknown[]): number[] => {
    const nums = args.filter((a) => typeof a === 'number');
    const [start, stop, step] = nums.length === 1 ? [0, nums[0], 1] : [nums[0] ?? 0, nums[1] ?? 0, nums[2] ?? 1];
    if (!step || ![start, stop, step].every(Number.isFinite)) throw new TemplateProblem('runtime', 'range() needs finite numbers and a step other than 0.');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    if (count > this.limits.maxItems) throw overLimit(`range() is limited to ${this.limits.maxItems} items in SQL templates.`);
    return Array.from({ length: count }, (_, i) => start + i * step);
  });
}

/** Python's spelling of the constants, which Jinja accepts and nunjucks does not. */
const KEYWORDS: Record<string, unknown> = { None: null, True: true, False: false };

class SandboxContext {
  readonly ctx: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  constructor(readonly env: SandboxEnv) {}
  setVariable(name: string, value: unknown): void {
    this.ctx[name] = value;
  }
  addExport(): void {}
  getVariables(): Record<string, unknown> {
    return this.ctx;
  }
}

function sandboxRuntime(guard: Guard): Record<string, unknown> {
  const base = internals.runtime;
  const bind = (fn: Fn) => guard.approve(fn);
  // Loops set `loop.index` and friends on every iteration: the one hook even an empty loop body hits.
  class Frame extends base.Frame {
    set(name: string, value: unknown, resolveUp?: boolean): void {
      guard.tick();
      super.set(name, value, resolveUp);
    }
    push(isolateWrites?: boolean): FrameLike {
      return new Frame(this, isolateWrites);
    }
  }
  return {
    ...base,
    Frame,
    makeMacro: (argNames: string[], kwargNames: string[], fn: Fn) => guard.approve(base.makeMacro(argNames, kwargNames, fn)),
    contextOrFrameLookup: (context: SandboxContext, frame: FrameLike, name: string) => guard.lookup(context, frame, name),
    memberLookup: (obj: unknown, key: unknown) => {
      guard.tick();
      return guard.value(lookupMember(obj, key, guard.limits, bind));
    },
    callWrap: (fn: unknown, name: string, context: unknown, args: unknown[]) => guard.call(fn, name, context, args),
    suppressValue: (v: unknown) => guard.output(v),
    fromIterator: (v: unknown) => guard.iterate(v),
    inOperator: (key: unknown, container: unknown) => {
      if (Array.isArray(container)) return container.includes(key);
      if (isText(container)) return String(container).includes(textOf(key, guard.limits));
      if (isPlainObject(container)) return Object.hasOwn(container, String(key));
      throw new TemplateProblem('runtime', 'The right side of "in" must be a list, a text or a dict.');
    },
    checkOutput: (buffer: string) => guard.checkOutput(buffer),
    concat: (a: unknown, b: unknown) => guard.concat(a, b),
    plus: (a: unknown, b: unknown) => guard.plus(a, b),
    // Compiled code reports errors with 0-based positions.
    handleError: (error: unknown, lineno: number, colno: number) => asProblem(error, 'runtime', lineno + 1, colno + 1),
  };
}

export type SandboxResult = { output: string; undefinedNames: string[] };

/**
 * Renders `source` with `variables` (functions among them become callable) and `filters`.
 * Throws TemplateProblem; undefined names that reached the output are returned, not thrown, so
 * the caller words the error.
 */
export function renderSandboxed(
  source: string,
  variables: Record<string, unknown>,
  opts: { filters?: Record<string, Fn>; limits?: Partial<Limits> } = {},
): SandboxResult {
  const root = compileTemplate(source);
  const guard = new Guard({ ...DEFAULT_LIMITS, ...opts.limits });
  const env = new SandboxEnv(guard, opts.filters ?? {});
  const context = new SandboxContext(env);
  for (const [name, value] of Object.entries(variables)) context.setVariable(name, guard.approve(value));
  const runtime = sandboxRuntime(guard);
  const frame = new (runtime.Frame as FrameClass)();
  frame.topLevel = true;
  let failure: unknown = null;
  let output = '';
  root(env, context, frame, runtime, (err, res) => {
    if (err) failure = err;
    else output = res ?? '';
  });
  if (failure) throw asProblem(failure, 'runtime');
  return { output, undefinedNames: [...guard.missing] };
}
