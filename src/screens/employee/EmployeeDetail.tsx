/**
 * The employee detail editor (spec 3 "Employee detail sections"): `/dashboard/edit/{active-employees |
 * resigned-employees | daily-worker}/{user id}`. Each section is a form saved on its own with the row's version,
 * sending only its changed fields; the sub-record grids, the account and the exit/rehire actions sit beside them.
 *
 * Keyboard: Ctrl+S / Cmd+S saves the section holding the focus; Alt+↓ / Alt+↑ open the next and previous employee of
 * the list the detail belongs to; the palette adds 'Go to section: …', 'Save section', 'Exit employee', 'Rehire'.
 */

import { useAtomValue } from 'jotai';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { jakartaToday } from '../../../common/employment.ts';
import { type ApiError, toApiError, type UserDetail } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { isMac, matches } from '../../commands/shortcuts.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { Field, fieldLabel, ReadOnlyField, SectionActions } from '../../employeeForm/fields.tsx';
import {
  applySameAddress,
  buildChanges,
  changedFields,
  conflictFields,
  type Draft,
  displayValue,
  errorTexts,
  type FieldError,
  type FormValue,
  isLockedBySameAddress,
  readField,
  toDraft,
  withPopulated,
} from '../../employeeForm/form.ts';
import { type EmployeeMenuId, listOf } from '../../employeeForm/lists.ts';
import {
  type Employee,
  type EmployeeField,
  type FieldSpec,
  type FormSection,
  type FormSectionId,
  fieldSpecs,
  formSections,
  hasField,
  isComputed,
  PAYROLL_MARKER,
  referenceQuery,
  type Section,
  type SectionId,
  visibleSections,
} from '../../employeeForm/sections.ts';
import { formatDate } from '../../format.ts';
import { employeeDetailPath } from '../../grids/specs/employee-columns.ts';
import { guardedNavigate, leave, setLeaveGuard } from '../../leaveGuard.ts';
import { useCanWrite } from '../../menu/access.ts';
import { flatten, visibleMenu } from '../../menu/index.ts';
import { notifyError, toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import NotFound from '../../pages/NotFound.tsx';
import { userAtom } from '../../session.ts';
import { describeFailure, errorText } from '../../validation.ts';
import { ExitWarning, OutstandingFinance } from '../panels.ts';
import type { DetailScreenProps } from '../types.ts';
import { AccountSection } from './AccountSection.tsx';
import {
  type BpjsInfo,
  exitEmployee,
  findByUser,
  getBpjs,
  getEmployee,
  listOrder,
  rehireEmployee,
  saveEmployee,
} from './api.ts';
import { candidateQuery, useCandidateTitles } from './candidates.ts';
import { detailCommands, nextShortcut, previousShortcut, saveShortcut } from './commands.ts';
import { type Current, computedTexts, liveBpjs } from './computed.ts';
import { type ExitChoice, ExitDialog } from './dialogs.tsx';
import { useFocusKeptThroughSave } from './keepFocus.ts';
import { neighbour } from './neighbours.ts';
import { EmployeeSubGrid } from './SubRecords.tsx';
import '../../employeeForm/employee-form.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sectionElementId = (id: SectionId) => `section-${id}`;
/** How far below the viewport's top a section's title lands after a jump: its CSS scroll-margin-top (employee.css). */
const sectionScrollMargin = () => {
  const first = document.querySelector('.employee-section');
  return first ? Number.parseFloat(getComputedStyle(first).scrollMarginTop) || 0 : 0;
};
const referenceFields = formSections.flatMap((section) =>
  fieldSpecs(section)
    .filter((spec) => spec.kind === 'reference')
    .map((spec) => spec.field),
);
const formSectionById = new Map(formSections.map((section) => [section.id, section]));
/** The sections Ctrl+S saves: the forms and the account (not the sub-record grids, which save themselves). */
const isSavable = (section: SectionId | null): boolean =>
  section === 'account' || (section !== null && formSectionById.has(section as FormSectionId));

/** List orders for 'Next/Previous employee', kept a minute so walking the list does not reload it each step. */
const ORDER_TTL_MS = 60_000;
const orders = new Map<EmployeeMenuId, { at: number; order: Promise<string[]> }>();
function cachedOrder(menu: EmployeeMenuId): Promise<string[]> {
  const cached = orders.get(menu);
  if (cached && Date.now() - cached.at < ORDER_TTL_MS) return cached.order;
  const order = listOrder(menu);
  orders.set(menu, { at: Date.now(), order });
  order.catch(() => orders.delete(menu));
  return order;
}

/** Whether the user's menu has the list (its screen and so its detail route). */
const canSee = (user: UserDetail, list: EmployeeMenuId) =>
  [...flatten(visibleMenu(user))].some((item) => item.id === list);

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'moved'; to: string }
  | { state: 'ready'; row: Employee };

