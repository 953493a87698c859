import type { CommandContext } from '../types.ts';

export interface PageProps {
  search: string;
  ctx: CommandContext;
  /** Closes the palette, then runs `action`. */
  finish: (action: () => void) => void;
}
