/**
 * The dashboard page's plain forms besides the star: properties, publish and delete, so a
 * dashboard's owner can change them without JavaScript (app/ui/dashboards/properties/edit-without-js.tsx
 * posts them). Trusts nothing in the form: each field is parsed with zod, the changes go through
 * the same DashboardUpdateSchema and domain functions as `PUT`/`DELETE /api/v1/dashboard/{id}`,
 * which check the user's rights. Every answer is where to go next with the spec's message as a
 * toast (the route redirects there with the toast in the flash cookie): a refusal or a field error goes back to the page, nothing saved; a dashboard
 * out of the user's sight stays the 404 page.
 */
import { z } from 'zod';
import { withColorScheme } from '~/lib/dashboard/json-metadata';
import { addFieldError, fieldErrorsOf, type FieldErrors } from '~/lib/field-errors';
import { dangerToast, successToast, type Toast } from '~/lib/toasts';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { ForbiddenError, InputError, InvalidInputError } from '../domain-errors.server';
import { getVisibleDashboard, requireDashboardEditor, VIEW } from './access.server';
import { DashboardUpdateSchema, type DashboardRef, type DashboardUpdateInput } from './inputs.server';
import { deleteDashboard, updateDashboard } from './mutations.server';
import { dashboardTitle, dashboardUrl } from './show.server';

export const PAGE_FORM_INTENTS = ['properties', 'publish', 'delete'] as const;

/** Section 6's words for a save or publish by someone who may not edit. */
export const NO_EDIT_PERMISSION = 'You do not have permissions to edit this dashboard.';
export const SAVED = 'This dashboard was saved successfully.';
export const PUBLISHED = 'This dashboard is now published';
export const HIDDEN = 'This dashboard is now hidden';
export const DELETE_UNCONFIRMED = 'Tick "Yes, delete this dashboard" to delete it.';
export const DASHBOARD_LIST_PATH = '/dashboard/list/';

export const saveError = (messages: string) => `Sorry, there was an error saving this dashboard: ${messages}`;

/** The form's field names as its labels say them, for the error toast. */
const FIELD_LABELS: Record<string, string> = {
  dashboard_title: 'Title',
  slug: 'URL slug',
  owners: 'Owners',
  roles: 'Roles',
  certified_by: 'Certified by',
  certification_details: 'Certification details',
  json_metadata: 'JSON metadata',
  css: 'CSS',
};

/** "URL slug: Must be unique; JSON metadata (refresh_frequency): Not a valid integer." */
export function describeFormErrors(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([path, messages]) => {
      const [head, ...rest] = path.split('.');
      const label = Object.hasOwn(FIELD_LABELS, head) ? FIELD_LABELS[head] : head;
      const where = rest.length ? `${label} (${rest.join('.')})` : label;
      return path === '_schema' ? messages.join(' ') : `${where}: ${messages.join(' ')}`;
    })
    .join('; ');
}

const text = (max: number) => z.string().max(max, `Longer than maximum length ${max}.`).default('');

