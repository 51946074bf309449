/**
 * Auto-refresh in the browser: every `frequency` seconds, the drawn charts on screen (less the
 * immune ones) are asked for again with `force=true`, spread over the period as staggeredRefresh
 * says. Timers go with the page, a new interval or a change of staggering settings.
 */
import { useEffect, useRef } from 'react';
import { staggeredRefresh, type AutoRefreshSettings } from './auto-refresh';

export function useAutoRefresh(
  frequency: number,
  settings: AutoRefreshSettings,
  /** The charts to refresh at the moment a refresh starts (drawn and on screen). */
  charts: () => number[],
  refreshChart: (chartId: number) => void,
  enabled: boolean,
): void {
  // The latest callbacks, so a re-render (a chart arriving) does not restart the timers.
  const latest = useRef({ charts, refreshChart });
  latest.current = { charts, refreshChart };
  const { stagger, staggerTimeMs } = settings;
  const immuneKey = settings.immuneChartIds.join(',');

  useEffect(() => {
    if (!enabled || !(frequency > 0)) return;
    const periodMs = frequency * 1000;
    const immuneChartIds = immuneKey ? immuneKey.split(',').map(Number) : [];
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const cycle = () => {
      for (const { chartId, delayMs } of staggeredRefresh(latest.current.charts(), { periodMs, stagger, staggerTimeMs, immuneChartIds })) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          // A chart whose tab closed in the meantime is left alone.
          if (latest.current.charts().includes(chartId)) latest.current.refreshChart(chartId);
        }, delayMs);
        timers.add(timer);
      }
    };
    const every = setInterval(cycle, periodMs);
    return () => {
      clearInterval(every);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [enabled, frequency, stagger, staggerTimeMs, immuneKey]);
}
