/**
 * Python's strftime for the directives dates in SQL use (a column's python_date_format such as
 * '%Y' or '%Y-%m-%d', and get_time_filter(strftime=…)), over a Date's UTC components: time
 * ranges are UTC wall clocks here, as everywhere in the engine. A directive outside the subset
 * throws RangeError, which the callers turn into a 400 naming the format.
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function dayOfYear(d: Date): number {
  return Math.floor((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

const DIRECTIVES: Record<string, (d: Date) => string> = {
  Y: (d) => pad(d.getUTCFullYear(), 4),
  y: (d) => pad(d.getUTCFullYear() % 100, 2),
  m: (d) => pad(d.getUTCMonth() + 1, 2),
  d: (d) => pad(d.getUTCDate(), 2),
  H: (d) => pad(d.getUTCHours(), 2),
  M: (d) => pad(d.getUTCMinutes(), 2),
  S: (d) => pad(d.getUTCSeconds(), 2),
  f: (d) => pad(d.getUTCMilliseconds() * 1000, 6),
  j: (d) => pad(dayOfYear(d), 3),
  '%': () => '%',
};

export function strftime(date: Date, format: string): string {
  return format.replace(/%(.?)/g, (_all, code: string) => {
    const directive = Object.hasOwn(DIRECTIVES, code) ? DIRECTIVES[code] : undefined;
    if (!directive) throw new RangeError(`The date format "${format}" uses %${code}, which is not supported (supported: %Y %y %m %d %H %M %S %f %j %%).`);
    return directive(date);
  });
}
