import { describe, expect, it } from 'vitest';
import { certificationOf, columnFormats, currencyFormats, granularityChoices, orderByChoices, timeGrainChoices, verboseMap } from './datasource-data.server';

describe('datasource data', () => {
  const columns = [
    { column_name: 'ds', verbose_name: 'Day', is_dttm: true },
    { column_name: 'name', verbose_name: null, is_dttm: false },
  ];
  const metrics = [
    { metric_name: 'count', verbose_name: 'COUNT(*)', d3format: null, currency: null },
    { metric_name: 'revenue', verbose_name: '', d3format: '$,.2f', currency: { symbol: 'USD', symbolPosition: 'prefix' } },
  ];

  it('names every column and metric, falling back to the name', () => {
    expect(verboseMap(columns, metrics)).toEqual({ __timestamp: 'Time', count: 'COUNT(*)', revenue: 'revenue', ds: 'Day', name: 'name' });
  });

  it('collects the metrics’ formats', () => {
    expect(columnFormats(metrics)).toEqual({ revenue: '$,.2f' });
    expect(currencyFormats(metrics)).toEqual({ revenue: { symbol: 'USD', symbolPosition: 'prefix' } });
  });

  it('offers order-by choices sorted by name and the temporal columns as time columns', () => {
    expect(orderByChoices([{ column_name: 'name' }, { column_name: 'ds' }])).toEqual([
      ['["ds",true]', 'ds [asc]'], ['["ds",false]', 'ds [desc]'], ['["name",true]', 'name [asc]'], ['["name",false]', 'name [desc]'],
    ]);
    expect(granularityChoices(columns)).toEqual([['ds', 'ds']]);
    expect(timeGrainChoices()).toContainEqual(['P1M', 'Month']);
  });

  it('reads certification from extra, leniently', () => {
    expect(certificationOf('{"certification": {"certified_by": "Data team", "details": "Audited"}, "warning_markdown": "Careful"}')).toEqual({
      is_certified: true, certified_by: 'Data team', certification_details: 'Audited', warning_markdown: 'Careful',
    });
    expect(certificationOf(null)).toEqual({ is_certified: false, certified_by: null, certification_details: null, warning_markdown: null });
    expect(certificationOf('{"certification": "yes"}').is_certified).toBe(false);
  });
});
