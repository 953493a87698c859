import type { TFunction } from 'i18next';
import { type Rankable, rank, Tier } from './rank.ts';
import { type Command, type CommandContext, type CommandGroup, groupOrder, type LabelKey } from './types.ts';

/** A command as the palette lists it: translated once per opening, with its search text prepared. */
export interface Entry extends Rankable {
  command: Command;
  label: string;
}

/** 'results' are the matches by name or word, 'similar' the fuzzy ones (rank.ts): the palette lists employees between. */
export type SectionId = 'recent' | 'results' | 'similar' | CommandGroup;
export interface Section {
  id: SectionId;
  entries: Entry[];
}

export type Values = Record<string, string | number>;

/** `t` with a key known only at run time (a `menu.<id>` key may not be in the locales yet). */
export function translate(t: TFunction, key: LabelKey, values?: Values): string {
  return (t as unknown as (key: string, options?: Values) => string)(key, values);
}

const ascii = /^[\x20-\x7e]*$/;

/** Lower case, without accents, with spaces for dashes, slashes and underscores (ASCII skips the accent step). */
export const normalize = (text: string) => {
  const lower = text.toLocaleLowerCase();
  const plain = ascii.test(lower) ? lower : lower.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain.replace(/[\s\-_/]+/g, ' ').trim();
};

interface Texts {
  key: string;
  label: string;
  labels: readonly string[];
  keywords: readonly string[];
}

/** Translated and normalised texts per command, for its language and label values: reopening costs no i18n work. */
const texts = new WeakMap<Command, Texts>();

function textsOf(command: Command, ctx: CommandContext, also: readonly TFunction[]): Texts {
  const values = command.labelValues?.(ctx);
  const key = `${ctx.language}|${also.length}|${values ? JSON.stringify(values) : ''}`;
  const cached = texts.get(command);
  if (cached?.key === key) return cached;
  const label = translate(ctx.t, command.label, values);
  const labels = [label, ...also.map((t) => translate(t, command.label, values)), ...(command.names ?? [])].map(
    normalize,
  );
  const fresh = {
    key,
    label,
    labels: [...new Set(labels)],
    keywords: command.keywords.map(normalize),
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
    const { label, labels, keywords } = textsOf(command, ctx, also);
    entries.push({
      command,
      label,
      labels,
      keywords,
      page: command.group === 'context',
      enabled: command.isEnabled(ctx),
      comingSoon: command.comingSoon ?? false,
    });
  }
  return entries;
}

/**
 * What the palette shows. An empty query lists the recently used commands first, then every group in `groupOrder`;
 * a query lists the matches best first (rank.ts).
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
  const ranked = rank(entries, tokens.join(' '), (entry) => recent.indexOf(entry.command.id));
  const results = ranked.filter(({ match }) => match.tier !== Tier.fuzzy).map(({ item }) => item);
  const similar = ranked.filter(({ match }) => match.tier === Tier.fuzzy).map(({ item }) => item);
  const sections: Section[] = [];
  if (results.length) sections.push({ id: 'results', entries: results });
  if (similar.length) sections.push({ id: 'similar', entries: similar });
  return sections;
}
