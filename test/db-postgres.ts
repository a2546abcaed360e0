// API suite on PostgreSQL: every test app gets its own schema in TEST_DATABASE_URL's database.
process.env.TEST_DB_DRIVER = 'postgres';
