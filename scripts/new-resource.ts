/**
 * `npm run new:resource <key>`: writes the explicit files of a new list+form resource from its key
 * (camelCase, e.g. `news`, `productArticles`), which compile and pass their tests before any field
 * is added: a title, a slug made from it, a status and the audit columns. Then add the resource's
 * own fields (README "Adding a resource") and `npm run db:generate -- --name <key>`.
 *
 *   npm run new:resource news
 *   npm run new:resource galleries -- --route /content/gallery --menu Content
 *
 * The key's route must be in src/shared/routes.ts (`--route` adds it) and its permission group in
 * src/shared/permissions.ts (added with every action when missing); a menu entry is added under
 * `--menu` when the route has none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

function fail(message: string): never {
  process.stderr.write(`new:resource: ${message}\n`);
  process.exit(1);
}

// Names: every spelling of the resource comes from its key.
const args = process.argv.slice(2);
const key = args.find((arg) => !arg.startsWith('--'));
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
if (!key || !/^[a-z][a-zA-Z0-9]*$/.test(key))
  fail('give the resource key in camelCase, e.g. `npm run new:resource news`');

const words = key
  .replace(/([A-Z])/g, ' $1')
  .toLowerCase()
  .split(' ');
const singular = (word: string) =>
  word === 'news'
    ? word
    : word.endsWith('ies')
      ? `${word.slice(0, -3)}y`
      : word.endsWith('s')
        ? word.slice(0, -1)
        : word;
const pascal = (parts: string[]) => parts.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
const singularWords = [...words.slice(0, -1), singular(words[words.length - 1])];

const names = {
  key,
  group: words.join('-'),
  table: words.join('_'),
  /** `ProductArticle`: the item type, the tag and the component prefix. */
  Item: pascal(singularWords),
  /** `ProductArticles`: the hooks' plural (`useListProductArticlesQuery`). */
  Items: pascal(words),
  /** `Product Article`: the item name in messages. */
  label: option('item') ?? singularWords.map((word) => word[0].toUpperCase() + word.slice(1)).join(' '),
  /** `productArticle`: a variable holding one. */
  item: singularWords[0] + pascal(singularWords.slice(1)),
};

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const write = (file: string, text: string) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  written.push(file);
};
const written: string[] = [];

/** Inserts `text` before the first match of `anchor` in `file` (or fails). */
function insertBefore(file: string, anchor: string | RegExp, text: string) {
  const source = read(file);
  const index = typeof anchor === 'string' ? source.indexOf(anchor) : source.search(anchor);
  if (index < 0) fail(`${file}: cannot find where to add ${names.key}`);
  write(file, source.slice(0, index) + text + source.slice(index));
}

// The route, the permission group and the menu entry: the spec's, or added here.
const routesFile = 'src/shared/routes.ts';
const routeMatch = new RegExp(`\\n  ${key}: '([^']+)',`).exec(read(routesFile));
let route = routeMatch?.[1];
if (!route) {
  route = option('route');
  if (!route) fail(`ROUTES has no ${key}; give its list path with --route /section/${names.group}`);
  insertBefore(routesFile, '} as const;\n\nexport type AppRoute', `  ${key}: '${route}',\n`);
}

const permissionsFile = 'src/shared/permissions.ts';
const permissionSource = read(permissionsFile);
const groupMatch = new RegExp(`\\n  '?${names.group}'?: \\[([^\\]]*)\\],`).exec(permissionSource);
const actions = groupMatch ? groupMatch[1] : "'index', 'store', 'update', 'destroy'";
if (!groupMatch)
  insertBefore(
    permissionsFile,
    '} as const satisfies Record<string, readonly PermissionAction[]>;',
    `  '${names.group}': [${actions}],\n`,
  );
const indexKey = `${key}Index`;
if (!new RegExp(`\\n  ${indexKey}: '`).test(read(permissionsFile)))
  insertBefore(
    permissionsFile,
    '} as const;\n\nexport type PermissionKey',
    `  ${indexKey}: '${names.group}.index',\n`,
  );
