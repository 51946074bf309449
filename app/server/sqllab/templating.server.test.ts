import { describe, expect, it } from 'vitest';
import { SqlLabError } from './errors.server';
import { renderSandboxed, TemplateProblem } from './template-sandbox.server';
import { parseTemplateParams, quoteLiteral, renderSqlTemplate, type TemplateContext } from './templating.server';

const ctx = (over: Partial<TemplateContext> = {}): TemplateContext => ({
  templateParams: {},
  user: { id: 7, username: 'ann', email: 'ann@example.com' },
  engine: 'postgresql',
  ...over,
});

/** The SqlLabError a render fails with (the test fails if it renders). */
async function failure(sql: string, over: Partial<TemplateContext> = {}): Promise<SqlLabError> {
  try {
    const out = await renderSqlTemplate(sql, ctx(over));
    throw new Error(`expected an error, rendered ${JSON.stringify(out)}`);
  } catch (error) {
    if (!(error instanceof SqlLabError)) throw error;
    return error;
  }
}

describe('renderSqlTemplate: pass-through and parameters', () => {
  it('returns SQL without template markers unchanged, even with braces and odd params', async () => {
    const sql = "SELECT '{not a template}' AS x, '%' AS y FROM t -- {comment}";
    expect(await renderSqlTemplate(sql, ctx({ templateParams: {} }))).toBe(sql);
  });

  it('renders template parameters from the tab', async () => {
    const sql = "SELECT * FROM t WHERE state = '{{ state }}' AND n > {{ n }}";
    expect(await renderSqlTemplate(sql, ctx({ templateParams: { state: 'CA', n: 3 } }))).toBe("SELECT * FROM t WHERE state = 'CA' AND n > 3");
  });

  it('supports Jinja control flow, Python constants and dict methods', async () => {
    const sql = "{% for k, v in p.items() %}{{ k }}={{ v }}{% if not loop.last %},{% endif %}{% endfor %} {{ p.get('zz', None) }}|{{ None }}";
    expect(await renderSqlTemplate(sql, ctx({ templateParams: { p: { a: 1, b: 'x' } } }))).toBe('a=1,b=x |');
  });

  it("does not escape HTML (autoescape off: it's SQL)", async () => {
    expect(await renderSqlTemplate("SELECT '{{ s }}'", ctx({ templateParams: { s: '<b>&' } }))).toBe("SELECT '<b>&'");
  });
});

