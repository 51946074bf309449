/**
 * Pieces of the datasets page: the filter form (GET, in the URL), each row's actions, and the
 * delete confirmations naming the charts and dashboards a deletion breaks. Everything is a link or
 * a posted form, so it works without JavaScript; once hydrated, the single-delete confirmation
 * (`?delete=<id>` in the URL) is a dialog instead of a section above the list.
 */
import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import { CsrfInput } from '../csrf-input';
import { Button, buttonClass, linkClass } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { Select } from '../primitives/select';
import { SearchForm } from '../search-form';
import { useHydrated } from '../use-hydrated';
import type { DatasetListRow, DatasetsPage, DeleteCandidate } from './list-types';

export function DatasetFilterForm({ list }: { list: DatasetsPage }) {
  const { choices, filters } = list;
  return (
    <SearchForm label="Search datasets by name" search={list.search} keep={{ sort: list.sort, dir: list.dir }}>
      <Select id="list-owner" name="owner" label="Owner" defaultValue={filters.owner}>
        <option value="">All owners</option>
        {choices.owners.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </Select>
      <Select id="list-database" name="database" label="Database" defaultValue={filters.database}>
        <option value="">All databases</option>
        {choices.databases.map((d) => <option key={d.value} value={d.value}>{d.label}</option>)}
      </Select>
      <Select id="list-schema" name="schema" label="Schema" defaultValue={filters.schema}>
        <option value="">All schemas</option>
        {choices.schemas.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
      </Select>
      <Select id="list-type" name="type" label="Type" defaultValue={filters.type}>
        <option value="">All types</option>
        <option value="physical">Physical</option>
        <option value="virtual">Virtual</option>
      </Select>
    </SearchForm>
  );
}

/** The current list URL with `delete` set or removed: the confirmation keeps the list as it was. */
function useListUrl() {
  const location = useLocation();
  return (deleteId: number | null) => {
    const params = new URLSearchParams(location.search);
    params.delete('index');
    if (deleteId === null) params.delete('delete');
    else params.set('delete', String(deleteId));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
}

export function DatasetRowActions({ row, canWrite }: { row: DatasetListRow; canWrite: boolean }) {
  const listUrl = useListUrl();
  const name = <span className="sr-only"> {row.name}</span>;
  return (
    <div className="flex flex-wrap items-start gap-3">
      <Link to={row.exploreUrl} className={linkClass}>Explore{name}</Link>
      {canWrite && row.canEdit && (
        <>
          <Link to={`/dataset/${row.id}/edit`} className={linkClass}>Edit{name}</Link>
          <Link to={listUrl(row.id)} preventScrollReset className="text-rose-700 underline-offset-2 hover:underline dark:text-rose-300">Delete{name}</Link>
        </>
      )}
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Superset's warning: how many charts and dashboards a deletion breaks, and which. */
function RelatedList({ candidate }: { candidate: DeleteCandidate }) {
  const { charts, dashboards } = candidate.related;
  if (charts.count === 0 && dashboards.count === 0) return <p>{`No charts or dashboards use the dataset ${candidate.name}.`}</p>;
  return (
    <div className="space-y-2">
      <p>
        {`The dataset ${candidate.name} is linked to ${plural(charts.count, 'chart', 'charts')} that appear on ${plural(dashboards.count, 'dashboard', 'dashboards')}. `}
        Deleting the dataset will break those objects.
      </p>
      {charts.result.length > 0 && (
        <div>
          <h3 className="font-medium">Charts</h3>
          <ul className="list-inside list-disc">{charts.result.map((c) => <li key={c.id}>{c.slice_name}</li>)}</ul>
        </div>
      )}
      {dashboards.result.length > 0 && (
        <div>
          <h3 className="font-medium">Dashboards</h3>
          <ul className="list-inside list-disc">{dashboards.result.map((d) => <li key={d.id}>{d.title}</li>)}</ul>
        </div>
      )}
    </div>
  );
}

function DeleteForm({ candidate, cancelTo, inDialog }: { candidate: DeleteCandidate; cancelTo: string; inDialog: boolean }) {
  return (
    <Form method="post" className={inDialog ? 'mt-4' : 'flex flex-wrap items-center gap-3'}>
      <CsrfInput />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={candidate.id} />
      {inDialog ? (
        <DialogActions>
          <Link to={cancelTo} preventScrollReset className={buttonClass('secondary', 'sm')}>Cancel</Link>
          <Button type="submit" variant="danger" size="sm">Delete {candidate.name}</Button>
        </DialogActions>
      ) : (
        <>
          <Button type="submit" variant="danger" size="sm">Delete {candidate.name}</Button>
          <Link to={cancelTo} className="px-2 py-1.5 underline">Cancel</Link>
        </>
      )}
    </Form>
  );
}

export function DeleteConfirmation({ candidate }: { candidate: DeleteCandidate }) {
  const hydrated = useHydrated();
  const listUrl = useListUrl();
  const navigate = useNavigate();
  const cancelTo = listUrl(null);
  if (hydrated) {
    return (
      <Dialog open onClose={() => navigate(cancelTo, { preventScrollReset: true })} title="Please confirm" size="lg">
        <div className="mt-3 space-y-3 text-sm">
          <RelatedList candidate={candidate} />
          <p>{`Are you sure you want to delete ${candidate.name}?`}</p>
        </div>
        <DeleteForm candidate={candidate} cancelTo={cancelTo} inDialog />
      </Dialog>
    );
  }
  return (
    <section aria-labelledby="delete-confirm-title" className="space-y-3 rounded-md border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-700 dark:bg-rose-950">
      <h2 id="delete-confirm-title" className="font-semibold">{`Delete the dataset ${candidate.name}?`}</h2>
      <RelatedList candidate={candidate} />
      <DeleteForm candidate={candidate} cancelTo={cancelTo} inDialog={false} />
    </section>
  );
}

export function BulkDeleteConfirmation({ items }: { items: DeleteCandidate[] }) {
  if (items.length === 0) return <p role="alert" className="text-sm">None of the selected datasets exist any more.</p>;
  const charts = items.reduce((n, i) => n + i.related.charts.count, 0);
  const dashboards = items.reduce((n, i) => n + i.related.dashboards.count, 0);
  return (
    <section aria-labelledby="bulk-confirm-title" className="space-y-3 rounded-md border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-700 dark:bg-rose-950">
      <h2 id="bulk-confirm-title" className="font-semibold">{`Delete ${items.length === 1 ? 'this dataset' : `these ${items.length} datasets`}?`}</h2>
      <p>
        {charts || dashboards
          ? `They are linked to ${plural(charts, 'chart', 'charts')} that appear on ${plural(dashboards, 'dashboard', 'dashboards')}. Deleting them will break those objects.`
          : 'No charts or dashboards use them.'}
      </p>
      <ul className="list-inside list-disc">
        {items.map((i) => (
          <li key={i.id}>{i.related.charts.count > 0 ? `${i.name}: ${i.related.charts.result.map((c) => c.slice_name).join(', ')}` : i.name}</li>
        ))}
      </ul>
      <Form method="post" className="flex gap-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="bulk-delete" />
        <input type="hidden" name="confirmed" value="yes" />
        {items.map((i) => <input key={i.id} type="hidden" name="ids" value={i.id} />)}
        <Button type="submit" variant="danger" size="sm">Yes, delete {items.length === 1 ? 'it' : `all ${items.length}`}</Button>
        <Link to="." className="px-2 py-1.5 underline">Cancel</Link>
      </Form>
    </section>
  );
}
