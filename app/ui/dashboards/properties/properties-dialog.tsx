/**
 * The dashboard's properties dialog in edit mode: title, slug, owners, roles, certification,
 * colour scheme and the JSON metadata. Apply checks the values (properties-values.ts) and hands
 * them to the editor, which sends them with the layout on Save; Cancel drops them. The colour
 * scheme select and the metadata text are one value: choosing a scheme rewrites `color_scheme` in
 * the text, and editing the text moves the select. The same fields post without JavaScript from
 * edit-without-js.tsx.
 */
import { useState, type ReactNode } from 'react';
import { colorSchemeOf, JSON_METADATA_INVALID, parseJsonMetadata, withColorScheme } from '~/lib/dashboard/json-metadata';
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { Input, TextArea } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';
import { useShell } from '~/ui/use-shell';
import { checkProperties, colorSchemeOptions, UNTITLED_PLACEHOLDER, type PropertiesErrors } from './properties-values';
import { RelatedSelect } from './related-select';

export type PropertiesDialogProps = {
  open: boolean;
  onClose: () => void;
  value: DashboardProperties;
  onApply: (next: DashboardProperties) => void;
};

export function PropertiesDialog({ open, onClose, value, onApply }: PropertiesDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Dashboard properties" width={720}>
      {/* Mounted per opening: each opening starts from the editor's current values. */}
      {open && <PropertiesForm initial={value} onClose={onClose} onApply={onApply} />}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <legend className="pr-2 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{title}</legend>
      {children}
    </fieldset>
  );
}

function PropertiesForm({ initial, onClose, onApply }: { initial: DashboardProperties; onClose: () => void; onApply: (next: DashboardProperties) => void }) {
  const shell = useShell();
  const csrfToken = shell?.csrfToken ?? '';
  const [draft, setDraft] = useState<DashboardProperties>(initial);
  const [scheme, setScheme] = useState(() => colorSchemeOf(initial.json_metadata));
  const [errors, setErrors] = useState<PropertiesErrors>({});
  const set = <K extends keyof DashboardProperties>(key: K, next: DashboardProperties[K]) => setDraft((d) => ({ ...d, [key]: next }));

  const changeScheme = (next: string) => {
    setScheme(next);
    const rewritten = withColorScheme(draft.json_metadata, next);
    if (rewritten === null) {
      setErrors((e) => ({ ...e, json_metadata: JSON_METADATA_INVALID }));
      return;
    }
    set('json_metadata', rewritten);
    setErrors(({ json_metadata: _cleared, ...rest }) => rest);
  };

  const changeMetadata = (text: string) => {
    set('json_metadata', text);
    // Text that parses moves the select; text being typed (not JSON yet) leaves it.
    if (parseJsonMetadata(text)) setScheme(colorSchemeOf(text));
  };

  const apply = () => {
    // A scheme chosen while the text did not parse is written now, if the text parses by now.
    const metadata = scheme !== colorSchemeOf(draft.json_metadata) ? withColorScheme(draft.json_metadata, scheme) ?? draft.json_metadata : draft.json_metadata;
    const checked = checkProperties({ ...draft, json_metadata: metadata });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    onApply(checked.value);
    onClose();
  };

  const schemes = colorSchemeOptions(scheme);
  return (
    <form
      className="mt-4 max-h-[70vh] space-y-5 overflow-y-auto pr-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Section title="Basic information">
        <div className="grid gap-3 sm:grid-cols-2">
          <Input id="dashboard-properties-title" label="Title" placeholder={UNTITLED_PLACEHOLDER} value={draft.dashboard_title}
            error={errors.dashboard_title} onChange={(e) => set('dashboard_title', e.target.value)} />
          <Input id="dashboard-properties-slug" label="URL slug" value={draft.slug} error={errors.slug}
            hint="Letters, digits, dashes and underscores; spaces become dashes." onChange={(e) => set('slug', e.target.value)} />
        </div>
      </Section>
      <Section title="Access">
        <RelatedSelect id="dashboard-properties-owners" label="Owners" column="owners" placeholder="Search people to add"
          hint="Owners can change the dashboard." value={draft.owners} onChange={(next) => set('owners', next)} csrfToken={csrfToken} />
        <RelatedSelect id="dashboard-properties-roles" label="Roles" column="roles" placeholder="Search roles to add"
          hint="When roles are given, only members of these roles see the published dashboard (besides its owners)." value={draft.roles}
          onChange={(next) => set('roles', next)} csrfToken={csrfToken} />
      </Section>
      <Section title="Certification">
        <div className="grid gap-3 sm:grid-cols-2">
          <Input id="dashboard-properties-certified-by" label="Certified by" value={draft.certified_by}
            hint="Who vouches for this dashboard; empty means not certified." onChange={(e) => set('certified_by', e.target.value)} />
          <Input id="dashboard-properties-certification-details" label="Certification details" value={draft.certification_details}
            hint="Shown with the certification mark." onChange={(e) => set('certification_details', e.target.value)} />
        </div>
      </Section>
      <Section title="Colors">
        <Select id="dashboard-properties-color-scheme" label="Color scheme" value={scheme} onChange={(e) => changeScheme(e.target.value)}
          hint="The charts of the dashboard use this scheme.">
          <option value="">Each chart&apos;s own</option>
          {schemes.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
        </Select>
      </Section>
      <Section title="Advanced">
        <TextArea id="dashboard-properties-json-metadata" label="JSON metadata" rows={12} spellCheck={false} value={draft.json_metadata}
          controlClassName="font-mono text-xs whitespace-pre" error={errors.json_metadata} onChange={(e) => changeMetadata(e.target.value)} />
      </Section>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary">Apply</Button>
      </DialogActions>
    </form>
  );
}
