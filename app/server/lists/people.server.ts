/**
 * People as lists show them: the user columns a list may read (never a password hash or an
 * email), Superset's `{id, first_name, last_name}` for the API, and a display name for pages.
 */
import type { User } from '../../../db/index';

/** The user columns needed to name a person, and nothing else. */
export const PERSON_ATTRIBUTES = ['id', 'username', 'first_name', 'last_name'];

export type PersonRef = { id: number; first_name: string; last_name: string };

export function person(user: Pick<User, 'id' | 'first_name' | 'last_name'> | null | undefined): PersonRef | null {
  return user ? { id: user.id, first_name: user.first_name, last_name: user.last_name } : null;
}

/** "First Last", or the username when the user gave no name. */
export function personName(user: Pick<User, 'username' | 'first_name' | 'last_name'> | null | undefined): string | null {
  if (!user) return null;
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}
