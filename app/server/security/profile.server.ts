import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user.server';
import { verifyPassword } from '../auth/password.server';
import { models } from '../db.server';
import { PasswordSchema, setPassword } from './users.server';

export const ThemeSchema = z.enum(['system', 'light', 'dark']);

export const ProfileSchema = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  email: z.union([z.email('Enter a valid email address.'), z.literal('')]),
});

export const ChangePasswordSchema = z
  .object({ current_password: z.string().min(1, 'Enter your current password.'), new_password: PasswordSchema, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { message: 'The new passwords do not match.', path: ['confirm_password'] });

export async function saveTheme(user: CurrentUser, theme: z.infer<typeof ThemeSchema>) {
  await models().User.update({ theme }, { where: { id: user.id } });
}

export async function saveProfile(user: CurrentUser, profile: z.infer<typeof ProfileSchema>) {
  await models().User.update({ ...profile, email: profile.email || null }, { where: { id: user.id } });
}

/** Returns an error message for the current-password field, or null when the password was changed. */
export async function changeOwnPassword(user: CurrentUser, input: z.infer<typeof ChangePasswordSchema>): Promise<string | null> {
  const record = await models().User.findByPk(user.id);
  if (!record || !(await verifyPassword(input.current_password, record.password_hash))) return 'The current password is wrong.';
  await setPassword(user.id, input.new_password);
  return null;
}
