/**
 * The 'Dashboard' create button: a posted form (the page action's `create` intent) that makes an
 * '[ untitled dashboard ]' and opens it in edit mode, so it works without JavaScript.
 */
import { Form } from '@remix-run/react';
import { CsrfInput } from '../../csrf-input';
import { Button } from '../../primitives/button';

export function CreateDashboardButton() {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <Button type="submit" variant="primary" title="Create a new dashboard">
        <span aria-hidden="true">+ </span>Dashboard
      </Button>
    </Form>
  );
}
