/** Superset's time range grammar, pure and isomorphic (see parse.ts). */
export { TimeRangeError, unexpectedTimeRange, type TimeRangeErrorKind } from './errors';
export { evaluateExpression, parseHumanDatetime } from './expression';
export { lookupTimeRanges, TimeRangeQuerySchema, type TimeRangeLookupEntry, type TimeRangeQuery } from './lookup';
export { getSinceUntil, NO_TIME_RANGE, parseTimeRange, type TimeRangeAnswer, type TimeRangeBounds, type TimeRangeOptions } from './parse';
export { addUnits, isoformat, lastDay, truncate, UNITS, type Unit } from './units';
