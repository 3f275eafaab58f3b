/**
 * The narrow API the desktop app's preload exposes to the console as `window.kafue`.
 *
 * On the web the console calls the API with fetch and a session cookie. In the desktop app it
 * calls `request` instead: the main process sends the call to the configured server, adds the
 * bearer token that only it holds, asks for a bearer session on sign-in and strips the token
 * from the answer, and forgets the token on logout or a 401. Renderer JavaScript never sees it.
 */
export interface BridgeRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An API path such as `/api/staff`; never a full URL. */
  path: string;
  body?: unknown;
}

export interface BridgeResponse {
  status: number;
  /** Parsed JSON, or null when the answer had no JSON body. */
  body: unknown;
}

export interface KafueBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>;
  /** Downloads a backup (`fileUrl` from the backup call) through a native save dialog. */
  saveBackup(fileUrl: string): Promise<{ saved: boolean }>;
}

declare global {
  interface Window {
    kafue?: KafueBridge;
  }
}
