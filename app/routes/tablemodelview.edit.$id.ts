/** Superset's legacy edit URL (`/tablemodelview/edit/<id>`, a dataset's `url` in the API) opens the dataset editor. */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/dataset/${encodeURIComponent(params.id ?? '')}/edit`);
