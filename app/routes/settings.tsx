import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ChangePasswordSchema, ProfileSchema, ThemeSchema } from '~/lib/admin-forms';
import { fieldErrorsOf, firstMessages } from '~/lib/field-errors';
import { safeRedirect } from '~/lib/safe-redirect';
import { successToast } from '~/lib/toasts';
import { readForm } from '~/server/api/body.server';
import { pageResult } from '~/server/api/error-response.server';
import { requireUser } from '~/server/auth/current-user.server';
import { flashToasts } from '~/server/auth/session.server';
import { InvalidInputError } from '~/server/domain-errors.server';
import { changeOwnPassword, saveProfile, saveTheme } from '~/server/security/profile.server';
import { CsrfInput } from '~/ui/csrf-input';
import { Input } from '~/ui/primitives/input';
import { Select } from '~/ui/primitives/select';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', theme: user.theme };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return pageResult(async () => {
    const form = Object.fromEntries(await readForm(request));
    switch (form.intent) {
      case 'set-theme': {
        const theme = ThemeSchema.safeParse(form.theme);
        if (!theme.success) throw new InvalidInputError('Unknown theme: choose system, light or dark.');
        await saveTheme(user, theme.data);
        return redirect(safeRedirect(form.next, '/settings'));
      }
      case 'save-profile': {
        const parsed = ProfileSchema.safeParse(form);
        if (!parsed.success) return data({ intent: 'save-profile', errors: firstMessages(fieldErrorsOf(parsed.error)) }, { status: 400 });
        await saveProfile(user, parsed.data);
        return redirect('/settings', { headers: { 'Set-Cookie': await flashToasts(request, [successToast('Your profile was saved.')]) } });
      }
      case 'change-password': {
        const parsed = ChangePasswordSchema.safeParse(form);
        if (!parsed.success) return data({ intent: 'change-password', errors: firstMessages(fieldErrorsOf(parsed.error)) }, { status: 400 });
        const changed = await changeOwnPassword(user, parsed.data);
        if (!changed.ok) return data({ intent: 'change-password', errors: changed.errors }, { status: 400 });
        return redirect('/settings', { headers: { 'Set-Cookie': await flashToasts(request, [successToast('Your password was changed.')]) } });
      }
      default:
        throw new InvalidInputError(`Unknown intent: ${String(form.intent ?? '')}`);
    }
  });
}

const sectionClass = 'rounded-lg border border-slate-200 p-6 dark:border-slate-800';
const buttonClass = 'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

export default function SettingsPage() {
  const profile = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = (intent: string): Record<string, string> => (result && result.intent === intent ? result.errors : {});
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <section className={sectionClass} aria-labelledby="theme-title">
        <h2 id="theme-title" className="text-lg font-semibold">Theme</h2>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="set-theme" />
          <Select id="theme" name="theme" label="Colour theme" defaultValue={profile.theme}>
            <option value="system">Same as the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </Select>
          <button type="submit" className={buttonClass}>Save theme</button>
        </Form>
      </section>
      <section className={sectionClass} aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-semibold">Profile of {profile.username}</h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="save-profile" />
          <Input name="first_name" label="First name" defaultValue={profile.firstName} error={errors('save-profile').first_name} />
          <Input name="last_name" label="Last name" defaultValue={profile.lastName} error={errors('save-profile').last_name} />
          <Input name="email" label="Email" type="email" defaultValue={profile.email} error={errors('save-profile').email} className="sm:col-span-2" />
          <div><button type="submit" className={buttonClass}>Save profile</button></div>
        </Form>
      </section>
      <section className={sectionClass} aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold">Change password</h2>
        <Form method="post" className="mt-4 grid gap-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="change-password" />
          <Input name="current_password" label="Current password" type="password" autoComplete="current-password" error={errors('change-password').current_password} />
          <Input name="new_password" label="New password" type="password" autoComplete="new-password" error={errors('change-password').new_password} />
          <Input name="confirm_password" label="Repeat the new password" type="password" autoComplete="new-password" error={errors('change-password').confirm_password} />
          <div><button type="submit" className={buttonClass}>Change password</button></div>
        </Form>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: 'Settings · Sightline' }];
