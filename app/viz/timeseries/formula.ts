/**
 * A formula annotation's `y = f(x)`, evaluated without `eval`: a small recursive-descent parser
 * for numbers, `x`, + - * / % ^ (right-associative), unary signs, parentheses, implicit products
 * ('2x', '3(x + 1)') and a few functions and constants, compiled once to a closure. As Superset's
 * evalExpression, text up to an '=' is ignored ('y = 2 * x' is '2 * x'). Anything else is an error
 * (FormulaError), never code run.
 */

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Node = (x: number) => number;

const FUNCTIONS: Record<string, (v: number) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  sqrt: Math.sqrt,
  abs: Math.abs,
  exp: Math.exp,
  ln: Math.log,
  log: Math.log10,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

type Token = { kind: 'num'; value: number } | { kind: 'id'; value: string } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i += 1;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(text.slice(i));
      if (!m) throw new FormulaError(`Unexpected '${c}' in the formula`);
      tokens.push({ kind: 'num', value: Number(m[0]) });
      i += m[0].length;
    } else if (/[a-z_]/i.test(c)) {
      const m = /^[a-z_][a-z0-9_]*/i.exec(text.slice(i))!;
      tokens.push({ kind: 'id', value: m[0].toLowerCase() });
      i += m[0].length;
    } else if ('+-*/%^()'.includes(c)) {
      tokens.push({ kind: 'op', value: c });
      i += 1;
    } else {
      throw new FormulaError(`Unexpected '${c}' in the formula`);
    }
  }
  return tokens;
}

/** Compiles a formula to a function of x; throws FormulaError on text it does not understand. */
export function compileFormula(expression: string): (x: number) => number {
  const parts = String(expression).split('=');
  const body = parts[1] ?? parts[0];
  const tokens = tokenize(body);
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (t: Token | undefined, v: string) => t?.kind === 'op' && t.value === v;

  // sum := product (('+' | '-') product)*
  const sum = (): Node => {
    let left = product();
    while (isOp(peek(), '+') || isOp(peek(), '-')) {
      const op = (tokens[pos++] as { value: string }).value;
      const l = left;
      const r = product();
      left = op === '+' ? (x) => l(x) + r(x) : (x) => l(x) - r(x);
    }
    return left;
  };
  // product := unary (('*' | '/' | '%') unary | implicit unary)*
  const product = (): Node => {
    let left = unary();
    for (;;) {
      const t = peek();
      if (isOp(t, '*') || isOp(t, '/') || isOp(t, '%')) {
        pos += 1;
        const l = left;
        const r = unary();
        const op = (t as { value: string }).value;
        left = op === '*' ? (x) => l(x) * r(x) : op === '/' ? (x) => l(x) / r(x) : (x) => l(x) % r(x);
      } else if (t && (t.kind === 'id' || t.kind === 'num' || isOp(t, '('))) {
        // '2x', '2(x+1)', 'x(x-1)': an implicit product, as the formula editor accepts them.
        const l = left;
        const r = power();
        left = (x) => l(x) * r(x);
      } else {
        return left;
      }
    }
  };
  // unary := ('+' | '-') unary | power
  const unary = (): Node => {
    if (isOp(peek(), '-')) {
      pos += 1;
      const inner = unary();
      return (x) => -inner(x);
    }
    if (isOp(peek(), '+')) {
      pos += 1;
      return unary();
    }
    return power();
  };
  // power := atom ('^' unary)?   (right-associative: 2^3^2 = 2^9)
  const power = (): Node => {
    const base = atom();
    if (isOp(peek(), '^')) {
      pos += 1;
      const exponent = unary();
      return (x) => base(x) ** exponent(x);
    }
    return base;
  };
  const atom = (): Node => {
    const t = tokens[pos++];
    if (!t) throw new FormulaError('The formula ends too early');
    if (t.kind === 'num') {
      const v = t.value;
      return () => v;
    }
    if (isOp(t, '(')) {
      const inner = sum();
      if (!isOp(tokens[pos++], ')')) throw new FormulaError("A ')' is missing in the formula");
      return inner;
    }
    if (t.kind === 'id') {
      if (t.value === 'x') return (x) => x;
      if (Object.hasOwn(CONSTANTS, t.value)) {
        const v = CONSTANTS[t.value];
        return () => v;
      }
      if (Object.hasOwn(FUNCTIONS, t.value)) {
        const fn = FUNCTIONS[t.value];
        if (!isOp(peek(), '(')) throw new FormulaError(`'${t.value}' needs parentheses`);
        const arg = atom();
        return (x) => fn(arg(x));
      }
      throw new FormulaError(`Unknown name '${t.value}' in the formula`);
    }
    throw new FormulaError(`Unexpected '${t.value}' in the formula`);
  };

  if (tokens.length === 0) throw new FormulaError('The formula is empty');
  const root = sum();
  if (pos < tokens.length) throw new FormulaError(`Unexpected '${String(tokens[pos].value)}' in the formula`);
  return root;
}

/** Evaluates once (Superset's evalExpression). */
export function evalFormula(expression: string, x: number): number {
  return compileFormula(expression)(x);
}

/** Whether the text is a formula this evaluator accepts (the annotation editor's validation). */
export function isValidFormula(expression: string): boolean {
  try {
    compileFormula(expression)(0);
    return true;
  } catch {
    return false;
  }
}
