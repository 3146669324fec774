// A server process killed (SIGKILL: no cleanup of any kind) in the middle of a queued change must
// neither lose it nor apply it twice once the device sends it again with the same Idempotency-Key.
// Always PostgreSQL, whatever TEST_DATABASE_URL says: the suite watches the server's transaction
// from a connection of its own, which an embedded database in another process cannot offer.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENEROUS_LIMITS, TEST_JWT_SECRET, freshDatabase, startTestApp, type TestApp } from './support/test-app.ts';
import { appointmentWorld, futureSlot, json, type World } from './support/appointments.ts';
import { bearer } from './support/accounts.ts';
import { freePort, runServer, waitForHealth, type ServerProcess } from './support/server-process.ts';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

let shared: Awaited<ReturnType<typeof freshDatabase>>;
let setup: TestApp;
let w: World;
let watcher: pg.Client;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  shared = await freshDatabase(POSTGRES_ADMIN_URL);
  // Accounts through an app in this process; the changes below go to a server process on the same database.
  setup = await startTestApp({ database: shared.database, rateLimits: GENEROUS_LIMITS });
  w = await appointmentWorld(setup, 'crash');
  watcher = new pg.Client({ connectionString: shared.url });
  await watcher.connect();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-crash-'));
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.kill();
  await watcher?.end();
  await setup?.close();
  await shared?.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ server: ServerProcess; port: number }> {
  const port = await freePort();
  const server = runServer({
    PORT: String(port),
    DATABASE_URL: shared.url!,
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  });
  servers.push(server);
  await waitForHealth(port, server.child);
  return { server, port };
}

function book(port: number, key: string, scheduledAt: string, signal?: AbortSignal) {
  return fetch(`http://127.0.0.1:${port}/api/appointments/patient/book-appointment`, {
    method: 'POST',
    signal,
    headers: { ...bearer(w.patient.token), 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ doctorId: w.otherDoctor.referenceId, scheduledAt, mode: 'IN_PERSON', reason: 'Chest pain' }),
  });
}

async function appointmentsAt(scheduledAt: string): Promise<string[]> {
  const { rows } = await watcher.query<{ id: string }>(
    'select id from appointments where doctor_id = $1 and scheduled_at = $2',
    [w.otherDoctor.referenceId, scheduledAt],
  );
  return rows.map((row) => row.id);
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A TCP hop that passes the request on but keeps the server's answer back: a reply lost on its way. */
function answerSwallowingProxy(targetPort: number): Promise<{ port: number; close(): void }> {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.on('data', () => undefined);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve({
        port: (proxy.address() as net.AddressInfo).port,
        close() {
          for (const socket of sockets) socket.destroy();
          proxy.close();
        },
      }),
    ),
  );
}

describe('a server killed in the middle of a queued change', () => {
  it('before its commit: nothing was applied, and the retry applies it once', async () => {
    const { server, port } = await startServer();
    const key = randomUUID();
    const at = futureSlot(40);

    // Hold the booking's transaction half-way: it has written the appointment and waits to notify.
    await watcher.query('begin');
    await watcher.query('lock table notifications in share row exclusive mode');
    const aborted = new AbortController();
    const first = book(port, key, at, aborted.signal).catch((error: unknown) => error);
    await until('the booking to wait inside its transaction', async () => {
      const { rows } = await watcher.query(
        `select 1 from pg_locks where not granted and relation = 'notifications'::regclass`,
      );
      return rows.length > 0;
    });
    // Meanwhile a device asking about the key learns it is being handled (not unknown: not to be made again).
    const lookup = await fetch(`http://127.0.0.1:${port}/api/idempotency-keys/lookup`, {
      method: 'POST',
      headers: { ...bearer(w.patient.token), 'content-type': 'application/json' },
      body: JSON.stringify({ keys: [key, randomUUID()] }),
    });
    expect((await json(lookup)).data.keys).toEqual([
      expect.objectContaining({ key, state: 'IN_PROGRESS', status: null }),
    ]);
    await server.kill();
    await watcher.query('rollback');
    expect(await first).toBeInstanceOf(Error);

    expect(await appointmentsAt(at)).toEqual([]);
    const { rows: keys } = await watcher.query('select 1 from idempotency_keys where key = $1', [key]);
    expect(keys).toEqual([]);

    const restarted = await startServer();
    const retry = await book(restarted.port, key, at);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const created = await json(retry);
    expect(await appointmentsAt(at)).toEqual([created.data.id]);

    const again = await book(restarted.port, key, at);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await json(again)).toEqual(created);
    expect(await appointmentsAt(at)).toHaveLength(1);
  }, 120_000);

  it('after its commit, before the answer reached the device: the retry gets that answer, nothing twice', async () => {
    const { server, port } = await startServer();
    const proxy = await answerSwallowingProxy(port);
    const key = randomUUID();
    const at = futureSlot(41);

    const first = book(proxy.port, key, at).catch((error: unknown) => error);
    const [id] = await until('the booking to be committed', async () => {
      const ids = await appointmentsAt(at);
      return ids.length > 0 ? ids : undefined;
    });
    await server.kill();
    proxy.close();
    expect(await first).toBeInstanceOf(Error);

    const restarted = await startServer();
    const retry = await book(restarted.port, key, at);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(retry)).data.id).toBe(id);
    expect(await appointmentsAt(at)).toEqual([id]);
  }, 120_000);
});
