/**
 * What a screen is given, apart from the registries that list screens (`registry.ts`, `details.ts`): a screen imports
 * its props type from here, never from a registry, so no screen depends on the list of every screen.
 */
import type { ClientMenuEntry } from '../menu/index.ts';

export interface ScreenProps {
  entry: ClientMenuEntry;
  /** The menu entries from the top level down to this screen. */
  trail: readonly ClientMenuEntry[];
}

/** What a record detail screen gets: the menu entry it belongs to and the record's id from the route. */
export interface DetailScreenProps {
  entry: ClientMenuEntry;
  id: string;
}
