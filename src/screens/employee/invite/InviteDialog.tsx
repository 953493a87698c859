/**
 * Bulk invite (spec 2.3, 5 and 8): an .xlsx workbook (nothing else) is read in the import worker, its header row and
 * columns matched to the invitation's fields (the user can change both), every row checked in a preview the user
 * can correct in place, and the invitations sent in one all-or-nothing request. The server's refusals land on the
 * preview cells. On success: the toast 'Employee has been invited', the invited employees with their activation links
 * (mailed to each too, decision 0013), and the way on: the invited-user screen for a developer acting as the company's admin
 * (it is a developer screen, so acting as the admin ends), the active employees for a company admin.
 */
import './invite.css';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, INLINE_ERRORS_HEADER, toApiError } from '../../../api/client.ts';
import { createEnumLookup } from '../../../grids/enumLookup.ts';
import { ImportShell } from '../../../grids/import/ImportShell.tsx';
import { labelsInEveryLanguage } from '../../../grids/import/labels.ts';
import { type ImportTarget, unmappedRequired } from '../../../grids/import/mapping.ts';
import { PreviewBody } from '../../../grids/import/PreviewGrid.tsx';
import { type DraftRow, draftRow, mapInSlices, mappedColumns } from '../../../grids/import/preview.ts';
import type { Cell } from '../../../grids/import/protocol.ts';
import { MAX_IMPORT_ROWS } from '../../../grids/import/readWorkbook.ts';
import { useSheetFile } from '../../../grids/import/SheetSource.tsx';
import { displayCell } from '../../../grids/parse.ts';
import { loadReferenceIndex } from '../../../grids/references.ts';
import type { ParseContext } from '../../../grids/types.ts';
import { toast } from '../../../overlays/progress.ts';
import { confirmations, errorText } from '../../../validation.ts';
import {
  ACCEPT,
  applyInvitationReport,
  countInvitations,
  evaluateInvitation,
  hasWorkbookSignature,
  type InvitationRowReport,
  type Invited,
  type InviteRow,
  invitationBody,
  invitationColumns,
  invitationColumnsByField,
  invitationEvaluator,
  invitationLabel,
  invitationLabelKey,
  invitedFrom,
  inviteErrorText,
  isXlsxName,
  linksText,
  markInvitationDuplicates,
  serverErrorText,
} from './invitation.ts';
import { downloadInvitationTemplate } from './template.ts';

/** Files over this size are refused before they are read (as the grid import does). */

/** What to offer once the invitations are sent (see the module comment). */
export type AfterInvite = 'invited-users' | 'active-employees';

export interface InviteDialogProps {
  after: AfterInvite;
  /** Closes the dialog; `invited` says whether anyone was invited meanwhile (the list behind it is stale). */
  onClose: (invited: boolean) => void;
  /** Opens the next screen (the dialog is closed first). */
  onContinue: (next: AfterInvite) => void;
}

const statusKeys = {
  new: 'import.status.new',
  invalid: 'import.status.invalid',
  excluded: 'import.status.excluded',
} as const;

type GridRow = InviteRow & { excluded: boolean };

/** A row's problems as one text: 'Email: Enter an email address…; Phone: …'. */
function rowReason(t: TFunction, row: InviteRow): string {
  return Object.entries(row.errors)
    .map(([field, error]) => `${invitationLabel(t, field)}: ${inviteErrorText(t, error)}`)
    .join('; ');
}

/** A cell's text; when refused, the reason too, on hover and for screen readers. */
function PreviewCell(props: CustomCellRendererProps<GridRow>) {
  const context = props.context as { reasonOf: (row: GridRow, field: string) => string | null };
  const field = props.colDef?.colId ?? '';
  const reason = props.data ? context.reasonOf(props.data, field) : null;
  const text = props.valueFormatted ?? (props.value === null || props.value === undefined ? '' : String(props.value));
  return (
    <span title={reason ?? undefined}>
      <span>{text}</span>
      {reason && <span className="visually-hidden"> ({reason})</span>}
    </span>
  );
}

