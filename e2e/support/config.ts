export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const baseUrl = `http://127.0.0.1:${E2E_PORT}`;

/** The initial admin the e2e server is started with. */
export const E2E_ADMIN = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Analytical-Engine-1843',
} as const;
