import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  // Without a hash (an invited account that has not set one) still spend the time, so timing tells nothing.
  if (!storedHash) {
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
