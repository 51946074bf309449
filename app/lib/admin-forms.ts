/**
 * The inputs of the security admin pages and of one's own settings: users, roles and their
 * permission pairs, profile and password. Isomorphic, so a form and the server that checks it
 * share one schema; the domain (app/server/security) validates with the same ones.
 */
import { z } from 'zod';
import type { PermissionPair } from './permissions';
import { parseJsonText } from './safe-json';

/**
 * What a domain rule refused, for a form: one message per field (`form` for the form as a whole),
 * the shape `firstMessages()` (field-errors.ts) gives a schema's failure.
 */
export type FormMessages = Record<string, string>;

/** Either the result, or the messages the page shows next to the inputs. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: FormMessages };

/* ---------- users ---------- */

export const UsernameSchema = z
  .string()
  .trim()
  .min(1, 'Username is required.')
  .max(100, 'Username must be at most 100 characters.')
  .regex(/^[A-Za-z0-9_.@-]+$/, 'Username may contain letters, digits and _ . @ - only.');
export const PasswordSchema = z.string().min(8, 'Password must be at least 8 characters.').max(256);

/** A new user, as bootstrap and the scripts create one (the password travels beside it). */
export const UserInputSchema = z.object({
  username: UsernameSchema,
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  email: z.union([z.email('Enter a valid email address.'), z.literal('')]).optional(),
  active: z.boolean().default(true),
  roles: z.array(z.string().min(1)).default([]),
});

/**
 * What an admin may change on an existing user, each field optional (absent = unchanged). The
 * username stays, since logins and audit trails refer to it.
 */
export const UserUpdateSchema = z.object({
  first_name: z.string().trim().max(100, 'First name must be at most 100 characters.').optional(),
  last_name: z.string().trim().max(100, 'Last name must be at most 100 characters.').optional(),
  email: z.string().trim().pipe(z.union([z.email('Enter a valid email address.'), z.literal('')])).optional(),
  active: z.boolean().optional(),
  roles: z.array(z.string().min(1)).optional(),
  password: PasswordSchema.optional(),
});
export type UserUpdate = z.input<typeof UserUpdateSchema>;

const formNames = {
  first_name: UserUpdateSchema.shape.first_name.unwrap(),
  last_name: UserUpdateSchema.shape.last_name.unwrap(),
  email: UserUpdateSchema.shape.email.unwrap(),
  roles: z.array(z.string().min(1)).min(1, 'Choose at least one role.'),
};
const passwordsMatch = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const mismatch = { message: 'The passwords do not match.', path: ['confirm_password'] };

export const NewUserFormSchema = z
  .object({ username: UsernameSchema, ...formNames, password: PasswordSchema, confirm_password: z.string() })
  .refine(passwordsMatch, mismatch);
export type NewUserForm = z.output<typeof NewUserFormSchema>;

export const EditUserFormSchema = z
  .object({
    ...formNames,
    // Blank keeps the current password.
    password: z.union([z.literal(''), PasswordSchema]).default(''),
    confirm_password: z.string().default(''),
  })
  .refine(passwordsMatch, mismatch);

/** The deactivate / reactivate buttons send the state to set. */
export const SetActiveFormSchema = z.object({ active: z.enum(['true', 'false']).transform((v) => v === 'true') });

/** A user form's fields as the schemas above expect them: `roles` is the list of ticked boxes. */
export function userFormInput(form: FormData): Record<string, unknown> {
  return { ...Object.fromEntries(form), roles: form.getAll('roles') };
}

/* ---------- roles ---------- */

export const RoleFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(64, 'Name must be at most 64 characters.'),
});

/** A pair travels through forms as a JSON array: view names hold spaces, "&", ":" and brackets. */
export const PairValueSchema = z.string().transform((s, ctx): PermissionPair => {
  try {
    const value: unknown = parseJsonText(s);
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string' && v.length > 0)) {
      return [value[0] as string, value[1] as string];
    }
  } catch {
    // fall through to the issue below
  }
  ctx.addIssue({ code: 'custom', message: 'Not a permission.' });
  return z.NEVER;
});

export const pairValue = (pair: PermissionPair) => JSON.stringify(pair);

/** `shown` are the pairs the form displayed (a filter may hide others); `granted` the ticked ones. */
export const RolePermissionsFormSchema = z.object({
  shown: z.array(PairValueSchema),
  granted: z.array(PairValueSchema),
});

const PairSchema = z.tuple([z.string().min(1), z.string().min(1)]);
export const RolePermissionsSchema = z.object({ shown: z.array(PairSchema), granted: z.array(PairSchema) });

export function permissionsFormInput(form: FormData) {
  return { shown: form.getAll('shown'), granted: form.getAll('granted') };
}

export const PermissionFilterSchema = z.string().trim().max(100).catch('');

/* ---------- one's own settings ---------- */

export const ThemeSchema = z.enum(['system', 'light', 'dark']);

export const ProfileSchema = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  email: z.union([z.email('Enter a valid email address.'), z.literal('')]),
});

export const ChangePasswordSchema = z
  .object({ current_password: z.string().min(1, 'Enter your current password.'), new_password: PasswordSchema, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { message: 'The new passwords do not match.', path: ['confirm_password'] });