const can = (action: string) => actions.includes(`'${action}'`);
const canStore = can('store');
const canUpdate = can('update');
const canDestroy = can('destroy');

const menuFile = 'src/shared/menu.ts';
if (!read(menuFile).includes(`path: ROUTES.${key},`)) {
  const section = option('menu');
  if (!section)
    fail(`the menu has no entry for ROUTES.${key}; give its group with --menu <label>, e.g. --menu Content`);
  const source = read(menuFile);
  const groupAt = source.indexOf(`label: '${section}',`);
  const childrenAt = source.indexOf('children: [', groupAt);
  if (groupAt < 0 || childrenAt < 0) fail(`the menu has no group '${section}'`);
  const at = childrenAt + 'children: ['.length;
  write(
    menuFile,
    `${source.slice(0, at)}\n      { key: '${names.group}', label: '${names.label}', path: ROUTES.${key}, permission: PERMISSIONS.${indexKey} },${source.slice(at)}`,
  );
}

const files = {
  contract: `src/shared/resources/${key}.ts`,
  table: `server/db/schema/${key}.ts`,
  declaration: `server/resources/${key}.ts`,
  slice: `store/${key}Api.ts`,
  columns: `src/resources/${key}/${key}Columns.tsx`,
  fields: `src/resources/${key}/${names.Item}Fields.tsx`,
  list: `src/resources/${key}/${names.Item}ListScreen.tsx`,
  rows: `src/resources/${key}/${names.item}Rows.ts`,
  form: `src/resources/${key}/${names.Item}FormScreen.tsx`,
  apiTest: `server/test/${key}.test.ts`,
};
for (const file of Object.values(files))
  if (existsSync(path.join(root, file))) fail(`${file} exists already`);

const input = [canStore ? `create: ${key}CreateSchema` : '', canUpdate ? `update: ${key}UpdateSchema` : '']
  .filter(Boolean)
  .join(', ');

write(
  files.contract,
  `import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, plainFields, plainSheet, plainWire, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/**
 * The ${names.label.toLowerCase()}'s plain fields, in order: each declared once here
 * (\`textGroup('summary', LABELS.summary)\`, \`richTextGroup\`, \`linkGroup\`, \`dateGroup\`… in
 * ./fields.ts) gives its wire property, input field and sheet column, the server's select, writer,
 * cell and import, and the form's value and body. Add its column to the table and its input to the form.
 */
export const ${key}Body = [] as const;

/** A ${names.label.toLowerCase()} as the API answers it: its type, serialiser and OpenAPI schema. */
export const ${key}Wire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...plainWire(${key}Body),
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type ${names.Item} = Static<typeof ${key}Wire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...plainFields(${key}Body),
  ...statusGroup.fields(),
};

export const ${key}CreateSchema = yup.object(fields);
export const ${key}UpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const ${key}ImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type ${names.Item}CreateInput = yup.InferType<typeof ${key}CreateSchema>;
export type ${names.Item}UpdateInput = yup.InferType<typeof ${key}UpdateSchema>;
export type ${names.Item}ImportRow = yup.InferType<typeof ${key}ImportRowSchema>;

export const ${key}Resource = defineResource({
  key: '${key}',
  group: '${names.group}',
  tag: '${names.Item}',
  item: '${names.label}',
  route: ROUTES.${key},
  titleField: 'title',
  sortable: ['title', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: { status: STATUS_FILTER, date: CREATED_DATE_FILTER },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    ...slugGroup.sheet,
    ...plainSheet(${key}Body),
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: ${canStore},
  wire: ${key}Wire,
  input: { ${input} },
});
`,
);

