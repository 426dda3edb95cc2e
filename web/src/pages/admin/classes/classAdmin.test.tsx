import { parseDollars } from '@studio/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gqlError, renderApp, type Answer, type RecordedOperation } from '../../../../test/utils';
import type { AdminClassRowFragment, SeriesRowFragment } from './classAdmin.generated';
import { EditClassDialog } from './ClassDialogs';
import { EditSeriesDialog } from './SeriesDialogs';
import { SeriesForm } from './SeriesForm';
import { SeriesTab } from './SeriesTab';
import { problemsOf } from '../../../app/forms';
import { allowedScope, classChanges, classEditForm, editValuesOf, type ClassEditValues } from './classEditRules';
import { classTypeForm, classTypeInput, EMPTY_CLASS_TYPE, type ClassTypeValues } from './classTypeRules';
import {
  initialSeries,
  seriesChanges,
  seriesDates,
  seriesEditForm,
  seriesEditValuesOf,
  seriesForm,
  seriesInput,
  toggleWeekday,
  weekdayNames,
  type SeriesEditValues,
  type SeriesValues,
} from './seriesRules';
import { addDays, todayIso } from '../../../app/dates';

// Each form's schema, asked the way the form shows its problems: the first message per field.
const validateSeries = (v: SeriesValues, classType?: { defaultInstructor: { id: string } | null }) =>
  problemsOf(
    seriesForm(() => classType),
    v,
  );
const validateClassType = (v: ClassTypeValues) => problemsOf(classTypeForm, v);
const validateClassEdit = (v: ClassEditValues, spotsTaken: number) => problemsOf(classEditForm(spotsTaken), v);
const validateSeriesEdit = (v: SeriesEditValues, row: SeriesRowFragment, today: string) => problemsOf(seriesEditForm(row, today), v);

jest.setTimeout(20_000);

describe('weekly series rules (pure)', () => {
  const base = { ...initialSeries('2030-01-07'), blueprintId: 'b1', weekdays: [1, 3] };

  it('toggles weekdays and keeps them in order', () => {
    expect(toggleWeekday([], 3)).toEqual([3]);
    expect(toggleWeekday([3], 1)).toEqual([1, 3]);
    expect(toggleWeekday([1, 3], 3)).toEqual([1]);
    expect(toggleWeekday([6], 0)).toEqual([0, 6]);
  });

  it('lists the dates on the chosen weekdays (0 = Sunday)', () => {
    // 2030-01-07 is a Monday.
    expect(seriesDates({ weekdays: [1, 3], startDate: '2030-01-07', endDate: '2030-01-20' })).toEqual([
      '2030-01-07',
      '2030-01-09',
      '2030-01-14',
      '2030-01-16',
    ]);
    expect(seriesDates({ weekdays: [0], startDate: '2030-01-07', endDate: '2030-01-13' })).toEqual(['2030-01-13']);
    expect(seriesDates({ weekdays: [1], startDate: '2030-01-08', endDate: '2030-01-07' })).toEqual([]);
    expect(seriesDates(base)).toHaveLength(16); // eight weeks, two days a week
  });

  it('checks every field with the API’s limits', () => {
    expect(validateSeries(base)).toEqual({});
    expect(validateSeries({ ...base, blueprintId: '', weekdays: [] })).toEqual({
      blueprintId: 'Choose a class type.',
      weekdays: 'Pick at least one weekday.',
    });
    expect(validateSeries({ ...base, startTime: '25:00' }).startTime).toBe('Use a time like 18:30.');
    expect(validateSeries({ ...base, endDate: '2030-01-01' }).endDate).toBe('Must be on or after the first date.');
    expect(validateSeries({ ...base, endDate: '2031-01-09' }).endDate).toBe('At most one year after the first date.');
    expect(validateSeries({ ...base, endDate: '' }).endDate).toBe('Choose the last date.');
    expect(validateSeries({ ...base, capacity: '0' }).capacity).toBe('Between 1 and 200.');
    expect(validateSeries({ ...base, capacity: '2.5' }).capacity).toBe('Enter a whole number.');
    expect(validateSeries({ ...base, weekdays: [5], startDate: '2030-01-07', endDate: '2030-01-09' }).weekdays).toBe(
      'None of these weekdays falls between the two dates.',
    );
    expect(validateSeries(base, { defaultInstructor: null }).instructorId).toBe('This class type has no default instructor: choose one.');
    expect(validateSeries({ ...base, instructorId: 'i1' }, { defaultInstructor: null })).toEqual({});
  });

  it('leaves out the optional instructor and capacity unless given', () => {
    expect(seriesInput(base)).toEqual({
      blueprintId: 'b1',
      weekdays: [1, 3],
      startTime: '18:00',
      startDate: '2030-01-07',
      endDate: '2030-03-03',
    });
    expect(seriesInput({ ...base, instructorId: 'i2', capacity: ' 8 ' })).toMatchObject({ instructorId: 'i2', capacity: 8 });
  });
});

