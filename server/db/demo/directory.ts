import {
  createNameBook,
  createSlugBook,
  makeDiagnosticsCentre,
  makeDoctor,
  makeHospital,
  makePharmacy,
  type DiagnosticsRow,
  type DoctorRow,
  type HospitalRef,
  type HospitalRow,
  type PharmacyRow,
} from './generators.ts';
import { cityPlan } from './network.ts';
import { createRandom } from './random.ts';

export const DIRECTORY_KINDS = ['hospitals', 'doctors', 'diagnosticsCentres', 'pharmacies'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** How a large directory splits: doctors outnumber chemists, who outnumber hospitals and labs. */
export const DIRECTORY_SHARES: Record<DirectoryKind, number> = {
  hospitals: 0.2,
  doctors: 0.4,
  diagnosticsCentres: 0.15,
  pharmacies: 0.25,
};

export type DirectoryBatch =
  | { kind: 'hospitals'; rows: HospitalRow[] }
  | { kind: 'doctors'; rows: DoctorRow[] }
  | { kind: 'diagnosticsCentres'; rows: DiagnosticsRow[] }
  | { kind: 'pharmacies'; rows: PharmacyRow[] };

/** How many of each kind `count` organisations make; the shares add up to exactly `count`. */
export function directorySplit(count: number): Record<DirectoryKind, number> {
  const split = {} as Record<DirectoryKind, number>;
  let given = 0;
  for (const kind of DIRECTORY_KINDS) {
    split[kind] = Math.floor(count * DIRECTORY_SHARES[kind]);
    given += split[kind];
  }
  split.doctors += count - given;
  return split;
}

export type DirectoryOptions = {
  seed: string;
  count: number;
  batchSize?: number;
  /** Doctor slugs already in the database, so new ones never collide with them. */
  existingSlugs?: Iterable<string>;
};

/**
 * A large directory for benchmarks, `batchSize` rows at a time so it never sits in memory whole:
 * hospitals first, then doctors (60% practising at one of those hospitals), diagnostics centres and
 * pharmacies. Deterministic for a seed.
 */
export function* directoryBatches(options: DirectoryOptions): Generator<DirectoryBatch> {
  const { seed, count, batchSize = 1000 } = options;
  const split = directorySplit(count);
  const root = createRandom(`directory/${seed}`);
  const names = createNameBook();
  const slugs = createSlugBook(options.existingSlugs);
  const hospitalsByCity = new Map<string, HospitalRef[]>();

  function* inBatches<T>(kind: DirectoryKind, make: (city: ReturnType<typeof cityPlan>[number]) => T) {
    const random = root.fork(`${kind}/cities`);
    let rows: T[] = [];
    for (const city of cityPlan(random, split[kind])) {
      rows.push(make(city));
      if (rows.length >= batchSize) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length > 0) yield rows;
  }

  const hospitalRandom = root.fork('hospitals');
  for (const rows of inBatches('hospitals', (city) => {
    const hospital = makeHospital(hospitalRandom, city, names);
    const ref = {
      id: hospital.id,
      address: hospital.address,
      latitude: hospital.latitude,
      longitude: hospital.longitude,
      specialties: hospital.specialties,
    };
    const local = hospitalsByCity.get(city.name);
    if (local) local.push(ref);
    else hospitalsByCity.set(city.name, [ref]);
    return hospital;
  })) {
    yield { kind: 'hospitals', rows };
  }

  const doctorRandom = root.fork('doctors');
  for (const rows of inBatches('doctors', (city) => {
    const local = hospitalsByCity.get(city.name) ?? [];
    const hospital = local.length > 0 && doctorRandom.chance(0.6) ? doctorRandom.pick(local) : undefined;
    return makeDoctor(doctorRandom, city, slugs, { hospital });
  })) {
    yield { kind: 'doctors', rows };
  }

  const diagnosticsRandom = root.fork('diagnostics');
  for (const rows of inBatches('diagnosticsCentres', (city) => makeDiagnosticsCentre(diagnosticsRandom, city, names))) {
    yield { kind: 'diagnosticsCentres', rows };
  }

  const pharmacyRandom = root.fork('pharmacies');
  for (const rows of inBatches('pharmacies', (city) => makePharmacy(pharmacyRandom, city, names))) {
    yield { kind: 'pharmacies', rows };
  }
}
