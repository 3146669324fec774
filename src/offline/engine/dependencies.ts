/** Requests that take values from the answer to the change they depend on. */
import type { OutboxRequest } from './model.ts';

const DEPENDENCY_REF = /\{\{dependsOn:([A-Za-z0-9_$.-]+)\}\}/g;
const WHOLE_DEPENDENCY_REF = /^\{\{dependsOn:([A-Za-z0-9_$.-]+)\}\}$/;

/**
 * A placeholder for a value of the dependency's answer, by its path in the answer body:
 * `/appointments/${fromDependency('data.id')}/cancel`. In a JSON body, a string that is only the
 * placeholder takes the value as it is (number, object …); anywhere else it becomes text.
 */
export function fromDependency(path: string): string {
  if (!/^[A-Za-z0-9_$.-]+$/.test(path)) throw new Error(`fromDependency: invalid path "${path}"`);
  return `{{dependsOn:${path}}}`;
}

function valueAt(source: unknown, path: string): unknown {
  let value = source;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

class MissingDependencyValue extends Error {}

function lookup(answer: unknown, path: string): unknown {
  const value = valueAt(answer, path);
  if (value === undefined || value === null) throw new MissingDependencyValue(path);
  return value;
}

function asText(answer: unknown, path: string): string {
  const value = lookup(answer, path);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new MissingDependencyValue(path);
}

function resolveValue(value: unknown, answer: unknown): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_DEPENDENCY_REF.exec(value);
    if (whole) return lookup(answer, whole[1]!);
    return value.replace(DEPENDENCY_REF, (_match, path: string) => asText(answer, path));
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, answer));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, answer)]));
  }
  return value;
}

export function hasDependencyRefs(request: OutboxRequest): boolean {
  const text = JSON.stringify({
    path: request.path,
    body: request.body,
    form: request.form?.map(([n, v]) => [n, typeof v === 'string' ? v : '']),
  });
  return /\{\{dependsOn:/.test(text);
}

export type ResolvedRequest = { ok: true; request: OutboxRequest } | { ok: false; missing: string };

/** The request with its placeholders filled from the dependency's answer. */
export function resolveRequest(request: OutboxRequest, dependencyAnswer: unknown): ResolvedRequest {
  try {
    const path = request.path.replace(DEPENDENCY_REF, (_match, at: string) =>
      encodeURIComponent(asText(dependencyAnswer, at)),
    );
    const resolved: OutboxRequest = { method: request.method, path };
    if (request.body !== undefined) resolved.body = resolveValue(request.body, dependencyAnswer);
    if (request.form) {
      resolved.form = request.form.map(([name, value]) =>
        typeof value === 'string'
          ? ([name, resolveValue(value, dependencyAnswer) as string] as const)
          : ([name, value] as const),
      );
    }
    return { ok: true, request: resolved };
  } catch (error) {
    if (error instanceof MissingDependencyValue) return { ok: false, missing: error.message };
    throw error;
  }
}
