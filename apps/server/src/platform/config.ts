import { hostname } from 'node:os';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .url()
  .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// or postgresql:// URL');
const redisUrl = z
  .string()
  .url()
  .refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL');

/** The whole configuration, read once from the environment at boot. README lists every variable. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: redisUrl.optional(),
  REDIS_PREFIX: z.string().default('swx:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(7 * 24 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24),
  /** Login, code and sign-up attempts per client address per minute (on top of RATE_LIMIT_MAX). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  JOBS_ENABLED: bool.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * A clock that `POST /swx/test/clock` moves forward (browser runs that must see a day pass).
   * Refused when NODE_ENV is production.
   */
  TEST_CLOCK: bool.default(false),
  NODE_ID: z.string().min(1).default(`${hostname()}-${process.pid}`),
  SIM_SEED: z.string().min(1).max(100).default('swx-simulator-v1'),
  /**
   * Where the trigger engine keeps the last simulated second it checked, so a restart replays the
   * seconds it missed. Nodes of one deployment share it; `off` checks from the current second only.
   */
  TRIGGER_WATERMARK: z
    .string()
    .regex(/^[a-z0-9_.:-]{1,60}$/)
    .default('simulator'),
  MARKET_FEED: z.enum(['simulator', 'live']).default('simulator'),
  LIVE_FEED_URL: z.string().url().default('wss://stream.binance.com:9443'),
  LIVE_STALE_SECONDS: z.coerce.number().int().min(1).default(15),
  LIVE_MAX_DEVIATION: z
    .string()
    .regex(/^0\.\d+$/)
    .default('0.1'),
  /** Mail: smtp(s)://user:pass@host:port; without it mails go to the outbox table. */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('SWX <no-reply@swx.local>'),
  /** SMS: a provider endpoint that receives POST { to, text }; without it SMS go to the outbox. */
  SMS_WEBHOOK_URL: z.string().url().optional(),
  /** The USDT token contract on Ethereum (mainnet by default). */
  USDT_ERC20_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /** Google login: shown only when a client id is configured. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /** Sign-In with Ethereum. */
  WALLET_LOGIN: bool.default(true),
  /** Ethereum JSON-RPC: ERC-1271 wallet signatures, and the chain facts of ERC-20 deposits. */
  ETH_RPC_URL: z.string().url().optional(),
  /** Private uploads (KYC images) live under DATA_DIR/uploads. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  WEB_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value stops boot with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.TEST_CLOCK && parsed.data.NODE_ENV === 'production') {
    throw new ConfigError(
      "Invalid configuration:\n  TEST_CLOCK: moves the platform's time; refused when NODE_ENV is production",
    );
  }
  return parsed.data;
}
