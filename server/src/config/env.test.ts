import { describe, expect, it } from 'vitest';
import { acceptJsSources, isTestPayments } from '../payment-gateways/payment-mode.ts';
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

  it('takes SECRET_KEY as 32 bytes of base64 only (a generated key otherwise)', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ SECRET_KEY: key }).secretKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({}).secretKey).toBeUndefined();
    expect(loadConfig({ SECRET_KEY: '' }).secretKey).toBeUndefined();
    expect(() => loadConfig({ SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /SECRET_KEY must be 32 random bytes in base64/,
    );
    expect(() => loadConfig({ SECRET_KEY: 'not a key!' })).toThrow(/SECRET_KEY must be 32 random bytes/);
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
  describe('production (NODE_ENV=production: `npm run start:prod` and the Docker image)', () => {
    const production = { NODE_ENV: 'production' };
    const authorizeNet = {
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'login',
      AUTHORIZENET_TRANSACTION_KEY: 'transaction',
      AUTHORIZENET_CLIENT_KEY: 'client',
    };

    it('refuses to start without PAYMENT_GATEWAY, naming the variable and its two values', () => {
      expect(() => loadConfig(production)).toThrow(ConfigError);
      expect(() => loadConfig(production)).toThrow(/PAYMENT_GATEWAY.*authorizenet.*sandbox/s);
      expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: '' })).toThrow(/PAYMENT_GATEWAY/);
    });

    it('takes the sandbox only when it is named, and says its payments are tests', () => {
      const c = loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox' });
      expect(c.production).toBe(true);
      expect(c.payments).toEqual({ gateway: 'sandbox' });
      expect(isTestPayments(c.payments)).toBe(true);
    });

    it('asks Authorize.net for its environment too, rather than defaulting to its sandbox', () => {
      expect(() => loadConfig({ ...production, ...authorizeNet })).toThrow(/AUTHORIZENET_ENVIRONMENT/);
      const live = loadConfig({ ...production, ...authorizeNet, AUTHORIZENET_ENVIRONMENT: 'production' });
      expect(live.payments).toMatchObject({
        gateway: 'authorizenet',
        environment: 'production',
        apiUrl: 'https://api.authorize.net/xml/v1/request.api',
        acceptJsUrl: 'https://js.authorize.net/v1/Accept.js',
      });
      expect(isTestPayments(live.payments)).toBe(false);
      const test = loadConfig({ ...production, ...authorizeNet, AUTHORIZENET_ENVIRONMENT: 'sandbox' });
      expect(isTestPayments(test.payments)).toBe(true);
    });

    it('seeds demo data only when SEED_DEMO=true is said, even on the embedded database', () => {
      const named = { ...production, PAYMENT_GATEWAY: 'sandbox' };
      expect(loadConfig(named).seedDemo).toBe(false);
      expect(loadConfig({ ...named, SEED_DEMO: 'false' }).seedDemo).toBe(false);
      expect(loadConfig({ ...named, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    });

    it('leaves `npm start` (NODE_ENV unset or not production) the demo: sandbox and demo data', () => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        const c = loadConfig({ NODE_ENV });
        expect(c.production).toBe(false);
        expect(c.payments).toEqual({ gateway: 'sandbox' });
        expect(c.seedDemo).toBe(true);
      }
    });
  });

  describe('Accept.js hosts', () => {
    const keys = {
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'login',
      AUTHORIZENET_TRANSACTION_KEY: 'transaction',
      AUTHORIZENET_CLIENT_KEY: 'client',
    };

    it("allows exactly Authorize.net's script host and the host Accept.js posts cards to", () => {
      const sources = (environment: string) =>
        acceptJsSources(loadConfig({ ...keys, AUTHORIZENET_ENVIRONMENT: environment }).payments);
      expect(sources('production')).toEqual({
        scriptSrc: ['https://js.authorize.net'],
        connectSrc: ['https://js.authorize.net', 'https://api2.authorize.net'],
      });
      expect(sources('sandbox')).toEqual({
        scriptSrc: ['https://jstest.authorize.net'],
        connectSrc: ['https://jstest.authorize.net', 'https://apitest.authorize.net'],
      });
      expect(acceptJsSources(loadConfig({}).payments)).toEqual({ scriptSrc: [], connectSrc: [] });
    });

    it('takes a stand-in Accept.js (tests): its origin serves the script and answers the cards', () => {
      const c = loadConfig({
        ...keys,
        AUTHORIZENET_ACCEPT_JS_URL: 'http://127.0.0.1:4010/v1/Accept.js',
        AUTHORIZENET_API_URL: 'http://127.0.0.1:4010/xml/v1/request.api',
      });
      expect(c.payments).toMatchObject({ acceptJsUrl: 'http://127.0.0.1:4010/v1/Accept.js' });
      expect(acceptJsSources(c.payments)).toEqual({
        scriptSrc: ['http://127.0.0.1:4010'],
        connectSrc: ['http://127.0.0.1:4010'],
      });
      expect(() => loadConfig({ ...keys, AUTHORIZENET_ACCEPT_JS_URL: 'js.example/Accept.js' })).toThrow(
        /AUTHORIZENET_ACCEPT_JS_URL must be an absolute URL/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    const trust = (TRUST_PROXY?: string) => loadConfig({ TRUST_PROXY }).trustProxy;

    it('trusts no proxy by default, or when told false', () => {
      for (const value of [undefined, '', 'false', '0']) expect(trust(value)).toBe(false);
    });

    it('reads true as one proxy (the nearest), and a number as that many', () => {
      expect(trust('true')).toBe(1);
      expect(trust('1')).toBe(1);
      expect(trust('2')).toBe(2);
    });

    it("reads a comma list of the proxies' addresses and networks", () => {
      expect(trust('10.0.0.2')).toEqual(['10.0.0.2']);
      expect(trust('10.0.0.0/8, 172.16.0.0/12,::1,fd00::/8')).toEqual([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '::1',
        'fd00::/8',
      ]);
      expect(trust('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    });

    it('refuses anything else with a clear message', () => {
      for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '-1', '1.5']) {
        expect(() => trust(value), value).toThrow(/TRUST_PROXY must be/);
      }
    });
  });
});
