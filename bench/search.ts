// Directory search over 50,000 organisations: a geo radius of 25 km around a city, two filters and a
// text query, over real HTTP against the real app, signed in as a USER. Prints p50/p95/p99 per kind
// and database next to the DESIGN budget (p95 ≤ 25 ms); never fails on them.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or the local server) answers.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { freshPostgres } from './_support.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { directorySplit } from '../server/db/demo/directory.ts';
import { fillDirectory } from '../server/db/demo/insert.ts';
import { CITIES } from '../server/db/demo/places.ts';
import { createRandom, type Random } from '../server/db/demo/random.ts';
import { users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/platform/passwords.ts';

const BUDGET_P95_MS = 25;
const ORGANISATIONS = 50_000;
const WARM_UP = 30;
const REQUESTS = 300;
const RADIUS_KM = 25;
const USER = { email: 'bench-user@caremesh.test', password: 'Bench-search-2026' };

type Kind = { path: string; label: string; query: (random: Random) => Record<string, string> };

const pick = <T>(random: Random, items: readonly T[]) => random.pick(items);
const oneOf = (random: Random, filters: ReadonlyArray<Record<string, string>>) => random.pick(filters);

/** Each kind's query: two of its filters, drawn so that most searches still find something. */
const KINDS: readonly Kind[] = [
  {
    path: '/api/hospitals/search',
    label: 'hospitals',
    query: (r) => ({
      specialties: pick(r, ['GENERAL_MEDICINE', 'PEDIATRICS', 'ORTHOPEDICS', 'CARDIOLOGY', 'OBSTETRICS_GYNECOLOGY']),
      ...oneOf(r, [{ emergencyServices: 'true' }, { icuAvailability: 'true' }, { hospitalType: 'PRIVATE' }]),
      searchQuery: pick(r, ['hospital', 'care', 'multi', 'shanti', 'nursing', 'sun']),
    }),
  },
  {
    path: '/api/doctors/search',
    label: 'doctors',
    query: (r) => ({
      specializations: pick(r, ['GENERAL_MEDICINE', 'PEDIATRICS', 'DENTISTRY', 'OBSTETRICS_GYNECOLOGY', 'ORTHOPEDICS']),
      ...oneOf(r, [
        { telemedicineAvailable: 'true' },
        { gender: 'FEMALE' },
        { languagesSpoken: 'HINDI' },
        { minExperience: '5' },
        { maxConsultationFee: '800' },
      ]),
      searchQuery: pick(r, ['an', 'sh', 'kumar', 'sharma', 'reddy', 'patil', 'das', 'priya']),
    }),
  },
  {
    path: '/api/diagnostics/search',
    label: 'diagnostics',
    query: (r) => ({
      testsAvailable: pick(r, ['CBC', 'LIPID_PROFILE', 'X_RAY', 'ULTRASOUND', 'TFT']),
      ...oneOf(r, [{ hasHomeCollection: 'true' }, { accreditations: 'NABL' }, { facilityType: 'BLOOD_LAB' }]),
      searchQuery: pick(r, ['lab', 'diagnostic', 'imaging', 'path', 'metro', 'clinic']),
    }),
  },
  {
    path: '/api/pharmacies/search',
    label: 'pharmacies',
    query: (r) => ({
      services: pick(r, ['PHARMACIST_CONSULTATION', 'BLOOD_PRESSURE_MONITORING', 'HOME_DELIVERY']),
      ...oneOf(r, [{ hasHomeDelivery: 'true' }, { medicationTypes: 'GENERIC' }, { hasEmergencyService: 'true' }]),
      searchQuery: pick(r, ['medical', 'pharmacy', 'sai', 'aushadhi', 'chemists', 'stores']),
    }),
  },
];

type Target = { label: string; database: Database; dataDir: string; dispose(): Promise<void> };

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'caremesh-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  return {
    label: 'PGlite',
    database,
    dataDir,
    async dispose() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the PostgreSQL server, dropped afterwards; a reason string when there is none. */
async function postgresTarget(): Promise<Target | string> {
  const target = await freshPostgres();
  return typeof target === 'string' ? target : { ...target, label: 'PostgreSQL' };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

type Row = { database: string; kind: string; p50: number; p95: number; p99: number; matches: number };

async function benchTarget(target: Target, rows: Row[], notes: string[]) {
  const { database } = target;
  const started = performance.now();
  let lastPrinted = 0;
  await fillDirectory(database.db, {
    seed: 'bench',
    count: ORGANISATIONS,
    onProgress({ inserted, total, elapsedMs }) {
      if (inserted < total && elapsedMs - lastPrinted < 3_000) return;
      lastPrinted = elapsedMs;
      process.stdout.write(
        `  ${target.label}: ${inserted} / ${total} organisations, ${(elapsedMs / 1000).toFixed(1)} s\n`,
      );
    },
  });
  console.log(`  ${target.label}: filled and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await database.db.insert(users).values({
    email: USER.email,
    role: 'USER',
    name: 'Bench User',
    passwordHash: await hashPassword(USER.password),
    emailVerifiedAt: new Date(),
  });
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: target.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const signin = await fetch(`${base}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(USER),
    });
    if (signin.status !== 200) throw new Error(`signing in as a USER answered ${signin.status}`);
    const { data } = (await signin.json()) as { data: { token: string } };
    const headers = { authorization: `Bearer ${data.token}` };

    for (const kind of KINDS) {
      const probe = await fetch(`${base}${kind.path}?limit=1`, { headers });
      await probe.arrayBuffer();
      if (probe.status === 404) {
        notes.push(`${target.label}: ${kind.path} answers 404 (route not there yet); ${kind.label} skipped`);
        continue;
      }
      const random = createRandom(`bench-search/${kind.label}`);
      const timings: number[] = [];
      let matches = 0;
      let failure: string | undefined;
      for (let i = 0; i < WARM_UP + REQUESTS && !failure; i++) {
        const city = random.pick(CITIES);
        const query = new URLSearchParams({
          latitude: String(city.latitude),
          longitude: String(city.longitude),
          maxDistanceInKm: String(RADIUS_KM),
          ...kind.query(random),
        });
        const sent = performance.now();
        const res = await fetch(`${base}${kind.path}?${query}`, { headers });
        const body = await res.text();
        const elapsed = performance.now() - sent;
        if (res.status !== 200) {
          failure = `${kind.path}?${query} answered ${res.status}: ${body.slice(0, 300)}`;
          break;
        }
        if (i < WARM_UP) continue;
        timings.push(elapsed);
        matches += (JSON.parse(body) as { data: { pagination?: { total?: number } } }).data.pagination?.total ?? 0;
      }
      if (failure) {
        notes.push(`${target.label}: ${kind.label} not measured — ${failure}`);
        continue;
      }
      timings.sort((a, b) => a - b);
      rows.push({
        database: target.label,
        kind: kind.label,
        p50: percentile(timings, 50),
        p95: percentile(timings, 95),
        p99: percentile(timings, 99),
        matches: matches / REQUESTS,
      });
    }
  } finally {
    await app.close();
  }
}

