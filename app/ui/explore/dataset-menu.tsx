/**
 * The dataset menu and its dialogs: edit dataset, swap dataset, view in SQL Lab, save as dataset
 * (Save or Overwrite Dataset). Stub: the dataset dialogs work fills this in.
 */
import type { ExploreChrome } from './types';

export type DatasetMenuProps = {
  chrome: ExploreChrome;
  /** The swap dialog is open (the menu, or the missing-dataset alert, opened it). */
  swapOpen: boolean;
  onSwapOpenChange: (open: boolean) => void;
};

export function DatasetMenu(_props: DatasetMenuProps) {
  return null;
}
