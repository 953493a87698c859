import { describe, expect, it } from 'vitest';
import openapi from '../../../../openapi/v1.json' with { type: 'json' };
import { buildChanges, toDraft } from '../../../../src/employeeForm/form.ts';
import type { Employee } from '../../../../src/employeeForm/sections.ts';
import {
  editableFields,
  profileForm,
  profileSections,
  readOnlySpecs,
  rebaseAfterConflict,
} from '../../../../src/screens/profile/profile.ts';

const selfEditable = Object.keys(openapi.components.schemas.MyProfileUpdate.properties).filter(
  (field) => field !== 'version',
);

const row = {
  _id: 'emp-1',
  version: 4,
  fullname: 'Ratna Wulandari',
  employee_id: 'EMP-010',
  nickname: 'Ratna',
  email: 'ratna@example.com',
  phone: '081234567890',
  birth_place: 'Bandung',
  marital_status: 'tk/0',
  religion: null,
  same_address: false,
  id_card_address: 'Jl. Merdeka 1',
  id_card_rt: '001',
  id_card_rw: '002',
  id_card_postal_code: '40111',
  id_card_province: 'Jawa Barat',
  id_card_city: 'Bandung',
  id_card_district: 'Sumur Bandung',
  id_card_sub_district: 'Braga',
  domicile_address: null,
  domicile_rt: null,
  domicile_rw: null,
  domicile_postal_code: null,
  domicile_province: null,
  domicile_city: null,
  domicile_district: null,
  domicile_sub_district: null,
  department: { _id: 'dep-1', code: 'FIN', name: 'Finance' },
  job_title: null,
  join_date: '2024-02-01',
} as unknown as Employee;

describe('my-profile fields', () => {
  it('edits exactly the fields the server lets an employee change on their own record', () => {
    expect([...editableFields()].sort()).toEqual([...selfEditable].sort());
    expect(profileSections.map((section) => section.id)).toEqual(['personal', 'address']);
  });

  it('shows who the employee is read-only', () => {
    expect(readOnlySpecs.map((spec) => spec.field)).toEqual([
      'fullname',
      'employee_id',
      'department',
      'job_title',
      'join_date',
    ]);
    expect(readOnlySpecs.every((spec) => spec.readOnly)).toBe(true);
  });

  it('sends only what changed, and refuses a malformed phone', () => {
    const draft = { ...toDraft(profileForm, row), nickname: 'Nana', phone: '0812' };
    const { changes, errors } = buildChanges(profileForm, row, draft);
    expect(changes).toEqual({ nickname: 'Nana' });
    expect(Object.keys(errors)).toEqual(['phone']);
  });
});

describe('rebaseAfterConflict', () => {
  it('keeps the user’s changes except where someone else changed the same field', () => {
    const draft = { ...toDraft(profileForm, row), nickname: 'Nana', religion: 'Islam' };
    const current = { ...row, version: 5, nickname: 'Ratna W.', phone: '089999999999' } as Employee;
    const { draft: next, conflicts } = rebaseAfterConflict(row, current, draft);
    expect(conflicts).toEqual(['nickname', 'phone']);
    expect(next.nickname).toBe('Ratna W.');
    expect(next.phone).toBe('089999999999');
    expect(next.religion).toBe('Islam');
    expect(buildChanges(profileForm, current, next).changes).toEqual({ religion: 'Islam' });
  });
});