export function InviteDialog({ after, onClose, onContinue }: InviteDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const nextButton = useRef<HTMLButtonElement>(null);
  const escapeInEditor = useRef(false);
  /** The user's corrections by row key and field: kept when the mapping changes. */
  const corrections = useRef(new Map<string, Record<string, string>>());

  const [rows, setRows] = useState<InviteRow[]>([]);
  const [excludeInvalid, setExcludeInvalid] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [parse, setParse] = useState<ParseContext | null>(null);
  const [saving, setSaving] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [invited, setInvited] = useState<{ people: Invited[]; excluded: number } | null>(null);

  useEffect(() => {
    if (invited) nextButton.current?.focus();
  }, [invited]);

  // ---- how the file's headers find the fields: their labels in every language
  const targets = useMemo<ImportTarget[]>(
    () =>
      invitationColumns.map((column) => ({
        field: column.field,
        required: Boolean(column.required),
        labels: labelsInEveryLanguage(i18n, invitationLabelKey(column.field)),
      })),
    [i18n],
  );

  // ---- the referenced lists (departments, job titles…): loaded once, while the user picks a file
  useEffect(() => {
    const abort = new AbortController();
    loadReferenceIndex(invitationColumns, {}, abort.signal).then(
      (references) => setParse({ enumLookup: createEnumLookup(i18n), references }),
      () => {},
    );
    return () => abort.abort();
  }, [i18n]);

  const evaluator = useMemo(() => (parse ? invitationEvaluator(parse) : null), [parse]);

  // ---- the file: an .xlsx workbook only (spec 5)
  const sheetFile = useSheetFile({
    targets,
    refuse: async (chosen) => {
      if (!isXlsxName(chosen.name)) return 'wrongType';
      const head = new Uint8Array(await chosen.slice(0, 4).arrayBuffer());
      return hasWorkbookSignature(head) ? null : 'wrongType';
    },
    onNewFile: () => setRows([]),
    onSheet: () => corrections.current.clear(),
  });
  const { sheet, headerRow, mapping } = sheetFile;

  // ---- the preview rows: rebuilt when the sheet, header row or mapping change (corrections are kept per row), in
  // slices so a long file never freezes the page; a newer sheet, header row or mapping cancels the run.
  const [checking, setChecking] = useState(false);
  const correctedWhileChecking = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!evaluator) return;
    const corrected = (draft: DraftRow): DraftRow => {
      const edits = corrections.current.get(draft.key);
      if (!edits) return draft;
      const texts = { ...draft.texts };
      for (const [field, text] of Object.entries(edits)) if (field in texts) texts[field] = text;
      return { ...draft, texts };
    };
    const mapped = mappedColumns(mapping, invitationColumnsByField);
    const first = headerRow + 1;
    const body = sheet ? sheet.rows.slice(first) : [];
    let cancelled = false;
    const correctedMeanwhile = new Set<string>();
    correctedWhileChecking.current = correctedMeanwhile;
    setChecking(true);
    const drafts = new Map<string, DraftRow>();
    const checkRow = (source: readonly Cell[], index: number) => {
      const draft = draftRow(source, first + index, mapped);
      if (!draft) return null;
      drafts.set(draft.key, draft);
      return evaluateInvitation(corrected(draft), evaluator);
    };
    void mapInSlices(body, checkRow, () => cancelled).then((results) => {
      if (!results) return;
      const checked = results
        .filter((row): row is InviteRow => row !== null)
        .map((row) => {
          const draft = drafts.get(row.key);
          return correctedMeanwhile.has(row.key) && draft ? evaluateInvitation(corrected(draft), evaluator) : row;
        });
      correctedWhileChecking.current = null;
      setRows(markInvitationDuplicates(checked));
      setChecking(false);
      setSubmitError(null);
    });
    return () => {
      cancelled = true;
    };
  }, [sheet, headerRow, mapping, evaluator]);
  const tooMany = rows.length > MAX_IMPORT_ROWS || Boolean(sheet?.truncated);

  const edit = useCallback(
    (key: string, field: string, text: string) => {
      if (!evaluator) return;
      corrections.current.set(key, { ...corrections.current.get(key), [field]: text });
      correctedWhileChecking.current?.add(key);
      setRows((current) => {
        const index = current.findIndex((row) => row.key === key);
        const row = current[index];
        if (!row || row.texts[field] === text) return current;
        const next = current.slice();
        next[index] = evaluateInvitation(
          { key: row.key, line: row.line, source: [], texts: { ...row.texts, [field]: text } },
          evaluator,
        );
        return markInvitationDuplicates(next);
      });
    },
    [evaluator],
  );

  const counts = useMemo(() => countInvitations(rows), [rows]);
  const included = useMemo(
    () => (excludeInvalid ? rows.filter((row) => row.status !== 'invalid') : rows),
    [rows, excludeInvalid],
  );
  const excludedCount = rows.length - included.length;
  const blockingInvalid = included.some((row) => row.status === 'invalid');
  const missing = useMemo(() => unmappedRequired(mapping, targets), [mapping, targets]);
  const canInvite = !saving && !checking && !!evaluator && included.length > 0 && !blockingInvalid && !tooMany;

  // ---- the preview grid
  const gridRows = useMemo<GridRow[]>(
    () =>
      (onlyProblems ? rows.filter((row) => row.status === 'invalid') : rows).map((row) => ({
        ...row,
        excluded: excludeInvalid && row.status === 'invalid',
      })),
    [rows, onlyProblems, excludeInvalid],
  );
  const mappedFields = useMemo(() => {
    const mapped = new Set(mapping.filter((field): field is string => field !== null));
    return invitationColumns.map((column) => column.field).filter((field) => mapped.has(field));
  }, [mapping]);

  const editRef = useRef(edit);
  editRef.current = edit;
  const gridContext = useMemo(
    () => ({
      reasonOf: (row: GridRow, field: string) => {
        if (field === '#status') return row.status === 'invalid' ? rowReason(t, row) : null;
        const error = row.errors[field];
        return error ? inviteErrorText(t, error) : null;
      },
    }),
    [t],
  );

  const columnDefs = useMemo<ColDef<GridRow>[]>(
    () => [
      {
        colId: '#line',
        headerName: t('import.preview.line'),
        valueGetter: (params) => params.data?.line,
        width: 80,
        pinned: 'left',
        type: 'rightAligned',
      },
      {
        colId: '#status',
        headerName: t('import.preview.status'),
        valueGetter: (params) =>
          params.data ? t(statusKeys[params.data.excluded ? 'excluded' : params.data.status]) : '',
        width: 130,
        pinned: 'left',
        cellRendererSelector: (params) => (params.data?.status === 'invalid' ? { component: PreviewCell } : undefined),
        tooltipValueGetter: (params) => (params.data?.status === 'invalid' ? rowReason(t, params.data) : undefined),
        cellClassRules: {
          'import-status-invalid': (params) => params.data?.status === 'invalid',
          'import-status-new': (params) => params.data?.status === 'new',
        },
      },
      ...mappedFields.map((field): ColDef<GridRow> => {
        const column = invitationColumnsByField.get(field);
        return {
          colId: field,
          headerName: invitationLabel(t, field),
          width: column?.width ?? 180,
          editable: true,
          // A server refusal flags a cell whose text did not change: always refresh, so the reason is rendered.
          equals: () => false,
          valueGetter: (params) => params.data?.texts[field] ?? '',
          valueSetter: (params) => {
            if (params.data) editRef.current(params.data.key, field, String(params.newValue ?? ''));
            return false;
          },
          valueFormatter: (params) => {
            const row = params.data;
            if (!row || !column || row.errors[field] || row.values[field] === undefined)
              return String(params.value ?? '');
            return displayCell(column, row.values[field], t, language);
          },
          tooltipValueGetter: (params) => {
            const error = params.data?.errors[field];
            return error ? inviteErrorText(t, error) : undefined;
          },
          cellRendererSelector: (params) => (params.data?.errors[field] ? { component: PreviewCell } : undefined),
          cellClassRules: { 'import-cell-invalid': (params) => Boolean(params.data?.errors[field]) },
        };
      }),
    ],
    [t, mappedFields, language],
  );

  // ---- sending: all or nothing
  const submit = async () => {
    if (!canInvite) return;
    const sent = included;
    setSaving(true);
    setSubmitError(null);
    try {
      const { data } = await call(
        api.POST('/v1/employees/import-invitation', {
          body: { rows: sent.map(invitationBody) },
          headers: { [INLINE_ERRORS_HEADER]: '1' },
        }),
      );
      toast(t(confirmations.invited), 'success');
      setInvited({ people: invitedFrom(sent, data.rows), excluded: rows.length - sent.length });
    } catch (reason) {
      const error = toApiError(reason);
      if (error.code === 'bulk_invalid' && error.rows) {
        setRows((current) =>
          applyInvitationReport(current, sent, error.rows as InvitationRowReport[], (field, detail) =>
            serverErrorText(t, field, detail),
          ),
        );
        setSubmitError(t('invite.serverInvalid'));
      } else {
        setSubmitError(errorText(t, error));
      }
    } finally {
      setSaving(false);
    }
  };

  const fieldOptions = useMemo(
    () =>
      targets.map((target) => ({
        field: target.field,
        label: `${invitationLabel(t, target.field)}${target.required ? ' *' : ''}`,
      })),
    [targets, t],
  );

  return (
    <ImportShell
      title={t('invite.title')}
      className="invite-dialog"
      intro={t('invite.intro')}
      busy={saving}
      onClose={() => onClose(invited !== null)}
      escapeInEditor={escapeInEditor}
      file={sheetFile}
      source={{
        accept: ACCEPT,
        dropHint: t('invite.dropHint'),
        templateLabel: t('invite.template.download'),
        onTemplate: () => void downloadInvitationTemplate(t),
        errorText: { wrongType: t('invite.errors.wrongType') },
        onChoose: () => setSubmitError(null),
      }}
      mapping={{
        fieldOptions,
        mappedCount: mappedFields.length,
        open: missing.length > 0 || mappedFields.length === 0,
        hint: t('invite.mappingHint'),
      }}
      error={submitError}
      footer={{
        hint: sheet && rows.length > 0 && blockingInvalid ? t('invite.blockedInvalid') : null,
        confirm: saving ? t('invite.inviting') : t('invite.confirm', { count: included.length }),
        canConfirm: canInvite,
        onConfirm: () => void submit(),
      }}
      done={
        invited && (
          <InvitedResult
            invited={invited.people}
            excluded={invited.excluded}
            after={after}
            nextButton={nextButton}
            onClose={() => onClose(true)}
            onContinue={onContinue}
          />
        )
      }
    >
      <PreviewBody<GridRow>
        missing={
          missing.length > 0
            ? t('invite.missingRequired', { fields: missing.map((field) => invitationLabel(t, field)).join(', ') })
            : null
        }
        tooMany={tooMany}
        counts={{ new: counts.new, invalid: counts.invalid }}
        excluded={excludedCount}
        excludeInvalid={{ checked: excludeInvalid, onChange: setExcludeInvalid }}
        onlyProblems={{ checked: onlyProblems, onChange: setOnlyProblems }}
        fileRows={rows.length}
        ready={!!evaluator}
        label={t('invite.previewRegion')}
        busy={checking}
        escapeInEditor={escapeInEditor}
        rows={gridRows}
        columnDefs={columnDefs}
        context={gridContext}
      />
    </ImportShell>
  );
}

