import { useAtomValue } from 'jotai';
import { canAccess } from '../../common/menu.ts';
import { userAtom } from '../session.ts';
import { viewerOf } from './index.ts';

/** Whether the signed-in user may write a menu's records (its write rule): the screens hide; the server refuses. */
export function useCanWrite(menu: string): boolean {
  const user = useAtomValue(userAtom);
  return !!user && canAccess(menu, viewerOf(user), 'write');
}