describe('class type rules (pure)', () => {
  it('reads prices as dollars and sends cents', () => {
    expect(parseDollars('28')).toBe(2800);
    expect(parseDollars('$28.5')).toBe(2850);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('28.505')).toBeNull();
    expect(parseDollars('free')).toBeNull();
    expect(classTypeInput({ ...EMPTY_CLASS_TYPE, name: ' Lyra Flow ', apparatusId: 'a1', price: '30.00' })).toMatchObject({
      name: 'Lyra Flow',
      dropInPriceCents: 3000,
      level: 1,
      defaultInstructorId: null,
    });
  });

  it('validates like the API', () => {
    const errors = validateClassType({ ...EMPTY_CLASS_TYPE, durationMinutes: '10', defaultCapacity: '500', price: 'abc', level: '7' });
    expect(errors).toEqual({
      name: 'Give the class type a name.',
      apparatusId: 'Choose an apparatus.',
      level: 'Between 1 and 5.',
      durationMinutes: 'Between 15 and 300 minutes.',
      defaultCapacity: 'Between 1 and 200.',
      price: 'Enter an amount like 28 or 28.50 (0 for free).',
    });
    expect(validateClassType({ ...EMPTY_CLASS_TYPE, name: 'Silks', apparatusId: 'a1' })).toEqual({});
  });
});

const classTypes: Answer = {
  data: {
    classBlueprints: {
      __typename: 'ClassBlueprintPage',
      total: 2,
      page: 1,
      pageSize: 100,
      items: [
        {
          __typename: 'ClassBlueprint',
          id: 'b1',
          name: 'Silks Intro',
          description: '',
          level: 1,
          durationMinutes: 75,
          defaultCapacity: 6,
          dropInPriceCents: 2800,
          price: '$28.00',
          usesRigPoints: true,
          isActive: true,
          apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
          defaultInstructor: { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' },
        },
        {
          __typename: 'ClassBlueprint',
          id: 'b2',
          name: 'Open Training',
          description: '',
          level: 2,
          durationMinutes: 60,
          defaultCapacity: 10,
          dropInPriceCents: 0,
          price: '$0.00',
          usesRigPoints: false,
          isActive: true,
          apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
          defaultInstructor: null,
        },
      ],
    },
  },
};
const choices: Answer = {
  data: {
    apparatuses: [{ __typename: 'Apparatus', id: 'a1', name: 'Silks', description: '', sortOrder: 1, rigPoints: [] }],
    instructors: [
      { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' },
      { __typename: 'PersonSummary', id: 'i2', name: 'Theo Marsh' },
    ],
  },
};
const seriesRow = {
  __typename: 'ClassSeries',
  id: 's1',
  status: 'active',
  weekdays: [1, 3],
  startTime: '18:00',
  startDate: '2030-01-07',
  endDate: '2030-03-03',
  capacity: 6,
  scheduledClasses: 16,
  upcomingClasses: 12,
  nextClassDate: '2030-01-21',
  cancelledAt: null,
  instructor: { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' },
  blueprint: {
    __typename: 'ClassBlueprint',
    id: 'b1',
    name: 'Silks Intro',
    level: 1,
    durationMinutes: 75,
    apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
  },
} as SeriesRowFragment;

const closures: Answer = {
  data: { studioClosures: [{ __typename: 'StudioClosure', id: 'x1', date: '2030-01-09', reason: 'Studio maintenance' }] },
};

function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

function renderSeries(createAnswer: Answer | ((op: RecordedOperation) => Answer)) {
  const onView = jest.fn();
  const onDone = jest.fn();
  const rendered = renderApp(<SeriesForm onViewSeries={onView} onDone={onDone} />, {
    handlers: { ClassTypes: classTypes, ClassAdminChoices: choices, StudioClosures: closures, CreateClassSeries: createAnswer },
  });
  return { ...rendered, onView, onDone };
}

function fillSeries() {
  pick('Class type', 'Silks Intro');
  fireEvent.click(screen.getByRole('button', { name: 'Mon' }));
  fireEvent.click(screen.getByRole('button', { name: 'Wed' }));
  fireEvent.change(screen.getByLabelText(/^First date/), { target: { value: '2030-01-07' } });
  fireEvent.change(screen.getByLabelText(/^Last date/), { target: { value: '2030-01-20' } });
  fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '18:30' } });
}

