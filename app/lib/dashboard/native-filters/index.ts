/** The native filter engine: configuration, scopes, data masks, what reaches each chart, cascades and URLs. Pure and isomorphic. */
export * from './types';
export { defaultFilterScope, filtersById, parseFilterConfiguration, parseFilterScope, toStoredConfiguration, type ConfigProblem, type ParsedFilterConfiguration } from './parse';
export {
  FILTER_BOX_VIZ_TYPE, GLOBAL_SCOPE_POINTER, chartsInScope, crossFilterChartsInScope, crossFilterScopeOf, globalCrossFilterScope, tabsInScope,
  withCrossFilterScope, withScopesResolved, type CrossFilterMetadata, type ScopeOptions,
} from './scope';
export {
  EMPTY_RESULT_FILTER, NULL_LABEL, VALUE_REQUIRED, buildDataMask, crossFilterDataMask, defaultDataMask, defaultDataMasks, filterValueOf, isMaskActive,
  missingRequiredFilters, needsOptionsForDefault, normalizeFilterValue, rangeExtraFormData, selectExtraFormData, targetColumn, type NormalizedValue,
} from './data-mask';
export { APPEND_KEYS, OVERRIDE_KEYS, mergeExtraFormData } from './merge';
export { filtersForChart, filtersForCharts, type ChartFilters, type FilterContext, type FilterKind, type FilterOnChart, type RejectedFilter } from './apply';
export { ancestorsOf, cascadeExtraFormData, dependentsOf, filterOptionsFormData, resolutionOrder, type CascadeNarrowing, type CascadeOptions, type ResolutionOrder } from './cascade';
export {
  FORM_PREFIX, NATIVE_FILTERS_PARAM, decodeFormFields, decodeNativeFiltersParam, encodeFormFields, encodeNativeFiltersParam,
  type DecodeContext, type DecodedFilters, type DecodedForm, type UrlProblem,
} from './url';
