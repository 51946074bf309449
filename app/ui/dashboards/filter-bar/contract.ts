/** The native filter bar's contract lives in app/lib so the server that fills it can import it too. */
export type * from '~/lib/dashboard/filter-bar-contract';
