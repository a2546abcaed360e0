import { readdirSync } from 'node:fs';
import path from 'node:path';
import { contractOfColumns } from '../components/resource/listColumns';
import type { ResourceContract } from '../shared/resources/resource';

// Every resource's list columns (`listColumns(contract, …)` in src/resources/<key>/<key>Columns.tsx),
// found by their file name, so a new resource is checked without a line here.
const columnFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? columnFiles(path.join(dir, entry.name))
      : /Columns\.tsx$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );

type Declared = [key: string, contract: ResourceContract, columns: readonly { field: string }[]];
const declared: Declared[] = columnFiles(__dirname).flatMap((file) =>
  Object.values(jest.requireActual<Record<string, unknown>>(file)).flatMap((value): Declared[] => {
    const contract = Array.isArray(value) ? contractOfColumns(value) : undefined;
    return contract ? [[contract.key, contract, value as { field: string }[]]] : [];
  }),
);

describe("the lists' columns", () => {
  it('are declared with listColumns(contract, …) by every resource with a list', () => {
    expect(declared.map(([key]) => key).sort()).toEqual(
      expect.arrayContaining(['brands', 'news', 'pages', 'products', 'subscribes', 'users']),
    );
  });

  it.each(declared)(
    "%s: every field the contract sorts by has a column (the grid's headers and the phone's Sort by)",
    (_key, contract, columns) => {
      const fields = columns.map((column) => column.field);
      const missing = contract.sortable.filter(
        (sort) => !fields.includes(sort) && sort !== contract.defaultSort.sort,
      );
      expect(missing).toEqual([]);
    },
  );
});
