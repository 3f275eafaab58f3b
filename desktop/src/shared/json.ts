/** An answer's body as JSON, or null when it is empty or not JSON (e.g. a proxy's HTML error page). */
export function parseJsonBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A successful answer's body: an HTML page (the content preview, the one call that answers one)
 * as its text, anything else as parseJsonBody reads it.
 */
export function parseAnswerBody(status: number, contentType: string | null, text: string): unknown {
  if (status >= 200 && status < 300 && contentType?.toLowerCase().startsWith('text/html')) return text;
  return parseJsonBody(text);
}
