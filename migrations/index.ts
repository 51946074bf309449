/** Every migration in order. Listed, not globbed, so the server build bundles them. */
import * as m0001 from './0001-initial';

export const migrations = [{ name: '0001-initial', ...m0001 }];
