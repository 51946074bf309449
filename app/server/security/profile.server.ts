/**
 * One's own account, as the settings page changes it: theme, names and email, password. Each
 * function acts on the user it is given only, so it needs no permission beyond being logged in.
 */
import type { z } from 'zod';
import type { ChangePasswordSchema, Outcome, ProfileSchema, ThemeSchema } from '~/lib/admin-forms';
import type { CurrentUser } from '../auth/current-user.server';
import { verifyPassword } from '../auth/password.server';
import { models } from '../db.server';
import { setPassword } from './users.server';

export async function saveTheme(user: CurrentUser, theme: z.output<typeof ThemeSchema>): Promise<void> {
  await models().User.update({ theme }, { where: { id: user.id } });
}

export async function saveProfile(user: CurrentUser, profile: z.output<typeof ProfileSchema>): Promise<void> {
  await models().User.update({ ...profile, email: profile.email || null }, { where: { id: user.id } });
}

/** A wrong current password is the form's to show under its input, not an error of the request. */
export async function changeOwnPassword(user: CurrentUser, input: z.output<typeof ChangePasswordSchema>): Promise<Outcome<null>> {
  const record = await models().User.findByPk(user.id);
  if (!record || !(await verifyPassword(input.current_password, record.password_hash))) {
    return { ok: false, errors: { current_password: 'The current password is wrong.' } };
  }
  await setPassword(user.id, input.new_password);
  return { ok: true, value: null };
}
