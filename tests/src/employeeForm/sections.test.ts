import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import zh from '../../../locales/zh.json' with { type: 'json' };
import openapi from '../../../openapi/v1.json' with { type: 'json' };
import {
  type Employee,
  enumValues,
  fieldSpecs,
  formSections,
  isComputed,
  referenceQuery,
  sections,
  unshownFields,
  visibleSections,
} from '../../../src/employeeForm/sections.ts';

type Tree = { [key: string]: string | Tree };
const text = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
const languages = { en, id, zh } as unknown as Record<string, Tree>;

interface PropertySchema {
  enum?: unknown[];
  anyOf?: PropertySchema[];
  type?: string | string[];
}
const schema = (
  openapi as unknown as { components: { schemas: Record<string, { properties: Record<string, PropertySchema> }> } }
).components.schemas.Employee!;
const rowFields = Object.keys(schema.properties);

/** The enum values the API declares for a field (through nullable unions too). */
function apiEnum(field: string): unknown[] | undefined {
  const property = schema.properties[field];
  if (!property) return undefined;
  if (property.enum) return property.enum.filter((value) => value !== null);
  return property.anyOf?.flatMap((part) => part.enum ?? []).filter((value) => value !== null);
}

const placed: string[] = formSections.flatMap((section) => fieldSpecs(section).map((spec) => spec.field));

describe('the employee detail sections', () => {
  it('place every field of the employee row in exactly one section, or list it as not shown', () => {
    const duplicates = placed.filter((field, index) => placed.indexOf(field) !== index);
    expect(duplicates).toEqual([]);
    const missing = rowFields.filter(
      (field) => !placed.includes(field) && !(unshownFields as readonly string[]).includes(field),
    );
    expect(missing).toEqual([]);
    const unknown = [...placed, ...unshownFields].filter((field) => !rowFields.includes(field));
    expect(unknown).toEqual([]);
  });

  it('offer exactly the enum values the API accepts', () => {
    for (const section of formSections) {
      for (const spec of fieldSpecs(section)) {
        if (spec.enum)
          expect([...spec.enum.values].sort(), spec.field).toEqual([...(apiEnum(spec.field) ?? [])].sort());
      }
    }
    expect(enumValues.employment_status).toEqual(apiEnum('status'));
  });

  it('list the spec’s JKK options, with the company rate as the empty choice', () => {
    const jkk = fieldSpecs(formSections.find((section) => section.id === 'bpjs')!).find(
      (spec) => spec.field === 'jkk_percentage',
    );
    expect(jkk?.choice?.values).toEqual([null, 0, 0.24, 0.54, 0.89, 1.27, 1.74]);
    expect(jkk?.choice?.nullLabel).toBe('employeeDetail.companyRate');
  });

  it('keep spec 5’s read-only fields read-only', () => {
    const readOnly = formSections.flatMap((section) =>
      fieldSpecs(section)
        .filter((spec) => spec.readOnly)
        .map((spec) => spec.field),
    );
    expect(readOnly.sort()).toEqual(['account_name', 'assigned_by', 'exit_date', 'exit_reason']);
    const computed = formSections.flatMap((section) =>
      section.entries.filter(isComputed).map((entry) => entry.computed),
    );
    expect(computed).toEqual(
      expect.arrayContaining(['age', 'service_length', 'bpjs_tk_jht', 'bpjs_jkm', 'bpjs_tk_jp', 'bpjs_jkk', 'bpjs_ks']),
    );
  });

  it.each(Object.keys(languages))('have every label in %s', (language) => {
    const tree = languages[language]!;
    const keys: string[] = sections.map((section) => section.label);
    for (const section of formSections) {
      for (const entry of section.entries) {
        if (isComputed(entry)) {
          keys.push(`resources.employees.fields.${entry.computed}`);
          continue;
        }
        keys.push(`resources.employees.fields.${entry.field}`);
        for (const value of entry.enum?.values ?? []) keys.push(`enums.${entry.enum!.key}.${value}`);
        for (const value of entry.choice?.values ?? []) {
          if (value !== null && entry.choice?.key) keys.push(`enums.${entry.choice.key}.${value}`);
        }
        if (entry.choice?.nullLabel) keys.push(entry.choice.nullLabel);
        if (entry.hint) keys.push(entry.hint);
      }
    }
    expect(keys.filter((key) => typeof text(tree, key) !== 'string')).toEqual([]);
  });

  it('show private sections only when the row has their fields', () => {
    const base = Object.fromEntries(rowFields.map((field) => [field, null])) as unknown as Employee;
    const all = visibleSections(base).map((section) => section.id);
    expect(all).toEqual(expect.arrayContaining(['salary', 'bpjs', 'allowances', 'thr-bonuses', 'personal', 'account']));

    const privateFields = [
      'bank',
      'thp',
      'account_number',
      'account_name',
      'pph_deduction',
      'basic_salary',
      'payroll_active',
      'transport_allowance',
      'meal_allowance',
      'communication_allowance',
      'job_allowance',
      'other_allowance',
      'npwp_number',
      'tax_id_valid',
      'bpjs_tk_registered',
      'bpjs_tk_salary',
      'bpjs_type',
      'jkk_percentage',
      'bpjs_ks_registered',
      'bpjs_ks_salary',
    ];
    const viewer = Object.fromEntries(
      Object.entries(base).filter(([field]) => !privateFields.includes(field)),
    ) as unknown as Employee;
    const shown = visibleSections(viewer).map((section) => section.id);
    expect(shown).not.toContain('salary');
    expect(shown).not.toContain('bpjs');
    expect(shown).not.toContain('allowances');
    expect(shown).not.toContain('thr-bonuses');
    expect(shown).toEqual(expect.arrayContaining(['personal', 'legality', 'family', 'emergency-contacts', 'account']));
  });

  it('narrow the sub-department picker to the chosen department', () => {
    const spec = fieldSpecs(formSections.find((section) => section.id === 'assignment')!).find(
      (entry) => entry.field === 'sub_department',
    )!;
    expect(referenceQuery(spec, { department: { _id: 'd1', name: 'Finance' } })).toEqual({ department: 'd1' });
    expect(referenceQuery(spec, { department: null })).toBeUndefined();
  });
});
