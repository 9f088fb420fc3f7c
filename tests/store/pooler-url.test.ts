// Which connection strings name a transaction-mode pooler (no named prepared statements), and what postgres.js is
// given: never the `pgbouncer` parameter, which PgBouncer would refuse as a startup parameter.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { poolerUrl } from '../../src/store/pooler-url.ts';

describe('poolerUrl', () => {
  it.each([
    ['postgres://u:p@127.0.0.1:6400/db?pgbouncer=true', true, 'postgres://u:p@127.0.0.1:6400/db'],
    ['postgres://u:p@127.0.0.1:6400/db?sslmode=require&pgbouncer=true', true, 'postgres://u:p@127.0.0.1:6400/db?sslmode=require'],
    ['postgresql://alex:AbC123dEf@ep-cool-darkness-123456-pooler.us-east-2.aws.neon.tech/dbname?sslmode=require', true, undefined],
    ['postgresql://alex:AbC123dEf@ep-cool-darkness-123456.us-east-2.aws.neon.tech/dbname?sslmode=require', false, undefined],
    ['postgres://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres', true, undefined],
    ['postgres://postgres.ref:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres', false, undefined],
    ['postgres://postgres:pw@db.ref.supabase.co:5432/postgres', false, undefined],
    ['postgres://u:p@pooler.internal:6543/db', true, undefined],
    ['postgres://u:p@127.0.0.1:5432/db?prepare=false', true, undefined],
    ['postgres://u:p@ep-x-pooler.eu.aws.neon.tech/db?pgbouncer=false', false, 'postgres://u:p@ep-x-pooler.eu.aws.neon.tech/db'],
    ['postgres://u:p@127.0.0.1:5432/db', false, undefined],
  ])('%s: pooled %s', (url, pooled, given) => {
    expect(poolerUrl(url)).toEqual({ url: given ?? url, pooled });
  });

  it('keeps a percent-encoded password as it was when it takes pgbouncer out', () => {
    expect(poolerUrl('postgres://u:p%40ss%2Fw%3Ard@h:6400/db?pgbouncer=true').url).toBe('postgres://u:p%40ss%2Fw%3Ard@h:6400/db');
  });

  it('never passes a pgbouncer parameter on, and never throws, whatever the string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl().map((u) => u.replace(/^https?/, 'postgres')),
        ),
        fc.boolean(),
        (url, flag) => {
          const given = flag ? `${url}${url.includes('?') ? '&' : '?'}pgbouncer=true` : url;
          const out = poolerUrl(given);
          if (URL.canParse(given)) expect(new URL(out.url).searchParams.has('pgbouncer')).toBe(false);
          expect(typeof out.pooled).toBe('boolean');
        },
      ),
    );
  });
});
