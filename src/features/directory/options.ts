/** `[value, label]` pairs for a select, in the enumeration's order. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => [value, labels[value]] as const);

/** Labels for stored values, keeping a value the enumeration does not know as it is. */
export const labelsOf = (values: readonly string[], labels: Readonly<Record<string, string>>) =>
  values.map((value) => (Object.hasOwn(labels, value) ? (labels[value] as string) : value));
