/** A CSV file as an answer (the orders export, a payout's export): its place in the API document and its headers. */
import type { FastifyReply } from 'fastify';
import { csvLanguageSchema } from 'shared-api/contract';
import { z } from 'zod';

/** The 200 of a route answering a CSV file. */
export const CSV_ANSWER = {
  description:
    'A header row, then one row an order (RFC 4180; judged on their NFKC form, formula-like cells start with a quote and are quoted, and so is a cell holding a semicolon)',
  content: { 'text/csv': { schema: z.string() } },
};

/**
 * An export's query: its filters plus `language`, the language of the header row (English unless
 * asked). The filters' own rules (a date range) still apply, as in pagedQuery.
 */
export function csvQuery<Shape extends z.core.$ZodShape>(filters: z.ZodObject<Shape>) {
  const merged = z.object({ ...filters.shape, language: csvLanguageSchema }) as unknown as z.ZodObject<
    Shape & { language: typeof csvLanguageSchema }
  >;
  // the filters' rules read only the filters' fields, which the merged value has
  const rules = (filters._zod.def.checks ?? []) as z.core.$ZodCheck<z.output<typeof merged>>[];
  return rules.length > 0 ? merged.check(...rules) : merged;
}

/** Sends a CSV file (a string, or a stream sent as it comes) as an attachment named `filename`, never cached. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | NodeJS.ReadableStream) {
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      // A stream is sent as it comes, never through the serializer; the schema's string is the file.
      .send(csv as unknown as string)
  );
}
