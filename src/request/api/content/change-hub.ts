// What the change streams (GET /v1/events) of one process share: one poller of the change log and the accounts'
// stream slots. Idle streams cost the store nothing each: while any stream is open, the poller runs one statement per
// interval (the head of every watched project's log, store/repos/sync.ts) and wakes only the streams of projects whose
// head moved; each of those then reads its own changes. No LISTEN (a transaction pooler cannot hold one), no
// statement per heartbeat, and nothing at all while no stream is open.
import type { Sql } from 'postgres';
import { readChangeHeads } from '../../../store/repos/sync.ts';
import { EVENT_STREAMS_PER_ACCOUNT } from '../../../model/endpoints/content/stream-own-changes.endpoint.ts';

/** How often the poller asks, while streams are open: a change reaches its streams within about this. */
export const POLL_MS = 1000;

export interface ChangeHub {
  /** The longest a stream stays open (SKRIBRA_EVENTS_MAX_S), in ms: under the host's limit, so it ends cleanly. */
  readonly maxMs: number;
  /**
   * One of the account's EVENT_STREAMS_PER_ACCOUNT slots in this process until `release`, or, when all are taken,
   * the seconds until the first of them ends (its stream's bound).
   */
  claim(accountId: string, endsAt: number): { release: () => void } | { retryAfter: number };
  /** Calls `wake` whenever the project's log may have moved past `head` (the seq its stream is caught up to). */
  watch(projectId: string, head: bigint, wake: () => void): () => void;
  /** Statements the poller has run (tests, the benchmark). */
  readonly polls: number;
}

export function createChangeHub(sql: Sql, { maxS, pollMs = POLL_MS }: { maxS: number; pollMs?: number }): ChangeHub {
  const watchers = new Map<string, Set<() => void>>();
  /** Each watched project's head as the poller (or its first stream) last saw it. */
  const heads = new Map<string, string>();
  const slots = new Map<string, Set<{ endsAt: number }>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  let polls = 0;
  let failing = false;

  function schedule() {
    if (timer || polling || !watchers.size) return;
    timer = setTimeout(poll, pollMs);
    timer.unref?.();
  }

  async function poll() {
    timer = undefined;
    polling = true;
    const ids = [...watchers.keys()];
    try {
      const now = await readChangeHeads(sql, ids);
      polls++;
      failing = false;
      for (const id of ids) {
        const head = now.get(id) ?? '0';
        if (heads.get(id) === head || !watchers.has(id)) continue;
        heads.set(id, head);
        for (const wake of watchers.get(id)!) wake();
      }
    } catch (err) {
      // The store is away: streams stay open (their heartbeats go on) and the poller asks again next interval. A poll
      // that outlived its last stream (the store closing at shutdown) is not worth a line.
      if (!failing && watchers.size) console.error('change stream poller:', err instanceof Error ? err.message : err);
      failing = true;
    } finally {
      polling = false;
      schedule();
    }
  }

  return {
    maxMs: maxS * 1000,
    get polls() {
      return polls;
    },
    claim(accountId, endsAt) {
      const held = slots.get(accountId) ?? new Set();
      if (held.size >= EVENT_STREAMS_PER_ACCOUNT) {
        const first = Math.min(...[...held].map((s) => s.endsAt));
        return { retryAfter: Math.max(1, Math.ceil((first - Date.now()) / 1000)) };
      }
      const slot = { endsAt };
      held.add(slot);
      slots.set(accountId, held);
      return {
        release() {
          held.delete(slot);
          if (!held.size && slots.get(accountId) === held) slots.delete(accountId);
        },
      };
    },
    watch(projectId, head, wake) {
      let set = watchers.get(projectId);
      if (!set) {
        set = new Set();
        watchers.set(projectId, set);
        heads.set(projectId, String(head));
      } else if (heads.get(projectId) !== String(head)) {
        // The poller saw another head than this stream's read: the stream reads once to settle which is newer.
        queueMicrotask(wake);
      }
      set.add(wake);
      schedule();
      const mine = set;
      return () => {
        mine.delete(wake);
        if (!mine.size && watchers.get(projectId) === mine) {
          watchers.delete(projectId);
          heads.delete(projectId);
        }
      };
    },
  };
}
