/** Explore's chart box: the server draws at this size; the browser redraws at the box's real width, at this height. */
export const EXPLORE_CHART_WIDTH = 900;
export const EXPLORE_CHART_HEIGHT = 420;
