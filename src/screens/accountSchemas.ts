/**
 * The account schemas (and Yup with them) for the guest screens, loaded when the visitor first
 * types rather than with the page: Yup is a tenth of what /login would otherwise load (bench/
 * bundle-size.ts), and nothing is validated before the first keystroke.
 */
export const accountSchemas = () => import('../shared/contracts/account');
