/** The dashboard CSS editor (stub: being built): every change is previewed live through onChange. */
export type CssEditorDialogProps = {
  open: boolean;
  onClose: () => void;
  css: string;
  onChange: (css: string) => void;
};

export function CssEditorDialog(_props: CssEditorDialogProps) {
  return null;
}
