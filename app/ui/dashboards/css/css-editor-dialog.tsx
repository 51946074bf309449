/**
 * The dashboard CSS editor: the CSS as text, every keystroke handed to onChange (the editor
 * renders it in a <style>, so the dashboard behind the dialog previews it live), and the CSS
 * templates to start from. Choosing a template replaces the CSS with the template's, as
 * Superset's editor does. Templates are fetched each time the dialog opens; when they cannot be
 * (a Gamma user lacks can_read on CssTemplate, or the request fails) the dialog says so quietly
 * and the text still works.
 */
import { useEffect, useState } from 'react';
import { CSS_TEMPLATE_OPTIONS_URL, cssTemplateOptions, type CssTemplateOption } from '~/lib/css-templates';
import { Button } from '~/ui/primitives/button';
import { Dialog, DialogActions } from '~/ui/primitives/dialog';
import { controlClass } from '~/ui/primitives/field';
import { Select } from '~/ui/primitives/select';
import { requestJson } from '~/ui/request-json';

export type CssEditorDialogProps = {
  open: boolean;
  onClose: () => void;
  css: string;
  onChange: (css: string) => void;
};

type Templates = { state: 'loading' } | { state: 'ready'; options: CssTemplateOption[] } | { state: 'failed' };

/** The templates, asked for each time `open` turns true; a request superseded by closing is dropped. */
function useCssTemplates(open: boolean): Templates {
  const [templates, setTemplates] = useState<Templates>({ state: 'loading' });
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setTemplates({ state: 'loading' });
    // A GET carries no CSRF token.
    requestJson<unknown>('', CSS_TEMPLATE_OPTIONS_URL, { signal: controller.signal }).then(
      ({ body }) => setTemplates({ state: 'ready', options: cssTemplateOptions(body) }),
      () => {
        if (!controller.signal.aborted) setTemplates({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [open]);
  return templates;
}

function TemplatePicker({ templates, onPick }: { templates: Templates; onPick: (css: string) => void }) {
  if (templates.state === 'failed') {
    return <p role="status" className="text-sm text-slate-600 dark:text-slate-400">Could not load CSS templates</p>;
  }
  const options = templates.state === 'ready' ? templates.options : [];
  const placeholder = templates.state === 'loading' ? 'Loading…' : options.length ? 'Choose a template' : 'No CSS templates';
  return (
    <Select
      label="Load a CSS template"
      value=""
      disabled={options.length === 0}
      onChange={(event) => {
        const chosen = options.find((o) => String(o.id) === event.target.value);
        if (chosen) onPick(chosen.css);
      }}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>{o.template_name}</option>
      ))}
    </Select>
  );
}

export function CssEditorDialog({ open, onClose, css, onChange }: CssEditorDialogProps) {
  const templates = useCssTemplates(open);
  return (
    <Dialog open={open} onClose={onClose} title="CSS" width={600}>
      <div className="mt-4 space-y-3">
        <TemplatePicker templates={templates} onPick={onChange} />
        <textarea
          aria-label="Dashboard CSS"
          data-autofocus
          rows={16}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={css}
          onChange={(event) => onChange(event.target.value)}
          className={`${controlClass} font-mono text-xs`}
        />
      </div>
      <DialogActions className="mt-4">
        <Button variant="primary" onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
