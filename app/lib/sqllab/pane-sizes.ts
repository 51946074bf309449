/**
 * The heights of a tab's two panes (editor north, results south) in percent. The server's tab
 * state has no column for them, so they are kept in the browser under a key per tab, whatever the
 * persistence mode.
 */
import { z } from 'zod';

export const PANE_KEY_PREFIX = 'sightline.sqllab.panes.';
/** Superset's INITIAL_NORTH_PERCENT / INITIAL_SOUTH_PERCENT. */
export const INITIAL_NORTH_PERCENT = 30;
export const INITIAL_SOUTH_PERCENT = 70;
/** Neither pane can be dragged shut: each keeps at least this share. */
export const MIN_PANE_PERCENT = 10;
/** One arrow-key press on the handle moves it this much; Page Up/Down ten times as much. */
export const PANE_KEY_STEP = 2;

export type PaneSizes = { northPercent: number; southPercent: number };

export const paneKey = (tabId: string) => `${PANE_KEY_PREFIX}${tabId}`;

/** North share clamped to the allowed range, rounded to a tenth; south is the rest. */
export function paneSizes(northPercent: number): PaneSizes {
  const north = Math.round(Math.min(100 - MIN_PANE_PERCENT, Math.max(MIN_PANE_PERCENT, northPercent)) * 10) / 10;
  return { northPercent: north, southPercent: Math.round((100 - north) * 10) / 10 };
}

const StoredSchema = z.object({ northPercent: z.number().finite() });

/** Stored sizes, or null when absent or unreadable (the tab's own then apply). */
export function parsePaneSizes(text: string | null): PaneSizes | null {
  if (!text) return null;
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(text));
    return parsed.success ? paneSizes(parsed.data.northPercent) : null;
  } catch {
    return null;
  }
}
