/**
 * What edit mode offers before the editor loads, or without JavaScript (decision 010): a notice
 * that layout editing needs JavaScript, and three plain forms posted to the page's action
 * (app/server/dashboards/page-actions.server.ts): the properties (the dialog's fields, plus the
 * CSS), publish or set to draft, and delete after a confirmation tick. Owners and roles are the
 * current ones in a multiple select (unselect to remove) and ids typed to add more, since the
 * people picker needs JavaScript.
 */
import { CsrfInput } from '~/ui/csrf-input';
import type { DashboardPageView } from '~/ui/dashboards/dashboard-view/dashboard-page';
import { Button } from '~/ui/primitives/button';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';

export const LAYOUT_NEEDS_JS = 'Layout editing needs JavaScript. You can change the properties, publish or delete the dashboard here.';

const sectionClass = 'space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700';
const legendClass = 'pr-2 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';

export function EditWithoutJs({ page }: { page: DashboardPageView }) {
  const editing = page.editing;
  const notice = (
    <p role="note" className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100">
      {LAYOUT_NEEDS_JS}
    </p>
  );
  if (!editing) return notice;
  const p = editing.properties;
  // The loader reads the scheme and lists the choices: this page ships no metadata parser for it.
  const scheme = page.editing?.colorScheme ?? '';
  const published = page.dashboard.published;
  return (
    <section aria-labelledby="edit-without-js-title" className="mb-6">
      {notice}
      <h2 id="edit-without-js-title" className="sr-only">Edit the dashboard</h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <form method="post" aria-label="Dashboard properties" className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <CsrfInput />
          <input type="hidden" name="intent" value="properties" />
          <h3 className="text-base font-semibold">Dashboard properties</h3>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>Basic information</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Input id="nojs-dashboard-title" name="dashboard_title" label="Title" defaultValue={p.dashboard_title} placeholder="[ untitled dashboard ]" maxLength={500} />
              <Input id="nojs-dashboard-slug" name="slug" label="URL slug" defaultValue={p.slug} maxLength={255}
                hint="Letters, digits, dashes and underscores; spaces become dashes." />
            </div>
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>Access</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Select id="nojs-dashboard-owners" name="owners" label="Owners" multiple defaultValue={p.owners.map((o) => String(o.id))}
                hint="Unselect an owner to remove them.">
                {p.owners.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
              </Select>
              <Input id="nojs-dashboard-owners-add" name="owners_add" label="Add owners by user id" inputMode="numeric"
                hint="User ids, separated by commas." />
              <Select id="nojs-dashboard-roles" name="roles" label="Roles" multiple defaultValue={p.roles.map((r) => String(r.id))}
                hint="Unselect a role to remove it.">
                {p.roles.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
              </Select>
              <Input id="nojs-dashboard-roles-add" name="roles_add" label="Add roles by role id" inputMode="numeric"
                hint="Role ids, separated by commas." />
            </div>
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>Certification</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Input id="nojs-dashboard-certified-by" name="certified_by" label="Certified by" defaultValue={p.certified_by} />
              <Input id="nojs-dashboard-certification-details" name="certification_details" label="Certification details" defaultValue={p.certification_details} />
            </div>
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>Colors</legend>
            <input type="hidden" name="color_scheme_was" value={scheme} />
            <Select id="nojs-dashboard-color-scheme" name="color_scheme" label="Color scheme" defaultValue={scheme}
              hint="A scheme chosen here replaces color_scheme in the JSON metadata.">
              <option value="">Each chart&apos;s own</option>
              {(page.editing?.colorSchemeOptions ?? []).map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
            </Select>
          </fieldset>
          <fieldset className={sectionClass}>
            <legend className={legendClass}>Advanced</legend>
            <TextArea id="nojs-dashboard-json-metadata" name="json_metadata" label="JSON metadata" rows={10} spellCheck={false}
              defaultValue={p.json_metadata} controlClassName="font-mono text-xs" />
            <TextArea id="nojs-dashboard-css" name="css" label="CSS" rows={6} spellCheck={false} defaultValue={p.css} controlClassName="font-mono text-xs" />
          </fieldset>
          <Button type="submit" variant="primary">Save properties</Button>
        </form>
        <div className="space-y-6">
          <form method="post" aria-label="Publish" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <CsrfInput />
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="published" value={published ? 'false' : 'true'} />
            <h3 className="text-base font-semibold">Status</h3>
            <p className="text-sm">{published ? 'This dashboard is published.' : 'This dashboard is a draft.'}</p>
            <Button type="submit">{published ? 'Set to draft' : 'Publish'}</Button>
          </form>
          <form method="post" aria-label="Delete dashboard" className="space-y-3 rounded-lg border border-rose-200 p-4 dark:border-rose-900">
            <CsrfInput />
            <input type="hidden" name="intent" value="delete" />
            <h3 className="text-base font-semibold">Delete</h3>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confirm" value="yes" required />
              Yes, delete this dashboard
            </label>
            <Button type="submit" variant="danger">Delete dashboard</Button>
          </form>
        </div>
      </div>
    </section>
  );
}
