// Types of stale.mjs, for the server's test of it.
export interface Part {
  workspace: string;
  output: string;
  required: boolean;
}
export declare const parts: Part[];
export declare function buildReason(root: string, part: Part): string | undefined;
