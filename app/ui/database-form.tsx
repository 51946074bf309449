import { Form, Link, useFetcher, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { ConnectWith, DatabaseFormPage, DatabaseFormResult } from '~/lib/database-form-fields';
import { successToast } from '~/lib/toasts';
import { CsrfInput } from './csrf-input';
import { AdvancedFields, ConnectionFields, PerformanceFields, SECTIONS, SecurityFields, sectionOf, type SectionId } from './database-fields';
import { Button, linkClass } from './primitives/button';
import { Dialog, DialogActions } from './primitives/dialog';
import { Tabs, type TabItem } from './primitives/tabs';
import { showToast } from './toasts';
const choiceClass = (active: boolean) =>
  `rounded-md border px-3 py-2 text-sm font-medium ${
    active
      ? 'border-brand-600 bg-brand-50 text-brand-700 dark:border-brand-500 dark:bg-slate-800 dark:text-white'
      : 'border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800'
  }`;

function choiceHref(basePath: string, engine: string | null, method: ConnectWith): string {
  const params = new URLSearchParams();
  if (engine) params.set('engine', engine);
  params.set('method', method);
  return `${basePath}?${params}`;
}

/** The engine and the way to connect, as links: the choice lives in the URL, so it works without JavaScript. */
export function EnginePicker({ page, basePath }: { page: DatabaseFormPage; basePath: string }) {
  return (
    <div className="space-y-3">
      <nav aria-label="Database engine">
        <p className="text-sm font-medium">Engine</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {page.engines.map((e) => (
            <li key={e.engine}>
              <Link to={choiceHref(basePath, e.engine, page.connectWith)} aria-current={page.engine === e.engine ? 'true' : undefined}
                className={choiceClass(page.engine === e.engine)}>{e.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {(page.engine || page.connectWith === 'uri') && (
        <nav aria-label="Connect with">
          <p className="text-sm font-medium">Connect with</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {page.engine && (
              <li><Link to={choiceHref(basePath, page.engine, 'parameters')} aria-current={page.connectWith === 'parameters' ? 'true' : undefined}
                className={choiceClass(page.connectWith === 'parameters')}>Connection parameters</Link></li>
            )}
            <li><Link to={choiceHref(basePath, page.engine, 'uri')} aria-current={page.connectWith === 'uri' ? 'true' : undefined}
              className={choiceClass(page.connectWith === 'uri')}>SQLAlchemy URI</Link></li>
          </ul>
        </nav>
      )}
    </div>
  );
}

type Section = TabItem & { id: SectionId };

/**
 * The four sections, stacked without JavaScript and tabs after hydration (the Tabs primitive).
 * The tab is mirrored in `?tab=` without a navigation, which would drop the action's errors.
 */
function Sections({ sections, errors }: { sections: Section[]; errors: Record<string, string> }) {
  const [searchParams] = useSearchParams();
  const fromUrl = sections.findIndex((s) => s.id === searchParams.get('tab'));
  const [index, setIndex] = useState(fromUrl >= 0 ? fromUrl : 0);
  // New errors open the first tab (in tab order) that has one, once per answer; the user may switch away after.
  useEffect(() => {
    const withErrors = new Set(Object.keys(errors).map(sectionOf));
    const first = SECTIONS.findIndex((s) => withErrors.has(s.id));
    if (first >= 0) setIndex(first);
  }, [errors]);
  const select = (i: number) => {
    setIndex(i);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', sections[i].id);
    window.history.replaceState(window.history.state, '', url);
  };
  return <Tabs label="Database settings" items={sections} selectedIndex={index} onChange={select} idPrefix="section" />;
}

type Props = { page: DatabaseFormPage; result: DatabaseFormResult | undefined };

export function DatabaseForm({ page, result }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<DatabaseFormResult>();
  const [latest, setLatest] = useState<DatabaseFormResult | undefined>(result);
  useEffect(() => setLatest(result), [result]);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    setLatest(fetcher.data);
    // A success is a toast; a failure is shown in the form (below), where it stays to be read.
    const notice = fetcher.data.notice;
    if (notice?.ok) showToast(successToast(notice.text));
  }, [fetcher.state, fetcher.data]);

  const values = result?.values ?? page.values;
  const errors = useMemo(() => latest?.errors ?? {}, [latest]);
  const firstError = Object.keys(errors)[0];
  const engine = page.engines.find((e) => e.engine === page.engine);
  const props = { values, errors };
  const sections: Section[] = [
    { id: 'connection', title: 'Connection', body: <ConnectionFields {...props} engine={engine} connectWith={page.connectWith} passwordDropped={Boolean(result?.passwordDropped)} /> },
    { id: 'performance', title: 'Performance', body: <PerformanceFields {...props} /> },
    { id: 'security', title: 'Security', body: <SecurityFields {...props} /> },
    { id: 'advanced', title: 'Advanced', body: <AdvancedFields {...props} /> },
  ];
  // A test's outcome, in the form (with JavaScript a toast too), with the engine's message; a
  // save whose connection failed asks to confirm (a dialog with JavaScript, the form's second submit without).
  // With JavaScript a success is only a toast; a failure is shown in the form.
  const shown = latest?.intent === 'test-connection' || latest?.intent === 'save' ? latest.notice : undefined;
  const notice = shown && (latest === result || !shown.ok) ? shown : undefined;
  const untested = latest?.intent === 'save' && notice !== undefined && !notice.ok;
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setConfirming(untested), [untested, latest]);
  const saving = useNavigation().state !== 'idle';
  const submit = useSubmit();
  const saveAnyway = () => {
    if (!formRef.current) return;
    const body = new FormData(formRef.current);
    body.set('intent', 'save-anyway');
    setConfirming(false);
    submit(body, { method: 'post' });
  };

  const testWithFetcher = (event: MouseEvent<HTMLButtonElement>) => {
    if (!formRef.current) return;
    event.preventDefault();
    const body = new FormData(formRef.current);
    body.set('intent', 'test-connection');
    fetcher.submit(body, { method: 'post' });
  };

  return (
    <Form ref={formRef} method="post" noValidate className="space-y-6" aria-label={page.database ? `Edit ${page.database.name}` : 'New database'}>
      <CsrfInput />
      <input type="hidden" name="engine" value={page.engine ?? ''} />
      <input type="hidden" name="connect_with" value={page.connectWith} />
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'}
          className={`rounded-md border px-3 py-2 text-sm ${notice.ok ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100' : 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100'}`}>
          {untested ? <>The connection failed, so the database was not saved: {notice.text}</> : notice.text}
        </p>
      )}
      {untested && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">Save it anyway? SQL Lab and charts will fail on it until it connects.</p>
          <Button type="submit" name="intent" value="save-anyway" variant="danger-outline" size="sm">Save anyway</Button>
        </div>
      )}
      {firstError && !notice && (
        <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
          <p>Please fix the fields marked below.</p>
          {(errors.form || errors.engine) && <p className="mt-1">{errors.form ?? errors.engine}</p>}
        </div>
      )}
      <Sections sections={sections} errors={errors} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button type="submit" name="intent" value="save" variant="primary">Save</Button>
        <Button type="submit" name="intent" value="test-connection" onClick={testWithFetcher} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Testing…' : 'Test connection'}
        </Button>
        <Link to="/databaseview/list/" className={linkClass}>Cancel</Link>
      </div>
      <Dialog open={confirming && !saving} onClose={() => setConfirming(false)} title="Save a database that does not connect?">
        <p className="mt-2 text-sm">{notice?.text}</p>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} size="sm">Cancel</Button>
          <Button variant="danger" size="sm" onClick={saveAnyway}>Save anyway</Button>
        </DialogActions>
      </Dialog>
    </Form>
  );
}

/** Deleting, behind a disclosure that works without JavaScript; the server refuses while datasets use the database. */
export function DeleteDatabase({ name, refusal }: { name: string; refusal?: string }) {
  return (
    <details className="rounded-lg border border-rose-200 p-4 dark:border-rose-900" open={Boolean(refusal)}>
      <summary className="cursor-pointer text-sm font-medium text-rose-700 dark:text-rose-300">Delete this database…</summary>
      <Form method="post" className="mt-3 space-y-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="delete" />
        <p className="text-sm">Deleting “{name}” also deletes the saved queries that use it. It is refused while datasets use it.</p>
        {refusal && <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">{refusal}</p>}
        <Button type="submit" variant="danger">Delete {name}</Button>
      </Form>
    </details>
  );
}