write(
  files.table,
  `import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { searchIndex } from './indexes';

export const ${key} = pgTable(
  '${names.table}',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // The search's index (the declaration's \`search\` columns, in order), one index per list filter and
  // sort (slug sorts by its unique index).
  (table) => [
    searchIndex([table.title, table.slug]),
    index('${names.table}_title_idx').on(table.title),
    index('${names.table}_status_idx').on(table.status),
    index('${names.table}_created_at_idx').on(table.created_at),
    index('${names.table}_updated_at_idx').on(table.updated_at),
  ],
);
`,
);

const writers = canStore || canUpdate;
write(
  files.declaration,
  `import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { ${key}Body, ${canStore ? `${key}ImportRowSchema, ` : ''}${key}Resource, type ${names.Item} } from '../../src/shared/resources/${key}';
import type { Executor } from '../db/client';
import { ${key} } from '../db/schema/${key}';
import { defineServerResource } from '../crud/define';
import {
  auditCells,
  ${writers ? 'column,\n  ' : ''}${canStore ? 'importedStatus,\n  importKey,\n  importSlugErrors,\n  ' : ''}plainServer,
  ${writers ? 'slugWrite,\n  ' : ''}statusCells,
  ${writers ? 'statusWrite,' : ''}
} from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The plain fields' select, read, writers, cells and import (the contract's \`${key}Body\`). */
const plain = plainServer(${key}, ${key}Body);

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: ${key}.id,
      title: ${key}.title,
      slug: ${key}.slug,
      ...plain.select,
      status: ${key}.status,
      ...auditSelect(${key}),
    })
    .from(${key})
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<${names.Item}[]> {
  const audit = await auditOf(db, rows);
  return rows.map(
    (row): ${names.Item} => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      ...plain.read(row),
      status: row.status,
      ...audit(row),
    }),
  );
}

/** \`/api/${names.group}\`: the contract's list, CRUD${canStore ? ', export and import' : ' and export'}. */
export const ${key}Server = defineServerResource({
  contract: ${key}Resource,
  table: ${key},
  select,
  toItems,
  search: [${key}.title, ${key}.slug],
  sort: {
    title: ${key}.title,
    status: ${key}.status,
    created_at: ${key}.created_at,
    updated_at: ${key}.updated_at,
  },
  filters: { status: (values) => inArray(${key}.status, values) },
  write: ${writers ? `{ title: column(${key}.title), ...slugWrite(${key}, 'title', LABELS.title), ...plain.write, ...statusWrite(${key}) }` : '{}'},
  cells: (item) => ({ title: item.title, slug: item.slug, ...plain.cells(item), ...statusCells(item), ...auditCells(item) }),${
    canStore
      ? `
  import: {
    schema: ${key}ImportRowSchema,
    key: ${key}.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      row: (row) => {
        const slug = importKey(row.slug, row.title);
        const errors = importSlugErrors(slug, LABELS.title);
        if (errors.length) return { errors };
        return { values: { title: row.title, slug, ...plain.imported(row), status: importedStatus(row.status) } };
      },
    }),
  },`
      : ''
  }
});
`,
);

const registry = 'server/resources/index.ts';
insertBefore(registry, '\n/**', `import { ${key}Server } from './${key}';\n`);
const registrySource = read(registry);
write(registry, registrySource.replace(/\] as const;/, `, ${key}Server] as const;`).replace(/,\s*,/, ','));

