/**
 * Users and their roles. Validation happens here, at the domain edge, so the admin pages, the
 * API and the scripts all refuse the same bad input with the same messages (the schemas are
 * app/lib/admin-forms.ts, shared with the forms). createUser, getUser, findUserByUsername and
 * setPassword serve bootstrap and the scripts too, so they trust their caller's authority;
 * addUser, listUsers and updateUser take the acting user and check it. A rule a form can show
 * next to an input (a taken username, one's own Admin role) comes back as an Outcome; a missing
 * user, a missing permission or a conflict is thrown as a domain error.
 */
import type { z } from 'zod';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import type { User } from '../../../db/index';
import {
  PasswordSchema, UserInputSchema, UserUpdateSchema, type FormMessages, type NewUserForm, type Outcome, type UserUpdate,
} from '~/lib/admin-forms';
import { isAdminRoleName } from '~/lib/permissions';
import { models, store } from '../db.server';
import { hashPassword } from '../auth/password.server';
import { requirePermission, type CurrentUser } from '../auth/current-user.server';
import { ConflictError, NotFoundError, UnprocessableError } from '../domain-errors.server';
import { searchWhere } from '../lists/sql.server';

export type UserSummary = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  active: boolean;
  roles: string[];
  last_login: string | null;
  created_on: string;
};

export function summarise(user: User): UserSummary {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    active: user.active,
    roles: (user.roles ?? []).map((r) => r.name).sort(),
    last_login: user.last_login ? user.last_login.toISOString() : null,
    created_on: user.created_on.toISOString(),
  };
}

async function findRoles(names: string[], transaction?: Transaction) {
  const { Role } = models();
  const unique = [...new Set(names)];
  const roles = unique.length ? await Role.findAll({ where: { name: { [Op.in]: unique } }, transaction }) : [];
  const missing = unique.filter((n) => !roles.some((r) => r.name === n));
  return { roles, missing };
}

type WithRoles = { setRoles(roles: unknown[], options?: { transaction?: Transaction }): Promise<void> };

export async function createUser(input: z.input<typeof UserInputSchema> & { password: string }): Promise<UserSummary> {
  const { User, Role } = models();
  const data = UserInputSchema.parse(input);
  const password = PasswordSchema.parse(input.password);
  const duplicate = () => new ConflictError(`A user named ${data.username} already exists.`);
  if (await User.findOne({ where: { username: data.username } })) throw duplicate();
  const { roles, missing } = await findRoles(data.roles);
  if (missing.length) throw new UnprocessableError(`Unknown role: ${missing.join(', ')}`);
  const password_hash = await hashPassword(password);
  let id: number;
  try {
    // Every query inside passes the transaction: SQLite's pool holds one connection, so a query outside it would wait forever.
    id = await store().sequelize.transaction(async (transaction) => {
      const user = await User.create({
        username: data.username,
        first_name: data.first_name,
        last_name: data.last_name,
        email: data.email || null,
        active: data.active,
        password_hash,
        last_login: null,
      }, { transaction });
      await (user as unknown as WithRoles).setRoles(roles, { transaction });
      return user.id;
    });
  } catch (error) {
    // Two requests creating the same name at once: the unique index decides, with the same answer.
    if (error instanceof UniqueConstraintError) throw duplicate();
    throw error;
  }
  const reloaded = await User.findByPk(id, { include: [{ model: Role, as: 'roles' }] });
  return summarise(reloaded!);
}

export async function getUser(id: number): Promise<UserSummary> {
  const { User, Role } = models();
  const user = await User.findByPk(id, { include: [{ model: Role, as: 'roles' }] });
  if (!user) throw new NotFoundError(`User ${id} does not exist.`);
  return summarise(user);
}

export async function findUserByUsername(username: string): Promise<UserSummary | null> {
  const { User, Role } = models();
  const user = await User.findOne({ where: { username }, include: [{ model: Role, as: 'roles' }] });
  return user ? summarise(user) : null;
}

export async function setPassword(id: number, password: string): Promise<void> {
  const { User } = models();
  const user = await User.findByPk(id);
  if (!user) throw new NotFoundError(`User ${id} does not exist.`);
  await user.update({ password_hash: await hashPassword(PasswordSchema.parse(password)) });
}

/** Users whose username, names or email contain `search`, by username. */
export async function listUsers(actor: CurrentUser, { search = '' }: { search?: string } = {}): Promise<UserSummary[]> {
  requirePermission(actor, 'can_read', 'User');
  const { User, Role } = models();
  const users = await User.findAll({
    where: searchWhere(['User.username', 'User.first_name', 'User.last_name', 'User.email'], search.trim()),
    include: [{ model: Role, as: 'roles' }],
    order: [['username', 'ASC']],
  });
  return users.map(summarise);
}

/** Creates a user from the admin form: a taken username or an unknown role comes back as a field error. */
export async function addUser(actor: CurrentUser, input: NewUserForm): Promise<Outcome<UserSummary>> {
  requirePermission(actor, 'can_write', 'User');
  if (await findUserByUsername(input.username)) {
    return { ok: false, errors: { username: `The username ${input.username} is already taken.` } };
  }
  const { missing } = await findRoles(input.roles);
  if (missing.length) return { ok: false, errors: { roles: `Unknown role: ${missing.join(', ')}.` } };
  try {
    const { confirm_password: _confirm, ...fields } = input;
    return { ok: true, value: await createUser({ ...fields, active: true }) };
  } catch (error) {
    if (error instanceof ConflictError) {
      return { ok: false, errors: { username: `The username ${input.username} is already taken.` } };
    }
    throw error;
  }
}

/**
 * Changes any of names, email, roles, active and password. An admin cannot lock
 * themselves out: deactivating their own account or dropping their own admin role is refused,
 * since nobody else may be left to undo it.
 */
export async function updateUser(actor: CurrentUser, id: number, input: UserUpdate): Promise<Outcome<UserSummary>> {
  requirePermission(actor, 'can_write', 'User');
  const data = UserUpdateSchema.parse(input);
  const { User, Role } = models();
  const user = await User.findByPk(id, { include: [{ model: Role, as: 'roles' }] });
  if (!user) throw new NotFoundError(`User ${id} does not exist.`);

  const errors: FormMessages = {};
  if (actor.id === user.id) {
    if (data.active === false) errors.active = 'You cannot deactivate your own account.';
    const wasAdmin = (user.roles ?? []).some((r) => isAdminRoleName(r.name));
    if (wasAdmin && data.roles && !data.roles.some(isAdminRoleName)) {
      errors.roles = 'You cannot remove the Admin role from your own account.';
    }
  }
  const found = data.roles ? await findRoles(data.roles) : null;
  if (found?.missing.length) errors.roles ??= `Unknown role: ${found.missing.join(', ')}.`;
  if (Object.keys(errors).length) return { ok: false, errors };

  const changes: Partial<Pick<User, 'first_name' | 'last_name' | 'email' | 'active' | 'password_hash'>> = {};
  if (data.first_name !== undefined) changes.first_name = data.first_name;
  if (data.last_name !== undefined) changes.last_name = data.last_name;
  if (data.email !== undefined) changes.email = data.email || null;
  if (data.active !== undefined) changes.active = data.active;
  if (data.password) changes.password_hash = await hashPassword(data.password);
  await store().sequelize.transaction(async (transaction) => {
    if (Object.keys(changes).length) await user.update(changes, { transaction });
    if (found) await (user as unknown as WithRoles).setRoles(found.roles, { transaction });
  });
  return { ok: true, value: await getUser(id) };
}
