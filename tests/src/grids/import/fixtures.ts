/** A grid spec with one column of every kind, and an i18next instance that labels it in en, id and zh. */
import i18next, { type TFunction } from 'i18next';
import en from '../../../../locales/en.json' with { type: 'json' };
import id from '../../../../locales/id.json' with { type: 'json' };
import zh from '../../../../locales/zh.json' with { type: 'json' };
import type { AnyColumn, AnyGridSpec } from '../../../../src/grids/types.ts';

export const columns = [
  { field: 'code', kind: 'text', required: true },
  { field: 'name', kind: 'text', required: true },
  { field: 'salary', kind: 'money', min: 0 },
  { field: 'rate', kind: 'percent' },
  { field: 'hours', kind: 'number' },
  { field: 'join_date', kind: 'date' },
  { field: 'start', kind: 'time' },
  {
    field: 'status',
    kind: 'enum',
    enum: { key: 'employmentStatus', values: ['permanent', 'contract', 'probation'] },
  },
  { field: 'active', kind: 'boolean' },
  { field: 'head', kind: 'reference', reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' } },
  { field: 'notes', kind: 'longText' },
  { field: 'photo', kind: 'file' },
  { field: 'total', kind: 'computed', compute: (row) => Number(row.salary ?? 0) * 2 },
  { field: 'created_at', kind: 'date', editable: false },
] satisfies AnyColumn[];

export const spec: AnyGridSpec = {
  resource: 'staff',
  path: '/v1/refs/employees/orgs/departments',
  naturalKey: 'code',
  create: true,
  remove: true,
  defaultSort: 'code',
  title: (row) => String(row.name ?? ''),
  columns,
};

const labels = {
  en: {
    name: 'Staff',
    fields: {
      code: 'Code',
      name: 'Name',
      salary: 'Salary',
      rate: 'Rate',
      hours: 'Hours',
      join_date: 'Join date',
      start: 'Start time',
      status: 'Status',
      active: 'Active',
      head: 'Head',
      notes: 'Notes',
      photo: 'Photo',
      total: 'Total',
      created_at: 'Created',
    },
  },
  id: {
    name: 'Staf',
    fields: {
      code: 'Kode',
      name: 'Nama',
      salary: 'Gaji',
      rate: 'Tarif',
      hours: 'Jam',
      join_date: 'Tanggal masuk',
      start: 'Jam mulai',
      status: 'Status kepegawaian',
      active: 'Aktif',
      head: 'Kepala',
      notes: 'Catatan',
      photo: 'Foto',
      total: 'Total',
      created_at: 'Dibuat',
    },
  },
  zh: {
    name: '员工',
    fields: {
      code: '代码',
      name: '名称',
      salary: '工资',
      rate: '比率',
      hours: '小时',
      join_date: '入职日期',
      start: '开始时间',
      status: '雇佣状态',
      active: '在职',
      head: '负责人',
      notes: '备注',
      photo: '照片',
      total: '合计',
      created_at: '创建时间',
    },
  },
};

const enums = {
  en: { employmentStatus: { permanent: 'Permanent', contract: 'Contract', probation: 'Probation' } },
  id: { employmentStatus: { permanent: 'Tetap', contract: 'Kontrak', probation: 'Masa Percobaan' } },
  zh: { employmentStatus: { permanent: '正式', contract: '合同', probation: '试用期' } },
};

export function makeI18n(language: 'en' | 'id' | 'zh' = 'en') {
  const instance = i18next.createInstance();
  const bundle = (base: object, lang: 'en' | 'id' | 'zh') => ({
    ...base,
    resources: { ...((base as { resources?: object }).resources ?? {}), staff: labels[lang] },
    enums: { ...((base as { enums?: object }).enums ?? {}), ...enums[lang] },
  });
  void instance.init({
    resources: {
      en: { translation: bundle(en, 'en') },
      id: { translation: bundle(id, 'id') },
      zh: { translation: bundle(zh, 'zh') },
    },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const tFor = (language: 'en' | 'id' | 'zh' = 'en'): TFunction => makeI18n(language).t;
