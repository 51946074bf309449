/**
 * The control panel as React renders it: sections with their buttons, controls hidden by their
 * visibility, labels tied to inputs, descriptions and error messages tied to them too.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ControlPanel as Panel, ControlType, FormData } from '~/viz/types';
import { ControlPanel, drawnRows } from './control-panel';

const panel: Panel = {
  sections: [
    {
      label: 'Query',
      description: 'What the chart asks for',
      controlSetRows: [
        ['row_limit'],
        [
          { name: 'show_things', config: { type: 'CheckboxControl', label: 'Show things', default: true } },
          { name: 'periods', config: { type: 'TextControl', label: 'Periods', isInt: true, visibility: ({ formData }) => Boolean(formData.rolling) } },
        ],
        ['metrics'],
        // A type no module draws (a later chart type's control, say).
        [{ name: 'mystery', config: { type: 'MysteryControl' as ControlType, label: 'Mystery' } }],
      ],
    },
    {
      label: 'Chart Options',
      expanded: false,
      controlSetRows: [[{ name: 'bounds', config: { type: 'BoundsControl', label: 'Y Axis Bounds', description: 'Bounds of the y axis' } }]],
    },
    { label: 'Nothing to show', controlSetRows: [[{ name: 'gone', config: { type: 'TextControl', label: 'Gone', visibility: () => false } }]] },
  ],
  controlOverrides: { row_limit: { label: 'Rows at most' } },
};

const formData: FormData = { viz_type: 'table', row_limit: 100, show_things: true };

function render(fd: FormData = formData, errors: Record<string, string[]> = {}) {
  return renderToStaticMarkup(<ControlPanel panel={panel} formData={fd} datasource={null} onChange={() => {}} errors={errors} results={null} />);
}

describe('ControlPanel', () => {
  it('draws each section as a heading with a button, open unless expanded is false', () => {
    const html = render();
    expect(html).toMatch(/<h3 id="[^"]+"[^>]*><button type="button" aria-expanded="true"[^>]*><span>Query<\/span>/);
    expect(html).toMatch(/<button type="button" aria-expanded="false"[^>]*><span>Chart Options<\/span>/);
    // The collapsed section's body is hidden but kept.
    expect(html).toMatch(/<div id="[^"]+" hidden=""[^>]*>.*Y Axis Bounds/);
    expect(html).toContain('What the chart asks for');
  });

  it('leaves out a section whose controls are all hidden', () => {
    expect(render()).not.toContain('Nothing to show');
  });

  it('resolves shared controls with the panel overrides and ties the label to the input', () => {
    const html = render();
    expect(html).toContain('<label id="control-row_limit-label" for="control-row_limit"');
    expect(html).toContain('>Rows at most</label>');
    expect(html).toMatch(/<select id="control-row_limit"|<input[^>]*id="control-row_limit"/);
  });

  it('hides a control whose visibility is false and shows it when true', () => {
    expect(render()).not.toContain('Periods');
    const shown = render({ ...formData, rolling: 'mean', periods: 7 });
    expect(shown).toContain('for="control-periods"');
    expect(shown).toContain('value="7"');
    // Two visible controls in the row sit side by side.
    expect(shown).toContain('grid-cols-2');
    expect(render()).not.toContain('grid-cols-2');
  });

  it('does not draw a control type without a component', () => {
    const rows = drawnRows(panel.sections[0], panel.controlOverrides, { formData, datasource: null });
    expect(rows.flat().map((c) => c.name)).toEqual(['row_limit', 'show_things', 'metrics']);
    expect(render()).not.toContain('Mystery');
  });

  it('shows errors under the control in red, with the label red and the input described by them', () => {
    const html = render({ ...formData, rolling: 'sum', periods: 'x' }, { row_limit: ['is expected to be an integer', 'Value cannot exceed 100000'], periods: ['cannot be empty'] });
    expect(html).toMatch(/<div id="control-row_limit-error" class="[^"]*text-rose-700[^"]*"><p>is expected to be an integer<\/p><p>Value cannot exceed 100000<\/p><\/div>/);
    expect(html).toMatch(/<label id="control-row_limit-label" for="control-row_limit" class="[^"]*text-rose-700/);
    expect(html).toMatch(/<input aria-invalid="true"[^>]*id="control-row_limit"/);
    // A text input lists the panel's messages and then its own parse message.
    expect(html).toMatch(/<input id="control-periods"[^>]*aria-describedby="control-periods-error control-periods-parse-error" aria-invalid="true"/);
    expect(html).toContain('<p id="control-periods-parse-error" class="mt-1 text-sm text-rose-700 dark:text-rose-300">is expected to be an integer</p>');
    expect(render()).not.toContain('-error');
  });

  it('describes a control by its description and names a group control by its label', () => {
    const html = render();
    expect(html).toContain('<span id="control-bounds-description" hidden="">Bounds of the y axis</span>');
    expect(html).toContain('<span id="control-bounds-label"');
    expect(html).toMatch(/<div id="control-bounds" role="group" aria-labelledby="control-bounds-label" aria-describedby="control-bounds-description"/);
  });

  it('puts a checkbox before its label', () => {
    expect(render()).toMatch(/<input id="control-show_things" type="checkbox"[^>]* checked=""\/><label id="control-show_things-label" for="control-show_things"/);
  });
});
