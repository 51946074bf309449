/**
 * `/superset/explore/p/{key}/`: the URL Superset gives an Explore permalink (and
 * POST /api/v1/explore/permalink answers). It opens Explore on the stored state; Explore checks
 * the key and the user's access to the chart's dataset.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/explore/?permalink_key=${encodeURIComponent(params.key ?? '')}`);
}
