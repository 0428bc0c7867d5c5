/**
 * POST /api/client-errors: what the shell reports when an area cannot load (docs/architecture.md,
 * Versions of a build). No zod here, so the shell's report does not load it; the schema is in
 * client-error-report.ts.
 */
export const CLIENT_ERROR_KINDS = ['remote-incompatible', 'remote-load-failed'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
/** the longest `detail` the server takes (the shell cuts longer ones) */
export const CLIENT_ERROR_DETAIL_MAX = 500;

export const CLIENT_ERROR_MESSAGES = {
  reportInvalid: 'The error report is not one this server reads.',
};
