import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, makeUser, renderApp, type Answer } from '../../../../test/utils';
import type { AdminMembershipRowFragment, AdminPlanFragment } from './adminMemberships.generated';
import AdminMembershipsPage from './AdminMembershipsPage';
import { periodText, usageText } from './MembershipsTab';
import { CancelNowDialog, ChangePlanDialog, CompDialog, PauseDialog } from './MembershipActionDialogs';
import { PackDialog } from './PackDialog';
import { EMPTY_PLAN, packForm, planForm, planInput, type PlanValues } from './membershipRules';
import { PlanDialog } from './PlanDialog';

jest.setTimeout(20_000);

const unlimited = {
  __typename: 'MembershipPlan',
  id: 'plan-unl',
  name: 'Unlimited monthly',
  description: '',
  priceCents: 16000,
  interval: 'month',
  classesPerPeriod: null,
  familyMembers: 0,
  signUpFeeCents: 0,
  active: true,
  coveredApparatus: [],
} as unknown as AdminPlanFragment;
const eight = {
  ...unlimited,
  id: 'plan-8',
  name: '8 classes',
  priceCents: 12000,
  classesPerPeriod: 8,
  familyMembers: 1,
  signUpFeeCents: 2500,
  active: false,
  coveredApparatus: [{ __typename: 'Apparatus', id: 'ap-silks', name: 'Silks' }],
} as unknown as AdminPlanFragment;
const yearly = { ...unlimited, id: 'plan-year', name: 'Unlimited yearly', interval: 'year' } as unknown as AdminPlanFragment;

const row = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    __typename: 'Membership',
    id: 'm-1',
    status: 'active',
    comp: false,
    duplicate: false,
    currentPeriodStart: '2030-01-01T12:00:00.000Z',
    currentPeriodEnd: '2030-02-01T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    pausedFrom: null,
    pausedUntil: null,
    pastDueSince: null,
    failedPayments: 0,
    usedThisPeriod: 3,
    createdAt: '2029-12-01T12:00:00.000Z',
    holder: { __typename: 'PersonSummary', id: 'u-1', name: 'Maya Lopez' },
    plan: { __typename: 'MembershipPlan', id: 'plan-8', name: '8 classes', interval: 'month', classesPerPeriod: 8 },
    nextPlan: null,
    ...over,
  }) as unknown as AdminMembershipRowFragment;
const maya = row();
const sam = row({
  id: 'm-2',
  status: 'past_due',
  comp: false,
  failedPayments: 2,
  usedThisPeriod: 5,
  holder: { __typename: 'PersonSummary', id: 'u-2', name: 'Sam Ortiz' },
  plan: { __typename: 'MembershipPlan', id: 'plan-unl', name: 'Unlimited monthly', interval: 'month', classesPerPeriod: null },
  nextPlan: { __typename: 'MembershipPlan', id: 'plan-8', name: '8 classes' },
});

const page = (items: AdminMembershipRowFragment[]): Answer => ({
  data: { adminMemberships: { __typename: 'MembershipPage', total: items.length, page: 1, pageSize: 25, items } },
});
const plansAnswer: Answer = {
  data: {
    membershipPlans: [unlimited, eight, yearly],
    apparatuses: [
      { __typename: 'Apparatus', id: 'ap-silks', name: 'Silks' },
      { __typename: 'Apparatus', id: 'ap-hoop', name: 'Lyra' },
    ],
  },
};
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

