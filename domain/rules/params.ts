/** Client-side guard of SPEC §5 and §8: every path parameter and required body must be present. */

export class RequiredParameterError extends Error {
  override readonly name = 'RequiredParameterError';
  readonly parameter: string;
  readonly operation: string;

  constructor(parameter: string, operation: string) {
    super(`Required parameter ${parameter} was null or undefined when calling ${operation}.`);
    this.parameter = parameter;
    this.operation = operation;
  }
}

/** The value itself, or a RequiredParameterError when it is null or undefined (empty strings and 0 pass). */
export function requireParam<T>(value: T | null | undefined, name: string, operation: string): T {
  if (value === null || value === undefined) throw new RequiredParameterError(name, operation);
  return value;
}
