/**
 * My assessments (services, decision 0201): an employee or approver fills the KPI sheets the flows give them as an
 * assessor (supervisor, department head, named assessor, self-assessment), in the assessment's own grid.
 */
import type { ScreenProps } from '../types.ts';
import { AssessmentWorkspace } from './Assessment.tsx';

export default function MyAssessments(props: ScreenProps) {
  return <AssessmentWorkspace {...props} mine />;
}
