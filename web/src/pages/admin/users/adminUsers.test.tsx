import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp, type Handler } from '../../../../test/utils';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { AddToGroupDocument } from '../groups/AddToGroupDialog.generated';
import { RemoveFromGroupDocument } from '../groups/RemoveFromGroupButton.generated';
import { filterArgs } from './UserBulkActions';
import { USERS_TABLE } from './UserManagementPage.preload';
import { DeactivateUsersDocument, UsersCsvDocument, type AdminUserRowFragment } from './users.generated';
import UserManagementPage from './UserManagementPage';

// A grid and a long form under jsdom: tens of seconds on a busy machine.
jest.setTimeout(60_000);

const row = (id: string, extra: Partial<AdminUserRowFragment> = {}) =>
  ({
    __typename: 'User',
    id,
    firstName: `First${id}`,
    lastName: 'Okafor',
    username: `user${id}`,
    email: `user${id}@example.test`,
    phone: null,
    role: 'student',
    isActive: true,
    birthday: '1990-01-01',
    age: 36,
    createdAt: '2026-01-05T18:00:00.000Z',
    lastVisitAt: null,
    waiverSigned: true,
    membershipStatus: 'active',
    ...extra,
  }) as unknown as AdminUserRowFragment;

const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

/** Pages of 25 by cursor: the first page ends at "c1", the second is asked for after it. */
const pages: Handler = (op) => {
  const after = op.variables.after as string | undefined;
  const first = after === 'c1' ? 26 : 1;
  const items = Array.from({ length: op.variables.search ? 1 : 25 }, (_, i) => row(String(first + i)));
  return {
    data: {
      users: {
        __typename: 'UserPage',
        total: 100_018,
        totalIsEstimate: true,
        endCursor: after ? 'c2' : 'c1',
        hasNextPage: true,
        page: op.variables.page,
        pageSize: 25,
        items,
      },
    },
  };
};

it('shows an estimated total, goes to the next page by cursor, and filters on the server', async () => {
  const { calls } = renderApp(<UserManagementPage />, { session: admin(), route: '/admin/users', handlers: { AdminUsers: pages } });
  expect(await screen.findByText('about 100,000 accounts')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'AdminUsers')?.variables).toEqual({
    page: 1,
    pageSize: 25,
    sortField: 'lastName',
    sortDirection: 'ASC',
  });
  fireEvent.click(screen.getByRole('button', { name: /next page/i }));
  await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ page: 2, after: 'c1' }));
  expect(await screen.findByText('First26 Okafor')).toBeInTheDocument();

  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Waiver/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Missing' }));
  await waitFor(() =>
    expect(calls.at(-1)?.variables).toEqual({ page: 1, pageSize: 25, sortField: 'lastName', sortDirection: 'ASC', waiver: 'missing' }),
  );

  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Last visit/ }));
  fireEvent.click(screen.getByRole('option', { name: 'No visit for 21 days' }));
  await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ notVisitedForDays: 21, waiver: 'missing', page: 1 }));
});