const sliceEndpoints = [
  `list${names.Items}: ${key}.list`,
  `get${names.Item}: ${key}.get`,
  canStore ? `create${names.Item}: ${key}.create` : '',
  canUpdate ? `update${names.Item}: ${key}.update` : '',
  canDestroy ? `delete${names.Item}: ${key}.remove` : '',
  canStore ? `import${names.Items}: importEndpoint(build, ${key}Resource)` : '',
].filter(Boolean);
const sliceHooks = [
  `useList${names.Items}Query`,
  `useGet${names.Item}Query`,
  canStore ? `useCreate${names.Item}Mutation` : '',
  canUpdate ? `useUpdate${names.Item}Mutation` : '',
  canDestroy ? `useDelete${names.Item}Mutation` : '',
  canStore ? `useImport${names.Items}Mutation` : '',
].filter(Boolean);
write(
  files.slice,
  `import { ${key}Resource } from '../src/shared/resources/${key}';
import { api } from './api';
import { ${canStore ? 'importEndpoint, ' : ''}resourceEndpoints } from './resourceApi';

/** The ${names.label.toLowerCase()} slice (\`/api/${names.group}\`): list, item, writes${canStore ? ' and the spreadsheet import' : ''}. */
export const ${key}Api = api.enhanceEndpoints({ addTagTypes: [${key}Resource.tag] }).injectEndpoints({
  endpoints: (build) => {
    // Typed by the contract: its item, create and update bodies.
    const ${key} = resourceEndpoints(build, ${key}Resource);
    return {
      ${sliceEndpoints.join(',\n      ')},
    };
  },
});

export const {
  ${sliceHooks.join(',\n  ')},
} = ${key}Api;
`,
);

write(
  files.columns,
  `import { listColumns } from '../../components/resource/listColumns';
import { createdColumn, statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { ${key}Resource } from '../../shared/resources/${key}';

/** The ${names.label.toLowerCase()} list's columns (fields of the item); the first links to the item, one per sortable field. */
export const ${key}Columns = listColumns(${key}Resource, [
  { field: 'title', headerName: LABELS.title, flex: 1.6, minWidth: 220 },
  { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160, sortable: false },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
`,
);

write(
  files.fields,
  `import Grid from '@mui/material/Grid';
import { FormTextField } from '../../components/form';
import { SlugField } from '../../components/resource/fields/SlugField';
import { StatusField } from '../../components/resource/fields/StatusField';
import { LABELS } from '../../shared/messages';

export interface ${names.Item}FieldsProps {
  /** Read-only: the user may see the ${names.label.toLowerCase()} but not save it. */
  disabled?: boolean;
}

/** A ${names.label.toLowerCase()}'s fields, shared by add and detail. */
export function ${names.Item}Fields({ disabled }: ${names.Item}FieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="title" label={LABELS.title} autoComplete="off" required fullWidth disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SlugField source={LABELS.title} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField disabled={disabled} />
      </Grid>
    </Grid>
  );
}
`,
);

write(
  files.list,
  `import { ${canStore ? `useImport${names.Items}Mutation, ` : ''}useList${names.Items}Query } from '../../../store/${key}Api';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { ${key}Resource } from '../../shared/resources/${key}';
import { ${key}Columns } from './${key}Columns';

export type ${names.Item}ListScreenProps = Record<string, never>;

/** ${route}: the ${names.label.toLowerCase()} list, with the contract's filters. */
export function ${names.Item}ListScreen(_props: ${names.Item}ListScreenProps) {
  return (
    <ResourceListPage
      contract={${key}Resource}
      useList={useList${names.Items}Query}
      columns={${key}Columns}${canStore ? `\n      importMutation={useImport${names.Items}Mutation}` : ''}
    />
  );
}
`,
);

