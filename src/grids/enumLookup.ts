/**
 * Enum labels in every bundled language, for paste and import: a user may paste 'Tetap', 'Permanent' or '正式' into
 * an employment-status column whatever language the screen is in.
 */
import { languageCodes } from '../state/settings.ts';
import { lookupKey } from './lookupKey.ts';

/** The part of an i18next instance the lookup reads. */
export interface ResourceBundles {
  getResourceBundle(language: string, namespace: string): unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Returns `enumLookup` for a `ParseContext`: for an enum key, a map from `lookupKey(text)` to the enum value, built
 * from `enums.<key>.<value>` in the `translation` bundle of each language. Keys are every value itself and every
 * label in every language. When two values share a key, the first one wins in this order: values, then labels in
 * `languages` order (en, id, zh), so a value always means itself. Each key's map is built once (the bundles are
 * static); an unknown key is an empty map.
 */
export function createEnumLookup(
  i18n: ResourceBundles,
  languages: readonly string[] = languageCodes,
): (key: string) => ReadonlyMap<string, string> {
  const cache = new Map<string, ReadonlyMap<string, string>>();
  return (key) => {
    const cached = cache.get(key);
    if (cached) return cached;
    const labelSets = languages.map((language) => {
      const bundle = i18n.getResourceBundle(language, 'translation');
      const enums = isRecord(bundle) ? bundle.enums : undefined;
      const labels = isRecord(enums) ? enums[key] : undefined;
      return isRecord(labels) ? labels : {};
    });
    const map = new Map<string, string>();
    const add = (text: string, value: string) => {
      const normalised = lookupKey(text);
      if (normalised && !map.has(normalised)) map.set(normalised, value);
    };
    for (const labels of labelSets) for (const value of Object.keys(labels)) add(value, value);
    for (const labels of labelSets) {
      for (const [value, label] of Object.entries(labels)) if (typeof label === 'string') add(label, value);
    }
    cache.set(key, map);
    return map;
  };
}
