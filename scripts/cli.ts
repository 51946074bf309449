/** What every admin script shares: one-line failures, never a stack trace, and a non-zero exit. */
import { ZodError } from 'zod';

export async function runScript(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(`${name}: ${describe(error)}`);
    process.exit(1);
  }
}

function describe(error: unknown): string {
  if (error instanceof ZodError) return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
  if (error instanceof Response) return `HTTP ${error.status}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** `--name value` and `--flag` pairs; anything else is a usage error. */
export function parseFlags(argv: string[], allowed: readonly string[], usage: string): Record<string, string | true> {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match || !allowed.includes(match[1])) throw new Error(`unknown argument "${arg}"\nusage: ${usage}`);
    if (match[2] !== undefined) flags[match[1]] = match[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags[match[1]] = argv[++i];
    else flags[match[1]] = true;
  }
  return flags;
}
