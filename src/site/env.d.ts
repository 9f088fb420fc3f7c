// Astro's ambient types (import.meta.env and the virtual modules) for `tsc` on a clean checkout, where the
// generated .astro/types.d.ts does not exist yet: it is written only by `astro sync`, dev or build.
/// <reference types="astro/client" />

declare namespace App {
  /** What an on-request page renders, read by its caller before it renders (src/request/blog/live-blog.ts). */
  interface Locals {
    blog?: import('../request/blog/live-blog.ts').BlogLocals;
  }
}
