/** The filter bar's settings menu: editors' only, once hydrated; a setting saved over the stored json_metadata. */
import { parseStoredObject } from '~/lib/safe-json';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarSettingsMenu, saveMetadataKey, type BarSettingsMenuProps } from './bar-settings-menu';

const props = (over: Partial<BarSettingsMenuProps>): BarSettingsMenuProps => ({
  dashboardId: 5,
  canEdit: true,
  hydrated: true,
  orientation: 'VERTICAL',
  crossFiltersEnabled: true,
  onEditFilters: () => undefined,
  onCrossFilterScoping: () => undefined,
  onChanged: () => undefined,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BarSettingsMenu', () => {
  it('shows nothing to viewers, nor before the page has hydrated', () => {
    expect(renderToStaticMarkup(<BarSettingsMenu {...props({ canEdit: false })} />)).toBe('');
    expect(renderToStaticMarkup(<BarSettingsMenu {...props({ hydrated: false })} />)).toBe('');
  });
});

describe('parseStoredObject (the stored metadata read)', () => {
  it('reads the stored text as an object, and anything else as none', () => {
    expect(parseStoredObject('{"color_scheme":"x"}')).toEqual({ color_scheme: 'x' });
    expect(parseStoredObject(null)).toEqual({});
    expect(parseStoredObject('[1]')).toEqual({});
    expect(parseStoredObject('{oops')).toEqual({});
  });
});

describe('saveMetadataKey', () => {
  it('reads the dashboard afresh and puts its metadata back with the one key changed', async () => {
    const calls: { url: string; method: string; body?: string; csrf?: string }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, method: init.method ?? 'GET', body: init.body as string | undefined, csrf: headers['X-CSRFToken'] });
      const body = init.method === 'GET'
        ? { result: { json_metadata: JSON.stringify({ color_scheme: 'bnbColors', filter_bar_orientation: 'VERTICAL', native_filter_configuration: [{ id: 'F' }] }) } }
        : { id: 5 };
      return new Response(JSON.stringify(body), { status: 200 });
    }));
    await saveMetadataKey('token', 5, 'filter_bar_orientation', 'HORIZONTAL');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/dashboard/5', 'PUT /api/v1/dashboard/5']);
    expect(calls[1].csrf).toBe('token');
    const sent = JSON.parse(calls[1].body!) as { json_metadata: string };
    expect(Object.keys(sent)).toEqual(['json_metadata']);
    expect(JSON.parse(sent.json_metadata)).toEqual({ color_scheme: 'bnbColors', filter_bar_orientation: 'HORIZONTAL', native_filter_configuration: [{ id: 'F' }] });
  });

  it('throws the refusal, so the menu can show the server\'s words', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403 })));
    await expect(saveMetadataKey('t', 5, 'cross_filters_enabled', false)).rejects.toBeInstanceOf(Response);
  });
});
