/** The largest file an admin may import (about 50,000 people with every column). */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The fields an imported person may carry, with the names the import page shows for them. */
export const IMPORT_PERSON_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  birthday: 'Birthday',
  role: 'Role',
  status: 'Status',
  externalId: 'Id in the old system',
  waiverSignedOn: 'Waiver signed on',
  memberSince: 'Member since',
} as const;
