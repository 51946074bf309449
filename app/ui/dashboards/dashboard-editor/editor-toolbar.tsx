/**
 * The header bar of edit mode, in place of the view's header: the title edited in place, undo
 * and redo, the properties, CSS and native filter dialogs, the publish toggle, the unsaved-changes flag, Discard,
 * Save, and a menu with 'Save as' and Delete.
 */
import { Button, buttonClass } from '~/ui/primitives/button';
import { Menu, MenuAction } from '~/ui/primitives/menu';

type Props = {
  title: string;
  onTitleChange: (title: string) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  unsaved: boolean;
  saving: boolean;
  published: boolean;
  publishing: boolean;
  onTogglePublished: () => void;
  onEditProperties: () => void;
  onEditCss: () => void;
  onEditFilters: () => void;
  onDiscard: () => void;
  onSave: () => void;
  onSaveAs: () => void;
  onDelete: () => void;
};

export function EditorToolbar(props: Props) {
  const { title, unsaved, saving, published } = props;
  return (
    <div role="toolbar" aria-label="Dashboard editor"
      className="sticky top-0 z-30 mb-4 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white/95 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <input aria-label="Dashboard title" value={title} placeholder="[ untitled dashboard ]" onChange={(event) => props.onTitleChange(event.target.value)}
        className="min-w-0 flex-1 basis-64 rounded-md border border-transparent bg-transparent px-2 py-1 text-2xl font-semibold hover:border-slate-300 focus:border-brand-500 dark:hover:border-slate-700" />
      <button type="button" aria-pressed={published} onClick={props.onTogglePublished} disabled={props.publishing}
        title={published ? 'This dashboard is published. Click to make it a draft.' : 'This dashboard is a draft. Click to publish it.'}
        className={`rounded-full px-2.5 py-0.5 text-xs font-medium disabled:opacity-50 ${published ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}>
        {published ? 'Published' : 'Draft'}
      </button>
      {unsaved && <span role="status" className="text-sm text-amber-700 dark:text-amber-300">Unsaved changes</span>}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!props.canUndo} onClick={props.onUndo}>
          <span aria-hidden="true">↶</span>
        </Button>
        <Button size="sm" variant="ghost" aria-label="Redo" title="Redo (Ctrl+Shift+Z)" disabled={!props.canRedo} onClick={props.onRedo}>
          <span aria-hidden="true">↷</span>
        </Button>
        <Button size="sm" onClick={props.onEditProperties}>Edit properties</Button>
        <Button size="sm" onClick={props.onEditCss}>Edit CSS</Button>
        <Button size="sm" onClick={props.onEditFilters}>Edit filters</Button>
        <Button size="sm" onClick={props.onDiscard}>Discard</Button>
        <Button size="sm" variant="primary" onClick={props.onSave} disabled={saving} aria-busy={saving}>Save</Button>
        <Menu label="More dashboard actions" anchor="bottom end" trigger={<span aria-hidden="true">⋯</span>} triggerClassName={buttonClass('ghost', 'sm')}>
          <MenuAction onClick={props.onSaveAs}>Save as</MenuAction>
          <MenuAction onClick={props.onDelete}>Delete</MenuAction>
        </Menu>
      </div>
    </div>
  );
}
