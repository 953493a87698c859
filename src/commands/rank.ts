/**
 * The palette's ranking (issue 11): a pure function of the query and what each command is found by.
 *
 * Tiers, best first:
 *  0. the current page's commands (group 'context') that match by name or by word;
 *  1. the whole query is a screen's name, or its start, in the active language, English or Indonesian;
 *  2. every word of the query starts a word of a name or a keyword (keywords hold the known abbreviations:
 *     dept, emp, ot, thr, bpjs…);
 *  3. fuzzy: inside a word, the initials of words ('attrep'), or a word with letters missing ('emplyee').
 * The page's commands (tier 0) keep the order of tiers 1 and 2 among themselves: a name that starts with the whole query
 * ('Import xlsx into Departments…' for 'import xlsx') before one that has the words only by keyword ('Download the
 * Departments import template', found by its keyword 'xlsx').
 * Inside a tier: the page's commands, the enabled, the available (not 'coming soon'), then the closer match, then the
 * recently used, then the registry's order.
 */

export interface Rankable {
  /** Its names in the active language, English and Indonesian, normalised (see `normalize` in search.ts). */
  labels: readonly string[];
  /** Its keywords, normalised. */
  keywords: readonly string[];
  /** A command of the current page (a screen's own, contributed while it is mounted). */
  page: boolean;
  enabled: boolean;
  /** It opens a screen that is not available yet. */
  comingSoon: boolean;
}

export const Tier = { page: 0, name: 1, words: 2, fuzzy: 3 } as const;

/** Closeness of a page command matched by its words rather than its name: after every page command matched by name. */
const PAGE_WORDS = 10_000;
export type Tier = (typeof Tier)[keyof typeof Tier];

export interface Match {
  tier: Tier;
  /** Closeness inside the tier: lower is better. */
  closeness: number;
}

const han = /\p{Script=Han}/u;
const wordsOf = (text: string) => text.split(' ').filter(Boolean);

/** 'attrep' in 'attendance report': the token is the starts of words, in order. */
function initials(words: readonly string[], token: string, at = 0, from = 0): boolean {
  if (at === token.length) return true;
  for (let w = from; w < words.length; w++) {
    const word = words[w] ?? '';
    let length = 0;
    while (at + length < token.length && length < word.length && word[length] === token[at + length]) {
      length++;
      if (initials(words, token, at + length, w + 1)) return true;
    }
  }
  return false;
}

/** 'emplyee' in 'employees': the letters in order inside one word that starts with the same letter. */
function inWordWithGaps(word: string, token: string): boolean {
  if (token.length < 3 || word[0] !== token[0]) return false;
  let at = 0;
  for (const char of token) {
    at = word.indexOf(char, at);
    if (at === -1) return false;
    at += char.length;
  }
  return at <= token.length * 2;
}

function fuzzyIn(texts: readonly string[], token: string): boolean {
  for (const text of texts) {
    if (token.length >= 3 && text.includes(token)) return true;
    const words = wordsOf(text);
    if (words.length > 1 && token.length > 1 && initials(words, token)) return true;
    if (words.some((word) => inWordWithGaps(word, token))) return true;
  }
  return false;
}

/** Does the token start a word of the text? Chinese has no spaces: anywhere in it counts. */
const startsWord = (text: string, token: string) =>
  text.startsWith(token) || text.includes(` ${token}`) || (han.test(token) && text.includes(token));

/** How a command matches the query's words (`tokens`, normalised, non-empty), or null. */
export function match(item: Rankable, query: string, tokens: readonly string[]): Match | null {
  // Tier 1: the name, or its start.
  let name = Number.POSITIVE_INFINITY;
  for (const label of item.labels) {
    if (label === query) name = 0;
    else if (label.startsWith(query)) name = Math.min(name, 1);
  }
  const shortest = Math.min(...item.labels.map((label) => wordsOf(label).length));
  if (name !== Number.POSITIVE_INFINITY) {
    return { tier: item.page ? Tier.page : Tier.name, closeness: name * 100 + shortest };
  }
  // Tier 2: every word starts a word of a name or a keyword.
  let byKeyword = 0;
  let words = true;
  for (const token of tokens) {
    if (item.labels.some((label) => startsWord(label, token))) continue;
    // An abbreviation typed whole ('dept') is closer than the start of a keyword.
    if (item.keywords.includes(token)) {
      byKeyword += 0.5;
      continue;
    }
    if (item.keywords.some((keyword) => startsWord(keyword, token))) {
      byKeyword++;
      continue;
    }
    words = false;
    break;
  }
  if (words) {
    const closeness = byKeyword * 100 + shortest;
    return item.page ? { tier: Tier.page, closeness: PAGE_WORDS + closeness } : { tier: Tier.words, closeness };
  }
  // Tier 3: fuzzy.
  let inKeywords = 0;
  for (const token of tokens) {
    if (fuzzyIn(item.labels, token)) continue;
    if (!fuzzyIn(item.keywords, token)) return null;
    inKeywords++;
  }
  return { tier: Tier.fuzzy, closeness: inKeywords * 100 + shortest };
}

export interface Ranked<T> {
  item: T;
  match: Match;
}

/**
 * The matching items, best first (see the tiers above). `recent` is each item's position in the recently used list
 * (-1 when absent); `query` and `tokens` are normalised.
 */
export function rank<T extends Rankable>(items: readonly T[], query: string, recent: (item: T) => number): Ranked<T>[] {
  const tokens = wordsOf(query);
  if (tokens.length === 0) return [];
  const found: { item: T; match: Match; recent: number; order: number }[] = [];
  items.forEach((item, order) => {
    const matched = match(item, query, tokens);
    if (matched) {
      const position = recent(item);
      found.push({ item, match: matched, recent: position === -1 ? Number.POSITIVE_INFINITY : position, order });
    }
  });
  found.sort(
    (a, b) =>
      a.match.tier - b.match.tier ||
      Number(b.item.page) - Number(a.item.page) ||
      Number(b.item.enabled) - Number(a.item.enabled) ||
      Number(a.item.comingSoon) - Number(b.item.comingSoon) ||
      a.match.closeness - b.match.closeness ||
      a.recent - b.recent ||
      a.order - b.order,
  );
  return found.map(({ item, match }) => ({ item, match }));
}
