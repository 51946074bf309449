/**
 * The actions above a tab's editor: run (with the CREATE TABLE/VIEW AS menu) or stop, limit,
 * autorun, template parameters, cost estimate, format, left bar, and the query's own actions
 * (save, schedule, copy link, copy to a new tab). Which appear depends on the tab's database.
 */
import { checkTemplateParams } from '~/lib/sqllab/template-params';
import type { QueryEditor } from '~/lib/sqllab/reducer';
import type { CtasMethod } from '~/lib/sqllab-api';
import { CtasMenu } from './CtasMenu';
import type { DatabaseInfo } from './LeftBar';
import { buttonClass, inputClass, secondaryButtonClass } from './StaticSqlLab';

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
        <button type="button" onClick={actions.stop} className={buttonClass} title="Ctrl/Cmd+E">Stop</button>
      ) : (
        <button type="button" onClick={actions.run} className={buttonClass} title="Ctrl/Cmd+Enter; Ctrl/Cmd+Shift+Enter runs the statement at the cursor">
          {tab.selectedText ? 'Run selection' : 'Run'}
        </button>
      )}
      <CtasMenu allowCtas={Boolean(database?.allow_ctas)} allowCvas={Boolean(database?.allow_cvas)} disabled={running} onRunStatement={actions.runStatement} onRun={actions.runAs} />
      <label className="flex items-center gap-2 text-sm">
        <span>Limit</span>
        <select value={tab.queryLimit} onChange={(e) => onChange({ queryLimit: Number(e.target.value) })} className={inputClass.replace('mt-1 block w-full', '')}>
          {limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-sm" title="Run the query when the tab is opened">
        <input type="checkbox" checked={tab.autorun} onChange={(e) => onChange({ autorun: e.target.checked })} />
        <span>Autorun</span>
      </label>
      <button type="button" onClick={actions.editParams} className={secondaryButtonClass}>{paramsLabel(tab.templateParams)}</button>
      {database?.cost_estimate_enabled && <button type="button" onClick={actions.estimate} className={secondaryButtonClass}>Estimate cost</button>}
      <button type="button" onClick={actions.format} className={secondaryButtonClass} title="Ctrl/Cmd+Shift+F">Format SQL</button>
      <button type="button" onClick={() => onChange({ hideLeftBar: !tab.hideLeftBar })} className={secondaryButtonClass}>{tab.hideLeftBar ? 'Show' : 'Hide'} left bar</button>
      <span className="flex-1" />
      <button type="button" onClick={actions.save} className={secondaryButtonClass}>Save</button>
      {tab.remoteId !== null && <button type="button" onClick={actions.schedule} className={secondaryButtonClass}>Schedule query</button>}
      <button type="button" onClick={actions.share} className={secondaryButtonClass}>Copy link</button>
      <button type="button" onClick={actions.copyToNewTab} className={secondaryButtonClass} title="Copy this query into a new tab">Duplicate tab</button>
    </div>
  );
}
