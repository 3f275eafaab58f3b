/**
 * The settings' public face: the General settings as a query, which the backup schedule reads for
 * its timezone. Another feature imports these from here, never a file behind it.
 */
export { useGeneralSettings } from './api/useGeneralSettings';
