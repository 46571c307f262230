import type { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { S3Driver } from 'flydrive/drivers/s3';
import type { WriteOptions } from 'flydrive/types';
import type { StorageConfig } from '../config/env.ts';

/**
 * flydrive's S3 driver sends a stream in one PutObject, which the SDK buffers whole when the length is
 * unknown (an upload's length is). Streams go through lib-storage's multipart Upload instead: parts of
 * 5 MB, so memory stays flat whatever the file size.
 */
class StreamingS3Driver extends S3Driver {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(client: S3Client, bucket: string) {
    // Objects stay private (the portal serves them after its access checks); no per-object ACL calls,
    // which MinIO, R2 and buckets with "object ownership enforced" refuse.
    super({ client, bucket, visibility: 'private', supportsACL: false });
    this.#client = client;
    this.#bucket = bucket;
  }

  override async putStream(key: string, contents: Readable, options?: WriteOptions): Promise<void> {
    const upload = new Upload({
      client: this.#client,
      params: {
        Bucket: this.#bucket,
        Key: key,
        Body: contents,
        ...(options?.contentType ? { ContentType: options.contentType } : {}),
      },
    });
    await upload.done();
  }
}

export function createS3Client(storage: StorageConfig): S3Client {
  return new S3Client({
    region: storage.region,
    ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
    forcePathStyle: storage.forcePathStyle,
    ...(storage.accessKeyId && storage.secretAccessKey
      ? { credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } }
      : {}),
    // The SDK's default streaming checksums are refused by several S3-compatible servers (s3rver, older
    // MinIO): checksum only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Driver(storage: StorageConfig): S3Driver {
  if (!storage.bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return new StreamingS3Driver(createS3Client(storage), storage.bucket);
}
