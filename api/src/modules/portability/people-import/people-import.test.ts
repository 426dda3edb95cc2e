import { autoMap } from './columns.js';
import { planFamilies } from './families.js';
import { ImportFileRefused, parseImportDate, readPeopleFile } from './people-rows.js';
import { MINDBODY } from './presets.js';

const TODAY = '2026-12-03';

/** A Mindbody Client List export as studios download it: US dates, its statuses, a family sharing one email. */
const MINDBODY_FILE = [
  'Barcode ID,First Name,Last Name,Email,Mobile Phone,Birth Date,Status,Liability Release,Member Since,Last Visit',
  '100231,Dana,Whitfield,dana.w@example.com,(503) 555-0101,4/12/1984,Active,3/2/2021 10:15 AM,1/15/2021,11/28/2026',
  '100232,Milo,Whitfield,DANA.W@example.com,,9/30/2015,Non-Member,3/2/2021,1/15/2021,11/28/2026',
  '100233,Ruby,Whitfield,dana.w@example.com,,2/14/2018,Suspended,,1/15/2021,',
  '100240,Sam,Ortega,sam.ortega@example.com,555-0199,12/1/1990,Terminated,,6/1/2019,2/2/2023',
  '100241,"Lee, Jr.",Park,lee.park@example.com,,13/45/1992,Expired,,2/3/2020,',
  '100242,=cmd(),Hacker,not-an-email,,1/1/1990,Gold,,,',
].join('\r\n');

describe('reading a Mindbody export', () => {
  it('maps its columns by header', () => {
    const headers = MINDBODY_FILE.split('\r\n')[0].split(',');
    expect(autoMap(headers, MINDBODY)).toEqual({
      externalId: 0,
      firstName: 1,
      lastName: 2,
      email: 3,
      phone: 4,
      birthday: 5,
      status: 6,
      waiverSignedOn: 7,
      memberSince: 8,
    });
  });

  it('keeps every status, reads US dates, and names each bad field', () => {
    const { rows } = readPeopleFile(MINDBODY_FILE, { preset: MINDBODY, today: TODAY });
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      line: 2,
      errors: {},
      person: {
        firstName: 'Dana',
        lastName: 'Whitfield',
        email: 'dana.w@example.com',
        phone: '(503) 555-0101',
        birthday: '1984-04-12',
        role: 'student',
        active: true,
        externalId: '100231',
        waiverSignedOn: '2021-03-02',
        memberSince: '2021-01-15',
        note: 'Mindbody: Active',
      },
    });
    expect(rows[2].person).toMatchObject({ firstName: 'Ruby', active: true, note: 'Mindbody: Suspended', waiverSignedOn: null });
    expect(rows[3].person).toMatchObject({ firstName: 'Sam', active: false, note: 'Mindbody: Terminated' });
    expect(rows[4]).toMatchObject({
      line: 6,
      person: { firstName: 'Lee, Jr.' },
      errors: { birthday: '“13/45/1992” is not a date (YYYY-MM-DD or M/D/YYYY).' },
    });
    expect(rows[5]).toMatchObject({
      line: 7,
      errors: { email: '“not-an-email” is not an email address.', status: "“Gold” is not a status this file's source uses." },
    });
  });

  it('keeps a family that shares an email as one account and its family members', () => {
    const { rows } = readPeopleFile(MINDBODY_FILE, { preset: MINDBODY, today: TODAY });
    const planned = planFamilies(rows, TODAY);
    const [dana, milo, ruby] = planned;
    expect(dana).toMatchObject({ guardianLine: null, person: { email: 'dana.w@example.com', role: 'parent' } });
    expect(milo).toMatchObject({ guardianLine: 2, person: { email: null, firstName: 'Milo' } });
    expect(ruby).toMatchObject({ guardianLine: 2, person: { email: null, firstName: 'Ruby' } });
    // Nobody is dropped, and the others stand alone.
    expect(planned).toHaveLength(6);
    expect(planned[3].guardianLine).toBeNull();
  });

  it('makes the oldest adult the holder even when a child comes first', () => {
    const file = [
      'First Name,Last Name,Email,Birth Date',
      'Kid,One,fam@example.com,2016-05-05',
      'Grown,Up,fam@example.com,1980-01-01',
      'Older,Up,fam@example.com,1975-01-01',
    ].join('\n');
    const planned = planFamilies(readPeopleFile(file, { today: TODAY }).rows, TODAY);
    expect(planned.map((p) => [p.person.firstName, p.guardianLine, p.person.email])).toEqual([
      ['Kid', 4, null],
      ['Grown', 4, null],
      ['Older', null, 'fam@example.com'],
    ]);
  });
});

describe('refusing a file', () => {
  it('says what is wrong with the file as a whole', () => {
    expect(() => readPeopleFile('First Name,Last Name\n', { today: TODAY })).toThrow(
      new ImportFileRefused('The file has no rows under its header row.'),
    );
    expect(() => readPeopleFile('Name,Email\nAda,a@b.co\n', { today: TODAY })).toThrow('No column is chosen for first name.');
    expect(() => readPeopleFile('First Name,Last Name\n"Ada,Lovelace\n', { today: TODAY })).toThrow(/^The file is not valid CSV/);
    expect(() => readPeopleFile('First Name,Last Name\nA\u0000,B\n', { today: TODAY })).toThrow(/NUL bytes/);
  });

  it('refuses admins, future birthdays, unknown roles and overlong cells per row', () => {
    const file = [
      'first_name,last_name,role,birthday',
      `Ada,Admin,admin,1990-01-01`,
      `Fu,Ture,student,2030-01-01`,
      `Ro,Le,wizard,`,
      `${'x'.repeat(600)},Long,,`,
    ].join('\n');
    const { rows } = readPeopleFile(file, { today: TODAY });
    expect(rows.map((r) => r.errors)).toEqual([
      { role: 'Admins are not imported: give the role on the Users page.' },
      { birthday: 'The birthday is in the future.' },
      {
        role: '“wizard” is not a role (student, parent, instructor or teacher).',
        birthday: 'The birthday is empty: the studio needs it (minors sign waivers through a parent).',
      },
      {
        firstName: 'At most 100 characters.',
        birthday: 'The birthday is empty: the studio needs it (minors sign waivers through a parent).',
      },
    ]);
  });

  it('reads dates the ways exports write them', () => {
    expect(parseImportDate('2021-03-02')).toBe('2021-03-02');
    expect(parseImportDate('2021-03-02T10:00:00Z')).toBe('2021-03-02');
    expect(parseImportDate('3/2/2021 10:15 AM')).toBe('2021-03-02');
    expect(parseImportDate('3/2/2021', 'day-first')).toBe('2021-02-03');
    expect(parseImportDate('2/30/2021')).toBeNull();
    expect(parseImportDate('yesterday')).toBeNull();
  });
});
