#!/usr/bin/env node
// The operator CLI: accounts, keys, projects and articles in the store (embedded or DATABASE_URL).
// `skribra --help` lists the commands. Runs on Node 24, which loads the TypeScript modules directly.
import { main } from './cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
