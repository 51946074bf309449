/**
 * Control type → the component that draws it. Three modules own the kinds: the simple controls,
 * the drag-and-drop selectors and the popover editors. A type with no component is not drawn (the
 * spec: an unknown control type is a console warning only).
 */
import type { ComponentType } from 'react';
import type { ControlType } from '~/viz/types';
import type { ControlProps } from './types';
import { BASIC_CONTROLS } from './controls/basic-controls';
import { DND_CONTROLS } from './controls/dnd-controls';
import { POPOVER_CONTROLS } from './controls/popover-controls';

// Each component narrows the value it takes; the registry holds them by their common props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ControlComponent = ComponentType<ControlProps<any>>;

const REGISTRY: Partial<Record<ControlType, ControlComponent>> = { ...BASIC_CONTROLS, ...DND_CONTROLS, ...POPOVER_CONTROLS };

const warned = new Set<string>();

export function controlComponent(type: ControlType): ControlComponent | null {
  const component = REGISTRY[type];
  if (!component && !warned.has(type)) {
    warned.add(type);
    console.warn(`Explore: no component for control type ${type}`);
  }
  return component ?? null;
}
