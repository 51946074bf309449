/** The header menu as the server renders it: what a browser without JavaScript gets. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeaderMenu, type HeaderMenuProps } from './header-menu';

const props = (over: Partial<HeaderMenuProps> = {}): HeaderMenuProps => ({
  keep: [['tab', 'TAB-a'], ['refresh', '30']],
  hydrated: false,
  refreshFrequency: 30,
  onRefreshFrequency: () => {},
  fullscreen: { href: '/superset/dashboard/1/?tab=TAB-a&standalone=1', entered: false },
  dashboardUrl: '/superset/dashboard/1/',
  canShare: true,
  onCopyPermalink: () => {},
  onDownloadImage: () => {},
  ...over,
});

describe('HeaderMenu without JavaScript', () => {
  const html = renderToStaticMarkup(<HeaderMenu {...props()} />);

  it('is a disclosure named More dashboard actions, with the Refresh form carrying the page parameters', () => {
    expect(html).toMatch(/<details[^>]*><summary aria-label="More dashboard actions"/);
    expect(html).toMatch(/<form method="get" aria-label="Refresh dashboard"><input type="hidden" name="tab" value="TAB-a"\/><input type="hidden" name="refresh" value="30"\/><input type="hidden" name="force" value="true"\/>/);
  });

  it('sets the auto-refresh interval with a GET form whose refresh parameter replaces the current one', () => {
    const form = /<form method="get" aria-label="Set auto-refresh interval".*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toContain('<input type="hidden" name="tab" value="TAB-a"/>');
    expect(form).not.toContain('type="hidden" name="refresh"');
    expect(form).toMatch(/<select name="refresh" aria-label="Refresh frequency"/);
    expect(form).toContain('<option value="30" selected="">30 seconds</option>');
    expect(form).toContain('<option value="0">Don&#x27;t refresh</option>');
  });

  it('links to the fullscreen view and leaves out what needs scripts', () => {
    expect(html).toContain('<a href="/superset/dashboard/1/?tab=TAB-a&amp;standalone=1"');
    expect(html).toContain('Enter fullscreen');
    expect(html).not.toContain('Copy permalink to clipboard');
    expect(html).not.toContain('Download as image');
  });

  it('offers Share and the image once hydrated, and Exit fullscreen in the standalone view', () => {
    const hydrated = renderToStaticMarkup(<HeaderMenu {...props({ hydrated: true, fullscreen: { href: '/superset/dashboard/1/', entered: true } })} />);
    expect(hydrated).toContain('Copy permalink to clipboard');
    expect(hydrated).toContain('Embed dashboard');
    expect(hydrated).toContain('Download as image');
    expect(hydrated).toContain('Exit fullscreen');
    expect(hydrated).not.toContain('aria-label="Set auto-refresh interval"');
  });

  it('leaves Share out for someone without can_share_dashboard', () => {
    const hydrated = renderToStaticMarkup(<HeaderMenu {...props({ hydrated: true, canShare: false })} />);
    expect(hydrated).not.toContain('Copy permalink to clipboard');
    expect(hydrated).not.toContain('Embed dashboard');
    expect(hydrated).toContain('Download as image');
  });
});
