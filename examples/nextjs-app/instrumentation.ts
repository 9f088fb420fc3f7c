// Runs once when the server starts. In `next dev`, pages revalidate from the change stream (lib/dev-watch.ts); in
// production the webhook does it (app/api/skribra-webhook), so nothing starts here.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NODE_ENV === 'development') {
    const { startDevWatch } = await import('./lib/dev-watch');
    startDevWatch();
  }
}
