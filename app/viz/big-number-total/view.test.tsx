import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BigNumberTotalView } from './view';
import type { BigNumberTotalModel } from './transform-props';

const model = (props: Partial<BigNumberTotalModel['props']>): BigNumberTotalModel => ({
  kind: 'html',
  width: 300,
  height: 150,
  props: { bigNumber: 12, header: { text: '12', fontSize: 60, height: 60 }, subheader: null, subtitle: null, metricName: null, ...props },
});

describe('BigNumberTotalView', () => {
  it('renders the number at its size and colour in a box of the model size', () => {
    const html = renderToStaticMarkup(<BigNumberTotalView model={model({ header: { text: '1.2k', fontSize: 48, height: 60, color: '#EFA1AA' } })} />);
    expect(html).toContain('width:300px;height:150px');
    expect(html).toMatch(/class="header-line[^"]*"[^>]*style="font-size:48px;height:60px;color:#EFA1AA">1.2k</);
    expect(html).not.toContain('subheader-line');
  });

  it('renders the subheader and the subtitle below the number', () => {
    const html = renderToStaticMarkup(
      <BigNumberTotalView model={model({ subheader: { text: 'orders', fontSize: 20, height: 22 }, subtitle: { text: 'since 2020', fontSize: 18, height: 22 } })} />,
    );
    expect(html.indexOf('orders')).toBeLessThan(html.indexOf('since 2020'));
    expect(html).toContain('subtitle-line');
  });

  it('renders the metric name above the number', () => {
    const html = renderToStaticMarkup(<BigNumberTotalView model={model({ metricName: { text: 'Revenue', fontSize: 18, height: 22 } })} />);
    expect(html.indexOf('Revenue')).toBeLessThan(html.indexOf('>12<'));
  });

  it("renders 'No data'", () => {
    const html = renderToStaticMarkup(<BigNumberTotalView model={model({ bigNumber: null, header: { text: 'No data', fontSize: 40, height: 60 } })} />);
    expect(html).toContain('>No data<');
  });
});
