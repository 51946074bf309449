/**
 * Signals between the processes of one deployment: "query 42 changed", "a job was queued". A
 * signal is a hint to look at the metadata store again, never data: the store stays the truth,
 * so a lost or doubled signal costs latency, not correctness. Delivered to this process at once,
 * and to the others through the metadata database when it is PostgreSQL (LISTEN/NOTIFY, on one
 * connection of its own per process), else through Redis pub/sub when REDIS_URL is set. On a lone
 * SQLite store without Redis there is no channel: `crossProcess` is false and listeners must poll
 * the store (SQLite serves one machine, so that poll is cheap). Trusted: the pg and node-redis
 * drivers; a channel that drops reconnects on the next publish or subscribe.
 */
import { EventEmitter } from 'node:events';
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { parseMetadataUrl } from '../../../db/index';
import { env } from '../env.server';

export type SignalChannel = 'sqllab_query' | 'jobs';
type Listener = (payload: string) => void;

const PG_CHANNEL = 'sightline_signals';
/**
 * Redis channels of one deployment: those sharing a metadata store (the SQLite file, by absolute
 * path). Another deployment on the same Redis (or a parallel test run) has channels of its own,
 * so its query ids never wake this one's followers.
 */
export function redisSignalPrefix(storage: string): string {
  return `sightline:signals:${crypto.createHash('sha256').update(storage).digest('hex').slice(0, 16)}:`;
}

interface Remote {
  readonly kind: 'postgres' | 'redis';
  publish(channel: SignalChannel, message: string): Promise<void>;
  /** Starts receiving every channel (idempotent). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

function postgresRemote(url: string, deliver: (channel: string, message: string) => void): Remote {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const ready = () => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, application_name: 'sightline-signals' });
      // A dropped connection is replaced on the next use; meanwhile listeners fall back on their poll.
      c.on('error', () => {
        if (client === c) client = null;
      });
      c.on('end', () => {
        if (client === c) client = null;
      });
      c.on('notification', (n) => {
        const [channel, ...rest] = (n.payload ?? '').split('|');
        if (n.channel === PG_CHANNEL && channel) deliver(channel, rest.join('|'));
      });
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    kind: 'postgres',
    async publish(channel, message) {
      await (await ready()).query('SELECT pg_notify($1, $2)', [PG_CHANNEL, `${channel}|${message}`]);
    },
    async listen() {
      await ready();
    },
    async close() {
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function redisRemote(url: string, prefix: string, deliver: (channel: string, message: string) => void): Remote {
  const options = { url, socket: { connectTimeout: 5_000, reconnectStrategy: (retries: number) => Math.min(retries * 200, 5_000) } };
  const publisher = createClient(options);
  const subscriber = createClient(options);
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  let subscribing: Promise<void> | null = null;
  return {
    kind: 'redis',
    async publish(channel, message) {
      if (!publisher.isOpen) await publisher.connect();
      await publisher.publish(prefix + channel, message);
    },
    listen() {
      subscribing ??= (async () => {
        if (!subscriber.isOpen) await subscriber.connect();
        await subscriber.pSubscribe(`${prefix}*`, (message, channel) => deliver(channel.slice(prefix.length), message));
      })().catch((error: unknown) => {
        subscribing = null;
        throw error;
      });
      return subscribing;
    },
    async close() {
      if (publisher.isOpen) await publisher.close().catch(() => {});
      if (subscriber.isOpen) await subscriber.close().catch(() => {});
    },
  };
}

export class Signals {
  private readonly local = new EventEmitter();
  private readonly remote: Remote | null;
  /** Who sent a signal: one's own come back through LISTEN/SUBSCRIBE and are dropped there (delivered locally already). */
  private readonly origin = crypto.randomBytes(6).toString('hex');

  constructor(remote: ((deliver: (channel: string, message: string) => void) => Remote) | null) {
    // Every open stream and waiting request listens: no leak, just many listeners.
    this.local.setMaxListeners(0);
    this.remote = remote
      ? remote((channel, raw) => {
          const [origin, ...rest] = raw.split(':');
          if (origin !== this.origin) this.local.emit(channel, rest.join(':'));
        })
      : null;
  }

  /** Whether other processes' signals reach this one (else listeners must poll the store). */
  get crossProcess(): boolean {
    return this.remote !== null;
  }

  get kind(): 'postgres' | 'redis' | 'local' {
    return this.remote?.kind ?? 'local';
  }

  /** Tells this process at once and the others soon; never throws (a lost signal only delays a listener until its poll). */
  publish(channel: SignalChannel, message: string): void {
    this.local.emit(channel, message);
    this.remote?.publish(channel, `${this.origin}:${message}`).catch((error: unknown) => {
      console.error('sightline: publishing a signal failed', error);
    });
  }

  /** Calls `listener` for each signal on `channel`; answers the unsubscribe. */
  subscribe(channel: SignalChannel, listener: Listener): () => void {
    this.local.on(channel, listener);
    this.remote?.listen().catch((error: unknown) => console.error('sightline: listening for signals failed', error));
    return () => {
      this.local.off(channel, listener);
    };
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    await this.remote?.close();
  }
}

declare global {
  var __sightlineSignals: Signals | undefined;
}

export function signals(): Signals {
  if (!globalThis.__sightlineSignals) {
    const e = env();
    const metadata = parseMetadataUrl(e.databaseUrl);
    const remote =
      metadata.dialect === 'postgres'
        ? (deliver: (c: string, m: string) => void) => postgresRemote(metadata.url, deliver)
        : e.REDIS_URL
          ? (deliver: (c: string, m: string) => void) => redisRemote(e.REDIS_URL as string, redisSignalPrefix(metadata.storage), deliver)
          : null;
    globalThis.__sightlineSignals = new Signals(remote);
  }
  return globalThis.__sightlineSignals;
}

/** Signals over Redis on channels under `prefix` (redisSignalPrefix): what signals() makes with REDIS_URL on a SQLite store. */
export function redisSignals(url: string, prefix: string): Signals {
  return new Signals((deliver) => redisRemote(url, prefix, deliver));
}

export async function closeSignals(): Promise<void> {
  const current = globalThis.__sightlineSignals;
  globalThis.__sightlineSignals = undefined;
  await current?.close();
}
