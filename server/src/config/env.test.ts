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

  it('keeps files on local disk with a 10 MB upload limit by default', () => {
    const c = loadConfig({});
    expect(c.storage).toEqual({
      driver: 'local',
      bucket: undefined,
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(c.uploadMaxBytes).toBe(10 * 1024 * 1024);
    expect(c.signingCertificate).toBeUndefined();
    expect(c.esign).toEqual({ provider: 'builtin' });
  });

  it('reads the S3 settings', () => {
    const c = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'portal-files',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_MAX_MB: '2.5',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(c.uploadMaxBytes).toBe(2.5 * 1024 * 1024);
  });

  it('refuses an incomplete storage configuration with a clear message', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET is required when STORAGE_DRIVER=s3/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an absolute URL/);
    expect(() => loadConfig({ UPLOAD_MAX_MB: '0' })).toThrow(/UPLOAD_MAX_MB must be more than 0/);
    expect(() => loadConfig({ UPLOAD_MAX_MB: 'ten' })).toThrow(/UPLOAD_MAX_MB must be a number/);
  });

  it('takes a configured sealing certificate only with its passphrase', () => {
    expect(
      loadConfig({ SIGNING_CERT_P12_BASE64: 'MIIK\nAg==', SIGNING_CERT_PASSPHRASE: 'pw' }).signingCertificate,
    ).toEqual({ p12Base64: 'MIIKAg==', passphrase: 'pw' });
    expect(() => loadConfig({ SIGNING_CERT_P12_BASE64: 'MIIKAg==' })).toThrow(
      /SIGNING_CERT_PASSPHRASE is required/,
    );
    expect(() =>
      loadConfig({ SIGNING_CERT_P12_BASE64: 'not base64!', SIGNING_CERT_PASSPHRASE: 'pw' }),
    ).toThrow(/SIGNING_CERT_P12_BASE64 must be a .p12 file encoded in base64/);
  });

  it('keeps BoldSign possible behind its key', () => {
    expect(loadConfig({ ESIGN_PROVIDER: 'boldsign', BOLDSIGN_API_KEY: 'k' }).esign).toEqual({
      provider: 'boldsign',
      boldsign: { apiKey: 'k', baseUrl: 'https://api.boldsign.com' },
    });
    expect(
      loadConfig({
        ESIGN_PROVIDER: 'boldsign',
        BOLDSIGN_API_KEY: 'k',
        BOLDSIGN_BASE_URL: 'http://127.0.0.1:8/',
      }).esign.boldsign?.baseUrl,
    ).toBe('http://127.0.0.1:8');
    expect(() => loadConfig({ ESIGN_PROVIDER: 'boldsign' })).toThrow(/BOLDSIGN_API_KEY is required/);
    expect(() => loadConfig({ ESIGN_PROVIDER: 'docusign' })).toThrow(
      /ESIGN_PROVIDER must be builtin or boldsign/,
    );
  });
});
