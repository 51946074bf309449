/** Superset's certification mark beside a chart's name: who certified it, and the details, as its title. */
export function CertifiedBadge({ by, details }: { by: string | null; details: string | null }) {
  if (!by) return null;
  const text = `Certified by ${by}${details ? `: ${details}` : ''}`;
  return (
    <span title={text} className="ml-1 inline-flex items-center rounded-full bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      <span aria-hidden="true">✓</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}
