/**
 * Loads ace (core, SQL mode, language tools) only when the editor mounts: about 150 KB gzip that
 * no other page, and not this page's first paint, should pay for.
 */
export type AceModule = typeof import('ace-builds');

let loading: Promise<AceModule> | null = null;

export function loadAce(): Promise<AceModule> {
  loading ??= (async () => {
    const mod = await import('ace-builds');
    const ace = (mod as AceModule & { default?: AceModule }).default ?? mod;
    await import('ace-builds/src-noconflict/mode-sql');
    await import('ace-builds/src-noconflict/ext-language_tools');
    await import('ace-builds/src-noconflict/theme-tomorrow_night');
    return ace;
  })();
  return loading;
}