if (canUpdate) {
  write(
    files.form,
    `import {
  ${[canStore ? `useCreate${names.Item}Mutation` : '', canDestroy ? `useDelete${names.Item}Mutation` : '', `useGet${names.Item}Query`, `useUpdate${names.Item}Mutation`].filter(Boolean).join(',\n  ')},
} from '../../../store/${key}Api';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { plainBody, plainValues, type PlainValues } from '../../components/resource/fields/plainForm';
import { STATUS, type Status } from '../../shared/contracts/account';
import { ${key}Body, ${key}Resource, type ${names.Item}, type ${names.Item}CreateInput } from '../../shared/resources/${key}';
import { ${names.Item}Fields } from './${names.Item}Fields';

/** The form's values: text as strings ('' for none). */
type ${names.Item}Values = { title: string; slug: string; status: Status } & PlainValues<typeof ${key}Body>;

const toValues = (item?: ${names.Item}): ${names.Item}Values => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  ...plainValues(${key}Body, item),
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server; an empty text clears it. */
const toBody = (values: ${names.Item}Values): ${names.Item}CreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  ...plainBody(${key}Body, values),
  status: values.status,
});

export type ${names.Item}FormScreenProps = Record<string, never>;

/** ${canStore ? `${route}/add and ` : ''}${route}/{id}. */
export function ${names.Item}FormScreen(_props: ${names.Item}FormScreenProps) {
  return (
    <ResourceFormPage
      contract={${key}Resource}
      useGet={useGet${names.Item}Query}${canStore ? `\n      useCreate={useCreate${names.Item}Mutation}` : ''}
      useUpdate={useUpdate${names.Item}Mutation}${canDestroy ? `\n      useDelete={useDelete${names.Item}Mutation}` : ''}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <${names.Item}Fields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
`,
  );
}

// The list route's early request for its rows (a small chunk beside the screen's).
write(
  files.rows,
  `import { ${key}Api } from '../../../store/${key}Api';
import { listRows } from '../../components/resource/listRows';
import { ${key}Resource } from '../../shared/resources/${key}';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const ${names.item}Rows = listRows(${key}Resource, ${key}Api.endpoints.list${names.Items});
`,
);

const routesList = 'src/app/resourceRoutes.tsx';
const chunk = names.group;
insertBefore(
  routesList,
  '\nexport const resourceRoutes',
  `const ${names.item}List = () =>
  import(/* webpackChunkName: "${chunk}" */ '../resources/${key}/${names.Item}ListScreen').then((m) => m.${names.Item}ListScreen);
const ${names.item}Rows = () =>
  import(/* webpackChunkName: "${chunk}-rows" */ '../resources/${key}/${names.item}Rows').then((m) => m.${names.item}Rows);
${
  canUpdate
    ? `const ${names.item}Form = () =>
  import(/* webpackChunkName: "${chunk}-form" */ '../resources/${key}/${names.Item}FormScreen').then((m) => m.${names.Item}FormScreen);
`
    : ''
}`,
);
const routeEntry = canUpdate
  ? `  ...listAndFormRoutes(ROUTES.${key}, PERMISSIONS.${indexKey}, ${names.item}List, ${names.item}Form, { ${canStore ? '' : 'add: false, '}rows: ${names.item}Rows }),\n`
  : `  listRoute(ROUTES.${key}, PERMISSIONS.${indexKey}, ${names.item}List, ${names.item}Rows),\n`;
const routesSource = read(routesList);
const end = routesSource.lastIndexOf('];');
write(routesList, routesSource.slice(0, end) + routeEntry + routesSource.slice(end));

// Tests: the API round trip and guards, and the form's coverage of its schema.
write(
  files.apiTest,
  `import { ${key}Server } from '../resources/${key}';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(${key}Server, async () => ({
  title: 'A fully populated ${names.label.toLowerCase()}',
  slug: 'a-fully-populated-${names.group}',
  status: 0,
}));
`,
);
if (canUpdate) {
  const coverage = 'src/resources/formCoverage.test.tsx';
  insertBefore(
    coverage,
    "import { addPath } from '../shared/routes';",
    `import { ${key}Resource } from '../shared/resources/${key}';\n`,
  );
  insertBefore(coverage, "])('the %s form'", `  ['${key}', ${key}Resource],\n`);
}

execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...written], {
  cwd: root,
  stdio: 'inherit',
});
process.stdout.write(
  `Wrote and registered ${names.label} (${[...new Set(written)].length} files):\n${[...new Set(written)]
    .map((file) => `  ${file}`)
    .join(
      '\n',
    )}\nNext: add its fields (README "Adding a resource"), then npm run db:generate -- --name ${names.table}\n`,
);
