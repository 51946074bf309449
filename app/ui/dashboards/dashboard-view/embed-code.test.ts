import { describe, expect, it } from 'vitest';
import { dashboardEmbedCode, embedSize } from './embed-code';

describe('dashboardEmbedCode', () => {
  it("is an iframe of the dashboard's standalone view at the size given", () => {
    expect(dashboardEmbedCode('https://bi.example.com', '/superset/dashboard/sales/', 600, 400)).toBe(
      '<iframe width="600" height="400" seamless frameBorder="0" scrolling="no" src="https://bi.example.com/superset/dashboard/sales/?standalone=1&height=400"></iframe>',
    );
    expect(dashboardEmbedCode('http://localhost:3000', '/superset/dashboard/7/', 800, 250)).toContain('width="800" height="250"');
    expect(dashboardEmbedCode('http://localhost:3000', '/superset/dashboard/7/', 800, 250)).toContain('?standalone=1&height=250"');
  });

  it('keeps a quote in the address from ending the attribute', () => {
    expect(dashboardEmbedCode('http://h', '/superset/dashboard/a"b/', 1, 1)).toContain('src="http://h/superset/dashboard/a&quot;b/?standalone=1&height=1"');
  });
});

describe('embedSize', () => {
  it('takes whole positive pixels and falls back for anything else', () => {
    expect(embedSize(' 800 ', 600)).toBe(800);
    expect(embedSize('', 600)).toBe(600);
    expect(embedSize('80%', 600)).toBe(600);
    expect(embedSize('0', 400)).toBe(400);
    expect(embedSize('123456', 400)).toBe(400);
  });
});
