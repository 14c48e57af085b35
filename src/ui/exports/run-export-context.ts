// What an Export menu item gets. Types only.
import type { LoupeStore } from '../../store/create-loupe-store';

/** What an item gets: the store, and a way to say something next to the menu (redactions made, nothing to export). */
export interface RunExportContext {
  store: LoupeStore;
  say: (notice: string | undefined) => void;
}
