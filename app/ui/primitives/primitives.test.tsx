/**
 * The primitives as the server renders them, which is all a browser without JavaScript ever gets:
 * real form controls, labels tied to them, errors tied to their control, icons hidden from
 * assistive technology, dialogs and menus closed.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from './button';
import { Dialog } from './dialog';
import { describedBy } from './field';
import { Icon, ICON_NAMES } from './icon';
import { Input, TextArea } from './input';
import { Select } from './select';
import { Tabs } from './tabs';
import { Tooltip, withDescription } from './tooltip';

const html = (node: React.ReactElement) => renderToStaticMarkup(node);

describe('buttonClass', () => {
  it('composes base, variant and size, the caller’s classes last', () => {
    const cls = buttonClass('danger', 'xs', 'mt-6').split(' ');
    expect(cls).toContain('bg-rose-600');
    expect(cls).toContain('text-xs');
    expect(cls.at(-1)).toBe('mt-6');
  });

  it('defaults to a secondary, medium button', () => {
    expect(buttonClass()).toBe(buttonClass('secondary', 'md'));
    expect(buttonClass()).toContain('border-slate-300');
  });
});

describe('Button', () => {
  it('is a real button that does not submit unless told to', () => {
    expect(html(<Button>Cancel</Button>)).toMatch(/^<button[^>]* type="button"[^>]*>Cancel<\/button>$/);
    const submit = html(<Button type="submit" name="intent" value="run" variant="primary">Run</Button>);
    expect(submit).toContain('type="submit"');
    expect(submit).toContain('name="intent"');
    expect(submit).toContain('value="run"');
  });

  it('renders disabled as the attribute', () => {
    expect(html(<Button disabled>Save</Button>)).toContain('disabled=""');
  });
});

describe('describedBy', () => {
  it('lists the caller’s ids, then the hint, then the error', () => {
    expect(describedBy('f', {})).toBeUndefined();
    expect(describedBy('f', { hint: 'h' })).toBe('f-hint');
    expect(describedBy('f', { hint: 'h', error: 'e', extra: 'help' })).toBe('help f-hint f-error');
    expect(describedBy('f', { error: null })).toBeUndefined();
  });
});

describe('Input and TextArea', () => {
  it('ties the label, hint and error to a native input by id', () => {
    const out = html(<Input name="label" label="Name" hint="Shown in lists" error="Required" required />);
    expect(out).toContain('<label for="field-label"');
    expect(out).toMatch(/<input id="field-label" name="label" aria-invalid="true" aria-describedby="field-label-hint field-label-error"/);
    expect(out).toContain('required=""');
    expect(out).toContain('<p id="field-label-hint"');
    expect(out).toContain('<p id="field-label-error" class="');
    expect(out).not.toContain('role="alert"');
  });

  it('announces an error checked as the user types, and keeps the caller’s description', () => {
    const out = html(<TextArea id="json" label="Parameters (JSON)" aria-describedby="help" error="Not JSON" errorRole="alert" />);
    expect(out).toContain('<textarea id="json" aria-invalid="true" aria-describedby="help json-error"');
    expect(out).toContain('<p id="json-error" role="alert"');
  });

  it('has no invalid state without an error', () => {
    expect(html(<Input name="schema" label="Schema" />)).not.toContain('aria-invalid');
  });

  it('wraps its control in the label when inline', () => {
    expect(html(<Input id="s" label="Search results" layout="inline" type="search" />)).toMatch(/^<div><label for="s"[^>]*><span>Search results<\/span><input id="s"/);
  });
});

describe('Select', () => {
  it('is a native select posting its name', () => {
    const out = html(
      <Select id="sqllab-limit" name="queryLimit" label="Limit" defaultValue="1000">
        <option value="100">100</option>
        <option value="1000">1,000</option>
      </Select>,
    );
    expect(out).toContain('<label for="sqllab-limit"');
    expect(out).toContain('<select id="sqllab-limit" name="queryLimit"');
    expect(out).toContain('<option value="1000" selected="">1,000</option>');
  });
});

describe('Icon', () => {
  it('draws every named icon as an SVG hidden from assistive technology', () => {
    for (const name of ICON_NAMES) {
      const out = html(<Icon name={name} />);
      expect(out, name).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(out, name).toMatch(/<(path|circle) /);
    }
  });

  it('names itself only when given a label', () => {
    const out = html(<Icon name="eye" label="Preview" />);
    expect(out).toContain('role="img"');
    expect(out).toContain('aria-label="Preview"');
    expect(out).not.toContain('aria-hidden');
  });
});

describe('Tooltip', () => {
  it('describes its trigger, keeping the trigger’s own description first', () => {
    expect(withDescription(undefined, 't')).toBe('t');
    expect(withDescription('own', 't')).toBe('own t');
    const out = html(<Tooltip content="New tab (Alt+T)"><button type="button" aria-label="New tab">+</button></Tooltip>);
    const tipId = /role="tooltip" id="([^"]+)"/.exec(out)?.[1];
    expect(tipId).toBeTruthy();
    expect(out).toContain(`aria-describedby="${tipId}"`);
    expect(out).toContain('aria-label="New tab"');
  });
});

describe('Tabs', () => {
  it('renders every section under its heading before hydration', () => {
    const out = html(
      <Tabs label="Settings" selectedIndex={1} onChange={() => {}} items={[
        { id: 'one', title: 'One', body: <p>first</p> },
        { id: 'two', title: 'Two', body: <p>second</p> },
      ]} />,
    );
    expect(out).toContain('<section id="section-one-panel" aria-labelledby="section-one"');
    expect(out).not.toContain('hidden');
    expect(out).toContain('<h2 id="section-two"');
    expect(out).toContain('<p>first</p>');
    expect(out).toContain('<p>second</p>');
    expect(out).not.toContain('role="tab"');
  });
});

describe('Dialog', () => {
  it('renders nothing of itself while closed', () => {
    const out = html(<Dialog open={false} onClose={() => {}} title="Save query"><p>body</p></Dialog>);
    expect(out).not.toContain('role="dialog"');
    expect(out).not.toContain('Save query');
    expect(out).not.toContain('body');
  });
});
