/** What an imported person may carry, in the studio's words; each maps from one column of the file. */
export const PERSON_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'birthday',
  'role',
  'status',
  'externalId',
  'waiverSignedOn',
  'memberSince',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

/** Column → field, by the column's position in the file (a field left out is not imported). */
export type ColumnMapping = Partial<Record<PersonField, number>>;

/** A header as compared: lower case, letters and digits only ("First Name" and "first_name" are one header). */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The headers each field is recognised by, best first: the studio's own export's names, then those of common
 * systems. A preset (Mindbody) adds its names in front.
 */
const KNOWN_HEADERS: Record<PersonField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'mobilephone', 'mobile', 'cellphone', 'cell', 'homephone', 'workphone', 'telephone'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', 'dob'],
  role: ['role', 'type'],
  status: ['status', 'active', 'membershipstatus', 'clientstatus'],
  externalId: ['externalid', 'barcodeid', 'barcode', 'clientid', 'memberid', 'id'],
  waiverSignedOn: ['waiversignedon', 'liabilityrelease', 'liabilityreleasedate', 'liabilityagreementdate', 'waiversigned'],
  memberSince: ['membersince', 'createdat', 'dateadded', 'creationdate', 'joined', 'joindate'],
};

export interface ImportPreset {
  readonly name: string;
  readonly label: string;
  /** Normalised headers of the source's export, by field, ahead of the known ones. */
  readonly headers: Partial<Record<PersonField, string[]>>;
  /** The source's status values (normalised) and what they mean here; a value not listed is refused. */
  readonly statuses?: Record<string, { active: boolean; note: string }>;
  /** How the source writes dates when not YYYY-MM-DD. */
  readonly dateOrder?: 'month-first' | 'day-first';
}

/**
 * Each field's column, chosen by header: the first header (in the preset's order, then the known order) that the file
 * has. A column serves one field at most.
 */
export function autoMap(headers: readonly string[], preset?: ImportPreset): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of PERSON_FIELDS) {
    for (const name of [...(preset?.headers[field] ?? []), ...KNOWN_HEADERS[field]]) {
      const index = normalised.findIndex((h, i) => h === name && !taken.has(i));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return mapping;
}
