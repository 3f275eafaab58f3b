/**
 * The tables that queries read through TypeORM, as entity schemas (sessions and sign-in
 * counters are read with plain SQL only). The schema itself is created by the migrations in
 * ./migrations (never by synchronize); these describe it for queries.
 */
import { EntitySchema } from 'typeorm';
import type { AdminRole, StaffRole, StaffStatus } from '@kafue/common/contract';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  passwordHash: string;
  /** Two-factor sign-in is on when set (base32; never logged, never answered after setup). */
  totpSecret: string | null;
  /** Set up but not yet confirmed with a code. */
  totpPendingSecret: string | null;
  passwordChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  passwordHash: string;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface SettingRow {
  key: string;
  value: unknown;
  updatedAt: Date;
}

const id = { type: 'uuid', primary: true, generated: 'uuid' } as const;
const timestamps = {
  createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
} as const;

export const AdminEntity = new EntitySchema<AdminRow>({
  name: 'Admin',
  tableName: 'admins',
  columns: {
    id,
    name: { type: 'varchar', length: 100 },
    email: { type: 'varchar', length: 254 },
    role: { type: 'varchar', length: 20 },
    passwordHash: { type: 'text', name: 'password_hash' },
    totpSecret: { type: 'text', name: 'totp_secret', nullable: true },
    totpPendingSecret: { type: 'text', name: 'totp_pending_secret', nullable: true },
    passwordChangedAt: { type: 'timestamptz', name: 'password_changed_at', default: () => 'now()' },
    ...timestamps,
  },
});

export const StaffEntity = new EntitySchema<StaffRow>({
  name: 'StaffUser',
  tableName: 'staff_users',
  columns: {
    id,
    name: { type: 'varchar', length: 100 },
    email: { type: 'varchar', length: 254 },
    role: { type: 'varchar', length: 20 },
    status: { type: 'varchar', length: 20 },
    passwordHash: { type: 'text', name: 'password_hash' },
    mustChangePassword: { type: 'boolean', name: 'must_change_password' },
    passwordChangedAt: { type: 'timestamptz', name: 'password_changed_at', default: () => 'now()' },
    ...timestamps,
  },
});

export const SettingEntity = new EntitySchema<SettingRow>({
  name: 'Setting',
  tableName: 'settings',
  columns: {
    key: { type: 'varchar', length: 100, primary: true },
    value: { type: 'jsonb' },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});

export const entities = [AdminEntity, StaffEntity, SettingEntity];
