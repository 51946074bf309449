/**
 * SQLAlchemy URLs (`dialect+driver://user:password@host:port/database?key=value`), parsed the way
 * SQLAlchemy's make_url does: the password runs to the first `@`, user and password are
 * percent-decoded, the database is taken as written, query values are decoded. Trusts nothing in
 * the text: a malformed URL or port is a 400-style EngineError naming what is wrong.
 */
import { engineError } from './errors.server';

export interface ParsedUrl {
  scheme: string;
  driver: string | null;
  username?: string;
  password?: string;
  host?: string;
  port?: number;
  database: string;
  query: Record<string, string>;
}

/** Superset's mask for a password shown in a URI (PASSWORD_MASK). */
export const PASSWORD_MASK = 'XXXXXXXXXX';

const URL_PATTERN =
  /^(?<scheme>[A-Za-z][A-Za-z0-9.-]*)(?:\+(?<driver>[A-Za-z0-9_]+))?:\/\/(?:(?<username>[^:/]*)(?::(?<password>[^@]*))?@)?(?:(?:\[(?<ipv6>[^/?\]]+)\]|(?<host>[^/:?]+))?(?::(?<port>[^/?]*))?)?(?:\/(?<database>[^?]*))?(?:\?(?<query>.*))?$/s;

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', `The ${what} in the connection URI is not valid percent-encoding.`, { invalid: [what] });
  }
}

/** The scheme of a URI without its driver: `postgresql+psycopg2://…` → `postgresql`; null if there is none. */
export function uriScheme(uri: string): string | null {
  return /^([A-Za-z][A-Za-z0-9.-]*)(?:\+[A-Za-z0-9_]+)?:/.exec(uri.trim())?.[1]?.toLowerCase() ?? null;
}

export function parseUrl(uri: string): ParsedUrl {
  const m = URL_PATTERN.exec(uri.trim());
  if (!m?.groups) {
    throw engineError('CONNECTION_MISSING_PARAMETERS_ERRORS', 'The connection URI is not valid: expected engine://user:password@host:port/database.', {
      invalid: ['sqlalchemy_uri'],
    });
  }
  const g = m.groups;
  let port: number | undefined;
  if (g.port !== undefined && g.port !== '') {
    port = Number(g.port);
    if (!/^\d+$/.test(g.port) || port < 1 || port > 65535) {
      throw engineError('CONNECTION_INVALID_PORT_ERROR', `Port "${g.port}" is not a valid port number (1 to 65535).`, { invalid: ['port'] });
    }
  }
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(g.query ?? '')) query[key] = value;
  return {
    scheme: g.scheme.toLowerCase(),
    driver: g.driver ?? null,
    username: g.username ? decode(g.username, 'username') : undefined,
    password: g.password !== undefined ? decode(g.password, 'password') : undefined,
    host: g.ipv6 ?? (g.host || undefined),
    port,
    database: g.database ?? '',
    query,
  };
}

export function buildUrl(parts: Omit<ParsedUrl, 'driver'> & { driver?: string | null }): string {
  const scheme = parts.driver ? `${parts.scheme}+${parts.driver}` : parts.scheme;
  let auth = '';
  if (parts.username) {
    auth = encodeURIComponent(parts.username);
    if (parts.password) auth += `:${encodeURIComponent(parts.password)}`;
    auth += '@';
  }
  const host = parts.host?.includes(':') ? `[${parts.host}]` : (parts.host ?? '');
  const port = parts.port ? `:${parts.port}` : '';
  const query = new URLSearchParams(parts.query).toString();
  return `${scheme}://${auth}${host}${port}/${parts.database}${query ? `?${query}` : ''}`;
}

/** The URI with its password replaced by Superset's mask, safe to show and to log. */
export function maskPassword(uri: string): string {
  try {
    const parsed = parseUrl(uri);
    if (!parsed.password) return uri;
    return buildUrl({ ...parsed, password: PASSWORD_MASK });
  } catch {
    return uri.replace(/\/\/([^:/@]*):[^@]*@/, `//$1:${PASSWORD_MASK}@`);
  }
}
