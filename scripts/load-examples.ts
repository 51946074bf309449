/**
 * npm run load-examples -- [--url URL] [--scale N]
 * (Re)creates the example warehouse tables at URL (default sqlite:///var/examples.sqlite, relative
 * to the working directory), printing progress and a summary of rows per table.
 */
import { z } from 'zod';
import { loadExamples, redactUrl } from '../app/server/examples/load.server';
import { parseFlags, runScript } from './cli';

const USAGE = 'tsx scripts/load-examples.ts [--url URL] [--scale N]';

const Args = z.object({
  url: z.string({ error: '--url needs a value' }).min(1, '--url needs a value').default('sqlite:///var/examples.sqlite'),
  scale: z
    .string({ error: '--scale needs a value' })
    .regex(/^[1-9][0-9]*$/, '--scale must be a positive integer')
    .transform(Number)
    .default(1),
});

await runScript('load-examples', async () => {
  const parsed = Args.safeParse(parseFlags(process.argv.slice(2), ['url', 'scale'], USAGE));
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('; ')}\nusage: ${USAGE}`);
  const { url, scale } = parsed.data;
  const started = Date.now();
  console.log(`Loading examples into ${redactUrl(url)} at scale ${scale}`);
  const result = await loadExamples({ url, scale, onProgress: (msg) => console.log(`  ${msg}`) });
  const width = Math.max(...result.tables.map((t) => t.name.length));
  console.log(`Loaded ${result.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  for (const t of result.tables) console.log(`  ${t.name.padEnd(width)}  ${t.rows.toLocaleString('en-US').padStart(9)} rows`);
});
