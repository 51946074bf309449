/**
 * The one error post-processing throws: a step names an unknown operation, its options do not
 * parse, or they reference columns the frame does not have. Superset answers these with a 400
 * (`InvalidPostProcessingError`); the engine maps this class the same way.
 */
export class PostProcessingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostProcessingError';
  }
}

/** Superset's wording when an option names a column the frame lacks. */
export const MISSING_COLUMNS = 'Referenced columns not available in DataFrame.';
