import { fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import MembershipsPage from './MembershipsPage';
import MembershipSuccessPage from './MembershipSuccessPage';

const plan = (id: string, name: string, fields: Record<string, unknown> = {}) => ({
  __typename: 'MembershipPlan',
  id,
  name,
  description: '',
  priceCents: 9900,
  interval: 'month',
  classesPerPeriod: null,
  familyMembers: 0,
  signUpFeeCents: 0,
  coveredApparatus: [],
  ...fields,
});
const membership = (fields: Record<string, unknown> = {}) => ({
  __typename: 'Membership',
  id: 'm-1',
  status: 'active',
  comp: false,
  currentPeriodEnd: '2030-03-20T17:00:00.000Z',
  cancelAtPeriodEnd: false,
  usedThisPeriod: 3,
  pausedFrom: null,
  pausedUntil: null,
  plan: { __typename: 'MembershipPlan', id: 'p-8', name: 'Eight a month', classesPerPeriod: 8 },
  nextPlan: null,
  ...fields,
});
const page = (mine: unknown[] = [membership()]) => ({
  data: {
    membershipPlans: [
      plan('p-8', 'Eight a month', { classesPerPeriod: 8 }),
      plan('p-fam', 'Family unlimited', {
        priceCents: 21900,
        familyMembers: 2,
        signUpFeeCents: 2500,
        coveredApparatus: [{ __typename: 'Apparatus', id: 'a-1', name: 'Silks' }],
      }),
    ],
    myMemberships: mine,
    myClassPacks: [
      { __typename: 'ClassPack', id: 'k-1', name: '10-class pack', classes: 10, used: 3, expiresAt: '2030-05-01T17:00:00.000Z' },
    ],
  },
});

it('shows each plan with what it covers, the member’s membership with its usage and renewal, and pack balances', async () => {
  renderApp(<MembershipsPage />, {
    route: '/memberships',
    session: fakeSession({ user: makeUser() }),
    handlers: { MembershipsPage: page() },
  });
  const plans = await screen.findAllByTestId('plan');
  expect(plans[1]).toHaveTextContent('$219.00 / month');
  expect(
    within(plans[1])
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Unlimited classes', 'Silks classes only', 'Also covers 2 children', '$25.00 sign-up fee']);
  expect(within(plans[0]).getByRole('button', { name: 'Your plan' })).toBeDisabled();
  const mine = screen.getByTestId('my-membership');
  expect(mine).toHaveTextContent('Active');
  expect(mine).toHaveTextContent('Renews on Mar 20, 2030');
  expect(mine).toHaveTextContent('3 of 8 classes used this period');
  expect(screen.getByTestId('class-pack')).toHaveTextContent('7 of 10 classes left · valid until May 1, 2030');
});

it('cancels at period end and resumes, from the mutations’ answers', async () => {
  const { calls } = renderApp(<MembershipsPage />, {
    route: '/memberships',
    session: fakeSession({ user: makeUser() }),
    handlers: {
      MembershipsPage: page(),
      CancelMembershipAtPeriodEnd: { data: { cancelMembershipAtPeriodEnd: membership({ cancelAtPeriodEnd: true }) } },
      ResumeMembership: { data: { resumeMembership: membership({ cancelAtPeriodEnd: false }) } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel at period end' }));
  expect(await screen.findByText(/Ends on Mar 20, 2030/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Resume membership' }));
  expect(await screen.findByText(/Renews on Mar 20, 2030/)).toBeInTheDocument();
  expect(calls.filter((c) => c.operationName === 'MembershipsPage')).toHaveLength(1);
});

it('/membership-success waits for the webhook, then shows the new membership', async () => {
  let made = false;
  renderApp(<MembershipSuccessPage />, {
    route: '/membership-success?session_id=cs_1',
    session: fakeSession({ user: makeUser() }),
    handlers: {
      MembershipCheckout: () => ({
        data: {
          membershipCheckout: {
            __typename: 'MembershipCheckout',
            status: made ? 'completed' : 'open',
            plan: { __typename: 'MembershipPlan', id: 'p-8', name: 'Eight a month' },
            membership: made
              ? {
                  __typename: 'Membership',
                  id: 'm-1',
                  status: 'active',
                  currentPeriodEnd: '2030-03-20T17:00:00.000Z',
                  plan: { __typename: 'MembershipPlan', id: 'p-8', name: 'Eight a month', classesPerPeriod: 8 },
                }
              : null,
          },
        },
      }),
    },
  });
  expect(await screen.findByText('Confirming your membership…')).toBeInTheDocument();
  made = true;
  expect(await screen.findByTestId('new-membership', {}, { timeout: 3000 })).toHaveTextContent('Welcome to Eight a month!');
});
