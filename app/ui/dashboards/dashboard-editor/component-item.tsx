/**
 * A component's element in its container's list: the one direct child sortablejs moves, carrying
 * DND_COMPONENT. It spans the component's width in the container's grid (or the full width); in
 * a column it is a full-width subgrid row inside which the component spans its width, as in view mode.
 */
import type { CSSProperties, ReactNode } from 'react';
import { DND_COMPONENT } from './contract';
import { SPAN, SUBGRID_ROW, spanStyle } from './editor-grid';

/** Where a component is drawn: the columns of the grid it sits in, and whether that grid is a column's. */
export type Placement = { columns: number; inColumn: boolean };

type Props = {
  id: string;
  /** `data-component`, as view mode marks its components. */
  kind: string;
  placement: Placement;
  /** Grid columns; undefined for components that take the full width. */
  width?: number;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};

export function ComponentItem({ id, kind, placement, width, className = '', style, children }: Props) {
  const attributes = { [DND_COMPONENT]: id, 'data-component': kind };
  if (width === undefined) {
    return <div {...attributes} className={`col-span-full min-w-0 ${className}`} style={style}>{children}</div>;
  }
  const span = spanStyle(width, placement.columns);
  if (!placement.inColumn) {
    return <div {...attributes} className={`${SPAN} ${className}`} style={{ ...span, ...style }}>{children}</div>;
  }
  return (
    <div {...attributes} className={SUBGRID_ROW}>
      <div className={`${SPAN} ${className}`} style={{ ...span, ...style }}>{children}</div>
    </div>
  );
}
