/**
 * The edit page's loader: the stored settings as form values, or another engine's empty form
 * when the URL picks one. Its action is the add page's (../databaseview.add/page.server.ts).
 */
import { formValuesFromDetail, type DatabaseFormPage } from '~/lib/database-form';
import { pageResult } from '~/server/api/error-response.server';
import { requireUserWith } from '~/server/auth/current-user.server';
import { getDatabaseForEditor } from '~/server/databases/serialize.server';
import { choice, databaseIdOf, engineOptions, withDefaults } from '../databaseview.add/page.server';

export async function loadEditPage(request: Request, idParamValue: string | undefined): Promise<DatabaseFormPage> {
  const user = await requireUserWith(request, 'can_write', 'Database');
  const detail = await pageResult(() => getDatabaseForEditor(user, databaseIdOf(idParamValue)));
  const engines = engineOptions();
  const { engine, connectWith } = choice(new URL(request.url), engines, detail.engine);
  let values = formValuesFromDetail(detail);
  // Another engine than the stored one was picked: the stored parameters mean nothing to it.
  if (engine !== detail.engine) values = withDefaults({ ...values, parameters: {} }, engines.find((e) => e.engine === engine));
  return { engines, engine, connectWith: connectWith ?? (detail.engine ? 'parameters' : 'uri'), values, database: { id: detail.id, name: detail.database_name } };
}