export default function EmployeeDetail({ entry, id }: DetailScreenProps) {
  return <Loader key={`${entry.id}:${id}`} entry={entry} userId={id} />;
}

/**
 * Loads the user's employee record. A record that is on another list than the route's (the palette and older links
 * do not know whether someone is a daily worker or has left) opens on its own list, when the user may see it.
 */
function Loader({ entry, userId }: { entry: DetailScreenProps['entry']; userId: string }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const menu = entry.id as EmployeeMenuId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reason to load again ('Try again').
  useEffect(() => {
    if (!user) return;
    if (!UUID.test(userId)) {
      setLoad({ state: 'missing' });
      return;
    }
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    findByUser(userId, controller.signal).then(
      (row) => {
        const home = listOf(row, jakartaToday());
        if (home === menu) return setLoad({ state: 'ready', row });
        setLoad(canSee(user, home) ? { state: 'moved', to: employeeDetailPath(home, userId) } : { state: 'missing' });
      },
      (reason: unknown) => {
        const error = toApiError(reason);
        if (error.code === 'aborted') return;
        setLoad(error.status === 404 ? { state: 'missing' } : { state: 'failed', message: errorText(t, error) });
      },
    );
    return () => controller.abort();
  }, [menu, userId, user, attempt, t]);

  switch (load.state) {
    case 'loading':
    case 'failed':
      return <LoadStatus load={load} retry={() => setAttempt((n) => n + 1)} />;
    case 'missing':
      return <NotFound embedded />;
    case 'moved':
      return <Navigate to={load.to} replace />;
    case 'ready':
      return <DetailView entry={entry} menu={menu} userId={userId} initial={load.row} />;
  }
}

type Drafts = Record<FormSectionId, Draft>;
const draftsOf = (row: Employee) =>
  Object.fromEntries(formSections.map((section) => [section.id, toDraft(section, row)])) as Drafts;

interface Conflict {
  section: FormSectionId;
  fields: EmployeeField[];
}

type Dialog = { kind: 'exit' } | { kind: 'rehire' } | { kind: 'unsaved'; sections: string[]; go: () => void } | null;

