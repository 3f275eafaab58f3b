/**
 * Client-side checks with the contract's own request schemas, so the console and the server
 * agree on what is valid. Returns the first message per field, or null when the value passes.
 */
export interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
}

export function fieldErrors(schema: Schema, value: unknown): Record<string, string> | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