const split = directorySplit(ORGANISATIONS);
console.log(
  `Directory search: ${ORGANISATIONS.toLocaleString('en-IN')} organisations (${split.hospitals} hospitals, ` +
    `${split.doctors} doctors, ${split.diagnosticsCentres} diagnostics centres, ${split.pharmacies} pharmacies); ` +
    `${REQUESTS} requests per kind after ${WARM_UP} warm-up, ${RADIUS_KM} km around a random city + 2 filters + text, ` +
    `one at a time over HTTP as a USER.`,
);
const rows: Row[] = [];
const notes: string[] = [];
const total = performance.now();
for (const open of [pgliteTarget, postgresTarget]) {
  const target = await open();
  if (typeof target === 'string') {
    notes.push(target);
    continue;
  }
  try {
    await benchTarget(target, rows, notes);
  } catch (error) {
    notes.push(`${target.label}: failed — ${(error as Error).message}`);
  } finally {
    await target.dispose();
  }
}

console.log(
  `\n${'database'.padEnd(12)}${'kind'.padEnd(13)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}` +
    `   p95 / budget (${BUDGET_P95_MS} ms)   matches per search`,
);
for (const row of rows) {
  const ratio = row.p95 / BUDGET_P95_MS;
  console.log(
    `${row.database.padEnd(12)}${row.kind.padEnd(13)}${ms(row.p50)}${ms(row.p95)}${ms(row.p99)}` +
      `   ${ratio.toFixed(2)}× ${ratio <= 1 ? 'within' : 'OVER'}`.padEnd(27) +
      row.matches.toFixed(1).padStart(8),
  );
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
