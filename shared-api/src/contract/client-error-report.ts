/** The body of POST /api/client-errors (client-errors.ts): short, bounded strings for one log line. */
import { z } from 'zod';
import { CLIENT_ERROR_DETAIL_MAX, CLIENT_ERROR_KINDS, CLIENT_ERROR_MESSAGES } from './client-errors';
import { REMOTES } from './routes';

export const clientErrorReportSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS, { error: CLIENT_ERROR_MESSAGES.reportInvalid }),
  remote: z.enum(REMOTES, { error: CLIENT_ERROR_MESSAGES.reportInvalid }),
  detail: z
    .string({ error: CLIENT_ERROR_MESSAGES.reportInvalid })
    .max(CLIENT_ERROR_DETAIL_MAX, CLIENT_ERROR_MESSAGES.reportInvalid),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
