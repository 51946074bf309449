import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { z } from 'zod';
import { checkCredentials } from './login.server';

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.'),
  password: z.string().min(1, 'Enter your password.'),
  next: z.string().optional(),
});

export class LoginFailedError extends Error {}

let authenticator: Authenticator<number> | undefined;

/** The login form strategy: resolves to the user id, or throws LoginFailedError with the message to show. */
export function formAuthenticator(): Authenticator<number> {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<number>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = LoginFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new LoginFailedError(parsed.error.issues[0]?.message ?? 'Invalid input');
      const result = await checkCredentials(parsed.data.username, parsed.data.password);
      if (!result.ok) throw new LoginFailedError(result.message);
      return result.userId;
    }),
    'form',
  );
  return authenticator;
}
