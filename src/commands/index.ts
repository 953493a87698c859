import { developerCommands, globalCommands } from './global.ts';
import { listCommands } from './lists.ts';
import { navigationCommands } from './navigation.ts';
import { requestCommands } from './requests.ts';
import type { Command } from './types.ts';

/**
 * Every built-in command list, registered explicitly (no folder scanning). Screens add their own while mounted with
 * `useCommands` (registry.ts).
 */
export const commandLists: readonly (readonly Command[])[] = [
  globalCommands,
  developerCommands,
  navigationCommands,
  listCommands,
  requestCommands,
];
