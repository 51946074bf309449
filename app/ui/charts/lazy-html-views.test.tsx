import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HTML_VIEWS } from './html-views';
import { LAZY_HTML_VIEWS, provideServerHtmlViews } from './lazy-html-views';

describe('LAZY_HTML_VIEWS', () => {
  it('has a view for every HTML chart type the pages render', () => {
    expect(Object.keys(LAZY_HTML_VIEWS).sort()).toEqual(Object.keys(HTML_VIEWS).sort());
  });

  it('renders the real view on the server once the entry provides them, inside the wrapper the browser keeps', () => {
    provideServerHtmlViews({ big_number_total: ({ model }) => <p>total {String(model.props.value)}</p> });
    const Total = LAZY_HTML_VIEWS.big_number_total;
    const html = renderToStaticMarkup(<Total model={{ kind: 'html', props: { value: 42 }, width: 100, height: 100 }} />);
    expect(html).toBe('<div data-html-view=""><p>total 42</p></div>');
  });
});
