/** The virtual datasets behind Superset's "Featured Charts" Tree and Gantt charts. */
import type { ExampleDataset } from './shared.server';

export const hierarchicalDataset: ExampleDataset = {
  uuid: 'f710a997-c65e-4aa6-aaed-b7d6998565ae',
  table_name: 'hierarchical_dataset',
  sql: `SELECT 1 as "id", null as "parent", 'USA' as "name", 1 as "count"
UNION SELECT 2, 1, 'CA', 10
UNION SELECT 3, 1, 'NY', 15
UNION SELECT 4, 1, 'TX', 20
UNION SELECT 5, 1, 'FL', 12
UNION SELECT 6, 2, 'Los Angeles', 5
UNION SELECT 7, 2, 'San Francisco', 8
UNION SELECT 8, 3, 'New York City', 18
UNION SELECT 9, 3, 'Buffalo', 3
UNION SELECT 10, 4, 'Houston', 14
UNION SELECT 11, 4, 'Dallas', 9
UNION SELECT 12, 5, 'Miami', 6`,
  columns: [
    { column_name: 'parent', type: 'INTEGER', extra: '{}' },
    { column_name: 'count', type: 'INTEGER', extra: '{}' },
    { column_name: 'id', type: 'INTEGER', extra: '{}' },
    { column_name: 'name', type: 'STRING', extra: '{}' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count', extra: '{"warning_markdown":""}' },
  ],
};

// start_time, end_time (epoch ms), project, phase, description, status, priority.
const TASKS: [number, number, string, string, string, string, string][] = [
  [1718870400000, 1718874000000, 'Project Alpha', 'Design Phase', 'Initial design and architecture planning for Alpha.', 'Completed', 'High'],
  [1718872800000, 1718877200000, 'Project Alpha', 'Development Phase', 'Core feature development for Alpha project.', 'In Progress', 'High'],
  [1718876400000, 1718880000000, 'Project Alpha', 'Testing Phase', 'Internal testing and bug fixing for Alpha features.', 'Planned', 'Medium'],
  [1718878800000, 1718882400000, 'Project Alpha', 'Deployment Phase', 'Preparation and execution of Alpha deployment.', 'On Hold', 'High'],
  [1718880000000, 1718883600000, 'Project Beta', 'Design Phase', 'Gathering requirements and conceptual design for Beta.', 'Completed', 'Medium'],
  [1718882400000, 1718886000000, 'Project Beta', 'Development Phase', 'Module-wise development for Beta project.', 'In Progress', 'Medium'],
  [1718884800000, 1718888400000, 'Project Beta', 'Testing Phase', 'User acceptance testing for Beta release.', 'Planned', 'High'],
  [1718887200000, 1718890800000, 'Project Beta', 'Deployment Phase', 'Final checks and release of Beta version.', 'Planned', 'Medium'],
  [1718889600000, 1718893200000, 'Project Gamma', 'Design Phase', 'System design and database schema for Gamma.', 'Completed', 'Low'],
  [1718892000000, 1718895600000, 'Project Gamma', 'Development Phase', 'Backend API and frontend integration for Gamma.', 'In Progress', 'High'],
  [1718894400000, 1718898000000, 'Project Gamma', 'Testing Phase', 'Automated test suite execution for Gamma.', 'Planned', 'Medium'],
  [1718896800000, 1718900400000, 'Project Gamma', 'Deployment Phase', 'Handover and post-deployment support for Gamma.', 'Planned', 'Low'],
  [1718900000000, 1718904000000, 'Project Alpha', 'Risk Assessment', 'Analyzing potential risks and mitigation strategies.', 'Completed', 'High'],
  [1718902000000, 1718906000000, 'Project Beta', 'Client Review', 'Review meeting with key stakeholders for Beta.', 'In Progress', 'High'],
  [1718904000000, 1718908000000, 'Project Gamma', 'Documentation', 'Creating technical and user documentation.', 'Planned', 'Low'],
  [1718906000000, 1718910000000, 'Project Alpha', 'Feature Implementation', 'Implementing new requested features for Alpha.', 'In Progress', 'High'],
  [1718908000000, 1718912000000, 'Project Beta', 'User Acceptance Testing', 'Final UAT before production release.', 'Planned', 'High'],
  [1718910000000, 1718914000000, 'Project Gamma', 'Bug Fixing', 'Addressing critical bugs reported post-release.', 'In Progress', 'Medium'],
];

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

// Superset's SQL spelled out: the first SELECT names the columns, the rest follow by UNION ALL.
// (Its trailing semicolon is dropped: the engine runs a virtual dataset as a subquery.)
const TASKS_SQL = TASKS.map(([start, end, project, phase, description, status, priority], i) =>
  i === 0
    ? `SELECT ${start} AS start_time, ${end} AS end_time, ${quote(project)} AS project, ${quote(phase)} AS phase, ` +
      `${quote(description)} AS description, ${quote(status)} AS status, ${quote(priority)} AS priority`
    : `SELECT ${start}, ${end}, ${[project, phase, description, status, priority].map(quote).join(', ')}`,
).join('\nUNION ALL\n');

export const projectManagement: ExampleDataset = {
  uuid: 'd638a239-f255-44fc-b0c1-c3f3b7f00ee0',
  table_name: 'project_management',
  main_dttm_col: 'start_time',
  sql: TASKS_SQL,
  columns: [
    // Epoch milliseconds: Superset's export leaves the format out; saying so lets time grains and range filters work on them.
    { column_name: 'start_time', type: 'LONGINTEGER', is_dttm: true, python_date_format: 'epoch_ms', extra: '{}' },
    { column_name: 'end_time', type: 'LONGINTEGER', is_dttm: true, python_date_format: 'epoch_ms', extra: '{}' },
    { column_name: 'phase', type: 'STRING', extra: '{}' },
    { column_name: 'status', type: 'STRING', extra: '{}' },
    { column_name: 'description', type: 'STRING', extra: '{}' },
    { column_name: 'project', type: 'STRING', extra: '{}' },
    { column_name: 'priority', type: 'STRING', extra: '{}' },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', metric_type: 'count', extra: '{"warning_markdown":""}' },
  ],
};
