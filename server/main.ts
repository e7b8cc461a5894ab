// The server's entry point: the allocator's settings first (they must be in the environment when
// the process starts), then the server itself (serve.ts).
import { fileURLToPath } from 'node:url';
import { relaunchWithMallocSettings } from './malloc-tuning.ts';

relaunchWithMallocSettings(fileURLToPath(import.meta.url));
await import('./serve.ts');
