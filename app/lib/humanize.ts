/**
 * "3 minutes ago", as Superset's `*_delta_humanized` list columns say it (Python humanize's
 * naturaltime, which Superset uses): seconds, minutes, hours, days, then months of 30.5 days
 * once a delta rounds to at least one, then years.
 */
function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many.replace('%d', String(n));
}

function naturalDelta(seconds: number): string {
  if (seconds < 1) return 'now';
  if (seconds < 60) return plural(seconds, 'a second', '%d seconds');
  if (seconds < 120) return 'a minute';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} minutes`;
  if (seconds < 7200) return 'an hour';
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} hours`;
  const totalDays = Math.floor(seconds / 86_400);
  const years = Math.floor(totalDays / 365);
  const days = totalDays % 365;
  const months = Math.round(days / 30.5);
  if (years === 0) {
    if (days === 1) return 'a day';
    if (months === 0) return `${days} days`;
    return plural(months, 'a month', '%d months');
  }
  if (years === 1) {
    if (months === 0 && days === 0) return 'a year';
    if (months === 0) return `1 year, ${plural(days, '1 day', '%d days')}`;
    return `1 year, ${plural(months, '1 month', '%d months')}`;
  }
  return `${years} years`;
}

export function humanizeDelta(date: Date | null | undefined, now: Date = new Date()): string | null {
  if (!date) return null;
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  const text = naturalDelta(Math.abs(seconds));
  if (text === 'now') return text;
  return seconds >= 0 ? `${text} ago` : `${text} from now`;
}
