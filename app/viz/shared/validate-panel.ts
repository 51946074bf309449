/**
 * A control panel's validators run over form data: the messages of each visible control that
 * fails, by control name (Superset's control state `validationErrors`). The hydrated panel shows
 * them under the controls and holds the chart back; the server runs the same before storing.
 */
import type { ControlContext, ControlPanel, FormData } from '../types';
import { resolveControl } from './controls';
import { runValidators } from './validators';

export function validatePanel(panel: ControlPanel, formData: FormData, datasource: ControlContext['datasource']): Record<string, string[]> {
  const context: ControlContext = { formData, datasource };
  const errors: Record<string, string[]> = {};
  for (const section of panel.sections) {
    for (const row of section.controlSetRows) {
      for (const item of row) {
        const control = resolveControl(item, panel.controlOverrides);
        if (!control || (control.config.visibility && !control.config.visibility(context))) continue;
        const messages = runValidators(control.config.validators, formData[control.name], context);
        if (messages.length) errors[control.name] = messages;
      }
    }
  }
  return errors;
}
