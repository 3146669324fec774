import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

/** A schema built through a counter, to see when the stand-in builds it. */
function counted<T>(build: () => T) {
  const calls = { count: 0 };
  const schema = lazySchema(() => {
    calls.count += 1;
    return build() as T & object;
  });
  return { schema, calls };
}

const contactDefinition = () =>
  z.object({
    name: z.string().trim().min(2, 'Name must be at least 2 characters'),
    phone: z.string().regex(/^[6-9]\d{9}$/, 'Enter a valid Indian mobile number'),
    visits: z.number().int().min(0).default(0),
  });

describe('lazySchema', () => {
  it('builds nothing until the schema is touched, then builds it once', () => {
    const { schema, calls } = counted(contactDefinition);
    const composed = z.object({ contact: schema, note: z.string().optional() });
    expect(calls.count).toBe(0);
    expect(composed.parse({ contact: { name: 'Asha', phone: '9876543210' } })).toEqual({
      contact: { name: 'Asha', phone: '9876543210', visits: 0 },
    });
    schema.parse({ name: 'Ravi', phone: '9123456789' });
    expect(calls.count).toBe(1);
  });

  it('parses and refuses exactly as the schema built at once', () => {
    const eager = contactDefinition();
    const { schema } = counted(contactDefinition);
    for (const input of [
      { name: ' Meera ', phone: '9876543210', visits: 3 },
      { name: 'A', phone: '12345' },
      { name: 'Kiran', phone: '9876543210', visits: -1 },
      null,
      'text',
    ]) {
      const a = eager.safeParse(input);
      const b = schema.safeParse(input);
      expect(b.success).toBe(a.success);
      expect(b.data).toEqual(a.data);
      expect(b.error?.issues).toEqual(a.error?.issues);
    }
  });

  it('composes with the methods the shared schemas use', () => {
    const { schema } = counted(contactDefinition);
    const extended = schema.extend({ city: z.string() });
    const picked = schema.pick({ name: true });
    const partial = schema.partial();
    expect(extended.parse({ name: 'Asha', phone: '9876543210', city: 'Pune' })).toMatchObject({ city: 'Pune' });
    expect(picked.parse({ name: 'Asha', phone: 'anything' })).toEqual({ name: 'Asha' });
    expect(partial.parse({})).toEqual(contactDefinition().partial().parse({}));
    expect(schema.optional().parse(undefined)).toBeUndefined();
    expect(schema.array().max(1).safeParse([{}, {}]).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['name', 'phone', 'visits']);
    expect(z.object({ ...schema.shape }).parse({ name: 'Asha', phone: '9876543210' }).visits).toBe(0);
    expect(
      schema.refine((c) => c.name !== 'Nobody', 'Not a name').safeParse({ name: 'Nobody', phone: '9876543210' })
        .success,
    ).toBe(false);
  });

  it('is recognised by zod as the schema it stands for', () => {
    const { schema } = counted(contactDefinition);
    expect(schema instanceof z.ZodObject).toBe(true);
    expect(schema instanceof z.ZodString).toBe(false);
    expect(schema.def.type).toBe('object');
    expect('shape' in schema).toBe(true);
    expect(Object.getPrototypeOf(schema)).toBe(Object.getPrototypeOf(contactDefinition()));
  });

  it('stands for an object of fields, spread into a schema', () => {
    const { schema: fields, calls } = counted(() => ({ name: z.string(), age: z.number().int() }));
    expect(calls.count).toBe(0);
    const person = z.object({ ...fields, city: z.string() });
    expect(Object.keys(fields)).toEqual(['name', 'age']);
    expect(person.parse({ name: 'Asha', age: 30, city: 'Pune' })).toEqual({ name: 'Asha', age: 30, city: 'Pune' });
    expect(person.safeParse({ name: 'Asha', age: 3.5, city: 'Pune' }).success).toBe(false);
  });

  it('builds a recursive schema that refers to itself through the stand-in', () => {
    type Node = { label: string; children: Node[] };
    const tree: z.ZodType<Node> = lazySchema(() =>
      z.object({ label: z.string(), children: z.array(z.lazy(() => tree)) }),
    );
    expect(tree.parse({ label: 'a', children: [{ label: 'b', children: [] }] })).toEqual({
      label: 'a',
      children: [{ label: 'b', children: [] }],
    });
    expect(tree.safeParse({ label: 'a', children: [{ label: 1, children: [] }] }).success).toBe(false);
  });
});
