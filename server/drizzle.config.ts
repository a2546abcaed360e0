import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every file of the folder: a resource's table needs no line in index.ts to get its migration.
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
