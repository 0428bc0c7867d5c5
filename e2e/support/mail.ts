/**
 * The SMTP server the e2e API sends its email to (SMTP_URL, servers.ts): started by the spec
 * that reads the mail, in its own process, on MAIL_PORT. While none listens, the API's sends
 * fail and are logged; nothing else waits for them.
 */
import { SMTPServer } from 'smtp-server';
import { MAIL_PORT } from './env';

export interface Inbox {
  /** the text of the first message to `to`, quoted-printable undone (waits for it) */
  textTo(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (body: string) =>
  body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export async function startInbox(): Promise<Inbox> {
  const messages: Array<{ to: string[]; text: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          text: decodeQuotedPrintable(raw.slice(raw.indexOf('\r\n\r\n') + 4)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(MAIL_PORT, '127.0.0.1', resolve));
  return {
    async textTo(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((message) => message.to.includes(to.toLowerCase()));
        if (found) return found.text;
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
