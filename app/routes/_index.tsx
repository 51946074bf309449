import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { requireUser } from '~/server/auth/current-user.server';
import { useShell } from '~/ui/use-shell';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Home() {
  const shell = useShell();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title" className="text-2xl font-semibold">Welcome{shell?.user?.firstName ? `, ${shell.user.firstName}` : ''}</h1>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shell?.nav.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="block rounded-lg border border-slate-200 p-4 hover:border-brand-500 dark:border-slate-800">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: 'Home · Sightline' }];
