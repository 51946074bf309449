/**
 * JSON from outside (request bodies, and the JSON texts inside them: template parameters,
 * `extra_json`, a database's `extra`, shared queries) parsed the one safe way. It trusts nothing
 * in the text and checks, before the engine's JSON.parse sees it:
 *
 * - nesting: at most MAX_JSON_DEPTH arrays and objects deep. JSON.parse itself copes with any
 *   depth, but what handles the value next (JSON.stringify, zod, templates, our own walkers)
 *   recurses and overflows the stack a few thousand levels down: a 500 for one request.
 * - NUL: no U+0000, raw or as `\u0000`. No text column of the metadata store can hold one
 *   (SQLite's driver cuts the statement there, PostgreSQL refuses it), so it would be a 500 later.
 *
 * Keys named `__proto__` or `constructor` are ordinary own keys: JSON.parse defines properties,
 * it never assigns through the prototype's setter. Code that copies keys into a fresh object
 * must do the same (Object.defineProperty, or a null-prototype object).
 *
 * Pure and isomorphic: the browser's form validation and the server share it.
 */

/** Deeper than any payload Superset's clients send (form data, layouts: about ten levels), far from any stack limit. */
export const MAX_JSON_DEPTH = 100;

/** Why a text was refused: not JSON at all, or JSON this parser will not hand on. */
export type JsonTextProblem = 'syntax' | 'depth' | 'nul';

/** For `syntax` the message is the engine's own description ("Unexpected end of JSON input"). */
export class JsonTextError extends Error {
  constructor(message: string, readonly problem: JsonTextProblem) {
    super(message);
    this.name = 'JsonTextError';
  }

  /** The problem as one sentence about `what` ("The template parameters", verb "are"), for a 400 or a field error. */
  about(what: string, verb: 'is' | 'are' = 'is'): string {
    return this.problem === 'syntax' ? `${what} ${verb} not valid JSON: ${this.message}.` : `${what}: ${this.message}`;
  }
}

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';
export const tooDeepMessage = (max: number) => `Nesting is deeper than ${max} levels.`;

/** Whether a text holds U+0000. */
export const hasNul = (text: string) => text.includes('\0');

/**
 * One pass over the text, outside strings counting brackets, inside strings looking for `\u0000`.
 * Malformed text is left for JSON.parse to describe; this only refuses what JSON.parse accepts.
 */
function checkJsonText(text: string, maxDepth: number): void {
  if (hasNul(text)) throw new JsonTextError(NUL_MESSAGE, 'nul');
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.slice(i + 2, i + 6) === '0000') throw new JsonTextError(NUL_MESSAGE, 'nul');
        i++; // whatever is escaped cannot end the string
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) throw new JsonTextError(tooDeepMessage(maxDepth), 'depth');
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
}

/**
 * Parses JSON text from outside. Throws JsonTextError saying why, fit for the client: not JSON
 * (the engine's own description), nested too deep, or holding a NUL.
 */
export function parseJsonText(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  checkJsonText(text, maxDepth);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JsonTextError(error instanceof Error ? error.message : String(error), 'syntax');
  }
}

/** Whether a parsed value is a JSON object: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON object kept as text in the store (extra, template params, …): {} when empty, unreadable or not an object. */
export function parseStoredObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = parseJsonText(text);
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}
