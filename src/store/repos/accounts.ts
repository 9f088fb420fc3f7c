// Accounts and their API keys. One active key per account: rotation revokes the old one in the same
// transaction, so it stops working at once.
import type { Sql } from 'postgres';
import { inTx } from '../tx.ts';
import { keyDigest, keyHint, newApiKey, newId } from '../ids.ts';
import { mustOwn } from '../own-rows.ts';

export interface Account {
  id: string;
  name: string;
  created_at: Date;
}

export async function createAccount(sql: Sql, name: string, id = newId('acc')): Promise<{ account_id: string; api_key: string }> {
  const api_key = newApiKey();
  await inTx(sql, async (tx) => {
    await tx`insert into accounts (id, name) values (${id}, ${name})`;
    await tx`insert into api_keys (id, account_id, digest, hint) values (${newId('key')}, ${id}, ${keyDigest(api_key)}, ${keyHint(api_key)})`;
  });
  return { account_id: id, api_key };
}

/**
 * The account of an active key, by its digest, counting nothing (the account MCP endpoint's protocol messages); the
 * row must be that digest's (own-rows.ts). Undefined when no active key has it.
 */
export async function keyAccount(sql: Sql, digest: string): Promise<string | undefined> {
  const rows = await sql<{ account_id: string; digest: string }[]>`
    select account_id, digest from api_keys where digest = ${digest} and revoked_at is null`;
  mustOwn(rows.length <= 1 && rows.every((r) => r.digest === digest), 'key');
  return rows[0]?.account_id;
}

export async function getAccount(sql: Sql, id: string): Promise<Account | undefined> {
  const [row] = await sql<Account[]>`select id, name, created_at from accounts where id = ${id}`;
  return row;
}

/** Revokes every active key of the account and issues a new one. Undefined when there is no such account. */
export async function rotateKey(sql: Sql, accountId: string): Promise<string | undefined> {
  const api_key = newApiKey();
  const ok = await inTx(sql, async (tx) => {
    const [acc] = await tx`select id from accounts where id = ${accountId} for update`;
    if (!acc) return false;
    await tx`update api_keys set revoked_at = now() where account_id = ${accountId} and revoked_at is null`;
    await tx`insert into api_keys (id, account_id, digest, hint) values (${newId('key')}, ${accountId}, ${keyDigest(api_key)}, ${keyHint(api_key)})`;
    return true;
  });
  return ok ? api_key : undefined;
}

/**
 * Revokes every active key; returns how many, or undefined when there is no such account. It takes the account row
 * lock, as rotation does, so a revoke racing a rotation runs wholly before or after it and never misses its new key.
 */
export function revokeKeys(sql: Sql, accountId: string): Promise<number | undefined> {
  return inTx(sql, async (tx) => {
    const [acc] = await tx`select id from accounts where id = ${accountId} for update`;
    if (!acc) return undefined;
    const rows = await tx`update api_keys set revoked_at = now() where account_id = ${accountId} and revoked_at is null returning id`;
    return rows.count;
  });
}