describe('the new weekly series form', () => {
  it('shows what is missing before asking the server', async () => {
    const { calls } = renderSeries({ data: {} });
    await waitFor(() => expect(calls.some((c) => c.operationName === 'ClassTypes')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('Choose a class type.')).toBeInTheDocument();
    expect(screen.getByText('Pick at least one weekday.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'CreateClassSeries')).toBe(false);
  });

  it('selects weekdays with chips, previews the count with closures, and sends the series', async () => {
    const created: Answer = {
      data: {
        createClassSeries: {
          __typename: 'SeriesResult',
          series: {
            ...seriesRow,
            id: 's9',
            weekdays: [1, 3],
            startTime: '18:30',
            startDate: '2030-01-07',
            endDate: '2030-01-20',
            capacity: 6,
          },
          instances: ['2030-01-07', '2030-01-14', '2030-01-16'].map((date, i) => ({ __typename: 'ClassInstance', id: `n${i}`, date })),
          skippedDates: ['2030-01-09'],
        },
      },
    };
    const { calls, onView } = renderSeries(created);
    await waitFor(() => expect(calls.some((c) => c.operationName === 'ClassTypes')).toBe(true));
    await screen.findByText(/Choose one or more days/);
    fillSeries();

    const monday = screen.getByRole('button', { name: 'Mon' });
    expect(monday).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Tue' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Tue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tue' }));
    expect(screen.getByRole('button', { name: 'Tue' })).toHaveAttribute('aria-pressed', 'false');

    // Four dates match; one falls on a closure.
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    expect(within(preview).getByText('3')).toBeInTheDocument();
    expect(within(preview).getByText(/Wed, Jan 9 — Studio maintenance/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('3 classes created')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'CreateClassSeries')?.variables).toEqual({
      input: { blueprintId: 'b1', weekdays: [1, 3], startTime: '18:30', startDate: '2030-01-07', endDate: '2030-01-20' },
    });
    expect(screen.getByText('1 date skipped for studio closures')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dates skipped' })).getByText('Wed, Jan 9')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dates created' })).getAllByRole('listitem')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'View in Classes table' }));
    expect(onView).toHaveBeenCalledWith('s9');
  });

  it('goes back to the list of series without creating anything', async () => {
    const { calls, onDone } = renderSeries({ data: {} });
    await screen.findByText(/Choose one or more days/);
    fireEvent.click(screen.getByRole('button', { name: 'Back to all series' }));
    expect(onDone).toHaveBeenCalled();
    expect(calls.some((c) => c.operationName === 'CreateClassSeries')).toBe(false);
  });

  it('shows the server’s field messages next to their inputs', async () => {
    const { calls } = renderSeries(
      gqlError('BAD_USER_INPUT', 'Choose an instructor (this class type has no default).', {
        instructorId: 'Choose an instructor (this class type has no default).',
        endDate: 'At most one year after the first date.',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.operationName === 'ClassTypes')).toBe(true));
    await screen.findByText(/Choose one or more days/);
    fillSeries();
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    const lastDate = screen.getByLabelText(/^Last date/);
    await waitFor(() => expect(lastDate).toHaveAccessibleDescription('At most one year after the first date.'));
    expect(screen.getByText('Choose an instructor (this class type has no default).')).toBeInTheDocument();
  });
});

