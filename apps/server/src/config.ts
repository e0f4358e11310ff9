/**
 * Configuration from the environment, validated once at start. A wrong value stops the process
 * with a message naming the variable, what it must be and what it was.
 */
import { resolve } from 'node:path';
import { isValidEmail, normaliseEmail } from '@kolscope/contract';
import { z } from 'zod';

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int({ error: 'must be a whole number from 1 to 65535' })
    .min(1, { error: 'must be a whole number from 1 to 65535' })
    .max(65535, { error: 'must be a whole number from 1 to 65535' })
    .default(8080),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3, { error: 'must be an address such as "kolscope <no-reply@example.com>"' }).optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  INNER_CODES: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .refine((raw) => list(raw).every(isValidEmail), { error: 'must be comma-separated e-mail addresses' }),
  SEED_DEMO: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** True when the public URL is https: the session cookie is then marked Secure. */
  secureCookies: boolean;
  innerCodes: string[];
  adminEmails: string[];
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name} ${issue.message} (got "${env[name] ?? ''}")`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'kolscope <no-reply@kolscope.local>',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    innerCodes: list(e.INNER_CODES),
    adminEmails: list(e.ADMIN_EMAILS).map(normaliseEmail),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
  };
}
