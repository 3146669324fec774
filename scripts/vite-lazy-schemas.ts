import MagicString from 'magic-string';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin } from 'vite';

/**
 * The client builds each shared schema the first time it is used, not when its module loads.
 *
 * `domain/schemas/` defines some four hundred zod schemas at the top level of its modules, for the
 * server and the client alike. Building one costs some tens of microseconds on a phone (zod sets up
 * each schema and every check it carries), and a module is built whole when any screen imports one
 * name from it: the signed-in screen a patient opens every day built a few hundred schemas to
 * validate three answers, a long task on the phone's main thread before the screen could respond.
 *
 * So, in the client's build only, each top-level `const` whose value is a zod schema, or an object of
 * schemas a shape is spread from (`patientFields`), is wrapped as `lazySchema(() => <its definition>)`
 * (src/app/lazySchema.ts): a stand-in that builds it on first touch and then forwards everything to
 * it. The source reads as before and the server builds everything at start, as written. The wrapper
 * is marked pure, so a schema the client never names is left out of the bundle altogether.
 *
 * Which consts hold schemas is read from the syntax: a call on `z` (`z.object(…)`, `z.coerce.number()`),
 * a call on a schema (`base.extend(…)`, `.optional()`), or a call of a function whose result is one
 * (`lineText('City')`, or `withGeoRules(schema)` whose parameter is typed as a schema), across the
 * modules' imports of one another. A call that answers something else (`.parse`, `.safeParse`,
 * `.meta()` …) is not wrapped. `vite-lazy-schemas.test.ts` checks the choice against the types: every
 * const wrapped is a schema or an object of them, and every such const is wrapped.
 */

/** Methods of a schema, or of `z`, that answer something other than a schema. */
const NOT_A_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'encode',
  'decode',
  'encodeAsync',
  'decodeAsync',
  'safeEncode',
  'safeDecode',
  'safeEncodeAsync',
  'safeDecodeAsync',
  'isOptional',
  'isNullable',
  'toJSONSchema',
  'treeifyError',
  'prettifyError',
  'flattenError',
  'formatError',
  'registry',
  'config',
  // Checks, not schemas: they are added to a schema (`.check(…)`), never parsed alone.
  'refine',
  'superRefine',
  'check',
  'overwrite',
]);
/** Methods of a schema that are schema methods only on a schema (`z.refine` is a check, `s.refine` a schema). */
const SCHEMA_METHODS_NAMED_LIKE_CHECKS = new Set(['refine', 'superRefine', 'check', 'overwrite']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };
/** What a module offers the modules importing it: its exported schemas and functions answering one. */
export type ModuleFacts = { schemas: Set<string>; schemaFunctions: Set<string>; fields: Set<string> };
type Scope = ModuleFacts & { code: string };

const SCHEMAS_DIR = path.resolve(import.meta.dirname, '..', 'domain', 'schemas');
const RUNTIME = path.resolve(import.meta.dirname, '..', 'src', 'app', 'lazySchema.ts');

function unwrap(node: Node): Node {
  let current = node;
  while (
    current.type === 'ParenthesizedExpression' ||
    current.type === 'TSAsExpression' ||
    current.type === 'TSSatisfiesExpression' ||
    current.type === 'TSNonNullExpression'
  )
    current = current.expression as Node;
  return current;
}

/** `z`, or a namespace on it without calls (`z.coerce`, `z.iso`). */
function isZodNamespace(node: Node): boolean {
  const current = unwrap(node);
  if (current.type === 'Identifier') return current.name === 'z';
  if (current.type === 'MemberExpression' && !current.computed) return isZodNamespace(current.object as Node);
  return false;
}

function isSchema(node: Node, scope: Scope): boolean {
  const current = unwrap(node);
  if (current.type === 'Identifier') return scope.schemas.has(current.name as string);
  if (current.type !== 'CallExpression') return false;
  const callee = unwrap(current.callee as Node);
  if (callee.type === 'Identifier') return scope.schemaFunctions.has(callee.name as string);
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const method = (callee.property as Node).name as string;
  const args = current.arguments as Node[];
  if (method === 'meta' && args.length === 0) return false;
  const target = callee.object as Node;
  if (isZodNamespace(target)) return !NOT_A_SCHEMA.has(method);
  if (NOT_A_SCHEMA.has(method) && !SCHEMA_METHODS_NAMED_LIKE_CHECKS.has(method)) return false;
  return isSchema(target, scope);
}

