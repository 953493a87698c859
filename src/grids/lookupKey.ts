/**
 * The form in which typed or pasted text is compared with enum labels and reference codes and names: Unicode
 * compatibility form (full-width letters and digits become plain ones), outer whitespace trimmed, inner runs of
 * whitespace one space, lower case. 'Ｐｔ  Demo ' and 'pt demo' are the same key.
 */
export const lookupKey = (text: string): string => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
