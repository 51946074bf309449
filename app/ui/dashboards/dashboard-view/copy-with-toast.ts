/** Copies text (or the text a request answers) and says so in a toast: 'Copied to clipboard!', or why not. */
import { getClientError } from '~/lib/client-error';
import { dangerToast, successToast } from '~/lib/toasts';
import { showToast } from '~/ui/toasts';

export const COPIED = 'Copied to clipboard!';

export async function copyWithToast(text: string | Promise<string>): Promise<void> {
  try {
    // Explore's browser actions load on the first copy: the page's first load stays small.
    const { copyText } = await import('~/ui/explore/header/browser-actions');
    await copyText(await text);
    showToast(successToast(COPIED));
  } catch (e) {
    showToast(dangerToast((await getClientError(e)).error));
  }
}
