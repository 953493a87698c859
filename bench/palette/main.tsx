/**
 * The palette benchmark's page (bench/palette.ts builds and serves it): the real CommandPalette for a signed-in admin,
 * plus `?extra=N` commands contributed as a screen would, with the time from each key press to the next frame.
 */
import { getDefaultStore } from 'jotai';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import type { UserDetail } from '../../src/api/client.ts';
import { CommandPalette } from '../../src/commands/CommandPalette.tsx';
import { contributions } from '../../src/commands/registry.ts';
import type { Command } from '../../src/commands/types.ts';
import i18n from '../../src/i18n.ts';
import { userAtom } from '../../src/session.ts';
import '../../src/styles.css';

const admin: UserDetail = {
  _id: 'bench-admin',
  fullname: 'Bench Admin',
  username: 'admin',
  level: 'admin',
  email: null,
  phone: null,
  photo_url: null,
  impersonator: null,
  access_role: { permissions: [] },
  company: { _id: 'bench-company', code: 'DEMO', name: 'Demo', logo_url: null, features: { sales_menu: true } },
};

const verbs = [
  'Approve',
  'Reject',
  'Export',
  'Import',
  'Print',
  'Recalculate',
  'Archive',
  'Duplicate',
  'Send',
  'Review',
];
const nouns = ['overtime', 'leave request', 'payslip', 'loan', 'shift swap', 'attendance', 'warning letter', 'bonus'];
const extra = Number(new URLSearchParams(window.location.search).get('extra') ?? 0);
const labels: Record<string, string> = {};
const commands: Command[] = Array.from({ length: extra }, (_, i) => {
  const key = `bench-${i}`;
  labels[key] = `${verbs[i % verbs.length]} ${nouns[Math.floor(i / verbs.length) % nouns.length]} batch ${i}`;
  return {
    id: `bench:${i}`,
    label: `menu.${key}`,
    keywords: [`batch ${i}`, i % 2 ? 'payroll' : 'attendance'],
    group: 'context',
    isVisible: () => true,
    isEnabled: () => true,
    run: () => {},
  };
});
i18n.addResourceBundle('en', 'translation', { menu: labels }, true, false);
contributions.register(commands);
contributions.select({ resource: 'bench', ids: ['a', 'b', 'c'] });
getDefaultStore().set(userAtom, admin);
localStorage.removeItem('palette-recent');

/** Key press (its event time) to the next frame, including style, layout and paint. */
const frames: Record<'open' | 'filter', number[]> = { open: [], filter: [] };
const toNextFrame = (kind: 'open' | 'filter', since: number) =>
  requestAnimationFrame(() => setTimeout(() => frames[kind].push(performance.now() - since)));
window.addEventListener(
  'keydown',
  (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') toNextFrame('open', event.timeStamp);
  },
  { capture: true },
);
window.addEventListener('input', (event) => toNextFrame('filter', event.timeStamp), { capture: true });
Object.assign(window, { benchFrames: frames });

createRoot(document.getElementById('root')!).render(
  <MemoryRouter initialEntries={['/dashboard/home']}>
    <button type="button">Focus origin</button>
    <CommandPalette />
  </MemoryRouter>,
);
