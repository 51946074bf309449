/**
 * The left pane: the dataset's name and menu, its metrics and columns with search, types and drag
 * handles (drag a column onto a selector), and the missing-dataset alert. Stub: the drag-and-drop
 * work fills this in.
 */
import type { ReactNode } from 'react';
import type { ExploreDatasource } from './types';

export type DatasetPaneProps = {
  datasource: ExploreDatasource | null;
  /** The dataset menu (edit, swap, view in SQL Lab, save as dataset). */
  menu: ReactNode;
  /** The page's message when the dataset is gone ('The dataset linked to this chart may have been deleted.'). */
  missingMessage: string | null;
  /** Opens the swap dialog (the missing-dataset alert's 'Swap dataset' button). */
  onSwap: () => void;
};

export function DatasetPane({ datasource }: DatasetPaneProps) {
  return <aside aria-label="Dataset">{datasource?.name}</aside>;
}
