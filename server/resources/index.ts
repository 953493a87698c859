import { companiesResource } from '../companies/resource.ts';
import { employeeFamilyResource, employeesResource } from '../employees/resource.ts';
import {
  departmentsResource,
  jobTitlesResource,
  locationsResource,
  subDepartmentsResource,
} from '../organization/resources.ts';
import type { Resource } from './define.ts';

/** Every generic resource, explicitly. Add a resource: define it in its feature folder, then list it here. */
export const resources: Resource[] = [
  companiesResource,
  departmentsResource,
  subDepartmentsResource,
  jobTitlesResource,
  locationsResource,
  employeesResource,
  employeeFamilyResource,
];
