// API suite on the embedded database: every test app gets its own in-memory PGlite.
process.env.TEST_DB_DRIVER = 'pglite';
