/**
 * Which colour a label (a series, a pie slice, a group) gets, as Superset's categorical colour
 * namespaces decide it: forced colours first (the dashboard's `label_colors` and its stored
 * `map_label_colors`), then the colour the label already has on the page, then the scheme's next
 * colour, skipping colours the chart already uses (Superset's AVOID_COLORS_COLLISION, on by
 * default). Labels are compared as trimmed strings.
 *
 * Nothing here is module-global: a page render (on the server, per request) creates a colour
 * context, so one user's labels never colour another user's charts. The browser creates one per
 * page too, and makes the same calls in the same order, so hydration keeps the server's colours.
 */
import { categoricalSchemes } from './color-scheme';

export const DEFAULT_COLOR_NAMESPACE = 'GLOBAL';

/** A forced colour: a colour string, or an index into the chart's scheme (Superset allows both). */
export type ForcedColor = string | number;

export interface ColorScale {
  (label: unknown, sliceId?: number | string | null): string;
  getColor(label: unknown, sliceId?: number | string | null): string;
  /** Forces a colour for this chart only. */
  setColor(label: unknown, color: ForcedColor): ColorScale;
  /** Label → colour of what this chart has coloured so far. */
  getColorMap(): Record<string, string>;
  readonly schemeId: string;
  readonly colors: readonly string[];
}

export interface DashboardColorMetadata {
  color_namespace?: string | null;
  label_colors?: Record<string, ForcedColor> | null;
  /** Labels used by several charts; older dashboards stored a label → colour object, ignored. */
  shared_label_colors?: string[] | Record<string, string> | null;
  map_label_colors?: Record<string, string> | null;
}

export interface ColorContextOptions {
  /**
   * Labels keep one colour across the charts of a namespace (a dashboard). Off, each chart
   * colours its labels on its own, as Superset's Explore does. Default on.
   */
  shareLabelColors?: boolean;
  /** Skip colours the chart already uses for a new label. Default on, as Superset's flag. */
  avoidCollisions?: boolean;
}

const clean = (label: unknown): string => String(label).trim();

export class CategoricalColorNamespace {
  private forced: Record<string, ForcedColor> = {};
  /** The page's label → colour map of this namespace. */
  private readonly shared = new Map<string, string>();
  private readonly sliceLabels = new Map<string, Set<string>>();

  constructor(
    readonly name: string,
    private readonly options: Required<ColorContextOptions>,
  ) {}

  /** A scale for one chart: each chart asks for its own, labels still share the namespace's map. */
  getScale(schemeId?: string | null): ColorScale {
    const scheme = categoricalSchemes.get(schemeId);
    const colors = scheme.colors;
    const chartColors = new Map<string, string>();
    const ordinal = new Map<string, number>();
    const chartForced: Record<string, ForcedColor> = {};
    const resolve = (c: ForcedColor | undefined): string | undefined =>
      typeof c === 'number' ? colors[((c % colors.length) + colors.length) % colors.length] : c || undefined;

    const ordinalColor = (label: string): string => {
      let index = ordinal.get(label);
      if (index === undefined) {
        index = ordinal.size;
        ordinal.set(label, index);
      }
      return colors[index % colors.length];
    };

    const usage = (color: string) => {
      let n = 0;
      for (const c of chartColors.values()) if (c === color) n += 1;
      return n;
    };

    // Superset's least-used choice: a colour the chart has not used yet, else the one used least,
    // penalising the colours of the first label (its neighbour in Superset's ordering).
    const nextAvailable = (current: string): string => {
      const unused = colors.find((c) => usage(c) === 0);
      if (unused) return unused;
      const first = chartColors.values().next().value;
      const score = (c: string) => usage(c) + (c === first ? 100 : 0);
      return colors.filter((c) => c !== current).reduce((best, c) => (score(c) < score(best) ? c : best), current);
    };

    const getColor = (label: unknown, sliceId?: number | string | null): string => {
      const key = clean(label);
      const forcedColor = resolve(chartForced[key]) ?? resolve(this.forced[key]);
      const known = this.options.shareLabelColors ? this.shared : chartColors;
      const existing = known.get(key);
      let color = forcedColor ?? existing ?? ordinalColor(key);
      if (!forcedColor && existing === undefined && this.options.avoidCollisions && usage(color) > 0) {
        color = nextAvailable(color);
      }
      chartColors.set(key, color);
      if (this.options.shareLabelColors) this.shared.set(key, color);
      if (sliceId !== undefined && sliceId !== null) {
        const labels = this.sliceLabels.get(String(sliceId)) ?? new Set<string>();
        labels.add(key);
        this.sliceLabels.set(String(sliceId), labels);
      }
      return color;
    };

    const scale = Object.assign((label: unknown, sliceId?: number | string | null) => getColor(label, sliceId), {
      getColor,
      setColor(label: unknown, color: ForcedColor) {
        chartForced[clean(label)] = color;
        return scale;
      },
      getColorMap: () => Object.fromEntries(chartColors),
      schemeId: scheme.id,
      colors,
    }) as ColorScale;
    return scale;
  }

