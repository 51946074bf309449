/**
 * The controls that edit in a popover (time range, annotation layers, column config, conditional
 * formatting, time-series columns). Stub: filled in by the popover work.
 */
import type { ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';

export const POPOVER_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {};
