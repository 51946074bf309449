/**
 * The CSS templates page's list (/csstemplatemodelview/list/): one page of templates on the list
 * engine (findPage, the same row scope as the API's list), the search matching the name or the
 * CSS, as Superset's all-text filter does.
 */
import type { CurrentUser } from '../auth/current-user.server';
import { models } from '../db.server';
import { findPage, type ListPage, type ListSpec, type PageQuery } from '../lists/page-query.server';
import { personName, PERSON_ATTRIBUTES } from '../lists/people.server';
import { searchWhere } from '../lists/sql.server';
import { requireCssTemplateRead } from './templates.server';

export type CssTemplateRow = { id: number; name: string; css: string; changedOn: string; changedBy: string | null };
export type CssTemplateSort = 'template_name' | 'changed_on';
export const CSS_TEMPLATE_LIST: ListSpec<CssTemplateSort> = {
  sorts: { template_name: { column: 'template_name', text: true }, changed_on: { column: 'changed_on' } },
  defaultSort: 'template_name',
  defaultDir: 'asc',
};

export async function listCssTemplatePage(user: CurrentUser, query: PageQuery<CssTemplateSort>): Promise<ListPage<CssTemplateRow, CssTemplateSort>> {
  requireCssTemplateRead(user);
  const { CssTemplate, User } = models();
  return findPage(
    CssTemplate,
    CSS_TEMPLATE_LIST,
    query,
    {
      actor: user,
      where: searchWhere(['CssTemplate.template_name', 'CssTemplate.css'], query.search),
      include: [{ model: User, as: 'changed_by', attributes: PERSON_ATTRIBUTES }],
    },
    (rows) => rows.map((row) => ({
      id: row.id, name: row.template_name ?? '', css: row.css ?? '', changedOn: row.changed_on.toISOString(), changedBy: personName(row.changed_by),
    })),
  );
}
