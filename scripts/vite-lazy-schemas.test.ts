import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseSchemaModule,
  planModule,
  schemaModuleFacts,
  wrapSchemas,
  type ModuleFacts,
} from './vite-lazy-schemas.ts';

const SCHEMAS = path.resolve(import.meta.dirname, '..', 'domain', 'schemas');
const modules = readdirSync(SCHEMAS)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => path.join(SCHEMAS, name));

/** The names a module's build wraps. */
function wrappedNames(file: string, facts: Map<string, ModuleFacts>): string[] {
  const code = readFileSync(file, 'utf8');
  return planModule(parseSchemaModule(code, file), code, file, facts).wrapped.map((d) => d.name);
}

/** Wraps `code` as if it were a schema module beside the real ones (their exports are known to it). */
function wrapFixture(code: string): string {
  const result = wrapSchemas(code, path.join(SCHEMAS, 'fixture.ts'), schemaModuleFacts());
  return result?.code ?? code;
}

describe('the client build wraps the shared schemas', () => {
  it('wraps schemas, chains on schemas, results of schema functions and objects of fields', () => {
    const out = wrapFixture(
      [
        "import { z } from 'zod';",
        "import { lineText } from './text.ts';",
        "import { paginationQuery } from './common.ts';",
        'export const LIMIT = 20;',
        "export const KINDS = ['A', 'B'] as const;",
        'const label = (name: string) => lineText(name).trim().max(100);',
        'export function withRule<T extends z.ZodType>(schema: T) { return schema.refine(() => true); }',
        "export const name = label('Name');",
        'export const kind = z.enum(KINDS);',
        'export const count = z.coerce.number().int();',
        'export const listQuery = paginationQuery.extend({ kind: kind.optional() });',
        'export const ruled = withRule(z.object({ name }));',
        'const fields = { name, kind: kind.optional(), ...{} };',
        'export const personFields = { name, count };',
        'export const kindOptions = kind.options;',
        'export const checked = kind.safeParse("A");',
        'export const jsonSchema = z.toJSONSchema(kind);',
        'export const described = kind.meta();',
        'export const nonEmpty = z.refine((v: string) => v.length > 0);',
      ].join('\n'),
    );
    const wrapped = [...out.matchAll(/export const (\w+) = \/\* @__PURE__ \*\/ __lazySchema\(/g)].map((m) => m[1]);
    expect(wrapped).toEqual(['name', 'kind', 'count', 'listQuery', 'ruled', 'personFields']);
    // A spread of something that is not known to be fields leaves the object as it is.
    expect(out).toContain('const fields = { name, kind: kind.optional(), ...{} };');
    expect(out).toMatch(/^import \{ lazySchema as __lazySchema \} from ".*\/src\/app\/lazySchema\.ts";/);
  });

  it('leaves a module without schemas as it is', () => {
    expect(wrapSchemas('export const LIMIT = 20;', path.join(SCHEMAS, 'fixture.ts'), new Map())).toBeNull();
  });

  describe('on the real modules, checked against their types', { timeout: 60_000 }, () => {
    let checker: ts.TypeChecker;
    let program: ts.Program;
    beforeAll(() => {
      program = ts.createProgram(modules, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        noEmit: true,
        skipLibCheck: true,
        strict: true,
      });
      checker = program.getTypeChecker();
    }, 60_000);

    /** Each top-level const of a module, with what its type says it is. */
    function constsOf(file: string) {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`${file} is not in the program`);
      const found: { name: string; kind: 'schema' | 'fields' | 'other'; aliasOrFunction: boolean }[] = [];
      const isSchema = (type: ts.Type) => Boolean(type.getProperty('_zod')) && type.getCallSignatures().length === 0;
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const type = checker.getTypeAtLocation(declaration.name);
          const properties = type.getProperties();
          const fields =
            !isSchema(type) &&
            properties.length > 0 &&
            properties.every((p) => isSchema(checker.getTypeOfSymbolAtLocation(p, declaration.name)));
          const init = declaration.initializer;
          found.push({
            name: declaration.name.getText(source),
            kind: isSchema(type) ? 'schema' : fields ? 'fields' : 'other',
            aliasOrFunction: Boolean(init && (ts.isIdentifier(init) || ts.isArrowFunction(init))),
          });
        }
      }
      return found;
    }

    it('wraps only consts whose type is a schema or an object of schemas', () => {
      const facts = schemaModuleFacts();
      const wrongly: string[] = [];
      for (const file of modules) {
        const kinds = new Map(constsOf(file).map((c) => [c.name, c.kind]));
        for (const name of wrappedNames(file, facts))
          if (kinds.get(name) === 'other') wrongly.push(`${path.basename(file)}: ${name}`);
      }
      expect(wrongly).toEqual([]);
    });

    it('wraps every schema and object of schemas a module defines', () => {
      const facts = schemaModuleFacts();
      const missed: string[] = [];
      let total = 0;
      for (const file of modules) {
        const wrapped = new Set(wrappedNames(file, facts));
        for (const c of constsOf(file)) {
          if (c.kind === 'other' || c.aliasOrFunction) continue;
          total += 1;
          if (!wrapped.has(c.name)) missed.push(`${path.basename(file)}: ${c.name}`);
        }
      }
      expect(missed).toEqual([]);
      expect(total).toBeGreaterThan(300);
    });
  });

  describe('on the real modules, as the client runs them', { timeout: 60_000 }, () => {
    // A copy of domain/ whose schema modules are what the client's build makes of them.
    const copy = mkdtempSync(path.join(os.tmpdir(), 'caremesh-lazy-schemas-'));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    beforeAll(() => {
      const root = path.resolve(import.meta.dirname, '..');
      cpSync(path.join(root, 'domain'), path.join(copy, 'domain'), { recursive: true });
      symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const facts = schemaModuleFacts();
      for (const file of modules) {
        const wrapped = wrapSchemas(readFileSync(file, 'utf8'), file, facts);
        if (wrapped) writeFileSync(path.join(copy, 'domain', 'schemas', path.basename(file)), wrapped.code);
      }
    }, 60_000);

    const INPUTS: unknown[] = [
      undefined,
      null,
      {},
      [],
      '',
      'text',
      -1,
      1,
      true,
      '2026-11-28',
      '2026-11-28T10:00:00+05:30',
      '9876543210',
      { page: '2', limit: '500' },
      { name: 'Asha Rao', email: 'asha@example.in', phone: '9876543210', city: 'Pune' },
    ];
    const outcome = (
      schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: unknown } } },
      input: unknown,
    ) => {
      const result = schema.safeParse(input);
      return JSON.stringify(result.success ? { data: result.data } : { issues: result.error?.issues });
    };

    it('parses and refuses with every exported schema exactly as the eager modules do', async () => {
      let compared = 0;
      const differences: string[] = [];
      for (const file of modules) {
        const name = path.basename(file);
        const eager = (await import(file)) as Record<string, unknown>;
        const lazy = (await import(path.join(copy, 'domain', 'schemas', name))) as Record<string, unknown>;
        for (const [key, value] of Object.entries(eager)) {
          if (!value || typeof value !== 'object' || !('_zod' in value)) continue;
          compared += 1;
          const standIn = lazy[key] as typeof value;
          if (!(standIn instanceof (value as { constructor: new () => unknown }).constructor))
            differences.push(`${name}: ${key} is not a ${value.constructor.name}`);
          for (const input of INPUTS)
            if (outcome(standIn as never, input) !== outcome(value as never, input)) {
              differences.push(`${name}: ${key} on ${JSON.stringify(input)}`);
              break;
            }
        }
      }
      expect(differences).toEqual([]);
      expect(compared).toBeGreaterThan(300);
    });
  });
});
