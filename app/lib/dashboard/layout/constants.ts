/**
 * The dashboard grid's fixed values (dashboards.md §3, §5, §9), with Superset's numbers where the
 * spec leaves them out, so layouts move between the two products unchanged.
 */

export const DASHBOARD_ROOT_ID = 'ROOT_ID';
export const DASHBOARD_GRID_ID = 'GRID_ID';
export const DASHBOARD_HEADER_ID = 'HEADER_ID';
/** The key beside the components in a stored position_json, and the only value written to it. */
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

export const COMPONENT_TYPES = ['ROOT', 'GRID', 'HEADER', 'ROW', 'COLUMN', 'CHART', 'MARKDOWN', 'TABS', 'TAB', 'DIVIDER', 'DYNAMIC'] as const;

export const SMALL_HEADER = 'SMALL_HEADER';
export const MEDIUM_HEADER = 'MEDIUM_HEADER';
export const LARGE_HEADER = 'LARGE_HEADER';
export const HEADER_SIZES = [SMALL_HEADER, MEDIUM_HEADER, LARGE_HEADER] as const;

export const BACKGROUND_TRANSPARENT = 'BACKGROUND_TRANSPARENT';
export const BACKGROUND_WHITE = 'BACKGROUND_WHITE';
export const BACKGROUNDS = [BACKGROUND_TRANSPARENT, BACKGROUND_WHITE] as const;

/** Pixels per height unit (a component's `meta.height` counts these). */
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 2 * GRID_BASE_UNIT;
export const GRID_COLUMN_COUNT = 12;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
/**
 * Superset sets no ceiling on a chart's height (its examples go past 100 units); this one only
 * keeps a typed-in or scripted value from making a page thousands of screens tall.
 */
export const GRID_MAX_ROW_UNITS = 1000;
/** The depth of ROOT; isValidChild's limits count from it (rules.ts). */
export const DASHBOARD_ROOT_DEPTH = 0;

export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
export const GRID_DEFAULT_MARKDOWN_WIDTH = 4;
export const GRID_DEFAULT_MARKDOWN_HEIGHT = 50;
export const GRID_DEFAULT_COLUMN_WIDTH = 4;

/** Layout steps that can be undone; the history keeps two more entries (history.ts). */
export const UNDO_LIMIT = 50;

/** The most characters a saved position_json may have (Superset's default). */
export const DASHBOARD_POSITION_DATA_LIMIT = 65535;

export const NEW_HEADER_TEXT = 'New header';
export const NEW_TAB_TEXT = 'Tab title';

export const MESSAGES = {
  noSpace: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  noChartDefinition: 'Sorry, there is no chart definition associated with the chart trying to be added.',
  // The spec states the rule without a text; this is Superset's.
  topLevelTabIntoNestedTabs: 'Can not move top level tab into nested tabs',
} as const;

/** The warning once the history is full (spec §8; the rest of the text is Superset's). */
export function undoLimitMessage(slots: number): string {
  return `You have used all ${slots} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`;
}
