/**
 * The two ways to log in: the login page's form, and `POST /api/v1/security/login`'s JSON body
 * (worded as Flask-AppBuilder's marshmallow schema words its errors).
 */
import { z } from 'zod';

export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.'),
  password: z.string().min(1, 'Enter your password.'),
  next: z.string().optional(),
});

const REQUIRED = 'Missing data for required field.';
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Not a valid string.') });

export const LoginBodySchema = z.object({
  username: requiredString().min(1, REQUIRED),
  password: requiredString().min(1, REQUIRED),
  provider: requiredString().refine((p) => p === 'db', "Only the 'db' provider is supported."),
  refresh: z.boolean({ error: 'Not a valid boolean.' }).default(false),
});
export type LoginBody = z.output<typeof LoginBodySchema>;
