/** Every migration in order. Listed, not globbed, so the server build bundles them. */
import * as m0001 from './0001-initial';
import * as m0002 from './0002-cache-and-key-value';
import * as m0003 from './0003-sqllab';
import * as m0004 from './0004-dataset-columns';
import * as m0005 from './0005-alpha-reads-databases';
import * as m0006 from './0006-login-attempts';
import * as m0007 from './0007-dataset-fields-metrics-rls';
import * as m0008 from './0008-annotation-layers';
import * as m0009 from './0009-chart-certification';
import * as m0010 from './0010-dashboard-certification-roles';
import * as m0011 from './0011-css-templates';
import * as m0012 from './0012-filter-sets';

export const migrations = [
  { name: '0001-initial', ...m0001 },
  { name: '0002-cache-and-key-value', ...m0002 },
  { name: '0003-sqllab', ...m0003 },
  { name: '0004-dataset-columns', ...m0004 },
  { name: '0005-alpha-reads-databases', ...m0005 },
  { name: '0006-login-attempts', ...m0006 },
  { name: '0007-dataset-fields-metrics-rls', ...m0007 },
  { name: '0008-annotation-layers', ...m0008 },
  { name: '0009-chart-certification', ...m0009 },
  { name: '0010-dashboard-certification-roles', ...m0010 },
  { name: '0011-css-templates', ...m0011 },
  { name: '0012-filter-sets', ...m0012 },
];