const row = {
  __typename: 'ClassInstance',
  id: 'c1',
  date: '2030-01-07',
  startTime: '18:00',
  endTime: '19:15',
  status: 'scheduled',
  capacity: 6,
  spotsTaken: 4,
  spotsLeft: 2,
  waitlistLength: 0,
  notes: '',
  series: { __typename: 'ClassSeries', id: 's1' },
  blueprint: {
    __typename: 'ClassBlueprint',
    id: 'b1',
    name: 'Silks Intro',
    level: 1,
    apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
  },
  instructor: { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' },
} as AdminClassRowFragment;

describe('editing a class: this class only, or this and following', () => {
  it('sends only what changed, and refuses capacity below the spots taken', () => {
    const original = editValuesOf(row);
    expect(classChanges(original, { ...original, capacity: '8', notes: 'Bring grip aid' })).toEqual({
      capacity: 8,
      notes: 'Bring grip aid',
    });
    expect(classChanges(original, original)).toEqual({});
    expect(validateClassEdit({ ...original, capacity: '3' }, 4).capacity).toBe('At least 4: that many spots are taken.');
    expect(allowedScope('THIS_AND_FOLLOWING', true)).toBe('THIS_AND_FOLLOWING');
    expect(allowedScope('THIS_AND_FOLLOWING', false)).toBe('THIS');
  });

  function renderEdit(klass: AdminClassRowFragment) {
    const onClose = jest.fn();
    const updated = (op: RecordedOperation): Answer => ({
      data: {
        updateClassInstance: [
          { ...klass, capacity: (op.variables.input as { capacity?: number }).capacity ?? klass.capacity },
          { ...klass, id: 'c2', date: '2030-01-14' },
        ],
      },
    });
    const rendered = renderApp(<EditClassDialog row={klass} onClose={onClose} />, {
      handlers: { ClassAdminChoices: choices, UpdateClassInstance: updated },
    });
    return { ...rendered, onClose };
  }

  it('applies a change to this and the following classes of the series when chosen', async () => {
    const { calls, onClose } = renderEdit(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit class' });
    expect(within(dialog).getByRole('radio', { name: /This class only/ })).toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /This and following classes/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'UpdateClassInstance')?.variables).toEqual({
      id: 'c1',
      input: { capacity: 8 },
      scope: 'THIS_AND_FOLLOWING',
    });
    expect(await screen.findByText('2 classes updated')).toBeInTheDocument();
  });

  it('edits only this class by default (and always, outside a series)', async () => {
    const { calls, onClose } = renderEdit({ ...row, series: null });
    const dialog = await screen.findByRole('dialog', { name: 'Edit class' });
    expect(within(dialog).getByRole('radio', { name: /This and following classes/ })).toBeDisabled();
    expect(within(dialog).getByText('This class is not part of a weekly series.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'UpdateClassInstance')?.variables).toEqual({
      id: 'c1',
      input: { startTime: '18:30' },
      scope: 'THIS',
    });
  });

  it('says so when nothing changed, and checks capacity against the spots taken', async () => {
    const { calls } = renderEdit(row);
    const dialog = await screen.findByRole('dialog', { name: 'Edit class' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Nothing has changed yet.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('At least 4: that many spots are taken.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'UpdateClassInstance')).toBe(false);
  });
});

describe('weekly series as a whole', () => {
  it('edit rules: only what changed, the API’s limits, and a last date from today', () => {
    const original = seriesEditValuesOf(seriesRow);
    expect(weekdayNames([5, 1, 3])).toBe('Mon, Wed & Fri');
    expect(seriesChanges(original, original)).toEqual({});
    expect(seriesChanges(original, { ...original, capacity: '8', endDate: '2030-02-24' })).toEqual({ capacity: 8, endDate: '2030-02-24' });
    expect(validateSeriesEdit(original, seriesRow, '2030-01-20')).toEqual({});
    expect(validateSeriesEdit({ ...original, startTime: '23:00' }, seriesRow, '2030-01-20').startTime).toBe(
      'Too late for a class of this length.',
    );
    expect(validateSeriesEdit({ ...original, capacity: '0' }, seriesRow, '2030-01-20').capacity).toBe('Between 1 and 200.');
    expect(validateSeriesEdit({ ...original, endDate: '2030-01-10' }, seriesRow, '2030-01-20').endDate).toBe('Today or later.');
    expect(validateSeriesEdit({ ...original, endDate: '2030-01-01' }, seriesRow, '2030-01-20').endDate).toBe(
      'Must be on or after the first date.',
    );
    expect(validateSeriesEdit({ ...original, endDate: '2031-02-01' }, seriesRow, '2030-01-20').endDate).toBe(
      'At most one year after the first date.',
    );
  });

  const page = (items: SeriesRowFragment[]): Answer => ({
    data: { adminClassSeries: { __typename: 'ClassSeriesPage', total: items.length, page: 1, pageSize: 25, items } },
  });

  it('lists active series by default with their classes to come, and opens the form for a new one', async () => {
    const onView = jest.fn();
    const { calls } = renderApp(<SeriesTab onViewSeries={onView} />, {
      route: '/admin/classes?tab=series',
      handlers: {
        AdminClassSeries: page([seriesRow, { ...seriesRow, id: 's2', status: 'cancelled', upcomingClasses: 0, nextClassDate: null }]),
        ClassAdminChoices: choices,
        ClassTypes: classTypes,
        StudioClosures: closures,
      },
    });
    expect(await screen.findByText('12 to come')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdminClassSeries')?.variables).toMatchObject({
      status: 'active',
      sortField: 'startDate',
      sortDirection: 'DESC',
      page: 1,
    });
    expect(screen.getByText('2 series')).toBeInTheDocument();
    expect(screen.getAllByText('6:00 PM · 75 min · 6 spots').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /^Edit Silks Intro/ })[1]).toBeDisabled();
    fireEvent.click(screen.getAllByRole('button', { name: /^Classes of Silks Intro/ })[0]);
    expect(onView).toHaveBeenCalledWith('s1');
    fireEvent.click(screen.getByRole('button', { name: 'New series' }));
    expect(await screen.findByRole('heading', { name: 'New weekly series' })).toBeInTheDocument();
  });

  it('edits a series: sends only the changes and warns when an earlier last date cancels classes', async () => {
    const onClose = jest.fn();
    // A series running from today for eight weeks; the last date moves a month earlier.
    const today = todayIso();
    const { calls } = renderApp(
      <EditSeriesDialog row={{ ...seriesRow, startDate: today, endDate: addDays(today, 55) }} onClose={onClose} />,
      {
        handlers: {
          ClassAdminChoices: choices,
          UpdateClassSeries: (op) => ({ data: { updateClassSeries: { ...seriesRow, ...(op.variables.input as object) } } }),
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit series' });
    expect(within(dialog).getByText(/apply to the 12 classes of this series not yet started/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save series' }));
    expect(await within(dialog).findByText('Nothing has changed yet.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Last date'), { target: { value: addDays(today, 27) } });
    expect(within(dialog).getByText(/Classes after .* are cancelled/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save series' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'UpdateClassSeries')?.variables).toEqual({
      id: 's1',
      input: { capacity: 9, endDate: addDays(today, 27) },
    });
    expect(await screen.findByText('Series updated')).toBeInTheDocument();
  });
});
