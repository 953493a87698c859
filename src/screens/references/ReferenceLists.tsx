/**
 * A menu screen made of reference lists (employee-organization, employee-personal, payroll-references,
 * payroll-rules): one tab per list, each an editable ResourceGrid. The chosen list is in the URL (`?list=`).
 */

import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { unsavedRowsAtom } from '../../grids/context.ts';
import { grids, menuGrids } from '../../grids/index.ts';
import { resourceTitle } from '../../grids/labels.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { clearView } from '../../grids/viewState.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ScreenProps } from '../types.ts';

export default function ReferenceLists({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const unsaved = useAtomValue(unsavedRowsAtom);
  const [params, setParams] = useSearchParams();
  const names = menuGrids[entry.id as keyof typeof menuGrids] ?? [];
  const chosen = names.find((name) => name === params.get('list')) ?? names[0];
  const spec = chosen ? grids[chosen as keyof typeof grids] : undefined;
  const canWrite = useCanWrite(entry.id);
  const title = t(entry.titleKey);

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div role="tablist" aria-label={title} className="list-tabs">
        {names.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === chosen}
            onClick={() => {
              if (name === chosen) return;
              if (unsaved && !window.confirm(t('grid.discardUnsaved', { count: unsaved }))) return;
              const next = clearView(params);
              next.set('list', name);
              setParams(next);
            }}
          >
            {resourceTitle(t, { resource: name })}
          </button>
        ))}
      </div>
      {spec && <ResourceGrid key={spec.resource} spec={spec} title={resourceTitle(t, spec)} canWrite={canWrite} />}
    </>
  );
}
