import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // BUILD_DIR lets several builds (tests, audits, benches) exist side by side.
  buildDirectory: process.env.BUILD_DIR || 'build',
  appDirectory: 'app',
} satisfies Config;
