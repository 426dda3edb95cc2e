import type { ImportPreset } from './columns.js';

/**
 * Mindbody's Client List export: its column names, US dates, and its client statuses. Every status keeps the person
 * (the best-known importer drops Suspended ones); only Terminated and Declined accounts arrive deactivated, and
 * each person's Mindbody status is kept in their import note.
 */
export const MINDBODY: ImportPreset = {
  name: 'mindbody',
  label: 'Mindbody client export',
  headers: {
    externalId: ['barcodeid', 'clientid', 'id'],
    phone: ['mobilephone', 'cellphone', 'homephone', 'workphone'],
    birthday: ['birthdate', 'birthday'],
    waiverSignedOn: ['liabilityrelease', 'liabilityreleasedate', 'liabilityagreementdatetime'],
    memberSince: ['membersince', 'dateadded', 'creationdate'],
    status: ['status', 'clientstatus'],
  },
  statuses: {
    active: { active: true, note: 'Mindbody: Active' },
    expired: { active: true, note: 'Mindbody: Expired' },
    suspended: { active: true, note: 'Mindbody: Suspended' },
    nonmember: { active: true, note: 'Mindbody: Non-Member' },
    prospect: { active: true, note: 'Mindbody: Prospect' },
    terminated: { active: false, note: 'Mindbody: Terminated' },
    declined: { active: false, note: 'Mindbody: Declined' },
  },
  dateOrder: 'month-first',
};

/** The studio's own people export (/api/export/people.csv), which round-trips. */
export const STUDIO: ImportPreset = {
  name: 'studio',
  label: 'This app’s people export',
  headers: {},
  statuses: {
    yes: { active: true, note: '' },
    no: { active: false, note: '' },
    true: { active: true, note: '' },
    false: { active: false, note: '' },
  },
};

export const PRESETS: readonly ImportPreset[] = [STUDIO, MINDBODY];
