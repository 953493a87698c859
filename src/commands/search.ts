import type { TFunction } from 'i18next';
import { RECENT_CAP } from './recent.ts';
import { type Command, type CommandContext, type CommandGroup, groupOrder, type LabelKey } from './types.ts';

/** A command as the palette lists it: translated once per opening, with its search text prepared. */
export interface Entry {
  command: Command;
  label: string;
  enabled: boolean;
  /** The label in the active language, normalised. */
  labelText: string;
  /** Everything it is found by, normalised: labels in the active language, English and Indonesian, keywords. */
  text: string;
}

export type SectionId = 'recent' | 'results' | CommandGroup;
export interface Section {
  id: SectionId;
  entries: Entry[];
}

export type Values = Record<string, string | number>;

/** `t` with a key known only at run time (a `menu.<id>` key may not be in the locales yet). */
export function translate(t: TFunction, key: LabelKey, values?: Values): string {
  return (t as unknown as (key: string, options?: Values) => string)(key, values);
}

export const normalize = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\-_/]+/g, ' ')
    .trim();

interface Texts {
  key: string;
  label: string;
  labelText: string;
  text: string;
}

/** Translated and normalised texts per command, for its language and label values: reopening costs no i18n work. */
const texts = new WeakMap<Command, Texts>();

function textsOf(command: Command, ctx: CommandContext, also: readonly TFunction[]): Texts {
  const values = command.labelValues?.(ctx);
  const key = `${ctx.language}|${also.length}|${values ? JSON.stringify(values) : ''}`;
  const cached = texts.get(command);
  if (cached?.key === key) return cached;
  const label = translate(ctx.t, command.label, values);
  const labels = also.map((t) => translate(t, command.label, values));
  const fresh = {
    key,
    label,
    labelText: normalize(label),
    text: normalize([label, ...labels, ...command.keywords].join(' \u0000 ')),
  };
  texts.set(command, fresh);
  return fresh;
}

/**
 * The visible commands with their labels. `also` are other languages (English and Indonesian) whose labels are
 * searched too, so 'karyawan' finds the employee screens in any language.
 */
export function buildEntries(commands: readonly Command[], ctx: CommandContext, also: readonly TFunction[]): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  for (const command of commands) {
    if (seen.has(command.id) || !command.isVisible(ctx)) continue;
    seen.add(command.id);
    const { label, labelText, text } = textsOf(command, ctx, also);
    entries.push({ command, label, enabled: command.isEnabled(ctx), labelText, text });
  }
  return entries;
}

const startsWord = (text: string, token: string) => text.startsWith(token) || text.includes(` ${token}`);

function isSubsequence(text: string, token: string): boolean {
  let at = 0;
  for (const char of token) {
    at = text.indexOf(char, at);
    if (at === -1) return false;
    at += char.length;
  }
  return true;
}

/** How well one word of the query matches: 0 is no match. */
function tokenScore(entry: Entry, token: string): number {
  if (entry.labelText.startsWith(token)) return 5;
  if (startsWord(entry.labelText, token)) return 4;
  if (entry.labelText.includes(token)) return 3;
  if (startsWord(entry.text, token)) return 2;
  if (entry.text.includes(token)) return 1.5;
  if (token.length > 1 && isSubsequence(entry.labelText, token)) return 0.5;
  return 0;
}

/**
 * A score for the query, 0 when some word of the query matches nothing. Labels beat keywords, word starts beat
 * substrings, and a recently used command gets a small lift that orders otherwise equal matches.
 */
export function score(entry: Entry, tokens: readonly string[], recentIndex: number): number {
  let total = 0;
  for (const token of tokens) {
    const found = tokenScore(entry, token);
    if (found === 0) return 0;
    total += found;
  }
  const recency = recentIndex === -1 ? 0 : (0.4 * (RECENT_CAP - recentIndex)) / RECENT_CAP;
  return total / tokens.length + recency - (entry.enabled ? 0 : 0.2);
}

/**
 * What the palette shows. An empty query lists the recently used commands first, then every group in `groupOrder`;
 * a query lists the matches best first.
 */
export function arrange(entries: readonly Entry[], query: string, recent: readonly string[]): Section[] {
  const tokens = normalize(query).split(' ').filter(Boolean);
  if (tokens.length === 0) {
    const byId = new Map(entries.map((entry) => [entry.command.id, entry]));
    const recentEntries = recent.flatMap((id) => byId.get(id) ?? []);
    const shown = new Set(recentEntries.map((entry) => entry.command.id));
    const sections: Section[] = recentEntries.length ? [{ id: 'recent', entries: recentEntries }] : [];
    for (const group of groupOrder) {
      const inGroup = entries.filter((entry) => entry.command.group === group && !shown.has(entry.command.id));
      if (inGroup.length) sections.push({ id: group, entries: inGroup });
    }
    return sections;
  }
  const scored: { entry: Entry; score: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const value = score(entry, tokens, recent.indexOf(entry.command.id));
    if (value > 0) scored.push({ entry, score: value, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.length ? [{ id: 'results', entries: scored.map(({ entry }) => entry) }] : [];
}
