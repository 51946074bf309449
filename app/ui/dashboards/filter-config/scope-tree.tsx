/**
 * The scoping tree: the dashboard, its tabs and charts, each with a checkbox. A tab's box checks
 * or clears every chart under it and shows mixed when some are checked; the scope saved is the
 * whole dashboard minus the charts left unchecked (config-data.ts scopeOfChecked).
 */
import { useEffect, useId, useRef } from 'react';
import type { DashboardLayout } from '~/lib/dashboard/layout';
import type { FilterScope } from '~/lib/dashboard/native-filters/types';
import { checkedCharts, chartIdsOf, scopeOfChecked, type ScopeNode } from './config-data';

function NodeBox({ node, checked, onToggle }: { node: ScopeNode; checked: ReadonlySet<number>; onToggle: (ids: number[], on: boolean) => void }) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const ids = chartIdsOf(node);
  const count = ids.filter((chartId) => checked.has(chartId)).length;
  const all = ids.length > 0 && count === ids.length;
  const some = count > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <li>
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input ref={box} id={id} type="checkbox" checked={all} aria-checked={some ? 'mixed' : all} disabled={ids.length === 0}
          onChange={(event) => onToggle(ids, event.target.checked)} />
        <span className={node.kind === 'chart' ? '' : 'font-medium'}>{node.label}</span>
      </label>
      {node.children.length > 0 && (
        <ul className="ml-5 mt-1 space-y-1">
          {node.children.map((child) => <NodeBox key={child.id} node={child} checked={checked} onToggle={onToggle} />)}
        </ul>
      )}
    </li>
  );
}

export function ScopeTree({ tree, layout, scope, onChange }: { tree: ScopeNode; layout: DashboardLayout; scope: FilterScope; onChange: (scope: FilterScope) => void }) {
  const checked = checkedCharts(layout, scope);
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(checked);
    for (const chartId of ids) {
      if (on) next.add(chartId);
      else next.delete(chartId);
    }
    onChange(scopeOfChecked(tree, next));
  };
  return (
    <div role="group" aria-label="Scoping" className="max-h-64 overflow-y-auto">
      <ul className="space-y-1">
        <NodeBox node={tree} checked={checked} onToggle={toggle} />
      </ul>
    </div>
  );
}
