// The client an Astro loader or integration makes from its options: the key from $SKRIBRA_API_KEY and the base URL
// from $SKRIBRA_BASE_URL unless given, as a site's build and dev server have them in the environment.
import { createClient, type Client, type ClientOptions } from './client.ts';

export interface SkribraEnvOptions extends Partial<ClientOptions> {
  /** Use this client instead of making one from the options (apiKey defaults to $SKRIBRA_API_KEY). */
  client?: Client;
}

const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

export function clientFromEnv({ client, ...options }: SkribraEnvOptions): Client {
  return (
    client ??
    createClient({
      ...options,
      apiKey: options.apiKey ?? env('SKRIBRA_API_KEY') ?? '',
      baseUrl: options.baseUrl ?? env('SKRIBRA_BASE_URL'),
    })
  );
}