it('opens an account, changes the role and deactivates it', async () => {
  const { calls } = renderApp(<UserManagementPage />, {
    session: admin(),
    route: '/admin/users?user=1',
    handlers: {
      AdminUsers: pages,
      AdminUserFamily: { data: { user: { __typename: 'User', id: '1', familyMembers: [] } } },
      SetUserRole: { data: { setUserRole: row('1', { role: 'instructor' }) } },
      DeactivateUser: { data: { deactivateUser: row('1', { role: 'instructor', isActive: false }) } },
    },
  });
  const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
  expect(within(drawer).getByText('No family members on this account.')).toBeInTheDocument();
  fireEvent.mouseDown(within(drawer).getByRole('combobox', { name: 'Role' }));
  fireEvent.click(screen.getByRole('option', { name: 'Instructor' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'SetUserRole')?.variables).toEqual({ id: '1', role: 'instructor' }));
  fireEvent.click(await within(drawer).findByRole('button', { name: 'Deactivate' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'DeactivateUser')?.variables).toEqual({ id: '1' }));
  expect(await within(drawer).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
});

it('adds a parent with a child at the front desk, with the shared field rules, then finds them', async () => {
  const { calls } = renderApp(<UserManagementPage />, {
    session: admin(),
    route: '/admin/users',
    handlers: {
      AdminUsers: pages,
      AdminUserFamily: { data: { user: { __typename: 'User', id: 'new', familyMembers: [] } } },
      CreateMember: { data: { createMember: row('new', { firstName: 'Nadia', username: 'nadia', role: 'parent' }) } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'New member' }));
  const dialog = await screen.findByRole('dialog', { name: 'New member' });
  const type = (name: string | RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(name), { target: { value } });
  type(/^First name/, 'Nadia');
  type(/^Last name/, 'Okafor');
  type(/^Email( \*)?$/, 'not-an-email');
  type(/^Phone/, 'call me');
  type(/^Birthday/, '1988-04-02');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add a child' }));
  type(/^Child 1 first name/, 'Ike');
  fireEvent.change(within(dialog).getAllByLabelText(/^Birthday/)[1], { target: { value: '2017-06-01' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
  expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
  expect(within(dialog).getByText('Use digits, spaces and + ( ) - . only.')).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'CreateMember')).toBe(false);

  type(/^Email( \*)?$/, 'nadia@example.test');
  type(/^Phone/, '+1 555 010 2020');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add member' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'CreateMember')?.variables).toEqual({
      input: {
        firstName: 'Nadia',
        lastName: 'Okafor',
        email: 'nadia@example.test',
        phone: '+1 555 010 2020',
        birthday: '1988-04-02',
        sendPasswordLink: true,
        children: [{ firstName: 'Ike', birthday: '2017-06-01' }],
      },
    }),
  );
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'AdminUsers').at(-1)?.variables).toMatchObject({ search: 'nadia' }));
});

describe('merging a duplicate account', () => {
  /** The table's pages; a search answers the duplicate itself and the account to keep. */
  const withSearch: Handler = (op) => {
    if (!op.variables.search) return pages(op) as ReturnType<Handler>;
    return {
      data: {
        users: {
          __typename: 'UserPage',
          total: 2,
          totalIsEstimate: false,
          endCursor: null,
          hasNextPage: false,
          page: 1,
          pageSize: 8,
          items: [row('1'), row('7', { firstName: 'Nadia', username: 'nadia', email: 'nadia@example.test' })],
        },
      },
    };
  };
  const family = { data: { user: { __typename: 'User', id: '1', familyMembers: [] } } };

  it('finds the account to keep, shows both side by side, merges and tells what moved', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?user=1',
      handlers: {
        AdminUsers: withSearch,
        AdminUserFamily: family,
        MergeMembers: {
          data: {
            mergeMembers: {
              __typename: 'MemberMergeResult',
              kept: row('7', { firstName: 'Nadia', username: 'nadia', email: 'nadia@example.test' }),
              merged: row('1', { isActive: false }),
              moved: [
                { __typename: 'MergeMovedRows', table: 'booking', rows: 3 },
                { __typename: 'MergeMovedRows', table: 'membership', rows: 1 },
              ],
              total: 4,
            },
          },
        },
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge First1 Okafor into another account' });
    fireEvent.change(within(dialog).getByLabelText('Find the account to keep'), { target: { value: 'nadia' } });
    const found = await within(dialog).findByRole('list', { name: 'Accounts found' });
    // The duplicate itself is never offered.
    const options = await within(found).findAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual([expect.stringContaining('Nadia Okafor (@nadia)')]);
    fireEvent.click(options[0]);
    expect(within(within(dialog).getByRole('region', { name: 'Duplicate' })).getByText('First1 Okafor')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: 'Kept account' })).getByText('Nadia Okafor')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge into Nadia' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'MergeMembers')?.variables).toEqual({ keptId: '7', mergedId: '1' }));
    expect(await within(dialog).findByText('Moved 3 bookings, 1 membership.')).toBeInTheDocument();
    expect(within(dialog).getByText('@user1 is deactivated and signed out everywhere.')).toBeInTheDocument();
  });

  it('shows why the API refused a merge', async () => {
    renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?user=1',
      handlers: {
        AdminUsers: withSearch,
        AdminUserFamily: family,
        MergeMembers: gqlError('BAD_USER_INPUT', "An admin's account cannot be merged into a member's."),
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge First1 Okafor into another account' });
    fireEvent.change(within(dialog).getByLabelText('Find the account to keep'), { target: { value: 'nadia' } });
    fireEvent.click(await within(within(dialog).getByRole('list', { name: 'Accounts found' })).findByRole('button'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge into Nadia' }));
    expect(await within(dialog).findByText("An admin's account cannot be merged into a member's.")).toBeInTheDocument();
  });
});

describe('bulk actions', () => {
  const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^(Select|Unselect) row$/ });
  const deactivated = (n: number, skippedSelf = false) => ({
    data: { deactivateUsers: { __typename: 'BulkDeactivation', matched: n, deactivated: n, skippedSelf } },
  });

  it('deactivates the checked rows after a confirmation', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users',
      handlers: { AdminUsers: pages, DeactivateUsers: deactivated(2) },
    });
    await screen.findByText('First1 Okafor');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(rowBoxes()[1]);
    const bar = await screen.findByRole('region', { name: 'Selected accounts' });
    expect(within(bar).getByText('2 accounts selected.')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate 2 accounts?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate 2 accounts' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'DeactivateUsers')?.variables).toEqual({ ids: ['1', '2'] }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected accounts' })).not.toBeInTheDocument());
  });

  it('selects all accounts matching the filter and deactivates them on the server with that filter', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users',
      handlers: { AdminUsers: pages, DeactivateUsers: deactivated(5_000, true) },
    });
    await screen.findByText('First1 Okafor');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Waiver/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Missing' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ waiver: 'missing' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all rows' }));
    const bar = await screen.findByRole('region', { name: 'Selected accounts' });
    expect(within(bar).getByText('25 accounts selected.')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all about 100,000 matching this filter' }));
    expect(within(bar).getByText('All about 100,000 accounts matching this filter are selected.')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate all about 100,000 matching accounts?' });
    fireEvent.click(within(confirm).getByRole('button', { name: /^Deactivate all/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'DeactivateUsers')?.variables).toEqual({ allMatching: true, waiver: 'missing' }),
    );
    expect(await screen.findByText('Your own account was in the selection and stays active.')).toBeInTheDocument();
  });

  it('exports the checked rows as CSV', async () => {
    const saved: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:accounts'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    // jsdom cannot download: the link's click is where the browser would save the file.
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users',
      handlers: { AdminUsers: pages, UsersCsv: { data: { usersCsv: 'First name,Last name\nFirst3,Okafor\n' } } },
    });
    await screen.findByText('First1 Okafor');
    fireEvent.click(rowBoxes()[2]);
    fireEvent.click(within(await screen.findByRole('region', { name: 'Selected accounts' })).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'UsersCsv')?.variables).toEqual({ ids: ['3'] }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]);
    });
    expect(text).toBe('First name,Last name\nFirst3,Okafor\n');
    expect(saved[0].type).toBe('text/csv');
    expect(downloads).toEqual(['accounts.csv']);
    click.mockRestore();
  });
});

