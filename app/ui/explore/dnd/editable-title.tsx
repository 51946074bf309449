/**
 * An editor's title that turns into a text field when clicked (Superset's editable metric and
 * column titles). Enter or leaving the field keeps the text, Escape drops it; an empty text goes
 * back to the default title.
 */
import { useState } from 'react';

type Props = {
  /** What the title shows: the custom label, or the default one. */
  title: string;
  /** 'metric' or 'column': names the button and the field ('Edit metric title', 'Metric title'). */
  kind: string;
  /** A new custom label, or '' for the default. */
  onChange: (label: string) => void;
  disabled?: boolean;
};

export function EditableTitle({ title, kind, onChange, disabled }: Props) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(title);
  const fieldName = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} title`;
  if (editing) {
    return (
      <input
        aria-label={fieldName}
        // The field replaces the button the user just clicked, so focus follows it there.
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          onChange(text.trim());
          setEditing(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onChange(text.trim());
            setEditing(false);
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
          }
        }}
        className="mb-2 w-full rounded border border-slate-300 px-2 py-1 text-sm font-semibold dark:border-slate-700 dark:bg-slate-900"
      />
    );
  }
  return (
    <button
      type="button"
      disabled={disabled}
      aria-label={`Edit ${kind} title`}
      onClick={() => {
        setText(title);
        setEditing(true);
      }}
      className="mb-2 flex max-w-full items-center gap-1 truncate rounded px-1 text-left text-sm font-semibold hover:bg-slate-100 disabled:hover:bg-transparent dark:hover:bg-slate-800"
    >
      <span className="truncate">{title}</span>
      {!disabled && (
        <span aria-hidden className="text-xs text-slate-500">
          ✎
        </span>
      )}
    </button>
  );
}
