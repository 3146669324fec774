/**
 * A schema built the first time anything touches it. The client's build wraps the shared schemas'
 * definitions in this (scripts/vite-lazy-schemas.ts): a zod schema costs some tens of microseconds
 * to build on a phone, the shared modules define some four hundred, and a screen validates a handful.
 * The server builds them all at start, as written.
 *
 * The stand-in forwards every operation to the schema once built, so a caller, zod itself included,
 * cannot tell the two apart: methods run with the stand-in as `this` and reach the real fields
 * through it; `instanceof` asks zod's own check, which reads `_zod`.
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