function DetailView({
  entry,
  menu,
  userId,
  initial,
}: {
  entry: DetailScreenProps['entry'];
  menu: EmployeeMenuId;
  userId: string;
  initial: Employee;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const canWrite = useCanWrite(entry.id);
  const canWritePayroll = useCanWrite('payroll-employees');
  const [row, setRow] = useState(initial);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(initial));
  const [clientErrors, setClientErrors] = useState<Partial<Record<FormSectionId, Record<string, FieldError>>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormSectionId, ApiError>>>({});
  const [saving, setSaving] = useState<FormSectionId | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogBusy, setDialogBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [bpjsInfo, setBpjsInfo] = useState<BpjsInfo | null>(null);
  const [accountDirty, setAccountDirty] = useState(false);
  const [focused, setFocused] = useState<SectionId | null>(null);
  /** The section in view (the nav's highlight): the last one whose top has passed under the sticky top bar. */
  const [inView, setInView] = useState<SectionId | null>(null);
  const accountSave = useRef<(() => void) | null>(null);
  const bindAccountSave = useCallback((save: (() => void) | null) => {
    accountSave.current = save;
  }, []);
  const rememberFocus = useFocusKeptThroughSave(saving !== null);
  const today = jakartaToday();
  usePageTitle(row.fullname);

  const sections = useMemo(() => visibleSections(row), [row]);
  const exited = !!row.exit_date;
  const payroll = hasField(row, PAYROLL_MARKER);

  // The company's BPJS figures, for callers who see payroll data.
  useEffect(() => {
    if (!payroll) return;
    const controller = new AbortController();
    getBpjs(row._id, controller.signal)
      .then(setBpjsInfo)
      .catch(() => setBpjsInfo(null));
    return () => controller.abort();
  }, [row._id, payroll]);

  /** The API value a field has now: the form's when readable, else the row's. */
  const current: Current = useCallback(
    (field) => {
      for (const section of formSections) {
        const spec = fieldSpecs(section).find((candidate) => candidate.field === field);
        if (!spec) continue;
        const value = readField(spec, drafts[section.id][field]);
        if (value !== undefined) return value;
      }
      return row[field];
    },
    [drafts, row],
  );
  const bpjs = useMemo(() => liveBpjs(current, bpjsInfo), [current, bpjsInfo]);
  const computed = computedTexts(t, current, today, bpjs, bpjsInfo);

  const dirtySections = formSections.filter((section) => changedFields(section, row, drafts[section.id]).length > 0);
  const dirtyLabels = [
    ...dirtySections.map((section) => t(section.label as never)),
    ...(accountDirty ? [t('employeeDetail.sections.account')] : []),
  ];
  const dirty = dirtyLabels.length > 0;

  // Reloading or closing the tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  // So does leaving by a link (the sidebar), the palette or the browser's Back (issue 25).
  const dirtyList = dirtyLabels.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `dirtyList` stands for `dirtyLabels`, a new array each render.
  useEffect(() => {
    if (!dirty) return;
    return setLeaveGuard(
      (to) =>
        setDialog({
          kind: 'unsaved',
          sections: dirtyLabels,
          go: () => leave(to, (path, options) => navigate(path, options)),
        }),
      { back: true },
    );
  }, [dirty, dirtyList, navigate]);

  const setDraft = (section: FormSection, field: EmployeeField, value: FormValue) => {
    setDrafts((all) => {
      const next = { ...all[section.id], [field]: value };
      return { ...all, [section.id]: section.id === 'address' ? applySameAddress(next) : next };
    });
    setClientErrors((all) => {
      const errors = all[section.id];
      if (!errors?.[field]) return all;
      const { [field]: _removed, ...rest } = errors;
      return { ...all, [section.id]: rest };
    });
  };

  const focusField = (section: SectionId, field: string) => {
    const element = document.getElementById(sectionElementId(section));
    const input = element?.querySelector<HTMLElement>(`[data-field="${field}"] input, [data-field="${field}"] select,
      [data-field="${field}"] textarea, [data-field="${field}"] button`);
    input?.focus();
  };

  /**
   * A newer row from the server: `section`'s form and every form without unsaved changes show it; a form with unsaved
   * changes keeps them (they are compared with the newer row from now on).
   */
  function adopt(next: Employee, section: FormSectionId | null) {
    setDrafts((all) => {
      const out = { ...all };
      for (const form of formSections) {
        if (form.id === section || changedFields(form, row, all[form.id]).length === 0)
          out[form.id] = toDraft(form, next);
      }
      return out;
    });
    setRow(next);
  }

  /** The account's full name, email and phone are kept on the employee record too: read it again after a save. */
  async function refreshAfterAccount() {
    try {
      adopt(await getEmployee(row), null);
    } catch (reason) {
      notifyError(errorText(t, toApiError(reason)));
    }
  }

  async function saveSection(id: FormSectionId) {
    const section = formSectionById.get(id);
    if (!section || !canWrite || saving) return;
    const { changes, errors } = buildChanges(section, row, drafts[id]);
    setClientErrors((all) => ({ ...all, [id]: errors }));
    setServerErrors((all) => ({ ...all, [id]: undefined }));
    const invalid = Object.keys(errors);
    if (invalid[0]) {
      focusField(id, invalid[0]);
      return;
    }
    if (!Object.keys(changes).length) {
      toast(t('employeeDetail.nothingToSave'));
      return;
    }
    rememberFocus();
    setSaving(id);
    try {
      const saved = await saveEmployee(menu, row._id, row.version, changes);
      adopt(withPopulated(saved, row, drafts[id], referenceFields), id);
      if (conflict?.section === id) setConflict(null);
      toast(t('employeeDetail.saved', { section: t(section.label as never) }), 'success');
    } catch (reason) {
      const error = toApiError(reason);
      if (error.status === 409) setConflict({ section: id, fields: conflictFields(section, row, error.current) });
      else setServerErrors((all) => ({ ...all, [id]: error }));
    } finally {
      setSaving(null);
    }
  }

  /**
   * A jump made while the sections above are still growing (their lists load after the page) would leave the title
   * further down: for a moment after a jump, a change of the sections' size scrolls the section back into place,
   * until the user scrolls themselves.
   */
  const pinned = useRef<{ id: SectionId; until: number } | null>(null);
  const sectionsFrame = useRef<HTMLDivElement>(null);
  const pinSection = (id: SectionId) => {
    pinned.current = { id, until: performance.now() + 3000 };
  };
  useEffect(() => {
    const container = sectionsFrame.current;
    if (!container) return;
    const observer = new ResizeObserver(() => {
      const pin = pinned.current;
      if (!pin || performance.now() > pin.until) return;
      document.getElementById(sectionElementId(pin.id))?.scrollIntoView({ block: 'start' });
    });
    observer.observe(container);
    const release = () => {
      pinned.current = null;
    };
    window.addEventListener('wheel', release, { passive: true });
    window.addEventListener('touchstart', release, { passive: true });
    window.addEventListener('keydown', release);
    return () => {
      observer.disconnect();
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchstart', release);
      window.removeEventListener('keydown', release);
    };
  }, []);

  // The nav highlights the section in view: the last one whose title has reached the line under the top bar.
  const sectionKeyForSpy = sections.map((section) => section.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `sectionKeyForSpy` stands for `sections`.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      // Right after a jump the section jumped to is current, even one too near the end to reach the top.
      const pin = pinned.current;
      if (pin && performance.now() <= pin.until) return setInView(pin.id);
      const line = sectionScrollMargin() + 8;
      let current: SectionId | null = null;
      for (const section of sections) {
        const element = document.getElementById(sectionElementId(section.id));
        if (!element) continue;
        if (element.getBoundingClientRect().top <= line) current = section.id;
        else break;
      }
      // At the bottom of the page the last sections cannot reach the line: the last one fully shown is current.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        current = sections.at(-1)?.id ?? current;
      }
      setInView(current ?? sections[0]?.id ?? null);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [sectionKeyForSpy]);

  /** After a conflict: the row as the server has it now; the section's unsaved values give way, the others stay. */
  async function reloadAfterConflict(id: FormSectionId) {
    const section = formSectionById.get(id);
    if (!section) return;
    try {
      adopt(await getEmployee(row), id);
      setConflict(null);
    } catch (reason) {
      notifyError(errorText(t, toApiError(reason)));
    }
  }

  function goToSection(id: SectionId) {
    const element = document.getElementById(sectionElementId(id));
    if (!element) return;
    // The section's scroll-margin-top keeps its title below the sticky top bar.
    element.scrollIntoView({ block: 'start' });
    setInView(id);
    pinSection(id);
    const first = element.querySelector<HTMLElement>(
      'input:not([readonly]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]',
    );
    (first ?? element.querySelector<HTMLElement>('h2'))?.focus({ preventScroll: true });
  }

  function saveFocused(section: SectionId | null = focused) {
    if (section === 'account') accountSave.current?.();
    else if (section && formSectionById.has(section as FormSectionId)) void saveSection(section as FormSectionId);
  }

  async function step(direction: 1 | -1) {
    let order: string[];
    try {
      order = await cachedOrder(menu);
    } catch (reason) {
      notifyError(errorText(t, toApiError(reason)));
      return;
    }
    const target = neighbour(order, userId, direction);
    if (!target) {
      toast(t(direction === 1 ? 'employeeDetail.lastEmployee' : 'employeeDetail.firstEmployee'));
      return;
    }
    // With unsaved changes, the leave guard asks first.
    guardedNavigate(employeeDetailPath(menu, target), navigate);
  }

  /** After an exit or a rehire: the detail moves to the list the employee is on now, when the user may see it. */
  function settle(saved: Employee) {
    orders.clear();
    const home = listOf(saved, today);
    if (home !== menu && user && canSee(user, home)) navigate(employeeDetailPath(home, userId), { replace: true });
    else adopt(withPopulated(saved, row, {}, referenceFields), null);
  }

  /** Exit or rehire from its dialog: the dialog shows a failure (a 409 as a conflict); success moves the detail. */
  async function runFlow(
    request: () => Promise<Employee>,
    doneKey: 'employeeDetail.exit.done' | 'employeeDetail.rehire.done',
  ) {
    setDialogBusy(true);
    setDialogError(null);
    try {
      const saved = await request();
      setDialog(null);
      toast(t(doneKey, { name: row.fullname }), 'success');
      settle(saved);
    } catch (reason) {
      const error = toApiError(reason);
      setDialogError(error.status === 409 ? t('employeeDetail.conflictDialog') : describeFailureText(error));
    } finally {
      setDialogBusy(false);
    }
  }
  const exit = (choice: ExitChoice) =>
    runFlow(() => exitEmployee(row._id, { version: row.version, ...choice }), 'employeeDetail.exit.done');
  const rehire = () => runFlow(() => rehireEmployee(row._id, row.version), 'employeeDetail.rehire.done');

  const describeFailureText = (error: ApiError) => {
    const described = describeFailure(t, error);
    return described.general ?? Object.values(described.fields).join(' ');
  };

  const openDialog = (next: Dialog) => {
    setDialogError(null);
    setDialog(next);
  };

  // The newest handlers, for the palette's commands (registered once per visible-section change).
  const latest = useRef({ goToSection, saveFocused, step, openDialog, focused, canWrite, exited });
  latest.current = { goToSection, saveFocused, step, openDialog, focused, canWrite, exited };
  const sectionKey = sections.map((section) => section.id).join(',');
  useCommands(
    detailCommands(
      {
        sections,
        get canWrite() {
          return latest.current.canWrite;
        },
        get exited() {
          return latest.current.exited;
        },
        get canSave() {
          const section = latest.current.focused;
          return isSavable(section);
        },
      },
      {
        goToSection: (id) => latest.current.goToSection(id),
        saveSection: () => latest.current.saveFocused(),
        exit: () => latest.current.openDialog({ kind: 'exit' }),
        rehire: () => latest.current.openDialog({ kind: 'rehire' }),
        next: () => void latest.current.step(1),
        previous: () => void latest.current.step(-1),
      },
    ),
    [sectionKey],
  );

  const sectionOf = (target: EventTarget | null): SectionId | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-section]') : null;
    return (element?.dataset.section as SectionId | undefined) ?? null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const native = event.nativeEvent;
    if (matches(saveShortcut, native)) {
      const section = sectionOf(event.target);
      if (isSavable(section)) {
        event.preventDefault();
        saveFocused(section);
      }
      return;
    }
    const direction = matches(nextShortcut, native) ? 1 : matches(previousShortcut, native) ? -1 : 0;
    if (!direction) return;
    const target = event.target as HTMLElement;
    // A select's own Alt+arrows open its list; a grid keeps its keys.
    if (target.tagName === 'SELECT' || target.closest('.grid-frame')) return;
    event.preventDefault();
    void step(direction);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const section = sectionOf(event.target);
    if (section) setFocused(section);
  };

  const formOf = (section: FormSection) => {
    const failure = describeFailure(t, serverErrors[section.id] ?? null);
    return (
      <SectionForm
        section={section}
        row={row}
        draft={drafts[section.id]}
        computed={computed}
        canWrite={canWrite}
        saving={saving === section.id}
        dirty={dirtySections.includes(section)}
        errors={{ ...errorTexts(t, clientErrors[section.id] ?? {}), ...failure.fields }}
        general={failure.general}
        conflict={conflict?.section === section.id ? conflict : null}
        onChange={(field, value) => setDraft(section, field, value)}
        onSave={() => void saveSection(section.id)}
        onDiscard={() => {
          setDrafts((all) => ({ ...all, [section.id]: toDraft(section, row) }));
          setClientErrors((all) => ({ ...all, [section.id]: {} }));
          setServerErrors((all) => ({ ...all, [section.id]: undefined }));
        }}
        onReload={() => void reloadAfterConflict(section.id)}
        onDismissConflict={() => setConflict(null)}
        language={language}
      />
    );
  };

  const bodyOf = (section: Section): ReactNode => {
    switch (section.kind) {
      case 'form':
        return formOf(section);
      case 'account':
        return (
          <AccountSection
            employeeId={row._id}
            canWrite={canWrite}
            canSetPassword={user?.level === 'admin'}
            onDirty={setAccountDirty}
            bindSave={bindAccountSave}
            onSaved={() => void refreshAfterAccount()}
          />
        );
      case 'records':
        return (
          <EmployeeSubGrid
            kind={section.id}
            employeeId={row._id}
            canWrite={section.payroll ? canWritePayroll : canWrite}
          />
        );
    }
  };

  const mod = isMac() ? '⌘' : 'Ctrl';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the fields; this only routes shortcuts.
    <div className="employee-detail" onKeyDown={onKeyDown} onFocus={onFocus}>
      <header className="screen-header employee-detail-header">
        <p className="trail muted">
          {t(entry.labelKey)} / {row.employee_id}
        </p>
        <h1>{row.fullname}</h1>
        <p className="muted employee-detail-summary">
          {t(`enums.employment_status.${row.status}` as never)}
          {row.exit_date && (
            <>
              {' · '}
              <span className="badge badge-warning">
                {t('employeeDetail.exitedOn', {
                  reason: row.exit_reason ? t(`enums.exit_reason.${row.exit_reason}` as never) : '',
                  date: formatDate(row.exit_date, 'DD MMM YYYY', { locale: language }),
                })}
              </span>{' '}
              <Suspense fallback={null}>
                <OutstandingFinance employee={row._id} />
              </Suspense>
            </>
          )}
        </p>
        <div className="employee-detail-actions">
          <button type="button" onClick={() => void step(-1)} aria-keyshortcuts="Alt+ArrowUp">
            {t('employeeDetail.commands.previous')}
          </button>
          <button type="button" onClick={() => void step(1)} aria-keyshortcuts="Alt+ArrowDown">
            {t('employeeDetail.commands.next')}
          </button>
          {canWrite && !exited && (
            <button type="button" className="danger" onClick={() => openDialog({ kind: 'exit' })}>
              {t('employeeDetail.commands.exit')}
            </button>
          )}
          {canWrite && exited && (
            <button type="button" onClick={() => openDialog({ kind: 'rehire' })}>
              {t('employeeDetail.commands.rehire')}
            </button>
          )}
        </div>
        <p className="hint">{t('employeeDetail.keysHint', { mod })}</p>
      </header>

      <div className="employee-detail-body">
        <nav className="section-nav" aria-label={t('employeeDetail.sectionNav')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${sectionElementId(section.id)}`}
                  aria-current={(inView ?? focused) === section.id ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    goToSection(section.id);
                  }}
                >
                  {t(section.label as never)}
                  {(dirtySections.some((dirtySection) => dirtySection.id === section.id) ||
                    (section.id === 'account' && accountDirty)) && (
                    <span className="dirty-mark" title={t('employeeDetail.unsavedMark')}>
                      {' '}
                      •<span className="visually-hidden">{t('employeeDetail.unsavedMark')}</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="employee-sections" ref={sectionsFrame}>
          {sections.map((section) => (
            <SectionFrame key={section.id} section={section}>
              {bodyOf(section)}
            </SectionFrame>
          ))}
        </div>
      </div>

      {dialog?.kind === 'exit' && (
        <ExitDialog
          employeeId={row._id}
          name={row.fullname}
          today={today}
          busy={dialogBusy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={(choice) => void exit(choice)}
          notice={
            <Suspense fallback={null}>
              <ExitWarning employee={row._id} />
              <OutstandingFinance employee={row._id} />
            </Suspense>
          }
        />
      )}
      {dialog?.kind === 'rehire' && (
        <ConfirmDialog
          title={t('employeeDetail.rehire.title')}
          message={t('employeeDetail.rehire.message', { name: row.fullname })}
          confirm={t('employeeDetail.rehire.confirm')}
          busy={dialogBusy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={() => void rehire()}
        />
      )}
      {dialog?.kind === 'unsaved' && (
        <ConfirmDialog
          title={t('employeeDetail.unsaved.title')}
          message={t('employeeDetail.unsaved.message', { sections: dialog.sections.join(', ') })}
          confirm={t('employeeDetail.unsaved.leave')}
          danger
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const go = dialog.go;
            setDialog(null);
            go();
          }}
        />
      )}
    </div>
  );
}

/** A section: a labelled region with its heading, found by the nav and 'Go to section'. */
function SectionFrame({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      id={sectionElementId(section.id)}
      className="employee-section"
      data-section={section.id}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} tabIndex={-1}>
        {t(section.label as never)}
      </h2>
      {children}
    </section>
  );
}

interface SectionFormProps {
  section: FormSection;
  row: Employee;
  draft: Draft;
  computed: Record<string, string | null>;
  canWrite: boolean;
  saving: boolean;
  dirty: boolean;
  errors: Record<string, string>;
  general: string | null;
  conflict: Conflict | null;
  onChange: (field: EmployeeField, value: FormValue) => void;
  onSave: () => void;
  onDiscard: () => void;
  onReload: () => void;
  onDismissConflict: () => void;
  language: string;
}

/** One section's form: its fields in order, read-only and computed values in place, and its own save. */
function SectionForm(props: SectionFormProps) {
  const candidates = useCandidateTitles();
  const { section, row, draft, canWrite, saving, errors, language } = props;
  const { t } = useTranslation();
  const empty = t('missing.noData');
  const fieldId = (field: string) => `${section.id}-${field}`;

  const entryOf = (entry: (typeof section.entries)[number]) => {
    if (isComputed(entry)) {
      return (
        <ReadOnlyField
          key={entry.computed}
          id={fieldId(entry.computed)}
          field={entry.computed}
          label={fieldLabel(t, entry.computed)}
          text={props.computed[entry.computed] ?? empty}
        />
      );
    }
    const spec: FieldSpec = entry;
    if (!hasField(row, spec.field)) return null;
    const label = fieldLabel(t, spec.field);
    if (spec.readOnly) {
      return (
        <ReadOnlyField
          key={spec.field}
          id={fieldId(spec.field)}
          field={spec.field}
          label={label}
          text={displayValue(spec, row[spec.field], t, language, empty)}
        />
      );
    }
    return (
      <Field
        key={spec.field}
        id={fieldId(spec.field)}
        spec={spec}
        label={label}
        value={draft[spec.field] ?? null}
        onChange={(value) => {
          props.onChange(spec.field, value);
          // A new department leaves a sub-department of another one behind.
          if (spec.field === 'department' && draft.sub_department) props.onChange('sub_department', null);
        }}
        disabled={!canWrite || saving || isLockedBySameAddress(spec.field, draft)}
        error={errors[spec.field] ?? null}
        query={referenceQuery(spec, draft) ?? candidateQuery(candidates, spec.candidates)}
        language={language}
        t={t}
      />
    );
  };

  return (
    <form
      className="employee-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      {props.conflict && (
        <div className="grid-banner grid-banner-error" role="alert">
          <span>
            {t('employeeDetail.conflict', {
              fields:
                props.conflict.fields.map((field) => fieldLabel(t, field)).join(', ') || t('grid.conflictUnknown'),
            })}
          </span>
          <span className="grid-spacer" />
          <button type="button" onClick={props.onDismissConflict}>
            {t('common.close')}
          </button>
          <button type="button" className="primary" onClick={props.onReload}>
            {t('employeeDetail.reload')}
          </button>
        </div>
      )}
      <div className="field-grid">{section.entries.map(entryOf)}</div>
      {props.general && (
        <p className="form-error" role="alert">
          {props.general}
        </p>
      )}
      {canWrite && <SectionActions dirty={props.dirty} saving={saving} onDiscard={props.onDiscard} />}
    </form>
  );
}