describe('the drawer', () => {
  const family = { data: { user: { __typename: 'User', id: '1', familyMembers: [] } } };

  it('edits the profile with the shared field rules, sending only what changed', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?user=1',
      handlers: {
        AdminUsers: pages,
        AdminUserFamily: family,
        UpdateUserProfile: { data: { updateUser: row('1', { phone: '+1 555 010 2020', lastName: 'Eze' }) } },
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Edit profile' }));
    const form = within(drawer).getByRole('form', { name: 'Edit profile' });
    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: 'call me' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Use digits, spaces and + ( ) - . only.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'UpdateUserProfile')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^Phone/), { target: { value: ' +1 555 010 2020 ' } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'user1@example.test' } });
    fireEvent.change(within(form).getByLabelText(/^Last name/), { target: { value: 'Eze' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'UpdateUserProfile')?.variables).toEqual({
        id: '1',
        input: { lastName: 'Eze', phone: '+1 555 010 2020' },
      }),
    );
    expect(await within(drawer).findByText('Profile saved.')).toBeInTheDocument();
    expect(within(drawer).getByText('+1 555 010 2020')).toBeInTheDocument();
  });

  it('signs the account out everywhere and says so', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?user=1',
      handlers: {
        AdminUsers: pages,
        AdminUserFamily: family,
        SignOutUserEverywhere: { data: { signOutUserEverywhere: { __typename: 'User', id: '1' } } },
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'SignOutUserEverywhere')?.variables).toEqual({ id: '1' }));
    expect(await within(drawer).findByText('Every session of First1 has ended: they sign in again on each device.')).toBeInTheDocument();
  });

  it("shows the person's orders, memberships and packs, invoices, waivers and moves, a tab each", async () => {
    const records = {
      data: {
        user: {
          __typename: 'User',
          id: '1',
          orders: [
            {
              __typename: 'Order',
              id: 'o1',
              createdAt: '2026-11-20T18:00:00.000Z',
              totalCents: 4500,
              refundedCents: 0,
              status: 'paid',
              checkoutSessionId: null,
              lines: [
                {
                  __typename: 'OrderLine',
                  id: 'l1',
                  kind: 'class',
                  description: 'Silks Intro',
                  quantity: 1,
                  unitCents: 4500,
                  totalCents: 4500,
                },
              ],
            },
          ],
          memberships: [
            {
              __typename: 'Membership',
              id: 'm1',
              status: 'active',
              comp: false,
              duplicate: false,
              cancelAtPeriodEnd: false,
              currentPeriodEnd: '2026-12-20T18:00:00.000Z',
              usedThisPeriod: 3,
              plan: { __typename: 'MembershipPlan', id: 'p1', name: 'Eight a month', classesPerPeriod: 8 },
            },
          ],
          classPacks: [
            { __typename: 'ClassPack', id: 'k1', name: '10-class pack', classes: 10, used: 7, expiresAt: '2027-01-31T18:00:00.000Z' },
          ],
          invoices: [
            {
              __typename: 'Invoice',
              id: 'i1',
              number: 'INV-0042',
              status: 'open',
              overdue: true,
              totalCents: 12000,
              dueDate: '2026-11-15',
              member: { __typename: 'User', id: 'kid', firstName: 'Mia' },
            },
          ],
          waiverSignatures: [
            {
              __typename: 'WaiverSignature',
              id: 's1',
              signedAt: '2026-10-01T18:00:00.000Z',
              documentVersion: 2,
              pdfUrl: '/api/waivers/signatures/s1.pdf',
              signedFor: { __typename: 'User', id: 'kid', firstName: 'Mia', lastName: 'Okafor' },
              signedBy: { __typename: 'User', id: '1', firstName: 'First1', lastName: 'Okafor' },
            },
          ],
        },
      },
    };
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?user=1',
      handlers: {
        AdminUsers: pages,
        AdminUserFamily: family,
        AttendanceHistory: { data: { attendanceHistory: { __typename: 'BookingPage', total: 0, page: 1, pageSize: 10, items: [] } } },
        AdminUserRecords: records,
        AdminUserMoves: {
          data: {
            studentMoves: {
              __typename: 'StudentMoves',
              studentId: '1',
              apparatus: [
                {
                  __typename: 'ApparatusMoves',
                  apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Lyra' },
                  level: 1,
                  nextLevel: { __typename: 'LevelProgress', name: 'Lyra 2', number: 2, required: 9, signedOff: 4 },
                },
              ],
            },
          },
        },
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'First1 Okafor' });
    const tab = (name: string) => fireEvent.click(within(drawer).getByRole('tab', { name }));
    expect(await within(drawer).findByText('No classes yet')).toBeInTheDocument();
    tab('Orders');
    expect(await within(drawer).findByText('Silks Intro')).toBeInTheDocument();
    expect(within(drawer).getByText(/\$45\.00/)).toBeInTheDocument();
    tab('Memberships');
    expect(within(drawer).getByText('Eight a month')).toBeInTheDocument();
    expect(within(drawer).getByText(/3 of 8 classes used/)).toBeInTheDocument();
    expect(within(drawer).getByText(/3 of 10 classes left/)).toBeInTheDocument();
    tab('Invoices');
    expect(within(drawer).getByText(/INV-0042/)).toBeInTheDocument();
    expect(within(drawer).getByText('Overdue')).toBeInTheDocument();
    expect(within(drawer).getByText(/for Mia/)).toBeInTheDocument();
    tab('Waivers');
    expect(within(drawer).getByText('Version 2 · Mia Okafor')).toBeInTheDocument();
    expect(within(drawer).getByText(/signed by First1 Okafor/)).toBeInTheDocument();
    tab('Moves');
    expect(await within(drawer).findByText('Lyra 2: 4 of 9 moves signed off')).toBeInTheDocument();
    // One read of the person's records serves four tabs; moves are asked for the person shown.
    expect(calls.filter((c) => c.operationName === 'AdminUserRecords')).toHaveLength(1);
    expect(calls.find((c) => c.operationName === 'AdminUserMoves')?.variables).toEqual({ id: '1' });
  });
});

