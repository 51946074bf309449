/**
 * The actions above a tab's editor, in one row that never wraps nor jumps (as Superset has it):
 * Run (with its menu of other ways to run), Stop, the limit, Save and Copy link always in view;
 * everything else (parameters, cost estimate, format, autorun, left bar, schedule, duplicate) in
 * the overflow menu. Which items appear depends on the tab's database and saved state.
 */
import { checkTemplateParams } from '~/lib/sqllab/template-params';
import type { QueryEditor } from '~/lib/sqllab/reducer';
import type { CtasMethod } from '~/lib/sqllab-api';
import { Button, buttonClass } from '../primitives/button';
import { Icon } from '../primitives/icon';
import { Menu, MenuAction } from '../primitives/menu';
import { Select } from '../primitives/select';
import { Tooltip } from '../primitives/tooltip';
import { CtasMenu } from './ctas-menu';
import type { DatabaseInfo } from './left-bar';

type Props = {
  tab: QueryEditor;
  database: DatabaseInfo | null;
  running: boolean;
  limits: number[];
  /** Whether the left bar shows now (it starts hidden on narrow screens). */
  leftBarShown: boolean;
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
    toggleLeftBar: () => void;
  };
};

export function paramsLabel(text: string): string {
  const check = checkTemplateParams(text);
  if (!check.ok) return 'Parameters (invalid)';
  const count = Object.keys(check.value).length;
  return count ? `Parameters (${count})` : 'Parameters';
}

/** The row's frame, shared with the server-rendered page so both have the same height and place. */
export const TOOLBAR_CLASS = 'flex min-h-10 shrink-0 flex-nowrap items-center gap-1.5';

export function EditorToolbar({ tab, database, running, limits, leftBarShown, onChange, actions }: Props) {
  return (
    <div className={TOOLBAR_CLASS} role="toolbar" aria-label="Query actions">
      <Tooltip content="Ctrl/Cmd+Enter; Ctrl/Cmd+Shift+Enter runs the statement at the cursor">
        <Button onClick={actions.run} variant="primary" size="sm" disabled={running}>{tab.selectedText ? 'Run selection' : 'Run'}</Button>
      </Tooltip>
      <CtasMenu allowCtas={Boolean(database?.allow_ctas)} allowCvas={Boolean(database?.allow_cvas)} disabled={running} onRunStatement={actions.runStatement} onRun={actions.runAs} />
      <Tooltip content="Ctrl/Cmd+E">
        <Button onClick={actions.stop} size="sm" disabled={!running} aria-label="Stop">
          <Icon name="stop" className="h-3.5 w-3.5" /><span className="max-sm:hidden" aria-hidden="true">Stop</span>
        </Button>
      </Tooltip>
      <Select label="Limit" layout="inline" value={tab.queryLimit} onChange={(e) => onChange({ queryLimit: Number(e.target.value) })} className="max-sm:[&_label]:sr-only">
        {limits.map((n) => <option key={n} value={n}>{n.toLocaleString('en-US')}</option>)}
      </Select>
      <span className="flex-1" />
      <Button onClick={actions.save} size="sm">Save</Button>
      <Button onClick={actions.share} size="sm" aria-label="Copy link">
        <Icon name="link" className="h-4 w-4" /><span className="max-sm:hidden" aria-hidden="true">Copy link</span>
      </Button>
      <Menu label="More query actions" anchor="bottom end" width="w-56" triggerClassName={buttonClass('secondary', 'sm', 'h-8')}
        trigger={<Icon name="more-vertical" className="h-4 w-4" />}>
        <MenuAction onClick={actions.editParams}>{paramsLabel(tab.templateParams)}</MenuAction>
        {database?.cost_estimate_enabled && <MenuAction onClick={actions.estimate}>Estimate cost</MenuAction>}
        <MenuAction onClick={actions.format}>Format SQL</MenuAction>
        <MenuAction onClick={() => onChange({ autorun: !tab.autorun })}>{tab.autorun ? 'Turn autorun off' : 'Turn autorun on'}</MenuAction>
        <MenuAction onClick={actions.toggleLeftBar}>{leftBarShown ? 'Hide left bar' : 'Show left bar'}</MenuAction>
        {tab.remoteId !== null && <MenuAction onClick={actions.schedule}>Schedule query</MenuAction>}
        <MenuAction onClick={actions.copyToNewTab}>Duplicate tab</MenuAction>
      </Menu>
    </div>
  );
}
