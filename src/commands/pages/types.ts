import type { CommandContext } from '../types.ts';

export interface PageProps {
  search: string;
  ctx: CommandContext;
  /** Closes the palette, then runs `action`. */
  finish: (action: () => void) => void;
  /** Selects an item by its value: pages whose results arrive later select their first one (see `useSelectFirst`). */
  select: (value: string) => void;
}
