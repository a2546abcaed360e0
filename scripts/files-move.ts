/**
 * `npm run files:move -- --to s3|disk [--delete-source]`: copies the uploaded files (and their image
 * variants) from local disk (DATA_DIR/uploads) into the S3 bucket the S3_* settings name, or back.
 * Files the target already holds with the same size are skipped, so an interrupted run is resumed by
 * running it again. The server may keep running (on the source store) meanwhile; docs/operations.md
 * gives the order of steps to switch stores without losing an upload.
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../server/config';
import { diskStore } from '../server/storage/disk';
import { moveFiles } from '../server/storage/move';
import { s3Store } from '../server/storage/s3';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, 'delete-source': { type: 'boolean', default: false } },
  });
  if (values.to !== 's3' && values.to !== 'disk') {
    process.stderr.write('Usage: npm run files:move -- --to s3|disk [--delete-source]\n');
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  if (!config.s3) {
    process.stderr.write(
      'Cannot move files: S3_BUCKET (and the other S3_* settings) must name the bucket.\n',
    );
    return 1;
  }
  const disk = diskStore(config.uploadsDir);
  const bucket = s3Store(config.s3);
  const [from, to] = values.to === 's3' ? [disk, bucket] : [bucket, disk];
  try {
    await to.check();
    process.stdout.write(`Moving files from ${from.description} to ${to.description}\n`);
    const report = await moveFiles(from, to, {
      deleteSource: values['delete-source'],
      progress: (sofar, seen) =>
        process.stdout.write(`  ${seen} files: ${sofar.copied} copied, ${sofar.skipped} already there\n`),
    });
    process.stdout.write(
      `Done: ${report.copied} copied, ${report.skipped} already there` +
        `${values['delete-source'] ? `, ${report.deleted} removed from the source` : ''}, ${report.failed.length} failed.\n`,
    );
    for (const failure of report.failed.slice(0, 20))
      process.stderr.write(`  ${failure.key}: ${failure.error}\n`);
    if (report.failed.length) process.stderr.write('Run the same command again to retry the failed files.\n');
    return report.failed.length ? 1 : 0;
  } catch (error) {
    process.stderr.write(`Cannot move files: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}

void main().then((code) => process.exit(code));
