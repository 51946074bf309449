/**
 * Parsing and compiling a user's template for the sandbox (template-sandbox.server.ts). The tree
 * is checked before anything is compiled: tags that read other templates (files), the async forms
 * and regex literals (the one thing that can hang without returning to the runtime) are refused,
 * as are dict keys and attribute names that lead to prototypes. The compiler is nunjucks' own with
 * three changes: every output statement reports to the runtime (so loops of plain text are
 * counted), `+` and `~` go through the runtime (size-checked, undefined operands noticed), and
 * positions are recorded before lookups and outputs so errors point at the right place.
 */
import nunjucks from 'nunjucks';
import type { Fn } from './template-filters.server';
import { forbidden, isUnsafeName, TemplateProblem } from './template-values.server';

/* Nunjucks internals we build on; @types/nunjucks does not describe them. */
interface AstNode {
  typename: string;
  lineno: number;
  colno: number;
  fields: readonly string[];
  [field: string]: unknown;
}
interface CompilerBase {
  buffer: string | null;
  compile(node: unknown, frame?: unknown): void;
  getCode(): string;
  compileOutput(node: AstNode, frame: unknown): void;
  compileLookupVal(node: AstNode, frame: unknown): void;
  _emit(code: string): void;
  _emitLine(code: string): void;
}
export interface FrameLike {
  topLevel: boolean;
  lookup(name: string): unknown;
  set(name: string, value: unknown, resolveUp?: boolean): void;
}
export type FrameClass = new (parent?: FrameLike, isolateWrites?: boolean) => FrameLike;
interface Internals {
  parser: { parse(src: string): AstNode };
  compiler: { Compiler: new (name: string, throwOnUndefined: boolean) => CompilerBase };
  runtime: Record<string, unknown> & { Frame: FrameClass; makeMacro(argNames: string[], kwargNames: string[], fn: Fn): Fn };
}
export const internals = nunjucks as unknown as Internals;
export type RootFn = (env: unknown, context: unknown, frame: FrameLike, runtime: unknown, cb: (err: unknown, res?: string) => void) => void;

class GuardedCompiler extends internals.compiler.Compiler {
  compileOutput(node: AstNode, frame: unknown): void {
    super.compileOutput(node, frame);
    this._emitLine(`lineno = ${node.lineno}; colno = ${node.colno}; runtime.checkOutput(${this.buffer});`);
  }
  compileLookupVal(node: AstNode, frame: unknown): void {
    this._emit(`(lineno = ${node.lineno}, colno = ${node.colno}, `);
    super.compileLookupVal(node, frame);
    this._emit(')');
  }
  compileAdd(node: AstNode, frame: unknown): void {
    this.binary('plus', node, frame);
  }
  compileConcat(node: AstNode, frame: unknown): void {
    this.binary('concat', node, frame);
  }
  private binary(fn: string, node: AstNode, frame: unknown): void {
    this._emit(`runtime.${fn}(`);
    this.compile(node.left, frame);
    this._emit(', ');
    this.compile(node.right, frame);
    this._emit(')');
  }
}

/** Tags that read other templates (files), and the async forms we never compile. */
const FORBIDDEN_NODES: Record<string, string> = {
  Extends: '{% extends %}', Include: '{% include %}', Import: '{% import %}', FromImport: '{% from … import %}',
  Block: '{% block %}', Super: 'super()', CallExtension: 'extension tags', CallExtensionAsync: 'extension tags',
  AsyncEach: '{% asyncEach %}', AsyncAll: '{% asyncAll %}', FilterAsync: 'async filters', IfAsync: '{% ifAsync %}',
};

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && 'typename' in value && 'fields' in value;

function at<E extends TemplateProblem>(problem: E, node: AstNode): E {
  problem.line = node.lineno + 1;
  problem.column = node.colno + 1;
  return problem;
}

function checkTree(node: AstNode): void {
  const tag = FORBIDDEN_NODES[node.typename];
  if (tag) throw at(forbidden(`${tag} is not available in SQL templates.`), node);
  if (node.typename === 'Literal' && node.value instanceof RegExp) throw at(forbidden('Regular expression literals are not allowed in SQL templates.'), node);
  const key = node.typename === 'Pair' ? node.key : node.typename === 'LookupVal' ? node.val : null;
  if (isNode(key) && (key.typename === 'Literal' || key.typename === 'Symbol') && isUnsafeName(String(key.value))) {
    throw at(forbidden(`Access to "${String(key.value)}" is not allowed in SQL templates.`), key);
  }
  for (const field of node.fields) {
    const child = node[field];
    if (Array.isArray(child)) child.forEach((c) => isNode(c) && checkTree(c));
    else if (isNode(child)) checkTree(child);
  }
}

export function compileTemplate(source: string): RootFn {
  let ast: AstNode;
  try {
    ast = internals.parser.parse(source);
  } catch (error) {
    throw asProblem(error, 'syntax');
  }
  checkTree(ast);
  // No transformer pass: it only rewrites async filters, blocks and super(), all refused above.
  const compiler = new GuardedCompiler('query', false);
  try {
    compiler.compile(ast);
  } catch (error) {
    throw asProblem(error, 'syntax');
  }
  // The code is nunjucks' compilation of the checked tree, run against our runtime below.
  const props = new Function(compiler.getCode())() as { root: RootFn };
  return props.root;
}

/** A nunjucks TemplateError (1-based positions) or anything thrown while rendering, as a TemplateProblem. */
export function asProblem(error: unknown, kind: TemplateProblem['kind'], line?: number, column?: number): TemplateProblem {
  if (error instanceof TemplateProblem) {
    if (error.line === null && line !== undefined) [error.line, error.column] = [line, column ?? null];
    return error;
  }
  const e = error as { message?: unknown; lineno?: unknown; colno?: unknown; cause?: unknown };
  if (e?.cause instanceof TemplateProblem) return asProblem(e.cause, kind, line, column);
  const tooDeep = error instanceof RangeError && /call stack/i.test(error.message);
  const problem = new TemplateProblem(tooDeep ? 'limit' : kind, tooDeep ? 'The template recursed too deeply.' : String(e?.message ?? error));
  problem.line = typeof e?.lineno === 'number' ? e.lineno : (line ?? null);
  problem.column = typeof e?.colno === 'number' ? e.colno : (column ?? null);
  return problem;
}