describe('membership form rules (pure)', () => {
  const valid: PlanValues = { ...EMPTY_PLAN, name: 'Unlimited', price: '160' };

  it('checks plans and packs with the API’s rules; classes a period only when not unlimited', () => {
    expect(problemsOf(planForm, valid)).toEqual({});
    expect(problemsOf(planForm, { ...valid, name: ' ', price: 'lots', familyMembers: '11', signUpFee: '-1' })).toEqual({
      name: 'Give the plan a name.',
      price: 'Enter an amount like 120 or 119.50.',
      familyMembers: 'Between 0 and 10.',
      signUpFee: 'Enter an amount like 25 (0 for none).',
    });
    expect(problemsOf(planForm, { ...valid, unlimited: false, classesPerPeriod: '0' })).toEqual({ classesPerPeriod: 'Between 1 and 500.' });
    expect(problemsOf(planForm, { ...valid, unlimited: true, classesPerPeriod: '0' })).toEqual({});
    expect(
      problemsOf(packForm, { name: '10 classes', description: '', price: '180', classes: '0', validDays: '2000', active: true }),
    ).toEqual({
      classes: 'Between 1 and 200.',
      validDays: 'Between 1 and 1095 days.',
    });
  });

  it('sends cents, null classes for unlimited, and the class types chosen', () => {
    expect(
      planInput({
        ...valid,
        price: '$119.5',
        unlimited: false,
        classesPerPeriod: ' 8 ',
        signUpFee: '25',
        familyMembers: '1',
        coveredApparatusIds: ['ap-silks'],
      }),
    ).toEqual({
      name: 'Unlimited',
      description: '',
      priceCents: 11950,
      interval: 'month',
      classesPerPeriod: 8,
      coveredApparatusIds: ['ap-silks'],
      familyMembers: 1,
      signUpFeeCents: 2500,
      active: true,
    });
    expect(planInput(valid).classesPerPeriod).toBeNull();
  });
});

