/**
 * `/superset/explore/p/{key}/`: the URL Superset gives an Explore permalink (and
 * POST /api/v1/explore/permalink answers). It opens Explore on the stored state; Explore checks
 * the key and the user's access to the chart's dataset.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export function loader({ params, request }: LoaderFunctionArgs) {
  // The embed code adds standalone=1&height=…: carried over so the iframe shows the chart alone.
  const rest = new URL(request.url).searchParams;
  rest.delete('permalink_key');
  const more = rest.toString();
  return redirect(`/explore/?permalink_key=${encodeURIComponent(params.key ?? '')}${more ? `&${more}` : ''}`);
}
