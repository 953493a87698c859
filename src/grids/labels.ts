/** The label convention, in one place: `resources.<name>.name` and `resources.<name>.fields.<field>`. */
import type { TFunction } from 'i18next';
import type { AnyGridSpec } from './types.ts';

type Translate = (key: string, options: { defaultValue: string }) => string;

/** A column's label in the current language; the field name until a translation exists. */
export const fieldLabel = (t: TFunction, spec: AnyGridSpec, field: string): string =>
  (t as unknown as Translate)(`resources.${spec.resource}.fields.${field}`, { defaultValue: field });

/** The list's name in the current language (`resources.<resource>.name`). */
export const resourceTitle = (t: TFunction, spec: Pick<AnyGridSpec, 'resource'>): string =>
  (t as unknown as Translate)(`resources.${spec.resource}.name`, { defaultValue: spec.resource });
