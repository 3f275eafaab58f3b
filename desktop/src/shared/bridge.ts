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
  /**
   * Sent as JSON; a file's bytes (Uint8Array) are sent as they are, application/octet-stream; a
   * BridgeForm as multipart/form-data.
   */
  body?: unknown;
}

/** A form's file, as the bridge carries it (IPC copies a Uint8Array as it is). */
export interface BridgeFile {
  filename: string;
  type: string;
  bytes: Uint8Array;
}

/** A form with files (a photograph to the media library): its fields in order, each a text or a file. */
export interface BridgeForm {
  form: { name: string; value: string | BridgeFile }[];
}

const isFile = (v: unknown): v is BridgeFile =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as BridgeFile).filename === 'string' &&
  typeof (v as BridgeFile).type === 'string' &&
  (v as BridgeFile).bytes instanceof Uint8Array;

/** Whether `body` is a BridgeForm, field by field (the main process gets it from the renderer). */
export function isBridgeForm(body: unknown): body is BridgeForm {
  const form = (body as BridgeForm | null)?.form;
  return (
    Array.isArray(form) &&
    form.every((f: unknown) => {
      const field = f as { name?: unknown; value?: unknown } | null;
      return typeof field?.name === 'string' && (typeof field.value === 'string' || isFile(field.value));
    })
  );
}

/**
 * A request's body as sent: a file's bytes as they are, a form as multipart/form-data (fetch
 * writes its type, with the boundary), anything else as JSON.
 */
export function encodeBody(body: unknown): { type?: string; content: string | Uint8Array<ArrayBuffer> | FormData } {
  if (body instanceof Uint8Array) return { type: 'application/octet-stream', content: new Uint8Array(body) };
  if (isBridgeForm(body)) {
    const form = new FormData();
    for (const { name, value } of body.form) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
    }
    return { content: form };
  }
  return { type: 'application/json', content: JSON.stringify(body) };
}

export interface BridgeResponse {
  status: number;
  /** Parsed JSON; a successful HTML answer (the content preview) as its text; else null. */
  body: unknown;
}

export interface KafueBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>;
  /** Downloads a backup (`fileUrl` from the backup call), or the audit log's CSV export, through a native save dialog. */
  saveBackup(fileUrl: string): Promise<{ saved: boolean }>;
  /** Downloads the enquiries CSV export (its path, with the list's filters) through a native save dialog. */
  saveExport(path: string): Promise<{ saved: boolean }>;
  /**
   * Puts text on the system clipboard (e.g. the one-time password's copy button). The app grants
   * its pages no permission at all, clipboard included, so `navigator.clipboard` fails there.
   */
  copyText(text: string): Promise<void>;
  /**
   * A media library file of the configured server (`/media/...`, a thumbnail), for the page to
   * show as a blob: URL: the page itself reaches no server. Null when the server has none.
   */
  mediaFile(path: string): Promise<MediaFileBytes | null>;
}

export interface MediaFileBytes {
  type: string;
  bytes: Uint8Array;
}

/** The outcome of checking a server address: the normalised address, or why it was refused. */
export type ServerCheck = { ok: true; address: string } | { ok: false; message: string };

/**
 * What the server-address page (`setup.html`, not the console) gets as `window.kafueSetup`.
 * Only that page may call it: the main process refuses these calls from any other page.
 */
export interface SetupBridge {
  /** The remembered address (null before the first start) and the suggested default. */
  current(): Promise<{ address: string | null; defaultAddress: string }>;
  /** Checks that `address` answers GET /api/health with 200; remembers it and opens the console if so. */
  save(address: string): Promise<ServerCheck>;
}

/** IPC channel names shared by preload and main process. */
export const channels = {
  request: 'kafue:request',
  saveBackup: 'kafue:save-backup',
  saveExport: 'kafue:save-export',
  copyText: 'kafue:copy-text',
  mediaFile: 'kafue:media-file',
  setupCurrent: 'kafue:setup-current',
  setupSave: 'kafue:setup-save',
} as const;

declare global {
  interface Window {
    kafue?: KafueBridge;
    kafueSetup?: SetupBridge;
  }
}