describe('groups', () => {
  const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^(Select|Unselect) row$/ });

  it('shows a group’s members under a chip that clears the filter, and takes members out of a manual group', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users?group=g1',
      handlers: {
        AdminUsers: pages,
        UsersGroupName: { data: { group: { __typename: 'Group', id: 'g1', name: 'Showcase cast', kind: 'manual' } } },
        RemoveFromGroup: { data: { removeFromGroup: { __typename: 'GroupMembershipChange', matched: 1, changed: 1 } } },
      },
    });
    await waitFor(() => expect(calls.find((c) => c.operationName === 'AdminUsers')?.variables).toMatchObject({ group: 'g1' }));
    expect(await screen.findByText('Group: Showcase cast')).toBeInTheDocument();
    await screen.findByText('First1 Okafor');
    fireEvent.click(rowBoxes()[0]);
    const bar = await screen.findByRole('region', { name: 'Selected accounts' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Remove from group' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'RemoveFromGroup')?.variables).toEqual({ ids: ['1'], groupId: 'g1' }));
    expect(await screen.findByText('Removed 1 member from “Showcase cast”')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Clear the group filter').closest('svg')!);
    await waitFor(() => expect(calls.at(-1)?.variables).not.toHaveProperty('group'));
    expect(screen.queryByText('Group: Showcase cast')).not.toBeInTheDocument();
  });

  it('adds the checked rows to a new manual group', async () => {
    const { calls } = renderApp(<UserManagementPage />, {
      session: admin(),
      route: '/admin/users',
      handlers: {
        AdminUsers: pages,
        GroupPicker: {
          data: {
            groups: [
              { __typename: 'Group', id: 'g1', name: 'Showcase cast', kind: 'manual' },
              { __typename: 'Group', id: 'g2', name: 'All students', kind: 'rule' },
            ],
          },
        },
        CreateGroup: (op) => ({
          data: {
            createGroup: {
              __typename: 'Group',
              id: 'g9',
              name: (op.variables.input as { name: string }).name,
              description: '',
              kind: 'manual',
              archivedAt: null,
              memberCount: 0,
              memberCountIsEstimate: false,
              rule: null,
            },
          },
        }),
        AddToGroup: { data: { addToGroup: { __typename: 'GroupMembershipChange', matched: 2, changed: 2 } } },
      },
    });
    await screen.findByText('First1 Okafor');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(rowBoxes()[1]);
    const bar = await screen.findByRole('region', { name: 'Selected accounts' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Add to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 accounts to a group' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Group/ }));
    expect(await screen.findByRole('option', { name: 'Showcase cast' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'All students' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'New group…' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /New group’s name/ }), { target: { value: 'Spring show' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to group' }));
    await waitFor(() => expect(calls.find((c) => c.operationName === 'AddToGroup')?.variables).toEqual({ ids: ['1', '2'], groupId: 'g9' }));
    expect(calls.find((c) => c.operationName === 'CreateGroup')?.variables).toEqual({ input: { name: 'Spring show' } });
    expect(await screen.findByText('Added 2 members to “Spring show”')).toBeInTheDocument();
  });
});

// A variable an operation does not declare is dropped by the server without a word: "all matching" would then reach
// more accounts than the table shows. Every filter the table sends must be declared by each bulk operation.
it.each([
  ['DeactivateUsers', DeactivateUsersDocument],
  ['UsersCsv', UsersCsvDocument],
  ['AddToGroup', AddToGroupDocument],
  ['RemoveFromGroup', RemoveFromGroupDocument],
] as [string, DocumentNode][])('%s declares every filter of the users table', (_name, document) => {
  const everyFilter = filterArgs({
    ...USERS_TABLE.filters,
    search: 'okafor',
    role: 'student',
    isActive: true,
    waiver: 'missing',
    membership: 'active',
    visitedWithinDays: 30,
    notVisitedForDays: 21,
    segment: 'low_pack',
    group: 'g-1',
  });
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
  const declared = operation.variableDefinitions!.map((v) => v.variable.name.value);
  expect(declared).toEqual(expect.arrayContaining(Object.keys(everyFilter)));
  expect(Object.keys(everyFilter)).toHaveLength(Object.keys(USERS_TABLE.filters).length);
});
