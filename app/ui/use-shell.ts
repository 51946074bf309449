import { useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from '~/lib/shell';

/** The root loader's shell data from any component (null only while the root itself failed). */
export function useShell(): ShellData | undefined {
  return useRouteLoaderData<ShellData>('root');
}
