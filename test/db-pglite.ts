// API suite on the embedded database: every test app gets its own in-memory PGlite.
process.env.TEST_DB_DRIVER = 'pglite';
// The AWS SDK's notice that its releases after January 2027 need Node 22 (docs/operations.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