/** A shape's fields: an object literal whose every entry is a schema or the spread of another such object. */
function isFields(node: Node, scope: Scope): boolean {
  const current = unwrap(node);
  if (current.type !== 'ObjectExpression') return false;
  const entries = current.properties as Node[];
  return (
    entries.length > 0 &&
    entries.every((entry) =>
      entry.type === 'SpreadElement'
        ? unwrap(entry.argument as Node).type === 'Identifier' &&
          scope.fields.has(unwrap(entry.argument as Node).name as string)
        : entry.type === 'Property' && !entry.computed && entry.kind === 'init' && isSchema(entry.value as Node, scope),
    )
  );
}

/**
 * The names of a function's parameters typed as schemas (`schema: T` with `T extends z.ZodType`,
 * `day: z.ZodType`): a call on one of them answers a schema.
 */
function schemaParameters(fn: Node, scope: Scope): string[] {
  const typeText = (node: Node | null | undefined) => (node ? scope.code.slice(node.start, node.end) : '');
  const schemaTypes = new Set<string>();
  const typeParameters = ((fn.typeParameters as Node | null)?.params as Node[] | undefined) ?? [];
  for (const parameter of typeParameters)
    if (/^z\.Zod/.test(typeText(parameter.constraint as Node | null)))
      schemaTypes.add((parameter.name as Node).name as string);
  const names: string[] = [];
  for (const parameter of fn.params as Node[]) {
    if (parameter.type !== 'Identifier') continue;
    const annotation = typeText(((parameter.typeAnnotation as Node | null)?.typeAnnotation as Node | null) ?? null);
    if (/^z\.Zod/.test(annotation) || schemaTypes.has(annotation)) names.push(parameter.name as string);
  }
  return names;
}

/** Whether a function's result is a schema: an arrow's expression, or every `return` of its body. */
function answersSchema(fn: Node, outer: Scope): boolean {
  const parameters = schemaParameters(fn, outer);
  const scope = parameters.length ? { ...outer, schemas: new Set([...outer.schemas, ...parameters]) } : outer;
  const body = fn.body as Node;
  if (body.type !== 'BlockStatement') return isSchema(body, scope);
  const returns: Node[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'ReturnStatement') returns.push(n);
    // A nested function's returns are its own.
    if (n !== fn && /Function/.test(n.type)) return;
    for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
  };
  visit(body);
  return returns.length > 0 && returns.every((r) => r.argument != null && isSchema(r.argument as Node, scope));
}

type Declaration = { name: string; init: Node | null; exported: boolean; kind: 'const' | 'function' | 'other' };

function topLevelDeclarations(program: Node): Declaration[] {
  const found: Declaration[] = [];
  for (const statement of program.body as Node[]) {
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = (exported ? statement.declaration : statement) as Node | null;
    if (!declaration) continue;
    if (declaration.type === 'FunctionDeclaration' && declaration.id)
      found.push({ name: (declaration.id as Node).name as string, init: declaration, exported, kind: 'function' });
    if (declaration.type === 'VariableDeclaration')
      for (const declarator of declaration.declarations as Node[]) {
        const id = declarator.id as Node;
        if (id.type !== 'Identifier') continue;
        found.push({
          name: id.name as string,
          init: (declarator.init as Node | null) ?? null,
          exported,
          kind: declaration.kind === 'const' ? 'const' : 'other',
        });
      }
  }
  return found;
}

/** Local names bound by `import { a as b } from './other.ts'` to the facts of the schema module imported. */
function importedScope(program: Node, code: string, file: string, facts: Map<string, ModuleFacts>): Scope {
  const scope: Scope = { schemas: new Set(), schemaFunctions: new Set(), fields: new Set(), code };
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = (statement.source as Node).value as string;
    if (!source.startsWith('.')) continue;
    const from = facts.get(path.resolve(path.dirname(file), source));
    if (!from) continue;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type !== 'ImportSpecifier') continue;
      const imported = (specifier.imported as Node).name as string;
      const local = (specifier.local as Node).name as string;
      if (from.schemas.has(imported)) scope.schemas.add(local);
      if (from.schemaFunctions.has(imported)) scope.schemaFunctions.add(local);
      if (from.fields.has(imported)) scope.fields.add(local);
    }
  }
  return scope;
}

