/** The tab's cost estimate (sql-lab.md §4: started, then returned or failed): the engine's labelled figures, one set per statement. */
import type { CostEstimate } from '~/lib/sqllab/reducer';
import { Button } from '../primitives/button';
import { Dialog, DialogActions } from '../primitives/dialog';
import { ErrorNotice } from './static-sqllab';

const figure = (value: number | string) => (typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : value);

export function EstimateDialog({ estimate, onClose }: { estimate: CostEstimate | null; onClose: () => void }) {
  return (
    <Dialog open={estimate !== null} onClose={onClose} title="Query cost estimate" size="lg">
      <div className="mt-3 space-y-3 text-sm">
        {estimate?.state === 'started' && <p role="status">Estimating the cost of the query…</p>}
        {estimate?.state === 'failed' && <ErrorNotice error={{ message: estimate.error ?? 'Unknown error' }} />}
        {estimate?.state === 'returned' && (estimate.cost.length === 0 ? <p>There is nothing to estimate.</p> : estimate.cost.map((figures, i) => (
          <table key={i} className="w-full text-left" aria-label={estimate.cost.length > 1 ? `Statement ${i + 1}` : 'Estimate'}>
            {estimate.cost.length > 1 && <caption className="text-left font-medium">Statement {i + 1}</caption>}
            <tbody>
              {Object.keys(figures).length === 0 && <tr><td className="py-1 text-slate-500">No estimate for this statement.</td></tr>}
              {Object.entries(figures).map(([label, value]) => (
                <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-4 font-medium">{label}</th>
                  <td className="py-1 font-mono">{figure(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )))}
      </div>
      <DialogActions className="mt-4"><Button onClick={onClose} size="sm">Close</Button></DialogActions>
    </Dialog>
  );
}
