import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main', include: ['tests/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000, fileParallelism: false } });
