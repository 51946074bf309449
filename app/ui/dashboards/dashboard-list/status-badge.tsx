/** A dashboard's published state, as the list and the cards show it. */
export function StatusBadge({ published }: { published: boolean }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${published
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
      {published ? 'Published' : 'Draft'}
    </span>
  );
}
