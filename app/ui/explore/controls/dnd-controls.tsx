/**
 * The drag-and-drop selectors (metrics, metric, columns, x-axis, filters). Stub: filled in by the
 * drag-and-drop work; until then these types are not drawn.
 */
import type { ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';

export const DND_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {};
