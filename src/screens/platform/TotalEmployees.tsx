/** Developer area → statistics → total-employees (issue 26): see Statistics.tsx. */
import type { ScreenProps } from '../types.ts';
import { Statistics } from './Statistics.tsx';

export default function TotalEmployees(screen: ScreenProps) {
  return <Statistics mode="total" {...screen} />;
}
