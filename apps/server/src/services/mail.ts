/**
 * Outgoing mail. With SMTP_URL it goes through that server; without it each message is written
 * as an .eml file under DATA_DIR/outbox (the same bytes an SMTP server would get), and logged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

export function outboxMailer(dir: string, from: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${++sequence}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}: ${mail.subject} / ${mail.text.split('\n')[0]}`);
    },
    close: () => transport.close(),
  };
}
