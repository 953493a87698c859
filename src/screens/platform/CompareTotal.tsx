/** Developer area → statistics → compare-total (issue 26): see Statistics.tsx. */
import type { ScreenProps } from '../types.ts';
import { Statistics } from './Statistics.tsx';

export default function CompareTotal(screen: ScreenProps) {
  return <Statistics mode="compare" {...screen} />;
}
