/**
 * A count with its noun, singular for exactly one: plural(1, 'credit') is "1 credit", plural(3, 'firm')
 * is "3 firms", plural(2, 'company', 'companies') for nouns that do not take an s. Counts are written
 * with thousands separators, as everywhere on the screens.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}
