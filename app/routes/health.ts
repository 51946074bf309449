import { store } from '~/server/db.server';

/** 200 OK once the metadata store answers; 503 while it does not. */
export async function loader() {
  try {
    await store().sequelize.query('SELECT 1');
    return new Response('OK', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
  } catch {
    return new Response('metadata store unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } });
  }
}