/** After the invitations: who was invited, their activation links to copy (the inviter's own, decision 0013), and the way on. */
function InvitedResult({
  invited,
  excluded,
  after,
  nextButton,
  onClose,
  onContinue,
}: {
  invited: readonly Invited[];
  excluded: number;
  after: AfterInvite;
  nextButton: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onContinue: (next: AfterInvite) => void;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  const withLinks = invited.some((person) => person.link);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast(t('invite.result.copied'), 'success');
    } catch {
      toast(t('invite.result.copyFailed'), 'error');
    }
  };

  return (
    <section className="stack invite-result" aria-live="polite">
      <p className="invite-result-count">{t('invite.result.count', { count: invited.length })}</p>
      {excluded > 0 && <p>{t('invite.result.excluded', { count: excluded })}</p>}
      <p className="hint">{withLinks ? t('invite.result.linksHint') : t('invite.result.noLinks')}</p>
      <div className="table-wrap invite-links">
        <table className="table" aria-labelledby={captionId}>
          <caption id={captionId}>{t('invite.result.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{invitationLabel(t, 'employee_id')}</th>
              <th scope="col">{invitationLabel(t, 'fullname')}</th>
              <th scope="col">{invitationLabel(t, 'email')}</th>
              {withLinks && <th scope="col">{t('invite.result.link')}</th>}
            </tr>
          </thead>
          <tbody>
            {invited.map((person) => (
              <tr key={person._id ?? person.employeeId}>
                <td>{person.employeeId}</td>
                <th scope="row">{person.fullname}</th>
                <td>{person.email}</td>
                {withLinks && (
                  <td>
                    {person.link && (
                      <span className="invite-link">
                        <input
                          type="text"
                          readOnly
                          value={person.link}
                          aria-label={t('invite.result.linkOf', { name: person.fullname })}
                          onFocus={(event) => event.currentTarget.select()}
                        />
                        <button
                          type="button"
                          aria-label={t('invite.result.copyNamed', { name: person.fullname })}
                          onClick={() => void copy(person.link!)}
                        >
                          {t('invite.result.copy')}
                        </button>
                      </span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {after === 'invited-users' && <p className="hint">{t('invite.result.developerHint')}</p>}
      <div className="dialog-actions">
        {withLinks && (
          <button type="button" onClick={() => void copy(linksText(invited))}>
            {t('invite.result.copyAll')}
          </button>
        )}
        {after === 'invited-users' && (
          <button type="button" onClick={onClose}>
            {t('common.close')}
          </button>
        )}
        <button ref={nextButton} type="button" className="primary" onClick={() => onContinue(after)}>
          {after === 'invited-users' ? t('invite.result.toInvitedUsers') : t('invite.result.toEmployees')}
        </button>
      </div>
    </section>
  );
}
