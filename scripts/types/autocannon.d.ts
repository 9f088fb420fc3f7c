// The part of autocannon's API that scripts/bench-search.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options { url: string; connections?: number; duration?: number; requests?: { method?: string; path: string }[] }
  interface Result { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }
  export default function autocannon(options: Options): Promise<Result>;
}
