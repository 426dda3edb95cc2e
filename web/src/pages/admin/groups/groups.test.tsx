import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Handler } from '../../../../test/utils';
import type { AdminGroupRowFragment } from './groups.generated';
import GroupsPage from './GroupsPage';

jest.setTimeout(60_000);

const PLAN = '11111111-1111-4111-8111-111111111111';
const rule = (extra: Partial<NonNullable<AdminGroupRowFragment['rule']>> = {}) => ({
  __typename: 'GroupRule' as const,
  roles: null,
  minAge: null,
  maxAge: null,
  planIds: null,
  membershipStatuses: null,
  packClassesLeftAtMost: null,
  visitedWithinDays: null,
  notVisitedForDays: null,
  waiverMissing: null,
  classTypeIds: null,
  bookedWithinDays: null,
  apparatusId: null,
  minLevel: null,
  ...extra,
});
const group = (id: string, extra: Partial<AdminGroupRowFragment>) => ({
  __typename: 'Group' as const,
  id,
  name: `Group ${id}`,
  description: '',
  kind: 'rule',
  archivedAt: null,
  memberCount: 0,
  memberCountIsEstimate: false,
  rule: null,
  ...extra,
});

const list: Handler = (op) => ({
  data: {
    groups: op.variables.archived
      ? []
      : [
          group('g1', {
            name: 'Adults on Eight a month',
            memberCount: 104_870,
            memberCountIsEstimate: true,
            rule: rule({ minAge: 18, planIds: [PLAN] }),
          }),
          group('g2', { name: 'Showcase cast', kind: 'manual', memberCount: 1 }),
        ],
    membershipPlans: [{ __typename: 'MembershipPlan', id: PLAN, name: 'Eight a month' }],
    classBlueprints: { __typename: 'ClassBlueprintPage', items: [] },
    apparatuses: [{ __typename: 'Apparatus', id: 'a1', name: 'Lyra' }],
  },
});

const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

it('lists groups with their kind, rule in words and live count, each opening the users table filtered', async () => {
  renderApp(<GroupsPage />, { session: admin(), route: '/admin/groups', handlers: { AdminGroups: list } });
  const adults = (await screen.findByRole('link', { name: 'Adults on Eight a month' })).closest('li')!;
  expect(within(adults).getByText('aged 18 or over · on Eight a month')).toBeInTheDocument();
  expect(within(adults).getByText('about 100,000 members')).toBeInTheDocument();
  expect(within(adults).getByText('Rule')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Adults on Eight a month' })).toHaveAttribute('href', '/admin/users?group=g1');
  const cast = screen.getByRole('link', { name: 'Showcase cast' }).closest('li')!;
  expect(within(cast).getByText('Added by hand')).toBeInTheDocument();
  expect(within(cast).getByText('1 member')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
  expect(await screen.findByText('No archived groups')).toBeInTheDocument();
});

it('creates a rule group with the shared rules, showing their messages on the fields', async () => {
  const { calls } = renderApp(<GroupsPage />, {
    session: admin(),
    route: '/admin/groups',
    handlers: {
      AdminGroups: list,
      CreateGroup: (op) => ({
        data: { createGroup: group('g3', { name: (op.variables.input as { name: string }).name, rule: rule({ minAge: 12, maxAge: 17 }) }) },
      }),
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
  const dialog = await screen.findByRole('dialog', { name: 'New group' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
  expect(await within(dialog).findByText('Give the group a name.')).toBeInTheDocument();
  expect(within(dialog).getByText('Give the rule at least one condition.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Teens' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Age from' }), { target: { value: '17' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Age to' }), { target: { value: '12' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
  expect(await within(dialog).findByText('The oldest age is below the youngest.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Age from' }), { target: { value: '12' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Age to' }), { target: { value: '17' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CreateGroup')).toBeDefined());
  expect(calls.find((c) => c.operationName === 'CreateGroup')!.variables.input).toEqual({
    name: 'Teens',
    description: '',
    rule: {
      roles: null,
      membershipStatuses: null,
      planIds: null,
      classTypeIds: null,
      apparatusId: null,
      waiverMissing: null,
      minAge: 12,
      maxAge: 17,
      packClassesLeftAtMost: null,
      visitedWithinDays: null,
      notVisitedForDays: null,
      bookedWithinDays: null,
      minLevel: null,
    },
  });
  expect(await screen.findByText('Group “Teens” created')).toBeInTheDocument();
});

it('creates a manual group without a rule, and archives a group', async () => {
  const { calls } = renderApp(<GroupsPage />, {
    session: admin(),
    route: '/admin/groups',
    handlers: {
      AdminGroups: list,
      CreateGroup: { data: { createGroup: group('g4', { name: 'Helpers', kind: 'manual' }) } },
      ArchiveGroup: { data: { archiveGroup: group('g2', { name: 'Showcase cast', kind: 'manual', archivedAt: '2026-12-03T09:00:00Z' }) } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
  const dialog = await screen.findByRole('dialog', { name: 'New group' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Helpers' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Added by hand' }));
  expect(within(dialog).queryByRole('textbox', { name: 'Age from' })).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'CreateGroup')?.variables.input).toEqual({ name: 'Helpers', description: '', rule: null }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Archive Showcase cast' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ArchiveGroup')?.variables).toEqual({ id: 'g2' }));
  expect(await screen.findByText('“Showcase cast” archived')).toBeInTheDocument();
});
