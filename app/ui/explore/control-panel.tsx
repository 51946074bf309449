/**
 * The chart type's control panel: its sections (collapsible), rows and controls, each drawn by the
 * component of its type with the form data's value and the validator messages. Stub: the control
 * panel work fills this in.
 */
import type { ControlPanel as Panel, FormData } from '~/viz/types';
import type { ExploreDatasource, ExploreResults } from './types';

export type ControlPanelProps = {
  panel: Panel;
  formData: FormData;
  datasource: ExploreDatasource | null;
  /** One control's new value. */
  onChange: (name: string, value: unknown) => void;
  /** Validator messages by control name. */
  errors: Record<string, string[]>;
  results: ExploreResults | null;
};

export function ControlPanel(_props: ControlPanelProps) {
  return null;
}
