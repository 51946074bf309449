import { describe, expect, test } from 'vitest';
import { createCurrencyFormatter, getCurrencySymbol, getValueFormatter, isCurrencyFormatter } from './currency-format';

// Expectations are Superset's CurrencyFormatter outputs.
describe('currency formats', () => {
  test('the ISO code becomes its en-US symbol, before or after the number', () => {
    expect(createCurrencyFormatter({ currency: { symbol: 'USD', symbolPosition: 'prefix' } })(1234.5)).toBe('$ 1.23k');
    expect(createCurrencyFormatter({ currency: { symbol: 'EUR', symbolPosition: 'suffix' }, d3Format: ',.2f' })(1234.5)).toBe(
      '1,234.50 €',
    );
    expect(createCurrencyFormatter({ currency: { symbol: 'CAD', symbolPosition: 'prefix' }, d3Format: ',d' })(-1234.5)).toBe(
      'CA$ -1,235',
    );
  });

  test('a $ or % in the d3 format is dropped: the symbol says the currency', () => {
    expect(createCurrencyFormatter({ currency: { symbol: 'GBP', symbolPosition: 'prefix' }, d3Format: '$,.2f' })(5)).toBe('£ 5.00');
    expect(createCurrencyFormatter({ currency: { symbol: 'USD', symbolPosition: 'prefix' }, d3Format: ',.1%' })(0.5)).toBe('$ 0.5');
  });

  test('no symbol means the plain number format', () => {
    expect(createCurrencyFormatter({ currency: {}, d3Format: ',d' })(1234)).toBe('1,234');
  });

  test('an unknown currency code prints as itself instead of failing the chart', () => {
    expect(getCurrencySymbol('XX1')).toBe('XX1');
    expect(getCurrencySymbol('JPY')).toBe('¥');
  });
});

describe('value formatter of a chart', () => {
  test('a saved metric’s own currency and d3format apply when the chart sets none', () => {
    const f = getValueFormatter(['revenue'], { revenue: { symbol: 'USD', symbolPosition: 'prefix' } }, { revenue: ',.2f' });
    expect(isCurrencyFormatter(f)).toBe(true);
    expect(f(1000)).toBe('$ 1,000.00');
  });

  test('the chart’s currency wins over the metric’s, its d3 format over the metric’s', () => {
    const f = getValueFormatter(
      ['revenue'],
      { revenue: { symbol: 'USD', symbolPosition: 'prefix' } },
      { revenue: ',.2f' },
      ',d',
      { symbol: 'EUR', symbolPosition: 'suffix' },
    );
    expect(f(1000.4)).toBe('1,000 €');
  });

  test('adhoc metrics use the chart’s formats', () => {
    expect(getValueFormatter([{ label: 'x' }], {}, {}, ',.1f')(3.14159)).toBe('3.1');
    expect(getValueFormatter([{ label: 'x' }], {}, {}, undefined, { symbol: 'USD', symbolPosition: 'suffix' })(2000)).toBe('2k $');
  });
});
