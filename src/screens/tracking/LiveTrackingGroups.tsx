/**
 * live-tracking-group: the groups the live-tracking map follows, as an editable grid (name, description, member
 * count), and below it the members of one group, added with the employee picker and removed by button: the picker is
 * the keyboard way to choose employees, which a grid cell of ids is not.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, toApiError } from '../../api/client.ts';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { liveTrackingGroupGrid } from '../../grids/specs/live-tracking-group.ts';
import { useCanWrite } from '../../menu/access.ts';
import type { ApiRecord } from '../../picker/options.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import './tracking.css';

interface Group {
  _id: string;
  name: string;
  members: string[];
  version: number;
}
interface Member {
  _id: string;
  fullname: string;
  employee_id: string;
}

export default function LiveTrackingGroups({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite(entry.id);
  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <ResourceGrid spec={liveTrackingGroupGrid} title={title} canWrite={canWrite} embedded />
      <GroupMembers canWrite={canWrite} />
    </>
  );
}

function GroupMembers({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<Group[]>([]);
  const [chosen, setChosen] = useState<string>('');
  const [members, setMembers] = useState<Member[]>([]);
  const [error, setError] = useState<ApiError | null>(null);
  const [status, setStatus] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` reloads after a save.
  useEffect(() => {
    let current = true;
    call(api.GET('/v1/live-tracking-group', { params: { query: { limit: 10_000, sort: 'name' } } })).then(
      ({ data }) => current && setGroups(data as Group[]),
      (reason: unknown) => current && setError(toApiError(reason)),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const group = groups.find((g) => g._id === chosen) ?? null;

  const version = group?.version;
  useEffect(() => {
    if (!chosen || version === undefined) return setMembers([]);
    let current = true;
    call(api.GET('/v1/live-tracking', { params: { query: { group: chosen } } })).then(
      ({ data }) => current && setMembers(data.map((row) => row.employee)),
      (reason: unknown) => current && setError(toApiError(reason)),
    );
    return () => {
      current = false;
    };
  }, [chosen, version]);

  const save = useCallback(
    async (ids: string[]) => {
      if (!group) return;
      setError(null);
      try {
        await call(
          api.PUT('/v1/live-tracking-group/{id}', {
            params: { path: { id: group._id } },
            body: { members: ids, version: group.version },
            headers: { [INLINE_ERRORS_HEADER]: '1' },
          }),
        );
        setStatus(t('tracking.saved'));
        setAttempt((n) => n + 1);
      } catch (reason) {
        setError(toApiError(reason));
        setAttempt((n) => n + 1);
      }
    },
    [group, t],
  );

  return (
    <section className="tracking-members" aria-labelledby="tracking-members-title">
      <h2 id="tracking-members-title">
        {group ? t('tracking.membersOf', { name: group.name }) : t('tracking.members')}
      </h2>
      <label className="tracking-field">
        <span>{t('tracking.group')}</span>
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('tracking.chooseGroup')}</option>
          {groups.map((g) => (
            <option key={g._id} value={g._id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {!group && <p className="muted">{t('tracking.selectGroup')}</p>}
      {group && canWrite && (
        <PickerField<ApiRecord>
          label={t('tracking.addMember')}
          value={null}
          clearable={false}
          source={{ kind: 'server', path: '/v1/employees', searchField: 'fullname' }}
          onChange={(value) => {
            if (value && !group.members.includes(value._id)) void save([...group.members, value._id]);
          }}
        />
      )}
      {group && members.length === 0 && <p className="muted">{t('tracking.noMembers')}</p>}
      {group && members.length > 0 && (
        <ul className="tracking-member-list">
          {members.map((member) => (
            <li key={member._id}>
              <span>
                {member.fullname} <span className="muted">{member.employee_id}</span>
              </span>
              {canWrite && (
                <button
                  type="button"
                  aria-label={t('tracking.removeMember', { name: member.fullname })}
                  onClick={() => void save(group.members.filter((id) => id !== member._id))}
                >
                  {t('tracking.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="muted">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {errorText(t, error)}
        </p>
      )}
    </section>
  );
}
