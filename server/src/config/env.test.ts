import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      sessionTtlDays: 7,
      sessionMaxAgeDays: 30,
      seedDemo: true,
      databaseUrl: undefined,
    });
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('never seeds a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must start with smtp/);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(ConfigError);
  });

  it('keeps the idle expiry within the absolute session lifetime', () => {
    expect(loadConfig({ SESSION_TTL_DAYS: '14', SESSION_MAX_AGE_DAYS: '14' }).sessionMaxAgeDays).toBe(14);
    expect(() => loadConfig({ SESSION_TTL_DAYS: '31' })).toThrow(/SESSION_TTL_DAYS.*SESSION_MAX_AGE_DAYS/);
  });
});
