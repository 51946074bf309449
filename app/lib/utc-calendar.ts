/**
 * A Date's calendar in UTC, written once for the modules that compute dates without a time zone
 * (time ranges, SQL literals, resampling): the server and the browser then agree whatever `TZ`.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Days in a month (`month0` counts from 0), leap years included. */
export const daysInMonth = (year: number, month0: number): number => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** 'YYYY-MM-DD' of the UTC day. */
export const utcDateText = (d: Date): string => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 'HH:MM:SS' of the UTC time of day. */
export const utcTimeText = (d: Date): string => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** The UTC milliseconds as '.fff', or '' when there are none. */
export const utcMillisText = (d: Date): string => (d.getUTCMilliseconds() ? `.${pad(d.getUTCMilliseconds(), 3)}` : '');