describe('/admin/memberships', () => {
  it('lists memberships with status, next billing, usage and failed payments, and filters on the server', async () => {
    const { calls } = renderApp(<AdminMembershipsPage />, {
      session: admin(),
      route: '/admin/memberships',
      handlers: { AdminMemberships: page([maya, sam]), AdminMembershipPlans: plansAnswer },
    });
    expect(await screen.findByText('2 memberships')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdminMemberships')?.variables).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 'currentPeriodEnd',
      sortDirection: 'ASC',
    });
    expect(screen.getAllByText('Maya Lopez').length).toBeGreaterThan(0);
    expect(screen.getAllByText('3 of 8').length).toBeGreaterThan(0);
    expect(screen.getAllByText('5 · unlimited').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Payment failed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Then 8 classes').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^Renews [A-Z][a-z]{2} \d/).length).toBe(2);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Payment failed' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ status: 'past_due', page: 1 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Plan/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Unlimited monthly' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ status: 'past_due', planId: 'plan-unl' }));

    fireEvent.click(screen.getAllByRole('button', { name: 'Actions for Sam Ortiz' })[0]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pause…' }));
    expect(await screen.findByRole('dialog', { name: "Pause Sam Ortiz's membership" })).toBeInTheDocument();
  });

  it('shows the plans with their price, classes, class types, family and sign-up fee; deactivates one', async () => {
    const { calls } = renderApp(<AdminMembershipsPage />, {
      session: admin(),
      route: '/admin/memberships?tab=plans',
      handlers: {
        AdminMembershipPlans: plansAnswer,
        UpdateMembershipPlan: (op) => ({
          data: { updateMembershipPlan: { ...unlimited, active: (op.variables.input as { active: boolean }).active } },
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Plans' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Unlimited monthly');
    expect(rows[1]).toHaveTextContent('$160.00 / month');
    expect(rows[1]).toHaveTextContent('Every class');
    expect(rows[2]).toHaveTextContent('8 a month');
    expect(rows[2]).toHaveTextContent('Silks');
    expect(rows[2]).toHaveTextContent('+1 child');
    expect(rows[2]).toHaveTextContent('$25.00');
    fireEvent.click(within(rows[1]).getByRole('switch', { name: 'Unlimited monthly offered' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operationName === 'UpdateMembershipPlan')?.variables).toMatchObject({
        id: 'plan-unl',
        input: { active: false, priceCents: 16000, classesPerPeriod: null, name: 'Unlimited monthly' },
      }),
    );
  });
});

describe('the membership dialogs', () => {
  it('pauses between two studio days (each begins on the studio’s clock); the end must come after the start', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<PauseDialog membership={maya} onClose={onClose} />, {
      handlers: {
        PauseMembership: { data: { pauseMembership: { ...maya, status: 'paused' } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: "Pause Maya Lopez's membership" });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2030-03-10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Resumes on/), { target: { value: '2030-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByText('Must be after the start.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'PauseMembership')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Resumes on/), { target: { value: '2030-03-24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.operationName === 'PauseMembership')?.variables as { id: string; from: string; until: string };
    expect(sent.id).toBe('m-1');
    expect(new Date(sent.from).getTime()).toBe(new Date(2030, 2, 10).getTime());
    expect(new Date(sent.until).getTime()).toBe(new Date(2030, 2, 24).getTime());
    expect(await screen.findByText('Membership paused')).toBeInTheDocument();
  });

  it('changes the plan from the next period, offering plans billed at the same interval only', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<ChangePlanDialog membership={maya} plans={[unlimited, eight, yearly]} onClose={onClose} />, {
      handlers: {
        ChangeMembershipPlan: {
          data: {
            changeMembershipPlan: { ...maya, nextPlan: { __typename: 'MembershipPlan', id: 'plan-unl', name: 'Unlimited monthly' } },
          },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: "Change Maya Lopez's plan" });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Plan from the next period/ }));
    expect(screen.queryByRole('option', { name: /Unlimited yearly/ })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: /^Unlimited monthly/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'ChangeMembershipPlan')?.variables).toEqual({ id: 'm-1', planId: 'plan-unl' });
  });

  it('adds a plan: what is missing shows before sending, then the input goes as typed', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<PlanDialog plan={null} apparatuses={[{ id: 'ap-silks', name: 'Silks' }]} onClose={onClose} />, {
      handlers: { CreateMembershipPlan: { data: { createMembershipPlan: { ...eight, id: 'plan-new' } } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Give the plan a name.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'CreateMembershipPlan')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '8 classes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByLabelText('Unlimited classes'));
    fireEvent.change(within(dialog).getByLabelText(/^Classes per period/), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'CreateMembershipPlan')?.variables).toEqual({
      input: {
        name: '8 classes',
        description: '',
        priceCents: 12000,
        interval: 'month',
        classesPerPeriod: 8,
        coveredApparatusIds: [],
        familyMembers: 0,
        signUpFeeCents: 0,
        active: true,
      },
    });
  });

  it('comps a plan to a member picked by name', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<CompDialog plans={[unlimited, eight]} onClose={onClose} />, {
      handlers: {
        MemberPickerOptions: {
          data: {
            users: {
              __typename: 'UserPage',
              items: [
                { __typename: 'User', id: 'u-9', firstName: 'Robin', lastName: 'Hale', email: 'robin@example.test', username: 'robin' },
              ],
            },
          },
        },
        CompMembership: { data: { compMembership: { ...maya, comp: true } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Comp a membership' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comp membership' }));
    expect(await within(dialog).findByText('Choose a member.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a plan.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'CompMembership')).toBe(false);

    const member = within(dialog).getByRole('combobox', { name: /^Member/ });
    fireEvent.change(member, { target: { value: 'Rob' } });
    fireEvent.click(await screen.findByRole('option', { name: /Robin Hale/ }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    expect(screen.getByRole('option', { name: /8 classes .*\(inactive\)/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: /^Unlimited monthly/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comp membership' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'CompMembership')?.variables).toEqual({ userId: 'u-9', planId: 'plan-unl' });
    expect(await screen.findByText('Membership comped')).toBeInTheDocument();
  });

  it('offers to replace the membership a member already has when the API refuses a second one', async () => {
    const onClose = jest.fn();
    const refusal = 'Robin Hale already has a 8 classes membership (active). End it first, or choose to replace it.';
    const { calls } = renderApp(<CompDialog plans={[unlimited]} onClose={onClose} />, {
      handlers: {
        MemberPickerOptions: {
          data: {
            users: {
              __typename: 'UserPage',
              items: [{ __typename: 'User', id: 'u-9', firstName: 'Robin', lastName: 'Hale', email: null, username: 'robin' }],
            },
          },
        },
        CompMembership: (op) =>
          op.variables.replace
            ? { data: { compMembership: { ...maya, comp: true } } }
            : { errors: [{ message: refusal, extensions: { code: 'CONFLICT' } }] },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Comp a membership' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Member/ }), { target: { value: 'Rob' } });
    fireEvent.click(await screen.findByRole('option', { name: /Robin Hale/ }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    fireEvent.click(screen.getByRole('option', { name: /^Unlimited monthly/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comp membership' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /End their current membership now/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comp membership' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.operationName === 'CompMembership').map((c) => c.variables)).toEqual([
      { userId: 'u-9', planId: 'plan-unl' },
      { userId: 'u-9', planId: 'plan-unl', replace: true },
    ]);
  });

  it('ends a paid membership now, with a refund of the unused days when asked', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<CancelNowDialog membership={maya} onClose={onClose} />, {
      handlers: { CancelMembershipNow: { data: { cancelMembershipNow: { ...maya, status: 'canceled', refundedCents: 1234 } } } },
    });
    const dialog = await screen.findByRole('dialog', { name: "End Maya Lopez's membership now?" });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Refund the unused days until/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'CancelMembershipNow')?.variables).toEqual({ id: 'm-1', refund: true });
    expect(await screen.findByText('Membership ended and refunded')).toBeInTheDocument();
    // The toast says how much went back to the card, as the API answered it.
    expect(screen.getByText(/\$12\.34 refunded to their card\./)).toBeInTheDocument();
  });

  it('ends a membership now without a refund: the toast names no amount', async () => {
    const onClose = jest.fn();
    renderApp(<CancelNowDialog membership={maya} onClose={onClose} />, {
      handlers: { CancelMembershipNow: { data: { cancelMembershipNow: { ...maya, status: 'canceled', refundedCents: null } } } },
    });
    const dialog = await screen.findByRole('dialog', { name: "End Maya Lopez's membership now?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Membership ended')).toBeInTheDocument();
    expect(screen.queryByText(/refunded to their card/)).not.toBeInTheDocument();
  });

  it('a comp membership is ended without a refund choice', async () => {
    renderApp(<CancelNowDialog membership={row({ comp: true })} onClose={jest.fn()} />, { handlers: {} });
    const dialog = await screen.findByRole('dialog', { name: "End Maya Lopez's membership now?" });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('adds a class pack: classes and days checked with the API’s rules, then sent as numbers', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<PackDialog pack={null} onClose={onClose} />, {
      handlers: {
        CreateClassPackProduct: {
          data: {
            createClassPackProduct: {
              __typename: 'Product',
              id: 'p-pack',
              name: '20 classes',
              description: '',
              priceCents: 34000,
              active: true,
              packClasses: 20,
              packValidDays: 180,
            },
          },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New class pack' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '20 classes' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '340' } });
    fireEvent.change(within(dialog).getByLabelText(/^Classes/), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add class pack' }));
    expect(await within(dialog).findByText('Between 1 and 200.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Classes/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Valid for/), { target: { value: '180' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add class pack' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'CreateClassPackProduct')?.variables).toEqual({
      input: { name: '20 classes', description: '', priceCents: 34000, classes: 20, validDays: 180, active: true },
    });
  });
});

describe('usageText', () => {
  it('reads as a count in the table and as a sentence on a card', () => {
    expect([usageText(maya), usageText(sam)]).toEqual(['3 of 8', '5 · unlimited']);
    expect([usageText(maya, { sentence: true }), usageText(sam, { sentence: true })]).toEqual([
      '3 of 8 classes used',
      '5 classes used (unlimited)',
    ]);
    expect(usageText(row({ usedThisPeriod: 1, plan: { ...sam.plan } }), { sentence: true })).toBe('1 class used (unlimited)');
  });
});

describe('periodText', () => {
  it('says when a membership renews or ended, and names a duplicate subscription as refunded', () => {
    expect(periodText(maya)).toMatch(/^Renews /);
    expect(periodText(row({ status: 'canceled', canceledAt: '2030-01-05T12:00:00.000Z' }))).toMatch(/^Ended Jan 5, 2030$/);
    expect(periodText(row({ status: 'canceled', duplicate: true, canceledAt: '2030-01-05T12:00:00.000Z' }))).toBe(
      'Duplicate, refunded Jan 5, 2030',
    );
  });
});
