// API suite on PostgreSQL: every test app gets its own schema in TEST_DATABASE_URL's database.
process.env.TEST_DB_DRIVER = 'postgres';
// The AWS SDK's notice that its releases after January 2027 need Node 22 (docs/operations.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
