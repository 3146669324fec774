/**
 * A schema built the first time anything touches it. The client's build wraps the shared schemas'
 * definitions in this (scripts/vite-lazy-schemas.ts): a zod schema costs some tens of microseconds
 * to build on a phone, the shared modules define some four hundred, and a screen validates a handful.
 * The server builds them all at start, as written.
 *
 * The stand-in forwards every operation to the schema once built, so parsing, composing (`extend`,
 * `pick`, a shape spread) and zod's `instanceof` (which reads `_zod`) behave as with the schema
 * itself. What it is not: the same object. Methods are read from the built schema and bound to it, so
 * a schema derived from a stand-in points at the built one (`s.optional().unwrap() !== s`), and a
 * registry or a Map keyed by the stand-in does not find the built schema; the client does neither.
 * Nor can it be frozen, sealed or cloned (`structuredClone`); schemas never are.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may report a property as non-configurable only if its target has it too.
      if (descriptor && !descriptor.configurable) Reflect.defineProperty(target, key, descriptor);
      return descriptor;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