export type ModulePlan = { facts: ModuleFacts; wrapped: Declaration[] };

/** Which of a module's consts hold schemas or fields (to wrap), and what it exports to other modules. */
export { parse as parseSchemaModule };

export function planModule(program: Node, code: string, file: string, facts: Map<string, ModuleFacts>): ModulePlan {
  const scope = importedScope(program, code, file, facts);
  const declarations = topLevelDeclarations(program);
  const wrapped = new Set<Declaration>();
  // Functions may use one another in any order: settle until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const declaration of declarations) {
      const { init } = declaration;
      if (!init || wrapped.has(declaration) || scope.schemaFunctions.has(declaration.name)) continue;
      const fn = declaration.kind === 'function' ? init : unwrap(init);
      if (/Function/.test(fn.type)) {
        if (answersSchema(fn, scope)) {
          scope.schemaFunctions.add(declaration.name);
          changed = true;
        }
      } else if (declaration.kind === 'const' && unwrap(init).type === 'CallExpression' && isSchema(init, scope)) {
        wrapped.add(declaration);
        scope.schemas.add(declaration.name);
        changed = true;
      } else if (declaration.kind === 'const' && isFields(init, scope)) {
        wrapped.add(declaration);
        scope.fields.add(declaration.name);
        changed = true;
      }
    }
  }
  const exported = new Set(declarations.filter((d) => d.exported).map((d) => d.name));
  return {
    facts: {
      schemas: new Set([...scope.schemas].filter((name) => exported.has(name))),
      schemaFunctions: new Set([...scope.schemaFunctions].filter((name) => exported.has(name))),
      fields: new Set([...scope.fields].filter((name) => exported.has(name))),
    },
    wrapped: [...wrapped],
  };
}

function isSchemaModule(file: string): boolean {
  return path.dirname(file) === SCHEMAS_DIR && file.endsWith('.ts') && !file.endsWith('.test.ts');
}

function parse(code: string, file: string): Node {
  const { program, errors } = parseSync(file, code, { lang: 'ts' });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message ?? 'does not parse'}`);
  return program as unknown as Node;
}

/** Every schema module's facts, settled across their imports of one another. */
export function schemaModuleFacts(dir = SCHEMAS_DIR): Map<string, ModuleFacts> {
  const programs = readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter(isSchemaModule)
    .map((file) => {
      const code = readFileSync(file, 'utf8');
      return { file, code, program: parse(code, file) };
    });
  const facts = new Map<string, ModuleFacts>();
  for (let changed = true; changed;) {
    changed = false;
    for (const { file, code, program } of programs) {
      const next = planModule(program, code, file, facts).facts;
      const before = facts.get(file);
      const size = (f: ModuleFacts) => f.schemas.size + f.schemaFunctions.size + f.fields.size;
      if (before && size(before) === size(next)) continue;
      facts.set(file, next);
      changed = true;
    }
  }
  return facts;
}

/** The module with its schema consts wrapped, or null when it has none. */
export function wrapSchemas(code: string, file: string, facts: Map<string, ModuleFacts>) {
  const { wrapped } = planModule(parse(code, file), code, file, facts);
  if (wrapped.length === 0) return null;
  const out = new MagicString(code);
  for (const { init } of wrapped) {
    if (!init) continue;
    out.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => (');
    out.appendRight(init.end, '))');
  }
  out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(RUNTIME)};\n`);
  return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: file }), wrapped };
}

export function lazySchemas(): Plugin {
  let facts = new Map<string, ModuleFacts>();
  return {
    name: 'caremesh-lazy-schemas',
    apply: 'build',
    // Before TypeScript is stripped: the source as written is what is read.
    enforce: 'pre',
    buildStart() {
      facts = schemaModuleFacts();
    },
    transform(code, id) {
      // Vite's ids use forward slashes on every system; the folder compared with is the system's.
      const file = path.resolve(id.split('?')[0] ?? id);
      if (!isSchemaModule(file)) return null;
      const result = wrapSchemas(code, file, facts);
      return result && { code: result.code, map: result.map };
    },
  };
}
