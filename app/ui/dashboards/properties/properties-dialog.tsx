/** The dashboard's properties dialog in edit mode (stub: being built). Apply hands the new values to the editor; Save sends them. */
import type { DashboardProperties } from '~/ui/dashboards/dashboard-editor/contract';

export type PropertiesDialogProps = {
  open: boolean;
  onClose: () => void;
  value: DashboardProperties;
  onApply: (next: DashboardProperties) => void;
};

export function PropertiesDialog(_props: PropertiesDialogProps) {
  return null;
}
