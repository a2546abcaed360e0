import type { Config } from '../config';
import { diskStore } from './disk';
import type { FileStore } from './fileStore';
import { s3Store } from './s3';

export * from './fileStore';

/** The store the configuration names: the bucket with S3_BUCKET, local disk under DATA_DIR otherwise. */
export const createFileStore = (config: Pick<Config, 's3' | 'uploadsDir'>): FileStore =>
  config.s3 ? s3Store(config.s3) : diskStore(config.uploadsDir);
