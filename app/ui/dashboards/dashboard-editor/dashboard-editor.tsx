/**
 * The dashboard in edit mode (stub: the editor shell is being built). Loaded with import() after
 * hydration when the page was opened with ?edit=true by someone who may edit.
 */
import type { DashboardPageView } from '~/ui/dashboards/dashboard-view/dashboard-page';

export default function DashboardEditor({ page }: { page: DashboardPageView }) {
  return <p role="status">Editing {page.dashboard.title}</p>;
}
