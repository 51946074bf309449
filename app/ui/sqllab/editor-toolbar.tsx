/**
 * The actions above a tab's editor: run (with the CREATE TABLE/VIEW AS menu) or stop, limit,
 * autorun, template parameters, cost estimate, format, left bar, and the query's own actions
 * (save, schedule, copy link, copy to a new tab). Which appear depends on the tab's database.
 */
import { checkTemplateParams } from '~/lib/sqllab/template-params';
import type { QueryEditor } from '~/lib/sqllab/reducer';
import type { CtasMethod } from '~/lib/sqllab-api';
import { Button } from '../primitives/button';
import { Select } from '../primitives/select';
import { Tooltip } from '../primitives/tooltip';
import { CtasMenu } from './ctas-menu';
import type { DatabaseInfo } from './left-bar';

type Props = {
  tab: QueryEditor;
  database: DatabaseInfo | null;
  running: boolean;
  limits: number[];
  onChange: (changes: Partial<QueryEditor>) => void;
  actions: {
    run: () => void;
    runStatement: () => void;
    stop: () => void;
    runAs: (method: CtasMethod, table: string) => void;
    estimate: () => void;
    format: () => void;
    editParams: () => void;
    save: () => void;
    schedule: () => void;
    share: () => void;
    copyToNewTab: () => void;
  };
};

function paramsLabel(text: string): string {
  const check = checkTemplateParams(text);
  if (!check.ok) return 'Parameters (invalid)';
  const count = Object.keys(check.value).length;
  return count ? `Parameters (${count})` : 'Parameters';
}

export function EditorToolbar({ tab, database, running, limits, onChange, actions }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Query actions">
      {running ? (
        <Tooltip content="Ctrl/Cmd+E"><Button onClick={actions.stop} variant="primary">Stop</Button></Tooltip>
      ) : (
        <Tooltip content="Ctrl/Cmd+Enter; Ctrl/Cmd+Shift+Enter runs the statement at the cursor">
          <Button onClick={actions.run} variant="primary">{tab.selectedText ? 'Run selection' : 'Run'}</Button>
        </Tooltip>
      )}
      <CtasMenu allowCtas={Boolean(database?.allow_ctas)} allowCvas={Boolean(database?.allow_cvas)} disabled={running} onRunStatement={actions.runStatement} onRun={actions.runAs} />
      <Select label="Limit" layout="inline" value={tab.queryLimit} onChange={(e) => onChange({ queryLimit: Number(e.target.value) })}>
        {limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
      </Select>
      <label className="flex items-center gap-1.5 text-sm" title="Run the query when the tab is opened">
        <input type="checkbox" checked={tab.autorun} onChange={(e) => onChange({ autorun: e.target.checked })} />
        <span>Autorun</span>
      </label>
      <Button onClick={actions.editParams} size="sm">{paramsLabel(tab.templateParams)}</Button>
      {database?.cost_estimate_enabled && <Button onClick={actions.estimate} size="sm">Estimate cost</Button>}
      <Tooltip content="Ctrl/Cmd+Shift+F"><Button onClick={actions.format} size="sm">Format SQL</Button></Tooltip>
      <Button onClick={() => onChange({ hideLeftBar: !tab.hideLeftBar })} size="sm">{tab.hideLeftBar ? 'Show' : 'Hide'} left bar</Button>
      <span className="flex-1" />
      <Button onClick={actions.save} size="sm">Save</Button>
      {tab.remoteId !== null && <Button onClick={actions.schedule} size="sm">Schedule query</Button>}
      <Button onClick={actions.share} size="sm">Copy link</Button>
      <Tooltip content="Copy this query into a new tab"><Button onClick={actions.copyToNewTab} size="sm">Duplicate tab</Button></Tooltip>
    </div>
  );
}
