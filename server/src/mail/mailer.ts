/**
 * Email, sent through the SMTP server SMTP_URL names (nodemailer), from MAIL_FROM. The API sends
 * one kind: a password reset link (services/password-reset.ts). Without SMTP_URL there is no
 * mailer, and nothing pretends to have sent anything (docs/domain.md, Forgotten passwords).
 */
import nodemailer from 'nodemailer';
import type { MailSettings } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Hands the message to the SMTP server; rejects when it could not. */
  send(message: MailMessage): Promise<void>;
  /** Closes the transport's connections (the app's onClose). */
  close(): void;
}

/** A slow or unreachable SMTP server gives up within these, instead of nodemailer's minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(settings: MailSettings): Mailer {
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close: () => transport.close(),
  };
}
