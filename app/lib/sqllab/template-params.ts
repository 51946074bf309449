/**
 * A tab's template parameters as the user types them: JSON text that must hold an object. The
 * same rule (and words) as the server's TemplateParamsSchema, so the editor refuses in place what
 * the server would refuse after a round trip. Empty text means no parameters.
 */
import { TemplateParamsSchema } from '~/lib/sqllab-api';

export type TemplateParamsCheck = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function checkTemplateParams(text: string): TemplateParamsCheck {
  const parsed = TemplateParamsSchema.safeParse(text);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'The template parameters must be a JSON object.' };
}

/** Pretty-printed for the editor's textarea; text that is not a JSON object is left as typed. */
export function formatTemplateParams(text: string): string {
  const check = checkTemplateParams(text);
  return check.ok && Object.keys(check.value).length ? JSON.stringify(check.value, null, 2) : text;
}
