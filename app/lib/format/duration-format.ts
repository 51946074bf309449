/**
 * Durations in milliseconds as Superset's DURATION, DURATION_SUB and DURATION_COL number formats
 * print them (its duration formatter over pretty-ms): '1m 6s', '1ms 400µs 80ns', '0:10.5'.
 * Written here so the server and the browser agree without Intl.DurationFormat, which Node 20
 * does not have.
 */
export interface DurationOptions {
  /** Milliseconds, microseconds and nanoseconds as their own units ('1ms 400µs 80ns'). */
  formatSubMilliseconds?: boolean;
  /** Clock style ('1:02:03.5'); takes precedence over formatSubMilliseconds, as in pretty-ms. */
  colonNotation?: boolean;
  /** The value is in this many milliseconds per unit (1 = the value is milliseconds). */
  multiplier?: number;
}

const MS_PER_DAY = 86_400_000;
// Seconds are floored to one decimal; the epsilon keeps 1.3 (stored as 1.2999…) at 1.3.
const FLOOR_EPSILON = 1e-7;

const floorToDecimals = (value: number, digits: number): string => {
  const scale = 10 ** digits;
  return (Math.round(Math.floor(value * scale + FLOOR_EPSILON)) / scale).toFixed(digits);
};

export function formatDuration(value: number, options: DurationOptions = {}): string {
  const colon = Boolean(options.colonNotation);
  const subMs = !colon && Boolean(options.formatSubMilliseconds);
  const scaled = value * (options.multiplier ?? 1);
  if (!Number.isFinite(scaled)) return String(scaled);
  const sign = scaled < 0 ? '-' : '';
  const ms = Math.abs(scaled);

  const parts: string[] = [];
  const add = (amount: number, unit: string, text = String(amount)) => {
    // Leading zero units are dropped; in clock style later zeros stay and minutes always show.
    if ((parts.length === 0 || !colon) && amount === 0 && !(colon && unit === 'm')) return;
    if (colon) {
      const whole = text.includes('.') ? text.split('.')[0].length : text.length;
      const minWidth = parts.length > 0 ? 2 : 1;
      parts.push('0'.repeat(Math.max(0, minWidth - whole)) + text);
    } else {
      parts.push(text + unit);
    }
  };

  const days = Math.trunc(ms / MS_PER_DAY);
  add(Math.trunc(days / 365), 'y');
  add(days % 365, 'd');
  add(Math.trunc((ms / 3_600_000) % 24), 'h');
  add(Math.trunc((ms / 60_000) % 60), 'm');

  if (subMs || (!colon && ms < 1000)) {
    add(Math.trunc((ms / 1000) % 60), 's');
    const millis = Math.trunc(ms % 1000);
    const micros = Math.trunc((ms * 1000) % 1000);
    const nanos = Math.trunc((ms * 1e6) % 1000);
    if (subMs) {
      add(millis, 'ms');
      add(micros, 'µs');
      add(nanos, 'ns');
    } else {
      // Below one millisecond rounds up, so a tiny positive duration never prints as nothing.
      const below = millis + micros / 1000 + nanos / 1e6;
      const rounded = Math.min(below >= 1 ? Math.round(below) : Math.ceil(below), 999);
      add(rounded, 'ms');
    }
  } else {
    const secondsText = floorToDecimals((ms / 1000) % 60, 1).replace(/\.0+$/, '');
    add(Number.parseFloat(secondsText), 's', secondsText);
  }

  if (parts.length === 0) return `${sign}0ms`;
  return sign + parts.join(colon ? ':' : ' ');
}