/** Ids picked in a multiple select, and ids typed in a text field ("3, 7 12"). */
const idList = (what: string) =>
  z.object({ picked: z.array(z.string()), typed: z.string().max(10_000).default('') }).transform((v, ctx): number[] => {
    const words = [...v.picked, ...v.typed.split(/[\s,]+/)].map((w) => w.trim()).filter(Boolean);
    const bad = words.filter((w) => !/^\d{1,10}$/.test(w) || Number(w) < 1);
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `Not ${what} id: ${bad.slice(0, 5).join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(words.map(Number))];
  });

/** The properties form as posted (edit-without-js.tsx names these fields). */
const PropertiesFormSchema = z.object({
  dashboard_title: text(500),
  slug: text(1000),
  owners: idList('a user'),
  roles: idList('a role'),
  certified_by: text(1000),
  certification_details: text(1_000_000),
  color_scheme: text(200),
  /** The scheme the form showed: a changed select wins over the metadata text, an unchanged one leaves the text's. */
  color_scheme_was: text(200),
  json_metadata: text(10_000_000),
  css: text(1_000_000),
});

const PublishFormSchema = z.object({ published: z.enum(['true', 'false'], { error: 'Say whether to publish: true or false.' }) });

function fieldsOf(form: FormData) {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const all = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
  return {
    dashboard_title: one('dashboard_title'),
    slug: one('slug'),
    owners: { picked: all('owners'), typed: one('owners_add') },
    roles: { picked: all('roles'), typed: one('roles_add') },
    certified_by: one('certified_by'),
    certification_details: one('certification_details'),
    color_scheme: one('color_scheme'),
    color_scheme_was: one('color_scheme_was'),
    json_metadata: one('json_metadata'),
    css: one('css'),
  };
}

/** The update the form asks for, or its field errors. */
export function propertiesUpdateOf(form: FormData): { ok: true; input: DashboardUpdateInput } | { ok: false; errors: FieldErrors } {
  const posted = PropertiesFormSchema.safeParse(fieldsOf(form));
  if (!posted.success) return { ok: false, errors: fieldErrorsOf(posted.error) };
  const f = posted.data;
  // No metadata is an empty object: the API's JSON check refuses empty text.
  let metadata = f.json_metadata.trim() === '' ? '{}' : f.json_metadata;
  if (f.color_scheme !== f.color_scheme_was) {
    const rewritten = withColorScheme(metadata, f.color_scheme);
    if (rewritten === null) {
      const errors: FieldErrors = {};
      addFieldError(errors, 'json_metadata', 'JSON not valid');
      return { ok: false, errors };
    }
    metadata = rewritten;
  }
  const parsed = DashboardUpdateSchema.safeParse({
    dashboard_title: f.dashboard_title,
    slug: f.slug,
    owners: f.owners,
    roles: f.roles,
    certified_by: f.certified_by,
    certification_details: f.certification_details,
    json_metadata: metadata,
    css: f.css,
  });
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}

/** Where the page goes after a form, and the toasts it shows there: the route turns it into its redirect. */
export type FormOutcome = { location: string; toasts: Toast[] };

const outcome = (location: string, toasts: Toast[]): FormOutcome => ({ location, toasts });

/** The dashboard, when the user may change it; a dashboard out of sight is the 404 (thrown). */
async function editableDashboard(user: CurrentUser, ref: DashboardRef) {
  const dashboard = await getVisibleDashboard(user, ref);
  requirePermission(user, 'can_write', VIEW);
  requireDashboardEditor(user, dashboard);
  return dashboard;
}

/** The dashboard's address after a save (the slug may have changed), keeping the page's own parameters and edit mode. */
function editAddress(saved: { id: number; slug: string | null }, location: string): string {
  const params = new URL(location, 'http://localhost').searchParams;
  params.set('edit', 'true');
  return `${dashboardUrl(saved)}?${params.toString()}`;
}

export async function dashboardFormAction(
  user: CurrentUser,
  ref: DashboardRef,
  form: FormData,
  location: string,
): Promise<FormOutcome> {
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'properties') {
      await editableDashboard(user, ref);
      const update = propertiesUpdateOf(form);
      if (!update.ok) return outcome(location, [dangerToast(saveError(describeFormErrors(update.errors)))]);
      const saved = await updateDashboard(user, ref, update.input);
      return outcome(editAddress({ id: saved.id, slug: update.input.slug || null }, location), [successToast(SAVED)]);
    }
    if (intent === 'publish') {
      const posted = PublishFormSchema.safeParse({ published: form.get('published') ?? undefined });
      if (!posted.success) throw new InvalidInputError(posted.error.issues[0].message);
      await editableDashboard(user, ref);
      const published = posted.data.published === 'true';
      await updateDashboard(user, ref, { published });
      return outcome(location, [successToast(published ? PUBLISHED : HIDDEN)]);
    }
    if (intent === 'delete') {
      const dashboard = await editableDashboard(user, ref);
      if (form.get('confirm') !== 'yes') return outcome(location, [dangerToast(DELETE_UNCONFIRMED)]);
      const title = dashboardTitle(dashboard);
      await deleteDashboard(user, ref);
      return outcome(DASHBOARD_LIST_PATH, [successToast(`Deleted: ${title}`)]);
    }
  } catch (error) {
    if (error instanceof ForbiddenError) return outcome(location, [dangerToast(NO_EDIT_PERMISSION)]);
    // A rule of the store refused the save (a slug taken, owners that are nobody): nothing was saved.
    if (error instanceof InputError && error.fields && intent === 'properties') {
      return outcome(location, [dangerToast(saveError(describeFormErrors(error.fields)))]);
    }
    throw error;
  }
  throw new InvalidInputError(`Unknown intent: ${intent}`);
}
