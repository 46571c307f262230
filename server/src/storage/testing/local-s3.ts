import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../config/env.ts';

/** s3rver's built-in account: it checks request signatures against these. */
const LOCAL_S3_ACCESS_KEY = 'S3RVER';

export type LocalS3 = {
  /** For `createFileStorage({ ...config, storage })`. */
  storage: StorageConfig;
  /** The same as environment variables (a server started as a child process). */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A fake S3 in this process (tests only): port 0 on the loopback address, a temporary directory,
 * and the bucket already created.
 */
export async function startLocalS3(bucket = 'portal-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storage: {
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: LOCAL_S3_ACCESS_KEY,
      secretAccessKey: LOCAL_S3_ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: LOCAL_S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
