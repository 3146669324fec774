/** The pure part of MultiSelect: what its button says, which options a filter keeps, toggling. */

/** "Any specialisation", "Cardiology", "Cardiology, Neurology" or "3 chosen". */
export function multiSummary(
  value: readonly string[],
  labels: Readonly<Record<string, string>>,
  anyLabel: string,
): string {
  if (value.length === 0) return anyLabel;
  if (value.length <= 2) return value.map((v) => labels[v] ?? v).join(', ');
  return `${value.length} chosen`;
}

/** The options whose label (or value) holds every word typed, ignoring case and accents. */
export function filterOptions(
  options: readonly string[],
  labels: Readonly<Record<string, string>>,
  typed: string,
): string[] {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const text = fold(`${labels[option] ?? ''} ${option.replace(/_/g, ' ')}`);
    return words.every((word) => text.includes(word));
  });
}

/** The value with `option` added (in the options' order) or removed. */
export function toggleOption(options: readonly string[], value: readonly string[], option: string, on: boolean) {
  const chosen = new Set(value);
  if (on) chosen.add(option);
  else chosen.delete(option);
  // Values the options do not know (from an old link) keep their place at the end.
  return [...options.filter((o) => chosen.has(o)), ...[...chosen].filter((v) => !options.includes(v))];
}
