/**
 * The contract shared by the server and the apps: constants, messages, rules, route table
 * (no zod here) and, from './schemas', the zod schemas and inferred types.
 */

export * from './account-screens';
export * from './accounts';
export * from './alert-messages';
export * from './client-error-report';
export * from './client-errors';
export * from './commission';
export * from './constants';
export * from './csv-export';
export * from './federation';
export * from './form-schemas';
export * from './idempotency';
export * from './localized-messages';
export * from './message-builders';
export * from './messages';
export * from './offline';
export * from './password-reset';
export * from './payout-account';
export * from './push';
export * from './release';
export * from './resumable-uploads';
export * from './routes';
export * from './schemas';
