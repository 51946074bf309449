/** What edit mode offers before the editor loads or without JavaScript (stub: being built). */
import type { DashboardPageView } from '~/ui/dashboards/dashboard-view/dashboard-page';

export function EditWithoutJs(_props: { page: DashboardPageView }) {
  return <p role="note">Layout editing needs JavaScript.</p>;
}
