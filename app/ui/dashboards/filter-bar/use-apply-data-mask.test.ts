import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterStateHref, isFilterStateParam, storeAndShow, visit } from './apply-filters';
import { storedKeyName, type ApplyContext } from './use-apply-data-mask';

describe('filterStateHref', () => {
  it("replaces the address's filter state with the key and keeps the other parameters", () => {
    const keep = [['standalone', '1'], ['nf', '1'], ['nf.NATIVE_FILTER-a', 'x'], ['nf.NATIVE_FILTER-b.min', '2'], ['native_filters', '(a:b)'],
      ['native_filters_key', 'old'], ['filter_box.3.region', 'Asia'], ['tab', 'TAB-1']] as const;
    expect(filterStateHref('/superset/dashboard/5/', keep, 'k2')).toBe('/superset/dashboard/5/?standalone=1&filter_box.3.region=Asia&tab=TAB-1&native_filters_key=k2');
    expect(filterStateHref('/dashboard/5/', [], 'k')).toBe('/dashboard/5/?native_filters_key=k');
  });

  it('knows the filter state parameters, and where a dashboard keeps its key in the tab', () => {
    expect(['nf', 'nf.x', 'native_filters', 'native_filters_key'].every(isFilterStateParam)).toBe(true);
    expect(['nfx', 'tab', 'filter_box.1.a', 'native_filters_keys'].some(isFilterStateParam)).toBe(false);
    expect(storedKeyName(7)).toBe('sightline:filter-state:7');
  });
});

describe('the visit’s filter state key', () => {
  const store = new Map<string, string>();
  const context = (over: Partial<ApplyContext> = {}): ApplyContext => ({
    dashboardId: 7, keep: [['tab', 'T']], pathname: '/superset/dashboard/7/', csrfToken: 'csrf', navigate: vi.fn(), run: 0, target: '', visited: null, ...over,
  });
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reuses the tab’s last key on arrival only, replacing the address', () => {
    store.set(storedKeyName(7), 'kept');
    const ctx = context();
    visit(ctx, '?tab=T');
    expect(ctx.navigate).toHaveBeenCalledWith('/superset/dashboard/7/?tab=T&native_filters_key=kept', { replace: true, preventScrollReset: true });
    // Later changes of the address (the back button to a state without a key) keep what they show.
    visit(ctx, '?tab=T');
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
  });

  it('does not cover a state the address brings (filters, a key, a permalink), nor reuse another dashboard’s key', () => {
    store.set(storedKeyName(7), 'kept');
    for (const search of ['?nf=1', '?nf.NATIVE_FILTER-a=x', '?native_filters=(a:b)', '?permalink_key=p1']) {
      const ctx = context();
      visit(ctx, search);
      expect(ctx.navigate, search).not.toHaveBeenCalled();
    }
    const other = context({ dashboardId: 8 });
    visit(other, '');
    expect(other.navigate).not.toHaveBeenCalled();
  });

  it('remembers a key the address holds (a shared link, the back button)', () => {
    const ctx = context();
    visit(ctx, '?native_filters_key=abc');
    expect(store.get(storedKeyName(7))).toBe('abc');
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('stores a mask under a new key, remembers it and pushes its address', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ key: 'k9' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const ctx = context();
    const mask = { 'NATIVE_FILTER-a': { id: 'NATIVE_FILTER-a', filterState: { value: ['x'] }, extraFormData: {} } };
    await storeAndShow(ctx, mask);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/dashboard/7/filter_state');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ value: JSON.stringify(mask) });
    expect(ctx.navigate).toHaveBeenCalledWith('/superset/dashboard/7/?tab=T&native_filters_key=k9', { preventScrollReset: true });
    expect(ctx.target).toBe('?tab=T&native_filters_key=k9');
    expect(store.get(storedKeyName(7))).toBe('k9');
  });

  it('lets only the newest of two applies navigate, and throws the server’s refusal', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => { answer = resolve; }))
      .mockImplementationOnce(async () => new Response(JSON.stringify({ key: 'new' }), { status: 201 })));
    const ctx = context();
    const older = storeAndShow(ctx, {});
    await storeAndShow(ctx, {});
    answer(new Response(JSON.stringify({ key: 'old' }), { status: 201 }));
    await older;
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/superset/dashboard/7/?tab=T&native_filters_key=new', { preventScrollReset: true });

    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403 })));
    await expect(storeAndShow(ctx, {})).rejects.toBeInstanceOf(Response);
  });
});
