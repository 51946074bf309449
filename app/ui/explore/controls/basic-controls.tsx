/**
 * The simple controls (select, checkbox, text, slider, colour scheme, …). Stub: filled in by the
 * control-panel work; until then these types are not drawn.
 */
import type { ControlType } from '~/viz/types';
import type { ControlComponent } from '../control-registry';

export const BASIC_CONTROLS: Partial<Record<ControlType, ControlComponent>> = {};
