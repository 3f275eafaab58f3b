/**
 * Security's public face: the sessions table, which Admin Management shows for another admin.
 * Another feature imports these from here, never a file behind it.
 */
export { SessionsTable } from './components/SessionsTable';