  /** Forces a label's colour in every chart of the namespace. */
  setColor(label: unknown, color: ForcedColor): this {
    this.forced[clean(label)] = color;
    return this;
  }

  setColors(colors: Record<string, ForcedColor> | null | undefined): this {
    for (const [label, color] of Object.entries(colors ?? {})) this.setColor(label, color);
    return this;
  }

  resetColors(): void {
    this.forced = {};
  }

  resetColorsForLabels(labels: string[] = []): void {
    for (const label of labels) delete this.forced[label];
  }

  /**
   * A dashboard's stored colours, as Superset applies them on load: every entry of
   * `map_label_colors` (only the labels in `shared_label_colors` when `sharedOnly`), then the
   * custom `label_colors` over them.
   */
  applyDashboardColors(metadata: DashboardColorMetadata | null | undefined, sharedOnly = false): this {
    const full = metadata?.map_label_colors ?? {};
    const sharedLabels = Array.isArray(metadata?.shared_label_colors) ? metadata.shared_label_colors : [];
    const entries = sharedOnly ? Object.fromEntries(Object.entries(full).filter(([l]) => sharedLabels.includes(l))) : full;
    return this.setColors({ ...entries, ...(metadata?.label_colors ?? {}) });
  }

  /** The page's label → colour map (what a dashboard saves as `map_label_colors`). */
  getColorMap(): Record<string, string> {
    return Object.fromEntries(this.shared);
  }

  /** Labels coloured by more than one chart (what a dashboard saves as `shared_label_colors`). */
  getSharedLabels(): string[] {
    const counts = new Map<string, number>();
    for (const labels of this.sliceLabels.values()) for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
    return [...counts].filter(([, n]) => n > 1).map(([l]) => l);
  }
}

/** The colour state of one page: its namespaces, created on first use. */
export function createColorContext(options: ColorContextOptions = {}) {
  const resolved: Required<ColorContextOptions> = {
    shareLabelColors: options.shareLabelColors ?? true,
    avoidCollisions: options.avoidCollisions ?? true,
  };
  const namespaces = new Map<string, CategoricalColorNamespace>();
  const getNamespace = (name?: string | null): CategoricalColorNamespace => {
    // Falsy names mean the global namespace, as Superset's getColorNamespace.
    const key = name || DEFAULT_COLOR_NAMESPACE;
    let ns = namespaces.get(key);
    if (!ns) {
      ns = new CategoricalColorNamespace(key, resolved);
      namespaces.set(key, ns);
    }
    return ns;
  };
  return {
    getNamespace,
    getScale: (schemeId?: string | null, namespace?: string | null) => getNamespace(namespace).getScale(schemeId),
  };
}

export type ColorContext = ReturnType<typeof createColorContext>;
