/** An answer's body as JSON, or null when it is empty or not JSON (e.g. a proxy's HTML error page). */
export function parseJsonBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
