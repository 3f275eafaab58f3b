/**
 * The tables, as TypeORM entity schemas. The schema itself is created by the migrations in
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
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionRow {
  id: string;
  tokenHash: string;
  adminId: string | null;
  staffId: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export interface SettingRow {
  key: string;
  value: unknown;
  updatedAt: Date;
}

export interface LoginFailureRow {
  key: string;
  failures: number;
  windowStart: Date;
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
    ...timestamps,
  },
});

export const SessionEntity = new EntitySchema<SessionRow>({
  name: 'Session',
  tableName: 'sessions',
  columns: {
    id,
    tokenHash: { type: 'char', length: 64, name: 'token_hash' },
    adminId: { type: 'uuid', name: 'admin_id', nullable: true },
    staffId: { type: 'uuid', name: 'staff_id', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    lastUsedAt: { type: 'timestamptz', name: 'last_used_at' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
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

export const LoginFailureEntity = new EntitySchema<LoginFailureRow>({
  name: 'LoginFailure',
  tableName: 'login_failures',
  columns: {
    key: { type: 'varchar', length: 400, primary: true },
    failures: { type: 'int' },
    windowStart: { type: 'timestamptz', name: 'window_start' },
  },
});

export const entities = [AdminEntity, StaffEntity, SessionEntity, SettingEntity, LoginFailureEntity];

