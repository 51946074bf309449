/**
 * CSS templates in the generic API's table (app/server/api/resources.server.ts): the list of
 * `GET /api/v1/css_template/` with Superset's list columns, its filters (the plain text filters on
 * template_name beside Superset's CssTemplateAllTextFilter, name or CSS), order, `_info` and
 * `related`. Templates are shared: every holder of can_read on CssTemplate sees every one (the
 * row scope in app/server/access/visibility.server.ts is "all").
 */
import type { CssTemplate } from '../../../db/index';
import { models } from '../db.server';
import { AUDIT_ORDER, auditFields, auditSearch } from '../lists/fields.server';
import { allTextFilter, dateFilters, textFilters } from '../lists/filters.server';
import { defineResource, type ResourceDefinition } from '../lists/resource-types.server';

/** The permission view guarding templates, as Superset's CssTemplateRestApi.class_permission_name. */
export const CSS_TEMPLATE_VIEW = 'CssTemplate';

export const cssTemplateResource: ResourceDefinition = defineResource<CssTemplate>({
  name: 'css_template',
  view: CSS_TEMPLATE_VIEW,
  title: 'CSS Template',
  model: () => models().CssTemplate,
  fields: {
    id: { get: (r) => r.id },
    uuid: { get: (r) => r.uuid },
    template_name: { get: (r) => r.template_name, label: 'Template Name' },
    css: { get: (r) => r.css ?? '', label: 'CSS' },
    ...auditFields<CssTemplate>(),
  },
  // Superset's CssTemplateRestApi.list_columns.
  listColumns: [
    'changed_on_delta_humanized', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name', 'created_on', 'created_by.first_name',
    'created_by.id', 'created_by.last_name', 'css', 'id', 'template_name',
  ],
  orderColumns: {
    template_name: { column: 'template_name', text: true },
    created_on: { column: 'created_on' },
    ...AUDIT_ORDER,
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  searchFilters: {
    template_name: [...textFilters('template_name'), allTextFilter('css_template_all_text', 'All Text', ['template_name', 'css'])],
    changed_on: dateFilters('changed_on'),
    ...auditSearch,
  },
  related: { created_by: 'user', changed_by: 'user' },
  distinct: [],
  permissions: ['can_read', 'can_write'],
});
