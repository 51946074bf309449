/** The layout in edit mode (stub: being built): drag and drop, resizing and inline editing over the editor context. */
export function EditableLayout() {
  return null;
}
