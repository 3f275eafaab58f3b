/** A channel's connection as Settings shows it, from the row each channel keeps of its last check. */
import type { ChannelConnection } from '@kafue/common/conversations';

export interface ConnectionRow {
  checked_at: Date | null;
  connected: boolean;
  last_message_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
}

/** Not set up on the server: nothing checked, nothing taken. */
export const notSetUp: ChannelConnection = {
  configured: false,
  connected: false,
  lastCheckedAt: null,
  lastMessageAt: null,
  lastError: null,
  lastErrorAt: null,
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A set-up channel's connection; without a row yet (never checked), not connected. */
export const connectionOf = (row: ConnectionRow | undefined): ChannelConnection => ({
  configured: true,
  connected: !!row?.connected,
  lastCheckedAt: iso(row?.checked_at),
  lastMessageAt: iso(row?.last_message_at),
  lastError: row?.last_error ?? null,
  lastErrorAt: iso(row?.last_error_at),
});
