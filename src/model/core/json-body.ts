// The one JSON text of every answer: compact, with a trailing newline, so static files and function responses are
// byte-identical. Here, under core/, so that the store can make an answer ahead of time (the stored detail answers of
// src/store/own-article-answer.ts) with the same bytes as the API's own.

/** JSON body with a trailing newline. */
export const jsonBody = (value: unknown): string => `${JSON.stringify(value)}\n`;
