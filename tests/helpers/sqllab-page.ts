/**
 * Driving SQL Lab's editor in the e2e tests: ace's text input once ace has loaded (its accessible
 * name is "SQL editor, Cursor at row N"), and what ace shows.
 */
import type { Page } from 'playwright-core';

/** Replaces the active tab's SQL with `sql`, typed into ace. */
export async function typeSql(page: Page, sql: string): Promise<void> {
  await page.locator('[data-ace-ready="true"]').waitFor();
  await page.getByRole('textbox', { name: /^SQL editor/ }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
}

/** The text the active tab's editor shows (ace's rendered lines), once ace has loaded. */
export async function editorText(page: Page): Promise<string> {
  await page.locator('[data-ace-ready="true"]').waitFor();
  return page.locator('.ace_text-layer').innerText();
}
