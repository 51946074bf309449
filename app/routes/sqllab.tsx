/**
 * /sqllab/ as a layout. Its action takes what other sites and tools post to `/sqllab/` (a form
 * without Remix's `?index`): such a post runs nothing, it shows the query with a Run button of
 * ours. The page's own forms post to `/sqllab/?index`.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { Outlet, useActionData } from '@remix-run/react';
import { pageResult } from '~/server/api/error-response.server';
import { PostedQueryConfirmation } from '~/ui/sqllab/static-sqllab';
import { postedQueryAction } from './sqllab._index/page.server';

export const action = ({ request }: ActionFunctionArgs) => pageResult(() => postedQueryAction(request));

export default function SqlLabLayout() {
  const posted = useActionData<typeof action>();
  if (posted?.intent === 'confirm') return <PostedQueryConfirmation {...posted.posted} databases={posted.databases} defaultLimit={posted.defaultLimit} />;
  return <Outlet />;
}
