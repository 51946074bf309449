/**
 * Which native filters a chart took and which it refused (issue 14), next to its title: a
 * disclosure, so it opens without JavaScript. Nothing shows for a chart no filter reaches.
 */
export type ChartFilterReport = { applied: { id: string; name: string }[]; rejected: { id: string; name: string; reason: string }[] };

export function ChartFilters({ title, report }: { title: string; report: ChartFilterReport | undefined }) {
  if (!report || (report.applied.length === 0 && report.rejected.length === 0)) return null;
  const { applied, rejected } = report;
  return (
    <details className="relative shrink-0 text-xs">
      <summary aria-label={`Filters on ${title}`} title="Filters on this chart"
        className={`cursor-pointer list-none rounded px-1.5 py-0.5 [&::-webkit-details-marker]:hidden ${rejected.length
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
        {applied.length} applied{rejected.length ? `, ${rejected.length} not applied` : ''}
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-64 space-y-2 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {applied.length > 0 && (
          <div>
            <p className="font-semibold">Applied filters</p>
            <ul className="list-disc pl-4">{applied.map((f) => <li key={f.id}>{f.name}</li>)}</ul>
          </div>
        )}
        {rejected.length > 0 && (
          <div>
            <p className="font-semibold">Filters not applied</p>
            <ul className="list-disc pl-4">{rejected.map((f) => <li key={f.id}>{f.name}: {f.reason}</li>)}</ul>
          </div>
        )}
      </div>
    </details>
  );
}
