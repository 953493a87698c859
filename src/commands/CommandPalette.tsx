import { Command } from 'cmdk';
import type { ParseKeys } from 'i18next';
import { useAtomValue } from 'jotai';
import { type ComponentType, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { UserDetail } from '../api/client.ts';
import { type Language, languages } from '../i18n.ts';
import { userAtom } from '../session.ts';
import { CheatSheet, Keys } from './CheatSheet.tsx';
import { EmployeeResults, searchesEmployees } from './EmployeeResults.tsx';
import { keepEarlyKeys, planReplay, takeEarlyKeys } from './earlyKeys.ts';
import { paletteEvents } from './events.ts';
import { canOpenEmployees } from './global.ts';
import { commandLists } from './index.ts';
import { EmployeePage } from './pages/EmployeePage.tsx';
import { ImpersonatePage } from './pages/ImpersonatePage.tsx';
import type { PageProps } from './pages/types.ts';
import { pushRecent, readRecent } from './recent.ts';
import { useContributions } from './registry.ts';
import { arrange, buildEntries, type Entry, type Section, type SectionId } from './search.ts';
import { ariaKeys, inModalDialog, isEditable, matches, paletteShortcut } from './shortcuts.ts';
import type { CommandContext, PageId, Command as PaletteCommand, PaletteControls } from './types.ts';
import { sectionOf, viewerOf } from './viewer.ts';
import './palette.css';
import { guardedNavigate } from '../leaveGuard.ts';
import type { MenuId } from '../menu/index.ts';
import { prefetchScreen } from '../screens/registry.ts';

const sectionHeadings: Record<SectionId, ParseKeys> = {
  recent: 'palette.groups.recent',
  results: 'palette.groups.results',
  similar: 'palette.groups.similar',
  context: 'palette.groups.context',
  actions: 'palette.groups.actions',
  developer: 'palette.groups.developer',
  help: 'palette.groups.help',
  navigation: 'palette.groups.navigation',
};

const pageViews: Record<PageId, { title: ParseKeys; placeholder: ParseKeys; View: ComponentType<PageProps> }> = {
  employee: {
    title: 'palette.pages.employee.title',
    placeholder: 'palette.pages.employee.placeholder',
    View: EmployeePage,
  },
  impersonate: {
    title: 'palette.pages.impersonate.title',
    placeholder: 'palette.pages.impersonate.placeholder',
    View: ImpersonatePage,
  },
};

/**
 * At most this many items are rendered at once (cmdk does not virtualise): the best matches of a query, or the first
 * ones of the grouped list; typing narrows the rest. Keeps opening and each keystroke within a frame.
 */
export const RENDER_LIMIT = 40;

/** The sections cut to `limit` items in all, and how many were left out. */
function limitSections(sections: readonly Section[], limit: number): { shown: Section[]; hidden: number } {
  const shown: Section[] = [];
  let room = limit;
  let hidden = 0;
  for (const section of sections) {
    const entries = section.entries.slice(0, Math.max(room, 0));
    hidden += section.entries.length - entries.length;
    room -= entries.length;
    if (entries.length) shown.push({ id: section.id, entries });
  }
  return { shown, hidden };
}

const isLanguage = (value: string | undefined): value is Language =>
  languages.some((language) => language.code === value);

/** Performance marks for the benchmark (bench/palette.ts): `name` measured from `name:start` to the commit. */
function measure(name: string) {
  if (performance.getEntriesByName(`${name}:start`, 'mark').length === 0) return;
  performance.measure(name, `${name}:start`);
  performance.clearMarks(`${name}:start`);
}

/**
 * The Cmd-K palette and the '?' cheat sheet, for the signed-in layout. Opens on Ctrl+K or Cmd+K anywhere (also in a
 * field or a grid) and on the window event `palette:open`; Esc closes it and focus returns where it was.
 */
export function CommandPalette() {
  const user = useAtomValue(userAtom);
  return user ? <Palette user={user} /> : null;
}

type Overlay = 'none' | 'palette' | 'sheet';

function Palette({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { commands: contributed, selection } = useContributions();
  const [overlay, setOverlay] = useState<Overlay>('none');
  const [pages, setPages] = useState<PageId[]>([]);
  const [search, setSearch] = useState('');
  /** The selected item, controlled so that pages with late results can select their first (`PageProps.select`). */
  const [selected, setSelected] = useState('');
  // A screen's code loads while its 'go to' command is highlighted, as the sidebar does on hover and focus: by the
  // Enter, its chunk is usually in (spec 8's prefetch rules apply: not offline, on 2g or saving data).
  useEffect(() => {
    if (selected.startsWith('go:')) prefetchScreen(selected.slice('go:'.length) as MenuId);
  }, [selected]);
  const [recent, setRecent] = useState<string[]>(readRecent);
  const origin = useRef<Element | null>(null);
  /** When the palette closes because a command ran (rather than Esc or a click outside): that command's end. */
  const ran = useRef<Promise<unknown> | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const show = useCallback((next: Exclude<Overlay, 'none'>) => {
    setOverlay((current) => {
      if (current === 'none') origin.current = document.activeElement;
      return next;
    });
    setPages([]);
    setSearch('');
  }, []);
  const hide = useCallback(() => setOverlay('none'), []);

  /** Set when the running command keeps the palette busy (a nested page, the cheat sheet). */
  const kept = useRef(false);
  const controls = useMemo<PaletteControls>(
    () => ({
      openPage: (page) => {
        kept.current = true;
        setPages((stack) => [...stack, page]);
        setSearch('');
      },
      openCheatSheet: () => {
        kept.current = true;
        show('sheet');
      },
      close: hide,
    }),
    [show, hide],
  );

  const ctx = useMemo<CommandContext>(
    () => ({
      user,
      viewer: viewerOf(user),
      screen: { pathname, section: sectionOf(pathname) },
      selection,
      navigate: (to) => guardedNavigate(to, navigate),
      t,
      language,
      setLanguage: (next) => {
        void i18n.changeLanguage(next);
        localStorage.setItem('language', next);
      },
      palette: controls,
    }),
    [user, pathname, selection, navigate, t, language, i18n, controls],
  );

  const commands = useMemo(() => [...contributed, ...commandLists.flat()], [contributed]);
  const latest = useRef({ ctx, commands, overlay });
  latest.current = { ctx, commands, overlay };

  // Ctrl+K / Cmd+K in the capture phase, before any field or grid sees it; `palette:open` from the top bar.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.isComposing || !matches(paletteShortcut, event)) return;
      event.preventDefault();
      event.stopPropagation();
      performance.mark('palette:open:start');
      if (latest.current.overlay === 'palette') hide();
      else show('palette');
    };
    const onOpen = () => {
      performance.mark('palette:open:start');
      show('palette');
    };
    const onSheet = () => show('sheet');
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener(paletteEvents.open, onOpen);
    window.addEventListener(paletteEvents.shortcuts, onSheet);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener(paletteEvents.open, onOpen);
      window.removeEventListener(paletteEvents.shortcuts, onSheet);
    };
  }, [show, hide]);

  // The commands' own shortcuts ('?', Ctrl+B…), after the page had its chance: plain keys only outside fields, none
  // while a modal dialog is open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { ctx, commands, overlay } = latest.current;
      if (event.defaultPrevented || event.isComposing || event.repeat || overlay !== 'none') return;
      // Keys typed in a dialog stay in it: the screen's shortcuts wait until it closes.
      if (inModalDialog(event.target)) return;
      const command = commands.find(
        (candidate) =>
          candidate.shortcut &&
          (candidate.shortcut.mod || !isEditable(event.target)) &&
          matches(candidate.shortcut, event) &&
          candidate.isVisible(ctx) &&
          candidate.isEnabled(ctx),
      );
      if (!command) return;
      event.preventDefault();
      void Promise.resolve(command.run(ctx)).catch((error: unknown) => console.error(error));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Keys typed while the shell was loading, now that the listeners above are in place (earlyKeys.ts).
  useEffect(() => {
    const { before, open, search } = planReplay(takeEarlyKeys());
    for (const key of before) window.dispatchEvent(new KeyboardEvent('keydown', { ...key, cancelable: true }));
    if (open) {
      show('palette');
      setSearch(search);
    }
    return keepEarlyKeys;
  }, [show]);

  const entries = useMemo(
    () => (overlay === 'none' ? [] : buildEntries(commands, ctx, [i18n.getFixedT('en'), i18n.getFixedT('id')])),
    [overlay, commands, ctx, i18n],
  );
  const { shown: sections, hidden } = useMemo(
    () => limitSections(arrange(entries, search, recent), RENDER_LIMIT),
    [entries, search, recent],
  );

  // Translating and normalising every label happens once, while the browser is idle, not when the palette opens.
  useEffect(() => {
    const warm = () => buildEntries(commands, ctx, [i18n.getFixedT('en'), i18n.getFixedT('id')]);
    if (typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(warm, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [commands, ctx, i18n]);

  // The native modal dialog: top layer, focus kept inside, the page behind inert.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (overlay === 'palette' && element && !element.open) element.showModal();
    // React's autoFocus ran before showModal(), while the dialog could not take focus yet.
    if (overlay === 'palette') input.current?.focus();
    if (overlay === 'palette') measure('palette:open');
  }, [overlay]);
  // After every commit: a no-op unless a keystroke left its start mark.
  useLayoutEffect(() => measure('palette:filter'));

  // Focus returns where it was once nothing is open. After a command ran, the command may have put the focus
  // somewhere on purpose (a new row's editor, a section's first field): once it has finished, the focus returns only
  // if it is lost.
  useEffect(() => {
    if (overlay !== 'none') return;
    const element = origin.current;
    origin.current = null;
    const finished = ran.current;
    ran.current = null;
    if (!(element instanceof HTMLElement)) return;
    if (!finished) {
      if (element.isConnected) element.focus();
      return;
    }
    let cancelled = false;
    let frame = 0;
    void finished.then(() => {
      if (cancelled) return;
      frame = requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        if (element.isConnected) element.focus();
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [overlay]);

  const run = (command: PaletteCommand) => {
    setRecent(pushRecent(command.id));
    kept.current = false;
    const result = Promise.resolve(command.run(ctx));
    ran.current = result.catch(() => undefined);
    if (!kept.current) hide();
    void result.catch((error: unknown) => console.error(error));
  };

  const finish = (action: () => void) => {
    hide();
    action();
  };

  // A query at the top level is also an employee's name: their results come after the strong matches (rank.ts).
  const employeeSearch = canOpenEmployees(ctx) && searchesEmployees(search);
  const strong = sections.some((section) => section.id === 'results');
  const employees = employeeSearch && (
    <EmployeeResults key="employees" search={search} ctx={ctx} finish={finish} select={setSelected} alone={!strong} />
  );

  const group = (section: Section) => (
    <Command.Group
      key={section.id}
      heading={
        section.id === 'context' && selection
          ? t('palette.groups.contextSelected', { count: selection.ids.length })
          : t(sectionHeadings[section.id])
      }
    >
      {section.entries.map((entry) => (
        <Item
          key={entry.command.id}
          entry={entry}
          showGroup={section.id === 'results' || section.id === 'similar'}
          onRun={run}
        />
      ))}
    </Command.Group>
  );

  const page = pages.at(-1);
  const view = page ? pageViews[page] : null;
  const sheetOpen = overlay === 'sheet';

  return (
    <>
      {overlay === 'palette' && (
        <dialog
          ref={dialog}
          className="palette-dialog"
          aria-labelledby={titleId}
          onCancel={(event) => {
            event.preventDefault();
            hide();
          }}
          onClose={hide}
        >
          <h2 id={titleId} className="palette-title">
            {t('palette.title')}
            {view && ` · ${t(view.title)}`}
          </h2>
          <Command
            label={view ? t(view.title) : t('palette.title')}
            shouldFilter={false}
            value={selected}
            onValueChange={setSelected}
            vimBindings={false}
            loop
            onKeyDown={(event) => {
              if (event.key === 'Backspace' && search === '' && pages.length > 0) {
                event.preventDefault();
                setPages((stack) => stack.slice(0, -1));
              }
            }}
          >
            {view && (
              <div className="palette-breadcrumb" aria-hidden="true">
                {t(view.title)}
              </div>
            )}
            <Command.Input
              ref={input}
              className="palette-input"
              value={search}
              onValueChange={(value) => {
                performance.mark('palette:filter:start');
                setSearch(value);
              }}
              placeholder={view ? t(view.placeholder) : t('palette.placeholder')}
            />
            <Command.List className="palette-list" label={view ? t(view.title) : t('palette.title')}>
              {view ? (
                <view.View search={search} ctx={ctx} finish={finish} select={setSelected} />
              ) : (
                <>
                  {!employeeSearch && <Command.Empty className="palette-message">{t('palette.empty')}</Command.Empty>}
                  {sections.filter((section) => section.id !== 'similar').map(group)}
                  {/* The employees, between the strong and the fuzzy matches (rank.ts), in one stable place. */}
                  {employees}
                  {sections.filter((section) => section.id === 'similar').map(group)}
                  {hidden > 0 && <div className="palette-message">{t('palette.more', { count: hidden })}</div>}
                </>
              )}
            </Command.List>
            <footer className="palette-footer" aria-hidden="true">
              {t('palette.hint')}
            </footer>
          </Command>
        </dialog>
      )}
      <CheatSheet open={sheetOpen} onClose={hide} entries={entries} />
    </>
  );
}

function Item({
  entry,
  showGroup,
  onRun,
}: {
  entry: Entry;
  showGroup: boolean;
  onRun: (command: PaletteCommand) => void;
}) {
  const { t } = useTranslation();
  const { command } = entry;
  return (
    <Command.Item
      value={command.id}
      disabled={!entry.enabled}
      onSelect={() => onRun(command)}
      aria-keyshortcuts={command.shortcut ? ariaKeys(command.shortcut) : undefined}
    >
      <span className="palette-label">{entry.label}</span>
      {showGroup && <span className="palette-detail">{t(sectionHeadings[command.group])}</span>}
      {command.shortcut && <Keys shortcut={command.shortcut} />}
    </Command.Item>
  );
}