describe('renderSqlTemplate: macros', () => {
  it('knows the current user', async () => {
    const sql = "SELECT {{ current_user_id() }}, '{{ current_username() }}', '{{ current_user_email() }}'";
    expect(await renderSqlTemplate(sql, ctx())).toBe("SELECT 7, 'ann', 'ann@example.com'");
    expect(await renderSqlTemplate(sql, ctx({ user: null }))).toBe("SELECT , '', ''");
  });

  it('reads URL parameters, with defaults (positional or keyword) and quotes escaped', async () => {
    const sql = "'{{ url_param('country') }}' '{{ url_param('missing', 'dflt') }}' '{{ url_param('missing', default='kw') }}' [{{ url_param('missing') }}]";
    const out = await renderSqlTemplate(sql, ctx({ urlParams: { country: "Côte d'Ivoire" } }));
    expect(out).toBe("'Côte d''Ivoire' 'dflt' 'kw' []");
    expect(await renderSqlTemplate("{{ url_param('c', escape_result=False) }}", ctx({ urlParams: { c: "a'b" } }))).toBe("a'b");
  });

  it('reads filters: filter_values, get_filters, defaults', async () => {
    const filters = [{ col: 'state', op: 'in', val: ['CA', 'NY'] }, { col: 'state', op: '==', val: 'TX' }, { col: 'x', op: 'in', val: 'solo' }];
    expect(await renderSqlTemplate("{{ filter_values('state') | join(',') }}", ctx({ filters }))).toBe('CA,NY,TX');
    expect(await renderSqlTemplate("{{ filter_values('nope', 'dflt') | join(',') }}", ctx({ filters }))).toBe('dflt');
    expect(await renderSqlTemplate("{% for f in get_filters('x') %}{{ f.op }} {{ f.col }} {{ f.val[0] }}{% endfor %}", ctx({ filters }))).toBe('IN x solo');
    expect(await renderSqlTemplate("{{ cache_key_wrapper('k1') }}", ctx())).toBe('k1');
  });

  it('where_in renders a quoted SQL list, escaping quotes', async () => {
    const sql = 'SELECT * FROM t WHERE x IN {{ xs | where_in }}';
    const out = await renderSqlTemplate(sql, ctx({ templateParams: { xs: ['a', "O'Brien", 1, 2.5, null, true] } }));
    expect(out).toBe("SELECT * FROM t WHERE x IN ('a', 'O''Brien', 1, 2.5, NULL, TRUE)");
    expect(await renderSqlTemplate('{{ "solo" | where_in }}', ctx())).toBe("('solo')");
  });

  it('where_in doubles backslashes unless the engine reads them literally (MySQL injection)', async () => {
    const params = { templateParams: { xs: ["\\' OR 1=1 -- "] } };
    expect(await renderSqlTemplate('{{ xs | where_in }}', ctx({ ...params, engine: 'mysql' }))).toBe("('\\\\'' OR 1=1 -- ')");
    expect(await renderSqlTemplate('{{ xs | where_in }}', ctx({ ...params, engine: undefined }))).toBe("('\\\\'' OR 1=1 -- ')");
    expect(await renderSqlTemplate('{{ xs | where_in }}', ctx({ ...params, engine: 'postgresql' }))).toBe("('\\'' OR 1=1 -- ')");
    expect(quoteLiteral("it's", 'sqlite')).toBe("'it''s'");
  });

  it('where_in refuses nested lists', async () => {
    const error = await failure('{{ xs | where_in }}', { templateParams: { xs: [[1]] } });
    expect(error.error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });

  it('macros win over template parameters of the same name, as in Superset', async () => {
    expect(await renderSqlTemplate('{{ current_user_id() }}', ctx({ templateParams: { current_user_id: 'x' } }))).toBe('7');
  });
});

describe('renderSqlTemplate: errors', () => {
  it('lists every undefined name that reaches the query (MISSING_TEMPLATE_PARAMS_ERROR, issue 1006)', async () => {
    const error = await failure("SELECT '{{ state }}', {{ city | upper }}, {{ 'x' ~ zip }}", { templateParams: { other: 1 } });
    expect(error.status).toBe(422);
    expect(error.error.error_type).toBe('MISSING_TEMPLATE_PARAMS_ERROR');
    expect(error.error.message).toMatch(/^The following parameters in your query are undefined: "state", "city", "zip"\. Please check/);
    expect(error.error.extra.undefined_parameters).toEqual(['state', 'city', 'zip']);
    expect(error.error.extra.template_parameters).toEqual({ other: 1 });
    expect(error.error.extra.issue_codes).toEqual([{ code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' }]);
  });

  it('words a single missing name in the singular', async () => {
    const error = await failure("SELECT '{{ state }}'");
    expect(error.error.message).toMatch(/^The parameter "state" in your query is undefined\./);
  });

  it('does not count names the template guards (is defined, default, if)', async () => {
    const sql = "{% if a is defined %}{{ a }}{% endif %}{{ b | default('B') }}{% if c %}{{ c }}{% else %}C{% endif %}";
    expect(await renderSqlTemplate(sql, ctx())).toBe('BC');
  });

  it('reports syntax errors as INVALID_TEMPLATE_PARAMS_ERROR with the position', async () => {
    const error = await failure('SELECT 1\nWHERE {{ a +* b }}');
    expect(error.error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(error.error.extra).toMatchObject({ line: 2, template_error_kind: 'syntax' });
    expect(error.error.message).toMatch(/malformed template parameters: .*\(line 2, column \d+\)/);
    expect(error.error.extra.issue_codes).toEqual([{ code: 1028, message: expect.stringMatching(/^Issue 1028/) }]);
  });

  it('reports template parameters that are not a JSON object', async () => {
    expect(() => parseTemplateParams('{"a": ')).toThrow(SqlLabError);
    expect(() => parseTemplateParams('[1]')).toThrow(/must be a JSON object/);
    expect(parseTemplateParams('')).toEqual({});
    expect(parseTemplateParams(null)).toEqual({});
    expect(parseTemplateParams('{"a": 1}')).toEqual({ a: 1 });
    const error = await failure('{{ a }}', { templateParams: [1] as unknown as Record<string, unknown> });
    expect(error.error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });
});

describe('the sandbox', () => {
  const escapes = [
    "{{ ''.constructor.constructor('return process')() }}",
    "{{ range.constructor('return process')() }}",
    "{{ range.constructor.constructor('return globalThis.process.exit()')() }}",
    "{{ x['constr' ~ 'uctor'] }}",
    '{{ x.__proto__ }}',
    "{{ ''.__class__.__mro__ }}",
    '{{ [].constructor }}',
    "{{ current_user_id.call(None) }}",
    "{% macro m() %}{% endmacro %}{{ m.constructor('return 1')() }}",
    "{% set d = {'__proto__': 1} %}{{ d }}",
    "{{ x.toString() }}",
    '{{ range }}',
    '{{ range | string }}',
    "{% include '/etc/passwd' %}",
    "{% import '/etc/passwd' as p %}",
    "{% extends 'base.sql' %}",
    "{% from 'x' import y %}",
    "{{ 'aaaa!' | replace(r/(a+)+$/, '') }}",
  ];
  it.each(escapes)('refuses %s with an error instead of running it', async (sql) => {
    const error = await failure(sql, { templateParams: { x: {} } });
    expect(error.error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(error.error.extra.template_error_kind).toBe('forbidden');
  });

  it('knows only its own tests and filters', async () => {
    expect((await failure('{{ 1 is constructor }}')).error.message).toMatch(/no test named "constructor"/);
    expect((await failure("{{ [1] | select('constructor') | join }}")).error.message).toMatch(/no test named "constructor"/);
    expect((await failure("{{ 'x' | indent(100000000) }}")).error.message).toMatch(/no filter named "indent"/);
  });

  it('has no process, require or globalThis to reach', async () => {
    for (const name of ['process', 'require', 'globalThis', 'global', 'module', 'cycler', 'joiner']) {
      const error = await failure(`{{ ${name} }}`);
      expect(error.error.extra.undefined_parameters).toEqual([name]);
    }
    const error = await failure("{{ require('fs') }}");
    expect(error.error.message).toMatch(/"require" is undefined, so it cannot be called/);
  });

  it('stops runaway loops by output size, and stops output-free loops by time', () => {
    const spin = '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}';
    const started = Date.now();
    expect(() => renderSandboxed(spin, {}, { limits: { timeMs: 50 } })).toThrow(/took longer than 50 ms/);
    expect(Date.now() - started).toBeLessThan(1_000);
    const flood = '{% for i in range(100000) %}{% for j in range(100000) %}xxxxxxxxxx{% endfor %}{% endfor %}';
    expect(() => renderSandboxed(flood, {}, { limits: { maxChars: 10_000 } })).toThrow(/longer than 10000 characters/);
  });

  it('caps range, string growth, joins and recursion', async () => {
    expect(() => renderSandboxed('{{ range(1000001) | length }}', {})).toThrow(/range\(\) is limited/);
    const doubling = "{% set a = 'xxxxxxxx' %}{% for i in range(40) %}{% set a = a ~ a %}{% endfor %}{{ a | length }}";
    expect(() => renderSandboxed(doubling, {}, { limits: { maxChars: 1_000_000 } })).toThrow(TemplateProblem);
    expect(() => renderSandboxed("{{ range(1000) | join(s) }}", { s: 'y'.repeat(2_000) }, { limits: { maxChars: 1_000_000 } })).toThrow(/longer than/);
    const error = await failure('{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(1) }}');
    expect(error.error.extra.template_error_kind).toBe('limit');
  });

  it('still renders the templates people write', async () => {
    const sql = "SELECT * FROM t WHERE c IN ('{{ \"', '\".join(names) }}') AND d = '{{ d.upper() }}' {% if names | length > 1 %}LIMIT {{ 1 + 1 }}{% endif %}";
    expect(await renderSqlTemplate(sql, ctx({ templateParams: { names: ['a', 'b'], d: 'x' } }))).toBe("SELECT * FROM t WHERE c IN ('a', 'b') AND d = 'X' LIMIT 2");
    const macros = '{% macro q(v) %}\'{{ v }}\'{% endmacro %}{% macro w() %}({{ caller() }}){% endmacro %}{% call w() %}{{ q(1) }}{% endcall %}';
    expect(await renderSqlTemplate(macros, ctx())).toBe("('1')");
  });
});

describe('renderSqlTemplate: what the chart data engine adds', () => {
  const now = new Date('2024-06-15T12:00:00Z');

  it('get_time_filter: the column filter, else the query time range, else the default, as literals or strftime text', async () => {
    const filters = [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' }];
    const sql = "{% set t = get_time_filter('ds', target_type='TIMESTAMP') %}ds >= {{ t.from_expr }} AND ds < {{ t.to_expr }} -- {{ t.time_range }}";
    expect(await renderSqlTemplate(sql, ctx({ filters, now }))).toBe("ds >= TIMESTAMP '2024-01-01 00:00:00' AND ds < TIMESTAMP '2024-02-01 00:00:00' -- 2024-01-01 : 2024-02-01");
    const other = "{% set t = get_time_filter('other', strftime='%Y%m%d') %}{{ t.from_expr }}..{{ t.to_expr }}";
    expect(await renderSqlTemplate(other, ctx({ timeRange: 'Last week', now }))).toBe('20240608..20240615');
    expect(await renderSqlTemplate("{{ get_time_filter('x', default='2020-01-01 : 2020-01-02', target_type='DATE').from_expr }}", ctx({ engine: 'sqlite', now }))).toBe("'2020-01-01'");
    expect(await renderSqlTemplate("[{{ get_time_filter('x').from_expr }}]", ctx({ now }))).toBe('[]');
    expect((await failure("{{ get_time_filter('x', default='Last fortnight') }}", { now })).error.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });

  it('reports the filters a template read, and those it took over with remove_filter', async () => {
    const usage = { appliedFilters: [], removedFilters: [] };
    const filters = [{ col: 'state', op: 'IN', val: ['CA'] }, { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last week' }, { col: 'city', op: '==', val: 'x' }];
    const sql = "{{ filter_values('state', remove_filter=True) }}{{ get_filters('city') }}{{ get_time_filter('ds', remove_filter=True).time_range }}{{ filter_values('none') }}";
    await renderSqlTemplate(sql, ctx({ filters, usage, now }));
    expect(usage).toEqual({ appliedFilters: ['state', 'city', 'ds'], removedFilters: ['state', 'ds'] });
  });
});
