import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Button } from './primitives/button';
import { Input } from './primitives/input';

type Props = {
  /** The visible label, e.g. "Search charts by name". */
  label: string;
  search: string;
  /** Other URL state to keep across a search (sort, dir, a filter); the page always restarts at 1. */
  keep?: Record<string, string>;
  /** The query parameter the search travels in. */
  name?: string;
  /** More fields of the same GET form (filters), shown before the button. */
  children?: ReactNode;
};

/** A GET form: the search lives in the URL, so it can be bookmarked and works without JavaScript. */
export function SearchForm({ label, search, keep = {}, name = 'search', children }: Props) {
  const clear = new URLSearchParams(Object.entries(keep).filter(([, v]) => v !== ''));
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([key, value]) => (value ? <input key={key} type="hidden" name={key} value={value} /> : null))}
      <Input id={`list-${name}`} label={label} type="search" name={name} defaultValue={search} maxLength={200} className="w-64 max-w-full" />
      {children}
      <Button type="submit">Search</Button>
      {search && (
        <Link to={`?${clear.toString()}`} className="px-2 py-2 text-sm text-brand-700 underline dark:text-brand-100">
          Clear search
        </Link>
      )}
    </Form>
  );
}
