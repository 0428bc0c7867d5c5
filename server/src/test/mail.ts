/**
 * A real SMTP server in the test process (smtp-server), for the emails the API sends: the
 * messages it received, and the link in one. The API is given `mail: inbox.settings`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailSettings } from '../config';

export interface ReceivedMail {
  to: string[];
  /** the whole message as it came (headers and body) */
  raw: string;
  /** the body, with quoted-printable soft breaks and escapes undone */
  text: string;
}

export interface TestInbox {
  settings: MailSettings;
  messages: ReceivedMail[];
  /** the first message to `to` (waits for it, at most `timeoutMs`) */
  messageTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable (nodemailer's encoding of long lines): `=\r\n` joins, `=3D` is `=`. */
export function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A single-part body as its headers say it is encoded: base64 (nodemailer's choice for mostly non-ASCII text, Urdu) or quoted-printable. */
function decodeBody(headers: string, body: string): string {
  if (/^content-transfer-encoding:\s*base64/im.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  const decoded = decodeQuotedPrintable(body);
  // quoted-printable encodes bytes: read them back as UTF-8
  return /[\u0080-\u00ff]/.test(decoded) ? Buffer.from(decoded, 'latin1').toString('utf8') : decoded;
}

export async function startTestInbox(): Promise<TestInbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw,
          text: decodeBody(raw.slice(0, raw.indexOf('\r\n\r\n')), body),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    settings: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Reviews <no-reply@example.com>' },
    messages,
    async messageTo(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((message) => message.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The password reset link in a message: the shell's /reset-password with its token. */
export function resetLinkIn(message: ReceivedMail): string {
  const link = message.text.split(/\s/).find((word) => word.includes('/reset-password?token='));
  if (!link) throw new Error(`no reset link in:\n${message.text}`);
  return link;
}

/** The token of a reset link. */
export const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
