/**
 * CSS templates' inputs and the one list request the dashboard CSS editor makes, shared by the
 * API, the list page's forms and the editor. Superset's store lets a template go without a name;
 * its UI does not, and a nameless template could not be picked in the editor, so creating one
 * asks for a name (updating may leave it out). Texts are marshmallow's, as Superset answers them.
 */
import { z } from 'zod';
import { encodeRisonUri } from './rison';
import { MISSING } from './schema-fields';

export const TEMPLATE_NAME_MAX = 250;
/** As a dashboard's own css (app/server/dashboards/inputs.server.ts). */
export const TEMPLATE_CSS_MAX = 1_000_000;

const lengthMessage = `Length must be between 1 and ${TEMPLATE_NAME_MAX}.`;
const templateName = z
  .string({ error: (i) => (i.input === undefined ? MISSING : 'Not a valid string.') })
  .trim()
  .min(1, lengthMessage)
  .max(TEMPLATE_NAME_MAX, lengthMessage);
const css = z.string({ error: 'Not a valid string.' }).max(TEMPLATE_CSS_MAX, `Longer than maximum length ${TEMPLATE_CSS_MAX}.`).nullish();

export const CssTemplateCreateSchema = z.strictObject({ template_name: templateName, css });
export type CssTemplateCreate = z.output<typeof CssTemplateCreateSchema>;

export const CssTemplateUpdateSchema = z.strictObject({ template_name: templateName.optional(), css });
export type CssTemplateUpdate = z.output<typeof CssTemplateUpdateSchema>;

/** What the editor's select offers: a template's name and its CSS. */
export type CssTemplateOption = { id: number; template_name: string; css: string };

/** Every template the editor offers, by name (Superset's editor asks for all; 100 is plenty for a select). */
export const CSS_TEMPLATE_OPTIONS_URL = `/api/v1/css_template/?q=${encodeRisonUri({ page_size: 100, order_column: 'template_name', order_direction: 'asc' })}`;

/** The list answer's rows as options; rows without a name or with the wrong shape are left out. */
export function cssTemplateOptions(body: unknown): CssTemplateOption[] {
  const rows = body && typeof body === 'object' && Array.isArray((body as { result?: unknown }).result) ? (body as { result: unknown[] }).result : [];
  return rows.flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const { id, template_name: name, css: text } = row as Record<string, unknown>;
    if (typeof id !== 'number' || typeof name !== 'string' || name === '') return [];
    return [{ id, template_name: name, css: typeof text === 'string' ? text : '' }];
  });
}
