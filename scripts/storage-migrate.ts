// `npm run storage:migrate [-- --from DIR]`: copies the photos of the local uploads folder
// (DATA_DIR/uploads, or DIR) into the bucket of STORAGE_URL. Safe to run again, and to run
// while the site serves: files already there with the same size and content are skipped.
// Photo URLs in the database stay as they are (/uploads/…): the server serves that path from
// the bucket once STORAGE_URL is set.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfigOrExit } from '../server/config.ts';
import { createStorage } from '../server/storage/index.ts';
import { copyLocalToStore } from '../server/storage/copy-to-store.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, concurrency: { type: 'string', default: '8' } } });
const config = loadConfigOrExit();
if (config.storage.kind !== 's3') {
  console.error('STORAGE_URL must name the bucket to copy to (s3://BUCKET?endpoint=…); it is the local folder now.');
  process.exit(1);
}
const from = path.resolve(values.from ?? config.uploadsDir);
const target = await createStorage(config);
console.log(`Copying ${from} to s3://${config.storage.bucket}/${config.storage.prefix}`);
const started = Date.now();
const report = await copyLocalToStore(from, target, { concurrency: Number(values.concurrency), log: (line) => console.log(line) });
console.log(`${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed in ${Math.round((Date.now() - started) / 1000)} s`);
for (const failure of report.failed.slice(0, 20)) console.error(`  ${failure.key}: ${failure.error}`);
if (report.failed.length > 0) {
  console.error('Run it again once the store answers: what was copied is skipped.');
  process.exit(1);
}
